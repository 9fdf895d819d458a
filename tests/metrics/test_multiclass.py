"""Multiclass confusion matrix and one-vs-rest averages, against scikit-learn."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn import metrics as skm

from umbral.metrics import confusion_matrix, multiclass_report

MATRIX = [[40, 5, 5], [10, 15, 5], [2, 3, 15]]


def expand(matrix):
    """Labels whose confusion matrix is ``matrix`` (rows = truth, columns = prediction)."""
    y_true, y_pred = [], []
    for i, row in enumerate(matrix):
        for j, count in enumerate(row):
            y_true += [i] * count
            y_pred += [j] * count
    return np.array(y_true), np.array(y_pred)


def test_textbook_f1():
    report = multiclass_report(MATRIX)
    assert [round(v, 3) for v in report.f1] == [0.784, 0.566, 0.667]
    assert round(report.macro["f1"], 3) == 0.672
    assert round(report.weighted["f1"], 3) == 0.695
    assert round(report.micro["f1"], 3) == 0.700
    assert report.micro["f1"] == pytest.approx(report.accuracy)
    assert report.support == (50, 30, 20)
    assert report.matrix == tuple(tuple(row) for row in MATRIX)


def test_against_sklearn_precision_recall_fscore_support():
    y_true, y_pred = expand(MATRIX)
    report = multiclass_report(MATRIX)
    precision, recall, f1, support = skm.precision_recall_fscore_support(y_true, y_pred, zero_division=0)
    assert report.precision == pytest.approx(precision)
    assert report.recall == pytest.approx(recall)
    assert report.f1 == pytest.approx(f1)
    assert report.support == tuple(support)
    for average in ("macro", "weighted", "micro"):
        p, r, f, _ = skm.precision_recall_fscore_support(y_true, y_pred, average=average, zero_division=0)
        ours = getattr(report, average)
        assert (ours["precision"], ours["recall"], ours["f1"]) == pytest.approx((p, r, f)), average
    assert report.accuracy == pytest.approx(skm.accuracy_score(y_true, y_pred))


def test_confusion_matrix_against_sklearn():
    y_true, y_pred = expand(MATRIX)
    rng = np.random.default_rng(0)
    order = rng.permutation(y_true.size)
    ours, labels = confusion_matrix(y_true[order], y_pred[order])
    assert labels == [0, 1, 2]
    np.testing.assert_array_equal(ours, MATRIX)
    np.testing.assert_array_equal(ours, skm.confusion_matrix(y_true, y_pred))


def test_confusion_matrix_string_labels_and_given_order():
    names = np.array(["cat", "dog", "fox"])
    y_true, y_pred = expand(MATRIX)
    order = ["fox", "cat", "dog"]
    ours, labels = confusion_matrix(names[y_true], names[y_pred], labels=order)
    assert labels == order
    np.testing.assert_array_equal(ours, skm.confusion_matrix(names[y_true], names[y_pred], labels=order))


def test_class_never_predicted_scores_zero():
    report = multiclass_report([[5, 0], [3, 0]])
    assert report.precision[1] == 0.0 and report.f1[1] == 0.0


@pytest.mark.parametrize("matrix", [[[1, 2, 3]], [1, 2], [[1, 2], [3, 4], [5, 6]]])
def test_non_square_matrix_raises(matrix):
    with pytest.raises(ValueError, match="square"):
        multiclass_report(matrix)


def test_mismatched_lengths_raise():
    with pytest.raises(ValueError):
        confusion_matrix([0, 1, 1], [0, 1])
