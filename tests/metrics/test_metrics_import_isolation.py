"""Importing the metrics core pulls in no plotting, dataframe or ML library."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("manim", "pandas", "sklearn", "matplotlib")


def test_import_metrics_stays_light(tmp_path):
    code = (
        "import sys, metrics, metrics.verify, metrics.published\n"
        f"loaded = [m for m in {HEAVY!r} if m in sys.modules]\n"
        "assert not loaded, loaded\n"
        "assert metrics.__file__.startswith(sys.argv[1]), metrics.__file__\n"
    )
    # Run from tmp_path and without .pyc files so the test writes nothing in the repo.
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run(
        [sys.executable, "-c", code, str(REPO_ROOT)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
