"""Plain-text tables for ``render.py report`` and ``render.py trace``."""

from __future__ import annotations

__all__ = ["format_report", "format_trace"]

_RATES = (
    ("accuracy", "share of all decisions that are right"),
    ("precision", "of those flagged, share truly positive (PPV)"),
    ("recall", "of the positives, share caught (sensitivity, TPR)"),
    ("specificity", "of the negatives, share cleared (TNR)"),
    ("fpr", "of the negatives, share falsely flagged (1 - specificity)"),
    ("npv", "of those cleared, share truly negative"),
    ("f1", "harmonic mean of precision and recall"),
    ("balanced_accuracy", "mean of recall and specificity"),
    ("mcc", "Matthews correlation, -1..1, 0 = chance"),
)

_SUMMARIES = (
    ("auc", "ROC AUC: P(random positive outranks random negative)"),
    ("average_precision", "average precision (area under PR steps)"),
    ("log_loss", "log-loss in nats (lower is better)"),
    ("brier", "Brier score (lower is better)"),
    ("majority_baseline_accuracy", "accuracy of always predicting the larger class"),
)

_RULE_NAMES = {
    "max_f1": "max F1",
    "youden_j": "max Youden's J (recall - FPR)",
    "closest_to_top_left": "closest to the ROC corner (0, 1)",
    "min_expected_cost": "min expected cost on the grid",
    "cost_ratio": "C_FP / (C_FP + C_FN), for calibrated scores",
    "target_recall": "highest with recall >= 0.90",
    "target_precision": "lowest with precision >= 0.90",
}


def format_report(report: dict, title: str, cost_fn: float, cost_fp: float) -> str:
    """The report as an aligned, commented table."""
    r = report
    lines = [
        f"{title}",
        f"  n {r['n']}   positives {r['positives']}   negatives {r['negatives']}"
        f"   prevalence {r['prevalence']:.3f}",
        "",
        f"Confusion grid at threshold {r['threshold']:.2f} (positive iff score >= threshold)",
        "                    predicted +   predicted -",
        f"  truly positive    TP {r['tp']:>8}   FN {r['fn']:>8}",
        f"  truly negative    FP {r['fp']:>8}   TN {r['tn']:>8}",
        "",
    ]
    lines += [f"  {name:<26}{r[name]:>7.3f}   {meaning}" for name, meaning in _RATES]
    lines.append("")
    lines += [f"  {name:<26}{r[name]:>7.3f}   {meaning}" for name, meaning in _SUMMARIES]
    lines += ["", f"Thresholds (grid 0.00..1.00 step 0.02; costs C_FN {cost_fn:g}, C_FP {cost_fp:g})"]
    for rule, value in r["thresholds"].items():
        shown = "   none" if value is None else f"{value:>7.3f}"
        lines.append(f"  {rule:<26}{shown}   {_RULE_NAMES.get(rule, rule)}")
    verdict = "yes" if r["verified_against_sklearn"] else "NO"
    lines += ["", f"Verified against scikit-learn: {verdict}"]
    return "\n".join(lines)


def format_trace(rows: list[dict]) -> str:
    """One line per threshold: counts and the four headline rates."""
    header = "threshold    tp    fp    fn    tn  accuracy precision  recall     f1    fpr"
    body = [
        f"{row['threshold']:>9.2f} {row['tp']:>5} {row['fp']:>5} {row['fn']:>5} {row['tn']:>5}"
        f"  {row['accuracy']:>8.3f} {row['precision']:>9.3f} {row['recall']:>7.3f}"
        f" {row['f1']:>6.3f} {row['fpr']:>6.3f}"
        for row in rows
    ]
    return "\n".join([header, *body])
