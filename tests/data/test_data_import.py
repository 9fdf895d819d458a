"""Importing `data` stays cheap: no pandas, scikit-learn or Manim until a function needs them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from umbral import data

REPO = Path(__file__).resolve().parents[2]


def test_import_data_does_not_import_heavy_modules():
    code = (
        "import sys, data\n"
        "heavy = [m for m in ('pandas', 'sklearn', 'manim', 'pyarrow', 'matplotlib') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_public_api_names():
    assert set(data.__all__) == {"BUILTINS", "DataError", "Dataset", "Study", "export_scores", "load_dataset",
                                "load_study"}
    assert issubclass(data.DataError, ValueError)
    assert list(data.BUILTINS) == ["clinic20", "screening", "breast-cancer", "screening8"]
    assert all(isinstance(text, str) and "\n" not in text for text in data.BUILTINS.values())
