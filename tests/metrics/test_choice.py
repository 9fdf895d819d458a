"""Choosing θ on one split and reporting on another: the core against slow oracles and scikit-learn."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from umbral.metrics import GRID, Sweep, VerificationError
from umbral.metrics.choice import (
    CHOICE_RULES,
    HUNDREDTHS,
    _bin_counts,
    _counts_at_grid,
    choice_grid,
    choose_then_report,
    choose_threshold,
    lower_is_better,
    wobble,
)
from umbral.metrics.compare import ChoiceSettings, compare_models
from umbral.metrics.verify_choice import verify_comparison


def _sample(seed: int, n: int, prevalence: float = 0.2, separation: float = 1.5):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < prevalence).astype(np.int8)
    y[:2] = (0, 1)
    latent = rng.normal(size=n) + separation * y
    return y, np.round(1 / (1 + np.exp(-(latent - 1.5))), 3)  # rounded: ties and scores on the grid


def _oracle_metric(rule, y, s, theta, cost_fn=10.0, cost_fp=1.0):
    """The rule's number at θ, counted sample by sample (scikit-learn checks the same in verify_comparison)."""
    flagged = s >= theta
    tp, fp = int(np.sum(flagged & (y == 1))), int(np.sum(flagged & (y == 0)))
    fn, tn = int(np.sum(~flagged & (y == 1))), int(np.sum(~flagged & (y == 0)))
    recall, fpr = tp / (tp + fn), fp / (fp + tn)
    precision = tp / (tp + fp) if tp + fp else 0.0
    f1 = 2 * tp / (2 * tp + fp + fn) if tp else 0.0
    return {"min_cost": cost_fn * fn + cost_fp * fp, "max_f1": f1, "youden": recall - fpr,
            "closest": float(np.hypot(fpr, 1 - recall)), "target_recall": recall,
            "target_precision": precision}[rule]


def _oracle_choice(rule, y, s, grid, target=0.9):
    """A loop over the grid: the best θ (ties: the highest), or the target rule's θ."""
    values = np.array([_oracle_metric(rule, y, s, t) for t in grid])
    if rule == "target_recall":
        reach = [t for t, v in zip(grid, values, strict=True) if v >= target - 1e-12]
        return max(reach) if reach else None
    if rule == "target_precision":
        reach = [t for t, v in zip(grid, values, strict=True) if v >= target - 1e-12]
        return min(reach) if reach else None
    best = values.min() if lower_is_better(rule) else values.max()
    return max(t for t, v in zip(grid, values, strict=True) if abs(v - best) <= 1e-12)


@pytest.mark.parametrize("rule", list(CHOICE_RULES))
@pytest.mark.parametrize("step", ["0.02", "0.01", "exact"])
def test_choice_equals_a_loop_over_the_grid(rule, step):
    y, s = _sample(3, 300)
    sweep = Sweep.from_scores(y, s)
    grid = choice_grid(step, sweep)
    assert choose_threshold(sweep, rule, grid) == _oracle_choice(rule, y, s, grid)


def test_grids_are_exact_decimals():
    assert HUNDREDTHS[70] == 0.7 and HUNDREDTHS.size == 101 and GRID[35] == 0.7
    sweep = Sweep.from_scores([0, 1, 1], [0.2, 0.7, 0.7])
    assert choice_grid("exact", sweep).tolist() == [0.2, 0.7]
    with pytest.raises(ValueError, match="unknown choice step"):
        choice_grid("0.05", sweep)


def test_ties_go_to_the_highest_threshold():
    sweep = Sweep.from_scores([0, 1, 0, 1], [0.1, 0.3, 0.5, 0.9])
    assert choose_threshold(sweep, "min_cost", GRID, cost_fn=3, cost_fp=1) == 0.3


def test_a_target_never_reached_is_none():
    sweep = Sweep.from_scores([0, 1, 0, 1], [0.9, 0.8, 0.2, 0.1])  # precision never above 1/2
    assert choose_threshold(sweep, "target_precision", GRID, target_precision=0.9) is None


