"""AccuracyParadox: built at the start, middle and end of the prevalence path; one tiny render."""

from __future__ import annotations

import numpy as np
import pytest
import srt
from manim import VGroup

from metrics import ppv_at_prevalence
from scenes.accuracy_paradox import AccuracyParadox
from scenes.media_convert import probe
from scenes.numbers.accuracy_paradox import COMPARED
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
            scene = AccuracyParadox(facts, lang)
            built[lang] = (scene, scene.build_layout())
        yield built


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_layout_fits_and_no_text_overlaps(scenes, lang, where, small_config):
    scene, layout = scenes[lang]
    last = scene.numbers.prevalences.size - 1
    scene.show_step({"start": 0, "middle": last // 2, "end": last}[where])
    everything = VGroup(layout, scene.verdict_marks()) if where == "end" else layout
    assert not outside_frame(everything)
    assert not describe(overlapping_texts(everything))


def test_start_shows_the_two_real_snapshots(facts, scenes, small_config):
    scene, _ = scenes["en"]
    scene.show_step(0)
    model, trivial = facts.at(0.5), facts.at(float(np.nextafter(facts.sweep.y_score.max(), np.inf)))
    assert (trivial.tp, trivial.fp) == (0, 0)
    shown = scene.bars.shown()
    for metric in COMPARED:
        assert shown[(metric, 0)] == f"{getattr(model, metric):.2f}"
        assert shown[(metric, 1)] == f"{getattr(trivial, metric):.2f}"
    assert shown[("accuracy", 1)] == f"{facts.report['majority_baseline_accuracy']:.2f}"
    assert scene.slider.value.shown("prevalence") == f"{model.prevalence:.3f}"


def test_end_follows_bayes_at_one_percent(facts, scenes, small_config):
    scene, _ = scenes["en"]
    numbers = scene.numbers
    last = numbers.prevalences.size - 1
    scene.show_step(last)
    model = facts.at(0.5)
    assert numbers.prevalences[-1] == pytest.approx(0.01)
    assert scene.bars.shown()[("accuracy", 1)] == "0.99"
    assert scene.bars.shown()[("recall", 1)] == "0.00"
    assert scene.bars.shown()[("recall", 0)] == f"{model.recall:.2f}"
    expected_accuracy = model.recall * 0.01 + model.specificity * 0.99
    assert scene.bars.shown()[("accuracy", 0)] == f"{expected_accuracy:.2f}"
    assert scene.lines["model"].shown("precision") == f"{ppv_at_prevalence(model.recall, model.fpr, 0.01):.3f}"
    assert scene.lines["cases"].shown("sick") == "10"
    assert scene.slider.pointer_fraction() == pytest.approx(0.0, abs=1e-9)
    # The paradox itself: doing nothing beats the model on accuracy at 1 %.
    assert numbers.do_nothing_path.accuracy[-1] > numbers.model_path.accuracy[-1]


def test_tiny_render(clinic20_facts, tmp_path):
    options = RenderOptions(lang="es", resolution=(192, 108), fps=5, out_dir=tmp_path)
    video = next(p for p in render_scene("AccuracyParadox", clinic20_facts, options) if p.suffix == ".mp4")
    info = probe(video)
    expected = AccuracyParadox.duration()
    assert (info["width"], info["height"]) == (192, 108)
    assert info["frames"] == pytest.approx(expected * 5, abs=3)
    assert info["duration"] == pytest.approx(expected, abs=3 / 5)
    cues = list(srt.parse(video.with_suffix(".srt").read_text(encoding="utf-8")))
    assert len(cues) == 7
    assert all(0 <= c.start.total_seconds() < c.end.total_seconds() <= expected + 0.2 for c in cues)
