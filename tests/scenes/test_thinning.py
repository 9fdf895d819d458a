"""Curves thinned for drawing keep their shape and the exact vertex of every grid θ (issue 14, §1)."""

from __future__ import annotations

import numpy as np
import pytest

from umbral.data.dataset import Dataset
from umbral.metrics import roc_curve
from umbral.metrics.sweep import GRID
from umbral.scenes.numbers.roc_pr_curves import roc_pr_numbers
from umbral.scenes.numbers.thinning import THIN_RESOLUTION, grid_vertex_indices, thin_indices


def _scores(n: int, seed: int = 14):
    rng = np.random.default_rng(seed)
    y_true = (rng.random(n) < 0.3).astype(np.int8)
    return y_true, 1 / (1 + np.exp(-(rng.normal(0, 1, n) + 1.4 * y_true - 0.9)))


def _gap_to_polyline(x, y, px, py) -> float:
    """Largest distance (max norm) from a dropped vertex to the drawn polyline, vertically or sideways."""
    # The ROC is monotone in both coordinates: a dropped vertex sits between two kept ones.
    order = np.searchsorted(px, x, side="right") - 1
    order = np.clip(order, 0, px.size - 2)
    return float(np.max(np.minimum(np.abs(x - px[order]) + np.abs(y - py[order]),
                                   np.abs(x - px[order + 1]) + np.abs(y - py[order + 1]))))


def test_a_million_point_roc_draws_with_a_few_thousand_vertices_within_a_thousandth():
    y_true, y_score = _scores(1_000_000)
    fpr, tpr, thresholds = roc_curve(y_true, y_score)
    grid = grid_vertex_indices(thresholds)
    kept = thin_indices(fpr, tpr, keep=grid)
    assert fpr.size > 900_000 and kept.size < 5000
    assert kept[0] == 0 and kept[-1] == fpr.size - 1 and np.isin(grid, kept).all()
    assert _gap_to_polyline(fpr, tpr, fpr[kept], tpr[kept]) <= 4 * THIN_RESOLUTION


def test_small_curves_are_not_thinned():
    y_true, y_score = _scores(231)
    fpr, tpr, _ = roc_curve(y_true, y_score)
    assert thin_indices(fpr, tpr).size == fpr.size


def test_grid_vertices_are_the_snapshots_operating_points():
    from umbral.scenes.facts import facts_for

    y_true, y_score = _scores(20_000)
    facts = facts_for(Dataset("thin", "Thin", y_true, np.round(y_score, 3), {"kind": "test"}))
    vertices = facts.grid_vertices
    assert vertices.size == GRID.size
    for index, snapshot in zip(vertices, facts.grid, strict=True):
        assert facts.roc_fpr[index] == pytest.approx(snapshot.fpr, abs=1e-15)
        assert facts.roc_tpr[index] == pytest.approx(snapshot.recall, abs=1e-15)


def test_roc_pr_numbers_draw_thinned_curves_with_exact_counts():
    y_true, y_score = _scores(300_000)
    numbers = roc_pr_numbers(y_true, y_score)
    assert numbers.roc_fpr.size < 5000 and numbers.pr_recall.size < 10_000
    # Every vertex drawn is a real one, with its exact counts.
    np.testing.assert_array_equal(numbers.roc_fp, np.rint(numbers.roc_fpr * numbers.negatives))
    np.testing.assert_array_equal(numbers.roc_tp, np.rint(numbers.roc_tpr * numbers.positives))
    fpr, tpr, thresholds = roc_curve(y_true, y_score)
    at_grid = set(zip(fpr[grid_vertex_indices(thresholds)], tpr[grid_vertex_indices(thresholds)], strict=True))
    assert at_grid <= set(zip(numbers.roc_fpr, numbers.roc_tpr, strict=True))
    assert numbers.auc == pytest.approx(float(np.trapezoid(tpr, fpr)), abs=1e-12)  # verified on the full curve


def test_the_threshold_sweep_roc_passes_through_every_grid_point():
    from umbral.scenes.components.roc_panel import RocPanel
    from umbral.scenes.strings import strings_for

    y_true, y_score = _scores(200_000)
    fpr, tpr, thresholds = roc_curve(y_true, y_score)
    panel = RocPanel(strings_for("en"), fpr, tpr, 0.8, keep=grid_vertex_indices(thresholds))
    corners = panel.curve.get_anchors()
    for index in grid_vertex_indices(thresholds):
        point = panel.axes.c2p(fpr[index], tpr[index])
        assert np.min(np.linalg.norm(corners - point, axis=1)) < 1e-9
    assert len(corners) < 4 * 5000


def test_counts_from_a_hundred_thousand_show_in_thousands_and_fit_their_slot():
    from umbral.scenes.components.live_text import LiveText, count_slot
    from umbral.scenes.numbers.number_formats import format_count

    assert count_slot(231).render(207) == "207" and format_count(80, 231) == "80"  # the lecture's data: every digit
    big = count_slot(1_000_000)
    assert [big.render(v) for v in (0, 999, 207_400, 92_449, 1_000_000)] == ["0", "999", "207k", "92k", "1000k"]
    text = LiveText("{count} caught", {"count": big})
    widths = []
    for value in (207_400, 92_449, 5):
        text.set_values(count=value)
        assert text.shown("count") == big.render(value)
        widths.append(text.width)
    assert widths[0] > widths[1] > widths[2]  # shorter numbers close the gap, no glyph left over
