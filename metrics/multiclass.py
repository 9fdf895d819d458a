"""Multiclass confusion matrix and one-vs-rest precision, recall and F1."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from umbral.metrics.point import safe_ratio
from umbral.metrics.validation import check_nonnegative

__all__ = ["MulticlassReport", "confusion_matrix", "multiclass_report"]


def confusion_matrix(y_true, y_pred, labels=None) -> tuple[np.ndarray, list]:
    """K x K counts, rows = true class, columns = predicted class.

    Returns the matrix and the class labels in row order (sorted, unless given).
    Given ``labels`` (a subset, in any order), only samples whose true and
    predicted classes are both among them are counted, as scikit-learn does.
    Empty inputs, an empty ``labels`` or one that names no true class are a
    ``ValueError``.

    Examples
    --------
    >>> m, labels = confusion_matrix(["a", "b", "b"], ["a", "a", "b"])
    >>> m.tolist(), labels
    ([[1, 0], [1, 1]], ['a', 'b'])
    >>> confusion_matrix(["a", "b", "c"], ["a", "c", "c"], labels=["c", "a"])[0].tolist()
    [[1, 0], [0, 1]]
    """
    y_true = np.asarray(y_true)
    y_pred = np.asarray(y_pred)
    if y_true.ndim != 1 or y_true.shape != y_pred.shape:
        raise ValueError(f"{y_true.size} true labels but {y_pred.size} predictions; give one prediction per "
                         "label, both 1-D")
    if y_true.size == 0:
        raise ValueError("no samples: confusion_matrix needs at least one true label and prediction")
    present = sorted(set(np.unique(y_true).tolist()) | set(np.unique(y_pred).tolist()))
    if labels is None:
        labels = present
    else:
        labels = list(labels)
        if not labels:
            raise ValueError("labels is empty; give at least one class, or None for every class")
        if len(set(labels)) < len(labels):
            raise ValueError(f"labels {labels!r} names a class twice")
        if not set(labels) & set(np.unique(y_true).tolist()):
            raise ValueError(f"none of labels {labels!r} is a true class (found {present!r})")
    k = len(labels)
    order = np.asarray(labels, dtype=object)
    rows, cols = _positions(y_true, order), _positions(y_pred, order)
    kept = (rows >= 0) & (cols >= 0)
    matrix = np.bincount(rows[kept] * k + cols[kept], minlength=k * k).reshape(k, k)
    return matrix, labels


def _positions(values: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """Each value's index in ``labels`` (-1 when absent), one ``np.unique`` pass, no loop over samples."""
    uniques, inverse = np.unique(values, return_inverse=True)
    index = {label: i for i, label in enumerate(labels.tolist())}
    where = np.array([index.get(u, -1) for u in uniques.tolist()], dtype=np.intp)
    return where[inverse.reshape(-1)]


@dataclass(frozen=True)
class MulticlassReport:
    """Per-class one-vs-rest scores and their three averages.

    ``precision[k]``, ``recall[k]``, ``f1[k]`` treat class k as positive and
    every other class as negative. ``support[k]`` is the number of samples
    truly in class k. Macro averages classes equally, weighted by support,
    micro pools every decision (and equals accuracy for single-label data).
    """

    labels: tuple
    matrix: tuple
    precision: tuple
    recall: tuple
    f1: tuple
    support: tuple
    macro: dict
    weighted: dict
    micro: dict
    accuracy: float


def multiclass_report(matrix, labels=None) -> MulticlassReport:
    """One-vs-rest scores from a K x K matrix (rows = truth, columns = prediction).

    Examples
    --------
    >>> r = multiclass_report([[40, 5, 5], [10, 15, 5], [2, 3, 15]])
    >>> [round(v, 3) for v in r.f1], round(r.macro["f1"], 3), round(r.micro["f1"], 3)
    ([0.784, 0.566, 0.667], 0.672, 0.7)
    """
    counts = check_nonnegative(matrix, "the confusion matrix")
    if np.ndim(counts) != 2 or counts.shape[0] != counts.shape[1] or counts.size == 0:
        raise ValueError(f"the confusion matrix must be square (K x K, K >= 1), not of shape {np.shape(counts)}")
    if (counts != np.round(counts)).any():
        raise ValueError("the confusion matrix must hold whole counts")
    if labels is not None and len(labels) != len(counts):
        raise ValueError(f"{len(labels)} labels for a {len(counts)} x {len(counts)} matrix; give one per class")
    m = counts.astype(np.int64)
    tp = np.diag(m)
    predicted = m.sum(axis=0)
    support = m.sum(axis=1)
    precision = safe_ratio(tp, predicted)
    recall = safe_ratio(tp, support)
    f1 = safe_ratio(2 * tp, predicted + support)
    weights = safe_ratio(support, support.sum())
    micro_p = safe_ratio(tp.sum(), predicted.sum())
    micro_r = safe_ratio(tp.sum(), support.sum())
    per_class = {"precision": precision, "recall": recall, "f1": f1}
    return MulticlassReport(
        labels=tuple(labels) if labels is not None else tuple(range(len(m))),
        matrix=tuple(tuple(int(v) for v in row) for row in m),
        precision=tuple(float(v) for v in precision),
        recall=tuple(float(v) for v in recall),
        f1=tuple(float(v) for v in f1),
        support=tuple(int(v) for v in support),
        macro={k: float(np.mean(v)) for k, v in per_class.items()},
        weighted={k: float(np.sum(v * weights)) for k, v in per_class.items()},
        micro={"precision": micro_p, "recall": micro_r,
               "f1": float(safe_ratio(2 * micro_p * micro_r, micro_p + micro_r))},
        accuracy=float(safe_ratio(tp.sum(), m.sum())),
    )