@pytest.mark.parametrize("rule", list(CHOICE_RULES))
def test_honest_peek_and_half_are_what_the_reporting_split_gives(rule):
    y1, s1 = _sample(1, 400)
    y2, s2 = _sample(2, 500)
    choosing, reporting = Sweep.from_scores(y1, s1), Sweep.from_scores(y2, s2)
    choice = choose_then_report(choosing, reporting, rule, HUNDREDTHS, resamples=50)
    assert choice.chosen == _oracle_choice(rule, y1, s1, HUNDREDTHS)
    assert choice.peek == _oracle_choice(rule, y2, s2, HUNDREDTHS)
    if choice.chosen is not None:
        assert choice.metric(choice.at_chosen_report) == pytest.approx(_oracle_metric(rule, y2, s2, choice.chosen))
    assert choice.metric(choice.at_half_report) == pytest.approx(_oracle_metric(rule, y2, s2, 0.5))
    assert np.allclose(choice.metric_report, [_oracle_metric(rule, y2, s2, t) for t in HUNDREDTHS])
    if rule not in ("target_recall", "target_precision"):
        assert choice.optimism >= 0  # the peek is the best the reporting split allows


def test_bootstrap_cells_give_back_the_counts():
    """The bootstrap's cells (score bin x label) summed back are the sweep's own counts at every θ."""
    y, s = _sample(4, 700)
    sweep = Sweep.from_scores(y, s)
    for grid in (GRID, HUNDREDTHS, sweep.distinct_scores):
        tp, fp, fn, tn = _counts_at_grid(_bin_counts(sweep, grid)[None])
        expected = sweep.counts(grid)
        for ours, theirs in zip((tp[0], fp[0], fn[0], tn[0]), expected, strict=True):
            assert np.array_equal(ours, theirs)


def test_wobble_agrees_with_resampling_rows():
    """Multinomial cell counts are the bootstrap: the θ quantiles match a loop that resamples rows."""
    y, s = _sample(5, 400)
    choosing = Sweep.from_scores(y, s)
    ours = wobble(choosing, choosing, "max_f1", GRID, resamples=600, seed=1)
    rng = np.random.default_rng(2)
    loop = []
    for _ in range(600):
        rows = rng.integers(0, y.size, y.size)
        if y[rows].min() != y[rows].max():
            loop.append(choose_threshold(Sweep.from_scores(y[rows], s[rows]), "max_f1", GRID))
    low, high = np.quantile(loop, [0.05, 0.95], method="inverted_cdf")
    assert abs(ours.theta_low - low) <= 0.04 and abs(ours.theta_high - high) <= 0.04
    assert abs(np.nanmedian(ours.thetas) - np.median(loop)) <= 0.02


def test_wobble_is_seeded_and_counts_misses():
    y, s = _sample(6, 300)
    sweep = Sweep.from_scores(y, s)
    first, again = (wobble(sweep, sweep, "min_cost", GRID, 100, seed=7) for _ in range(2))
    assert np.array_equal(first.thetas, again.thetas)
    other = wobble(sweep, sweep, "min_cost", GRID, 100, seed=8)
    assert not np.array_equal(first.thetas, other.thetas)
    # Positives only at 0.1, below 150 negatives at 0.9: no θ flags positives alone, in any resample.
    hopeless = Sweep.from_scores([1] * 150 + [0] * 300, [0.1] * 150 + [0.9] * 150 + [0.1] * 150)
    never = wobble(hopeless, hopeless, "target_precision", GRID, 50, target_precision=1.0)
    assert never.missing == 50 and never.theta_low is None and np.isnan(never.thetas).all()


def _comparison(rule="min_cost", step="0.02"):
    scores = {name: (_sample(seed, 400), _sample(seed + 10, 600)) for name, seed in (("a", 1), ("b", 2))}
    return compare_models(scores, "validation", "test", ChoiceSettings(rule=rule, step=step, resamples=40))


@pytest.mark.parametrize("rule", list(CHOICE_RULES))
def test_comparison_verifies_against_scikit_learn(rule):
    assert verify_comparison(_comparison(rule, "0.01"))
    assert verify_comparison(_comparison(rule, "exact"))


@pytest.mark.parametrize("field, value", [("chosen", 0.5), ("peek", 0.98)])
def test_a_wrong_choice_is_caught(field, value):
    comparison = _comparison()
    first = comparison.models[0]
    bad = replace(comparison, models=(replace(first, choice=replace(first.choice, **{field: value})),
                                      *comparison.models[1:]))
    with pytest.raises(VerificationError, match="θ"):
        verify_comparison(bad)


