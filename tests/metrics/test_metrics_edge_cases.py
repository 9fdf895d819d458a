"""Degenerate inputs: one class, all ties, bad labels, non-finite scores."""

from __future__ import annotations

import numpy as np
import pytest

from umbral import metrics
from umbral.metrics import Sweep


@pytest.mark.parametrize("label", [0, 1])
def test_auc_needs_both_classes(label):
    with pytest.raises(ValueError, match="both classes"):
        metrics.roc_auc([label] * 4, [0.1, 0.4, 0.6, 0.9])
    with pytest.raises(ValueError, match="both classes"):
        metrics.build_report(Sweep.from_scores([label] * 4, [0.1, 0.4, 0.6, 0.9]))


@pytest.mark.parametrize("label", [0, 1])
def test_one_class_snapshots_are_finite(label):
    sweep = Sweep.from_scores([label] * 4, [0.1, 0.4, 0.6, 0.9])
    for snapshot in sweep.grid():
        values = snapshot.as_dict()
        assert all(np.isfinite(v) for v in values.values())
        assert snapshot.mcc == 0.0
        assert 0.0 <= snapshot.balanced_accuracy <= 1.0
    if label == 0:  # no positives: recall is 0/0
        assert sweep.at(0.5).recall == 0.0 and sweep.at(0.5).f1 == 0.0
    else:  # no negatives: specificity and FPR are 0/0
        assert sweep.at(0.5).specificity == 0.0 and sweep.at(0.5).fpr == 0.0


@pytest.mark.parametrize(
    "function",
    [
        metrics.precision, metrics.recall, metrics.specificity, metrics.false_positive_rate,
        metrics.negative_predictive_value, metrics.f1_score, metrics.accuracy,
        metrics.balanced_accuracy, metrics.matthews_corrcoef, metrics.prevalence,
    ],
)
def test_zero_over_zero_is_zero(function):
    assert function(0, 0, 0, 0) == 0.0
    assert isinstance(function(0, 0, 0, 0), float)
    values = function(np.zeros(3, int), np.zeros(3, int), np.zeros(3, int), np.zeros(3, int))
    assert values.tolist() == [0.0, 0.0, 0.0]


@pytest.mark.parametrize("counts", [(0, 0, 0, 5), (5, 0, 0, 0), (0, 5, 0, 0), (0, 0, 5, 0), (3, 2, 0, 0)])
def test_mcc_is_zero_when_a_marginal_is_empty(counts):
    assert metrics.matthews_corrcoef(*counts) == 0.0


def test_precision_and_npv_when_nothing_is_flagged_or_cleared():
    assert metrics.precision(0, 0) == 0.0
    assert metrics.negative_predictive_value(5, 3, 0, 0) == 0.0
    assert metrics.ppv_at_prevalence(0.0, 0.0, 0.3) == 0.0


def test_all_scores_equal():
    y_true, y_score = [0, 1, 1, 0, 1], [0.4] * 5
    fpr, tpr, thresholds = metrics.roc_curve(y_true, y_score)
    assert fpr.tolist() == [0.0, 1.0] and tpr.tolist() == [0.0, 1.0]
    assert thresholds.tolist() == [np.inf, 0.4]
    assert metrics.roc_auc(y_true, y_score) == 0.5
    assert metrics.average_precision(y_true, y_score) == pytest.approx(0.6)
    sweep = Sweep.from_scores(y_true, y_score)
    assert sweep.at(0.4).tp == 3 and sweep.at(0.4).fp == 2
    assert sweep.at(np.nextafter(0.4, 1)).tp == 0
    assert metrics.verify(sweep, metrics.build_report(sweep)) is True


def test_single_sample():
    sweep = Sweep.from_scores([1], [0.3])
    assert (sweep.at(0.3).tp, sweep.at(0.32).fn) == (1, 1)
    with pytest.raises(ValueError, match="both classes"):
        metrics.roc_auc([1], [0.3])


@pytest.mark.parametrize("bad_label", [2, -1, 0.5, 3.0])
def test_single_invalid_label_raises(bad_label):
    for function in (Sweep.from_scores, metrics.roc_curve, metrics.log_loss, metrics.brier_score):
        with pytest.raises(ValueError, match="0 or 1"):
            function([bad_label], [0.5])


def test_string_labels_raise():
    with pytest.raises(ValueError):
        Sweep.from_scores(["yes", "no"], [0.5, 0.2])


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize(
    "function",
    [
        Sweep.from_scores, metrics.roc_curve, metrics.roc_auc, metrics.precision_recall_curve,
        metrics.average_precision, metrics.log_loss, metrics.brier_score, metrics.grid_counts,
    ],
)
def test_non_finite_scores_raise(function, bad):
    with pytest.raises(ValueError, match="finite"):
        function([0, 1, 1, 0], [0.1, bad, 0.6, 0.3])


@pytest.mark.parametrize(
    "y_true, y_score, message",
    [
        ([], [], "no samples"),
        ([0, 1], [0.5], "2 labels but 1 scores"),
        ([[0, 1]], [[0.5, 0.6]], "1-D"),
    ],
)
def test_malformed_inputs_raise(y_true, y_score, message):
    with pytest.raises(ValueError, match=message):
        Sweep.from_scores(y_true, y_score)


def test_log_loss_of_confident_mistake_is_finite():
    assert metrics.log_loss([1, 0], [0.0, 1.0]) == pytest.approx(-np.log(np.finfo(float).eps))
    assert metrics.log_loss([1, 0], [1.0, 0.0]) == pytest.approx(0.0, abs=1e-15)
