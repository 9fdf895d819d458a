"""In a checkout only umbral's own packages import as ``umbral.*``.

The checkout keeps ``metrics/``, ``data/`` and ``scenes/`` beside ``umbral/``; installed, they
sit inside it (pyproject.toml's package-dir, held by tests/test_packaging.py). umbral/__init__.py
maps exactly those three names to the checkout's folders, so the repository's other folders and
scripts (``tests``, ``benchmarks``, ``render.py``, ``umbral/`` itself) never import as
``umbral.tests``, ``umbral.benchmarks``, ``umbral.render`` or ``umbral.umbral``.

Each check runs in a fresh interpreter from the checkout, both as the test environment has it
(with the editable install's finder) and with only umbral's own finder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REAL = ("umbral", "umbral.metrics", "umbral.data", "umbral.scenes", "umbral.metrics.point",
        "umbral.data.validate", "umbral.scenes.publish", "umbral.scenes.numbers")
LEAKS = ("umbral.tests", "umbral.render", "umbral.benchmarks", "umbral.umbral")

# Imports each name and prints, as JSON, name -> the module's file or the exception's type.
PROBE = """
import importlib, json, sys
if {only_umbral}:
    # The editable install's finder maps umbral.metrics too: drop it to see umbral's own at work.
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__module__.lower()]
{before}
found = {{}}
for name in {names!r}:
    try:
        found[name] = getattr(importlib.import_module(name), "__file__", None)
    except ImportError as error:
        found[name] = type(error).__name__
import umbral.metrics.point
point = sys.modules["umbral.metrics.point"]
found["same object"] = sys.modules["umbral.metrics"].point is umbral.metrics.point is point
stray = ("metrics", "data", "scenes", "render", "tests", "benchmarks")
found["top level"] = sorted(name for name in stray if name in sys.modules)
print(json.dumps(found))
"""


def probe(names, *, only_umbral: bool, before: str = "") -> dict:
    code = PROBE.format(names=tuple(names), only_umbral=only_umbral, before=before)
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("only_umbral", [False, True], ids=["as-installed-for-tests", "umbral-finder-alone"])
def test_only_umbrals_packages_import_as_umbral(only_umbral):
    found = probe([*REAL, *LEAKS], only_umbral=only_umbral)
    for name in LEAKS:
        assert found[name] == "ModuleNotFoundError", f"{name} imported from {found[name]}"
    for name in REAL:
        relative = name.removeprefix("umbral.").replace(".", "/")
        expected = ROOT / ("umbral" if name == "umbral" else relative)
        assert found[name] in (str(expected / "__init__.py"), str(expected) + ".py"), (name, found[name])
    assert found["same object"] is True
    assert found["top level"] == []


def test_the_check_sees_a_leak():
    # The old way (the checkout's root on umbral's path) lets every leak import: the check above would fail.
    before = "import umbral; umbral.__path__.append(str(__import__('pathlib').Path(umbral.__file__).parents[1]))"
    found = probe(LEAKS, only_umbral=True, before=before)
    assert all(found[name] != "ModuleNotFoundError" for name in LEAKS), found


SPAWNED = """
import multiprocessing, sys
import umbral.metrics.point as point
if __name__ == "__main__":
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__module__.lower()]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        # The function is pickled by name: the worker imports umbral.metrics.point afresh.
        print(pool.apply(point.precision, (3, 1)))
"""


def test_a_spawned_worker_finds_umbrals_modules_by_name(tmp_path):
    script = tmp_path / "spawned.py"
    script.write_text(SPAWNED, encoding="utf-8")
    result = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip() == "0.75"
