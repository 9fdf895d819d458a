"""The CostThreshold scene's numbers: expected cost over the grid for a few cost ratios.

Pure NumPy and the metrics core, no Manim. For each pair of costs
``(C_FN, C_FP)`` the cost at every grid threshold is ``C_FN * FN + C_FP * FP``
(:func:`umbral.metrics.expected_cost` on :meth:`umbral.metrics.Sweep.counts`); the minimum
may be reached at several grid thresholds (all kept, the highest quoted, as
:func:`umbral.metrics.tied_thresholds` and the report do). Every cost is checked
against scikit-learn's counts (``confusion_matrix_at_thresholds``).

Which ratios are shown (:func:`cost_steps`): equal costs, the user's costs,
then the user's imbalance made five times stronger. With the default costs
``C_FN = 10, C_FP = 1`` that is 1:1, 10:1 and 50:1.

>>> from umbral.metrics import Sweep
>>> sweep = Sweep.from_scores([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
>>> step = cost_step(sweep, cost_fn=10, cost_fp=1)
>>> step.min_cost, step.tied, step.quoted
(1.0, (0.12, 0.14, 0.16, 0.18, 0.2, 0.22, 0.24, 0.26, 0.28, 0.3, 0.32, 0.34), 0.34)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from umbral.metrics import (
    GRID,
    Snapshot,
    Sweep,
    VerificationError,
    cost_ratio_threshold,
    expected_cost,
    tied_thresholds,
)
from umbral.metrics.verify import SklearnCounts

__all__ = ["DEFAULT_THRESHOLD", "ESCALATION", "CostStep", "cost_step", "cost_steps", "cost_threshold_numbers",
           "nice_axis"]

#: The threshold most libraries use without being asked.
DEFAULT_THRESHOLD = 0.5
#: How much stronger the last step makes the user's imbalance.
ESCALATION = 5
#: Most y-axis ticks above zero.
MAX_TICKS = 5


@dataclass(frozen=True)
class CostStep:
    """The cost curve for one pair of costs, and the points the scene marks.

    Attributes
    ----------
    cost_fn, cost_fp : float
        Cost of one missed positive and of one false alarm (cost units).
    costs : tuple of float
        ``C_FN * FN + C_FP * FP`` at each of the 51 grid thresholds.
    min_cost : float
        The lowest of ``costs``.
    tied : tuple of float
        Every grid threshold reaching ``min_cost``, increasing (may have gaps).
    runs : tuple of (float, float)
        ``tied`` grouped into runs of neighbouring grid thresholds (first, last).
    quoted : float
        The highest tied threshold (the one the report quotes; it flags fewest).
    at_min : Snapshot
        Counts at ``quoted``.
    default_cost : float
        Cost at 0.5.
    ratio_threshold : float
        ``C_FP / (C_FP + C_FN)``, the best threshold for calibrated scores.
    y_max, y_ticks : float, tuple of float
        A round top for the cost axis and its tick values (0 excluded).
    """

    cost_fn: float
    cost_fp: float
    costs: tuple
    min_cost: float
    tied: tuple
    runs: tuple
    quoted: float
    at_min: Snapshot
    default_cost: float
    ratio_threshold: float
    y_max: float
    y_ticks: tuple


def cost_steps(cost_fn: float = 10.0, cost_fp: float = 1.0) -> tuple[tuple[float, float], ...]:
    """The three ``(C_FN, C_FP)`` pairs the scene shows, in order.

    Equal costs (both the user's ``C_FP``, or ``C_FN`` when ``C_FP`` is 0), the
    user's pair, then the dearer error made ``ESCALATION`` times dearer. When the
    user's costs are equal, the last two steps make each error dearer in turn.

    >>> cost_steps(10, 1)
    ((1.0, 1.0), (10.0, 1.0), (50.0, 1.0))
    >>> cost_steps(1, 4)
    ((4.0, 4.0), (1.0, 4.0), (1.0, 20.0))
    >>> cost_steps(2, 2)
    ((2.0, 2.0), (10.0, 2.0), (2.0, 10.0))
    """
    cost_fn, cost_fp = float(cost_fn), float(cost_fp)
    unit = cost_fp if cost_fp > 0 else cost_fn
    if cost_fn == cost_fp:
        return (unit, unit), (ESCALATION * unit, unit), (unit, ESCALATION * unit)
    dearer = (ESCALATION * cost_fn, cost_fp) if cost_fn > cost_fp else (cost_fn, ESCALATION * cost_fp)
    return (unit, unit), (cost_fn, cost_fp), dearer


def nice_axis(top: float, max_ticks: int = MAX_TICKS) -> tuple[float, tuple]:
    """A round axis top at or above ``top`` and its ticks (1, 2, 2.5 or 5 times a power of ten).

    >>> nice_axis(50)
    (50.0, (10.0, 20.0, 30.0, 40.0, 50.0))
    >>> nice_axis(4050)
    (5000.0, (1000.0, 2000.0, 3000.0, 4000.0, 5000.0))
    """
    top = max(float(top), 1.0)
    power = 10.0 ** math.floor(math.log10(top / max_ticks))
    for factor in (1, 2, 2.5, 5, 10):
        step = factor * power
        if math.ceil(top / step - 1e-9) <= max_ticks:
            break
    count = math.ceil(top / step - 1e-9)
    ticks = tuple(float(round(step * i, 10)) for i in range(1, count + 1))
    return ticks[-1], ticks


def _runs(tied: np.ndarray) -> tuple:
    """Group tied grid thresholds into runs of grid neighbours."""
    index = np.rint(tied * (GRID.size - 1)).astype(int)
    breaks = np.flatnonzero(np.diff(index) > 1)
    starts = np.r_[0, breaks + 1]
    ends = np.r_[breaks, index.size - 1]
    return tuple((float(tied[a]), float(tied[b])) for a, b in zip(starts, ends, strict=True))


def cost_step(sweep: Sweep, cost_fn: float, cost_fp: float) -> CostStep:
    """Cost curve, minimum and marked points for one pair of costs."""
    tp, fp, fn, tn = sweep.counts(GRID)
    costs = np.asarray(expected_cost(tp, fp, fn, tn, cost_fn, cost_fp), dtype=float)
    tied = np.asarray(tied_thresholds(sweep, "min_expected_cost", cost_fn, cost_fp), dtype=float)
    quoted = float(tied.max())
    y_max, y_ticks = nice_axis(costs.max())
    default = sweep.at(DEFAULT_THRESHOLD)
    return CostStep(
        cost_fn=float(cost_fn), cost_fp=float(cost_fp),
        costs=tuple(float(c) for c in costs), min_cost=float(costs.min()),
        tied=tuple(float(t) for t in tied), runs=_runs(tied), quoted=quoted,
        at_min=sweep.at(quoted), default_cost=default.cost(cost_fn, cost_fp),
        ratio_threshold=float(cost_ratio_threshold(cost_fn, cost_fp)), y_max=y_max, y_ticks=y_ticks,
    )


def verify_step(sweep: Sweep, step: CostStep, sklearn: SklearnCounts | None = None) -> None:
    """Recompute every cost from scikit-learn's counts; raise VerificationError on a mismatch.

    ``sklearn`` is the split's :class:`SklearnCounts` (the facts carry the one made
    while verifying); without it one is counted from the sweep's labels and scores.
    """
    sklearn = sklearn if sklearn is not None else SklearnCounts(sweep.y_true, sweep.y_score)
    _, fp, fn, _ = sklearn.counts(GRID)
    costs = step.cost_fn * fn.astype(float) + step.cost_fp * fp.astype(float)
    if not np.allclose(costs, step.costs, rtol=1e-12, atol=1e-9):
        raise VerificationError(f"cost curve for C_FN={step.cost_fn:g}, C_FP={step.cost_fp:g} "
                                "disagrees with scikit-learn")
    tied = GRID[costs <= costs.min() + 1e-9]
    if tuple(float(t) for t in tied) != step.tied:
        raise VerificationError(f"tied minimum-cost thresholds {step.tied} disagree with scikit-learn's {tuple(tied)}")


def cost_threshold_numbers(sweep: Sweep, cost_fn: float = 10.0, cost_fp: float = 1.0,
                           sklearn: SklearnCounts | None = None) -> tuple[CostStep, ...]:
    """The verified steps of the scene, one per pair from :func:`cost_steps` (``sklearn`` as in :func:`verify_step`)."""
    steps = tuple(cost_step(sweep, c_fn, c_fp) for c_fn, c_fp in cost_steps(cost_fn, cost_fp))
    sklearn = sklearn if sklearn is not None else SklearnCounts(sweep.y_true, sweep.y_score)
    for step in steps:
        verify_step(sweep, step, sklearn)
    return steps
