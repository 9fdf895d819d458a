"""The numbers ``report`` and ``trace`` print, each checked against scikit-learn first.

Works on anything with ``y_true``/``y_score`` (a dataset) and a study's ``splits``,
``choice_splits`` and ``pairs``; it imports nothing of the data loaders, so a bad split
name raises the study's own error. A disagreement raises :class:`~umbral.metrics.verify.VerificationError`.
"""

from __future__ import annotations

import json

__all__ = ["CALIBRATION_KEYS", "CHOICE_KEYS", "calibration_settings", "choice_settings", "dataset_report",
           "report_output", "report_text", "report_values", "trace_output", "verified_calibration",
           "verified_comparison", "verified_recalibration"]

#: The choice options' keyword names, as click passes them.
CHOICE_KEYS = ("choose_on", "report_on", "rule", "choice_step", "target_recall", "target_precision", "resamples",
               "bootstrap_seed")

#: The calibration options' keyword names, as click passes them.
CALIBRATION_KEYS = ("calibrate", "bins", "binning")


def calibration_settings(options: dict):
    """Calibration options out of ``options``, as :class:`~umbral.metrics.calibration_lesson.CalibrationSettings`."""
    from umbral.metrics.calibration_lesson import CalibrationSettings

    given = {key: options.pop(key, None) for key in CALIBRATION_KEYS}
    defaults = CalibrationSettings()
    return CalibrationSettings(n_bins=defaults.n_bins if given["bins"] is None else given["bins"],
                               strategy=given["binning"] or defaults.strategy, method=given["calibrate"])


def choice_settings(cost_fn: float, cost_fp: float, options: dict):
    """The choice options, out of ``options`` (click's keywords), as :class:`~umbral.metrics.compare.ChoiceSettings`."""
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


def verified_calibration(study, calibration, verified: dict | None = None) -> list:
    """Every model's calibration on every split (models, then splits, in the data's order), verified.

    ``verified``: (model, split) -> its ``brier`` and ``log_loss`` already checked in this run.
    """
    from umbral.metrics.calibration_lesson import split_calibration
    from umbral.metrics.verify_calibration import verify_split_calibration

    found = []
    for model in study.models:
        for split in study.splits:
            part = study.parts[(model, split)]
            result = split_calibration(model, split, part.y_true, part.y_score, calibration.n_bins,
                                       calibration.strategy)
            verify_split_calibration(result, (verified or {}).get((model, split)))
            found.append(result)
    return found


def verified_recalibration(study, settings, calibration) -> dict | None:
    """``report --json``'s ``recalibration``: every model recalibrated on the choosing split, verified.

    None without ``--calibrate``. The rule's θ is costed on the reporting split before and
    after, against the θ that minimises the cost on the choosing split (on the choice grid).
    """
    if calibration.method is None:
        return None
    from umbral.metrics.calibration import RECALIBRATIONS
    from umbral.metrics.calibration_lesson import recalibrate_and_choose
    from umbral.metrics.choice import choice_grid
    from umbral.metrics.sweep import Sweep
    from umbral.metrics.verify_calibration import verify_recalibrated

    choose, report_on, note = study.calibration_splits(settings.choose_on, settings.report_on)
    models = []
    for model, (choosing, reporting) in study.pairs(choose, report_on).items():
        grid = choice_grid(settings.step, Sweep.from_scores(*choosing))
        result = recalibrate_and_choose(model, choosing, reporting, calibration.method, report_on, settings.cost_fn,
                                        settings.cost_fp, grid, calibration.n_bins, calibration.strategy)
        verify_recalibrated(result, choosing)
        models.append(result.as_dict())
    return {"method": calibration.method, "fits": RECALIBRATIONS[calibration.method], "choose_on": choose,
            "report_on": report_on, "note": note, "cost_fn": settings.cost_fn, "cost_fp": settings.cost_fp,
            "grid_step": settings.step, "n_fitted": models[0]["fit"]["n_fitted"],
            "n_reported": int(study.parts[(study.models[0], report_on)].n), "models": models}


