"""Numbers of the ScratchVsLibrary scene: our metrics next to scikit-learn's.

Pure NumPy, the metrics core and (imported inside the function) scikit-learn;
no Manim. Ours come from the metrics core, theirs from scikit-learn's metric functions on
its own counts of the same predictions; a pair further apart than ``tolerance`` raises
``metrics.VerificationError``, as ``metrics.verify`` does before every render.

>>> import numpy as np
>>> from umbral.metrics import Sweep
>>> numbers = scratch_vs_library_numbers(Sweep.from_scores(np.array([0, 1, 1, 0]), np.array([0.1, 0.8, 0.6, 0.7])))
>>> [(row.metric, row.ours, row.theirs) for row in numbers.rows][:2]
[('accuracy', 0.75, 0.75), ('precision', 0.6666666666666666, 0.6666666666666666)]
>>> numbers.max_difference, format_difference(numbers.max_difference)
(0.0, '0')
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from umbral.metrics import Sweep, VerificationError, roc_auc
from umbral.metrics.verify import SklearnCounts, sklearn_metrics

__all__ = ["METRICS", "Parity", "ScratchVsLibraryNumbers", "format_difference", "scratch_vs_library_numbers"]

#: The metrics compared, in screen order (AUC needs no threshold).
METRICS = ("accuracy", "precision", "recall", "f1", "auc")


@dataclass(frozen=True)
class Parity:
    """One metric computed twice: ``ours`` (metrics core) and ``theirs`` (scikit-learn)."""

    metric: str
    ours: float
    theirs: float

    @property
    def difference(self) -> float:
        """``|ours - theirs|``, 0.0 when they agree bit for bit."""
        return abs(self.ours - self.theirs)


@dataclass(frozen=True)
class ScratchVsLibraryNumbers:
    """The five pairs at one threshold and the scikit-learn version that made theirs."""

    threshold: float
    rows: tuple[Parity, ...]
    sklearn_version: str

    @property
    def max_difference(self) -> float:
        """Largest ``|ours - theirs|`` over the rows."""
        return max(row.difference for row in self.rows)

    def row(self, metric: str) -> Parity:
        """The pair of ``metric``."""
        return next(row for row in self.rows if row.metric == metric)


def format_difference(difference: float) -> str:
    """A difference for the screen: ``"0"`` when exact, else one significant digit (``"1e-16"``)."""
    if difference == 0.0:
        return "0"
    return f"{difference:.0e}".replace("e-0", "e-")


def difference_bound(difference: float) -> str:
    """The power of ten just above ``difference`` (``"1e-15"`` for 2.2e-16), for "|Δ| < ..."."""
    exponent = max(math.floor(math.log10(difference)) + 1, -15) if difference > 0 else -15
    return f"1e{exponent}"


def scratch_vs_library_numbers(sweep: Sweep, threshold: float = 0.5, tolerance: float = 1e-12,
                               sklearn: SklearnCounts | None = None) -> ScratchVsLibraryNumbers:
    """Accuracy, precision, recall, F1 (at ``threshold``) and AUC, ours and scikit-learn's.

    Both sides see the same predictions: positive iff ``score >= threshold``;
    0/0 is 0.0 on both (``zero_division=0``). scikit-learn's numbers are its own metric
    functions on its own counts (``sklearn``, the facts' :class:`SklearnCounts`; else
    counted here): the same values, bit for bit, as calling them on the full arrays, without
    encoding 1e7 labels once per function.

    Raises
    ------
    metrics.VerificationError
        If a pair differs by more than ``tolerance``.
    """
    import sklearn as library

    sklearn = sklearn if sklearn is not None else SklearnCounts(sweep.y_true, sweep.y_score)
    snapshot = sweep.at(threshold)
    ours = {"accuracy": snapshot.accuracy, "precision": snapshot.precision, "recall": snapshot.recall,
            "f1": snapshot.f1, "auc": roc_auc(sweep)}
    theirs = {**sklearn_metrics(*(int(c[0]) for c in sklearn.counts([threshold]))), "auc": sklearn.auc}
    rows = tuple(Parity(metric, float(ours[metric]), float(theirs[metric])) for metric in METRICS)
    for row in rows:
        if not row.difference <= tolerance:
            raise VerificationError(f"{row.metric}: umbral {row.ours!r} != scikit-learn {row.theirs!r}")
    return ScratchVsLibraryNumbers(float(threshold), rows, library.__version__)
