"""The textbook example, number by number, as the lecture states them."""

from __future__ import annotations

import numpy as np
import pytest

from umbral import metrics
from umbral.metrics import GRID, choose_thresholds, ppv_at_prevalence, tied_thresholds


def test_counts_at_one_half(clinic20_sweep):
    snapshot = clinic20_sweep.at(0.5)
    assert (snapshot.tp, snapshot.fn, snapshot.fp, snapshot.tn) == (4, 1, 2, 13)
    assert (snapshot.n, snapshot.positives, snapshot.negatives) == (20, 5, 15)
    assert snapshot.prevalence == 0.25


@pytest.mark.parametrize(
    "field, expected",
    [
        ("recall", 0.800),
        ("specificity", 0.867),
        ("precision", 0.667),
        ("npv", 0.929),
        ("accuracy", 0.85),
        ("balanced_accuracy", 0.833),
        ("f1", 0.727),
        ("mcc", 0.630),
        ("fpr", 0.133),
    ],
)
def test_rates_at_one_half(clinic20_sweep, field, expected):
    assert round(getattr(clinic20_sweep.at(0.5), field), 3) == expected


def test_auc_is_67_over_75(clinic20):
    assert metrics.roc_auc(*clinic20) == pytest.approx(67 / 75, abs=1e-15)


@pytest.mark.parametrize(
    "function, expected",
    [
        (metrics.average_precision, 0.783),
        (metrics.log_loss, 0.387),
        (metrics.brier_score, 0.124),
    ],
)
def test_threshold_free_summaries(clinic20, function, expected):
    assert round(function(*clinic20), 3) == expected


@pytest.mark.parametrize(
    "threshold, tp, fp, cost",
    [(0.90, 1, 0, 40), (0.75, 2, 1, 31), (0.50, 4, 2, 12), (0.30, 5, 5, 5), (0.10, 5, 11, 11)],
)
def test_threshold_table(clinic20_sweep, threshold, tp, fp, cost):
    snapshot = clinic20_sweep.at(threshold)
    assert (snapshot.tp, snapshot.fp) == (tp, fp)
    assert snapshot.cost(cost_fn=10, cost_fp=1) == cost


def test_threshold_table_vectorised(clinic20_sweep):
    thresholds = [0.90, 0.75, 0.50, 0.30, 0.10]
    tp, fp, fn, tn = clinic20_sweep.counts(thresholds)
    assert tp.tolist() == [1, 2, 4, 5, 5]
    assert fp.tolist() == [0, 1, 2, 5, 11]
    assert metrics.expected_cost(tp, fp, fn, tn, cost_fn=10, cost_fp=1).tolist() == [40, 31, 12, 5, 11]


def test_min_cost_tied_range(clinic20_sweep):
    tied = tied_thresholds(clinic20_sweep, "min_expected_cost", cost_fn=10, cost_fp=1)
    assert tied.tolist() == [0.26, 0.28, 0.30]
    tp, fp, fn, tn = clinic20_sweep.counts(GRID)
    assert metrics.expected_cost(tp, fp, fn, tn, cost_fn=10, cost_fp=1).min() == 5
    assert choose_thresholds(clinic20_sweep, cost_fn=10, cost_fp=1)["min_expected_cost"] == 0.30


def test_choose_thresholds_lists_every_rule(clinic20_sweep):
    chosen = choose_thresholds(clinic20_sweep)
    assert tuple(chosen) == metrics.RULES
    assert chosen["cost_ratio"] == pytest.approx(1 / 11)
    for rule in ("max_f1", "youden_j", "closest_to_top_left", "min_expected_cost"):
        assert chosen[rule] in GRID


@pytest.mark.parametrize("prevalence, expected", [(0.25, 0.667), (0.01, 0.057)])
def test_ppv_at_prevalence(prevalence, expected):
    assert round(ppv_at_prevalence(0.8, 2 / 15, prevalence), 3) == expected


def test_ppv_at_clinic_prevalence_is_the_observed_precision(clinic20_sweep):
    snapshot = clinic20_sweep.at(0.5)
    assert ppv_at_prevalence(snapshot.recall, snapshot.fpr, snapshot.prevalence) == pytest.approx(
        snapshot.precision
    )


def test_ppv_at_prevalence_vectorised():
    values = ppv_at_prevalence(0.8, 2 / 15, np.array([0.0, 0.25, 1.0]))
    assert values == pytest.approx([0.0, 2 / 3, 1.0])
