"""Choose θ on one split, report on another: the honest threshold, its optimism and its wobble.

The threshold is a hyperparameter. A rule (min expected cost, max F1, ...) picks it on the
*choosing* split; the *reporting* split is then scored with θ fixed. Applying the same rule
to the reporting split itself ("peeking") gives the number a careless report would print.
The *wobble* is how much the chosen θ moves when the choosing split is resampled with
replacement: a bootstrap, drawn as multinomial counts over (score bin, label), so it costs
O(resamples x grid) after one pass over the scores and never loops over samples. The same
resamples give the *expected optimism*: how much peeking flatters the number on average,
of which this split's own gap is one draw.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from umbral.metrics import point
from umbral.metrics.sweep import GRID, Snapshot, Sweep, check_choice, check_sweep
from umbral.metrics.validation import check_costs, check_counts, check_numbers, check_positive_int

__all__ = [
    "CHOICE_RULES", "CHOICE_STEPS", "DEFAULT_RESAMPLES", "TIE", "ExpectedOptimism", "ThresholdChoice", "Wobble",
    "choice_grid", "choose_threshold", "choose_then_report", "expected_optimism", "flattery", "rule_metric",
    "wobble",
]

#: Rule name (command line) -> what it maximises or reaches, in the order reports list them.
CHOICE_RULES = {
    "min_cost": "lowest expected cost C_FN·FN + C_FP·FP",
    "max_f1": "highest F1",
    "youden": "highest Youden's J = recall - FPR",
    "closest": "closest to the ROC corner (FPR 0, recall 1)",
    "target_recall": "highest θ whose recall still reaches the target",
    "target_precision": "lowest θ whose precision reaches the target",
}
#: The choosing grids: the lecture's 0.02 grid, hundredths, or every distinct score.
CHOICE_STEPS = ("0.02", "0.01", "exact")
DEFAULT_RESAMPLES = 200
HUNDREDTHS = np.arange(101) / 100
HUNDREDTHS.setflags(write=False)

#: Values within this distance count as tied (float sums of equal counts): every rule and the binormal mode.
TIE = 1e-12


def choice_grid(step: str, sweep: Sweep) -> np.ndarray:
    """Candidate thresholds: ``GRID`` (0.02), ``HUNDREDTHS`` (0.01) or ``sweep``'s distinct scores.

    Built from integers, so 0.70 is exactly 0.7 (see :data:`umbral.metrics.sweep.GRID`).

    Examples
    --------
    >>> choice_grid("0.01", Sweep.from_scores([0, 1], [0.2, 0.8]))[:3].tolist()
    [0.0, 0.01, 0.02]
    """
    check_sweep(sweep)
    if step == "0.02":
        return GRID
    if step == "0.01":
        return HUNDREDTHS
    if step == "exact":
        return sweep.distinct_scores
    raise ValueError(f"unknown choice step {step!r}; use one of {', '.join(CHOICE_STEPS)}")


def rule_metric(rule: str, tp, fp, fn, tn, cost_fn: float = 10.0, cost_fp: float = 1.0):
    """The number ``rule`` looks at, from counts (arrays of any shape).

    min_cost: expected cost C_FN·FN + C_FP·FP, in cost units (lower is better);
    max_f1: F1; youden: J = recall - FPR; closest: distance to (0, 1) in ROC space (lower is
    better); target_recall: recall; target_precision: precision.
    """
    tp, fp, fn, tn = check_counts(tp, fp, fn, tn)
    cost_fn, cost_fp = check_costs(cost_fn, cost_fp)
    if rule == "min_cost":
        return cost_fn * np.asarray(fn, dtype=float) + cost_fp * np.asarray(fp, dtype=float)
    if rule == "max_f1":
        return np.asarray(point.f1_score(tp, fp, fn, tn), dtype=float)
    if rule == "youden":
        return np.asarray(point.recall(tp, fp, fn, tn) - point.false_positive_rate(tp, fp, fn, tn), dtype=float)
    if rule == "closest":
        return np.hypot(point.false_positive_rate(tp, fp, fn, tn), 1.0 - point.recall(tp, fp, fn, tn))
    if rule == "target_recall":
        return np.asarray(point.recall(tp, fp, fn, tn), dtype=float)
    if rule == "target_precision":
        return np.asarray(point.precision(tp, fp, fn, tn), dtype=float)
    raise ValueError(f"unknown rule {rule!r}; use one of {', '.join(CHOICE_RULES)}")


def lower_is_better(rule: str) -> bool:
    """True for the rules that minimise their metric (cost, distance)."""
    return rule in ("min_cost", "closest")


def _pick(rule: str, metric: np.ndarray, target: float | None) -> np.ndarray:
    """Index of the chosen grid θ along the last axis (-1 where no θ qualifies).

    Ties go to the highest θ (it flags the fewest samples), as :mod:`umbral.metrics.thresholds`.
    """
    metric = np.atleast_2d(metric)
    width = metric.shape[-1]
    if rule in ("target_recall", "target_precision"):
        reach = metric >= target - TIE
        # Recall falls as θ rises: keep the highest θ that reaches it. Precision: the lowest.
        first = np.argmax(reach, axis=-1)
        last = width - 1 - np.argmax(reach[:, ::-1], axis=-1)
        index = last if rule == "target_recall" else first
        return np.where(reach.any(axis=-1), index, -1)
    value = -metric if lower_is_better(rule) else metric
    best = value >= value.max(axis=-1, keepdims=True) - TIE
    return width - 1 - np.argmax(best[:, ::-1], axis=-1)


def flattery(rule: str, honest, peeked):
    """How much better the peeked number looks than the honest one, in the metric's units (arrays too).

    Honest minus peeked for the rules that minimise (cost, distance), peeked minus honest for
    the others: positive when peeking flatters, never negative for a rule that optimises.

    >>> float(flattery("min_cost", 236.0, 230.0)), float(flattery("max_f1", 0.5, 0.75))
    (6.0, 0.25)
    """
    if rule not in CHOICE_RULES:
        raise ValueError(f"unknown rule {rule!r}; use one of {', '.join(CHOICE_RULES)}")
    honest, peeked = check_numbers(honest, "honest"), check_numbers(peeked, "peeked")
    return (honest - peeked) if lower_is_better(rule) else (peeked - honest)


def _quantile(values: np.ndarray, q: float) -> float | None:
    """The ``q`` quantile as a value taken by ``values`` (``inverted_cdf``); None when empty."""
    return float(np.quantile(values, q, method="inverted_cdf")) if values.size else None


def _target(rule: str, target_recall: float, target_precision: float) -> float | None:
    return {"target_recall": target_recall, "target_precision": target_precision}.get(rule)


def choose_threshold(sweep: Sweep, rule: str, grid=GRID, cost_fn: float = 10.0, cost_fp: float = 1.0,
                     target_recall: float = 0.9, target_precision: float = 0.9) -> float | None:
    """The grid θ that ``rule`` picks on ``sweep``; None when a target is never reached.

    Examples
    --------
    >>> sweep = Sweep.from_scores([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.9])
    >>> choose_threshold(sweep, "max_f1")
    0.4
    """
    check_choice(sweep, cost_fn, cost_fp, grid, target_recall=target_recall, target_precision=target_precision)
    metric = rule_metric(rule, *sweep.counts(grid), cost_fn, cost_fp)
    index = int(_pick(rule, metric, _target(rule, target_recall, target_precision))[0])
    return None if index < 0 else float(np.asarray(grid)[index])


@dataclass(frozen=True, eq=False)
class Wobble:
    """How the chosen θ moves over bootstrap resamples of the choosing split.

    ``thetas`` holds one chosen θ per resample (NaN where a target was never reached);
    ``on_report`` the rule's metric on the reporting split at each of them (NaN likewise);
    ``theta_low``/``theta_high`` their 5 % and 95 % quantiles (grid values);
    ``metric_low``/``metric_high`` the same quantiles of the rule's metric on the reporting
    split at those θs; ``missing`` how many resamples reached no θ.
    """

    resamples: int
    seed: int
    thetas: np.ndarray
    on_report: np.ndarray
    theta_low: float | None
    theta_high: float | None
    metric_low: float | None
    metric_high: float | None
    missing: int

    def as_dict(self) -> dict:
        """Plain numbers for JSON (the θs themselves are summarised, not listed)."""
        return {"resamples": self.resamples, "seed": self.seed, "quantiles": [0.05, 0.95],
                "theta_low": self.theta_low, "theta_high": self.theta_high,
                "metric_low": self.metric_low, "metric_high": self.metric_high, "missing": self.missing}


def _bin_counts(sweep: Sweep, grid) -> np.ndarray:
    """Negatives and positives per bin; bin k holds scores with exactly k grid values <= score.

    Shape (len(grid) + 1, 2): column 0 negatives, column 1 positives.
    """
    grid = np.asarray(grid, dtype=float)
    # distinct_scores[i] has pos/neg counts = difference of the at-or-above tails.
    positives = -np.diff(sweep.positives_at_or_above)
    negatives = -np.diff(sweep.negatives_at_or_above)
    bins = np.searchsorted(grid, sweep.distinct_scores, side="right")
    counts = np.zeros((grid.size + 1, 2), dtype=np.int64)
    np.add.at(counts[:, 0], bins, negatives)
    np.add.at(counts[:, 1], bins, positives)
    return counts


def _counts_at_grid(bin_counts: np.ndarray):
    """TP, FP, FN, TN at each grid θ from per-bin counts of shape (..., K + 1, 2)."""
    # Samples with score >= grid[k] are those in bins k+1 .. K.
    tails = np.cumsum(bin_counts[..., ::-1, :], axis=-2)[..., ::-1, :][..., 1:, :]
    fp, tp = tails[..., 0], tails[..., 1]
    negatives = bin_counts[..., 0].sum(axis=-1, keepdims=True)
    positives = bin_counts[..., 1].sum(axis=-1, keepdims=True)
    return tp, fp, positives - tp, negatives - fp


def wobble(choosing: Sweep, reporting: Sweep, rule: str, grid=GRID, resamples: int = DEFAULT_RESAMPLES,
           seed: int = 0, cost_fn: float = 10.0, cost_fp: float = 1.0,
           target_recall: float = 0.9, target_precision: float = 0.9) -> Wobble:
    """Bootstrap the choice: resample ``choosing`` with replacement ``resamples`` times.

    A resample of n samples drawn with replacement has, per (score bin, label) cell, counts
    that follow a multinomial over the cells' shares; drawing those counts directly is the
    same bootstrap without materialising n indices per resample.
    """
    check_choice((choosing, reporting), cost_fn, cost_fp, grid, target_recall=target_recall,
                 target_precision=target_precision)
    resamples = check_positive_int(resamples, "resamples")
    grid = np.asarray(grid, dtype=float)
    cells = _bin_counts(choosing, grid)
    rng = np.random.default_rng(seed)
    drawn = rng.multinomial(choosing.n, cells.ravel() / choosing.n, size=resamples).reshape(resamples, *cells.shape)
    metric = rule_metric(rule, *_counts_at_grid(drawn), cost_fn, cost_fp)
    index = _pick(rule, metric, _target(rule, target_recall, target_precision))
    reached = index >= 0
    thetas = np.where(reached, grid[np.maximum(index, 0)], np.nan)
    on_report = np.full(resamples, np.nan)
    on_report[reached] = rule_metric(rule, *reporting.counts(thetas[reached]), cost_fn, cost_fp)
    chosen, honest = thetas[reached], on_report[reached]
    for values in (thetas, on_report):
        values.setflags(write=False)
    return Wobble(resamples=int(resamples), seed=int(seed), thetas=thetas, on_report=on_report,
                  theta_low=_quantile(chosen, 0.05), theta_high=_quantile(chosen, 0.95),
                  metric_low=_quantile(honest, 0.05), metric_high=_quantile(honest, 0.95),
                  missing=int((~reached).sum()))


@dataclass(frozen=True)
class ExpectedOptimism:
    """How much peeking flatters the reported number on average, over the wobble's resamples.

    For each resample the honest number is the reporting split's metric at the θ* that
    resample of the choosing split picked, and the peeked one is the reporting split's own
    best (one value: the wobble resamples only the choosing split, so this is the optimism
    expected for these reporting rows); ``mean``, ``low`` and ``high`` (5 % and 95 %
    quantiles) summarise their :func:`flattery` over the ``resamples`` that reached a θ.
    At least 0 for the rules that optimise; a target rule's peek need only reach the
    target, so its value may be negative.
    """

    mean: float
    low: float
    high: float
    resamples: int

    def as_dict(self) -> dict:
        """Plain numbers for JSON."""
        return {"mean": self.mean, "low": self.low, "high": self.high, "quantiles": [0.05, 0.95],
                "resamples": self.resamples}


def expected_optimism(rule: str, on_report, peeked: float | None) -> ExpectedOptimism | None:
    """Summarise :func:`flattery` of each resample's honest number (``on_report``, NaN skipped) against ``peeked``.

    None when peeking reaches no θ or no resample did.

    >>> expected_optimism("min_cost", np.array([236.0, 262.0, np.nan, 236.0]), 236.0)
    ExpectedOptimism(mean=8.666666666666666, low=0.0, high=26.0, resamples=3)
    """
    honest = np.atleast_1d(check_numbers(on_report, "on_report"))
    honest = honest[~np.isnan(honest)]
    if peeked is None or not honest.size:
        return None
    if not np.isfinite(check_numbers(peeked, "peeked")) or not np.isfinite(honest).all():
        raise ValueError("expected_optimism needs finite metrics (NaN only where a resample reached no θ)")
    gaps = flattery(rule, honest, peeked)
    return ExpectedOptimism(mean=float(gaps.mean()), low=_quantile(gaps, 0.05), high=_quantile(gaps, 0.95),
                            resamples=int(gaps.size))


@dataclass(frozen=True, eq=False)
class ThresholdChoice:
    """θ chosen by ``rule`` on the choosing split and what it gives on the reporting split.

    ``metric_choose``/``metric_report`` are the rule's metric (see :func:`rule_metric`) across
    ``grid`` on each split, the curves a scene draws. ``chosen`` is None when a target rule
    never reaches its target; ``peek`` is the rule applied to the reporting split itself;
    ``expected_optimism`` what peeking flatters on average over the wobble's resamples.
    """

    rule: str
    grid: np.ndarray
    cost_fn: float
    cost_fp: float
    target: float | None
    chosen: float | None
    peek: float | None
    metric_choose: np.ndarray
    metric_report: np.ndarray
    at_chosen_choose: Snapshot | None
    at_chosen_report: Snapshot | None
    at_half_report: Snapshot
    at_peek_report: Snapshot | None
    wobble: Wobble
    expected_optimism: ExpectedOptimism | None

    def metric(self, snapshot: Snapshot | None) -> float | None:
        """The rule's metric at one snapshot (None for None)."""
        if snapshot is None:
            return None
        value = rule_metric(self.rule, snapshot.tp, snapshot.fp, snapshot.fn, snapshot.tn,
                            self.cost_fn, self.cost_fp)
        return float(value)

    @property
    def optimism(self) -> float | None:
        """How much better peeking looks than the honest report on this split, in the metric's units (>= 0)."""
        honest, peeked = self.metric(self.at_chosen_report), self.metric(self.at_peek_report)
        if honest is None or peeked is None:
            return None
        return float(flattery(self.rule, honest, peeked))


