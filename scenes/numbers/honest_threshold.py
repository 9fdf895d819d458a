"""The HonestThreshold scene's numbers: one model's θ chosen on one split, reported on another.

Pure Python on a :class:`umbral.metrics.compare.Comparison` (already verified against
scikit-learn when the facts were built), no Manim. Nothing here is a new
metric: the values are the comparison's own, read at the points the scene
marks; what is derived is for display only (axis ranges and ticks, how much
better θ* is than 0.5 and in percent, the bootstrap θs counted for the strip,
numbers formatted as shown).

>>> import numpy as np
>>> from umbral.metrics.compare import ChoiceSettings, compare_models
>>> y = np.array([0, 0, 0, 1, 1, 0, 1, 1])
>>> s = np.array([0.1, 0.3, 0.55, 0.6, 0.9, 0.2, 0.45, 0.8])
>>> comparison = compare_models({"m": ((y, s), (y, s[::-1]))}, "validation", "test", ChoiceSettings(resamples=20))
>>> numbers = honest_numbers(comparison)
>>> numbers.chosen, numbers.value_choose
(0.44, 1.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from umbral.metrics.choice import TIE, lower_is_better
from umbral.scenes.numbers.cost_threshold import nice_axis
from umbral.scenes.numbers.number_formats import format_cost

__all__ = ["Axis", "HonestNumbers", "StripTick", "axis_for", "honest_numbers", "pick_model"]

#: The threshold most libraries use without being asked.
DEFAULT_THRESHOLD = 0.5
#: Rules whose metric is a rate in 0..1 (drawn on a fixed 0..1 axis on both splits).
RATE_RULES = ("max_f1", "target_recall", "target_precision")
#: Most y-axis ticks above the bottom of a panel.
MAX_TICKS = 4
#: The strip's shortest tick, as a share of the tallest (a θ chosen once stays visible).
STRIP_FLOOR = 0.15


@dataclass(frozen=True)
class Axis:
    """A panel's metric axis: ``low`` at the θ axis, ``high`` at the top, ``ticks`` (low excluded) and their labels."""

    low: float
    high: float
    ticks: tuple
    labels: tuple


@dataclass(frozen=True)
class StripTick:
    """One distinct θ chosen by the bootstrap: how many resamples chose it, and its height share (0..1]."""

    theta: float
    count: int
    share: float


@dataclass(frozen=True)
class HonestNumbers:
    """Everything the scene shows for one model.

    ``value_*`` are the rule's metric (cost for min_cost) at: θ* on the choosing split
    (``value_choose``), θ* on the reporting split (``value_report``), 0.5 on the reporting
    split (``value_half``) and the peek on the reporting split (``value_peek``).
    ``half_gap`` is how much better θ* does than 0.5 on the reporting split, in the
    metric's units (negative: worse), ``half_percent`` that gap as a percentage of the
    cost at 0.5 (min_cost with a cost above 0 at 0.5 only). ``meets_target`` says whether
    θ* still reaches a target rule's target on the reporting split (None for other rules).
    ``optimism`` is the comparison's own; ``optimism_mean``, ``optimism_low`` and
    ``optimism_high`` its expected value and 5-95 % range over the wobble's resamples
    (:class:`umbral.metrics.choice.ExpectedOptimism`; None when there is none).
    """

    model: str
    rule: str
    lower_is_better: bool
    exact: bool
    choose_on: str
    report_on: str
    n_choose: int
    n_report: int
    cost_fn: float
    cost_fp: float
    target: float | None
    grid: tuple
    metric_choose: tuple
    metric_report: tuple
    choose_axis: Axis
    report_axis: Axis
    chosen: float | None
    value_choose: float | None
    value_report: float | None
    value_half: float
    half_gap: float | None
    half_percent: float | None
    meets_target: bool | None
    peek: float | None
    value_peek: float | None
    optimism: float | None
    optimism_mean: float | None
    optimism_low: float | None
    optimism_high: float | None
    resamples: int
    missing: int
    strip: tuple
    theta_low: float | None
    theta_high: float | None
    metric_low: float | None
    metric_high: float | None
    on_train: bool


def pick_model(comparison, model: str | None):
    """The :class:`~umbral.metrics.compare.ModelResult` for ``model`` (the first one when None or not compared)."""
    for result in comparison.models:
        if result.model == model:
            return result
    return comparison.models[0]


