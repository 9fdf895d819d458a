"""`render MulticlassConfusion --multiclass FILE --pred-col COL`: a user's own classes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.ceilings import HANG_SECONDS

ROOT = Path(__file__).resolve().parents[1]


def render(tmp_path, *args):
    return subprocess.run([sys.executable, str(ROOT / "render.py"), "render", "MulticlassConfusion", *args,
                           "--resolution", "192x108", "--fps", "5", "--out", str(tmp_path / "out")],
                          cwd=ROOT, capture_output=True, text=True, timeout=HANG_SECONDS)


def test_a_users_classes_are_rendered(tmp_path):
    table = tmp_path / "classes.csv"
    table.write_text("truth,guess\n" + "cat,cat\n" * 6 + "dog,cat\ndog,dog\nbird,bird\nbird,dog\ncat,bird\n")
    result = render(tmp_path, "--multiclass", str(table), "--pred-col", "guess", "--true-col", "truth")
    assert result.returncode == 0, result.stderr
    transcript = (tmp_path / "out" / "screening" / "en" / "MulticlassConfusion.txt").read_text()
    assert "cat" in transcript and "dog" in transcript


def test_bad_multiclass_input_is_one_line_and_no_output(tmp_path):
    table = tmp_path / "two.csv"
    table.write_text("truth,guess\na,a\nb,b\n")
    result = render(tmp_path, "--multiclass", str(table), "--pred-col", "guess")
    assert result.returncode == 2 and result.stderr.startswith("error:") and result.stderr.count("\n") == 1
    assert not (tmp_path / "out").exists()
    orphan = render(tmp_path, "--pred-col", "guess")
    assert orphan.returncode == 2 and "--multiclass" in orphan.stderr
