"""scikit-learn's own metric tests, adapted to umbral's core (issue 15, §5), plus property tests on ties.

The toy cases are those of scikit-learn's ``metrics/tests/test_ranking.py`` and ``test_classification.py``
(``test_roc_curve_toydata``, ``test_precision_recall_curve_toydata``, ``test_average_precision_constant_values``,
``test_score_scale_invariance``, ``test_roc_curve_end_points``, ``test_roc_returns_consistency``,
``test_roc_curve_hard``, ``test_matthews_corrcoef*``, ``test_balanced_accuracy_score``, the ``zero_division``
cases of ``precision_recall_fscore_support``), with their expected numbers. Where umbral deliberately differs,
the test says so and checks umbral's rule instead:

* one-class truth: scikit-learn's ROC rates are NaN with a warning, umbral's are 0 (0/0 = 0 everywhere), and
  umbral's AUC refuses one-class truth with a ``ValueError`` (scikit-learn warns and returns NaN);
* the PR curve is listed from the highest threshold down with (recall 0, precision 1) first, as drawn;
  scikit-learn lists it the other way with that point last. The points are the same.

The property tests draw tie-heavy data (scores from a handful of values) and hold every number the lecture
shows equal to scikit-learn's to 1e-12. Hypothesis runs derandomised: the same examples on every run.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn import metrics as skm

from umbral.metrics import (
    Sweep,
    average_precision,
    balanced_accuracy,
    brier_score,
    confusion_matrix,
    count_ordered_pairs,
    grid_counts,
    log_loss,
    matthews_corrcoef,
    multiclass_report,
    point,
    precision_recall_curve,
    roc_auc,
    roc_curve,
)
from umbral.metrics.sweep import GRID

TOL = 1e-12

# --- test_ranking.py::test_roc_curve_toydata (binary part): (y_true, y_score, fpr, tpr, auc) ---------------
ROC_TOYDATA = [
    ([0, 1], [0, 1], [0, 0, 1], [0, 1, 1], 1.0),
    ([0, 1], [1, 0], [0, 1, 1], [0, 0, 1], 0.0),
    ([1, 0], [1, 1], [0, 1], [0, 1], 0.5),
    ([1, 0], [1, 0], [0, 0, 1], [0, 1, 1], 1.0),
    ([1, 0], [0.5, 0.5], [0, 1], [0, 1], 0.5),
]


@pytest.mark.parametrize("y_true, y_score, fpr, tpr, auc", ROC_TOYDATA)
def test_roc_curve_toydata(y_true, y_score, fpr, tpr, auc):
    ours_fpr, ours_tpr, _ = roc_curve(y_true, y_score)
    np.testing.assert_allclose(ours_fpr, fpr, atol=TOL)
    np.testing.assert_allclose(ours_tpr, tpr, atol=TOL)
    assert roc_auc(y_true, y_score) == pytest.approx(auc, abs=TOL)


@pytest.mark.parametrize("y_true, rates", [([0, 0], "tpr"), ([1, 1], "fpr")])
def test_roc_curve_toydata_one_class_is_zero_over_zero_and_auc_refused(y_true, rates):
    """scikit-learn: NaN rates and a NaN AUC with warnings. umbral: 0/0 = 0 and a ValueError for the AUC."""
    fpr, tpr, _ = roc_curve(y_true, [0.25, 0.75])
    missing, present = (tpr, fpr) if rates == "tpr" else (fpr, tpr)
    np.testing.assert_array_equal(missing, [0.0, 0.0, 0.0])
    np.testing.assert_allclose(present, [0.0, 0.5, 1.0], atol=TOL)
    with pytest.raises(ValueError, match="both classes"):
        roc_auc(y_true, [0.25, 0.75])


# --- test_ranking.py::test_precision_recall_curve_toydata (binary part): (y_true, y_score, p, r, ap) --------
# scikit-learn's order (lowest threshold first, (recall 0, precision 1) last).
PR_TOYDATA = [
    ([0, 1], [0, 1], [0.5, 1, 1], [1, 1, 0], 1.0),
    ([0, 1], [1, 0], [0.5, 0.0, 1.0], [1.0, 0.0, 0.0], 0.5),
    ([1, 0], [1, 1], [0.5, 1], [1.0, 0], 0.5),
    ([1, 0], [1, 0], [0.5, 1, 1], [1, 1, 0], 1.0),
    ([1, 0], [0.5, 0.5], [0.5, 1], [1, 0.0], 0.5),
    ([1, 1], [0.25, 0.75], [1.0, 1.0, 1.0], [1, 0.5, 0.0], 1.0),
]


@pytest.mark.parametrize("y_true, y_score, p, r, ap", PR_TOYDATA)
def test_precision_recall_curve_toydata(y_true, y_score, p, r, ap):
    precision, recall, _ = precision_recall_curve(y_true, y_score)
    np.testing.assert_allclose(precision[::-1], p, atol=TOL)  # umbral lists from the highest threshold
    np.testing.assert_allclose(recall[::-1], r, atol=TOL)
    assert average_precision(y_true, y_score) == pytest.approx(ap, abs=TOL)


def test_precision_recall_curve_toydata_no_positive():
    """scikit-learn warns "No positive class found" and gives AP 0, precision (0, 0, 1), recall (1, 1, 0)."""
    precision, recall, _ = precision_recall_curve([0, 0], [0.25, 0.75])
    np.testing.assert_allclose(precision[::-1], [0, 0, 1], atol=TOL)
    np.testing.assert_allclose(recall[::-1], [0, 0, 0], atol=TOL)  # 0/0 = 0 where scikit-learn says 1
    assert average_precision([0, 0], [0.25, 0.75]) == 0.0


def test_average_precision_constant_values():
    y_true = np.zeros(100, dtype=int)
    y_true[::4] = 1
    assert average_precision(y_true, np.ones(100)) == 0.25


def _make_prediction(seed=0, n=200):
    """A stand-in for scikit-learn's ``make_prediction(binary=True)``: labels and a noisy score."""
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, 2, n)
    return y_true, y_true * 0.6 + rng.random(n)