def choose_then_report(choosing: Sweep, reporting: Sweep, rule: str = "min_cost", grid=GRID,
                       cost_fn: float = 10.0, cost_fp: float = 1.0, target_recall: float = 0.9,
                       target_precision: float = 0.9, resamples: int = DEFAULT_RESAMPLES,
                       seed: int = 0) -> ThresholdChoice:
    """Choose θ with ``rule`` on ``choosing`` over ``grid``; evaluate it, 0.5 and the peek on ``reporting``.

    For ``grid`` = the choosing split's distinct scores, the peek searches the reporting
    split's own distinct scores (each split's exact grid).
    """
    check_choice((choosing, reporting), cost_fn, cost_fp, grid, target_recall=target_recall,
                 target_precision=target_precision)
    exact = grid is choosing.distinct_scores
    report_grid = reporting.distinct_scores if exact else grid
    targets = {"target_recall": target_recall, "target_precision": target_precision}
    costs = {"cost_fn": cost_fn, "cost_fp": cost_fp}
    chosen = choose_threshold(choosing, rule, grid, **costs, **targets)
    peek = choose_threshold(reporting, rule, report_grid, **costs, **targets)
    metric_choose = rule_metric(rule, *choosing.counts(grid), **costs)
    metric_report = rule_metric(rule, *reporting.counts(grid), **costs)
    for values in (metric_choose, metric_report):
        values.setflags(write=False)
    at_peek_report = None if peek is None else reporting.at(peek)
    bootstrap = wobble(choosing, reporting, rule, grid, resamples, seed, **costs, **targets)
    peeked = None if peek is None else float(rule_metric(rule, at_peek_report.tp, at_peek_report.fp,
                                                         at_peek_report.fn, at_peek_report.tn, **costs))
    return ThresholdChoice(
        rule=rule, grid=np.asarray(grid), cost_fn=float(cost_fn), cost_fp=float(cost_fp),
        target=_target(rule, target_recall, target_precision), chosen=chosen, peek=peek,
        metric_choose=metric_choose, metric_report=metric_report,
        at_chosen_choose=None if chosen is None else choosing.at(chosen),
        at_chosen_report=None if chosen is None else reporting.at(chosen),
        at_half_report=reporting.at(0.5),
        at_peek_report=at_peek_report, wobble=bootstrap,
        expected_optimism=expected_optimism(rule, bootstrap.on_report, peeked),
    )
