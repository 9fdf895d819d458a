"""The lab's binormal reference against independent computations: sampling, Bayes' rule, sklearn, quadrature."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

import numpy as np
import pytest

from umbral.metrics import point
from umbral.metrics.binormal import (
    BINORMAL_METRICS,
    binormal_auc,
    binormal_average_precision,
    binormal_bins,
    binormal_counts,
    binormal_curves,
    binormal_metrics,
    binormal_min_cost_threshold,
    binormal_positives,
    binormal_rates,
    binormal_score,
    binormal_threshold_x,
    normal_cdf,
)

HUNDREDTHS = np.arange(101) / 100
SEPARATIONS = (0.5, 1.5, 3.0)
PREVALENCES = (0.01, 0.1, 0.3)


def density(x, mean=0.0):
    return np.exp(-((x - mean) ** 2) / 2) / math.sqrt(2 * math.pi)


def test_normal_cdf_matches_known_values_and_scalars_stay_floats():
    assert normal_cdf(0.0) == 0.5 and isinstance(normal_cdf(1.0), float)
    assert normal_cdf(1.959963984540054) == pytest.approx(0.975, abs=1e-15)
    assert normal_cdf(np.array([-1.0, 1.0])).sum() == pytest.approx(1.0, abs=1e-15)
    assert 0 < normal_cdf(-12.0) < 1e-32  # erfc keeps the far tail; 1 - Φ(12) would be 0


@pytest.mark.parametrize("population", (1000, 37))
def test_positives_round_half_up_not_to_even(population):
    for prevalence in (0.01, 0.0125, 0.0135, 0.1, 0.2345, 0.5):
        half_up = Decimal(population * prevalence).quantize(Decimal(1), rounding=ROUND_HALF_UP)
        assert binormal_positives(prevalence, population) == int(half_up)
    assert binormal_positives(0.0125) == 13  # 12.5 goes up (Python's round() would give 12)


def test_the_score_is_the_posterior_by_bayes_rule():
    x = np.linspace(-5, 7, 241)
    for d in SEPARATIONS:
        for prevalence in PREVALENCES:
            sick = prevalence * density(x, d)
            posterior = sick / (sick + (1 - prevalence) * density(x))
            np.testing.assert_allclose(binormal_score(x, d, prevalence), posterior, rtol=1e-12, atol=1e-15)


def test_the_score_is_calibrated_on_a_sample():
    rng = np.random.default_rng(20240612)
    d, prevalence, n = 1.5, 0.3, 400_000
    label = rng.random(n) < prevalence
    x = rng.normal(np.where(label, d, 0.0), 1.0)
    score = binormal_score(x, d, prevalence)
    bins = np.minimum((score * 10).astype(int), 9)
    for k in range(10):
        inside = bins == k
        if inside.sum() < 2000:
            continue
        observed, predicted = label[inside].mean(), score[inside].mean()
        assert abs(observed - predicted) < 4 * math.sqrt(predicted * (1 - predicted) / inside.sum()) + 1e-3, k


@pytest.mark.parametrize("d", SEPARATIONS)
def test_rates_match_a_seeded_sample(d):
    rng = np.random.default_rng(12 + int(10 * d))
    n = 200_000
    positives, negatives = rng.normal(d, 1.0, n), rng.normal(0.0, 1.0, n)
    for prevalence in PREVALENCES:
        for theta in (0.05, 0.3, 0.5, 0.73, 0.95):
            tpr, fpr = binormal_rates(theta, d, prevalence)
            assert np.mean(binormal_score(positives, d, prevalence) >= theta) == pytest.approx(tpr, abs=0.006)
            assert np.mean(binormal_score(negatives, d, prevalence) >= theta) == pytest.approx(fpr, abs=0.006)


def test_the_latent_cut_gives_the_threshold_score():
    for d in SEPARATIONS:
        for prevalence in PREVALENCES:
            for theta in (0.01, 0.5, 0.99):
                cut = binormal_threshold_x(theta, d, prevalence)
                assert binormal_score(cut, d, prevalence) == pytest.approx(theta, rel=1e-12)


def test_counts_are_the_rounded_expected_counts_and_add_up():
    for d in (0.0, *SEPARATIONS):
        for prevalence in (*PREVALENCES, 0.5):
            positives = binormal_positives(prevalence)
            for theta in HUNDREDTHS:
                tp, fp, fn, tn = binormal_counts(theta, d, prevalence)
                tpr, fpr = binormal_rates(theta, d, prevalence)
                assert (tp + fn, fp + tn) == (positives, 1000 - positives)
                assert abs(tp - positives * tpr) <= 0.5 and abs(fp - (1000 - positives) * fpr) <= 0.5
                assert all(isinstance(v, int) for v in (tp, fp, fn, tn))


def test_edges_flag_everyone_at_zero_and_nobody_at_one():
    for d in (0.0, 1.5):
        assert binormal_counts(0.0, d, 0.1) == (100, 900, 0, 0)
        assert binormal_counts(1.0, d, 0.1) == (0, 0, 100, 900)
    nobody = binormal_metrics(1.0, 1.5, 0.1, cost_ratio=10)
    assert (nobody["precision"], nobody["recall"], nobody["specificity"], nobody["mcc"]) == (0.0, 0.0, 1.0, 0.0)
    assert nobody["cost"] == 1000.0
    everyone = binormal_metrics(0.0, 1.5, 0.1, cost_ratio=10)
    assert (everyone["precision"], everyone["recall"], everyone["npv"], everyone["cost"]) == (0.1, 1.0, 0.0, 900.0)


def test_no_separation_flags_everyone_iff_the_prevalence_reaches_theta():
    assert binormal_counts(0.10, 0.0, 0.10) == (100, 900, 0, 0)
    assert binormal_counts(0.11, 0.0, 0.10) == (0, 0, 100, 900)
    assert binormal_auc(0.0) == 0.5
    for prevalence in (0.01, 0.1, 0.5):
        assert binormal_average_precision(0.0, prevalence) == pytest.approx(prevalence, abs=1e-12)


def test_metrics_are_those_of_the_integer_counts():
    values = binormal_metrics(0.3, 1.5, 0.1, cost_ratio=10)
    counts = tuple(values[k] for k in ("tp", "fp", "fn", "tn"))
    assert counts == binormal_counts(0.3, 1.5, 0.1)
    assert tuple(values) == ("tp", "fp", "fn", "tn", *BINORMAL_METRICS)
    assert values["f1"] == point.f1_score(*counts) and values["mcc"] == point.matthews_corrcoef(*counts)
    assert values["cost"] == 10 * counts[2] + counts[1]


def test_auc_against_quadrature_and_sklearn():
    from sklearn.metrics import roc_auc_score

    x, step = np.linspace(-10, 14, 6_001, retstep=True)
    rng = np.random.default_rng(7)
    for d in (0.0, *SEPARATIONS):
        # P(X_negative < X_positive) = ∫ φ(x - d) Φ(x) dx, integrated without the closed form.
        assert binormal_auc(d) == pytest.approx(np.sum(density(x, d) * normal_cdf(x)) * step, abs=1e-9)
        sample = np.r_[rng.normal(d, 1.0, 20_000), rng.normal(0.0, 1.0, 20_000)]
        truth = np.r_[np.ones(20_000), np.zeros(20_000)]
        assert roc_auc_score(truth, sample) == pytest.approx(binormal_auc(d), abs=0.012)
    aucs = [binormal_auc(d) for d in (0.0, 0.5, 1.0, 2.0, 4.0)]
    assert all(low < high for low, high in zip(aucs, aucs[1:], strict=False))


def test_auc_is_the_area_under_the_drawn_roc_curve():
    for d in SEPARATIONS:
        curves = binormal_curves(d, 0.1)
        fpr, tpr = curves["fpr"], curves["tpr"]
        area = np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2)
        assert area == pytest.approx(binormal_auc(d), abs=1e-5)


def test_average_precision_against_a_fine_quadrature_and_sklearn():
    from sklearn.metrics import average_precision_score

    rng = np.random.default_rng(99)
    for d, prevalence in ((0.5, 0.1), (1.5, 0.1), (1.5, 0.01), (3.0, 0.3)):
        x = np.linspace(d + 8, -8, 200_001)
        recall, fpr = normal_cdf(d - x), normal_cdf(-x)
        precision = prevalence * recall / (prevalence * recall + (1 - prevalence) * fpr)
        area = recall[0] * precision[0] + np.sum(np.diff(recall) * (precision[1:] + precision[:-1]) / 2)
        assert binormal_average_precision(d, prevalence) == pytest.approx(area, abs=1e-3)
        n = 300_000
        truth = rng.random(n) < prevalence
        sample = rng.normal(np.where(truth, d, 0.0), 1.0)
        assert average_precision_score(truth, sample) == pytest.approx(area, abs=0.015)


def test_average_precision_grows_with_separation_and_prevalence():
    for prevalence in PREVALENCES:
        values = [binormal_average_precision(d, prevalence) for d in (0.0, 0.5, 1.0, 2.0, 4.0)]
        assert values == sorted(values) and len(set(values)) == 5
    values = [binormal_average_precision(1.5, p) for p in (0.01, 0.05, 0.1, 0.3, 0.5)]
    assert values == sorted(values) and len(set(values)) == 5


def test_rates_and_counts_never_rise_with_theta():
    for d in (0.0, *SEPARATIONS):
        for prevalence in PREVALENCES:
            rates = np.array([binormal_rates(theta, d, prevalence) for theta in HUNDREDTHS])
            counts = np.array([binormal_counts(theta, d, prevalence) for theta in HUNDREDTHS])
            assert (np.diff(rates, axis=0) <= 0).all()
            assert (np.diff(counts[:, :2], axis=0) <= 0).all()


def test_bins_hold_everyone_and_match_a_sample():
    rng = np.random.default_rng(3)
    d, prevalence = 1.5, 0.1
    bins = binormal_bins(d, prevalence)
    assert bins["positive"].shape == bins["negative"].shape == (50,)
    assert bins["positive"].sum() == pytest.approx(100, abs=1e-9)
    assert bins["negative"].sum() == pytest.approx(900, abs=1e-9)
    assert (bins["positive"] >= 0).all() and (bins["negative"] >= 0).all()
    scores = binormal_score(rng.normal(d, 1.0, 200_000), d, prevalence)
    sampled = np.bincount(np.minimum((scores * 50).astype(int), 49), minlength=50) / 200_000 * 100
    np.testing.assert_allclose(bins["positive"], sampled, atol=0.4)


def brute_force_min_cost(d, prevalence, ratio, population=1000):
    best_theta, best_cost = None, math.inf
    for k in range(101):
        tp, fp, fn, tn = binormal_counts(k / 100, d, prevalence, population)
        cost = ratio * fn + fp
        if cost <= best_cost + 1e-12:  # ties go to the later, higher θ
            best_theta, best_cost = k / 100, min(cost, best_cost)
    return best_theta


@pytest.mark.parametrize("ratio", (1, 10, 50))
def test_min_cost_theta_is_the_cheapest_hundredth_ties_to_the_highest(ratio):
    for d in (0.0, *SEPARATIONS):
        for prevalence in PREVALENCES:
            assert binormal_min_cost_threshold(d, prevalence, ratio) == brute_force_min_cost(d, prevalence, ratio)


@pytest.mark.parametrize("ratio", (1, 10, 50))
def test_min_cost_theta_is_near_the_bayes_cut_for_a_calibrated_score(ratio):
    # A large population removes the rounding plateaus; the hundredth nearest 1 / (1 + ratio) is optimal.
    for d, prevalence in ((1.5, 0.1), (3.0, 0.3), (1.5, 0.5)):
        chosen = binormal_min_cost_threshold(d, prevalence, ratio, population=10_000_000)
        assert abs(chosen - 1 / (1 + ratio)) <= 0.011


def test_invalid_parameters_are_refused():
    with pytest.raises(ValueError, match="separation"):
        binormal_rates(0.5, -1.0, 0.1)
    with pytest.raises(ValueError, match="prevalence"):
        binormal_counts(0.5, 1.0, 0.0)
    with pytest.raises(ValueError, match="x_θ"):
        binormal_threshold_x(0.0, 1.0, 0.1)
