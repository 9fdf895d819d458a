"""The one check every output path passes: it lies inside OUT, whatever the data's names say."""

from __future__ import annotations

from pathlib import Path

from umbral.data.dataset import DataError, is_folder_name


def inside(out_dir: Path, dataset: str, *parts: str) -> Path:
    """``OUT/<dataset>/<parts...>``, refused unless it resolves to a place inside ``out_dir``.

    ``dataset`` must be a folder name (:func:`umbral.data.dataset.folder_name` makes
    one from any text); the resolved path is compared with the resolved OUT,
    so neither ``..`` nor an absolute name nor a symlink leads elsewhere.
    """
    if not is_folder_name(dataset):
        raise DataError(f"dataset name {dataset!r} cannot name a folder inside «out»; "
                        "give the data a plain name (letters, digits, hyphens)")
    root = Path(out_dir).resolve()
    path = Path(out_dir, dataset, *parts)
    if not path.resolve().is_relative_to(root):
        raise DataError(f"{path} would be written outside «out={out_dir}»; remove the link or choose another «out»")
    return path


def out_dir_problem(out_dir: Path | str) -> str | None:
    """Why umbral may not write in ``out_dir`` (it is made if missing), or None.

    Checked before any work, so a read-only folder or a path through a file
    fails in one line and leaves nothing behind.
    """
    import os

    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        return f"«out={out_dir}» is a file, not a folder; choose a folder (it is made if missing)"
    existing = out_dir
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        return f"«out={out_dir}» goes through the file {existing}; choose a folder path"
    if not os.access(existing, os.W_OK | os.X_OK):
        where = f"«out={out_dir}»" if existing == out_dir else f"«out={out_dir}»: its folder {existing}"
        return f"{where} cannot be written (no permission); choose another «out» or make it writable"
    return None
