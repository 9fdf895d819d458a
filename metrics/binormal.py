"""The lab's binormal model in Python: the reference the page's script is tested against.

A population of ``M`` people (1000 in the lab) holds ``P = floor(M·π + 0.5)`` positives and
``N = M - P`` negatives. The latent x of a negative is N(0, 1), of a positive N(d, 1); the
score is the calibrated probability of being positive for the prevalence π,

    s(x) = 1 / (1 + ((1 - π) / π) · exp(d²/2 - d·x)),

and a person is flagged iff ``s(x) >= θ`` (for d > 0: iff ``x >= x_θ``). The counts are the
expected counts rounded half up, ``TP = floor(P·TPR + 0.5)``, ``FP = floor(N·FPR + 0.5)``, and
every metric comes from those integer counts with the rules of :mod:`umbral.metrics.point` (0/0 = 0).
Φ is ``0.5·erfc(-z/√2)`` with :func:`math.erfc`; the page uses Cody's rational erfc.
"""

from __future__ import annotations

import math

import numpy as np

from umbral.metrics import point
from umbral.metrics.choice import HUNDREDTHS, TIE
from umbral.metrics.sweep import Snapshot
from umbral.metrics.validation import check_nonnegative, check_number, check_numbers, check_positive_int, check_rate

__all__ = [
    "AP_STEPS", "BINORMAL_METRICS", "BINORMAL_POPULATION", "binormal_auc", "binormal_average_precision",
    "binormal_bins", "binormal_counts", "binormal_curves", "binormal_metrics", "binormal_min_cost_threshold",
    "binormal_positives", "binormal_rates", "binormal_score", "binormal_threshold_x", "normal_cdf",
]

BINORMAL_POPULATION = 1000
#: The x grid of the AP sum and of the drawn curves has AP_STEPS + 1 points.
AP_STEPS = 4000
#: The metrics the lab shows, in its order (``cost`` = ratio·FN + FP, in units of C_FP).
BINORMAL_METRICS = ("accuracy", "precision", "recall", "specificity", "f1", "balanced_accuracy", "mcc", "npv",
                    "cost")
_erfc = np.frompyfunc(math.erfc, 1, 1)


_UNSET = object()


def _check(d: float, prevalence: float, theta=_UNSET, population=_UNSET, cost_ratio=_UNSET) -> None:
    """``ValueError`` unless d >= 0, 0 < π < 1, 0 <= θ <= 1, M a whole number >= 1 and the ratio >= 0."""
    check_nonnegative(check_number(d, "separation d"), "separation d")
    check_rate(check_number(prevalence, "prevalence π"), "prevalence π", open_interval=True)
    if theta is not _UNSET:
        check_rate(check_number(theta, "threshold θ"), "threshold θ")
    if population is not _UNSET:
        check_positive_int(population, "population M")
    if cost_ratio is not _UNSET:
        check_nonnegative(check_number(cost_ratio, "cost ratio"), "cost ratio")


def normal_cdf(z):
    """Standard normal CDF Φ(z) = 0.5·erfc(-z/√2), for a float or an array.

    Examples
    --------
    >>> normal_cdf(0.0)
    0.5
    >>> round(normal_cdf(1.96), 4)
    0.975
    """
    z = np.asarray(check_numbers(z, "z"))
    if z.ndim == 0:
        return 0.5 * math.erfc(-float(z) / math.sqrt(2.0))
    return 0.5 * _erfc(-z / math.sqrt(2.0)).astype(float)


def binormal_positives(prevalence: float, population: int = BINORMAL_POPULATION) -> int:
    """Number of positives P = floor(M·π + 0.5) in a population of M; the negatives are M - P.

    Examples
    --------
    >>> binormal_positives(0.10), binormal_positives(0.0125)
    (100, 13)
    """
    _check(0.0, prevalence, population=population)
    return math.floor(population * prevalence + 0.5)


def binormal_score(x, d: float, prevalence: float):
    """Calibrated score s(x) = P(positive | latent x) for separation d and prevalence π, in 0..1.

    Examples
    --------
    >>> round(binormal_score(0.75, 1.5, 0.5), 12)  # halfway between the humps
    0.5
    >>> binormal_score(3.0, 0.0, 0.1)  # d = 0: the score is π for everyone
    0.1
    """
    _check(d, prevalence)
    with np.errstate(over="ignore"):  # exp overflows far below the negatives' hump: s = 0 there
        odds_against = (1 - prevalence) / prevalence * np.exp(d * d / 2 - d * np.asarray(x, dtype=float))
    values = 1 / (1 + odds_against)
    return float(values) if values.ndim == 0 else values


