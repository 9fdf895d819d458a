"""Where (y_true, y_score) come from: built-in datasets, scores files and the raw-table pipeline.

Everything here produces a validated :class:`Dataset` or a :class:`Study` of them
(several models, splits) (int8 0/1 labels, float64 scores in
[0, 1]) or raises a one-line :class:`DataError`. No Manim; pandas and scikit-learn are
imported only by the functions that need them, so ``import data`` stays cheap.
"""

from __future__ import annotations

from umbral.data.builtins import BUILTINS
from umbral.data.dataset import DataError, Dataset
from umbral.data.files import export_scores
from umbral.data.load import load_dataset, load_study
from umbral.data.study import Study

__all__ = ["BUILTINS", "DataError", "Dataset", "Study", "export_scores", "load_dataset", "load_study"]
