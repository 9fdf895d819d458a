"""ScratchVsLibrary: built without rendering, numbers checked, one tiny render."""

from __future__ import annotations

import pytest

from tests.scenes.conftest import check_tiny_render, describe, outside_frame, overlapping_texts, tiny_render
from umbral.metrics import VerificationError, roc_auc
from umbral.scenes.numbers import scratch_vs_library as numbers_module
from umbral.scenes.numbers.scratch_vs_library import METRICS, difference_bound, format_difference
from umbral.scenes.scratch_vs_library import DECIMALS, ScratchVsLibrary

pytestmark = pytest.mark.usefixtures("private_media")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_layout_fits_and_no_text_overlaps(facts, lang, small_config):
    scene = ScratchVsLibrary(facts, lang)
    layout = scene.build_layout()
    assert not outside_frame(layout)
    assert not describe(overlapping_texts(layout))


def test_shown_numbers_are_the_metrics_core_and_sklearn(facts, small_config):
    from sklearn import metrics as skm

    scene = ScratchVsLibrary(facts, "en")
    scene.build_layout()
    snapshot = facts.at(0.5)
    ours = {"accuracy": snapshot.accuracy, "precision": snapshot.precision, "recall": snapshot.recall,
            "f1": snapshot.f1, "auc": roc_auc(facts.sweep.y_true, facts.sweep.y_score)}
    assert ours["auc"] == facts.report["auc"]
    y_pred = facts.sweep.y_score >= 0.5
    theirs = {"accuracy": skm.accuracy_score(facts.sweep.y_true, y_pred),
              "f1": skm.f1_score(facts.sweep.y_true, y_pred),
              "auc": skm.roc_auc_score(facts.sweep.y_true, facts.sweep.y_score)}
    shown = scene.bars.shown()
    for metric in METRICS:
        assert shown[(metric, 0)] == f"{ours[metric]:.{DECIMALS}f}"
        assert scene.bars.bar_fraction(metric, 0) == pytest.approx(ours[metric], abs=1e-6)
        assert scene.bars.bar_fraction(metric, 1) == pytest.approx(ours[metric], abs=1e-6)
    for metric, value in theirs.items():
        assert shown[(metric, 1)] == f"{value:.{DECIMALS}f}"
    for delta, row in zip(scene.deltas, scene.numbers.rows, strict=True):
        assert delta.text == format_difference(abs(row.ours - row.theirs))
        assert row.difference < 1e-15


def test_formatting_and_drift_is_refused(clinic20_facts, monkeypatch):
    assert (format_difference(0.0), format_difference(1.1102230246251565e-16)) == ("0", "1e-16")
    assert (difference_bound(0.0), difference_bound(1.1e-16), difference_bound(3e-12)) == ("1e-15", "1e-15", "1e-11")
    monkeypatch.setattr(numbers_module, "roc_auc", lambda *data: 0.5)
    with pytest.raises(VerificationError, match="auc"):
        numbers_module.scratch_vs_library_numbers(clinic20_facts.sweep)


def test_tiny_render(clinic20_facts, tmp_path):
    info, cues = tiny_render("ScratchVsLibrary", clinic20_facts, tmp_path, lang="es")
    check_tiny_render(info, cues, ScratchVsLibrary.duration(), 5)


def test_values_and_gaps_are_story_numbers_and_the_guard_replaces_the_match(facts, small_config):
    """Every value and every |Δ| is tagged; the guard sits where the match line was, so the two never overlap."""
    scene = ScratchVsLibrary(facts, "en")
    scene.build_layout()
    assert all(getattr(value, "story_number", False) for value in scene.bars.values.values())
    assert scene.deltas.story_number
    assert abs(scene.guard.get_y() - scene.match.get_y()) < 1e-6
    assert not scene.bars.series_labels  # the key over the bars names the series instead
    assert scene.key.get_bottom()[1] > scene.bars.tracks.get_top()[1]