def test_a_wrong_count_is_caught():
    comparison = _comparison()
    first = comparison.models[0]
    wrong = replace(first.choice.at_half_report, tp=first.choice.at_half_report.tp + 1)
    bad = replace(comparison, models=(replace(first, choice=replace(first.choice, at_half_report=wrong)),))
    with pytest.raises(VerificationError, match="tp"):
        verify_comparison(bad)


def test_json_has_the_documented_keys():
    d = _comparison().as_dict()
    assert set(d) == {"choose_on", "report_on", "rule", "lower_is_better", "choice_step", "cost_fn", "cost_fp",
                      "target", "note", "models"}
    model = d["models"][0]
    assert set(model) == {"model", "n_choose", "n_report", "auc", "average_precision", "theta", "on_choosing",
                          "on_reporting", "at_half_on_reporting", "peek_theta", "peek_on_reporting", "optimism",
                          "expected_optimism", "wobble"}
    assert model["on_reporting"]["threshold"] == model["theta"]
    assert set(model["wobble"]) == {"resamples", "seed", "quantiles", "theta_low", "theta_high", "metric_low",
                                    "metric_high", "missing"}
    assert set(model["expected_optimism"]) == {"mean", "low", "high", "quantiles", "resamples"}
    assert model["expected_optimism"]["resamples"] == model["wobble"]["resamples"] == 40


# -- the optimism expected over the wobble's resamples -------------------------
@pytest.mark.parametrize("rule", ["min_cost", "max_f1", "youden", "closest"])
@pytest.mark.parametrize("step", ["0.02", "exact"])
def test_expected_optimism_equals_a_loop_over_the_resamples(rule, step):
    """Each resample's θ* counted sample by sample on the reporting split, against the peek's number there."""
    y1, s1 = _sample(11, 300)
    y2, s2 = _sample(12, 500)
    choosing, reporting = Sweep.from_scores(y1, s1), Sweep.from_scores(y2, s2)
    choice = choose_then_report(choosing, reporting, rule, choice_grid(step, choosing), resamples=60, seed=3)
    peeked = _oracle_metric(rule, y2, s2, choice.peek)
    honest = np.array([_oracle_metric(rule, y2, s2, theta) for theta in choice.wobble.thetas])
    gaps = honest - peeked if lower_is_better(rule) else peeked - honest
    expected = choice.expected_optimism
    assert expected.resamples == 60 and (gaps >= -1e-12).all()  # the peek is the reporting split's best
    assert expected.mean == pytest.approx(gaps.mean())
    assert (expected.low, expected.high) == pytest.approx(tuple(np.quantile(gaps, [0.05, 0.95],
                                                                            method="inverted_cdf")))
    assert expected.low <= expected.mean <= expected.high


def test_expected_optimism_skips_resamples_without_a_theta():
    """A target rule's resamples that reach no θ have no honest number: left out, and counted as missing."""
    y1, s1 = _sample(13, 60, prevalence=0.3, separation=1.0)
    y2, s2 = _sample(14, 400, prevalence=0.3, separation=1.0)
    choice = choose_then_report(Sweep.from_scores(y1, s1), Sweep.from_scores(y2, s2), "target_precision", GRID,
                                target_precision=0.8, resamples=200, seed=1)
    assert 0 < choice.wobble.missing < 200 and choice.peek is not None
    assert choice.expected_optimism.resamples == 200 - choice.wobble.missing
    reached = choice.wobble.thetas[~np.isnan(choice.wobble.thetas)]
    gaps = [_oracle_metric("target_precision", y2, s2, choice.peek) - _oracle_metric("target_precision", y2, s2, t)
            for t in reached]
    assert choice.expected_optimism.mean == pytest.approx(np.mean(gaps))


def test_expected_optimism_on_screening8_from_confusion_matrix():
    """The lecture's numbers: scikit-learn's confusion_matrix at every resample's θ* on test, minus the peek's cost."""
    from sklearn.metrics import confusion_matrix

    from umbral.data import load_study

    study = load_study("screening8")
    comparison = compare_models(study.pairs("validation", "test"), "validation", "test", ChoiceSettings())
    for result in comparison.models:
        test = study.parts[(result.model, "test")]

        def cost(theta, test=test):
            (_, fp), (fn, _) = confusion_matrix(test.y_true, (test.y_score >= theta).astype(int), labels=[0, 1])
            return 10 * fn + fp

        thetas, counts = np.unique(result.choice.wobble.thetas, return_counts=True)
        peeked = min(cost(theta) for theta in GRID)
        gaps = np.repeat([cost(theta) - peeked for theta in thetas], counts)
        expected = result.choice.expected_optimism
        assert (expected.mean, expected.low, expected.high, expected.resamples) == (
            gaps.mean(), *np.quantile(gaps, [0.05, 0.95], method="inverted_cdf"), 200)
    logistic, forest = (r.choice for r in comparison.models)
    # Peeking lands on θ* for the logistic model (no gap), yet flatters the cost by 9.2 on average.
    assert (logistic.optimism, logistic.expected_optimism.mean) == (0.0, 9.175)
    assert (logistic.expected_optimism.low, logistic.expected_optimism.high) == (0.0, 26.0)
    assert (forest.optimism, forest.expected_optimism.mean) == (1.0, 4.415)


