"""The one-table summary of a binary classifier at a threshold."""

from __future__ import annotations

from umbral.metrics import curves
from umbral.metrics.sweep import GRID, Snapshot, Sweep, check_sweep
from umbral.metrics.thresholds import choose_thresholds
from umbral.metrics.validation import check_number

__all__ = ["REPORT_KEYS", "build_report"]

#: Keys of ``render.py report --json``, in order.
REPORT_KEYS = (
    "n", "positives", "negatives", "prevalence", "threshold", "tp", "fp", "fn", "tn",
    "accuracy", "precision", "recall", "specificity", "fpr", "npv", "f1",
    "balanced_accuracy", "mcc", "auc", "average_precision", "log_loss", "brier",
    "majority_baseline_accuracy", "thresholds", "verified_against_sklearn",
)


def build_report(
    sweep: Sweep,
    threshold: float = 0.5,
    cost_fn: float = 10.0,
    cost_fp: float = 1.0,
    target_recall: float = 0.9,
    target_precision: float = 0.9,
    grid=GRID,
) -> dict:
    """Every number of the report; ``verified_against_sklearn`` starts False.

    The threshold rules pick from ``grid`` (the lecture's 0.02 steps unless told).

    ``majority_baseline_accuracy`` is the accuracy of always predicting the
    larger class: the bar any real model must clear.
    """
    check_sweep(sweep)
    threshold = check_number(threshold, "threshold")
    snapshot: Snapshot = sweep.at(threshold)
    y_true, y_score = sweep.y_true, sweep.y_score
    values = snapshot.as_dict()
    values.update(
        auc=curves.roc_auc(sweep),
        average_precision=curves.average_precision(sweep),
        log_loss=curves.log_loss(y_true, y_score),
        brier=curves.brier_score(y_true, y_score),
        majority_baseline_accuracy=max(sweep.positives, sweep.negatives) / sweep.n,
        thresholds=choose_thresholds(sweep, cost_fn, cost_fp, target_recall, target_precision, grid),
        verified_against_sklearn=False,
    )
    return {key: values[key] for key in REPORT_KEYS}
