"""The tables ``umbral report`` and ``umbral trace`` print, and ``Lecture.report`` shows.

Words and layout only: every number comes verified from :mod:`umbral.metrics.published`
(``report --json`` prints those numbers as they are) and is written by
:mod:`umbral.scenes.numbers.number_formats`' terminal forms.
"""

from __future__ import annotations

import json
import math

from umbral.metrics.curves import LOG_LOSS_EPS
from umbral.scenes.numbers.number_formats import (
    format_theta,
    terminal_cost,
    terminal_counts,
    terminal_mean,
    terminal_metric,
    terminal_theta,
)

__all__ = ["METRIC_NAMES", "format_calibration", "format_choice", "format_recalibration", "format_report",
           "format_trace", "report_output", "report_text", "trace_output"]

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
        f"Confusion grid at threshold {format_theta(r['threshold'])} (positive iff score >= threshold)",
        "                    predicted +   predicted -",
        f"  truly positive    TP {r['tp']:>8}   FN {r['fn']:>8}",
        f"  truly negative    FP {r['fp']:>8}   TN {r['tn']:>8}",
        "",
    ]
    for table in (_RATES, _SUMMARIES):
        lines += [f"  {name:<26}{r[name]:>7.3f}   {meaning}" for name, meaning in table] + [""]
    lines += [f"Thresholds (grid 0.00..1.00 step {grid_step}; "
              f"costs C_FN {terminal_cost(cost_fn)}, C_FP {terminal_cost(cost_fp)})"]
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


def _range_text(rule: str, optimism) -> str:
    if optimism is None:
        return "none"
    return f"{terminal_metric(rule, optimism.low)}-{terminal_metric(rule, optimism.high)}"


def _change_text(rule: str, choice) -> str:
    """'-95 (-28%)': the rule's number at the chosen θ minus at 0.50, on the reporting split."""
    honest, half = choice.metric(choice.at_chosen_report), choice.metric(choice.at_half_report)
    if honest is None:
        return "none"
    change = honest - half
    shown = f"{change:+g}" if rule == "min_cost" else f"{change:+.3f}"
    return f"{shown} ({change / half:+.0%})" if half else shown


def format_choice(comparison) -> str:
    """The honest choice of θ, one column per model (see :class:`umbral.metrics.compare.Comparison`)."""
    from umbral.metrics.choice import CHOICE_RULES, lower_is_better

    s, rule = comparison.settings, comparison.settings.rule
    metric = METRIC_NAMES[rule]
    choose, report = comparison.choose_on, comparison.report_on
    first = comparison.models[0]
    detail = {"min_cost": f"; C_FN {terminal_cost(s.cost_fn)}, C_FP {terminal_cost(s.cost_fp)}",
              "target_recall": f" {s.target_recall:g}", "target_precision": f" {s.target_precision:g}"}.get(rule, "")
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
        (f"θ chosen on {choose}", [terminal_theta(r.choice.chosen) for r in comparison.models]),
        (f"  {metric} on {choose}", [terminal_metric(rule, r.choice.metric(r.choice.at_chosen_choose))
                                     for r in comparison.models]),
        (f"  {metric} on {report}", [terminal_metric(rule, r.choice.metric(r.choice.at_chosen_report))
                                     for r in comparison.models]),
        ("    TP/FP/FN/TN there", [terminal_counts(r.choice.at_chosen_report) for r in comparison.models]),
        (f"{metric} on {report} at θ = 0.50", [terminal_metric(rule, r.choice.metric(r.choice.at_half_report))
                                               for r in comparison.models]),
        ("  TP/FP/FN/TN there", [terminal_counts(r.choice.at_half_report) for r in comparison.models]),
        ("  chosen θ against 0.50", [_change_text(rule, r.choice) for r in comparison.models]),
        (f"peeking: θ chosen on {report}", [terminal_theta(r.choice.peek) for r in comparison.models]),
        (f"  {metric} it would report", [terminal_metric(rule, r.choice.metric(r.choice.at_peek_report))
                                         for r in comparison.models]),
        ("  peeking flatters by", [terminal_metric(rule, r.choice.optimism) for r in comparison.models]),
        (f"    on average, {s.resamples} resamples",
         [terminal_mean(rule, r.choice.expected_optimism and r.choice.expected_optimism.mean)
          for r in comparison.models]),
        ("    5-95 % of those", [_range_text(rule, r.choice.expected_optimism) for r in comparison.models]),
        (f"wobble of θ, 5-95 % of {s.resamples}",
         [f"{terminal_theta(r.choice.wobble.theta_low)}-{terminal_theta(r.choice.wobble.theta_high)}"
          if r.choice.wobble.theta_low is not None else "none" for r in comparison.models]),
        (f"  {metric} on {report} over it",
         [f"{terminal_metric(rule, r.choice.wobble.metric_low)}-{terminal_metric(rule, r.choice.wobble.metric_high)}"
          if r.choice.wobble.metric_low is not None else "none" for r in comparison.models]),
    ]
    lines += _table(rows, min_width=12, gap=3)
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


