"""The lab's calibration panel: reliability bins, ECE, Brier, log-loss and the cost rule's counts, verified.

For each model on each split the page gets its raw scores' reliability bins (as ``report``
bins them: ten uniform bins) and, when the data has a split to fit on, the same after
recalibrating the scores with isotonic regression and with Platt's sigmoid, fitted on that
split (``validation``, else ``train``: :meth:`umbral.data.study.Study.calibration_splits`) for the
same model. With each: the counts at every hundredth (for the cost curve; the raw scores'
are the part's own) and the counts at the cost rule's θ = C_FP / (C_FP + C_FN) = 1 / (1 + r)
for every whole cost ratio r of the slider (1..100) and the lecture's. Every number is checked
against scikit-learn (by :mod:`umbral.metrics.calibration_lesson`, the lesson's numbers the report and
the scene read too, and ``confusion_matrix_at_thresholds``) before it is returned.
"""

from __future__ import annotations

import numpy as np

from umbral.metrics import Sweep, VerificationError
from umbral.metrics.choice import HUNDREDTHS
from umbral.metrics.thresholds import cost_ratio_threshold
from umbral.metrics.verify import SklearnCounts
from umbral.metrics.verify_calibration import verified_calibrations, verified_recalibrated

__all__ = ["METHODS", "N_BINS", "calibration_numbers", "rule_ratios"]

#: The recalibrations the panel offers, in the order of its switch.
METHODS = ("isotonic", "sigmoid")
#: Reliability bins, as ``umbral report`` bins them by default.
N_BINS = 10
STRATEGY = "uniform"


def rule_ratios(default_ratio: float) -> list[float]:
    """The cost ratios whose rule θ the page can cost exactly: the slider's whole ratios and the lecture's.

    The lecture's is rounded to 1e-6 as the page keeps it (its URL hash does the same).

    Examples
    --------
    >>> len(rule_ratios(10.0)), rule_ratios(2.5)[:3]
    (100, [1.0, 2.0, 2.5])
    """
    return sorted({float(r) for r in range(1, 101)} | {round(float(default_ratio), 6)})


def _checked_counts(y_true, y_score, thresholds) -> tuple[list, list]:
    """TP and FP at ``thresholds`` from the core, equal to scikit-learn's or a VerificationError."""
    tp, fp, _, _ = Sweep.from_scores(y_true, y_score).counts(np.asarray(thresholds, dtype=float))
    their_tp, their_fp, _, _ = SklearnCounts(y_true, y_score).counts(thresholds)
    if not (np.array_equal(tp, their_tp) and np.array_equal(fp, their_fp)):
        raise VerificationError("the calibration panel's counts differ from scikit-learn's "
                                "confusion_matrix_at_thresholds")
    return tp.tolist(), fp.tolist()


def _view(calibration, rule_thetas, with_hundredths: bool) -> dict:
    """One set of scores as the panel shows it: bins [count, positives, mean score], ECE, Brier, log-loss, counts."""
    curve = calibration.curve
    bins = [[int(count), int(positives), float(mean) if count else None]
            for count, positives, mean in zip(curve.counts, curve.positives, curve.mean_score, strict=True)]
    rule_tp, rule_fp = _checked_counts(calibration.y_true, calibration.y_score, rule_thetas)
    view = {"bins": bins, "ece": curve.ece, "brier": calibration.parts.brier, "log_loss": calibration.log_loss,
            "rule": {"tp": rule_tp, "fp": rule_fp}}
    if with_hundredths:
        tp, fp = _checked_counts(calibration.y_true, calibration.y_score, HUNDREDTHS)
        view["at_hundredths"] = {"tp": tp, "fp": fp}
    return view


def _fitting_split(study) -> str | None:
    """The split the recalibration is fitted on, or None when the data has no second split to fit on."""
    from umbral.data.dataset import DataError

    try:
        return study.calibration_splits()[0]
    except DataError:
        return None


def calibration_numbers(study, default_ratio: float) -> tuple[dict, dict]:
    """(the page's ``calibration`` entry, {(model, split): the part's ``calibration``}), all verified.

    The entry: ``{n_bins, strategy, edges, ratios, methods, fitted_on}`` (``methods`` empty and
    ``fitted_on`` None without a split to fit on). A part's: ``{n_fitted, in_sample, scores: {raw,
    isotonic, sigmoid}}`` (``n_fitted``: the cases the map was fitted on; ``in_sample``: this is that
    split), each score set ``{bins: [[count, positives, mean score]], ece, brier, log_loss, rule: {tp,
    fp}}``, the recalibrated ones with ``at_hundredths: {tp, fp}``; ``rule``'s counts are at
    θ = 1 / (1 + r) for r in ``ratios``.
    """
    ratios = rule_ratios(default_ratio)
    rule_thetas = [cost_ratio_threshold(ratio, 1.0) for ratio in ratios]
    fitted_on = _fitting_split(study)
    methods = METHODS if fitted_on is not None else ()
    raws = verified_calibrations({key: (part.y_true, part.y_score) for key, part in study.parts.items()}, N_BINS,
                                 STRATEGY)
    parts = {}
    for model in study.models:
        choosing, n_fitted = None, None
        if fitted_on is not None:
            fit_part = study.parts[(model, fitted_on)]
            choosing, n_fitted = (fit_part.y_true, fit_part.y_score), int(fit_part.n)
        for split in study.splits:
            part = study.parts[(model, split)]
            views = {"raw": _view(raws[(model, split)], rule_thetas, with_hundredths=False)}
            for method in methods:
                result = verified_recalibrated(model, choosing, (part.y_true, part.y_score), method, split,
                                               default_ratio, 1.0, HUNDREDTHS, N_BINS, STRATEGY)
                views[method] = _view(result.after, rule_thetas, with_hundredths=True)
            parts[(model, split)] = {"n_fitted": n_fitted, "in_sample": split == fitted_on, "scores": views}
    edges = np.linspace(0.0, 1.0, N_BINS + 1)
    entry = {"n_bins": N_BINS, "strategy": STRATEGY, "edges": edges.tolist(), "ratios": ratios,
             "methods": list(methods), "fitted_on": fitted_on}
    return entry, parts
