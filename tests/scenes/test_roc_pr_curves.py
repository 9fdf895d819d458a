"""RocPrCurves: layout at each beat, numbers equal to the core, a tiny render."""

from __future__ import annotations

import numpy as np
import pytest

from tests.scenes.conftest import (
    check_tiny_render,
    describe,
    frame_at,
    outside_frame,
    overlapping_texts,
    shared_builds,
    small_texts,
    tiny_render,
)
from umbral.metrics import average_precision, precision_recall_curve, roc_auc, roc_curve
from umbral.scenes.roc_pr_curves import RocPrCurves


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """``built(facts, lang)``: ``(scene, scene.build_layout())``, built once per data and language.

    Building the layout (its texts) is most of a test's time. The beats only pick parts of it, and
    the start's reveal is drawn afresh on a new copy of the curve (tip and counts moved to it), so
    the tests share a build. Built in ``small_config``'s settings with a media folder of its own.
    """
    def build(facts, lang):
        scene = RocPrCurves(facts, lang)
        return scene, scene.build_layout()

    return shared_builds(tmp_path_factory, build)


def stage(scene, layout, beat):
    """What is on screen at a beat: start (building), middle (AUC read), end (everything).

    ``layout`` is what ``scene.build_layout()`` returned.
    """
    from manim import VGroup

    p = scene.curves
    if beat == "start":
        scene.live_roc = p["roc"].copy()
        scene.reveal_roc(0.5)
        return VGroup(layout, scene.live_roc, p["tip"])
    middle = VGroup(scene.roc_axes, scene.pr_axes, p["roc_area"], p["roc"], p["chance"], p["auc_label"],
                    p["read_auc"])
    if beat == "middle":
        return middle
    return VGroup(middle, p["pr_area"], p["pr"], p["baseline"], p["ap_label"], p["read_pr"])


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("beat", ["start", "middle", "end"])
def test_layout_fits_and_no_text_overlaps(built, facts, lang, beat, small_config):
    shown = stage(*built(facts, lang), beat)
    assert not outside_frame(shown)
    assert not describe(overlapping_texts(shown))
    assert not [t.text for t in small_texts(shown)]


def test_numbers_equal_the_core(built, facts, small_config):
    scene, _ = built(facts, "en")
    n, y, s = scene.numbers, facts.sweep.y_true, facts.sweep.y_score
    fpr, tpr, _ = roc_curve(y, s)
    np.testing.assert_array_equal(n.roc_fpr, fpr)
    np.testing.assert_array_equal(n.roc_tpr, tpr)
    assert n.auc == roc_auc(y, s) == pytest.approx(facts.report["auc"])
    assert n.average_precision == average_precision(y, s) == pytest.approx(facts.report["average_precision"])
    assert n.prevalence == pytest.approx(facts.report["prevalence"])
    precision, recall, _ = precision_recall_curve(y, s)
    assert set(n.pr_precision) == set(precision[1:])
    texts = {key: "".join(line.text for line in scene.curves[key]) for key in ("auc_label", "ap_label")}
    assert texts == {"auc_label": f"AUC{facts.report['auc']:.2f}",
                     "ap_label": f"AP{facts.report['average_precision']:.2f}"}
    read_auc = words(scene.curves["read_auc"])
    assert f"{facts.report['auc']:.2f}" in read_auc and f"{round(100 * facts.report['auc'])}%" in read_auc
    assert f"{facts.report['prevalence']:.2f}" in words(scene.curves["read_pr"])


def words(mobject) -> str:
    """Every Text in ``mobject``, run on (Manim drops the spaces)."""
    from manim import Text

    return "".join(m.text for m in mobject.get_family() if isinstance(m, Text))


def test_story_numbers_are_tagged_and_large(built, clinic20_facts, small_config):
    from umbral.scenes import style

    scene, _ = built(clinic20_facts, "en")
    for key in ("auc_label", "ap_label"):
        label = scene.curves[key]
        assert getattr(label, "story_number", False)
        assert min(line.font_size for line in label) >= style.SIZE_NUMBER - 0.5
    assert words(scene.curves["auc_label"]) == "AUC0.89"


@pytest.mark.parametrize("ratio", [16 / 9, 4 / 3])
def test_plots_fill_the_width_without_shrinking_text(clinic20_facts, ratio, tmp_path):
    """The plots reach across the safe width at either aspect; no axis text is scaled below its size."""

    from umbral.scenes import style

    with frame_at(ratio, tmp_path):
        scene = RocPrCurves(clinic20_facts, "en")
        scene.build_layout()
        assert scene.cards.width == pytest.approx(style.safe_width(), abs=0.05)  # the boards span the safe width
        assert scene.cards[0].get_left()[0] < scene.roc_axes.get_left()[0]
        assert scene.baseline_label.get_right()[0] < scene.cards[1].get_right()[0]
        sizes = [t.font_size for t in (*scene.roc_axes.axis_labels, *scene.pr_axes.tick_labels)]
        assert min(sizes) >= style.SIZE_SMALL - 0.5
        assert scene.roc_axes.axes.get_top()[1] == pytest.approx(scene.pr_axes.axes.get_top()[1])


def test_the_lecturers_vocabulary_is_on_screen(clinic20_facts, small_config):
    from umbral.scenes import strings

    with strings.overridden({"en": {"positive_name": "diabetics", "negative_name": "healthy people"}}):
        scene = RocPrCurves(clinic20_facts, "en")
        scene.build_layout()
    legend = words(scene.legend)
    assert "diabetics:onestepupeach,1/5" in legend and "healthypeople:onesteprighteach,1/15" in legend
    assert scene.passed["fp"].template == "{fp} of 15 healthy people"
    assert "oneofthediabeticsandoneofthehealthypeople" in words(scene.curves["read_auc"])


def test_clinic20_numbers(built, clinic20_facts, small_config):
    scene, _ = built(clinic20_facts, "en")
    n = scene.numbers
    assert (n.positives, n.negatives, n.auc_percent, n.chance_auc) == (5, 15, 89, 0.5)
    assert round(n.average_precision, 2) == 0.78 and n.prevalence == 0.25


def test_counts_follow_the_reveal(built, clinic20_facts, small_config):
    scene, _ = built(clinic20_facts, "en")
    scene.live_roc = scene.curves["roc"].copy()
    scene.reveal_roc(0)
    assert (scene.passed["tp"].shown("tp"), scene.passed["fp"].shown("fp")) == ("0", "0")
    scene.reveal_roc(1)
    assert (scene.passed["tp"].shown("tp"), scene.passed["fp"].shown("fp")) == ("5", "15")
    assert np.allclose(scene.live_roc.get_end(), scene.roc_axes.point(1, 1))


def test_tiny_render(clinic20_facts, tmp_path):
    info, cues = tiny_render("RocPrCurves", clinic20_facts, tmp_path)
    check_tiny_render(info, cues, RocPrCurves.duration(), 8, slack=0.01)
