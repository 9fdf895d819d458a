"""PrevalenceEffect: built at the data's prevalence, at 0.5 and at 0.01; one tiny render."""

from __future__ import annotations

import numpy as np
import pytest
from manim import VGroup

from tests.scenes.conftest import (
    check_tiny_render,
    describe,
    layouts_in_both_languages,
    outside_frame,
    overlapping_texts,
    tiny_render,
)
from umbral.metrics import VerificationError, ppv_at_prevalence, pr_curve_at_prevalence
from umbral.scenes.numbers import prevalence_effect as numbers_module
from umbral.scenes.prevalence_effect import PrevalenceEffect

pytestmark = pytest.mark.usefixtures("private_media")


@pytest.fixture(scope="module")
def scenes(facts, tmp_path_factory):
    yield from layouts_in_both_languages(PrevalenceEffect, facts, tmp_path_factory)


def step_of(scene, where):
    return {"start": 0, "middle": scene.numbers.turn, "end": scene.numbers.prevalences.size - 1}[where]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_layout_fits_and_no_text_overlaps(scenes, lang, where, small_config):
    scene, layout = scenes[lang]
    scene.show_step(step_of(scene, where))
    everything = VGroup(layout, scene.hold_marks()) if where == "end" else layout
    assert not outside_frame(everything)
    assert not describe(overlapping_texts(everything))


@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_numbers_follow_bayes_and_roc_stays(facts, scenes, where, small_config):
    scene, _ = scenes["en"]
    roc_before = scene.roc.curve.points.copy()
    index = step_of(scene, where)
    scene.show_step(index)
    model = facts.at(0.5)
    pi = {"start": model.prevalence, "middle": 0.5, "end": 0.01}[where]
    assert scene.numbers.prevalences[index] == pytest.approx(pi)
    precision = ppv_at_prevalence(model.recall, model.fpr, pi)
    assert scene.lines["precision"].shown("precision") == f"{precision:.3f}"
    assert scene.slider.value.shown("prevalence") == f"{pi:.3f}"
    assert scene.pr.dot_coordinates() == pytest.approx((model.recall, precision), abs=1e-6)
    assert scene.pr.baseline_height() == pytest.approx(pi, abs=1e-6)
    assert scene.roc.dot_coordinates() == pytest.approx((model.fpr, model.recall), abs=1e-6)
    np.testing.assert_array_equal(scene.roc.curve.points, roc_before)
    expected, _ = pr_curve_at_prevalence(facts.roc_fpr, facts.roc_tpr, pi)
    np.testing.assert_allclose(scene.numbers.pr_precision[index], expected, rtol=1e-9)


def test_clinic20_matches_the_textbook(clinic20_facts):
    numbers = numbers_module.prevalence_effect_numbers(clinic20_facts.sweep)
    assert f"{numbers.operating_precision[0]:.3f}" == "0.667"  # prevalence 0.25
    assert f"{numbers.operating_precision[-1]:.3f}" == "0.057"  # prevalence 0.01


def test_a_wrong_pr_curve_is_refused(clinic20_facts, monkeypatch):
    def drifted(fpr, tpr, prevalence):
        precision, recall = pr_curve_at_prevalence(fpr, tpr, prevalence)
        return precision * 1.001, recall

    monkeypatch.setattr(numbers_module, "pr_curve_at_prevalence", drifted)
    with pytest.raises(VerificationError):
        numbers_module.prevalence_effect_numbers(clinic20_facts.sweep)


def test_tiny_render(clinic20_facts, tmp_path):
    info, cues = tiny_render("PrevalenceEffect", clinic20_facts, tmp_path, lang="es")
    check_tiny_render(info, cues, PrevalenceEffect.duration(), 6)


