"""The import graph runs one way: data -> metrics -> scenes -> scenes.publish -> the umbral package.

A module never imports from a package later in the chain, so the metrics core
knows nothing of drawing and nothing that draws knows how files are published.
Every import of umbral's own code names it ``umbral.<package>``: a top-level
``metrics``, ``data``, ``scenes`` or ``render`` would be a lecturer's file of that name.
Two rules are checked in a fresh interpreter, by what lands in ``sys.modules``: metrics/
loads no printing or terminal library, and the lesson-number modules never load Manim.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHAIN = ("umbral.data", "umbral.metrics", "umbral.scenes", "umbral.scenes.publish", "umbral")
#: Folder of the checkout -> the package it is once installed.
PACKAGES = {"data": "umbral.data", "metrics": "umbral.metrics", "scenes": "umbral.scenes", "umbral": "umbral"}
OLD_NAMES = ("metrics", "data", "scenes", "render")


def layer_of(module: str) -> str | None:
    """The package of the chain that ``module`` belongs to (the longest matching prefix), or None."""
    matches = [name for name in CHAIN if module == name or module.startswith(name + ".")]
    return max(matches, key=len) if matches else None


def imported_modules(path: Path) -> set[str]:
    """Every module an ``import`` or ``from ... import`` in ``path`` names, at any depth (lazy imports too)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def module_name(path: Path) -> str:
    """The installed name of a file of the checkout: metrics/point.py -> umbral.metrics.point."""
    folder, *rest = path.relative_to(ROOT).with_suffix("").parts
    return ".".join([PACKAGES[folder], *rest]).removesuffix(".__init__")


def sources():
    return [path for folder in PACKAGES for path in sorted((ROOT / folder).rglob("*.py"))]


def every_python_file():
    skip = {".venv", "out", "media", ".git"}
    return sorted(path for path in ROOT.rglob("*.py") if not skip & set(path.relative_to(ROOT).parts))


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_imports_a_later_layer(path):
    module = module_name(path)
    own = CHAIN.index(layer_of(module))
    later = sorted(name for name in imported_modules(path)
                   if layer_of(name) and CHAIN.index(layer_of(name)) > own)
    assert not later, f"{module} ({CHAIN[own]}) imports {later}, which belong to a later layer"


def test_nothing_imports_umbral_by_its_old_top_level_names():
    old = {str(path.relative_to(ROOT)): sorted(name for name in imported_modules(path)
                                                if name.split(".")[0] in OLD_NAMES)
           for path in every_python_file()}
    assert {file: names for file, names in old.items() if names} == {}


def test_the_check_sees_a_backward_import_and_an_old_name(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from umbral.scenes.publish.runner import render_scene\n    import metrics.point\n",
                   encoding="utf-8")
    assert {"umbral.scenes.publish.runner", "metrics.point"} <= imported_modules(bad)
    assert layer_of("umbral.scenes.publish.runner") == "umbral.scenes.publish"
    assert layer_of("umbral.scenes.style") == "umbral.scenes" and layer_of("umbral.cli") == "umbral"
    assert module_name(ROOT / "scenes" / "publish" / "runner.py") == "umbral.scenes.publish.runner"


#: Printing and terminal libraries: metrics/ computes numbers, the command line's layer writes them.
TERMINAL_LIBRARIES = ("click", "rich", "tabulate", "colorama", "prompt_toolkit", "curses")
#: Where each lesson's numbers come from: the scene, the report and the lab read these, none of them draws.
LESSON_MODULES = ("umbral.metrics.calibration_lesson", "umbral.metrics.choice", "umbral.metrics.compare",
                  "umbral.scenes.facts", "umbral.scenes.publish.lab_data", "umbral.scenes.publish.lab_calibration")


def loaded_by(modules, watched) -> list[str]:
    """The ``watched`` top-level modules in ``sys.modules`` after a fresh interpreter imports ``modules``."""
    code = ("import importlib, json, sys\n"
            f"for name in {sorted(modules)!r}:\n    importlib.import_module(name)\n"
            f"print(json.dumps([m for m in {list(watched)!r} if m in sys.modules]))")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def modules_under(folder: str) -> list[str]:
    return [module_name(path) for path in sorted((ROOT / folder).rglob("*.py"))]


def test_metrics_imports_no_printing_or_terminal_library():
    assert loaded_by(modules_under("metrics"), TERMINAL_LIBRARIES) == []


def test_the_lesson_numbers_never_load_manim():
    assert loaded_by([*modules_under("scenes/numbers"), *LESSON_MODULES], ("manim",)) == []


def test_both_checks_see_a_module_that_loads_what_they_forbid():
    assert loaded_by(["umbral.metrics.point", "umbral.cli"], TERMINAL_LIBRARIES) == ["click"]
    assert loaded_by(["umbral.scenes.numbers.number_formats", "umbral.scenes.components.cost_plot"],
                     ("manim",)) == ["manim"]
