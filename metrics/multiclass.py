"""Multiclass confusion matrix and one-vs-rest precision, recall and F1."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from metrics.point import safe_ratio

__all__ = ["MulticlassReport", "confusion_matrix", "multiclass_report"]


def confusion_matrix(y_true, y_pred, labels=None) -> tuple[np.ndarray, list]:
    """K x K counts, rows = true class, columns = predicted class.

    Returns the matrix and the class labels in row order (sorted, unless given).

    Examples
    --------
    >>> m, labels = confusion_matrix(["a", "b", "b"], ["a", "a", "b"])
    >>> m.tolist(), labels
    ([[1, 0], [1, 1]], ['a', 'b'])
    """
    y_true = np.asarray(y_true)
    y_pred = np.asarray(y_pred)
    if y_true.shape != y_pred.shape:
        raise ValueError(f"{y_true.size} true labels but {y_pred.size} predictions")
    labels = sorted(set(y_true.tolist()) | set(y_pred.tolist())) if labels is None else list(labels)
    index = {label: i for i, label in enumerate(labels)}
    rows = np.array([index[v] for v in y_true.tolist()], dtype=np.intp)
    cols = np.array([index[v] for v in y_pred.tolist()], dtype=np.intp)
    k = len(labels)
    matrix = np.bincount(rows * k + cols, minlength=k * k).reshape(k, k)
    return matrix, labels


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
    m = np.asarray(matrix, dtype=np.int64)
    if m.ndim != 2 or m.shape[0] != m.shape[1]:
        raise ValueError("the confusion matrix must be square")
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
