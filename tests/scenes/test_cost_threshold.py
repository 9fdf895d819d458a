"""CostThreshold: numbers from the metrics core, layout of every step, a tiny render."""

from __future__ import annotations

import numpy as np
import pytest
from manim import VGroup

from tests.scenes.conftest import (
    check_tiny_render,
    describe,
    outside_frame,
    overlapping_texts,
    shared_builds,
    tiny_render,
)
from umbral.metrics import GRID, VerificationError, cost_ratio_threshold, expected_cost, tied_thresholds
from umbral.scenes.cost_threshold import CostThreshold
from umbral.scenes.numbers.cost_threshold import cost_step, cost_steps, cost_threshold_numbers, verify_step


def texts(mobject):
    from manim import Text

    return [m.text for m in mobject.get_family() if isinstance(m, Text)]


# -- numbers ------------------------------------------------------------------
def test_clinic20_ten_to_one_matches_the_textbook(clinic20_facts):
    step = cost_threshold_numbers(clinic20_facts.sweep)[1]
    assert (step.cost_fn, step.cost_fp) == (10.0, 1.0)
    assert step.min_cost == 5 and step.tied == (0.26, 0.28, 0.3) and step.quoted == 0.3
    assert step.default_cost == 12
    assert (step.at_min.tp, step.at_min.fn, step.at_min.fp, step.at_min.tn) == (5, 0, 5, 10)


def test_steps_equal_the_metrics_core(facts):
    for step in cost_threshold_numbers(facts.sweep, facts.cost_fn, facts.cost_fp):
        tp, fp, fn, tn = facts.sweep.counts(GRID)
        assert np.array_equal(step.costs, expected_cost(tp, fp, fn, tn, step.cost_fn, step.cost_fp))
        assert step.tied == tuple(tied_thresholds(facts.sweep, "min_expected_cost", step.cost_fn, step.cost_fp))
        assert step.ratio_threshold == cost_ratio_threshold(step.cost_fn, step.cost_fp)
        assert step.default_cost == facts.at(0.5).cost(step.cost_fn, step.cost_fp)
        assert step.y_max >= max(step.costs) and step.y_ticks[-1] == step.y_max
        assert [t for run in step.runs for t in (run[0], run[1])][0] == step.tied[0]


def test_ratio_sequence():
    assert cost_steps(10, 1) == ((1.0, 1.0), (10.0, 1.0), (50.0, 1.0))
    assert cost_steps(3, 1)[1:] == ((3.0, 1.0), (15.0, 1.0))
    assert cost_steps(0, 2) == ((2.0, 2.0), (0.0, 2.0), (0.0, 10.0))
    assert cost_steps(4, 0) == ((4.0, 4.0), (4.0, 0.0), (20.0, 0.0))


def test_a_drifted_cost_is_caught(clinic20_facts):
    from dataclasses import replace

    step = cost_step(clinic20_facts.sweep, 10, 1)
    bad = replace(step, costs=(step.costs[0] + 1,) + step.costs[1:])
    with pytest.raises(VerificationError):
        verify_step(clinic20_facts.sweep, bad)


# -- layout -------------------------------------------------------------------
@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """``built(facts, lang)``: ``(scene, scene.build_layout())``, built once per data and language.

    Building the layout (its texts) is most of a test's time; ``step_layout`` makes a step's own
    marks afresh and moves the grid to the step's minimum, so the steps share a build. Built in
    ``small_config``'s settings with a media folder of its own.
    """
    def build(facts, lang):
        scene = CostThreshold(facts, lang)
        return scene, scene.build_layout()

    return shared_builds(tmp_path_factory, build)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("index", [0, 1, 2])
def test_each_step_fits_without_overlaps(built, facts, lang, index, small_config):
    scene, layout = built(facts, lang)
    step = scene.steps[index]
    shown = VGroup(layout, scene.step_layout(step))
    assert not outside_frame(shown)
    assert not describe(overlapping_texts(shown))
    assert scene.grid_panel.shown_counts() == {"tp": step.at_min.tp, "fn": step.at_min.fn,
                                               "fp": step.at_min.fp, "tn": step.at_min.tn}


def test_clinic20_labels_show_the_core_numbers(clinic20_facts, small_config):
    scene = CostThreshold(clinic20_facts, "en")
    scene.build_layout()
    step = scene.steps[1]
    scene.step_layout(step)
    shown = " | ".join(texts(scene.labels) + texts(scene.head))
    assert "lowestcost5:3tiedthresholds,0.26to0.30(highest0.30)" in shown.replace(" ", "")
    assert "cost12" in shown.replace(" ", "") and "=0.09" in shown.replace(" ", "")
    assert "10×0+1×5=5" in shown.replace(" ", "") and "C_FN:C_FP=10:1" in shown.replace(" ", "")
    # The curve passes through every (θ, cost) of the step.
    curve = scene.curve.get_anchors()
    for threshold, cost in ((0.5, 12.0), (0.3, 5.0)):
        point = scene.plot.point(threshold, cost, step)
        assert np.min(np.linalg.norm(curve - point, axis=1)) < 1e-6


@pytest.mark.parametrize("lang", ["en", "es"])
def test_cards_fit(clinic20_facts, lang, small_config):
    card = CostThreshold(clinic20_facts, lang).opening()
    assert not outside_frame(card) and not describe(overlapping_texts(card))


# -- render -------------------------------------------------------------------
def test_tiny_render(clinic20_facts, tmp_path, monkeypatch):
    """Renders, and every count the grid shows (gliding between minima too) is the count at a grid θ."""
    from umbral.scenes.components.confusion_grid import ConfusionGrid

    shown, show = [], ConfusionGrid.show
    monkeypatch.setattr(ConfusionGrid, "show", lambda grid, snapshot: (show(grid, snapshot),
                                                                          shown.append(grid.shown_counts())))
    info, cues = tiny_render("CostThreshold", clinic20_facts, tmp_path, lang="es")
    check_tiny_render(info, cues, CostThreshold.duration(), 8)
    real = [{"tp": s.tp, "fn": s.fn, "fp": s.fp, "tn": s.tn} for s in clinic20_facts.grid]
    assert len({tuple(counts.values()) for counts in shown}) > 2  # the grid did move
    assert [counts for counts in shown if counts not in real] == []
    assert "0,30" in cues[3].content or "0.30" in cues[3].content
