"""The metrics core's own edges, called directly, against scikit-learn (issue 15, section 5)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from sklearn import metrics as skm

from umbral.metrics import balanced_accuracy, brier_score
from umbral.metrics.multiclass import confusion_matrix
from umbral.metrics.point import f_beta

GRIDS = [(4, 2, 1, 13), (0, 0, 0, 5), (0, 3, 0, 2), (5, 0, 0, 0), (2, 0, 3, 0), (0, 0, 4, 0), (7, 1, 2, 9)]


def _cells(tp, fp, fn, tn):
    """Truth and predictions that give these four counts."""
    y_true = np.array([1] * tp + [0] * fp + [1] * fn + [0] * tn)
    y_pred = np.array([1] * tp + [1] * fp + [0] * fn + [0] * tn)
    return y_true, y_pred


@pytest.mark.parametrize("grid", GRIDS)
@pytest.mark.parametrize("beta", [0.0, 0.5, 1.0, 2.0, float("inf")])
def test_f_beta_matches_scikit_learn_including_beta_zero_and_infinity(grid, beta):
    y_true, y_pred = _cells(*grid)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = skm.fbeta_score(y_true, y_pred, beta=beta, zero_division=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no RuntimeWarning from the core
        assert f_beta(*grid, beta=beta) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("beta", [-1.0, -0.5, float("nan"), "2", None, True, float("-inf")])
def test_f_beta_refuses_a_beta_that_is_not_a_number_at_least_zero(beta):
    with pytest.raises(ValueError, match="beta must be"):
        f_beta(4, 2, 1, 13, beta=beta)


def test_f_beta_at_infinity_works_on_arrays_of_counts():
    tp, fp, fn = np.array([4, 0, 3]), np.array([2, 1, 0]), np.array([1, 0, 0])
    assert f_beta(tp, fp, fn, beta=float("inf")).tolist() == [0.8, 0.0, 1.0]


@pytest.mark.parametrize("grid", GRIDS)
def test_balanced_accuracy_matches_scikit_learn_on_one_class_truth_too(grid):
    y_true, y_pred = _cells(*grid)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scikit-learn warns when y_pred has a class y_true lacks
        expected = skm.balanced_accuracy_score(y_true, y_pred)
    assert balanced_accuracy(*grid) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("labels", [["c", "a"], ["b"], ["a", "b", "c", "d"], ["d", "a"]])
def test_confusion_matrix_with_labels_counts_only_those_as_scikit_learn(labels):
    y_true = ["a", "b", "c", "a", "b", "c", "c"]
    y_pred = ["a", "c", "c", "b", "b", "a", "d"]
    matrix, shown = confusion_matrix(y_true, y_pred, labels=labels)
    assert shown == labels
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scikit-learn warns that one label gives a 1x1 matrix: that is the case here
        expected = skm.confusion_matrix(y_true, y_pred, labels=labels)
    np.testing.assert_array_equal(matrix, expected)


@pytest.mark.parametrize("y_true, y_pred, labels, message", [
    ([], [], None, "no samples"),
    (["a"], ["a"], [], "labels is empty"),
    (["a", "b"], ["a", "b"], ["z"], "none of labels"),
    (["a", "b"], ["a"], None, "1 predictions"),
    (["a", "b"], ["a", "b"], ["a", "a"], "twice"),
])
def test_confusion_matrix_refuses_what_has_no_matrix(y_true, y_pred, labels, message):
    with pytest.raises(ValueError, match=message):
        confusion_matrix(y_true, y_pred, labels=labels)


def test_confusion_matrix_matches_scikit_learn_on_many_classes():
    rng = np.random.default_rng(15)
    y_true, y_pred = rng.integers(0, 6, 5000), rng.integers(0, 6, 5000)
    matrix, labels = confusion_matrix(y_true, y_pred)
    np.testing.assert_array_equal(matrix, skm.confusion_matrix(y_true, y_pred))
    assert labels == list(range(6))


@pytest.mark.parametrize("scores", [[0.2, 1.2], [-0.1, 0.5]])
def test_brier_score_refuses_scores_outside_zero_one_as_scikit_learn(scores):
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        brier_score([0, 1], scores)
    with pytest.raises(ValueError):
        skm.brier_score_loss([0, 1], scores)


def test_brier_score_matches_scikit_learn_inside_zero_one():
    rng = np.random.default_rng(3)
    y_true, y_score = rng.integers(0, 2, 300), rng.random(300)
    assert brier_score(y_true, y_score) == pytest.approx(skm.brier_score_loss(y_true, y_score), abs=1e-12)
