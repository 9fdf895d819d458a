"""PrevalenceEffect: built at the data's prevalence, at 0.5 and at 0.01; one tiny render."""

from __future__ import annotations

import numpy as np
import pytest
import srt
from manim import VGroup

from metrics import VerificationError, ppv_at_prevalence, pr_curve_at_prevalence
from scenes.media_convert import probe
from scenes.numbers import prevalence_effect as numbers_module
from scenes.prevalence_effect import PrevalenceEffect
from scenes.runner import RenderOptions, render_scene
from tests.scenes.conftest import outside_frame, overlapping_texts


@pytest.fixture(scope="module", autouse=True)
def private_media(tmp_path_factory):
    """Text SVGs in a folder of this module: a media folder shared with other processes gets corrupted."""
    from manim import tempconfig

    with tempconfig({"media_dir": str(tmp_path_factory.mktemp("media"))}):
        yield


def describe(pairs):
    return [(getattr(a, "text", type(a).__name__), getattr(b, "text", type(b).__name__)) for a, b in pairs]


@pytest.fixture(scope="module")
def scenes(facts, tmp_path_factory):
    from manim import tempconfig

    media = tmp_path_factory.mktemp("media")
    with tempconfig({"pixel_width": 427, "pixel_height": 240, "format": "none", "disable_caching": True,
                     "media_dir": str(media)}):
        built = {}
        for lang in ("en", "es"):
            scene = PrevalenceEffect(facts, lang)
            built[lang] = (scene, scene.build_layout())
        yield built


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
    options = RenderOptions(lang="es", resolution=(192, 108), fps=5, out_dir=tmp_path)
    video = next(p for p in render_scene("PrevalenceEffect", clinic20_facts, options) if p.suffix == ".mp4")
    info = probe(video)
    expected = PrevalenceEffect.duration()
    assert (info["width"], info["height"]) == (192, 108)
    assert info["frames"] == pytest.approx(expected * 5, abs=3)
    assert info["duration"] == pytest.approx(expected, abs=3 / 5)
    cues = list(srt.parse(video.with_suffix(".srt").read_text(encoding="utf-8")))
    assert len(cues) == 6
    assert all(0 <= c.start.total_seconds() < c.end.total_seconds() <= expected + 0.2 for c in cues)