_PARTS = ("reliability", "resolution", "uncertainty", "within_bin")


def _table(rows: list[tuple[str, list[str]]], min_width: int = 9, gap: int = 2) -> list[str]:
    """Rows of (label, cells): the label left-aligned, the cells right-aligned in equal columns ``gap`` apart."""
    label_width = max(len(label) for label, _ in rows) + 2
    width = max(min_width, *(len(cell) + gap for _, cells in rows for cell in cells))
    return ["  " + f"{label:<{label_width}}" + "".join(f"{cell:>{width}}" for cell in cells).rstrip()
            for label, cells in rows]


def _bin_cell(entry: dict) -> str:
    if not entry["count"]:
        return "-"
    return f"{entry['fraction_positive']:.2f}/{entry['mean_score']:.2f} ({entry['count']})"


def format_calibration(section: dict) -> str:
    """Per model and split: ECE, Brier and its parts, log-loss; then each model's bins, split by split."""
    entries = section["splits"]
    several = len({e["split"] for e in entries}) > 1 or len({e["model"] for e in entries}) > 1
    lines = [f"Calibration: is a score a probability? ({section['n_bins']} {section['strategy']} bins; "
             "among cases scored about 0.3, about 30 % should be positive)"]
    header = ("", ["n", "ECE", "Brier", "= reliab.", "- resol.", "+ uncert.", "+ within", "log-loss"])
    rows = [header] + [
        (f"{e['model']} on {e['split']}" if several else "all rows",
         [str(e["n"]), f"{e['ece']:.4f}", f"{e['brier']:.4f}", *(f"{e[part]:.4f}" for part in _PARTS),
          f"{e['log_loss']:.4f}"])
        for e in entries]
    lines += _table(rows)
    lines += ["  ECE: count-weighted mean gap |share positive - mean score| over the bins (0 = calibrated).",
              "  Brier = reliability (the bins' miscalibration, lower is better) - resolution (how far the bins'",
              "  shares spread from the base rate, higher is better) + uncertainty (the base rate's own, p(1-p))",
              "  + within-bin (score spread inside the bins)."]
    for model in dict.fromkeys(e["model"] for e in entries):
        mine = [e for e in entries if e["model"] == model]
        lines.append(f"Reliability bins{f' of {model}' if several else ''}: share positive/mean score (cases)")
        bins = [f"{b['low']:.2f}-{b['high']:.2f}" for b in mine[0]["bins"]]
        rows = [("score", [e["split"] for e in mine])]
        rows += [(label, [_bin_cell(e["bins"][k]) for e in mine]) for k, label in enumerate(bins)]
        lines += _table(rows)
    lines.append("Verified against scikit-learn: yes (calibration_curve bins, ECE, brier_score_loss and its parts, "
                 "log_loss)")
    return "\n".join(lines)


