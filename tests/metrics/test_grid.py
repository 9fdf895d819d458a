"""The 0.02 threshold grid and the binned fast path ``grid_counts``."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umbral.metrics import GRID, Sweep, grid_counts


def test_grid_has_51_exact_values():
    assert GRID.shape == (51,)
    assert GRID[0] == 0.0 and GRID[-1] == 1.0
    assert GRID[35] == 0.7
    assert GRID.tolist() == [k / 50 for k in range(51)]
    assert not GRID.flags.writeable


def test_arange_grid_misses_point_seven():
    # Why GRID is np.arange(51) / 50: the float-step versions drift, so a score
    # of exactly 0.70 would be classified negative at the "0.70" threshold.
    assert np.arange(0, 1.02, 0.02)[35] != 0.7
    assert np.arange(0, 1.02, 0.02)[35] > 0.7
    assert np.linspace(0, 1, 51)[35] != 0.7


def test_score_on_threshold_counts_as_positive():
    y_true, y_score = [1, 0], [0.70, 0.10]
    snapshot = Sweep.from_scores(y_true, y_score).at(GRID[35])
    assert (snapshot.tp, snapshot.fn) == (1, 0)
    assert Sweep.from_scores(y_true, y_score).at(0.7).tp == 1
    tp, fp = grid_counts(y_true, y_score)
    assert tp[35] == 1 and tp[36] == 0


def assert_grid_counts_match_sweep(y_true, y_score):
    tp, fp = grid_counts(y_true, y_score)
    sweep_tp, sweep_fp, _, _ = Sweep.from_scores(y_true, y_score).counts(GRID)
    np.testing.assert_array_equal(tp, sweep_tp)
    np.testing.assert_array_equal(fp, sweep_fp)
    assert tp.dtype == np.int64 and fp.dtype.kind == "i"


def test_random_scores():
    rng = np.random.default_rng(20)
    y_true = rng.integers(0, 2, 10_000)
    assert_grid_counts_match_sweep(y_true, rng.random(10_000))
    assert_grid_counts_match_sweep(y_true, np.round(rng.random(10_000), 2))


def test_scores_on_every_grid_value():
    scores = np.r_[GRID, GRID, [k * 0.02 for k in range(51)], np.linspace(0, 1, 51)]
    labels = np.arange(scores.size) % 2
    assert_grid_counts_match_sweep(labels, scores)


@pytest.mark.parametrize("score", [0.0, 1.0])
@pytest.mark.parametrize("label", [0, 1])
def test_end_points(score, label):
    assert_grid_counts_match_sweep([label, 1 - label], [score, 0.5])


@pytest.mark.parametrize("direction", [-np.inf, np.inf])
def test_one_ulp_either_side_of_grid_values(direction):
    scores = np.nextafter(GRID, direction)
    labels = np.arange(scores.size) % 2
    assert_grid_counts_match_sweep(labels, scores)
    assert_grid_counts_match_sweep(1 - labels, scores)


def test_scores_outside_zero_one():
    # Decision-function scores are not probabilities; the grid still only sees 0..1.
    scores = [-1e300, -3.0, -0.01, -5e-324, 1.0 + 2**-52, 1.5, 7.0, 1e300]
    labels = [0, 1, 0, 1, 1, 0, 1, 0]
    assert_grid_counts_match_sweep(labels, scores)


def test_other_step_counts():
    rng = np.random.default_rng(3)
    y_true, y_score = rng.integers(0, 2, 500), np.round(rng.random(500), 1)
    tp, fp = grid_counts(y_true, y_score, n_steps=10)
    sweep_tp, sweep_fp, _, _ = Sweep.from_scores(y_true, y_score).counts(np.arange(11) / 10)
    np.testing.assert_array_equal(tp, sweep_tp)
    np.testing.assert_array_equal(fp, sweep_fp)


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_scores_raise(bad):
    with pytest.raises(ValueError, match="finite"):
        grid_counts([0, 1, 1], [0.2, bad, 0.4])


def test_invalid_labels_raise():
    with pytest.raises(ValueError, match="0 or 1"):
        grid_counts([0, 2], [0.2, 0.4])


@settings(max_examples=100, deadline=None, database=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 1),
            st.one_of(
                st.sampled_from([float(g) for g in GRID]),
                st.sampled_from([float(np.nextafter(g, d)) for g in GRID for d in (-1.0, 2.0)]),
                st.floats(-2.0, 2.0, allow_nan=False),
            ),
        ),
        min_size=1,
        max_size=30,
    )
)
def test_grid_counts_matches_sweep_property(samples):
    y_true, y_score = zip(*samples, strict=True)
    assert_grid_counts_match_sweep(np.array(y_true), np.array(y_score))
