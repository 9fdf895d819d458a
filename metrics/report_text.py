"""Plain-text tables for ``render.py report`` and ``render.py trace``."""

from __future__ import annotations

__all__ = ["METRIC_NAMES", "format_choice", "format_report", "format_trace"]

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


def format_report(report: dict, title: str, cost_fn: float, cost_fp: float, grid_step: str = "0.02") -> str:
    """The report as an aligned, commented table."""
    r = report
    lines = [
        f"{title}",
        *([f"  {r['read_rows']['text']}"] if r.get("read_rows") else []),
        f"  n {r['n']}   positives {r['positives']}   negatives {r['negatives']}"
        f"   prevalence {r['prevalence']:.3f}",
        *([f"  read as {r['read_as']}"] if r.get("read_as") else []),
        *([f"  features {', '.join(r['features'])}"] if r.get("features") else []),
        *([f"  not features {', '.join(r['dropped_columns'])} (a row index)"] if r.get("dropped_columns") else []),
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
    lines += ["", f"Thresholds (grid 0.00..1.00 step {grid_step}; costs C_FN {cost_fn:g}, C_FP {cost_fp:g})"]
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


#: Rule -> the name of the number it looks at, as the choice table prints it.
METRIC_NAMES = {"min_cost": "cost", "max_f1": "F1", "youden": "Youden's J", "closest": "distance to (0, 1)",
                "target_recall": "recall", "target_precision": "precision"}


def _metric_text(rule: str, value) -> str:
    if value is None:
        return "none"
    return f"{value:g}" if rule == "min_cost" else f"{value:.3f}"


def _mean_text(rule: str, optimism) -> str:
    """The expected optimism's mean: a cost with one decimal, anything else with three."""
    if optimism is None:
        return "none"
    return f"{optimism.mean:.1f}" if rule == "min_cost" else f"{optimism.mean:.3f}"


def _range_text(rule: str, optimism) -> str:
    if optimism is None:
        return "none"
    return f"{_metric_text(rule, optimism.low)}-{_metric_text(rule, optimism.high)}"


def _change_text(rule: str, choice) -> str:
    """'-95 (-28%)': the rule's number at the chosen θ minus at 0.50, on the reporting split."""
    honest, half = choice.metric(choice.at_chosen_report), choice.metric(choice.at_half_report)
    if honest is None:
        return "none"
    change = honest - half
    shown = f"{change:+g}" if rule == "min_cost" else f"{change:+.3f}"
    return f"{shown} ({change / half:+.0%})" if half else shown


def _counts_text(snapshot) -> str:
    return "none" if snapshot is None else f"{snapshot.tp}/{snapshot.fp}/{snapshot.fn}/{snapshot.tn}"


def _theta_text(value) -> str:
    return "none" if value is None else f"{value:.4g}" if value * 100 % 1 else f"{value:.2f}"


def format_choice(comparison) -> str:
    """The honest choice of θ, one column per model (see :class:`umbral.metrics.compare.Comparison`)."""
    from umbral.metrics.choice import CHOICE_RULES, lower_is_better

    s, rule = comparison.settings, comparison.settings.rule
    metric = METRIC_NAMES[rule]
    choose, report = comparison.choose_on, comparison.report_on
    first = comparison.models[0]
    detail = {"min_cost": f"; C_FN {s.cost_fn:g}, C_FP {s.cost_fp:g}", "target_recall": f" {s.target_recall:g}",
              "target_precision": f" {s.target_precision:g}"}.get(rule, "")
    step = "every distinct score" if s.step == "exact" else f"grid step {s.step}"
    lines = [f"Choosing θ honestly: {rule} ({CHOICE_RULES[rule]}{detail}), {step}",
             f"  θ chosen on {choose} ({first.choosing.n} rows), reported on {report} ({first.reporting.n} rows) "
             "with θ fixed"]
    if comparison.note:
        lines.append(f"  note: {comparison.note}")

    rows = [
        ("", [r.model for r in comparison.models]),
        (f"AUC on {report}", [f"{r.auc:.3f}" for r in comparison.models]),
        (f"AP on {report}", [f"{r.average_precision:.3f}" for r in comparison.models]),
        (f"θ chosen on {choose}", [_theta_text(r.choice.chosen) for r in comparison.models]),
        (f"  {metric} on {choose}", [_metric_text(rule, r.choice.metric(r.choice.at_chosen_choose))
                                     for r in comparison.models]),
        (f"  {metric} on {report}", [_metric_text(rule, r.choice.metric(r.choice.at_chosen_report))
                                     for r in comparison.models]),
        ("    TP/FP/FN/TN there", [_counts_text(r.choice.at_chosen_report) for r in comparison.models]),
        (f"{metric} on {report} at θ = 0.50", [_metric_text(rule, r.choice.metric(r.choice.at_half_report))
                                               for r in comparison.models]),
        ("  TP/FP/FN/TN there", [_counts_text(r.choice.at_half_report) for r in comparison.models]),
        ("  chosen θ against 0.50", [_change_text(rule, r.choice) for r in comparison.models]),
        (f"peeking: θ chosen on {report}", [_theta_text(r.choice.peek) for r in comparison.models]),
        (f"  {metric} it would report", [_metric_text(rule, r.choice.metric(r.choice.at_peek_report))
                                         for r in comparison.models]),
        ("  peeking flatters by", [_metric_text(rule, r.choice.optimism) for r in comparison.models]),
        (f"    on average, {s.resamples} resamples", [_mean_text(rule, r.choice.expected_optimism)
                                                   for r in comparison.models]),
        ("    5-95 % of those", [_range_text(rule, r.choice.expected_optimism) for r in comparison.models]),
        (f"wobble of θ, 5-95 % of {s.resamples}",
         [f"{_theta_text(r.choice.wobble.theta_low)}-{_theta_text(r.choice.wobble.theta_high)}"
          if r.choice.wobble.theta_low is not None else "none" for r in comparison.models]),
        (f"  {metric} on {report} over it",
         [f"{_metric_text(rule, r.choice.wobble.metric_low)}-{_metric_text(rule, r.choice.wobble.metric_high)}"
          if r.choice.wobble.metric_low is not None else "none" for r in comparison.models]),
    ]
    label_width = max(len(label) for label, _ in rows) + 2
    width = max(12, *(len(value) + 3 for _, values in rows for value in values))
    lines += ["  " + f"{label:<{label_width}}" + "".join(f"{value:>{width}}" for value in values)
              for label, values in rows]
    missing = [f"{r.model} {r.choice.wobble.missing}" for r in comparison.models if r.choice.wobble.missing]
    if missing:
        lines.append(f"  resamples that reached no θ: {', '.join(missing)}")
    gap = f"honest {metric} - peeked {metric}" if lower_is_better(rule) else f"peeked {metric} - honest {metric}"
    lines += [f"  peeking flatters by: {gap} on {report}. On average: over the wobble's {s.resamples}",
              f"  bootstrap resamples of {choose}, θ* chosen again on each with {report} fixed;",
              "  this split's own gap is one draw of it."]
    lines.append("Verified against scikit-learn: yes (chosen and peeking θ, counts, AUC, AP, ROC points,")
    lines.append("  the wobble's numbers on the reporting split)")
    return "\n".join(lines)
