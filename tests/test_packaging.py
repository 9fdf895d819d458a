"""An installed umbral is one import name, ``umbral``, and works beside a lecturer's own files.

The wheel is built once for this file from a copy of the checkout; it must hold nothing at
the top of site-packages but ``umbral/`` and its dist-info. Installed into a folder of its
own, it then runs a report and a tiny render from a folder whose ``metrics.py``, ``data.py``,
``scenes.py`` and ``render.py`` raise on import, with that folder first on ``sys.path``
(as a notebook's folder is).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

from tests.ceilings import HANG_SECONDS
from umbral.scenes.publish.lab_page import SCRIPTS

ROOT = Path(__file__).resolve().parents[1]
DECOYS = ("metrics", "data", "scenes", "render")
#: What pip says when no package index offered the build backend (a machine without network).
NO_BACKEND = re.compile(r"requirement setuptools\S* \(from versions: none\)")


def _has_build_backend() -> bool:
    """Whether this environment's own packages meet pyproject's build-system requirements."""
    from packaging.requirements import Requirement

    requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["requires"]
    for line in requires:
        wanted = Requirement(line)
        try:
            if not wanted.specifier.contains(version(wanted.name), prereleases=True):
                return False
        except PackageNotFoundError:
            return False
    return True


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """umbral's wheel, built by pip from a copy of the checkout's tracked sources."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "src"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "control_data")
    for name in ("umbral", "metrics", "data", "scenes"):
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    for name in ("render.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    # pyproject's build backend from this environment when it has it: then pip needs no package index.
    isolation = ["--no-build-isolation"] if _has_build_backend() else []
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-cache-dir", *isolation,
                             str(source), "-w", str(work / "dist")], capture_output=True, text=True,
                            timeout=HANG_SECONDS)
    if result.returncode != 0 and NO_BACKEND.search(result.stderr):
        pytest.skip("pip found no setuptools>=77 to build the wheel with: no package index is reachable from here")
    assert result.returncode == 0, result.stderr
    (built,) = (work / "dist").glob("umbral-*.whl")
    return built


def top_level_names(names: set[str]) -> set[str]:
    return {name.split("/")[0] for name in names}


def test_the_wheel_holds_one_import_name_and_every_module(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(archive.read(n).decode() for n in names if n.endswith("entry_points.txt"))
    dist_info = {name for name in top_level_names(names) if name.endswith(".dist-info")}
    assert top_level_names(names) == {"umbral", *dist_info} and len(dist_info) == 1
    sources = [path for folder in ("metrics", "data", "scenes") for path in (ROOT / folder).rglob("*.py")]
    expected = {f"umbral/{path.relative_to(ROOT)}" for path in sources if "__pycache__" not in path.parts}
    expected |= {f"umbral/{path.name}" for path in (ROOT / "umbral").glob("*.py")}
    assert expected <= names
    # Package data: the locale files and the lab page's template, style and script's parts.
    assert {"umbral/scenes/locales/en.toml", "umbral/scenes/locales/es.toml", "umbral/scenes/publish/lab/lab.html",
            "umbral/scenes/publish/lab/lab.css", *(f"umbral/scenes/publish/lab/{name}" for name in SCRIPTS)} <= names
    assert "umbral = umbral.cli:run" in entry_points


def test_the_check_sees_a_stray_top_level_name():
    assert top_level_names({"umbral/__init__.py", "metrics/point.py", "umbral-0.1.0.dist-info/RECORD"}) == {
        "umbral", "metrics", "umbral-0.1.0.dist-info"}


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The wheel unpacked by pip into a folder of its own (its dependencies come from this environment)."""
    target = tmp_path_factory.mktemp("site")
    result = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-cache-dir",
                             "--target", str(target), str(wheel)], capture_output=True, text=True, timeout=HANG_SECONDS)
    assert result.returncode == 0, result.stderr
    return target


def decoy_folder(path: Path) -> Path:
    """A lecturer's folder whose metrics.py, data.py, scenes.py and render.py raise when imported."""
    path.mkdir()
    for name in DECOYS:
        (path / f"{name}.py").write_text(f'raise ImportError("the lecturer\'s own {name}.py was imported")\n',
                                         encoding="utf-8")
    return path


def run_beside_decoys(code: str, folder: Path, installed: Path) -> subprocess.CompletedProcess:
    # `python -c` puts the working folder first on sys.path; the installed wheel comes next, ahead
    # of the checkout's editable install, so the wheel's files are the ones that run.
    env = {**os.environ, "PYTHONPATH": str(installed), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-c", code], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=HANG_SECONDS)


REPORT_AND_RENDER = """
import json, sys
from pathlib import Path
import umbral
from umbral.cli import main

assert Path(umbral.__file__).parent == Path({installed!r}) / "umbral", umbral.__file__
assert main(["report", "--data", "clinic20", "--json"]) == 0
assert main(["render", "ThresholdSweep", "--data", "clinic20", "--at", "0.5", "--resolution", "192x108",
             "--out", "out", "--quiet"]) == 0
print(sorted(str(p) for p in Path("out").rglob("*.png")))
print(sorted(m for m in ("metrics", "data", "scenes", "render") if m in sys.modules))
"""


def test_report_and_render_work_beside_a_lecturers_own_files(installed, tmp_path):
    folder = decoy_folder(tmp_path / "course")
    result = run_beside_decoys(REPORT_AND_RENDER.format(installed=str(installed)), folder, installed)
    assert result.returncode == 0, result.stderr[-3000:]
    *report, stills, top_level = result.stdout.strip().splitlines()
    assert '"n": 20' in "\n".join(report)
    assert "ThresholdSweep" in stills and stills.count(".png") == 1
    assert top_level == "[]"


def test_the_decoys_do_break_a_top_level_import(installed, tmp_path):
    folder = decoy_folder(tmp_path / "course")
    for name in DECOYS:
        result = run_beside_decoys(f"import {name}", folder, installed)
        assert result.returncode == 1 and f"the lecturer's own {name}.py was imported" in result.stderr
