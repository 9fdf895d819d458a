"""The calibration chapter's core against scikit-learn: bins, ECE, Brier's parts, recalibration, the cost rule."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from sklearn.calibration import CalibratedClassifierCV, calibration_curve
from sklearn.datasets import load_breast_cancer
from sklearn.ensemble import RandomForestClassifier
from sklearn.frozen import FrozenEstimator
from sklearn.isotonic import IsotonicRegression
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import brier_score_loss, log_loss
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from umbral.metrics import VerificationError
from umbral.metrics.calibration import brier_parts, fit_recalibration, reliability
from umbral.metrics.calibration_lesson import CalibrationSettings, recalibrate_and_choose, split_calibration
from umbral.metrics.choice import HUNDREDTHS
from umbral.metrics.verify_calibration import verify_recalibrated, verify_split_calibration


def _sample(seed: int, n: int, bend: float = 1.0, rounding: int | None = 3):
    """Labels and scores; ``bend`` != 1 makes the scores over- or under-confident (uncalibrated)."""
    rng = np.random.default_rng(seed)
    truth = rng.random(n)
    y = (rng.random(n) < truth).astype(np.int8)
    y[:2] = (0, 1)
    score = truth ** bend
    return y, (np.round(score, rounding) if rounding else score)


SAMPLES = [(seed, n, bend, rounding) for seed, n, bend, rounding in
           [(1, 40, 1.0, 2), (2, 500, 0.5, 3), (3, 2000, 2.0, None), (4, 25, 1.0, 1), (5, 3000, 0.3, 2)]]


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("n_bins", [1, 3, 10, 17])
@pytest.mark.parametrize("sample", SAMPLES)
def test_bins_equal_calibration_curve(sample, n_bins, strategy):
    y, s = _sample(*sample)
    curve = reliability(y, s, n_bins, strategy)
    fraction, mean = calibration_curve(y, s, n_bins=n_bins, strategy=strategy)
    np.testing.assert_allclose(curve.fraction_positive[curve.filled], fraction, rtol=1e-12)
    np.testing.assert_allclose(curve.mean_score[curve.filled], mean, rtol=1e-12)
    assert curve.n == y.size and curve.counts.size == n_bins
    # Each bin's count, by hand: a score on an inner edge goes to the bin below.
    by_hand = [int(np.sum((s > lo) & (s <= hi))) for lo, hi in zip(curve.edges[:-1], curve.edges[1:], strict=True)]
    by_hand[0] += int(np.sum(s <= curve.edges[0]))
    if strategy == "uniform":
        assert curve.counts.tolist() == by_hand
    assert curve.positives.sum() == y.sum()


@pytest.mark.parametrize("sample", SAMPLES)
def test_ece_is_the_count_weighted_gap(sample):
    y, s = _sample(*sample)
    curve = reliability(y, s, 10)
    fraction, mean = calibration_curve(y, s, n_bins=10)
    weight = curve.counts[curve.filled] / y.size
    assert curve.ece == pytest.approx(float(np.sum(weight * np.abs(fraction - mean))), rel=1e-12, abs=1e-15)
    assert curve.max_gap == pytest.approx(float(np.max(np.abs(fraction - mean))), rel=1e-12)


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("sample", SAMPLES)
def test_brier_parts_add_up_to_brier_score_loss(sample, strategy):
    y, s = _sample(*sample)
    parts = brier_parts(y, s, reliability(y, s, 10, strategy))
    total = parts.reliability - parts.resolution + parts.uncertainty + parts.within_bin
    assert total == pytest.approx(brier_score_loss(y, s), abs=1e-15)
    assert parts.brier == pytest.approx(brier_score_loss(y, s), abs=1e-15)
    assert parts.reliability >= 0 and parts.resolution >= 0
    assert parts.uncertainty == pytest.approx(y.mean() * (1 - y.mean()))


def test_within_bin_is_zero_when_every_bin_holds_one_score():
    y, s = np.array([0, 1, 0, 1, 1, 0]), np.array([0.05, 0.05, 0.45, 0.45, 0.95, 0.95])
    parts = brier_parts(y, s, reliability(y, s, 10))
    assert parts.within_bin == pytest.approx(0.0, abs=1e-15)
    assert parts.reliability == pytest.approx(((0.05 - 0.5) ** 2 + (0.45 - 0.5) ** 2 + (0.95 - 0.5) ** 2) / 3)


def test_a_calibrated_score_has_small_ece_and_a_bent_one_does_not():
    y, s = _sample(7, 20000, 1.0, None)
    _, bent = _sample(7, 20000, 0.4, None)
    assert reliability(y, s).ece < 0.02 < 0.1 < reliability(y, bent).ece


def test_empty_bins_carry_none_in_json():
    y, s = [0, 1, 1], [0.05, 0.92, 0.97]
    curve = reliability(y, s, 5)
    bins = curve.as_dict()["bins"]
    assert [b["count"] for b in bins] == [1, 0, 0, 0, 2]
    assert bins[1]["fraction_positive"] is None and bins[4]["fraction_positive"] == 1.0
    assert curve.bin_of([0.2, 0.2000001, 1.0]).tolist() == [0, 1, 4]


def test_one_class_and_quantile_ties():
    y, s = np.ones(6, dtype=int), np.array([0.5, 0.5, 0.5, 0.5, 0.9, 0.9])
    curve = reliability(y, s, 4, "quantile")
    fraction, mean = calibration_curve(y, s, n_bins=4, strategy="quantile")
    np.testing.assert_allclose(curve.mean_score[curve.filled], mean)
    parts = brier_parts(y, s, curve)
    assert parts.uncertainty == 0.0 and parts.resolution == 0.0
    assert parts.brier == pytest.approx(brier_score_loss(y, s, labels=[0, 1]))


@pytest.mark.parametrize("bad, message", [
    (dict(n_bins=0), "n_bins"), (dict(strategy="kmeans"), "unknown bin strategy"),
    (dict(y_score=[0.1, 1.2, 0.3]), r"probabilities in \[0, 1\]"), (dict(y_true=[0, 2, 1]), "label"),
])
def test_bad_arguments_are_refused(bad, message):
    args = dict(y_true=[0, 1, 1], y_score=[0.1, 0.5, 0.3], n_bins=5, strategy="uniform") | bad
    with pytest.raises(ValueError, match=message):
        reliability(**args)


def test_bad_settings_and_methods_are_refused():
    with pytest.raises(ValueError, match="unknown recalibration"):
        fit_recalibration([0, 1], [0.2, 0.8], "beta")
    with pytest.raises(ValueError, match="unknown recalibration"):
        CalibrationSettings(method="platt")
    with pytest.raises(ValueError, match="unknown bin strategy"):
        CalibrationSettings(strategy="equal")
    with pytest.raises(ValueError, match="holds 3 cases but 2"):
        brier_parts([0, 1], [0.1, 0.9], reliability([0, 1, 1], [0.1, 0.9, 0.8]))


@pytest.fixture(scope="module")
def cancer_models():
    X, y = load_breast_cancer(return_X_y=True)
    X_fit, X_rest, y_fit, y_rest = train_test_split(X, y, test_size=0.6, random_state=0, stratify=y)
    X_val, X_test, y_val, y_test = train_test_split(X_rest, y_rest, test_size=0.5, random_state=0, stratify=y_rest)
    models = {"logistic": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
              "forest": RandomForestClassifier(n_estimators=60, random_state=0), "naive Bayes": GaussianNB()}
    for model in models.values():
        model.fit(X_fit, y_fit)
    return models, (X_val, y_val), (X_test, y_test)


# scikit-learn's sigmoid calibrates an estimator's decision_function when it has one (the logistic's
# log-odds); umbral calibrates the probability it is given, as CalibratedClassifierCV does for
# estimators with predict_proba only. On the logistic's probabilities umbral equals IsotonicRegression (next test).
@pytest.mark.parametrize("name, method", [("forest", "sigmoid"), ("naive Bayes", "sigmoid"), ("forest", "isotonic"),
                                          ("naive Bayes", "isotonic")])
def test_recalibration_equals_calibrated_classifier_cv_on_a_real_estimator(cancer_models, name, method):
    models, (X_val, y_val), (X_test, y_test) = cancer_models
    estimator = models[name]
    calibrated = CalibratedClassifierCV(FrozenEstimator(estimator), method=method).fit(X_val, y_val)
    theirs = calibrated.predict_proba(X_test)[:, 1]
    fit = fit_recalibration(y_val, estimator.predict_proba(X_val)[:, 1], method)
    ours = fit.apply(estimator.predict_proba(X_test)[:, 1])
    np.testing.assert_allclose(ours, theirs, atol=1e-6 if method == "sigmoid" else 1e-12)


@pytest.mark.parametrize("sample", SAMPLES)
def test_isotonic_equals_isotonic_regression_clip(sample, cancer_models):
    y, s = _sample(*sample)
    fit = fit_recalibration(y, s, "isotonic")
    probe = np.concatenate([s, [0.0, 1.0], np.linspace(0, 1, 101)])
    theirs = IsotonicRegression(out_of_bounds="clip").fit(s, y).predict(probe)
    np.testing.assert_allclose(fit.apply(probe), theirs, atol=1e-12)
    assert np.all(np.diff(fit.apply(np.linspace(0, 1, 101))) >= 0)
    models, (X_val, y_val), (X_test, _) = cancer_models
    fit_on, apply_to = models["logistic"].predict_proba(X_val)[:, 1], models["logistic"].predict_proba(X_test)[:, 1]
    theirs = IsotonicRegression(out_of_bounds="clip").fit(fit_on, y_val).predict(apply_to)
    np.testing.assert_allclose(fit_recalibration(y_val, fit_on, "isotonic").apply(apply_to), theirs, atol=1e-12)


def test_scores_closer_than_the_resolution_pool_as_scikit_learn_pools_them():
    s = np.array([0.1, 0.1 + 4e-16, 0.1 + 8e-16, 0.1 + 1.2e-15, 0.5, 0.5 + 1e-16, 0.9])
    y = np.array([0, 1, 0, 1, 1, 0, 1])
    theirs = IsotonicRegression(out_of_bounds="clip").fit(s, y).predict(s)
    np.testing.assert_allclose(fit_recalibration(y, s, "isotonic").apply(s), theirs, atol=1e-12)


def test_sigmoid_is_platts_fit_and_survives_a_separable_split():
    y, s = np.array([0, 0, 0, 1, 1, 1]), np.array([0.1, 0.2, 0.3, 0.7, 0.8, 0.9])
    fit = fit_recalibration(y, s, "sigmoid")
    assert np.isfinite(fit.slope) and fit.slope > 0
    p = fit.apply(s)
    # Platt's targets: 4/5 for positives and 1/5 for negatives bound a separable fit.
    assert np.all(p < 0.999) and np.all(p > 0.001)


@pytest.fixture(scope="module")
def screening():
    from umbral.data.builtins import screening8

    return screening8()


@pytest.mark.parametrize("method, grid, expected", [
    # (model -> (rule raw, rule recalibrated, chosen θ, cost there, test minimum θ, cost there)), hundredths
    ("sigmoid", HUNDREDTHS, {"logistic": (246, 241, 0.13, 242, 0.11, 233),
                             "forest": (202, 176, 0.17, 171, 0.17, 171)}),
    ("isotonic", HUNDREDTHS, {"logistic": (246, 239, 0.13, 242, 0.11, 233),
                              "forest": (202, 169, 0.17, 171, 0.17, 171)}),
    ("isotonic", None, {"logistic": (246, 239, 0.12, 236, 0.12, 236),
                        "forest": (202, 169, 0.16, 176, 0.28, 175)}),
])
def test_screening8_cost_rule_before_and_after(screening, method, grid, expected):
    from umbral.metrics.sweep import GRID

    for model, (choosing, reporting) in screening.pairs("validation", "test").items():
        result = recalibrate_and_choose(model, choosing, reporting, method, "test", 10.0, 1.0,
                                        GRID if grid is None else grid)
        assert verify_recalibrated(result, choosing) is True
        rule_raw, rule_cal, chosen, at_chosen, minimum, at_minimum = expected[model]
        assert result.rule_theta == pytest.approx(1 / 11)
        assert (result.cost(result.at_rule_raw), result.cost(result.at_rule_calibrated)) == (rule_raw, rule_cal)
        assert (result.chosen_theta, result.cost(result.at_chosen)) == (pytest.approx(chosen), at_chosen)
        assert (result.minimum_theta, result.cost(result.at_minimum)) == (pytest.approx(minimum), at_minimum)
        assert result.after.curve.ece < result.before.curve.ece or model == "logistic"
        document = result.as_dict()
        assert document["rule_theta"] == pytest.approx(1 / 11) and document["fit"]["method"] == method


def test_screening8_splits_verify(screening):
    for (model, split), part in screening.parts.items():
        calibration = split_calibration(model, split, part.y_true, part.y_score)
        assert verify_split_calibration(calibration) is True
        assert calibration.log_loss == pytest.approx(log_loss(part.y_true, part.y_score))
        assert calibration.as_dict()["n"] == part.n


def _wrong_curve(calibration, **changes):
    return replace(calibration, curve=replace(calibration.curve, **changes))


@pytest.mark.parametrize("what", ["fraction", "count", "mean", "reliability", "resolution", "within_bin", "brier",
                                  "log_loss"])
def test_a_wrong_number_is_refused(what):
    y, s = _sample(2, 500, 0.5, 3)
    good = split_calibration("m", "test", y, s)
    if what == "fraction":  # one more positive in the third bin: its fraction is wrong
        positives = good.curve.positives.copy()
        positives[2] += 1
        bad = _wrong_curve(good, positives=positives)
    elif what == "count":
        counts = good.curve.counts.copy()
        counts[3] += 1
        bad = _wrong_curve(good, counts=counts)
    elif what == "mean":
        sums = good.curve.score_sums.copy()
        sums[4] += 0.01
        bad = _wrong_curve(good, score_sums=sums)
    elif what == "log_loss":
        bad = replace(good, log_loss=good.log_loss + 1e-6)
    else:
        bad = replace(good, parts=replace(good.parts, **{what: getattr(good.parts, what) + 1e-6}))
    assert verify_split_calibration(good) is True
    with pytest.raises(VerificationError):
        verify_split_calibration(bad)


@pytest.mark.parametrize("what", ["scores", "rule_cost", "chosen", "cost_curve", "sure_miss"])
def test_a_wrong_recalibration_is_refused(screening, what):
    choosing, reporting = screening.pairs("validation", "test")["forest"]
    good = recalibrate_and_choose("forest", choosing, reporting, "sigmoid", "test")
    if what == "sure_miss":  # scikit-learn's isotonic scores one more positive exactly 0 than ours does
        from umbral.metrics.verify_calibration import _verify_sure_misses

        good = recalibrate_and_choose("forest", choosing, reporting, "isotonic", "test")
        theirs = good.after.y_score.copy()
        theirs[np.flatnonzero((theirs > 0) & (theirs < 1) & (good.after.y_true == 1))[0]] = 0.0
        _verify_sure_misses("forest", good, good.after.y_score)
        with pytest.raises(VerificationError, match="scores at exactly 0 or 1"):
            _verify_sure_misses("forest", good, theirs)
        return
    elif what == "scores":
        shifted = good.after.y_score.copy()
        shifted[0] = min(1.0, shifted[0] + 1e-4)
        bad = replace(good, after=split_calibration("forest", "test", good.after.y_true, shifted))
    elif what == "rule_cost":
        bad = replace(good, at_rule_calibrated=good.at_rule_raw)
    elif what == "chosen":
        bad = replace(good, chosen_theta=good.chosen_theta + 0.02)
    else:
        curve = good.cost_raw.copy()
        curve[5] += 1
        bad = replace(good, cost_raw=curve)
    with pytest.raises(VerificationError):
        verify_recalibrated(bad, choosing)
