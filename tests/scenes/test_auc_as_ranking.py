"""AucAsRanking: layout at each beat, counts equal to the core, a tiny render."""

from __future__ import annotations

import numpy as np
import pytest

from tests.scenes.conftest import (
    check_tiny_render,
    describe,
    frame_at,
    outside_frame,
    overlapping_texts,
    small_settings,
    small_texts,
    tiny_render,
)
from umbral.metrics import count_ordered_pairs, roc_auc
from umbral.scenes.auc_as_ranking import AucAsRanking
from umbral.scenes.numbers.auc_as_ranking import ranking_numbers
from umbral.scenes.strings import grouped

#: The beats in the scene's order, and how far each has counted: counting only goes forward.
BEATS = ("start", "middle", "staircase", "tie", "end")
PROGRESS = {"start": 0, "middle": 1, "staircase": 2, "tie": 2, "end": 2}


@pytest.fixture(scope="module")
def staged(tmp_path_factory):
    """``staged(facts, lang, beat)``: what is on screen at ``beat`` (see :func:`stage`), or the scene if no beat.

    Building the layout (its texts) is most of a test's time, so a build per data and language is
    shared while the beats come in their order (``show_count`` reveals forward only); a beat before
    the one the shared scene has reached gets a new build. Built in ``small_config``'s settings with
    a media folder of its own.
    """
    scenes = {}

    def get(facts, lang, beat=None):
        key = (id(facts), lang)
        if key not in scenes or (beat is not None and PROGRESS[scenes[key][2]] > PROGRESS[beat]):
            with small_settings(tmp_path_factory.mktemp("media")):
                scene = AucAsRanking(facts, lang)
                layout = scene.build_layout()
            scenes[key] = [facts, (scene, layout), "start"]  # facts kept alive: its id is not reused
        scene, layout = scenes[key][1]
        if beat is None:
            return scene
        scenes[key][2] = beat
        return stage(scene, layout, beat)

    return get