def binormal_threshold_x(theta: float, d: float, prevalence: float) -> float:
    """The latent cut x_θ = (logit θ - logit π + d²/2) / d: flagged iff x >= x_θ (d > 0, 0 < θ < 1).

    Examples
    --------
    >>> round(binormal_threshold_x(0.5, 1.5, 0.5), 12)
    0.75
    """
    _check(d, prevalence, theta)
    if not (d > 0 and 0 < theta < 1):
        raise ValueError("x_θ exists only for d > 0 and 0 < θ < 1")
    return (math.log(theta / (1 - theta)) - math.log(prevalence / (1 - prevalence)) + d * d / 2) / d


def binormal_rates(theta: float, d: float, prevalence: float) -> tuple[float, float]:
    """(TPR, FPR): the shares of positives and of negatives flagged at θ, each in 0..1.

    θ = 0 flags everyone (1, 1); θ = 1 flags nobody (0, 0); with d = 0 the score is π for
    everyone, so everyone is flagged iff π >= θ.

    Examples
    --------
    >>> tpr, fpr = binormal_rates(0.5, 1.5, 0.5)
    >>> round(tpr, 4), round(fpr, 4)
    (0.7734, 0.2266)
    >>> binormal_rates(0.05, 0.0, 0.1), binormal_rates(0.2, 0.0, 0.1)
    ((1.0, 1.0), (0.0, 0.0))
    """
    _check(d, prevalence, theta)
    if theta <= 0:
        return 1.0, 1.0
    if theta >= 1:
        return 0.0, 0.0
    if d == 0:
        return (1.0, 1.0) if prevalence >= theta else (0.0, 0.0)
    cut = binormal_threshold_x(theta, d, prevalence)
    return normal_cdf(d - cut), normal_cdf(-cut)


def binormal_counts(theta: float, d: float, prevalence: float,
                    population: int = BINORMAL_POPULATION) -> tuple[int, int, int, int]:
    """(TP, FP, FN, TN) at θ for a population of M, each the expected count rounded half up.

    ``TP = floor(P·TPR + 0.5)``, ``FP = floor(N·FPR + 0.5)``, ``FN = P - TP``, ``TN = N - FP``.

    Examples
    --------
    >>> binormal_counts(0.5, 1.5, 0.10)
    (24, 12, 76, 888)
    >>> binormal_counts(0.0, 1.5, 0.10), binormal_counts(1.0, 1.5, 0.10)
    ((100, 900, 0, 0), (0, 0, 100, 900))
    """
    _check(d, prevalence, theta, population)
    tpr, fpr = binormal_rates(theta, d, prevalence)
    positives = binormal_positives(prevalence, population)
    negatives = population - positives
    tp = math.floor(positives * tpr + 0.5)
    fp = math.floor(negatives * fpr + 0.5)
    return tp, fp, positives - tp, negatives - fp


def binormal_metrics(theta: float, d: float, prevalence: float, cost_ratio: float,
                     population: int = BINORMAL_POPULATION) -> dict:
    """Every number the lab shows at θ: the four counts and :data:`BINORMAL_METRICS`, from the integer counts.

    ``cost`` is ratio·FN + FP (C_FP = 1, C_FN = ratio); a 0/0 ratio is 0.0.

    Examples
    --------
    >>> values = binormal_metrics(0.5, 1.5, 0.10, cost_ratio=10)
    >>> values["tp"], values["cost"], round(values["precision"], 4)
    (24, 772.0, 0.6667)
    """
    _check(d, prevalence, theta, population, cost_ratio)
    counts = binormal_counts(theta, d, prevalence, population)
    values = Snapshot.from_counts(theta, *counts).as_dict(("tp", "fp", "fn", "tn", *BINORMAL_METRICS[:-1]))
    return {**values, "cost": float(point.expected_cost(*counts, cost_fn=cost_ratio, cost_fp=1.0))}


