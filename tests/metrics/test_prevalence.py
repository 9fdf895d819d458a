"""The same test at another prevalence: expected counts and the reweighted PR curve."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umbral.metrics import (
    accuracy,
    expected_counts,
    ppv_at_prevalence,
    pr_curve_at_prevalence,
    precision_recall_curve,
    roc_curve,
)


def scores(seed: int, n: int = 300, prevalence: float = 0.3):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < prevalence).astype(int)
    y[:2] = [0, 1]
    s = np.round(np.clip(0.5 + 0.25 * (2 * y - 1) + rng.normal(0, 0.25, n), 0, 1), 2)  # rounding makes ties
    return y, s


def test_at_the_data_prevalence_it_is_the_pr_curve():
    y, s = scores(0)
    fpr, tpr, _ = roc_curve(y, s)
    precision, recall = pr_curve_at_prevalence(fpr, tpr, y.mean())
    ours_p, ours_r, _ = precision_recall_curve(y, s)
    np.testing.assert_allclose(precision, ours_p, rtol=1e-12)
    np.testing.assert_array_equal(recall, ours_r)


@pytest.mark.parametrize("prevalence", [0.5, 0.1, 0.01])
def test_matches_sklearn_with_reweighted_classes(prevalence):
    from sklearn.metrics import precision_recall_curve as sk_pr_curve

    y, s = scores(1)
    own = y.mean()
    weight = np.where(y == 1, prevalence / own, (1 - prevalence) / (1 - own))
    theirs, their_recall, _ = sk_pr_curve(y, s, sample_weight=weight)
    fpr, tpr, _ = roc_curve(y, s)
    precision, recall = pr_curve_at_prevalence(fpr, tpr, prevalence)
    np.testing.assert_allclose(precision, theirs[::-1], rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(recall, their_recall[::-1], rtol=1e-9, atol=1e-12)


def test_matches_sklearn_on_data_resampled_to_that_prevalence():
    """Replicating every negative k times is the integer version of the reweighting."""
    from sklearn.metrics import precision_recall_curve as sk_pr_curve

    y, s = scores(2, n=120, prevalence=0.5)
    k = 3
    y_big = np.r_[y[y == 1], np.repeat(y[y == 0], k)]
    s_big = np.r_[s[y == 1], np.repeat(s[y == 0], k)]
    theirs, _, _ = sk_pr_curve(y_big, s_big)
    fpr, tpr, _ = roc_curve(y, s)
    precision, _ = pr_curve_at_prevalence(fpr, tpr, y_big.mean())
    np.testing.assert_allclose(precision, theirs[::-1], rtol=1e-9)


def test_operating_point_is_bayes():
    precision, _ = pr_curve_at_prevalence([0, 2 / 15, 1], [0, 0.8, 1], 0.01)
    assert precision[1] == pytest.approx(ppv_at_prevalence(0.8, 2 / 15, 0.01))
    assert precision[1] == pytest.approx(0.057, abs=5e-4)


@settings(max_examples=50, deadline=None)
@given(st.floats(0, 1), st.floats(0, 1), st.floats(0.001, 0.999), st.floats(1, 1e6))
def test_expected_counts_add_up(sens, fpr, pi, n):
    tp, fp, fn, tn = expected_counts(sens, fpr, pi, n)
    assert tp + fp + fn + tn == pytest.approx(n)
    assert tp + fn == pytest.approx(pi * n)
    assert accuracy(*expected_counts(0.0, 0.0, pi, n)) == pytest.approx(1 - pi)


def test_rejects_bad_input():
    with pytest.raises(ValueError):
        pr_curve_at_prevalence([0, 1], [0, 1], 0.0)
    with pytest.raises(ValueError):
        pr_curve_at_prevalence([0, 1], [0, 0.5, 1], 0.3)
