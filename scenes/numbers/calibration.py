"""The Calibration scene's numbers: reliability bins per model, Brier's parts, the cost rule before and after.

Built from a verified :class:`umbral.metrics.compare.Comparison` (each model's scores on the choosing
and the reporting split) by the calibration lesson's numbers, checked against scikit-learn
(:func:`umbral.metrics.verify_calibration.verified_calibrations` and ``verified_recalibrated``): a
wrong bin, Brier part, recalibrated score or cost raises :class:`umbral.metrics.VerificationError`
and the scene is never built. What is derived is for display only: which models are shown,
the patients drawn as dots (every one up to :data:`MAX_DOTS`, else a seeded sample), where
each dot sits in its bin's column, the cost axis, numbers formatted as shown.

>>> import numpy as np
>>> from umbral.metrics.compare import ChoiceSettings, compare_models
>>> rng = np.random.default_rng(0)
>>> s = rng.uniform(size=200); y = (rng.uniform(size=200) < s ** 2).astype(int)
>>> c = compare_models({"m": ((y, s), (y, s))}, "validation", "test", ChoiceSettings(resamples=10))
>>> n = calibration_numbers(c)
>>> n.fixed.model, n.rule_theta == 1 / 11, n.fixed.before.n == 200
('m', True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from umbral.metrics import VerificationError
from umbral.metrics.choice import choice_grid, choose_threshold
from umbral.metrics.sweep import Sweep
from umbral.metrics.verify_calibration import verified_calibrations, verified_recalibrated
from umbral.scenes.numbers.honest_threshold import Axis, axis_for

__all__ = ["MAX_DOTS", "MAX_MODELS", "BinNumbers", "CalibrationNumbers", "Recalibration", "SplitBins",
           "calibration_numbers", "dot_heights", "format_part"]

#: Most patients drawn as dots in the bins' columns (a seeded sample beyond it).
MAX_DOTS = 900
#: Most models whose reliability curves are drawn (the best and the worst calibrated beyond it).
MAX_MODELS = 2
#: The seed of the dots' sample and of their places in a column.
DOT_SEED = 30
#: A dot keeps this share of its column's height clear of the column's floor, roof and level.
DOT_MARGIN = 0.03


@dataclass(frozen=True)
class BinNumbers:
    """One bin: its score range, how many cases and positives, their share positive and mean score (None if empty)."""

    low: float
    high: float
    count: int
    positives: int
    fraction: float | None
    mean: float | None


@dataclass(frozen=True, eq=False)
class SplitBins:
    """One model's scores on the reporting split as the scene shows them: bins, ECE, Brier's parts, log-loss.

    ``dot_scores``/``dot_labels`` are the patients drawn (all, or a seeded sample of
    :data:`MAX_DOTS`); the same rows before and after recalibrating, so a dot can slide to its new score;
    ``dot_bins`` their bins; ``shape`` says where the curve lies against the
    diagonal (see :func:`_shape`).
    """

    model: str
    n: int
    bins: tuple
    ece: float
    brier: float
    reliability: float
    resolution: float
    uncertainty: float
    within_bin: float
    log_loss: float
    shape: str
    dot_scores: np.ndarray
    dot_labels: np.ndarray
    dot_bins: np.ndarray

    @property
    def fractions(self) -> np.ndarray:
        """Share positive per bin, 0 for an empty one (a column with no dot has no level)."""
        return np.array([b.fraction or 0.0 for b in self.bins])

    @property
    def filled(self) -> tuple:
        """The bins holding at least one case, in score order (the points of the curve)."""
        return tuple(b for b in self.bins if b.count)

    @property
    def points(self) -> tuple:
        """(mean score, share positive) of each filled bin."""
        return tuple((b.mean, b.fraction) for b in self.filled)


@dataclass(frozen=True, eq=False)
class Recalibration:
    """The recalibrated model: its fit, the reporting split before and after, the cost rule on both.

    Costs are ``C_FN·FN + C_FP·FP`` on the reporting split. ``chosen``: θ minimising the cost on
    the choosing split's raw scores (the honest way without calibrating); ``minimum``: the
    reporting split's own cheapest θ on the raw scores, ``calibrated_minimum`` on the
    recalibrated ones (both a peek, shown as the floor). ``levels``: distinct recalibrated
    scores (isotonic's steps; None for the sigmoid).
    """

    model: str
    method: str
    n_fitted: int
    levels: int | None
    before: SplitBins
    after: SplitBins
    cost_raw: tuple
    cost_calibrated: tuple
    rule_raw: float
    rule_calibrated: float
    chosen_theta: float
    chosen_cost: float
    minimum_theta: float
    minimum_cost: float
    calibrated_minimum_theta: float
    calibrated_minimum_cost: float


@dataclass(frozen=True, eq=False)
class CalibrationNumbers:
    """Everything the Calibration scene shows: the models' bins on the reporting split and one model recalibrated."""

    choose_on: str
    report_on: str
    n_choose: int
    n_report: int
    positives: int
    n_bins: int
    cost_fn: float
    cost_fp: float
    rule_theta: float
    grid: tuple
    exact: bool
    models: tuple
    fixed: Recalibration
    cost_axis: Axis

    @property
    def sampled(self) -> bool:
        """True when the dots are a sample of the patients, not every one."""
        return self.fixed.before.dot_scores.size < self.n_report


#: Below this ECE a curve counts as close to the diagonal.
CLOSE_ECE = 0.02


def _shape(bins: tuple, ece: float) -> str:
    """Where the curve lies against the diagonal, by its count-weighted gaps.

    ``close``; ``above`` or ``below`` (the scores under- or overstate the share positive
    throughout); ``squeezed`` (below at low scores, above at high: pushed toward the middle);
    ``stretched`` (the other way round); ``mixed`` otherwise.
    """
    if ece < CLOSE_ECE:
        return "close"
    low = sum((b.fraction - b.mean) * b.count for b in bins if b.count and b.mean < 0.5)
    high = sum((b.fraction - b.mean) * b.count for b in bins if b.count and b.mean >= 0.5)
    above = sum(max(g, 0.0) for g in (low, high))
    below = -sum(min(g, 0.0) for g in (low, high))
    if low < 0 < high:
        return "squeezed"
    if high < 0 < low:
        return "stretched"
    if above >= below:
        return "above" if below == 0 else "mixed"
    return "below" if above == 0 else "mixed"


def _sample(n: int) -> np.ndarray:
    """Rows drawn as dots: every one up to :data:`MAX_DOTS`, else a seeded sample (sorted)."""
    if n <= MAX_DOTS:
        return np.arange(n)
    return np.sort(np.random.default_rng(DOT_SEED).choice(n, MAX_DOTS, replace=False))


def _split_bins(calibration, rows: np.ndarray) -> SplitBins:
    curve, parts = calibration.curve, calibration.parts
    fraction, mean = curve.fraction_positive, curve.mean_score
    bins = tuple(BinNumbers(float(curve.edges[k]), float(curve.edges[k + 1]), int(curve.counts[k]),
                            int(curve.positives[k]), None if not curve.counts[k] else float(fraction[k]),
                            None if not curve.counts[k] else float(mean[k])) for k in range(curve.counts.size))
    scores, labels = calibration.y_score[rows], calibration.y_true[rows].astype(int)
    where = curve.bin_of(scores)
    for values in (scores, labels, where):
        values.setflags(write=False)
    return SplitBins(model=calibration.model, n=int(calibration.y_true.size), bins=bins, ece=curve.ece,
                     brier=parts.brier, reliability=parts.reliability, resolution=parts.resolution,
                     uncertainty=parts.uncertainty, within_bin=parts.within_bin, log_loss=calibration.log_loss,
                     shape=_shape(bins, curve.ece), dot_scores=scores, dot_labels=labels, dot_bins=where)


def _shown_models(calibrations: list) -> list:
    """Every model up to :data:`MAX_MODELS`; beyond it the best and the worst calibrated, in the data's order."""
    if len(calibrations) <= MAX_MODELS:
        return calibrations
    eces = [c.curve.ece for c in calibrations]
    keep = {int(np.argmin(eces)), int(np.argmax(eces))}
    return [c for i, c in enumerate(calibrations) if i in keep]


def calibration_numbers(comparison, method: str = "isotonic", n_bins: int = 10,
                        strategy: str = "uniform") -> CalibrationNumbers:
    """The scene's numbers, verified; the model recalibrated (with ``method``) is the worst calibrated one.

    Raises :class:`umbral.metrics.VerificationError` when any number disagrees with scikit-learn.
    """
    settings = comparison.settings
    report_on = comparison.report_on
    calibrations = list(verified_calibrations({(r.model, report_on): (r.reporting.y_true, r.reporting.y_score)
                                               for r in comparison.models}, n_bins, strategy).values())
    worst = int(np.argmax([c.curve.ece for c in calibrations]))
    result = comparison.models[worst]
    choosing = (result.choosing.y_true, result.choosing.y_score)
    reporting = (result.reporting.y_true, result.reporting.y_score)
    grid = choice_grid(settings.step, result.choosing)
    fixed = verified_recalibrated(result.model, choosing, reporting, method, report_on, settings.cost_fn,
                                  settings.cost_fp, grid, n_bins, strategy)
    # The recalibrated curve's own cheapest θ: a peek, read off the verified cost curve (ties: the highest θ).
    calibrated_sweep = Sweep.from_scores(fixed.after.y_true, fixed.after.y_score)
    calibrated_minimum = choose_threshold(calibrated_sweep, "min_cost", grid, fixed.cost_fn, fixed.cost_fp)
    calibrated_minimum_cost = fixed.cost(calibrated_sweep.at(calibrated_minimum))
    if not np.isclose(calibrated_minimum_cost, float(np.min(fixed.cost_calibrated))):
        raise VerificationError(f"model {result.model!r}: the recalibrated cost curve's minimum "
                                f"{float(np.min(fixed.cost_calibrated))!r} != its cost at θ {calibrated_minimum!r}, "
                                f"{calibrated_minimum_cost!r}")
    rows = _sample(fixed.before.y_true.size)
    before, after = _split_bins(fixed.before, rows), _split_bins(fixed.after, rows)
    levels = None if method != "isotonic" else int(np.unique(fixed.fit.knot_values).size)
    recalibration = Recalibration(
        model=result.model, method=method, n_fitted=fixed.fit.n_fitted, levels=levels, before=before, after=after,
        cost_raw=tuple(float(v) for v in fixed.cost_raw),
        cost_calibrated=tuple(float(v) for v in fixed.cost_calibrated),
        rule_raw=fixed.cost(fixed.at_rule_raw), rule_calibrated=fixed.cost(fixed.at_rule_calibrated),
        chosen_theta=float(fixed.chosen_theta), chosen_cost=fixed.cost(fixed.at_chosen),
        minimum_theta=float(fixed.minimum_theta), minimum_cost=fixed.cost(fixed.at_minimum),
        calibrated_minimum_theta=float(calibrated_minimum), calibrated_minimum_cost=calibrated_minimum_cost)
    models = tuple(before if c.model == result.model else _split_bins(c, _sample(c.y_true.size))
                   for c in _shown_models(calibrations))
    costs = np.r_[fixed.cost_raw, fixed.cost_calibrated]
    return CalibrationNumbers(
        choose_on=comparison.choose_on, report_on=report_on, n_choose=int(result.choosing.n),
        n_report=int(result.reporting.n), positives=int(result.reporting.positives), n_bins=n_bins,
        cost_fn=fixed.cost_fn, cost_fp=fixed.cost_fp, rule_theta=fixed.rule_theta,
        grid=tuple(float(t) for t in grid), exact=settings.step == "exact", models=models, fixed=recalibration,
        cost_axis=axis_for("min_cost", costs))


def dot_heights(labels: np.ndarray, bins: np.ndarray, fractions: np.ndarray, sorted_: bool) -> np.ndarray:
    """Each dot's height in its column, 0 (floor) to 1 (roof), placed by a seeded generator.

    Unsorted, the dots are scattered over the whole column (as they drop in); sorted, the
    positives fill the column from the floor up to the bin's share positive and the negatives
    sit above it, so the column's filled part is the share positive.

    >>> heights = dot_heights(np.array([1, 0, 0, 0]), np.array([0, 0, 0, 0]), np.array([0.25]), True)
    >>> bool(heights[0] < 0.25 <= heights[1:].min())
    True
    """
    rng = np.random.default_rng(DOT_SEED)
    unit = rng.uniform(size=labels.size)
    if not sorted_:
        return DOT_MARGIN + unit * (1 - 2 * DOT_MARGIN)
    level = np.asarray(fractions, dtype=float)[bins]
    low = np.where(labels == 1, 0.0, level)
    high = np.where(labels == 1, level, 1.0)
    span = np.maximum(high - low - 2 * DOT_MARGIN, 0.0)
    return low + np.minimum(DOT_MARGIN, (high - low) / 2) + unit * span


def format_part(value: float) -> str:
    """A calibration number as shown: four decimals (ECE and Brier's parts are small), a true minus sign.

    >>> format_part(0.03394), format_part(-0.00014)
    ('0.0339', '−0.0001')
    """
    text = f"{value:.4f}"
    return text.replace("-", "−") if text != "-0.0000" else "0.0000"
