"""Point metrics computed from the four counts of a 2x2 confusion grid.

Conventions used everywhere in umbral:

* a sample is predicted positive iff ``score >= threshold``;
* the grid has rows = truth and columns = prediction::

      [[TP, FN],
       [FP, TN]]

* a ratio whose denominator is zero (0/0) is 0.0, as scikit-learn's
  ``zero_division=0``.

Every function accepts plain ints or NumPy arrays of counts (one entry per
threshold) and returns a float or a float array of the same shape. Counts must
be finite numbers >= 0 of one shape, rates lie in 0..1 (a ``ValueError`` naming
the argument otherwise, as :func:`~umbral.metrics.validation.check_binary_scores`).
"""

from __future__ import annotations

import numpy as np

from umbral.metrics.validation import check_counts, check_nonnegative, check_numbers, check_rate

__all__ = [
    "accuracy",
    "balanced_accuracy",
    "expected_cost",
    "f1_score",
    "f_beta",
    "false_positive_rate",
    "matthews_corrcoef",
    "negative_predictive_value",
    "ppv_at_prevalence",
    "precision",
    "prevalence",
    "recall",
    "safe_ratio",
    "specificity",
]


def safe_ratio(numerator, denominator):
    """Return ``numerator / denominator`` (element-wise for arrays) with 0/0 (or x/0) defined as 0.0.

    Examples
    --------
    >>> safe_ratio(3, 4)
    0.75
    >>> safe_ratio(0, 0)
    0.0
    """
    num = np.asarray(check_numbers(numerator, "numerator"))
    den = np.asarray(check_numbers(denominator, "denominator"))
    out = np.divide(num, den, out=np.zeros(np.broadcast(num, den).shape), where=den != 0)
    return _plain(out)


def _plain(values):
    """A Python float for a scalar result, the array itself otherwise."""
    values = np.asarray(values, dtype=float)
    return float(values) if values.ndim == 0 else values


def accuracy(tp, fp, fn, tn):
    """Share of all samples classified correctly, ``(TP + TN) / n``.

    Range 0..1. Misleading when one class dominates (the accuracy paradox).

    Examples
    --------
    >>> accuracy(4, 2, 1, 13)
    0.85
    """
    tp, fp, fn, tn = check_counts(tp, fp, fn, tn)
    return safe_ratio(np.add(tp, tn), np.add(np.add(tp, fp), np.add(fn, tn)))


def precision(tp, fp, fn=0, tn=0):
    """Positive predictive value (PPV), ``TP / (TP + FP)``.

    Of the samples flagged positive, the share that really are positive.
    Range 0..1; 0.0 when nothing is flagged.

    Examples
    --------
    >>> round(precision(4, 2), 3)
    0.667
    """
    tp, fp, fn, tn = check_counts(tp, fp, fn, tn)
    return safe_ratio(tp, np.add(tp, fp))


def recall(tp, fp=0, fn=0, tn=0):
    """Recall, sensitivity or true positive rate (TPR), ``TP / (TP + FN)``.

    Of the real positives, the share caught. Range 0..1.

    Examples
    --------
    >>> recall(4, 2, 1, 13)
    0.8
    """
    tp, fp, fn, tn = check_counts(tp, fp, fn, tn)
    return safe_ratio(tp, np.add(tp, fn))


def specificity(tp, fp, fn, tn):
    """Specificity or true negative rate (TNR), ``TN / (TN + FP)``.

    Of the real negatives, the share correctly cleared. Range 0..1.

    Examples
    --------
    >>> round(specificity(4, 2, 1, 13), 3)
    0.867
    """
    tp, fp, fn, tn = check_counts(tp, fp, fn, tn)
    return safe_ratio(tn, np.add(tn, fp))


def false_positive_rate(tp, fp, fn, tn):
    """False positive rate (FPR), ``FP / (FP + TN)`` = 1 - specificity.

    Of the real negatives, the share raising a false alarm. Range 0..1.

    Examples
    --------
    >>> round(false_positive_rate(4, 2, 1, 13), 3)
    0.133
    """
    tp, fp, fn, tn = check_counts(tp, fp, fn, tn)
    return safe_ratio(fp, np.add(fp, tn))


def negative_predictive_value(tp, fp, fn, tn):
    """Negative predictive value (NPV), ``TN / (TN + FN)``.

    Of the samples cleared as negative, the share that really are negative.
    Range 0..1; 0.0 when nothing is cleared.

    Examples
    --------
    >>> round(negative_predictive_value(4, 2, 1, 13), 3)
    0.929
    """
    tp, fp, fn, tn = check_counts(tp, fp, fn, tn)
    return safe_ratio(tn, np.add(tn, fn))