def test_score_scale_invariance():
    y_true, y_score = _make_prediction()
    auc, ap = roc_auc(y_true, y_score), average_precision(y_true, y_score)
    for transformed in (100 * y_score, 1e-6 * y_score, y_score - 10):
        assert roc_auc(y_true, transformed) == auc
        assert average_precision(y_true, transformed) == ap


def test_roc_curve_end_points():
    rng = np.random.default_rng(0)
    y_true = np.array([0] * 50 + [1] * 50)
    y_score = rng.integers(0, 3, size=100) / 2
    fpr, tpr, thresholds = roc_curve(y_true, y_score)
    assert (fpr[0], tpr[0], fpr[-1], tpr[-1]) == (0, 0, 1, 1)
    assert fpr.shape == tpr.shape == thresholds.shape


def test_roc_returns_consistency():
    y_true, y_score = _make_prediction(1)
    fpr, tpr, thresholds = roc_curve(y_true, y_score)
    flagged = [(y_score >= t) for t in thresholds]
    np.testing.assert_allclose(tpr, [(f & (y_true == 1)).sum() / (y_true == 1).sum() for f in flagged], atol=TOL)
    np.testing.assert_allclose(fpr, [(f & (y_true == 0)).sum() / (y_true == 0).sum() for f in flagged], atol=TOL)


def test_roc_curve_hard():
    y_true, y_score = _make_prediction(2)
    assert roc_auc(y_true, 1 - y_score) == pytest.approx(1 - roc_auc(y_true, y_score), abs=TOL)  # reversed
    assert roc_auc(y_true, np.zeros_like(y_score)) == 0.5  # constant
    assert roc_auc(y_true, y_true) == 1.0  # perfect


def test_roc_curve_fpr_tpr_increasing():
    y_true, y_score = [0, 0, 1, 1, 1], [0.1, 0.7, 0.3, 0.4, 0.5]
    fpr, tpr, _ = roc_curve(y_true, y_score)
    assert (np.diff(fpr) >= 0).all() and (np.diff(tpr) >= 0).all()


# --- test_classification.py: binary point metrics with their expected numbers ------------------------------
def _cells(y_true, y_pred):
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    return (int(((y_true == 1) & (y_pred == 1)).sum()), int(((y_true == 0) & (y_pred == 1)).sum()),
            int(((y_true == 1) & (y_pred == 0)).sum()), int(((y_true == 0) & (y_pred == 0)).sum()))


