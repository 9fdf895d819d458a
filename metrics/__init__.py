"""umbral's metrics core: pure NumPy, no Manim, pandas or scikit-learn.

Semantics everywhere: a sample is predicted positive iff ``score >= threshold``;
the 2x2 grid is rows = truth, columns = prediction; a 0/0 ratio is 0.0.
"""

from umbral.metrics.base_rate import expected_counts, pr_curve_at_prevalence
from umbral.metrics.binormal import (
    binormal_auc,
    binormal_average_precision,
    binormal_bins,
    binormal_counts,
    binormal_curves,
    binormal_metrics,
    binormal_min_cost_threshold,
    binormal_rates,
    binormal_score,
)
from umbral.metrics.curves import (
    average_precision,
    brier_score,
    log_loss,
    precision_recall_curve,
    roc_auc,
    roc_curve,
)
from umbral.metrics.density import ClassDensities, bandwidth, class_densities, kde_counts
from umbral.metrics.multiclass import MulticlassReport, confusion_matrix, multiclass_report
from umbral.metrics.point import (
    accuracy,
    balanced_accuracy,
    expected_cost,
    f1_score,
    f_beta,
    false_positive_rate,
    matthews_corrcoef,
    negative_predictive_value,
    ppv_at_prevalence,
    precision,
    prevalence,
    recall,
    specificity,
)
from umbral.metrics.ranking import PairCounts, count_ordered_pairs
from umbral.metrics.report import REPORT_KEYS, build_report
from umbral.metrics.sweep import GRID, Snapshot, Sweep, grid_counts
from umbral.metrics.thresholds import RULES, choose_thresholds, cost_ratio_threshold, tied_thresholds
from umbral.metrics.verify import VerificationError, verified_report, verify

__all__ = [
    "ClassDensities", "bandwidth", "class_densities", "kde_counts",
    "PairCounts", "count_ordered_pairs",
    "GRID", "REPORT_KEYS", "RULES", "MulticlassReport", "Snapshot", "Sweep",
    "VerificationError", "accuracy", "average_precision", "balanced_accuracy",
    "brier_score", "build_report", "choose_thresholds", "confusion_matrix",
    "cost_ratio_threshold", "expected_cost", "expected_counts", "f1_score", "f_beta",
    "false_positive_rate", "grid_counts", "log_loss", "matthews_corrcoef",
    "multiclass_report", "negative_predictive_value", "ppv_at_prevalence", "pr_curve_at_prevalence",
    "precision", "precision_recall_curve", "prevalence", "recall", "roc_auc",
    "roc_curve", "specificity", "tied_thresholds", "verified_report", "verify",
    "binormal_auc", "binormal_average_precision", "binormal_bins", "binormal_counts", "binormal_curves",
    "binormal_metrics", "binormal_min_cost_threshold", "binormal_rates", "binormal_score",
]
