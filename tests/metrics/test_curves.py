"""Exact ROC and PR curves against slow, obviously-correct oracles."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from umbral.metrics import average_precision, precision_recall_curve, roc_auc, roc_curve


def pair_counting_auc(y_true, y_score):
    """P(s+ > s-) + 0.5 P(s+ = s-), by visiting every positive-negative pair."""
    positives = [s for s, y in zip(y_score, y_true, strict=True) if y == 1]
    negatives = [s for s, y in zip(y_score, y_true, strict=True) if y == 0]
    wins = sum(1.0 if p > n else 0.5 if p == n else 0.0 for p, n in itertools.product(positives, negatives))
    return wins / (len(positives) * len(negatives))


def rank_sum_auc(y_true, y_score):
    """Mann-Whitney U from midranks, a second independent oracle."""
    y_true, y_score = np.asarray(y_true), np.asarray(y_score, dtype=float)
    ranks = np.empty(y_score.size)
    for value in np.unique(y_score):
        where = y_score == value
        below = np.sum(y_score < value)
        ranks[where] = below + (where.sum() + 1) / 2
    n_pos, n_neg = y_true.sum(), (1 - y_true).sum()
    return (ranks[y_true == 1].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


def stepwise_average_precision(y_true, y_score):
    """AP as the mean, over positives, of the precision at that positive's score."""
    y_true, y_score = np.asarray(y_true), np.asarray(y_score, dtype=float)
    precisions = [np.mean(y_true[y_score >= s]) for s in y_score[y_true == 1]]
    return float(np.mean(precisions))


def small_datasets(seed=0, count=200):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(2, 12))
        y_true = rng.integers(0, 2, n)
        if y_true.min() == y_true.max():  # both classes, or AUC is undefined
            y_true[0] = 1 - y_true[0]
        y_score = rng.choice([0.0, 0.1, 0.5, 0.7, 0.9, 1.0], n) if rng.random() < 0.5 else rng.random(n)
        yield y_true, y_score


def test_auc_equals_pair_counting_oracle():
    for y_true, y_score in small_datasets():
        assert roc_auc(y_true, y_score) == pytest.approx(pair_counting_auc(y_true, y_score), abs=1e-12)
        assert roc_auc(y_true, y_score) == pytest.approx(rank_sum_auc(y_true, y_score), abs=1e-12)


def test_clinic20_auc_by_pairs(clinic20):
    assert pair_counting_auc(*clinic20) * 75 == pytest.approx(67)
    assert roc_auc(*clinic20) == pytest.approx(pair_counting_auc(*clinic20), abs=1e-15)


def test_average_precision_oracle():
    for y_true, y_score in small_datasets(seed=1):
        expected = stepwise_average_precision(y_true, y_score)
        assert average_precision(y_true, y_score) == pytest.approx(expected, abs=1e-12)


def test_roc_runs_from_origin_to_top_right():
    for y_true, y_score in small_datasets(seed=2, count=50):
        fpr, tpr, thresholds = roc_curve(y_true, y_score)
        assert (fpr[0], tpr[0]) == (0.0, 0.0) and (fpr[-1], tpr[-1]) == (1.0, 1.0)
        assert np.all(np.diff(fpr) >= 0) and np.all(np.diff(tpr) >= 0)
        assert thresholds[0] == np.inf and np.all(np.diff(thresholds) < 0)
        assert fpr.size == np.unique(y_score).size + 1


def test_roc_points_are_the_counts_at_each_threshold():
    y_true, y_score = np.array([1, 0, 1, 1, 0, 0, 1]), np.array([0.9, 0.8, 0.8, 0.5, 0.3, 0.3, 0.1])
    fpr, tpr, thresholds = roc_curve(y_true, y_score)
    for f, t, threshold in zip(fpr, tpr, thresholds, strict=True):
        predicted = y_score >= threshold
        assert t == np.mean(predicted[y_true == 1]) and f == np.mean(predicted[y_true == 0])


def test_tie_between_positive_and_negative_is_one_diagonal_step():
    fpr, tpr, thresholds = roc_curve([1, 1, 0, 0], [0.9, 0.5, 0.5, 0.1])
    assert fpr.tolist() == [0.0, 0.0, 0.5, 1.0]
    assert tpr.tolist() == [0.0, 0.5, 1.0, 1.0]
    assert thresholds.tolist() == [np.inf, 0.9, 0.5, 0.1]
    assert roc_auc([1, 1, 0, 0], [0.9, 0.5, 0.5, 0.1]) == 0.875


def test_single_tie_is_the_diagonal():
    fpr, tpr, _ = roc_curve([1, 0], [0.5, 0.5])
    assert fpr.tolist() == [0.0, 1.0] and tpr.tolist() == [0.0, 1.0]
    assert roc_auc([1, 0], [0.5, 0.5]) == 0.5


def test_precision_recall_curve_shape(clinic20):
    precision, recall, thresholds = precision_recall_curve(*clinic20)
    assert (precision[0], recall[0]) == (1.0, 0.0)
    assert recall[-1] == 1.0 and precision[-1] == 0.25
    assert thresholds[0] == np.inf and thresholds.size == precision.size == recall.size == 21


def test_perfect_and_reversed_rankings():
    y_true = [0, 0, 1, 1]
    assert roc_auc(y_true, [0.1, 0.2, 0.8, 0.9]) == 1.0
    assert roc_auc(y_true, [0.9, 0.8, 0.2, 0.1]) == 0.0
    assert average_precision(y_true, [0.1, 0.2, 0.8, 0.9]) == 1.0
