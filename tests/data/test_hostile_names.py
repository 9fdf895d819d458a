"""Names that come from data never steer where files are written (issue 15, section 1).

A JSON ``name``, a file's stem: each is reduced to a folder name (letters,
digits, hyphens; a hash suffix when anything was changed, so two names never
share a folder), and every output path is checked to lie inside OUT after
resolving links.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ceilings import HANG_SECONDS
from umbral.data import load_dataset
from umbral.data.dataset import DataError, Dataset, folder_name, is_folder_name
from umbral.scenes.publish.inside import inside

ROOT = Path(__file__).resolve().parents[2]

HOSTILE = {
    "traversal": "../../elsewhere",
    "deep traversal": "a/../../../../tmp/x",
    "absolute": "/tmp/umbral-absolute",
    "windows absolute": "C:\\Users\\x",
    "empty": "",
    "blank": "   ",
    "dot": ".",
    "dots only": "..",
    "many dots": "....",
    "very long": "x" * 300,
    "non-ASCII": "données",
    "other non-ASCII": "日本語のデータ",
    "reserved": "con",
    "reserved upper": "NUL",
    "null byte": "a\x00b",
    "newline": "a\nb",
    "hidden": ".git",
    "home": "~",
}


@pytest.mark.parametrize("kind", HOSTILE)
def test_every_hostile_name_becomes_a_plain_folder_name(kind):
    name = folder_name(HOSTILE[kind])
    assert is_folder_name(name), name
    assert "/" not in name and "\\" not in name and "." not in name and len(name) <= 55
    assert name not in {"con", "nul"}
    assert Path("out", name).resolve().parent == Path("out").resolve()


def test_different_names_never_share_a_folder():
    names = [*HOSTILE.values(), "Pima Test", "pima_test", "pima-test", "PIMA-TEST", "données", "donnees",
             "日本", "中国", "a" * 60, "a" * 61]
    folders = [folder_name(name) for name in dict.fromkeys(names)]
    assert len(set(folders)) == len(folders)


def test_a_plain_name_is_kept_and_the_result_is_stable():
    assert folder_name("pima-test") == "pima-test"
    assert folder_name("clinic20") == "clinic20"
    assert folder_name("Pima Test") == folder_name("Pima Test") != "pima-test"
    assert folder_name("Pima Test").startswith("pima-test-")


def test_a_dataset_refuses_a_name_that_is_not_a_folder_name():
    with pytest.raises(DataError, match="cannot name a folder"):
        Dataset("../x", "X", [0, 1], [0.1, 0.9])


def test_inside_refuses_a_path_that_resolves_outside_out(tmp_path):
    out = tmp_path / "out"
    (out / "clinic20").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert inside(out, "clinic20", "en", "x.mp4") == out / "clinic20" / "en" / "x.mp4"
    os.symlink(elsewhere, out / "linked")
    with pytest.raises(DataError, match="outside --out"):
        inside(out, "linked", "en", "x.mp4")
    with pytest.raises(DataError, match="cannot name a folder"):
        inside(out, "../elsewhere", "en", "x.mp4")


@pytest.mark.parametrize("name", ["../../elsewhere", "/tmp/umbral-abs-name", "données", ""])
def test_a_json_name_is_shown_but_does_not_pick_the_folder(tmp_path, name):
    path = tmp_path / "data" / "scores.json"
    path.parent.mkdir()
    path.write_text(json.dumps({"name": name, "label": [0, 1, 0, 1], "score": [0.1, 0.8, 0.3, 0.7]}),
                    encoding="utf-8")
    dataset = load_dataset(path)
    assert is_folder_name(dataset.name)
    if name.strip():
        assert dataset.title == name  # the original name is what the lecture shows


def _snapshot(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


@pytest.mark.parametrize("name", ["../../elsewhere", "/tmp/umbral-absolute-target", "..", "日本語"])
def test_the_lab_written_from_a_hostile_json_name_stays_inside_out(tmp_path, name):
    """End to end: ``umbral lab`` on a file whose name would escape; everything lands in OUT/<slug>/."""
    work = tmp_path / "work"
    (work / "data").mkdir(parents=True)
    path = work / "data" / "scores.json"
    labels = [0, 1] * 20
    scores = [round(0.1 + 0.02 * i, 2) for i in range(40)]
    path.write_text(json.dumps({"name": name, "label": labels, "score": scores}), encoding="utf-8")
    before = _snapshot(tmp_path)
    result = subprocess.run([sys.executable, str(ROOT / "render.py"), "lab", "--data", str(path), "--out",
                             str(work / "out"), "--lang", "en"], cwd=work, capture_output=True, text=True,
                            timeout=HANG_SECONDS, check=False)
    assert result.returncode == 0, result.stderr
    created = _snapshot(tmp_path) - before
    assert created and all(item.startswith("work/out") for item in created), sorted(created)
    folders = [p.name for p in (work / "out").iterdir() if p.is_dir()]
    assert folders == [folder_name(name)]
    assert not Path("/tmp/umbral-absolute-target").exists()
    page = (work / "out" / folders[0] / "en" / "lab.html").read_text(encoding="utf-8")
    assert json.dumps(name)[1:-1] in page or name in page  # the lecture shows the name as given
