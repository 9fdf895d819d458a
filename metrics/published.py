"""The numbers ``report`` and ``trace`` print, each checked against scikit-learn first.

Works on anything with ``y_true``/``y_score`` (a dataset) and a study's ``splits``,
``choice_splits`` and ``pairs``; it imports nothing of the data loaders, so a bad split
name raises the study's own error. A disagreement raises :class:`VerificationError`.
"""

from __future__ import annotations

import json

__all__ = ["CHOICE_KEYS", "choice_settings", "dataset_report", "report_output", "report_text", "report_values",
           "trace_output", "verified_comparison"]

#: The choice options' keyword names, as click passes them.
CHOICE_KEYS = ("choose_on", "report_on", "rule", "choice_step", "target_recall", "target_precision", "resamples",
               "bootstrap_seed")


def choice_settings(cost_fn: float, cost_fp: float, options: dict):
    """The choice options, taken out of ``options`` (click's keywords), as :class:`metrics.compare.ChoiceSettings`."""
    from umbral.metrics.compare import ChoiceSettings

    given = {key: options.pop(key) for key in CHOICE_KEYS}
    return ChoiceSettings(rule=given["rule"], step=given["choice_step"], choose_on=given["choose_on"],
                          report_on=given["report_on"], cost_fn=cost_fn, cost_fp=cost_fp,
                          target_recall=given["target_recall"], target_precision=given["target_precision"],
                          resamples=given["resamples"], seed=given["bootstrap_seed"])


def dataset_report(dataset, threshold: float, cost_fn: float, cost_fp: float, grid=None) -> tuple:
    """(report, sweep) of a dataset, checked against scikit-learn (rules on ``grid``, default 0.02 steps)."""
    from umbral.metrics.sweep import GRID
    from umbral.metrics.verify import verified_report

    report, sweep, _ = verified_report(dataset.y_true, dataset.y_score, threshold, cost_fn, cost_fp,
                                       GRID if grid is None else grid)
    return report, sweep


def verified_comparison(study, settings, required: bool):
    """Every model's θ chosen on one split and reported on another, checked against scikit-learn.

    None when the data has a single split and no choice was asked for (``required`` False).
    """
    from umbral.metrics.compare import compare_models
    from umbral.metrics.verify_choice import verify_comparison

    if len(study.splits) < 2 and not required:
        return None
    choose, report_on, note = study.choice_splits(settings.choose_on, settings.report_on)
    comparison = compare_models(study.pairs(choose, report_on), choose, report_on, settings, note)
    verify_comparison(comparison)
    return comparison


def report_output(study, dataset, threshold: float, settings, as_json: bool, grid_step: str) -> str:
    """What ``report`` prints: every metric at ``threshold`` and, with splits, every model's honest θ."""
    values, comparison = report_values(study, dataset, threshold, settings, grid_step)
    return json.dumps(values, indent=2) if as_json else report_text(values, comparison, dataset.title, settings,
                                                                    grid_step)


def report_text(values: dict, comparison, title: str, settings, grid_step: str) -> str:
    """The table ``report`` prints for :func:`report_values`' result."""
    from umbral.metrics.report_text import format_choice, format_report

    text = format_report(values, title=title, cost_fn=settings.cost_fn, cost_fp=settings.cost_fp,
                         grid_step=grid_step)
    return text if comparison is None else f"{text}\n\n{format_choice(comparison)}"


def report_values(study, dataset, threshold: float, settings, grid_step: str) -> tuple[dict, object]:
    """(``report --json``'s object, the comparison or None): every number verified against scikit-learn."""
    from umbral.metrics.choice import HUNDREDTHS

    values, _ = dataset_report(dataset, threshold, settings.cost_fn, settings.cost_fp,
                               HUNDREDTHS if grid_step == "0.01" else None)
    comparison = verified_comparison(study, settings, required=bool(settings.choose_on or settings.report_on))
    if not study.is_single:
        values.update(dataset.provenance["part"])
    if "read_as" in dataset.provenance:  # a text table: the delimiter, decimal mark and encoding found
        values["read_as"] = dataset.provenance["read_as"]
    if "features" in dataset.provenance:  # a raw table: what the model was fitted on, so a leak shows
        values["features"] = dataset.provenance["features"]
        values["dropped_columns"] = dataset.provenance["dropped_columns"]
    if comparison is not None:
        values["choice"] = comparison.as_dict()
    return values, comparison


def trace_output(dataset, as_json: bool) -> str:
    """What ``trace`` prints: the counts and rates at each of the 51 grid thresholds."""
    from umbral.metrics.report_text import format_trace
    from umbral.metrics.sweep import Snapshot

    _, sweep = dataset_report(dataset, 0.5, 10.0, 1.0)
    rows = [s.as_dict(Snapshot.PER_THRESHOLD_KEYS) for s in sweep.grid()]
    return json.dumps(rows, indent=2) if as_json else format_trace(rows)
