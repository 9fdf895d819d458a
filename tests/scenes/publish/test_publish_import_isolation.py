"""The publishing modules that do not render import neither Manim nor manim-slides.

So planning, the up-to-date check, the config, the gallery and the subtitles
run (and `render` finds everything up to date) without paying for Manim.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[3]
LIGHT = tuple(f"umbral.{name}" for name in (
    "scenes.palette", "scenes.publish.manifest", "scenes.publish.plan", "scenes.publish.render_run",
    "scenes.publish.config", "scenes.publish.gallery", "scenes.publish.posters", "scenes.publish.subtitles",
    "scenes.publish.registry", "scenes.publish.watch", "scenes.publish.progress", "scenes.publish.runner",
    "scenes.publish.media_convert", "scenes.publish.lab", "scenes.publish.lab_data", "scenes.publish.lab_page",
    "scenes.lab_strings"))
HEAVY = ("manim", "manim_slides", "pandas", "sklearn")


def loaded_after_import(modules: tuple[str, ...], tmp_path: Path) -> list[str]:
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    # From tmp_path and without .pyc files, so the test writes nothing in the repo.
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    return [name for name in result.stdout.strip().split(",") if name]


@pytest.mark.parametrize("module", LIGHT)
def test_module_stays_light(module, tmp_path):
    assert loaded_after_import((module,), tmp_path) == []


def test_the_check_sees_manim(tmp_path):
    assert "manim" in loaded_after_import(("umbral.scenes.style",), tmp_path)
