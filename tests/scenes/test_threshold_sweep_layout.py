"""ThresholdSweep panels built and updated without rendering."""

from __future__ import annotations

import pytest

from tests.scenes.conftest import describe, outside_frame, overlapping_texts, shared_builds
from umbral.scenes.threshold_sweep import ThresholdSweep

THRESHOLDS = (0.0, 0.5, 1.0)


def build(facts, lang):
    scene = ThresholdSweep(facts, lang)
    layout = scene.build_panels()
    return scene, layout


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """``built(facts, lang)``: one ThresholdSweep per data and language for the module, back at θ = 0.

    Building the panels (their texts) is most of a test's time; a threshold only moves them
    (``update_to``), so the tests that read panels share a build, each putting the panels at the
    snapshot it checks. The build runs in ``small_config``'s settings with a media folder of its own.
    Tests that change the scene for good (other strings, a stubbed method, a render) build their own.
    """
    shared = shared_builds(tmp_path_factory, build)

    def get(facts, lang):
        scene, layout = shared(facts, lang)
        for panel in scene.panels:  # where build_panels leaves them, whatever an earlier test showed
            panel.update_to(facts.grid[0])
        return scene, layout

    return get


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("threshold", THRESHOLDS)
def test_panels_show_the_snapshot(built, facts, lang, threshold, small_config):
    scene, layout = built(facts, lang)
    snapshot = facts.at(threshold)
    for panel in scene.panels:
        panel.update_to(snapshot)
    assert scene.grid_panel.shown_counts() == {"tp": snapshot.tp, "fn": snapshot.fn,
                                               "fp": snapshot.fp, "tn": snapshot.tn}
    shown = scene.bars.shown_values()
    for metric in ("accuracy", "precision", "recall", "f1"):
        assert shown[metric] == float(f"{getattr(snapshot, metric):.2f}")
        assert scene.bars.bar_fraction(metric) == pytest.approx(getattr(snapshot, metric), abs=1e-6)
    assert scene.roc.dot_coordinates() == pytest.approx((snapshot.fpr, snapshot.recall), abs=1e-6)
    assert scene.header.value.shown("threshold") == f"{threshold:.2f}"
    lines = scene.readout.sentences()
    assert lines["recall"] == {"recall": f"{snapshot.recall:.2f}", "tp": str(snapshot.tp)}
    assert lines["precision"]["flagged"] == str(snapshot.tp + snapshot.fp)
    assert lines["accuracy"]["correct"] == str(snapshot.tp + snapshot.tn)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("threshold", THRESHOLDS)
def test_layout_fits_and_no_text_overlaps(built, facts, lang, threshold, small_config):
    scene, layout = built(facts, lang)
    for panel in scene.panels:
        panel.update_to(facts.at(threshold))
    assert not outside_frame(layout)
    assert not describe(overlapping_texts(layout))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hold_markers_fit_under_the_slider(built, facts, lang, small_config):
    scene, layout = built(facts, lang)
    for key, threshold in (("marker_default", 0.5), ("marker_max_f1", facts.max_f1_threshold)):
        snapshot = facts.at(threshold)
        for panel in scene.panels:
            panel.update_to(snapshot)
        mark = scene.marker(key, snapshot)
        assert not outside_frame(mark)
        label = mark[1]
        # The label takes the data's name's place (the scene fades the name out meanwhile).
        assert not describe(overlapping_texts(VGroupOf(scene.panels, label)))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_opening_and_closing_cards_fit(built, facts, lang, small_config):
    scene, _ = built(facts, lang)
    card = scene.opening()
    assert not outside_frame(card)
    assert not describe(overlapping_texts(card))


def test_four_by_three_frame_fits(clinic20_facts, tmp_path):
    from manim import tempconfig

    with tempconfig({"pixel_width": 320, "pixel_height": 240, "frame_width": 8.0 * 4 / 3, "frame_height": 8.0,
                     "format": "none", "disable_caching": True, "media_dir": str(tmp_path)}):
        for lang in ("en", "es"):
            scene, layout = build(clinic20_facts, lang)
            assert not outside_frame(layout)
            assert not describe(overlapping_texts(layout))


def test_bars_at_zero_grow_back(built, clinic20_facts, small_config):
    scene, _ = built(clinic20_facts, "en")
    scene.bars.update_to(clinic20_facts.at(1.0))
    assert scene.bars.bar_fraction("recall") == pytest.approx(0.0, abs=1e-9)
    scene.bars.update_to(clinic20_facts.at(0.0))
    assert scene.bars.bar_fraction("recall") == pytest.approx(1.0)


