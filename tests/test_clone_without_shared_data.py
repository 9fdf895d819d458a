"""A clone of umbral has no ../shared: its data and CLI tests that need a shared table skip, none errors.

The repository's last commit is cloned into a temporary folder with nothing beside it, and the
tests marked ``shared_data`` of the data and CLI files run there: each must skip with the reason
naming its file, and the run's last lines must count those skips.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from tests.shared_data import REASON_PREFIX, ROOT

pytestmark = pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                                reason="needs git and a git checkout to clone")

FILES = ("tests/data", "tests/test_cli.py", "tests/test_cli_choice.py", "tests/test_cli_hostile.py")


def clone_alone(tmp_path):
    """The last commit, cloned where nothing is beside it."""
    clone = tmp_path / "alone" / "umbral"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(clone)], check=True, timeout=300)
    assert not (clone.parent / "shared").exists()
    return clone


def run_shared_data_tests(clone):
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "-n", "0",
                           "-m", "shared_data", *FILES], cwd=clone, capture_output=True, text=True, timeout=900)


def test_a_clone_without_shared_data_skips_the_tests_that_need_it(tmp_path):
    result = run_shared_data_tests(clone_alone(tmp_path))
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    assert not re.search(r"\d+ (failed|errors?)\b", out), out
    skipped = int(re.search(r"(\d+) skipped", out).group(1))
    assert skipped >= 4, out  # Pima x 3, HTRU2 x 1 in these files today
    assert out.count(REASON_PREFIX) >= skipped, out  # every skip names its file
    assert f"{skipped} test(s) skipped because a data file outside the repository is missing" in out, out
    assert "pima-indians-diabetes.csv" in out and "htru2.csv" in out


def test_a_test_that_reads_shared_data_without_skipping_fails_the_clone_run(tmp_path):
    """The planted fault: a shared_data test that opens Pima unguarded makes the clone's run fail."""
    clone = clone_alone(tmp_path)
    (clone / "tests" / "data" / "test_planted.py").write_text(
        "import pytest\nfrom tests.shared_data import PIMA\n\n\n@pytest.mark.shared_data\n"
        "def test_reads_pima():\n    assert PIMA.read_text()\n", encoding="utf-8")
    result = run_shared_data_tests(clone)
    assert result.returncode != 0 and "1 failed" in result.stdout, result.stdout