def stage(scene, layout, beat):
    """On screen at a beat: start (nothing counted), middle (half counted), staircase, tie, end (totals).

    ``layout`` is what ``scene.build_layout()`` returned; the scene is at ``beat`` or an earlier one.
    """
    from manim import VGroup

    if beat == "start":
        return layout
    total = scene.numbers.shown.counts.total
    if beat == "middle":
        scene.show_count(total // 2)
        return layout
    scene.show_count(total)
    scene.grid.show_staircase()
    # The legend stays when the slots fit under it; else the slots take its place.
    base = VGroup(scene.board, scene.grid_board, scene.title, scene.grid, scene.data_line)
    if scene.keep_legend:
        base.add(scene.legend)
    return VGroup(base, {"staircase": scene.equation, "tie": scene.tie_block}.get(beat, scene.all_block))


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("beat", BEATS)
def test_layout_fits_and_no_text_overlaps(staged, facts, lang, beat, small_config):
    shown = staged(facts, lang, beat)
    assert not outside_frame(shown)
    assert not describe(overlapping_texts(shown))
    assert not [t.text for t in small_texts(shown)]


def test_clinic20_counts_67_of_75(clinic20_facts, small_config):
    scene = AucAsRanking(clinic20_facts, "en")
    scene.build_layout()
    n = scene.numbers
    assert not n.sampled
    assert tuple(n.shown.counts) == tuple(n.all_counts) == (67, 0, 75)
    scene.show_count(75)
    assert tuple(scene.counts[name].shown(name) for name in ("correct", "wrong", "ties")) == ("67", "8", "0")
    assert all(getattr(scene.counts[name], "story_number", False) for name in scene.counts)
    assert all(getattr(part, "story_number", False) for part in (*scene.equation, scene.all_block[1]))
    assert scene.checked.shown("done") == "75"
    assert len(scene.grid.shown_cells) == 75
    assert scene.equation[0].text.endswith("=0.893")
    assert scene.equation[1].text.endswith(f"AUC{clinic20_facts.report['auc']:.3f}")
    # The closing count states the share once, as the AUC (not "0.893 = AUC 0.893").
    assert scene.all_block[1].text == "(67+½·0)/75=AUC0.893"


@pytest.mark.parametrize("ratio", [16 / 9, 4 / 3])
def test_the_right_column_fills_its_board(clinic20_facts, ratio, tmp_path):
    """The board reaches the bottom margin; every slot sits inside it, under the legend (or in its place)."""

    with frame_at(ratio, tmp_path):
        scene = AucAsRanking(clinic20_facts, "es")
        scene.build_layout()
    assert scene.board.get_bottom()[1] == pytest.approx(-4 + 0.45)
    above = scene.legend if scene.keep_legend else scene.data_line
    for block in (scene.equation, scene.tie_block, scene.all_block):
        if id(block) in scene.over_data:  # too tall under the data line: in its place (it fades meanwhile)
            assert block.get_top()[1] == pytest.approx(scene.data_line.get_top()[1])
        else:
            assert block.get_top()[1] < above.get_bottom()[1]
        assert scene.board.get_left()[0] < block.get_left()[0] < block.get_right()[0] < scene.board.get_right()[0]
        assert block.get_bottom()[1] > scene.board.get_bottom()[1]


def test_counts_equal_the_core(staged, facts, small_config):
    scene = staged(facts, "en")  # the numbers and the closing count's words, whatever the beat shown
    n, y, s = scene.numbers, facts.sweep.y_true, facts.sweep.y_score
    assert n.all_counts == count_ordered_pairs(y, s)
    assert n.all_counts.share == pytest.approx(facts.report["auc"], abs=1e-12)
    assert n.auc == roc_auc(y, s)
    assert n.sampled == (facts.name == "screening")
    shown = n.shown
    assert shown.outcome.shape == (min(5, n.positives), min(15, n.negatives)) or not n.sampled
    y_shown = np.r_[np.ones(len(shown.positive_scores), int), np.zeros(len(shown.negative_scores), int)]
    s_shown = np.r_[shown.positive_scores, shown.negative_scores]
    assert shown.counts == count_ordered_pairs(y_shown, s_shown)
    assert shown.auc == pytest.approx(roc_auc(y_shown, s_shown))
    summary = scene.all_block[0].text
    # In digit groups from 10,000 on (screening: 12,150 pairs), every digit below.
    assert grouped(n.all_counts.total, "en") in summary and grouped(n.all_counts.correct, "en") in summary


def test_the_tie_counts_one_half(small_config):
    tie = ranking_numbers([1, 0], [0.3, 0.1]).tie
    assert tie.counts == (3, 1, 4) and tie.counts.share == tie.auc == 0.875
    assert (tie.outcome == 0.5).sum() == 1 and tie.tied_score == 0.4


def test_running_counts_end_at_the_totals(facts):
    shown = ranking_numbers(facts.sweep.y_true, facts.sweep.y_score).shown
    correct, ties, wrong = shown.running[-1]
    assert (correct, ties, correct + ties + wrong) == (shown.counts.correct, shown.counts.ties, shown.counts.total)
    assert (shown.running[1:] - shown.running[:-1]).sum(axis=1).tolist() == [1] * shown.counts.total


def test_tiny_render(clinic20_facts, tmp_path):
    info, cues = tiny_render("AucAsRanking", clinic20_facts, tmp_path)
    check_tiny_render(info, cues, AucAsRanking.duration(), 5, slack=0.01)


@pytest.mark.parametrize(("data", "reflowed"), [("clinic20", False), ("screening", True)])
def test_long_words_reflow_in_a_narrow_frame(data, reflowed, tmp_path):
    """Pseudo-locale (40 % longer) at 4:3: every block ends above the bottom margin (a block too tall under the
    data line takes its place); where that is not enough (screening's longer data line) the title narrows to
    the grid's column, leaving the right column the full height."""
    from tests.scenes.pseudo_locale import PSEUDO, pseudo_language
    from umbral.data import load_dataset
    from umbral.scenes.facts import facts_for

    with pseudo_language(), frame_at(4 / 3, tmp_path):
        scene = AucAsRanking(facts_for(load_dataset(data)), PSEUDO)
        scene.build_layout()
        assert scene.fits()
        assert (scene.title.get_right()[0] < scene.board.get_left()[0]) == reflowed  # the title over the grid
        for block in (scene.stage, scene.equation, scene.tie_block, scene.all_block):
            assert block.get_bottom()[1] >= scene.floor - 1e-6
