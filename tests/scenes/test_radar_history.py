"""RadarHistory: built without rendering at each beat, its numbers, and one tiny real render."""

from __future__ import annotations

import numpy as np
import pytest

from tests.scenes.conftest import check_tiny_render, describe, frame_at, outside_frame, overlapping_texts, tiny_render
from umbral.scenes.numbers.radar_history import radar_numbers

LANGS = ["en", "es"]


@pytest.fixture
def scene_config(small_config, tmp_path):
    """small_config with a private media folder: a shared one corrupts text SVGs under parallel runs."""
    from manim import tempconfig

    with tempconfig({"media_dir": str(tmp_path / "media")}):
        yield


def group(*mobjects):
    from manim import VGroup

    return VGroup(*mobjects)


def build(facts, lang):
    from umbral.scenes.radar_history import RadarHistory

    scene = RadarHistory(facts, lang)
    layout = scene.build_radar()
    return scene, layout


def show(scene, index, revealed=0):
    for panel in scene.panels:
        panel.update_to(scene.radar.snapshots[index])
    scene.roc.reveal(revealed)


def assert_fits(mobject):
    assert not outside_frame(mobject)
    assert not describe(overlapping_texts(mobject))


# -- the pure numbers ----------------------------------------------------
def test_numbers_are_pure_seeded_and_use_the_metrics_core():
    import subprocess
    import sys

    probe = "import sys, scenes.numbers.radar_history; print('manim' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout.strip() == "False"
    radar = radar_numbers()
    assert radar.bombers == 24 and radar.flocks == 36
    assert radar.echoes[radar.labels == 1].mean() > radar.echoes[radar.labels == 0].mean()
    for snapshot in radar.snapshots:  # hit rate and false-alarm rate by direct counting
        alarms = radar.echoes >= snapshot.threshold
        assert snapshot.recall == alarms[radar.labels == 1].mean()
        assert snapshot.fpr == alarms[radar.labels == 0].mean()
    assert (radar.snapshots[0].recall, radar.snapshots[0].fpr) == (1.0, 1.0)
    assert (radar.snapshots[-1].recall, radar.snapshots[-1].fpr) == (0.0, 0.0)
    assert 0.5 < radar.auc < 1.0


# -- layout at each beat -------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_radar_layout_fits_at_start_middle_and_end(clinic20_facts, lang, scene_config):
    scene, layout = build(clinic20_facts, lang)
    last = len(scene.radar.snapshots) - 1
    for index, revealed, caption in ((last, 0, "down"), (last // 2, last // 2, "sweep"), (0, last + 1, "up")):
        show(scene, index, revealed)
        assert_fits(group(layout, scene.captions[caption]))
    show(scene, scene.knob_index(scene.resting_position), last + 1)
    named = scene.naming()
    scene.remove(scene.heading)
    assert_fits(group(*scene.panels, named))


@pytest.mark.parametrize("lang", LANGS)
def test_cards_and_timeline_fit(clinic20_facts, lang, scene_config):
    scene, _ = build(clinic20_facts, lang)
    for card in (scene.opening(), scene.build_history(), scene.closing()):
        assert_fits(card)
    captions = [station[2] for row in scene.timeline.rows for station in row.stations]
    assert all(line.font_size >= 20 - 1e-6 for caption in captions for line in caption)


@pytest.mark.parametrize("ratio", [16 / 9, 4 / 3])
@pytest.mark.parametrize("lang", LANGS)
def test_no_text_is_shrunk_and_the_rates_are_story_numbers(clinic20_facts, lang, ratio, tmp_path):

    from tests.scenes.conftest import text_units
    from umbral.scenes import style

    with frame_at(ratio, tmp_path / "media"):
        scene, layout = build(clinic20_facts, lang)
        show(scene, 0, len(scene.radar.snapshots))
        for caption in scene.captions.values():
            assert_fits(group(layout, caption))
        assert min(unit.font_size for unit in text_units(layout)) >= style.min_readable() - 1e-6
        for rate in (scene.readout.hit_rate, scene.readout.false_alarm_rate):
            assert rate.story_number and rate.font_size >= style.SIZE_NUMBER - 1e-6


# -- what the knob draws ---------------------------------------------------
def test_knob_draws_the_numbers_modules_roc_points(clinic20_facts, scene_config):
    scene, _ = build(clinic20_facts, "en")
    radar = scene.radar
    last = len(radar.snapshots) - 1
    animation = scene.turn_knob(last, 0, 1.0, plot=True)
    for alpha in (0.0, 0.3, 0.62, 1.0):
        animation.interpolate(alpha)
        index = last - min(int(alpha * (last + 1)), last)  # each setting held for an equal share
        count = last - index + 1
        np.testing.assert_allclose(scene.roc.plotted_points(), radar.roc_points(count), atol=1e-9)
        snapshot = radar.snapshots[index]
        np.testing.assert_allclose(scene.roc.axes.p2c(scene.roc.dot.get_center())[:2],
                                   (snapshot.fpr, snapshot.recall), atol=1e-9)
        assert scene.knob.pointer_threshold() == pytest.approx(snapshot.threshold, abs=1e-9)
        np.testing.assert_array_equal(scene.scope.shown_alarms(), radar.alarms(snapshot.threshold))
        assert scene.readout.sentences() == {
            "hits": {"recall": f"{snapshot.recall:.2f}", "tp": str(snapshot.tp)},
            "false_alarms": {"fpr": f"{snapshot.fpr:.2f}", "fp": str(snapshot.fp)}}


def test_two_builds_place_identical_blips(clinic20_facts, scene_config):
    def blips(lang):
        scene, _ = build(clinic20_facts, lang)
        face = scene.scope.face  # the disc may be smaller in a language whose legend is longer: same sky, scaled
        centres = np.array([b.get_center() for b in scene.scope.blips])
        return scene, (centres - face.get_center()) / (face.width / 2)

    first, first_points = blips("en")
    _, second_points = blips("en")
    _, spanish_points = blips("es")
    np.testing.assert_array_equal(first_points, second_points)
    np.testing.assert_allclose(first_points, spanish_points, atol=1e-9)  # same sky in both languages
    assert len(first.scope.blips) == len(first.radar.labels)


# -- a tiny real render ----------------------------------------------------
def test_tiny_render_has_the_promised_length_and_subtitles(clinic20_facts, tmp_path):
    from umbral.scenes.radar_history import RadarHistory

    info, cues = tiny_render("RadarHistory", clinic20_facts, tmp_path, lang="es")
    check_tiny_render(info, cues, RadarHistory.duration(), 11)
    assert cues[-1].content == "Cada AUC que calculas usa una herramienta hecha para afinar radares."
