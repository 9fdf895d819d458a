"""Threshold-free summaries: exact ROC and PR curves, AUC, AP, log-loss, Brier.

The curve functions take ``(y_true, y_score)``, or a :class:`~umbral.metrics.sweep.Sweep` already
built from them (then the scores are not sorted again): ``roc_auc(sweep)``.
"""

from __future__ import annotations

import numpy as np

from umbral.metrics.point import safe_ratio
from umbral.metrics.sweep import Sweep
from umbral.metrics.validation import check_probabilities

__all__ = [
    "average_precision",
    "brier_score",
    "log_loss",
    "precision_recall_curve",
    "roc_auc",
    "roc_curve",
]

# log-loss clips probabilities to [eps, 1 - eps] so a confident mistake costs
# about 36 nats instead of infinity; scikit-learn clips to the same float64 eps.
LOG_LOSS_EPS = float(np.finfo(np.float64).eps)


def _steps(y_true, y_score=None) -> Sweep:
    """A :class:`Sweep` given, or one built from labels and scores."""
    if isinstance(y_true, Sweep):
        if y_score is not None:
            raise ValueError("give either a Sweep or (y_true, y_score), not a Sweep and scores")
        return y_true
    if y_score is None:
        raise ValueError("y_score is missing: give (y_true, y_score), or a Sweep built from them")
    return Sweep.from_scores(y_true, y_score)


def roc_curve(y_true, y_score=None):
    """Exact ROC curve: one point per distinct score, no point dropped.

    Returns
    -------
    fpr, tpr : ndarray
        False and true positive rates, from (0, 0) to (1, 1).
    thresholds : ndarray
        ``thresholds[i]`` gives the point ``(fpr[i], tpr[i])`` when predicting
        positive iff ``score >= thresholds[i]``; the first is ``+inf``.

    Examples
    --------
    >>> fpr, tpr, thr = roc_curve([0, 1, 1, 0], [0.1, 0.8, 0.4, 0.4])
    >>> fpr.tolist(), tpr.tolist()
    ([0.0, 0.0, 0.5, 1.0], [0.0, 0.5, 1.0, 1.0])
    """
    thresholds, tp, fp = _steps(y_true, y_score).descending_steps()
    tpr = np.r_[0.0, safe_ratio(tp, tp[-1])]
    fpr = np.r_[0.0, safe_ratio(fp, fp[-1])]
    return fpr, tpr, np.r_[np.inf, thresholds]


def roc_auc(y_true, y_score=None):
    """Area under the exact ROC curve by the trapezoid rule.

    Equals the probability that a random positive scores above a random
    negative, ties counting one half: ``P(s+ > s-) + 0.5 P(s+ = s-)``.
    Range 0..1; 0.5 is chance. Needs both classes.

    Examples
    --------
    >>> roc_auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    """
    fpr, tpr, _ = roc_curve(y_true, y_score)
    if tpr[-1] == 0 or fpr[-1] == 0:
        raise ValueError("AUC needs both classes")
    return float(np.trapezoid(tpr, fpr))


def precision_recall_curve(y_true, y_score=None):
    """Exact precision-recall curve, one point per distinct score.

    Returns
    -------
    precision, recall : ndarray
        From the highest threshold down; a first point (recall 0, precision 1)
        is prepended, as drawn on screen.
    thresholds : ndarray
        ``+inf`` for the first point, then the distinct scores descending.

    Examples
    --------
    >>> p, r, t = precision_recall_curve([0, 1, 1, 0], [0.1, 0.8, 0.4, 0.4])
    >>> p.round(3).tolist(), r.tolist()
    ([1.0, 1.0, 0.667, 0.5], [0.0, 0.5, 1.0, 1.0])
    """
    thresholds, tp, fp = _steps(y_true, y_score).descending_steps()
    precision = np.r_[1.0, safe_ratio(tp, tp + fp)]
    recall = np.r_[0.0, safe_ratio(tp, tp[-1])]
    return precision, recall, np.r_[np.inf, thresholds]


def average_precision(y_true, y_score=None):
    """Average precision (AP): ``sum_k (R_k - R_{k-1}) P_k``, a step sum.

    Precision at each threshold weighted by the recall gained there, as
    scikit-learn defines it (not the trapezoid, which is optimistic). Range
    0..1; a random ranking scores about the prevalence.

    Examples
    --------
    >>> round(average_precision([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 3)
    0.833
    """
    precision, recall, _ = precision_recall_curve(y_true, y_score)
    return float(np.sum(np.diff(recall) * precision[1:]))


def log_loss(y_true, y_score):
    """Mean negative log-likelihood of the labels under the scores, in nats.

    Scores are clipped to ``[eps, 1 - eps]`` (float64 eps) first. Range 0..inf;
    0 for certain correct answers, ``ln 2 = 0.693`` for always saying 0.5.
    Scores must be probabilities in [0, 1] (a ``ValueError`` otherwise, as
    scikit-learn); one-class truth is allowed (scikit-learn then asks for its
    ``labels`` argument, and gives the same value with ``labels=[0, 1]``).

    Examples
    --------
    >>> round(log_loss([1, 0], [0.5, 0.5]), 3)
    0.693
    """
    y_true, y_score = check_probabilities(y_true, y_score, "log_loss")
    p = np.clip(y_score, LOG_LOSS_EPS, 1.0 - LOG_LOSS_EPS)
    # One logarithm per sample: of p for a positive, of 1 - p (log1p keeps its precision) for a negative.
    positive = y_true == 1
    likelihood = np.log(p, where=positive, out=np.empty_like(p))
    np.negative(p, out=p)
    np.log1p(p, where=~positive, out=likelihood)
    return float(-np.mean(likelihood))


def brier_score(y_true, y_score):
    """Brier score, the mean squared gap between score and label.

    Range 0..1; 0 is perfect, 0.25 is always saying 0.5.

    Examples
    --------
    >>> brier_score([1, 0], [0.5, 0.5])
    0.25

    Scores must be probabilities in [0, 1] (a ``ValueError`` otherwise, as
    scikit-learn).
    """
    y_true, y_score = check_probabilities(y_true, y_score, "brier_score")
    return float(np.mean((y_score - y_true) ** 2))
