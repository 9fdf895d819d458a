"""Property-based parity with scikit-learn on tiny, heavily tied data."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn import metrics as skm

from umbral import metrics
from umbral.metrics import GRID, Sweep, build_report, verify
from umbral.metrics.verify import _grid_expected, sklearn_metrics

# Few distinct values, so ties are the rule; several sit exactly on grid thresholds.
TIED_SCORES = (0.0, 0.02, 0.3, 0.5, 0.7, 0.70000001, 0.9, 1.0)
FAST = settings(max_examples=100, deadline=None, database=None)


@st.composite
def binary_scores(draw, min_size=2, max_size=8):
    """``(y_true, y_score)`` with both classes present and many tied scores."""
    n = draw(st.integers(min_size, max_size))
    y_true = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    if min(y_true) == max(y_true):
        y_true[draw(st.integers(0, n - 1))] = 1 - y_true[0]
    score = st.one_of(st.sampled_from(TIED_SCORES), st.floats(0.0, 1.0))
    y_score = draw(st.lists(score, min_size=n, max_size=n))
    return np.array(y_true), np.array(y_score)


@FAST
@given(binary_scores())
def test_roc_auc(data):
    assert metrics.roc_auc(*data) == pytest.approx(skm.roc_auc_score(*data), rel=1e-12, abs=1e-12)


@FAST
@given(binary_scores())
def test_average_precision(data):
    expected = skm.average_precision_score(*data)
    assert metrics.average_precision(*data) == pytest.approx(expected, rel=1e-12, abs=1e-12)


@FAST
@given(binary_scores())
def test_roc_curve(data):
    fpr, tpr, thresholds = metrics.roc_curve(*data)
    sk_fpr, sk_tpr, sk_thresholds = skm.roc_curve(*data, drop_intermediate=False)
    np.testing.assert_allclose(fpr, sk_fpr, rtol=0, atol=1e-15)
    np.testing.assert_allclose(tpr, sk_tpr, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(thresholds, sk_thresholds)


@FAST
@given(binary_scores())
def test_log_loss_and_brier(data):
    y_true, y_score = data
    expected_log_loss = skm.log_loss(y_true, y_score, labels=[0, 1])
    assert metrics.log_loss(y_true, y_score) == pytest.approx(expected_log_loss, rel=1e-12)
    assert metrics.brier_score(y_true, y_score) == pytest.approx(
        skm.brier_score_loss(y_true, y_score), rel=1e-12, abs=1e-15
    )


def sklearn_snapshot(y_true, y_pred):
    """Every Snapshot field from scikit-learn's own functions."""
    (tn, fp), (fn, tp) = skm.confusion_matrix(y_true, y_pred, labels=[0, 1])
    zero = {"zero_division": 0}
    specificity = skm.recall_score(y_true, y_pred, pos_label=0, **zero)
    return {
        "n": y_true.size,
        "positives": int(y_true.sum()),
        "negatives": int((1 - y_true).sum()),
        "prevalence": float(np.mean(y_true)),
        "tp": tp, "fp": fp, "fn": fn, "tn": tn,
        "accuracy": skm.accuracy_score(y_true, y_pred),
        "precision": skm.precision_score(y_true, y_pred, **zero),
        "recall": skm.recall_score(y_true, y_pred, **zero),
        "specificity": specificity,
        "fpr": 1.0 - specificity,
        "npv": skm.precision_score(y_true, y_pred, pos_label=0, **zero),
        "f1": skm.f1_score(y_true, y_pred, **zero),
        "balanced_accuracy": skm.balanced_accuracy_score(y_true, y_pred),
        "mcc": skm.matthews_corrcoef(y_true, y_pred),
    }


@settings(max_examples=60, deadline=None, database=None)
@given(binary_scores())
def test_every_snapshot_field_on_the_grid(data):
    y_true, y_score = data
    sweep = Sweep.from_scores(y_true, y_score)
    expected_by_prediction = {}  # grid thresholds between the same two scores agree
    for snapshot in sweep.grid():
        y_pred = (y_score >= snapshot.threshold).astype(int)
        key = y_pred.tobytes()
        if key not in expected_by_prediction:
            expected_by_prediction[key] = sklearn_snapshot(y_true, y_pred)
        ours = snapshot.as_dict()
        assert ours.pop("threshold") in GRID
        assert ours == pytest.approx(expected_by_prediction[key], rel=1e-12, abs=1e-12), snapshot.threshold


@settings(max_examples=25, deadline=None, database=None)
@given(binary_scores())
def test_verify_grid_definitions_and_weighted_cells_match_sklearn(data):
    """verify() checks the grid with its own definitions and named θs with four weighted cells:
    both must equal scikit-learn's metric functions on the full arrays, at every grid θ."""
    y_true, y_score = data
    flagged = y_score[None, :] >= GRID[:, None]
    tp = (flagged & (y_true == 1)).sum(axis=1)
    fp = (flagged & (y_true == 0)).sum(axis=1)
    fn, tn = y_true.sum() - tp, (1 - y_true).sum() - fp
    definitions = _grid_expected(tp, fp, fn, tn)
    # Grid thresholds between the same two scores flag the same samples: check each once.
    _, first = np.unique(flagged, axis=0, return_index=True)
    for i in first:
        threshold = GRID[i]
        expected = sklearn_snapshot(y_true, flagged[i].astype(int))
        from_definitions = {name: definitions[name][i] for name in expected}
        assert from_definitions == pytest.approx(expected, rel=1e-12, abs=1e-12), threshold
        cells = sklearn_metrics(int(tp[i]), int(fp[i]), int(fn[i]), int(tn[i]))
        assert cells == pytest.approx(expected, rel=1e-12, abs=1e-12), threshold


# verify() calls scikit-learn about 30 times per data set, hence the small budget.
@settings(max_examples=6, deadline=None, database=None)
@given(binary_scores())
def test_verify_accepts_our_own_report(data):
    sweep = Sweep.from_scores(*data)
    assert verify(sweep, build_report(sweep)) is True
