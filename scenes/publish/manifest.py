"""Know what is up to date without importing Manim or loading the data.

Every output folder ``OUT/<dataset>/<lang>/`` keeps a ``manifest.json``: for
each output file, the scene, the render options, the sha256 of the data it
read (file contents, never mtimes), a hash of the code that drew it and the
sha256 of the file itself. A render is skipped only when all four still
match, so an edited data file, an edited scene or component, or an output
deleted or changed by hand each cause exactly that output to be rebuilt.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

__all__ = [
    "DATASETS_FILE",
    "MANIFEST_FILE",
    "code_hash",
    "data_fingerprint",
    "study_fingerprint",
    "file_sha256",
    "is_up_to_date",
    "load_json",
    "record",
    "save_json",
]

MANIFEST_FILE = "manifest.json"
#: OUT/datasets.json: data fingerprint -> dataset name, title and key numbers.
DATASETS_FILE = "datasets.json"

#: The folder holding metrics/, data/ and scenes/: the checkout, or site-packages/umbral once installed.
ROOT = Path(__file__).resolve().parents[2]
# Code every scene depends on; a scene adds its own module file.
_SHARED_CODE = ("scenes/components", "scenes/numbers", "scenes/base.py", "scenes/palette.py", "scenes/style.py",
                "scenes/strings.py", "scenes/locales", "scenes/facts.py", "scenes/publish/runner.py",
                "scenes/publish/media_convert.py", "scenes/publish/subtitles.py", "metrics")
_DATA_CODE = ("data",)


def file_sha256(path: Path) -> str:
    """sha256 of a file's bytes, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _python_files(relative: str) -> list[Path]:
    path = ROOT / relative
    if path.is_dir():
        return sorted(file for file in path.rglob("*") if file.suffix in (".py", ".toml"))
    return [path] if path.exists() else []


def hash_sources(relatives) -> str:
    """sha256 of the files under ``relatives`` (folders: their .py and .toml files), names and bytes."""
    digest = hashlib.sha256()
    for relative in relatives:
        for path in _python_files(relative):
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def code_hash(scene_module: str) -> str:
    """Hash of a scene's module (``umbral.scenes.<name>``), the shared scene code and the metrics core."""
    own = scene_module.removeprefix("umbral.").replace(".", "/") + ".py"
    return hash_sources((own, *_SHARED_CODE))


def data_fingerprint(source: str, options: dict, builtin: bool) -> str:
    """sha256 naming the data a render reads: file bytes (or built-in name) plus load options and data code.

    Raises ``OSError`` if ``source`` is a path that cannot be read (the caller
    then loads the data normally, which reports the problem clearly).
    """
    digest = hashlib.sha256()
    digest.update(json.dumps({"source": source if builtin else "file", "options": options},
                             sort_keys=True, default=str).encode())
    if not builtin:
        digest.update(file_sha256(Path(source)).encode())
    digest.update(hash_sources(_DATA_CODE).encode())
    return digest.hexdigest()


def study_fingerprint(study) -> str:
    """sha256 naming data given in memory: its numbers (:meth:`~umbral.data.study.Study.content_sha256`), data code."""
    digest = hashlib.sha256(b"study")
    digest.update(study.content_sha256().encode())
    digest.update(hash_sources(_DATA_CODE).encode())
    return digest.hexdigest()


def load_json(path: Path) -> dict:
    """A JSON object from ``path``, or {} if it is missing or unreadable."""
    try:
        value = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def save_json(path: Path, value: dict) -> None:
    """Write JSON atomically (temp file in the same folder, then rename)."""
    from umbral.scenes.publish.runner import atomic_target

    with atomic_target(Path(path)) as temp:
        temp.write_text(json.dumps(value, indent=1, sort_keys=True), encoding="utf-8")


def is_up_to_date(path: Path, scene: str, options: dict, data_sha: str, code_sha: str) -> bool:
    """True when ``path`` exists, is unchanged, and was made from these inputs."""
    entry = load_json(path.parent / MANIFEST_FILE).get(path.name, {})
    if not entry or not path.is_file():
        return False
    same_inputs = (entry.get("scene"), entry.get("options"), entry.get("data_sha256"), entry.get("code_sha256")) == (
        scene, options, data_sha, code_sha)
    if not same_inputs:
        return False
    companions = entry.get("companions", {})
    files = {path.name: entry.get("output_sha256"), **companions}
    return all((path.parent / name).is_file() and file_sha256(path.parent / name) == sha
               for name, sha in files.items())


def record(path: Path, scene: str, options: dict, data_sha: str, code_sha: str, companions=()) -> None:
    """Remember how ``path`` (and files made with it, e.g. subtitles) was produced."""
    manifest_path = path.parent / MANIFEST_FILE
    manifest = load_json(manifest_path)
    manifest[path.name] = {
        "scene": scene,
        "options": options,
        "data_sha256": data_sha,
        "code_sha256": code_sha,
        "output_sha256": file_sha256(path),
        "companions": {Path(c).name: file_sha256(Path(c)) for c in companions},
    }
    save_json(manifest_path, manifest)