def test_boards_hold_the_panels_and_the_numbers_are_story_numbers(scenes, small_config):
    """Each panel stands on its own board; π and precision are tagged; the readout names the class."""
    from tests.scenes.conftest import box

    scene, layout = scenes["en"]
    for panel, card in zip((scene.roc, scene.pr), scene.cards, strict=True):
        (x0, y0, x1, y1), (c0, d0, c1, d1) = box(panel), box(card)
        assert c0 <= x0 and x1 <= c1 + 1e-6 and d0 <= y0 and y1 <= d1 + 1e-6
    assert scene.slider.value.story_number and scene.lines["precision"].story_number
    assert scene.slider.value.font_size >= 32 - 1e-6
    assert "sick patients" in scene.lines["flagged"].template


def test_a_keyed_baseline_label_is_drawn_once(small_config):
    """Under the title as a key (a narrow board), the baseline's words are one text, not two on each other."""
    from tests.scenes.conftest import text_units
    from umbral.scenes import strings
    from umbral.scenes.components.pr_panel import PrPanel

    panel = PrPanel(strings.strings_for("en"), side=2.0, label_beside=False)
    label = [unit for unit in text_units(panel) if unit is panel.baseline_label]
    assert len(label) == 1
    assert not describe(overlapping_texts(panel))


def plot_height(panel) -> float:
    """Length of a panel's y axis (frame units)."""
    return float(panel.axes.c2p(0, 1)[1] - panel.axes.c2p(0, 0)[1])


def spoken_keys(scene) -> list[str]:
    """The narration keys ``construct`` says, with playing and holding stubbed out (nothing is drawn)."""
    said = []
    scene.play = scene.hold = lambda *args, **kwargs: None
    scene.say = lambda key, *args, **values: said.append((key, values))
    scene.construct()
    return said


@pytest.mark.parametrize("lang", ["en", "es"])
def test_at_4_3_the_plots_are_big_and_the_flagged_line_is_never_lost(facts, lang, tmp_path):
    """Both axes >= 2.6 units tall in a 4:3 frame; the flagged line is drawn, else said at the hold."""
    from tests.scenes.conftest import frame_at

    with frame_at(4 / 3, tmp_path):
        scene = PrevalenceEffect(facts, lang)
        said = spoken_keys(scene)  # construct builds the layout first: one build for the plots and the words
        assert plot_height(scene.roc) >= 2.6 and plot_height(scene.pr) >= 2.6
    flagged = [values for key, values in said if key == "say_pe_flagged"]
    if scene.flagged_on_screen:
        assert not flagged
    else:
        last = scene.numbers.operating_per_hundred[-1]
        assert [values["sick"] for values in flagged] == [f"{last:.0f}"]
        assert flagged[0]["offset"] > 0  # after the hold's own line
        assert scene.lines["flagged"] not in scene.readout.get_family()


def test_at_16_9_the_plots_grew_and_the_flagged_line_is_drawn(scenes, small_config):
    """The slider's own row leaves the boards to the panels: bigger than the 2.44 units of the old layout."""
    for lang in ("en", "es"):
        scene, _ = scenes[lang]
        assert plot_height(scene.roc) >= 2.6 and plot_height(scene.pr) == pytest.approx(plot_height(scene.roc))
        assert scene.flagged_on_screen and scene.lines["flagged"] in scene.readout.get_family()


@pytest.mark.parametrize("pixels", [(854, 480), (1280, 720)], ids=["480p", "720p"])
def test_the_track_rides_beside_pi_at_every_quality_frame(facts, pixels, tmp_path):
    """The track is built to fill its row exactly; 480p's frame (14.233 units, not 16:9's 14.222) once lost
    it to rounding in Spanish, and with it the flagged line."""
    from manim import tempconfig

    width, height = pixels
    with tempconfig({"pixel_width": width, "pixel_height": height, "frame_height": 8.0,
                     "frame_width": 8.0 * width / height, "format": "none", "disable_caching": True,
                     "media_dir": str(tmp_path)}):
        for lang in ("en", "es"):
            scene = PrevalenceEffect(facts, lang)
            scene.build_layout()
            assert scene.slider.track.get_y() == pytest.approx(scene.slider.value.get_y(), abs=0.3), lang
            assert scene.flagged_on_screen, lang