@pytest.mark.parametrize("y_true, y_pred, expected", [
    ([1, 1, 1, 0, 0, 0], [1, 1, 1, 0, 0, 0], 1.0),  # test_matthews_corrcoef: perfect
    ([1, 1, 1, 0, 0, 0], [0, 0, 0, 1, 1, 1], -1.0),  # all wrong
    ([0, 0, 1, 1], [0, 1, 0, 1], 0.0),  # chance
    ([0, 0, 0, 0], [0, 0, 0, 0], 0.0),  # test_matthews_corrcoef_nan: one marginal empty
    ([0, 0, 1, 1], [1, 1, 1, 1], 0.0),
    ([1, 1, 0, 0, 1], [1, 0, 0, 0, 1], 2 / 3),  # (2*2 - 0*1) / sqrt(2*3*2*3)
])
def test_matthews_corrcoef_toydata(y_true, y_pred, expected):
    assert matthews_corrcoef(*_cells(y_true, y_pred)) == pytest.approx(expected, abs=TOL)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a single label
        theirs = skm.matthews_corrcoef(y_true, y_pred)
    assert matthews_corrcoef(*_cells(y_true, y_pred)) == pytest.approx(theirs, abs=TOL)


def test_matthews_corrcoef_against_jurman_definition_and_symmetry():
    rng = np.random.default_rng(3)
    y_true, y_pred = rng.integers(0, 2, 500), rng.integers(0, 2, 500)
    tp, fp, fn, tn = _cells(y_true, y_pred)
    assert matthews_corrcoef(tp, fp, fn, tn) == pytest.approx(matthews_corrcoef(tp, fn, fp, tn), abs=TOL)
    assert matthews_corrcoef(tp, fp, fn, tn) == pytest.approx(-matthews_corrcoef(fp, tp, tn, fn), abs=TOL)


@pytest.mark.parametrize("y_true, y_pred", [
    ([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1]),  # test_balanced_accuracy_score
    ([0, 0, 0, 1], [0, 0, 1, 1]),
    ([1, 1, 1, 1], [1, 0, 1, 1]),  # one class only: scikit-learn leaves the absent class out
])
def test_balanced_accuracy_toydata(y_true, y_pred):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = skm.balanced_accuracy_score(y_true, y_pred)
    assert balanced_accuracy(*_cells(y_true, y_pred)) == pytest.approx(expected, abs=TOL)


@pytest.mark.parametrize("y_true, y_pred", [
    ([0, 0, 0, 0], [0, 0, 0, 0]),  # test_precision_recall_f1_no_labels: nothing positive at all
    ([1, 1, 0, 0], [0, 0, 0, 0]),  # nothing flagged: precision 0/0
    ([0, 0, 0, 0], [1, 1, 0, 0]),  # no positives: recall 0/0
    ([1, 0, 1, 0], [1, 0, 0, 1]),
])
def test_zero_division_is_zero_as_scikit_learn_zero_division_0(y_true, y_pred):
    p, r, f, _ = skm.precision_recall_fscore_support(y_true, y_pred, average="binary", zero_division=0)
    cells = _cells(y_true, y_pred)
    assert (point.precision(*cells), point.recall(*cells), point.f1_score(*cells)) == pytest.approx((p, r, f))


# --- property tests on tie-heavy data ------------------------------------------------------------------------
@st.composite
def tie_heavy(draw, max_n=60):
    """Labels with both classes and scores drawn from 1-5 distinct values (or, sometimes, any floats)."""
    n = draw(st.integers(2, max_n))
    labels = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda ys: 0 < sum(ys) < n))
    if draw(st.booleans()):
        values = draw(st.lists(st.sampled_from(GRID.tolist()), min_size=1, max_size=5, unique=True))
        scores = draw(st.lists(st.sampled_from(values), min_size=n, max_size=n))
    else:
        scores = draw(st.lists(st.floats(0, 1), min_size=n, max_size=n))
    return np.array(labels), np.array(scores)