@pytest.mark.parametrize("field, value", [("mean", 0.5), ("low", 1.0), ("high", -1.0), ("resamples", -1)])
def test_a_wrong_expected_optimism_is_caught(field, value):
    comparison = _comparison()
    first = comparison.models[0]
    expected = first.choice.expected_optimism
    wrong = replace(expected, **{field: getattr(expected, field) + value})
    bad = replace(comparison, models=(replace(first, choice=replace(first.choice, expected_optimism=wrong)),
                                      *comparison.models[1:]))
    with pytest.raises(VerificationError, match="expected optimism"):
        verify_comparison(bad)


def test_a_missing_expected_optimism_or_a_wrong_wobble_range_is_caught():
    comparison = _comparison()
    first = comparison.models[0]
    gone = replace(comparison, models=(replace(first, choice=replace(first.choice, expected_optimism=None)),))
    with pytest.raises(VerificationError, match="expected optimism: umbral none"):
        verify_comparison(gone)
    shifted = replace(first.choice.wobble, metric_high=first.choice.wobble.metric_high + 1)
    moved = replace(comparison, models=(replace(first, choice=replace(first.choice, wobble=shifted)),))
    with pytest.raises(VerificationError, match="metric_high"):
        verify_comparison(moved)


@pytest.fixture(scope="module")
def screening8_models():
    """screening8's recipe rebuilt with scikit-learn: fitted models and the validation split."""
    from sklearn.datasets import make_classification
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from umbral.data.builtins import SCREENING8_RECIPE

    x, y = make_classification(**SCREENING8_RECIPE)
    x_rest, _, y_rest, _ = train_test_split(x, y, test_size=0.3, random_state=0, stratify=y)
    x_train, x_val, y_train, y_val = train_test_split(x_rest, y_rest, test_size=0.3, random_state=0, stratify=y_rest)
    forest = RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=0)
    models = {"logistic": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)).fit(x_train, y_train),
              "forest": forest.fit(x_train, y_train)}
    from umbral.data import load_study

    return models, x_val, y_val, load_study("screening8")


@pytest.mark.parametrize("rule", ["min_cost", "max_f1"])
@pytest.mark.parametrize("step", ["0.02", "0.01"])
def test_chosen_theta_equals_tuned_threshold_classifier_cv(screening8_models, rule, step):
    """scikit-learn's TunedThresholdClassifierCV, model frozen, same grid, tuned on validation."""
    from sklearn.frozen import FrozenEstimator
    from sklearn.metrics import confusion_matrix, make_scorer
    from sklearn.model_selection import TunedThresholdClassifierCV

    def negative_cost(y_true, y_pred):
        (_, fp), (fn, _) = confusion_matrix(y_true, y_pred, labels=[0, 1])
        return -(10 * fn + 1 * fp)

    models, x_val, y_val, study = screening8_models
    comparison = compare_models(study.pairs("validation", "test"), "validation", "test",
                                ChoiceSettings(rule=rule, step=step, resamples=10))
    scoring = make_scorer(negative_cost) if rule == "min_cost" else "f1"
    for result in comparison.models:
        tuned = TunedThresholdClassifierCV(
            FrozenEstimator(models[result.model]), scoring=scoring, thresholds=result.choice.grid,
            cv=[(np.arange(0), np.arange(y_val.size))], refit=False, store_cv_results=True).fit(x_val, y_val)
        scores, thresholds = tuned.cv_results_["scores"], tuned.cv_results_["thresholds"]
        tied = thresholds[scores >= scores.max() - 1e-12]
        assert tuned.best_threshold_ in tied
        assert result.choice.chosen == pytest.approx(tied.max())  # umbral breaks ties upwards