def format_recalibration(section: dict) -> str:
    """The cost rule's θ = C_FP/(C_FP+C_FN) before and after recalibrating, one column per model."""
    s, models = section, section["models"]
    report, choose = s["report_on"], s["choose_on"]
    rule, cost_fp = models[0]["rule_theta"], terminal_cost(s["cost_fp"])

    def cost(point: dict) -> str:
        return terminal_cost(point["cost"])

    def theta_cost(theta: float, point: dict) -> str:
        return f"{cost(point)} at {format_theta(theta)}"

    lines = [f"Recalibrated on {choose} ({s['n_fitted']} rows) with {s['method']} ({s['fits']}),",
             f"  then the cost rule θ = C_FP/(C_FP+C_FN) = {cost_fp}/({cost_fp}+{terminal_cost(s['cost_fn'])}) "
             f"= {format_theta(rule, exact=True)} on {report} ({s['n_reported']} rows)"]
    if s["note"]:
        lines.append(f"  note: {s['note']}")
    rows = [
        ("", [m["model"] for m in models]),
        (f"cost on {report} at the rule's θ, raw scores", [cost(m["rule_raw"]) for m in models]),
        ("  after recalibrating", [cost(m["rule_calibrated"]) for m in models]),
        ("  change", [f"{m['rule_calibrated']['cost'] - m['rule_raw']['cost']:+g}" for m in models]),
        (f"θ chosen on {choose} (min cost, raw scores)", [theta_cost(m["chosen_theta"], m["chosen"]) for m in models]),
        (f"{report}'s own minimum (a peek)", [theta_cost(m["minimum_theta"], m["minimum"]) for m in models]),
        (f"ECE on {report}, raw -> recalibrated", [f"{m['ece_before']:.3f} -> {m['ece_after']:.3f}" for m in models]),
        ("Brier, raw -> recalibrated", [f"{m['brier_before']:.3f} -> {m['brier_after']:.3f}" for m in models]),
        ("log-loss, raw -> recalibrated", [f"{m['log_loss_before']:.3f} -> {m['log_loss_after']:.3f}"
                                           for m in models]),
    ]
    if any(m["sure"] for m in models):
        rows += [("  scored exactly 0 or 1 after / wrong", [f"{m['sure']} / {m['sure_misses']}" for m in models]),
                 ("  the wrong ones' share of log-loss", [f"{m['sure_miss_share']:.0%}" for m in models])]
    lines += _table(rows)
    if any(m["sure_misses"] and m["log_loss_after"] > m["log_loss_before"] for m in models):
        lines += [f"  log-loss rose: {s['method']} scored some {report} cases exactly 0 or 1, a few of them wrongly;",
                  f"  log-loss charges each such sure miss -ln(eps) = {-math.log(LOG_LOSS_EPS):.1f}, "
                  "while Brier and the costs barely notice them."]
    lines.append("  The rule is only right for calibrated scores: recalibrate on validation, then apply it on test.")
    lines.append("Verified against scikit-learn: yes (CalibratedClassifierCV / IsotonicRegression scores, bins, costs)")
    return "\n".join(lines)


def report_text(values: dict, comparison, title: str, settings, grid_step: str) -> str:
    """The tables ``report`` prints for :func:`umbral.metrics.published.report_values`' result."""
    sections = [format_report(values, title=title, cost_fn=settings.cost_fn, cost_fp=settings.cost_fp,
                              grid_step=grid_step)]
    if comparison is not None:
        sections.append(format_choice(comparison))
    if "calibration" in values:
        sections.append(format_calibration(values["calibration"]))
    if "recalibration" in values:
        sections.append(format_recalibration(values["recalibration"]))
    return "\n\n".join(sections)


def report_output(study, dataset, threshold: float, settings, as_json: bool, grid_step: str,
                  calibration=None) -> str:
    """What ``report`` prints: every metric at ``threshold``, every model's calibration and honest θ."""
    from umbral.metrics.published import report_values

    values, comparison = report_values(study, dataset, threshold, settings, grid_step, calibration)
    return json.dumps(values, indent=2) if as_json else report_text(values, comparison, dataset.title, settings,
                                                                    grid_step)


def trace_output(dataset, as_json: bool) -> str:
    """What ``trace`` prints: the counts and rates at each of the 51 grid thresholds."""
    from umbral.metrics.published import trace_rows

    rows = trace_rows(dataset)
    return json.dumps(rows, indent=2) if as_json else format_trace(rows)