PROPERTY = settings(max_examples=120, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@PROPERTY
@given(tie_heavy())
def test_exact_roc_equals_scikit_learn_without_dropped_points(data):
    y_true, y_score = data
    fpr, tpr, thresholds = roc_curve(y_true, y_score)
    their_fpr, their_tpr, their_thresholds = skm.roc_curve(y_true, y_score, drop_intermediate=False)
    np.testing.assert_allclose(fpr, their_fpr, atol=TOL)
    np.testing.assert_allclose(tpr, their_tpr, atol=TOL)
    np.testing.assert_array_equal(thresholds[1:], their_thresholds[1:])
    assert roc_auc(y_true, y_score) == pytest.approx(skm.roc_auc_score(y_true, y_score), abs=TOL)
    assert count_ordered_pairs(y_true, y_score).share == pytest.approx(skm.roc_auc_score(y_true, y_score), abs=TOL)


@PROPERTY
@given(tie_heavy())
def test_pr_curve_and_average_precision_equal_scikit_learn(data):
    y_true, y_score = data
    precision, recall, _ = precision_recall_curve(y_true, y_score)
    their_p, their_r, _ = skm.precision_recall_curve(y_true, y_score, drop_intermediate=False)
    np.testing.assert_allclose(precision[::-1], their_p, atol=TOL)
    np.testing.assert_allclose(recall[::-1], their_r, atol=TOL)
    assert average_precision(y_true, y_score) == pytest.approx(skm.average_precision_score(y_true, y_score),
                                                               abs=TOL)


@PROPERTY
@given(tie_heavy())
def test_log_loss_and_brier_equal_scikit_learn(data):
    y_true, y_score = data
    assert log_loss(y_true, y_score) == pytest.approx(skm.log_loss(y_true, y_score, labels=[0, 1]), abs=1e-9)
    assert brier_score(y_true, y_score) == pytest.approx(skm.brier_score_loss(y_true, y_score), abs=TOL)


@settings(PROPERTY, max_examples=60)
@given(tie_heavy())
def test_every_point_metric_at_every_grid_threshold_equals_scikit_learn(data):
    y_true, y_score = data
    sweep = Sweep.from_scores(y_true, y_score)
    tp, fp, fn, tn = sweep.counts(GRID)
    binned_tp, binned_fp = grid_counts(y_true, y_score)
    np.testing.assert_array_equal(binned_tp, tp)
    np.testing.assert_array_equal(binned_fp, fp)
    # Grid thresholds with the same counts give the same numbers: ask scikit-learn once per distinct grid cell.
    _, first = np.unique(np.stack([tp, fp]), axis=1, return_index=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scikit-learn warns on one-class predictions
        for k in first:
            theta = GRID[k]
            y_pred = (y_score >= theta).astype(int)
            p, r, f, _ = skm.precision_recall_fscore_support(y_true, y_pred, average="binary", zero_division=0)
            counts = tp[k], fp[k], fn[k], tn[k]
            ours = (point.accuracy(*counts), point.precision(*counts), point.recall(*counts),
                    point.f1_score(*counts), point.f_beta(*counts, beta=2.0), point.matthews_corrcoef(*counts),
                    point.balanced_accuracy(*counts))
            theirs = (skm.accuracy_score(y_true, y_pred), p, r, f,
                      skm.fbeta_score(y_true, y_pred, beta=2.0, zero_division=0),
                      skm.matthews_corrcoef(y_true, y_pred), skm.balanced_accuracy_score(y_true, y_pred))
            np.testing.assert_allclose(ours, theirs, atol=TOL, err_msg=f"at θ = {theta}")


@PROPERTY
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=80))
def test_multiclass_matrix_and_report_equal_scikit_learn(pairs):
    y_true, y_pred = (np.array(side) for side in zip(*pairs, strict=True))
    matrix, labels = confusion_matrix(y_true, y_pred)
    report = multiclass_report(matrix, labels)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scikit-learn warns when a single label is found
        np.testing.assert_array_equal(matrix, skm.confusion_matrix(y_true, y_pred, labels=labels))
        for average in ("macro", "weighted", "micro"):
            p, r, f, _ = skm.precision_recall_fscore_support(y_true, y_pred, labels=labels, average=average,
                                                             zero_division=0)
            ours = getattr(report, average)
            np.testing.assert_allclose((ours["precision"], ours["recall"], ours["f1"]), (p, r, f), atol=TOL,
                                       err_msg=average)
