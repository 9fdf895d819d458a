"""The numbers ``report`` and ``trace`` print (as tables: :mod:`umbral.report_tables`), each checked first.

Works on anything with ``y_true``/``y_score`` (a dataset) and a study's ``splits``,
``choice_splits`` and ``pairs``; it imports nothing of the data loaders, so a bad split
name raises the study's own error. A disagreement raises :class:`~umbral.metrics.verify.VerificationError`.
"""

from __future__ import annotations

from umbral.metrics.calibration import RECALIBRATIONS
from umbral.metrics.calibration_lesson import CalibrationSettings
from umbral.metrics.choice import HUNDREDTHS, choice_grid
from umbral.metrics.sweep import GRID, Snapshot, Sweep
from umbral.metrics.verify import verified_report
from umbral.metrics.verify_calibration import verified_calibrations, verified_recalibrated
from umbral.metrics.verify_choice import verified_comparison

__all__ = ["dataset_report", "report_values", "trace_rows", "verified_recalibration"]


def dataset_report(dataset, threshold: float, cost_fn: float, cost_fp: float, grid=GRID) -> tuple:
    """(report, sweep) of a dataset, checked against scikit-learn (rules on ``grid``, default 0.02 steps)."""
    report, sweep, _ = verified_report(dataset.y_true, dataset.y_score, threshold, cost_fn, cost_fp, grid)
    return report, sweep


def verified_recalibration(study, settings, calibration) -> dict | None:
    """``report --json``'s ``recalibration``: every model recalibrated on the choosing split, verified.

    None without ``--calibrate``. The rule's θ is costed on the reporting split before and
    after, against the θ that minimises the cost on the choosing split (on the choice grid).
    """
    if calibration.method is None:
        return None
    choose, report_on, note = study.calibration_splits(settings.choose_on, settings.report_on)
    models = []
    for model, (choosing, reporting) in study.pairs(choose, report_on).items():
        grid = choice_grid(settings.step, Sweep.from_scores(*choosing))
        result = verified_recalibrated(model, choosing, reporting, calibration.method, report_on, settings.cost_fn,
                                       settings.cost_fp, grid, calibration.n_bins, calibration.strategy)
        models.append(result.as_dict())
    return {"method": calibration.method, "fits": RECALIBRATIONS[calibration.method], "choose_on": choose,
            "report_on": report_on, "note": note, "cost_fn": settings.cost_fn, "cost_fp": settings.cost_fp,
            "grid_step": settings.step, "n_fitted": models[0]["fit"]["n_fitted"],
            "n_reported": int(study.parts[(study.models[0], report_on)].n), "models": models}


def report_values(study, dataset, threshold: float, settings, grid_step: str,
                  calibration=None) -> tuple[dict, object]:
    """(``report --json``'s object, the comparison or None): every number verified against scikit-learn.

    ``calibration`` (:class:`umbral.metrics.calibration_lesson.CalibrationSettings`, default 10
    uniform bins) bins every model on every split; its ``method`` adds the recalibration.
    """
    calibration = CalibrationSettings() if calibration is None else calibration
    recalibration = verified_recalibration(study, settings, calibration)  # first: a one-split error before work

    values, _ = dataset_report(dataset, threshold, settings.cost_fn, settings.cost_fp,
                               HUNDREDTHS if grid_step == "0.01" else GRID)
    comparison = verified_comparison(study, settings, required=bool(settings.choose_on or settings.report_on))
    if not study.is_single:
        values.update(dataset.provenance["part"])
    # A file: rows read (and why not one per line), its text dialect; a raw table: what the model
    # was fitted on, so a leak shows.
    for key in ("read_rows", "read_as", "features", "dropped_columns"):
        if key in dataset.provenance:
            values[key] = dataset.provenance[key]
    if comparison is not None:
        values["choice"] = comparison.as_dict()
    part = dataset.provenance.get("part") or {"model": study.models[0], "split": study.splits[0]}
    reported = {(part["model"], part["split"]): {"brier": values["brier"], "log_loss": values["log_loss"]}}
    parts = {(model, split): (study.parts[(model, split)].y_true, study.parts[(model, split)].y_score)
             for model in study.models for split in study.splits}
    found = verified_calibrations(parts, calibration.n_bins, calibration.strategy, reported)
    values["calibration"] = {"n_bins": calibration.n_bins, "strategy": calibration.strategy,
                             "splits": [c.as_dict() for c in found.values()]}
    if recalibration is not None:
        values["recalibration"] = recalibration
    return values, comparison


def trace_rows(dataset) -> list[dict]:
    """What ``trace`` prints: the counts and rates at each of the 51 grid thresholds, verified."""
    _, sweep = dataset_report(dataset, 0.5, 10.0, 1.0)
    return [s.as_dict(Snapshot.PER_THRESHOLD_KEYS) for s in sweep.grid()]
