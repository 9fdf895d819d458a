"""A failed run leaves OUT as it was: every file a run places is put back if the run fails.

:func:`undoable` opens a journal (a hidden folder inside OUT, so old files are kept by a hard
link rather than a copy); :func:`remember` is called by ``runner.atomic_target`` before it
places a file, in this process or in a render worker (the journal's path travels in the
environment). If the block raises, every file placed is restored to its old content or removed
when it is new, with the folders the run created; either way the journal is deleted.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
from contextlib import contextmanager
from pathlib import Path

__all__ = ["JOURNAL_PREFIX", "recover", "remember", "undoable"]

#: The journal's folder name starts with this (hidden, and skipped by the gallery).
JOURNAL_PREFIX = ".umbral-undo-"
_ENV = "UMBRAL_UNDO_JOURNAL"


@contextmanager
def undoable(out_dir: Path, name: str | None = None):
    """Run the block; if it raises (or is interrupted), put every file it placed back as it was.

    ``name`` gives the journal a fixed name (one batch job's), so that if the process dies
    mid-block, :func:`recover` can put things back from another process.
    """
    out_dir = Path(out_dir)
    if os.environ.get(_ENV):  # nested: the outer journal already covers it
        yield
        return
    new_out = _missing_ancestors(out_dir / "x")
    # Made by the first file placed (a run that writes nothing creates no OUT).
    journal = out_dir.absolute() / f"{JOURNAL_PREFIX}{name or f'{os.getpid()}-{secrets.token_hex(4)}'}"
    os.environ[_ENV] = str(journal)
    try:
        yield
    except BaseException:
        _restore(journal, new_out)
        raise
    finally:
        os.environ.pop(_ENV, None)
        shutil.rmtree(journal, ignore_errors=True)


def recover(out_dir: Path, name: str) -> bool:
    """Undo what a block journalled as ``name`` placed before its process died; True if there was a journal."""
    journal = Path(out_dir).absolute() / f"{JOURNAL_PREFIX}{name}"
    if not journal.is_dir():
        return False
    _restore(journal, [])
    return True


def remember(final: Path) -> None:
    """Record ``final``'s state before it is replaced (once per run; no-op outside :func:`undoable`)."""
    journal = os.environ.get(_ENV)
    if not journal:
        return
    final = Path(final).absolute()
    new_dirs = _missing_ancestors(final)
    Path(journal).mkdir(parents=True, exist_ok=True)
    entry = Path(journal) / hashlib.sha256(str(final).encode()).hexdigest()[:32]
    record = entry.with_suffix(".json")
    if record.exists():  # placed earlier in this run: its state before the run is already kept
        return
    existed = final.is_file()
    if existed:
        try:
            os.link(final, entry)
        except OSError:  # a filesystem without hard links
            shutil.copy2(final, entry)
    record.write_text(json.dumps({"path": str(final), "existed": existed,
                                  "new_dirs": [str(d) for d in new_dirs]}), encoding="utf-8")


def _missing_ancestors(path: Path) -> list[Path]:
    """The folders above ``path`` that do not exist yet, deepest first."""
    missing = []
    for parent in Path(path).absolute().parents:
        if parent.exists():
            break
        missing.append(parent)
    return missing


def _restore(journal: Path, new_out: list[Path]) -> None:
    """Put back every file the journal recorded, then remove the folders the run created (if empty)."""
    new_dirs = list(new_out)
    for record in sorted(journal.glob("*.json")) if journal.is_dir() else ():
        state = json.loads(record.read_text(encoding="utf-8"))
        final = Path(state["path"])
        backup = record.with_suffix("")
        if state["existed"] and backup.exists():
            os.replace(backup, final)
        else:
            final.unlink(missing_ok=True)
        new_dirs += [Path(d) for d in state["new_dirs"]]
    shutil.rmtree(journal, ignore_errors=True)
    for folder in sorted(set(new_dirs), key=lambda d: len(d.parts), reverse=True):
        try:
            folder.rmdir()
        except OSError:  # not empty (something else is in it) or already gone
            pass
