"""The same test at another prevalence: expected counts and the reweighted PR curve.

Sensitivity (TPR) and the false positive rate are properties of the test:
each is measured inside one true class, so changing how common the positive
class is leaves them (and the ROC curve) where they are. Precision, accuracy
and MCC mix the two classes and move with the base rate ``pi``.
"""

from __future__ import annotations

import numpy as np

from umbral.metrics.point import ppv_at_prevalence
from umbral.metrics.validation import check_nonnegative, check_number, check_rate

__all__ = ["expected_counts", "pr_curve_at_prevalence"]


def expected_counts(sensitivity, fpr, prevalence_value, n=1000.0):
    """Expected TP, FP, FN, TN among ``n`` cases at prevalence ``pi``.

    ``TP = sens pi n``, ``FN = (1 - sens) pi n``, ``FP = fpr (1 - pi) n`` and
    ``TN = (1 - fpr)(1 - pi) n``: the counts a test with these rates would
    produce on average, as floats (not rounded). Feed them to the point
    metrics (``accuracy``, ``precision``, ``matthews_corrcoef``...) to get
    those metrics at that prevalence. Rates and ``pi`` lie in 0..1 (floats or arrays); the
    counts sum to ``n`` (1000 reads as "per 1000 patients").

    Examples
    --------
    >>> [round(c, 1) for c in expected_counts(0.8, 2 / 15, 0.01)]
    [8.0, 132.0, 2.0, 858.0]
    """
    sens = np.asarray(check_rate(sensitivity, "sensitivity"))
    rate = np.asarray(check_rate(fpr, "fpr"))
    pi = np.asarray(check_rate(prevalence_value, "prevalence"))
    n = check_nonnegative(check_number(n, "n"), "n")
    positives, negatives = pi * n, (1.0 - pi) * n
    counts = (sens * positives, rate * negatives, (1.0 - sens) * positives, (1.0 - rate) * negatives)
    return tuple(float(c) if c.ndim == 0 else c for c in counts)


def pr_curve_at_prevalence(fpr, tpr, prevalence_value):
    """Precision-recall curve of a test at another prevalence, from its ROC points.

    Every ROC point ``(FPR, TPR)`` becomes the PR point
    ``(TPR, TPR pi / (TPR pi + FPR (1 - pi)))`` (Bayes' rule, as
    :func:`~umbral.metrics.point.ppv_at_prevalence`): the negatives are reweighted,
    the ranking is not touched. With the exact ROC of
    :func:`~umbral.metrics.curves.roc_curve` and ``pi`` equal to the data's own
    prevalence this is :func:`~umbral.metrics.curves.precision_recall_curve`. The ROC starts at
    (0, 0) (the ``+inf`` threshold) and ``pi`` lies in (0, 1). Returns ``(precision, recall)``,
    one point per ROC point, the first (recall 0, precision 1) as drawn on screen; precision at a
    point flagging no one is 0.0.

    Examples
    --------
    >>> precision, recall = pr_curve_at_prevalence([0, 0, 0.5, 1], [0, 0.5, 1, 1], 0.5)
    >>> precision.round(3).tolist(), recall.tolist()
    ([1.0, 1.0, 0.667, 0.5], [0.0, 0.5, 1.0, 1.0])
    """
    fpr = np.asarray(check_rate(fpr, "fpr"))
    tpr = np.asarray(check_rate(tpr, "tpr"))
    if fpr.shape != tpr.shape or fpr.ndim != 1 or fpr.size < 2:
        raise ValueError("fpr and tpr must be 1-D ROC points of the same length (at least 2)")
    prevalence_value = check_rate(check_number(prevalence_value, "prevalence"), "prevalence", open_interval=True)
    precision = np.r_[1.0, ppv_at_prevalence(tpr[1:], fpr[1:], prevalence_value)]
    return precision, tpr.copy()
