"""count_ordered_pairs against brute force, roc_auc and scikit-learn."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umbral.metrics import PairCounts, count_ordered_pairs, roc_auc


def brute_force(y_true, y_score):
    positives = [s for s, y in zip(y_score, y_true, strict=True) if y == 1]
    negatives = [s for s, y in zip(y_score, y_true, strict=True) if y == 0]
    pairs = list(itertools.product(positives, negatives))
    return (sum(p > n for p, n in pairs), sum(p == n for p, n in pairs), len(pairs))


def test_clinic20_has_67_of_75(clinic20):
    counts = count_ordered_pairs(*clinic20)
    assert counts == PairCounts(correct=67, ties=0, total=75)
    assert counts.wrong == 8
    assert counts.share == pytest.approx(roc_auc(*clinic20), abs=1e-15)


def test_a_tie_counts_one_half():
    counts = count_ordered_pairs([1, 0], [0.4, 0.4])
    assert counts == (0, 1, 1)
    assert counts.share == 0.5 == roc_auc([1, 0], [0.4, 0.4])


def test_one_class_has_no_pairs():
    counts = count_ordered_pairs([1, 1, 1], [0.2, 0.5, 0.9])
    assert counts == (0, 0, 0) and counts.share == 0.0


# Scores on a coarse grid so ties are common.
labelled_scores = st.integers(2, 40).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < len(y)),
    st.lists(st.integers(0, 8).map(lambda k: k / 8), min_size=n, max_size=n)))


@settings(max_examples=200, deadline=None)
@given(labelled_scores)
def test_matches_brute_force_and_roc_auc(data):
    y_true, y_score = data
    counts = count_ordered_pairs(y_true, y_score)
    assert tuple(counts) == brute_force(y_true, y_score)
    assert counts.share == pytest.approx(roc_auc(y_true, y_score), abs=1e-12)


def test_matches_scikit_learn_on_many_samples():
    from sklearn.metrics import roc_auc_score

    rng = np.random.default_rng(7)
    y_true = rng.integers(0, 2, 20_000)
    y_score = np.round(rng.normal(y_true * 0.8, 1.0), 2)  # rounded: many ties
    counts = count_ordered_pairs(y_true, y_score)
    assert counts.total == y_true.sum() * (y_true.size - y_true.sum())
    assert counts.ties > 0
    assert counts.share == pytest.approx(roc_auc_score(y_true, y_score), abs=1e-12)