def test_a_panel_glides_over_grid_snapshots_and_ends_on_the_exact_one(built, clinic20_facts, small_config):
    scene, _ = built(clinic20_facts, "en")
    scene.grid_panel.update_to(clinic20_facts.at(0.9))
    target = clinic20_facts.at(0.5)
    glide = scene.grid_panel.glide_to(target, clinic20_facts.grid)
    assert [step.threshold for step in glide.steps] == pytest.approx([0.9 - 0.02 * k for k in range(1, 21)])
    glide.interpolate(0.5)
    assert scene.grid_panel.snapshot is glide.steps[10]  # a verified snapshot, not a blend
    glide.interpolate(1.0)
    assert scene.grid_panel.shown_counts() == {"tp": 4, "fn": 1, "fp": 2, "tn": 13}


def test_glides_show_only_verified_snapshots(clinic20_facts, small_config, monkeypatch):
    """From the sweep's end to 0.5 and on to the best F1, every step shown is a verified snapshot, in order."""
    shown = []
    original = ThresholdSweep.show

    def show(scene, snapshot):
        shown.append(snapshot)
        original(scene, snapshot)

    monkeypatch.setattr(ThresholdSweep, "show", show)
    ThresholdSweep(clinic20_facts, "en").render()
    f = clinic20_facts
    sweep = len(f.grid)
    assert tuple(shown[:sweep]) == f.grid
    verified = {*f.grid, f.at(0.5), f.at(f.max_f1_threshold)}
    assert all(snapshot in verified for snapshot in shown)
    glides = [snapshot.threshold for snapshot in shown[sweep:]]
    to_default = glides[:glides.index(0.5) + 1]
    assert to_default == sorted(to_default, reverse=True) and len(to_default) > 2
    assert glides[-1] == f.max_f1_threshold
    to_best = glides[len(to_default):]
    assert to_best == sorted(to_best, reverse=f.max_f1_threshold < 0.5)


def VGroupOf(*mobjects):  # noqa: N802 - reads like the Manim class it builds
    from manim import VGroup

    return VGroup(*mobjects)


def test_cards_fit_a_four_by_three_frame(clinic20_facts, tmp_path):
    from manim import tempconfig

    with tempconfig({"pixel_width": 320, "pixel_height": 240, "frame_width": 8.0 * 4 / 3, "frame_height": 8.0,
                     "format": "none", "disable_caching": True, "media_dir": str(tmp_path)}):
        for lang in ("en", "es"):
            scene = ThresholdSweep(clinic20_facts, lang)
            assert not outside_frame(scene.opening())
            assert not outside_frame(scene.closing_card("closing"))


def test_story_numbers_are_tagged_and_big(built, clinic20_facts, small_config):
    from umbral.scenes import style

    scene, _ = built(clinic20_facts, "en")
    tagged = [*scene.grid_panel.counts.values(), *scene.bars.values.values(), scene.header.value]
    assert all(getattr(mob, "story_number", False) for mob in tagged)
    auc = [m for m in scene.roc.title.get_family() if getattr(m, "story_number", False)]
    assert [m.text for m in auc] == [f"{clinic20_facts.report['auc']:.2f}"]
    assert min(m.font_size for m in (*tagged, *auc)) >= style.SIZE_NUMBER - 1e-6


def test_panels_fill_the_frame(built, clinic20_facts, small_config):
    from manim import VGroup, config

    scene, _ = built(clinic20_facts, "en")
    panels = VGroup(scene.grid_panel, scene.bars, scene.roc)
    assert panels.width > 0.9 * (config.frame_width - 0.7)
    assert panels.height > 0.45 * config.frame_height


def test_grid_rows_and_readout_name_the_lecturers_classes(clinic20_facts, small_config):
    from umbral.scenes.strings import overridden

    with overridden({"en": {"positive_name": "diabetics", "negative_name": "healthy patients"}}):
        scene = ThresholdSweep(clinic20_facts, "en")
        scene.build_panels()
    rows = scene.grid_panel.headers[3]
    # Text.text drops spaces; each row is its sign and the noun's wrapped lines.
    words = ["".join([sign.text, *(line.text for line in noun)]) for sign, noun in rows]
    assert words == ["+diabetics", "−healthypatients"]
    recall = " ".join(line.template for line in scene.readout.lines["recall"])
    assert "diabetics caught" in recall


def test_long_class_nouns_wrap_inside_the_label_column(clinic20_facts, small_config):
    from umbral.scenes.strings import overridden

    with overridden({"en": {"positive_name": "patients with a malignant tumour"}}):
        scene = ThresholdSweep(clinic20_facts, "en")
        layout = scene.build_panels()
    sign, noun = scene.grid_panel.headers[3][0]
    assert len(noun) >= 2
    assert noun.get_right()[0] < scene.grid_panel.cells["tp"].get_left()[0]
    assert not describe(overlapping_texts(layout))
