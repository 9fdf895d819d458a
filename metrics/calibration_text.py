"""Plain-text tables of the calibration section of ``umbral report`` (from ``report --json``'s values)."""

from __future__ import annotations

import math

from umbral.metrics.curves import LOG_LOSS_EPS

__all__ = ["format_calibration", "format_recalibration"]

_PARTS = ("reliability", "resolution", "uncertainty", "within_bin")


def _table(rows: list[tuple[str, list[str]]], indent: str = "  ") -> list[str]:
    """Rows of (label, cells) with the label left-aligned and the cells right-aligned in equal columns."""
    label_width = max(len(label) for label, _ in rows) + 2
    width = max(9, *(len(cell) + 2 for _, cells in rows for cell in cells))
    return [indent + f"{label:<{label_width}}" + "".join(f"{cell:>{width}}" for cell in cells).rstrip()
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
    rule = models[0]["rule_theta"]

    def cost(point: dict) -> str:
        return f"{point['cost']:g}"

    def theta_cost(theta: float, point: dict) -> str:
        return f"{point['cost']:g} at {theta:.2f}"

    lines = [f"Recalibrated on {choose} ({s['n_fitted']} rows) with {s['method']} ({s['fits']}),",
             f"  then the cost rule θ = C_FP/(C_FP+C_FN) = {s['cost_fp']:g}/({s['cost_fp']:g}+{s['cost_fn']:g}) "
             f"= {rule:.3f} on {report} ({s['n_reported']} rows)"]
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
