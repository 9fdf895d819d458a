"""OverlappingHumps built and updated without rendering, plus one tiny real render."""

from __future__ import annotations

import pytest

from tests.scenes.conftest import describe, frame_at, outside_frame, overlapping_texts, text_units, tiny_render
from umbral.scenes.components.card import CARD_PAD
from umbral.scenes.components.score_humps import REGIONS
from umbral.scenes.overlapping_humps import OverlappingHumps, accuracy_twins
from umbral.scenes.publish.runner import RenderOptions, render_scene

STAGES = (0.0, 0.5, 1.0)


def build(facts, lang):
    scene = OverlappingHumps(facts, lang)
    layout = scene.build_panels()
    return scene, layout


@pytest.mark.parametrize("lang", ["en", "es", "qps"])
def test_layout_fits_and_no_text_overlaps(facts, lang, small_config):
    """Also in the pseudo-locale: its accented, bracketed labels are taller, so the label rows part further."""
    from tests.scenes.pseudo_locale import pseudo_language

    with pseudo_language():
        scene, layout = build(facts, lang)
    for threshold in STAGES:
        scene.show(facts.at(threshold))
        assert not outside_frame(layout), threshold
        assert not describe(overlapping_texts(layout)), threshold
    card = scene.opening()
    assert not outside_frame(card) and not describe(overlapping_texts(card))


def test_counts_shown_are_the_snapshot(facts, small_config):
    scene, _ = build(facts, "en")
    humps = scene.humps_panel
    for threshold in (0.0, 0.2, 0.36, 0.5, 0.7, 0.8, 1.0):
        snapshot = facts.at(threshold)
        scene.show(snapshot)
        assert humps.shown_counts() == {k: getattr(snapshot, k) for k in REGIONS}
        assert humps.theta.shown("threshold") == f"{threshold:.2f}"
        assert scene.readout.shown() == {
            "accuracy": f"{snapshot.accuracy:.2f}", "correct": str(snapshot.tp + snapshot.tn),
            "errors": str(snapshot.fn + snapshot.fp), "fn": str(snapshot.fn), "fp": str(snapshot.fp)}
        if humps.dots:
            assert humps.dots_called_positive("positives") == snapshot.tp
            assert humps.dots_called_positive("negatives") == snapshot.fp


def test_labels_sit_on_their_side_of_the_line(clinic20_facts, small_config):
    scene, _ = build(clinic20_facts, "es")
    humps = scene.humps_panel
    for threshold in STAGES:
        scene.show(clinic20_facts.at(threshold))
        x = humps.line.get_start()[0]
        for kind, (_, side) in REGIONS.items():
            label = humps.labels[kind]
            assert (label.get_right()[0] < x) if side == "left" else (label.get_left()[0] > x)


def test_hump_areas_are_the_class_counts(facts, small_config):
    scene, _ = build(facts, "en")
    first = facts.grid[0]
    assert scene.humps.area("positives") == pytest.approx(first.positives, rel=0.02)
    assert scene.humps.area("negatives") == pytest.approx(first.negatives, rel=0.02)
    # The shaded regions, measured on screen, add up to the same counts at any threshold.
    humps = scene.humps_panel
    for threshold in (0.3, 0.5):
        scene.show(facts.at(threshold))
        assert humps.region_area("tp") + humps.region_area("fn") == pytest.approx(first.positives, rel=0.02)
        assert humps.region_area("fp") + humps.region_area("tn") == pytest.approx(first.negatives, rel=0.02)


def test_accuracy_twins_share_accuracy_with_a_different_mix(facts):
    a, b = accuracy_twins(facts.grid)
    assert a.tp + a.tn == b.tp + b.tn and a.fn != b.fn
    assert {a.threshold, b.threshold} <= {s.threshold for s in facts.grid}


def test_tiny_render_matches_duration_and_subtitles(clinic20_facts, tmp_path):
    info, cues = tiny_render("OverlappingHumps", clinic20_facts, tmp_path, lang="es")
    expected = OverlappingHumps.duration()
    assert 45 <= expected <= 60
    assert (info["width"], info["height"]) == (192, 108)
    assert info["frames"] == pytest.approx(expected * 5, abs=3)
    assert info["duration"] == pytest.approx(expected, abs=3 / 5)
    assert len(cues) >= 9
    assert all(0 <= c.start.total_seconds() < c.end.total_seconds() <= info["duration"] + 0.2 for c in cues)
    start = clinic20_facts.at(OverlappingHumps.start_threshold)
    assert f"Se detecta a {start.tp} pacientes enfermos y se descarta a {start.tn} pacientes sanos" in cues[2].content


def test_story_numbers_are_tagged_and_large(clinic20_facts, small_config):
    from umbral.scenes import style

    scene, _ = build(clinic20_facts, "en")
    humps = scene.humps_panel
    for mob in (humps.theta, *humps.labels.values()):
        assert getattr(mob, "story_number", False) and mob.font_size >= style.SIZE_NUMBER - 1e-6


def test_the_humps_are_named_in_the_lecturers_words(clinic20_facts, small_config):
    from umbral.scenes import strings

    with strings.overridden({"en": {"positive_name": "diabetics", "negative_name": "healthy people"}}):
        scene, layout = build(clinic20_facts, "en")
        card = scene.opening()
    shown = {getattr(unit, "text", "") for unit in text_units(layout)}
    assert {"diabetics", "healthypeople"} <= shown  # Text drops spaces from .text
    assert any("diabetics" in getattr(unit, "text", "") for unit in text_units(card))


@pytest.mark.parametrize("ratio", [16 / 9, 4 / 3])
def test_the_panel_spans_the_safe_width_with_text_at_full_size(clinic20_facts, tmp_path, ratio):

    from umbral.scenes import style

    with frame_at(ratio, tmp_path / "media"):
        scene, layout = build(clinic20_facts, "en")
        spans = []
        for threshold in STAGES:
            scene.show(clinic20_facts.at(threshold))
            spans.append((scene.humps_panel.get_left()[0], scene.humps_panel.get_right()[0]))
            assert not outside_frame(layout) and not describe(overlapping_texts(layout)), threshold
        width = max(r for _, r in spans) - min(left for left, _ in spans)
        # The panel fills its board, and the board the safe width.
        assert width == pytest.approx(style.safe_width() - 2 * CARD_PAD, abs=0.05)
        assert scene.board.width == pytest.approx(style.safe_width(), abs=1e-6)
        assert scene.board.get_top()[1] >= scene.humps_panel.get_top()[1]
        assert scene.board.get_bottom()[1] <= scene.humps_panel.get_bottom()[1]
        assert min(unit.font_size for unit in text_units(layout)) >= style.min_readable() - 1e-6


def test_still_at_a_threshold(clinic20_facts, tmp_path):
    from PIL import Image

    options = RenderOptions(resolution=(192, 108), fps=5, out_dir=tmp_path, fmt="png")
    still = render_scene("OverlappingHumps", clinic20_facts, options, still_at=0.3)[0]
    assert still.name == "OverlappingHumps@0.30.png" and Image.open(still).size == (192, 108)
