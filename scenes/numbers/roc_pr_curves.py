"""Numbers of the RocPrCurves scene: exact ROC staircase, AP step curve, AUC, AP, base rate.

Pure NumPy and the metrics core, no Manim. Every number is checked against
scikit-learn here, so the scene only reads.

>>> import numpy as np
>>> numbers = roc_pr_numbers(np.array([1, 0, 1, 0]), np.array([0.9, 0.8, 0.4, 0.1]))
>>> numbers.auc, numbers.auc_percent, numbers.prevalence, numbers.chance_auc
(0.75, 75, 0.5, 0.5)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from umbral.metrics import Sweep, VerificationError, average_precision, precision_recall_curve, roc_auc, roc_curve
from umbral.metrics.verify import SklearnCounts
from umbral.scenes.numbers.thinning import grid_vertex_indices, thin_indices

__all__ = ["RocPrNumbers", "roc_pr_numbers"]


@dataclass(frozen=True, eq=False)
class RocPrNumbers:
    """What RocPrCurves draws and says.

    ``roc_fpr``/``roc_tpr``: the exact ROC staircase (one vertex per distinct
    score; for large data thinned for drawing, :mod:`umbral.scenes.numbers.thinning`, with
    the vertex of every grid θ kept), with ``roc_fp``/``roc_tp`` the negatives and
    positives passed at each vertex drawn. ``pr_recall``/``pr_precision``: vertices of the step curve
    whose area is the average precision (precision ``P_k`` held over the
    recall gained at step k). ``chance_auc``: AUC of a constant score, the
    diagonal.
    """

    positives: int
    negatives: int
    roc_fpr: np.ndarray
    roc_tpr: np.ndarray
    roc_fp: np.ndarray
    roc_tp: np.ndarray
    has_ties: bool
    pr_recall: np.ndarray
    pr_precision: np.ndarray
    auc: float
    auc_percent: int
    average_precision: float
    prevalence: float
    chance_auc: float


def ap_step_vertices(precision: np.ndarray, recall: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Corners of the step curve AP integrates: ``P_k`` over ``(R_{k-1}, R_k]``.

    ``precision``/``recall`` as returned by ``precision_recall_curve`` (the
    first point is recall 0). The area under the returned polyline is
    ``sum_k (R_k - R_{k-1}) P_k``.
    """
    x = np.repeat(recall, 2)[1:-1]
    y = np.repeat(precision[1:], 2)
    return x, y


def roc_pr_numbers(y_true, y_score=None, report: dict | None = None,
                   sklearn: SklearnCounts | None = None) -> RocPrNumbers:
    """Compute and verify the scene's numbers; ``report`` (facts.report) must agree if given.

    Takes a :class:`umbral.metrics.Sweep` or ``(y_true, y_score)``, as the metrics core does;
    ``sklearn`` is the split's scikit-learn counts (the facts carry them; else counted here).
    """
    sweep = y_true if isinstance(y_true, Sweep) and y_score is None else Sweep.from_scores(y_true, y_score)
    sklearn = sklearn if sklearn is not None else SklearnCounts(sweep.y_true, sweep.y_score)
    fpr, tpr, thresholds = roc_curve(sweep)
    precision, recall, _ = precision_recall_curve(sweep)
    positives, negatives = sweep.positives, sweep.negatives
    tp, fp = np.rint(tpr * positives).astype(int), np.rint(fpr * negatives).astype(int)
    pr_x, pr_y = ap_step_vertices(precision, recall)
    auc, ap = roc_auc(sweep), average_precision(sweep)
    chance = roc_auc([0, 1], [0.5, 0.5])  # a constant score ranks nobody above anybody
    checks = {
        "auc vs scikit-learn": (auc, sklearn.auc),
        "average precision vs scikit-learn": (ap, sklearn.average_precision),
        "area under the AP step curve": (float(np.trapezoid(pr_y, pr_x)), ap),
        "area under the ROC staircase": (float(np.trapezoid(tpr, fpr)), auc),
    }
    if report is not None:
        checks["auc vs report"] = (auc, report["auc"])
        checks["average precision vs report"] = (ap, report["average_precision"])
        checks["prevalence vs report"] = (positives / sweep.n, report["prevalence"])
    for name, (ours, theirs) in checks.items():
        if not math.isclose(ours, theirs, rel_tol=1e-9, abs_tol=1e-12):
            raise VerificationError(f"{name}: {ours!r} != {theirs!r}")
    has_ties = bool(np.any((np.diff(tp) > 0) & (np.diff(fp) > 0)))
    # Checked on every vertex above; drawn on those a plot can show (the grid θs' exactly).
    roc = thin_indices(fpr, tpr, keep=grid_vertex_indices(thresholds))
    pr = thin_indices(pr_x, pr_y)
    return RocPrNumbers(
        positives=positives, negatives=negatives, roc_fpr=fpr[roc], roc_tpr=tpr[roc], roc_fp=fp[roc], roc_tp=tp[roc],
        has_ties=has_ties, pr_recall=pr_x[pr], pr_precision=pr_y[pr], auc=auc, auc_percent=round(100 * auc),
        average_precision=ap, prevalence=positives / sweep.n, chance_auc=chance,
    )
