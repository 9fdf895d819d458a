"""AccuracyParadox: built at the start, middle and end of the prevalence path; one tiny render."""

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
from umbral.metrics import ppv_at_prevalence
from umbral.scenes.accuracy_paradox import AccuracyParadox
from umbral.scenes.numbers.accuracy_paradox import COMPARED

pytestmark = pytest.mark.usefixtures("private_media")


@pytest.fixture(scope="module")
def scenes(facts, tmp_path_factory):
    yield from layouts_in_both_languages(AccuracyParadox, facts, tmp_path_factory)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_layout_fits_and_no_text_overlaps(scenes, lang, where, small_config):
    scene, layout = scenes[lang]
    last = scene.numbers.prevalences.size - 1
    scene.show_step({"start": 0, "middle": last // 2, "end": last}[where])
    # At the end the verdict takes the legend's place.
    everything = layout if where != "end" else VGroup(scene.heading[0], scene.slider, scene.bars, scene.readout,
                                                      scene.verdict_marks())
    assert not outside_frame(everything)
    assert not describe(overlapping_texts(everything))


def test_story_numbers_and_class_names(facts, small_config):
    """The bar values and π are tagged story numbers; the readout names the lecturer's classes."""
    from umbral.scenes import strings

    with strings.overridden({"en": {"positive_name": "diabetics", "negative_name": "healthy people"}}):
        scene = AccuracyParadox(facts, "en")
    scene.build_layout()
    assert all(getattr(value, "story_number", False) for value in scene.bars.values.values())
    assert scene.slider.value.story_number
    assert "diabetics" in scene.lines["cases"].template and "healthy people" in scene.lines["cases"].template
    assert "diabetics" in scene.lines["model"].template


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
    info, cues = tiny_render("AccuracyParadox", clinic20_facts, tmp_path, lang="es")
    check_tiny_render(info, cues, AccuracyParadox.duration(), 7)


def test_a_model_worse_than_chance_shows_a_negative_mcc(clinic20_facts, tmp_path_factory):
    from umbral.data import load_dataset
    from umbral.data.dataset import Dataset
    from umbral.scenes.facts import facts_for

    clinic = load_dataset("clinic20")
    flipped = facts_for(Dataset(name="flipped", title="flipped", y_true=clinic.y_true, y_score=1.0 - clinic.y_score,
                                provenance={}))
    built = next(layouts_in_both_languages(AccuracyParadox, flipped, tmp_path_factory))
    scene, _ = built["en"]
    assert flipped.at(0.5).mcc < 0
    assert scene.bars.shown()[("mcc", 0)] == f"{flipped.at(0.5).mcc:.2f}"
