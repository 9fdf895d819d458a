"""Class humps: Gaussian KDE in patients per unit score, against SciPy and between methods."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.stats import gaussian_kde

from umbral.metrics import bandwidth, class_densities, kde_counts
from umbral.metrics.density import DENSITY_GRID, MIN_BANDWIDTH

GRID = DENSITY_GRID


def test_scott_rule_matches_scipy_without_reflection():
    scores = np.random.default_rng(1).beta(2, 5, 300)
    ours = kde_counts(scores, GRID, reflect=False, method="exact")
    theirs = gaussian_kde(scores)(GRID) * scores.size  # scipy: density, area 1, Scott's rule
    np.testing.assert_allclose(ours, theirs, rtol=1e-10, atol=1e-10)


def test_silverman_rule_matches_scipy():
    scores = np.random.default_rng(2).uniform(0.2, 0.8, 40)
    assert bandwidth(scores, "silverman") == pytest.approx(
        gaussian_kde(scores, bw_method="silverman").factor * np.std(scores, ddof=1))
    ours = kde_counts(scores, GRID, rule="silverman", reflect=False)
    theirs = gaussian_kde(scores, bw_method="silverman")(GRID) * scores.size
    np.testing.assert_allclose(ours, theirs, rtol=1e-10, atol=1e-10)


def test_reflection_is_scipy_plus_two_mirrors():
    scores = np.array([0.02, 0.05, 0.1, 0.3, 0.97])
    kde = gaussian_kde(scores)
    expected = (kde(GRID) + kde(-GRID) + kde(2 - GRID)) * scores.size
    np.testing.assert_allclose(kde_counts(scores, GRID), expected, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("n", [5, 20, 231])
def test_area_is_the_number_of_scores(n):
    scores = np.random.default_rng(n).beta(1.5, 4, n)
    assert np.trapezoid(kde_counts(scores, GRID), GRID) == pytest.approx(n, rel=0.01)


def test_binned_agrees_with_exact_on_a_large_sample():
    scores = np.random.default_rng(3).beta(2, 3, 100_000)
    exact = kde_counts(scores, GRID, method="exact")
    binned = kde_counts(scores, GRID, method="binned")
    assert np.abs(binned - exact).max() <= 1e-3 * exact.max()
    assert np.trapezoid(binned, GRID) == pytest.approx(100_000, rel=1e-3)


def test_auto_bins_large_data_and_is_fast(monkeypatch):
    """Fast counted, not timed: a million scores cost kernel values per bin (O(bins x kernel)), none per score."""
    from umbral.metrics import density

    evaluated = []
    gaussian = density._gaussian
    monkeypatch.setattr(density, "_gaussian", lambda offsets, h: evaluated.append(offsets.size) or gaussian(offsets, h))
    monkeypatch.setattr(density, "_exact", lambda *args: pytest.fail("a million scores were summed one kernel each"))
    rng = np.random.default_rng(4)
    y_true = (rng.random(1_000_000) < 0.1).astype(int)
    y_score = np.clip(rng.normal(0.3 + 0.3 * y_true, 0.15), 0, 1)
    humps = class_densities(y_true, y_score)
    assert len(evaluated) == 2 and sum(evaluated) <= 2 * (2 * density.BINS + 1)  # one sampled kernel per class
    assert humps.method == "binned"
    assert humps.area("positives") == pytest.approx(y_true.sum(), rel=1e-3)
    assert humps.area("negatives") == pytest.approx((1 - y_true).sum(), rel=1e-3)


def test_edge_cases():
    assert np.all(kde_counts([], GRID) == 0)
    assert bandwidth([0.5, 0.5, 0.5]) == MIN_BANDWIDTH
    assert bandwidth([0.5, 0.501, 0.502]) == MIN_BANDWIDTH  # floor: never narrower than the grid resolves
    single = kde_counts([0.5], GRID)
    assert np.trapezoid(single, GRID) == pytest.approx(1.0, rel=1e-3)
    assert GRID[np.argmax(single)] == 0.5
    with pytest.raises(ValueError, match="rule"):
        bandwidth([0.1, 0.2], "nrd0")
    with pytest.raises(ValueError, match="method"):
        kde_counts([0.1], method="fft")
    with pytest.raises(ValueError, match="labels"):
        class_densities([1, 0], [0.2])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=60))
def test_nonnegative_and_area_kept(scores):
    density = kde_counts(scores, GRID)
    assert np.all(density >= 0)
    # Very wide bumps (bandwidth ~0.5, e.g. two scores 0 and 1) reach past -1 or 2, beyond
    # the single reflection, as kde_counts documents; real score sets are far narrower.
    assume(bandwidth(scores) <= 0.3)
    assert np.trapezoid(density, GRID) == pytest.approx(len(scores), rel=0.03)
