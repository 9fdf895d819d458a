"""Where (y_true, y_score) come from: built-in datasets, scores files and the raw-table pipeline.

Everything here produces a validated :class:`Dataset` (int8 0/1 labels, float64 scores in
[0, 1]) or raises a one-line :class:`DataError`. No Manim; pandas and scikit-learn are
imported only by the functions that need them, so ``import data`` stays cheap.
"""

from __future__ import annotations

from data.builtins import BUILTINS
from data.dataset import DataError, Dataset
from data.files import export_scores
from data.load import load_dataset

__all__ = ["BUILTINS", "DataError", "Dataset", "export_scores", "load_dataset"]