def axis_for(rule: str, values) -> Axis:
    """The metric axis of one panel: 0..1 for rates, a round range for cost, distance and Youden's J.

    >>> axis_for("min_cost", [577.0, 210.0])
    Axis(low=0.0, high=600.0, ticks=(200.0, 400.0, 600.0), labels=('200', '400', '600'))
    >>> axis_for("max_f1", [0.2, 0.7]).labels
    ('0.25', '0.50', '0.75', '1.00')
    >>> axis_for("youden", [-0.1, 0.6]).ticks
    (0.0, 0.5, 1.0)
    """
    values = np.asarray(values, dtype=float)
    if rule in RATE_RULES:
        low, high, ticks = 0.0, 1.0, (0.25, 0.5, 0.75, 1.0)
    elif rule == "youden":
        low, high = min(0.0, math.floor(float(values.min()) * 2) / 2), 1.0
        ticks = tuple(float(t) for t in np.arange(low + 0.5, 1.0 + 1e-9, 0.5))
    else:
        low, (high, ticks) = 0.0, nice_axis(float(values.max()), MAX_TICKS)
    labels = tuple(format_cost(t) if rule == "min_cost" else f"{t:.2f}" for t in ticks)
    return Axis(low, high, ticks, labels)


def _strip(thetas: np.ndarray) -> tuple:
    """One tick per distinct bootstrap θ (NaN skipped), tallest for the most chosen."""
    chosen = thetas[~np.isnan(thetas)]
    if not chosen.size:
        return ()
    values, counts = np.unique(chosen, return_counts=True)
    top = counts.max()
    return tuple(StripTick(float(v), int(c), STRIP_FLOOR + (1 - STRIP_FLOOR) * int(c) / int(top))
                 for v, c in zip(values, counts, strict=True))


def honest_numbers(comparison, model: str | None = None) -> HonestNumbers:
    """The numbers of the scene for ``model`` (a key of ``comparison.models``; None: the first)."""
    result = pick_model(comparison, model)
    choice = result.choice
    wobble = choice.wobble
    rule = choice.rule
    lower = lower_is_better(rule)
    value_report = choice.metric(choice.at_chosen_report)
    value_half = choice.metric(choice.at_half_report)
    half_gap = half_percent = None
    if value_report is not None:
        half_gap = (value_half - value_report) if lower else (value_report - value_half)
        if rule == "min_cost" and value_half > 0:
            half_percent = 100.0 * half_gap / value_half
    meets_target = None
    if choice.target is not None and value_report is not None:
        meets_target = value_report >= choice.target - TIE
    grid = np.asarray(choice.grid, dtype=float)
    expected = choice.expected_optimism
    return HonestNumbers(
        model=result.model, rule=rule, lower_is_better=lower,
        exact=comparison.settings.step == "exact",
        choose_on=comparison.choose_on, report_on=comparison.report_on,
        n_choose=int(result.choosing.n), n_report=int(result.reporting.n),
        cost_fn=choice.cost_fn, cost_fp=choice.cost_fp, target=choice.target,
        grid=tuple(float(t) for t in grid),
        metric_choose=tuple(float(v) for v in choice.metric_choose),
        metric_report=tuple(float(v) for v in choice.metric_report),
        choose_axis=axis_for(rule, choice.metric_choose), report_axis=axis_for(rule, choice.metric_report),
        chosen=choice.chosen, value_choose=choice.metric(choice.at_chosen_choose), value_report=value_report,
        value_half=value_half, half_gap=half_gap, half_percent=half_percent, meets_target=meets_target,
        peek=choice.peek, value_peek=choice.metric(choice.at_peek_report), optimism=choice.optimism,
        optimism_mean=None if expected is None else expected.mean,
        optimism_low=None if expected is None else expected.low,
        optimism_high=None if expected is None else expected.high,
        resamples=wobble.resamples, missing=wobble.missing, strip=_strip(np.asarray(wobble.thetas, dtype=float)),
        theta_low=wobble.theta_low, theta_high=wobble.theta_high,
        metric_low=wobble.metric_low, metric_high=wobble.metric_high,
        on_train=comparison.choose_on == "train",
    )
