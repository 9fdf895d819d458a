"""Write the lab, ``OUT/<dataset>/<lang>/lab.html``: one offline page, the verified numbers inline.

No Manim: the numbers come from :mod:`umbral.scenes.publish.lab_data`, the page from
:mod:`umbral.scenes.publish.lab_page`. A render of the whole lecture writes it too, and records it
in the manifest like any output, so it is rewritten only when its data or code changed.
"""

from __future__ import annotations

from pathlib import Path

from umbral.scenes.publish import manifest
from umbral.scenes.publish.inside import inside
from umbral.scenes.publish.lab_page import SCRIPTS, render_lab_page

__all__ = ["LAB_FILE", "LAB_FILES", "LAB_SCENE", "is_fresh", "lab_code_hash", "lab_options", "lab_path", "write_lab"]

LAB_FILE = "lab.html"
#: The lab's file name per theme.
LAB_FILES = {"dark": LAB_FILE, "light": "lab-light.html"}
#: The lab's name in manifests (in place of a scene's).
LAB_SCENE = "Lab"
# What the page is made of, besides the metrics core: its numbers, page, assets and words.
_LAB_CODE = ("scenes/publish/lab.py", "scenes/publish/lab_data.py", "scenes/publish/lab_calibration.py",
             "scenes/publish/lab_page.py",
             "scenes/publish/lab/lab.html", "scenes/publish/lab/lab.css",
             *(f"scenes/publish/lab/{name}" for name in SCRIPTS),
             "scenes/lab_strings.py", "scenes/strings.py", "scenes/locales", "scenes/palette.py", "metrics")


def lab_path(out_dir: Path, dataset_name: str, lang: str, theme: str = "dark") -> Path:
    """Where the lab for ``dataset_name`` in ``lang`` goes: ``lab.html``, or ``lab-light.html`` in the light theme."""
    return inside(out_dir, dataset_name, lang, LAB_FILES[theme])


def lab_code_hash() -> str:
    """Hash of everything the page is made of."""
    return manifest.hash_sources(_LAB_CODE)


def lab_options(cost_fn: float, cost_fp: float, model: str | None, split: str | None, theme: str = "dark",
                overrides: dict | None = None) -> dict:
    """The options that shape the page (recorded in the manifest); ``overrides`` are the lecturer's strings."""
    words = repr(sorted((lang, sorted(table.items())) for lang, table in (overrides or {}).items()))
    return {"cost_fn": cost_fn, "cost_fp": cost_fp, "model": model, "split": split, "theme": theme, "strings": words}


def is_fresh(path: Path, options: dict, data_sha: str | None) -> bool:
    """True when the page at ``path`` was made from this data, these options and this code."""
    return data_sha is not None and manifest.is_up_to_date(path, LAB_SCENE, options, data_sha, lab_code_hash())


def write_lab(study, dataset, lang: str, out_dir: Path, cost_fn: float = 10.0, cost_fp: float = 1.0,
              data_sha: str | None = None, options: dict | None = None, theme: str = "dark",
              overrides: dict | None = None) -> Path:
    """Verify the numbers, build the page and write it atomically; return its path.

    With ``data_sha`` (the data fingerprint) the page is recorded in its folder's manifest
    with ``options`` (see :func:`lab_options`). ``overrides``: the lecturer's strings and class names
    (``{lang: {key: text}}``, see :func:`umbral.scenes.strings.overridden`).
    """
    from umbral.scenes.publish.lab_data import lab_payload
    from umbral.scenes.publish.runner import atomic_target
    from umbral.scenes.strings import overridden

    with overridden(overrides or {}):
        page = render_lab_page(lab_payload(study, dataset, lang, cost_fn, cost_fp), theme)
    path = lab_path(out_dir, dataset.name, lang, theme)
    with atomic_target(path) as temp:
        temp.write_text(page, encoding="utf-8")
    if data_sha is not None:
        options = options or lab_options(cost_fn, cost_fp, None, None, theme, overrides)
        manifest.record(path, LAB_SCENE, options, data_sha, lab_code_hash())
    return path
