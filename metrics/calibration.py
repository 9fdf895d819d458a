"""When a score is a probability: reliability bins, calibration error, Brier's parts, recalibration.

A score is *calibrated* when, among the cases scored about 0.3, about 30 % are positive.
The reliability curve bins the scores and sets each bin's share of positives against its
mean score (the diagonal is perfect calibration). Recalibration maps scores through a
monotone function fitted on one split (Platt's sigmoid or isotonic regression) so that
they become calibrated there, and is then applied to another split.

Bins follow scikit-learn's ``calibration_curve``: a score on an inner edge belongs to the
bin below it; ``quantile`` edges are the scores' percentiles (equal-count bins).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from umbral.metrics.validation import check_positive_int, check_probabilities

__all__ = [
    "BIN_STRATEGIES", "RECALIBRATIONS", "BrierParts", "Recalibration", "Reliability",
    "brier_parts", "fit_recalibration", "reliability",
]

BIN_STRATEGIES = ("uniform", "quantile")
#: Method -> what it fits, as reports name it.
RECALIBRATIONS = {
    "sigmoid": "Platt's sigmoid: p = 1 / (1 + exp(-(a·score + b)))",
    "isotonic": "isotonic regression: the best non-decreasing step map",
}


def _bin_edges(y_score: np.ndarray, n_bins: int, strategy: str) -> np.ndarray:
    if strategy == "uniform":
        return np.linspace(0.0, 1.0, n_bins + 1)
    if strategy == "quantile":
        return np.percentile(y_score, np.linspace(0, 1, n_bins + 1) * 100)
    raise ValueError(f"unknown bin strategy {strategy!r}; use one of {', '.join(BIN_STRATEGIES)}")


@dataclass(frozen=True, eq=False)
class Reliability:
    """The reliability curve of one split: per bin, how many cases, their mean score, their share positive.

    ``edges`` has ``n_bins + 1`` entries; bin ``k`` holds the scores in ``(edges[k], edges[k+1]]``
    (the first bin also its lower edge). ``counts``, ``positives`` and ``score_sums`` have one
    entry per bin, empty bins included; ``fraction_positive`` and ``mean_score`` are NaN there.
    """

    strategy: str
    edges: np.ndarray
    counts: np.ndarray
    positives: np.ndarray
    score_sums: np.ndarray

    @property
    def n(self) -> int:
        """Cases binned."""
        return int(self.counts.sum())

    @property
    def filled(self) -> np.ndarray:
        """True for the bins holding at least one case (the points of the curve)."""
        return self.counts > 0

    @property
    def fraction_positive(self) -> np.ndarray:
        """Share of positives per bin (the curve's height; NaN for an empty bin)."""
        return np.divide(self.positives, self.counts, out=np.full(self.counts.shape, np.nan), where=self.filled)

    @property
    def mean_score(self) -> np.ndarray:
        """Mean score per bin (the curve's x; NaN for an empty bin)."""
        return np.divide(self.score_sums, self.counts, out=np.full(self.counts.shape, np.nan), where=self.filled)

    @property
    def ece(self) -> float:
        """Expected calibration error: the count-weighted mean of |share positive - mean score| over bins."""
        gap = np.abs(self.positives - self.score_sums)  # = count x |fraction - mean|
        return float(gap.sum() / self.n)

    @property
    def max_gap(self) -> float:
        """The largest |share positive - mean score| of any filled bin (maximum calibration error)."""
        filled = self.filled
        return float(np.max(np.abs(self.fraction_positive[filled] - self.mean_score[filled])))

    def bin_of(self, y_score) -> np.ndarray:
        """The bin index of each score, as the curve bins them."""
        return np.searchsorted(self.edges[1:-1], np.asarray(y_score, dtype=float), side="left")

    def as_dict(self) -> dict:
        """Every bin as plain numbers (empty bins carry None for their share and mean), and the ECE."""
        fraction, mean = self.fraction_positive, self.mean_score
        bins = [{"low": float(self.edges[k]), "high": float(self.edges[k + 1]), "count": int(self.counts[k]),
                 "positives": int(self.positives[k]),
                 "fraction_positive": None if not self.counts[k] else float(fraction[k]),
                 "mean_score": None if not self.counts[k] else float(mean[k])}
                for k in range(self.counts.size)]
        return {"strategy": self.strategy, "n_bins": int(self.counts.size), "bins": bins, "ece": self.ece,
                "max_gap": self.max_gap}


def reliability(y_true, y_score, n_bins: int = 10, strategy: str = "uniform") -> Reliability:
    """Bin the scores as scikit-learn's ``calibration_curve`` does and count each bin.

    Examples
    --------
    >>> curve = reliability([0, 0, 1, 1], [0.1, 0.3, 0.35, 0.9], n_bins=2)
    >>> curve.counts.tolist(), curve.fraction_positive.tolist()
    ([3, 1], [0.3333333333333333, 1.0])
    >>> round(curve.ece, 4)
    0.0875
    """
    y_true, y_score = check_probabilities(y_true, y_score, "a reliability curve")
    n_bins = check_positive_int(n_bins, "n_bins")
    edges = _bin_edges(y_score, n_bins, strategy)
    bins = np.searchsorted(edges[1:-1], y_score, side="left")
    counts = np.bincount(bins, minlength=n_bins)
    positives = np.bincount(bins, weights=y_true, minlength=n_bins).astype(np.int64)
    sums = np.bincount(bins, weights=y_score, minlength=n_bins)
    for values in (edges, counts, positives, sums):
        values.setflags(write=False)
    return Reliability(strategy=strategy, edges=edges, counts=counts, positives=positives, score_sums=sums)


@dataclass(frozen=True)
class BrierParts:
    """Murphy's decomposition of the Brier score over a reliability curve's bins.

    ``brier = reliability - resolution + uncertainty + within_bin``, exactly:
    *reliability* is the count-weighted mean of (mean score - share positive)² per bin (0 when
    calibrated; lower is better); *resolution* how far the bins' shares spread from the overall
    share (higher is better: the scores separate the cases); *uncertainty* the overall
    share x (1 - share), the Brier score of always guessing the base rate; *within_bin* the
    part the binning hides (scores varying inside a bin: their variance minus twice their
    covariance with the labels), 0 when every bin holds one score.
    """

    brier: float
    reliability: float
    resolution: float
    uncertainty: float
    within_bin: float

    def as_dict(self) -> dict:
        """The five numbers by name."""
        return {"brier": self.brier, "reliability": self.reliability, "resolution": self.resolution,
                "uncertainty": self.uncertainty, "within_bin": self.within_bin}


def brier_parts(y_true, y_score, curve: Reliability) -> BrierParts:
    """The Brier score and its parts over ``curve``'s bins (``curve`` made from the same cases).

    Examples
    --------
    >>> y, s = [0, 0, 1, 1], [0.1, 0.3, 0.35, 0.9]
    >>> parts = brier_parts(y, s, reliability(y, s, n_bins=2))
    >>> abs(parts.reliability - parts.resolution + parts.uncertainty + parts.within_bin - parts.brier) < 1e-12
    True
    """
    if not isinstance(curve, Reliability):
        raise ValueError(f"curve must be the Reliability that reliability() returns, not {type(curve).__name__}")
    y_true, y_score = check_probabilities(y_true, y_score, "the Brier decomposition")
    if y_true.size != curve.n:
        raise ValueError(f"the reliability curve holds {curve.n} cases but {y_true.size} were given")
    n, filled = y_true.size, curve.filled
    outcome = y_true.astype(float)
    base_rate = outcome.mean()
    share, mean = curve.fraction_positive[filled], curve.mean_score[filled]
    count = curve.counts[filled].astype(float)
    weight = count / n
    # From three sums over the cases (outcomes are 0/1, so o² = o) and the bins' counts and means:
    # Brier = (Σs² - 2Σso + Σo)/n; within = mean (s - m_b)² - 2·mean (s - m_b)(o - f_b).
    squares, cross = float(np.dot(y_score, y_score)), float(np.dot(y_score, outcome))
    brier = (squares - 2.0 * cross + float(outcome.sum())) / n
    within = ((squares - float(np.sum(count * mean * mean))) - 2.0 * (cross - float(np.sum(count * mean * share)))) / n
    return BrierParts(brier=brier,
                      reliability=float(np.sum(weight * (mean - share) ** 2)),
                      resolution=float(np.sum(weight * (share - base_rate) ** 2)),
                      uncertainty=float(base_rate * (1.0 - base_rate)), within_bin=within)


@dataclass(frozen=True, eq=False)
class Recalibration:
    """A monotone map from raw scores to calibrated ones, fitted on one split.

    ``sigmoid``: ``p = 1 / (1 + exp(-(slope·score + intercept)))`` (Platt, with his smoothed
    targets, as scikit-learn's ``CalibratedClassifierCV``); ``isotonic``: linear between the
    ``knots`` (the first and last fitting score of each level, with its fitted value), flat beyond them
    (scikit-learn's ``IsotonicRegression(out_of_bounds="clip")``).
    """

    method: str
    n_fitted: int
    slope: float | None = None
    intercept: float | None = None
    knot_scores: np.ndarray | None = None
    knot_values: np.ndarray | None = None

    def apply(self, y_score) -> np.ndarray:
        """The calibrated scores."""
        scores = np.asarray(y_score, dtype=float)
        if self.method == "sigmoid":
            return _expit(self.slope * scores + self.intercept)
        return np.interp(scores, self.knot_scores, self.knot_values)

    def as_dict(self) -> dict:
        """What was fitted, for JSON (the isotonic map as its number of steps)."""
        if self.method == "sigmoid":
            return {"method": self.method, "n_fitted": self.n_fitted, "slope": self.slope,
                    "intercept": self.intercept}
        return {"method": self.method, "n_fitted": self.n_fitted, "knots": int(self.knot_scores.size),
                "levels": int(np.unique(self.knot_values).size)}


def _expit(z: np.ndarray) -> np.ndarray:
    return np.exp(-np.logaddexp(0.0, -z))


def _platt(y_true: np.ndarray, y_score: np.ndarray) -> tuple[float, float]:
    """Slope and intercept minimising the log-loss against Platt's targets, by Newton's method.

    Targets (N+ + 1)/(N+ + 2) for positives and 1/(N- + 2) for negatives keep a separable
    split from sending the slope to infinity. The loss is convex in (slope, intercept).
    """
    positives = float(y_true.sum())
    negatives = y_true.size - positives
    target = np.where(y_true == 1, (positives + 1.0) / (positives + 2.0), 1.0 / (negatives + 2.0))
    target_sum, target_dot = target.sum(), np.dot(target, y_score)

    def evaluate(slope: float, intercept: float) -> tuple[float, np.ndarray]:
        """(loss, fitted probabilities) at one (slope, intercept); one pass of logaddexp and exp."""
        z = slope * y_score + intercept
        softplus = np.logaddexp(0.0, z)
        loss = float(softplus.sum() - slope * target_dot - intercept * target_sum)
        return loss, np.exp(z - softplus, out=z)

    params = np.array([0.0, np.log((positives + 1.0) / (negatives + 1.0))])
    current, p = evaluate(*params)
    for _ in range(100):
        weight = p * (1.0 - p)
        gradient = np.array([np.dot(p, y_score) - target_dot, p.sum() - target_sum])
        weighted = np.dot(weight, y_score)
        hessian = np.array([[np.dot(weight, y_score * y_score), weighted],
                            [weighted, weight.sum()]])
        step = np.linalg.lstsq(hessian, gradient, rcond=None)[0]
        size = 1.0
        while size > 1e-10:  # backtracking: never accept a step that raises the loss
            trial = params - size * step
            value, trial_p = evaluate(*trial)
            if value <= current:
                break
            size /= 2
        else:
            break
        params, change, p = trial, current - value, trial_p
        current = value
        if np.max(np.abs(size * step)) < 1e-13 or change <= 1e-15 * max(1.0, abs(current)):
            break
    return float(params[0]), float(params[1])


#: Scores closer than this to the first score of their group count as one score (scikit-learn's
#: ``IsotonicRegression`` pools them the same way: ``np.finfo(float).resolution``).
_SAME_SCORE = float(np.finfo(float).resolution)


def _score_groups(distinct: np.ndarray) -> np.ndarray:
    """Group number of each distinct sorted score.

    A group starts at a score at least ``_SAME_SCORE`` above the group's first score.
    """
    starts = np.ones(distinct.size, dtype=bool)
    starts[1:] = np.diff(distinct) >= _SAME_SCORE
    # A run of gaps each below the tolerance can still span more than it: walk those rare runs.
    for index in np.flatnonzero(~starts):
        first = index - 1
        while not starts[first]:
            first -= 1
        starts[index] = distinct[index] - distinct[first] >= _SAME_SCORE
    return np.cumsum(starts) - 1


def _isotonic(y_true: np.ndarray, y_score: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pool-adjacent-violators on the distinct scores (ties first averaged), weighted by their counts."""
    distinct, inverse = np.unique(y_score, return_inverse=True)
    groups = _score_groups(distinct)
    knots = distinct[np.flatnonzero(np.r_[True, np.diff(groups) > 0])]
    inverse = groups[inverse]
    weights = np.bincount(inverse).astype(float)
    sums = np.bincount(inverse, weights=y_true.astype(float))
    sizes = np.ones(sums.size, dtype=np.int64)
    # Pool every maximal run of adjacent violators (each block's mean >= the next's) at once and
    # repeat until none is left: pooling violators in any order reaches the same (unique) fit.
    while sums.size > 1:
        violates = sums[:-1] * weights[1:] >= sums[1:] * weights[:-1]  # means compared by cross-multiplying
        if not violates.any():
            break
        block = np.cumsum(np.r_[True, ~violates]) - 1
        sums, weights = np.bincount(block, weights=sums), np.bincount(block, weights=weights)
        sizes = np.bincount(block, weights=sizes).astype(np.int64)
    # A level's inner knots change nothing between its first and last: keep those two (as scikit-learn trims).
    ends = np.cumsum(sizes) - 1
    keep = np.unique(np.concatenate([ends - sizes + 1, ends]))
    return knots[keep], np.repeat(sums / weights, sizes)[keep]


def fit_recalibration(y_true, y_score, method: str) -> Recalibration:
    """Fit ``method`` (``sigmoid`` or ``isotonic``) on one split's labels and scores.

    Examples
    --------
    >>> fit = fit_recalibration([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], "isotonic")
    >>> fit.apply([0.1, 0.25, 0.4]).tolist()
    [0.0, 0.5, 1.0]
    """
    y_true, y_score = check_probabilities(y_true, y_score, "recalibration")
    if method == "sigmoid":
        slope, intercept = _platt(y_true, y_score)
        return Recalibration(method, int(y_true.size), slope=slope, intercept=intercept)
    if method == "isotonic":
        knots, values = _isotonic(y_true, y_score)
        for array in (knots, values):
            array.setflags(write=False)
        return Recalibration(method, int(y_true.size), knot_scores=knots, knot_values=values)
    raise ValueError(f"unknown recalibration {method!r}; use one of {', '.join(RECALIBRATIONS)}")
