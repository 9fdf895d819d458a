"""The MulticlassConfusion scene's numbers: one-vs-rest counts per class and the three averages.

Pure NumPy and the metrics core, no Manim. Everything comes from
:func:`umbral.metrics.multiclass_report` and is checked against scikit-learn's
``precision_recall_fscore_support`` on labels expanded from the matrix.

>>> numbers = multiclass_numbers()
>>> [round(c.f1, 3) for c in numbers.classes]
[0.784, 0.566, 0.667]
>>> round(numbers.macro["f1"], 3), round(numbers.weighted["f1"], 3), round(numbers.micro["f1"], 3)
(0.672, 0.695, 0.7)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from umbral.data.multiclass import TEXTBOOK_LABELS, TEXTBOOK_MATRIX
from umbral.metrics import VerificationError, multiclass_report

__all__ = ["AVERAGES", "ClassView", "MulticlassNumbers", "multiclass_numbers"]

#: The averages in the order the scene shows them.
AVERAGES = ("macro", "weighted", "micro")
_TOLERANCE = 1e-9
#: Averages closer than this look equal with three decimals.
_SHOWN_EQUAL = 5e-4


@dataclass(frozen=True)
class ClassView:
    """Class ``label`` against the rest: its four counts and its three scores.

    ``predicted`` = TP + FP (its column), ``support`` = TP + FN (its row).
    """

    index: int
    label: str
    tp: int
    fn: int
    fp: int
    tn: int
    predicted: int
    support: int
    precision: float
    recall: float
    f1: float


@dataclass(frozen=True)
class MulticlassNumbers:
    """Matrix, per-class views and averages, ready for the scene.

    ``weakest`` is the class with the lowest F1, ``largest`` the one with the
    most samples (first in row order on ties); ``weights`` the support shares.
    ``why`` says how macro F1 compares with weighted F1, to pick the sentence
    that explains it: ``"low"`` (below, the weakest class is not the largest),
    ``"high"`` (above), ``"equal"`` (same to the 3 decimals shown) or ``"generic"``.
    """

    labels: tuple
    matrix: tuple
    n: int
    correct: int
    classes: tuple
    macro: dict
    weighted: dict
    micro: dict
    accuracy: float
    weights: tuple
    weakest: int
    largest: int
    why: str

    def average(self, name: str) -> dict:
        """``macro``, ``weighted`` or ``micro`` precision/recall/F1."""
        return {"macro": self.macro, "weighted": self.weighted, "micro": self.micro}[name]


def _verify(matrix: np.ndarray, report) -> None:
    """Expand the matrix into labels and compare with scikit-learn; raise VerificationError."""
    from sklearn.metrics import accuracy_score, precision_recall_fscore_support

    k = matrix.shape[0]
    rows, cols = np.divmod(np.repeat(np.arange(k * k), matrix.ravel()), k)
    classes = list(range(k))
    per_class = precision_recall_fscore_support(rows, cols, labels=classes, zero_division=0)
    checks = {"precision": per_class[0], "recall": per_class[1], "f1": per_class[2]}
    for name, theirs in checks.items():
        if not np.allclose(getattr(report, name), theirs, atol=_TOLERANCE):
            raise VerificationError(f"per-class {name} disagrees with scikit-learn")
    if tuple(int(v) for v in per_class[3]) != report.support:
        raise VerificationError("per-class support disagrees with scikit-learn")
    for average in AVERAGES:
        p, r, f, _ = precision_recall_fscore_support(rows, cols, labels=classes, average=average, zero_division=0)
        ours = getattr(report, average)
        if not np.allclose([ours["precision"], ours["recall"], ours["f1"]], [p, r, f], atol=_TOLERANCE):
            raise VerificationError(f"{average} average disagrees with scikit-learn")
    if abs(report.accuracy - accuracy_score(rows, cols)) > _TOLERANCE:
        raise VerificationError("accuracy disagrees with scikit-learn")


def multiclass_numbers(multiclass: tuple | None = None) -> MulticlassNumbers:
    """Verified numbers for ``(matrix, labels)``, or the textbook A/B/C example when None."""
    matrix, labels = (TEXTBOOK_MATRIX, TEXTBOOK_LABELS) if multiclass is None else multiclass
    m = np.asarray(matrix, dtype=np.int64)
    labels = tuple(str(label) for label in labels)
    if m.ndim != 2 or m.shape != (len(labels), len(labels)):
        raise ValueError(f"a {len(labels)}-class matrix must be {len(labels)} x {len(labels)}, got shape {m.shape}")
    report = multiclass_report(m, labels)
    _verify(m, report)
    n = int(m.sum())
    predicted = m.sum(axis=0)
    views = tuple(
        ClassView(index=k, label=labels[k], tp=int(m[k, k]), fn=int(report.support[k] - m[k, k]),
                  fp=int(predicted[k] - m[k, k]), tn=int(n - report.support[k] - predicted[k] + m[k, k]),
                  predicted=int(predicted[k]), support=report.support[k],
                  precision=report.precision[k], recall=report.recall[k], f1=report.f1[k])
        for k in range(len(labels))
    )
    weights = tuple(s / n if n else 0.0 for s in report.support)
    weakest, largest = int(np.argmin(report.f1)), int(np.argmax(report.support))
    gap = report.macro["f1"] - report.weighted["f1"]
    if abs(gap) < _SHOWN_EQUAL:
        why = "equal"
    elif gap > 0:
        why = "high"
    else:
        why = "low" if weakest != largest else "generic"
    return MulticlassNumbers(
        labels=labels, matrix=report.matrix, n=n, correct=int(np.trace(m)), classes=views,
        macro=report.macro, weighted=report.weighted, micro=report.micro, accuracy=report.accuracy,
        weights=weights, weakest=weakest, largest=largest, why=why,
    )