def report_output(study, dataset, threshold: float, settings, as_json: bool, grid_step: str,
                  calibration=None) -> str:
    """What ``report`` prints: every metric at ``threshold``, every model's calibration and honest θ."""
    values, comparison = report_values(study, dataset, threshold, settings, grid_step, calibration)
    return json.dumps(values, indent=2) if as_json else report_text(values, comparison, dataset.title, settings,
                                                                    grid_step)


def report_text(values: dict, comparison, title: str, settings, grid_step: str) -> str:
    """The table ``report`` prints for :func:`report_values`' result."""
    from umbral.metrics.calibration_text import format_calibration, format_recalibration
    from umbral.metrics.report_text import format_choice, format_report

    sections = [format_report(values, title=title, cost_fn=settings.cost_fn, cost_fp=settings.cost_fp,
                              grid_step=grid_step)]
    if comparison is not None:
        sections.append(format_choice(comparison))
    if "calibration" in values:
        sections.append(format_calibration(values["calibration"]))
    if "recalibration" in values:
        sections.append(format_recalibration(values["recalibration"]))
    return "\n\n".join(sections)


def report_values(study, dataset, threshold: float, settings, grid_step: str,
                  calibration=None) -> tuple[dict, object]:
    """(``report --json``'s object, the comparison or None): every number verified against scikit-learn.

    ``calibration`` (:class:`umbral.metrics.calibration_lesson.CalibrationSettings`, default 10
    uniform bins) bins every model on every split; its ``method`` adds the recalibration.
    """
    from umbral.metrics.calibration_lesson import CalibrationSettings
    from umbral.metrics.choice import HUNDREDTHS

    calibration = CalibrationSettings() if calibration is None else calibration
    recalibration = verified_recalibration(study, settings, calibration)  # first: a one-split error before work

    values, _ = dataset_report(dataset, threshold, settings.cost_fn, settings.cost_fp,
                               HUNDREDTHS if grid_step == "0.01" else None)
    comparison = verified_comparison(study, settings, required=bool(settings.choose_on or settings.report_on))
    if not study.is_single:
        values.update(dataset.provenance["part"])
    if "read_rows" in dataset.provenance:  # a file: how many rows were read, and why not one per line
        values["read_rows"] = dataset.provenance["read_rows"]
    if "read_as" in dataset.provenance:  # a text table: the delimiter, decimal mark and encoding found
        values["read_as"] = dataset.provenance["read_as"]
    if "features" in dataset.provenance:  # a raw table: what the model was fitted on, so a leak shows
        values["features"] = dataset.provenance["features"]
        values["dropped_columns"] = dataset.provenance["dropped_columns"]
    if comparison is not None:
        values["choice"] = comparison.as_dict()
    part = dataset.provenance.get("part") or {"model": study.models[0], "split": study.splits[0]}
    reported = {(part["model"], part["split"]): {"brier": values["brier"], "log_loss": values["log_loss"]}}
    values["calibration"] = {"n_bins": calibration.n_bins, "strategy": calibration.strategy,
                             "splits": [c.as_dict() for c in verified_calibration(study, calibration, reported)]}
    if recalibration is not None:
        values["recalibration"] = recalibration
    return values, comparison


def trace_output(dataset, as_json: bool) -> str:
    """What ``trace`` prints: the counts and rates at each of the 51 grid thresholds."""
    from umbral.metrics.report_text import format_trace
    from umbral.metrics.sweep import Snapshot

    _, sweep = dataset_report(dataset, 0.5, 10.0, 1.0)
    rows = [s.as_dict(Snapshot.PER_THRESHOLD_KEYS) for s in sweep.grid()]
    return json.dumps(rows, indent=2) if as_json else format_trace(rows)