def f_beta(tp, fp, fn, tn=0, beta=1.0):
    """F-beta score, ``(1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP)``.

    Weighted harmonic mean of precision and recall; ``beta > 1`` weighs
    recall more, ``beta = 0`` is the precision and ``beta = inf`` the recall
    (as scikit-learn). Range 0..1; 0.0 when there are no TP, FN or FP.
    ``beta`` must be a number >= 0 (a ``ValueError`` otherwise).

    Examples
    --------
    >>> round(f_beta(4, 2, 1, 13, beta=2.0), 3)
    0.769
    >>> f_beta(4, 2, 1, 13, beta=float("inf"))
    0.8
    """
    tp, fp, fn, tn = check_counts(tp, fp, fn, tn)
    if isinstance(beta, bool) or not isinstance(beta, (int, float, np.integer, np.floating)) or np.isnan(beta):
        raise ValueError(f"beta must be a number >= 0, not {beta!r}")
    if beta < 0:
        raise ValueError(f"beta must be >= 0 (got {beta}); beta > 1 weighs recall more, beta < 1 precision")
    if np.isposinf(beta):
        return recall(tp, fp, fn, tn)
    b2 = float(beta) * float(beta)
    weighted_tp = np.multiply(1.0 + b2, tp)
    return safe_ratio(weighted_tp, weighted_tp + np.multiply(b2, fn) + np.asarray(fp, dtype=float))


def f1_score(tp, fp, fn, tn=0):
    """F1, the harmonic mean of precision and recall, ``2TP / (2TP + FP + FN)``.

    Range 0..1. High only when precision and recall are both high.

    Examples
    --------
    >>> round(f1_score(4, 2, 1, 13), 3)
    0.727
    """
    return f_beta(tp, fp, fn, tn, beta=1.0)


def balanced_accuracy(tp, fp, fn, tn):
    """Balanced accuracy, the mean of recall and specificity.

    Range 0..1; a do-nothing model scores 0.5 whatever the prevalence.
    When the truth holds one class only, it is that class's rate alone (the
    recall when there are no negatives, the specificity when there are no
    positives), as scikit-learn's ``balanced_accuracy_score``: an absent class
    is left out of the mean, not counted as 0.

    Examples
    --------
    >>> round(balanced_accuracy(4, 2, 1, 13), 3)
    0.833
    >>> balanced_accuracy(3, 0, 1, 0)  # no negatives: the recall
    0.75
    """
    tp, fp, fn, tn = check_counts(tp, fp, fn, tn)
    tpr, tnr = np.asarray(recall(tp, fp, fn, tn)), np.asarray(specificity(tp, fp, fn, tn))
    positives, negatives = np.add(tp, fn), np.add(tn, fp)
    mean = np.where(negatives == 0, tpr, np.where(positives == 0, tnr, (tpr + tnr) / 2.0))
    return _plain(mean)


def matthews_corrcoef(tp, fp, fn, tn):
    """Matthews correlation coefficient (MCC) between truth and prediction.

    ``(TP TN - FP FN) / sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN))``. Range -1..1:
    1 perfect, 0 no better than chance, -1 always wrong. 0.0 when any
    marginal (row or column of the grid) is empty.

    Examples
    --------
    >>> round(matthews_corrcoef(4, 2, 1, 13), 3)
    0.63
    """
    tp, fp, fn, tn = check_counts(tp, fp, fn, tn)
    denominator = np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
    return safe_ratio(tp * tn - fp * fn, denominator)


def prevalence(tp, fp, fn, tn):
    """Share of samples that are truly positive, ``(TP + FN) / n``. Range 0..1.

    Examples
    --------
    >>> prevalence(4, 2, 1, 13)
    0.25
    """
    tp, fp, fn, tn = check_counts(tp, fp, fn, tn)
    return safe_ratio(np.add(tp, fn), np.add(np.add(tp, fp), np.add(fn, tn)))


def expected_cost(tp, fp, fn, tn, cost_fn=10.0, cost_fp=1.0):
    """Total cost of the errors, ``C_FN * FN + C_FP * FP``, in cost units.

    Correct decisions cost nothing. With ``C_FN = 10`` a missed positive
    weighs as much as ten false alarms.

    Examples
    --------
    >>> expected_cost(4, 2, 1, 13, cost_fn=10, cost_fp=1)
    12.0
    """
    tp, fp, fn, tn = check_counts(tp, fp, fn, tn)
    cost_fn, cost_fp = check_nonnegative(cost_fn, "cost_fn"), check_nonnegative(cost_fp, "cost_fp")
    return _plain(np.multiply(cost_fn, fn) + np.multiply(cost_fp, fp))


def ppv_at_prevalence(sensitivity, fpr, prevalence_value):
    """Precision a test would have at another prevalence, by Bayes' rule.

    ``sens * pi / (sens * pi + fpr * (1 - pi))``: sensitivity and FPR are
    properties of the test, precision also depends on the base rate ``pi``.
    Range 0..1; 0.0 when the test never fires.

    Examples
    --------
    >>> round(ppv_at_prevalence(0.8, 2 / 15, 0.25), 3)
    0.667
    >>> round(ppv_at_prevalence(0.8, 2 / 15, 0.01), 3)
    0.057
    """
    sensitivity, fpr = check_rate(sensitivity, "sensitivity"), check_rate(fpr, "fpr")
    prevalence_value = check_rate(prevalence_value, "prevalence")
    hits = np.multiply(sensitivity, prevalence_value)
    false_alarms = np.multiply(fpr, np.subtract(1.0, prevalence_value))
    return safe_ratio(hits, hits + false_alarms)