def binormal_auc(d: float) -> float:
    """Area under the ROC curve, Φ(d/√2): the chance a random positive's x beats a random negative's.

    Examples
    --------
    >>> binormal_auc(0.0)
    0.5
    >>> round(binormal_auc(1.5), 4)
    0.8556
    """
    d = check_nonnegative(check_number(d, "separation d"), "separation d")
    return normal_cdf(d / math.sqrt(2.0))


def _latent_grid(d: float) -> np.ndarray:
    """x_i = d + 8 - i·(d + 16)/4000, i = 0..4000: from far above the positives to far below the negatives."""
    steps = np.arange(AP_STEPS + 1)
    return d + 8 - steps * (d + 16) / AP_STEPS


def binormal_curves(d: float, prevalence: float) -> dict:
    """The drawn curves on the x grid: ``fpr``, ``tpr`` (ROC) and ``recall``, ``precision`` (PR), arrays.

    Examples
    --------
    >>> curves = binormal_curves(1.5, 0.1)
    >>> curves["tpr"].size, round(float(curves["tpr"][-1]), 12), round(float(curves["precision"][-1]), 12)
    (4001, 1.0, 0.1)
    """
    _check(d, prevalence)
    x = _latent_grid(d)
    tpr, fpr = normal_cdf(d - x), normal_cdf(-x)
    precision = prevalence * tpr / (prevalence * tpr + (1 - prevalence) * fpr)
    return {"fpr": fpr, "tpr": tpr, "recall": tpr, "precision": precision}


def binormal_average_precision(d: float, prevalence: float) -> float:
    """Average precision Σ_i (R_i - R_{i-1})·Prec_i over the 4001-point x grid (R_{-1} = 0), in 0..1.

    The area under the PR curve of the infinite population; d = 0 gives π (every θ has precision π).

    Examples
    --------
    >>> round(binormal_average_precision(0.0, 0.1), 9)
    0.1
    >>> round(binormal_average_precision(1.5, 0.1), 4)
    0.4776
    """
    curves = binormal_curves(d, prevalence)
    recall = curves["recall"]
    gains = np.diff(recall, prepend=0.0)
    return float(np.sum(gains * curves["precision"]))


def binormal_bins(d: float, prevalence: float, population: int = BINORMAL_POPULATION) -> dict:
    """Expected counts per score bin [k/50, (k+1)/50), k = 0..49: ``{"positive": array, "negative": array}``.

    Bin k of the positives holds P·(TPR(k/50) - TPR((k+1)/50)), of the negatives the same with N
    and FPR; floats (expected counts), each side summing to P and N.

    Examples
    --------
    >>> bins = binormal_bins(0.0, 0.1)  # d = 0: everyone scores π = 0.1, in bin 5
    >>> int(np.argmax(bins["positive"])), float(bins["positive"].sum()), float(bins["negative"][5])
    (5, 100.0, 900.0)
    """
    _check(d, prevalence, population=population)
    positives = binormal_positives(prevalence, population)
    edges = [binormal_rates(k / 50, d, prevalence) for k in range(51)]
    tpr = np.array([rates[0] for rates in edges])
    fpr = np.array([rates[1] for rates in edges])
    return {"positive": positives * -np.diff(tpr), "negative": (population - positives) * -np.diff(fpr)}


def binormal_min_cost_threshold(d: float, prevalence: float, cost_ratio: float,
                                population: int = BINORMAL_POPULATION) -> float:
    """The θ in {0.00, 0.01, ..., 1.00} with the lowest ratio·FN + FP on the integer counts; ties → highest θ.

    For a calibrated score the cost-optimal cut is near 1 / (1 + ratio), which this lands close to.

    Examples
    --------
    >>> binormal_min_cost_threshold(1.5, 0.10, cost_ratio=10)
    0.09
    >>> binormal_min_cost_threshold(0.0, 0.10, cost_ratio=1)  # flag nobody: 100 misses beat 900 alarms
    1.0
    """
    _check(d, prevalence, population=population, cost_ratio=cost_ratio)
    costs = np.array([binormal_metrics(theta, d, prevalence, cost_ratio, population)["cost"]
                      for theta in HUNDREDTHS])
    best = np.flatnonzero(costs <= costs.min() + TIE)
    return float(HUNDREDTHS[best[-1]])
