"""The scenes' own scikit-learn checks read the facts' counts: same verdicts, no second sort, still strict."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from sklearn import metrics as skm

from umbral.metrics import Sweep, VerificationError, count_ordered_pairs, pr_curve_at_prevalence, roc_curve
from umbral.metrics.verify import SklearnCounts, sklearn_metrics
from umbral.scenes.numbers import accuracy_paradox, auc_as_ranking, cost_threshold, prevalence_effect
from umbral.scenes.numbers.thinning import THIN_RESOLUTION


def _scores(n: int, seed: int):
    rng = np.random.default_rng(seed)
    y_true = (rng.random(n) < 0.3).astype(np.int8)
    y_score = np.clip(rng.normal(0.35 + 0.3 * y_true, 0.18), 0, 1)
    tied = rng.random(n) < 0.4
    y_score[tied] = y_score[tied].round(2)
    return y_true, y_score


@pytest.fixture(scope="module")
def large():
    y_true, y_score = _scores(200_000, 11)
    return Sweep.from_scores(y_true, y_score), SklearnCounts(y_true, y_score)


def test_weighted_cells_equal_scikit_learn_with_sample_weight_on_the_full_arrays():
    y_true, y_score = _scores(5_000, 1)
    y_pred = (y_score >= 0.5).astype(int)
    weight = np.where(y_true == 1, 3.5, 0.25)
    counts = SklearnCounts(y_true, y_score).counts([0.5])
    tp, fp, fn, tn = (float(c[0]) for c in counts)
    theirs = sklearn_metrics(tp * 3.5, fp * 0.25, fn * 3.5, tn * 0.25)
    full = {"accuracy": skm.accuracy_score, "mcc": skm.matthews_corrcoef,
            "balanced_accuracy": skm.balanced_accuracy_score}
    for name, function in full.items():
        assert theirs[name] == pytest.approx(function(y_true, y_pred, sample_weight=weight), rel=1e-12)
    assert theirs["precision"] == pytest.approx(skm.precision_score(y_true, y_pred, sample_weight=weight), rel=1e-12)


def test_the_weighted_precision_curve_is_scikit_learns():
    y_true, y_score = _scores(5_000, 2)
    weight = np.where(y_true == 1, 0.2, 1.7)
    precision, _, _ = skm.precision_recall_curve(y_true, y_score, sample_weight=weight)
    np.testing.assert_allclose(SklearnCounts(y_true, y_score).precision_curve(0.2, 1.7), precision[::-1], rtol=1e-12)


def test_counts_pickle_without_their_cached_curve():
    y_true, y_score = _scores(1_000, 3)
    counts = SklearnCounts(y_true, y_score)
    auc, fpr = counts.auc, counts.roc[0]  # both cached
    copy = pickle.loads(pickle.dumps(counts))
    assert "roc" in counts.__dict__ and "roc" not in copy.__dict__
    assert copy.auc == auc and np.array_equal(copy.roc[0], fpr)


def test_pairs_from_a_sweep_equal_pairs_from_the_scores():
    for seed in range(4):
        y_true, y_score = _scores(3_000, seed)
        assert count_ordered_pairs(Sweep.from_scores(y_true, y_score)) == count_ordered_pairs(y_true, y_score)


def test_the_sampled_pairs_are_the_evenly_ranked_scores(large):
    sweep, counts = large
    numbers = auc_as_ranking.ranking_numbers(sweep, sklearn=counts)
    for scores, shown, keep in ((sweep.y_score[sweep.y_true == 1], numbers.shown.positive_scores, 5),
                                (sweep.y_score[sweep.y_true == 0], numbers.shown.negative_scores, 15)):
        ranked = np.sort(scores)[::-1]
        np.testing.assert_array_equal(shown, ranked[auc_as_ranking.even_ranks(ranked.size, keep)])
    assert numbers.sampled and numbers.all_counts.share == pytest.approx(skm.roc_auc_score(sweep.y_true, sweep.y_score))


def test_a_large_pr_curve_keeps_what_a_plot_shows_at_every_prevalence(large):
    """Every dropped point lies within one thinning cell of the kept point before it, at every prevalence."""
    sweep, counts = large
    numbers = prevalence_effect.prevalence_effect_numbers(sweep, sklearn=counts)
    fpr, tpr, _ = roc_curve(sweep)
    kept = prevalence_effect._drawn_vertices(fpr, tpr, numbers.prevalences)
    assert fpr.size > prevalence_effect.THIN_ABOVE and kept.size < fpr.size / 10
    np.testing.assert_array_equal(numbers.pr_recall, tpr[kept])
    before = kept[np.searchsorted(kept, np.arange(fpr.size), side="right") - 1]  # the kept point at or before
    for index in range(numbers.prevalences.size):  # the 9 that chose the points, and every one between
        full, _ = pr_curve_at_prevalence(fpr, tpr, float(numbers.prevalences[index]))
        np.testing.assert_allclose(numbers.pr_precision[index], full[kept], rtol=1e-12)
        assert np.abs(full - full[before]).max() <= THIN_RESOLUTION
    assert np.abs(tpr - tpr[before]).max() <= THIN_RESOLUTION


def test_small_curves_are_not_thinned(clinic20_facts):
    numbers = prevalence_effect.prevalence_effect_numbers(clinic20_facts.sweep)
    assert numbers.pr_recall.size == clinic20_facts.roc_tpr.size


def test_scikit_learns_counts_still_refuse_a_wrong_number(large, monkeypatch):
    sweep, counts = large
    wrong = SklearnCounts.__new__(SklearnCounts)
    wrong.tps, wrong.fps, wrong.cuts = counts.tps.copy(), counts.fps.copy(), counts.cuts
    wrong.fps[wrong.cuts >= 0.5] += 1  # one more false alarm at every θ up to 0.5
    with pytest.raises(VerificationError, match="cost curve"):
        cost_threshold.cost_threshold_numbers(sweep, sklearn=wrong)
    with pytest.raises(VerificationError, match="at prevalence"):
        accuracy_paradox.accuracy_paradox_numbers(sweep, sklearn=wrong)
    with pytest.raises(VerificationError, match="PR curve"):
        prevalence_effect.prevalence_effect_numbers(sweep, sklearn=wrong)
    cost_threshold.cost_threshold_numbers(sweep, sklearn=counts)
    accuracy_paradox.accuracy_paradox_numbers(sweep, sklearn=counts)


@pytest.mark.parametrize("seed", [0, 1])
def test_the_library_column_is_scikit_learn_on_the_full_arrays_bit_for_bit(seed):
    from umbral.scenes.numbers.scratch_vs_library import scratch_vs_library_numbers

    y_true, y_score = _scores(3_000, seed)
    numbers = scratch_vs_library_numbers(Sweep.from_scores(y_true, y_score), threshold=0.4)
    y_pred = (y_score >= 0.4).astype(int)
    full = {"accuracy": skm.accuracy_score(y_true, y_pred), "precision": skm.precision_score(y_true, y_pred),
            "recall": skm.recall_score(y_true, y_pred), "f1": skm.f1_score(y_true, y_pred),
            "auc": skm.roc_auc_score(y_true, y_score)}
    assert {row.metric: row.theirs for row in numbers.rows} == full
