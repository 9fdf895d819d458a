"""Calibration: its numbers are scikit-learn's, every beat fits, a tiny render says them, one split is refused."""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import pytest
from sklearn.calibration import calibration_curve
from sklearn.isotonic import IsotonicRegression
from sklearn.metrics import brier_score_loss, confusion_matrix, log_loss

from tests.scenes.conftest import check_tiny_render
from umbral.data import load_study
from umbral.metrics.compare import ChoiceSettings, compare_models
from umbral.scenes.calibration import Calibration
from umbral.scenes.facts import facts_for
from umbral.scenes.numbers.calibration import calibration_numbers


@pytest.fixture(scope="module")
def study():
    return load_study("screening8")


@pytest.fixture(scope="module")
def facts(study):
    return facts_for(study.select(), study=study)


@pytest.fixture(scope="module")
def numbers(facts):
    return calibration_numbers(facts.comparison)


def _result(facts, model):
    return next(r for r in facts.comparison.models if r.model == model)


def _cost(y, s, theta, cost_fn=10.0, cost_fp=1.0) -> float:
    """C_FN·FN + C_FP·FP with scikit-learn's confusion matrix, positive when the score reaches θ."""
    tn, fp, fn, tp = confusion_matrix(y, (s >= theta).astype(int), labels=[0, 1]).ravel()
    return cost_fn * fn + cost_fp * fp


def test_each_models_bins_and_scores_are_scikit_learns(facts, numbers):
    assert [m.model for m in numbers.models] == ["logistic", "forest"]
    for shown in numbers.models:
        r = _result(facts, shown.model)
        y, s = np.asarray(r.reporting.y_true), np.asarray(r.reporting.y_score)
        fraction, mean = calibration_curve(y, s, n_bins=10, strategy="uniform")
        filled = [b for b in shown.bins if b.count]
        np.testing.assert_allclose([b.fraction for b in filled], fraction)
        np.testing.assert_allclose([b.mean for b in filled], mean)
        assert sum(b.count for b in shown.bins) == shown.n == y.size == 900
        ece = sum(b.count * abs(b.fraction - b.mean) for b in filled) / y.size
        assert shown.ece == pytest.approx(ece)
        assert shown.brier == pytest.approx(brier_score_loss(y, s))
        assert shown.reliability - shown.resolution + shown.uncertainty + shown.within_bin == pytest.approx(
            brier_score_loss(y, s), abs=1e-12)  # Murphy's parts add up exactly
        assert shown.log_loss == pytest.approx(log_loss(y, s))
    logistic, forest = numbers.models
    assert (round(logistic.ece, 4), round(forest.ece, 4)) == (0.0181, 0.0339)  # docs/numbers.md
    assert logistic.shape == "close" and forest.shape != "close"


def test_the_rule_misses_on_raw_forest_scores_and_works_after_isotonic(facts, numbers):
    f = numbers.fixed
    assert f.model == "forest" and f.method == "isotonic" and numbers.rule_theta == pytest.approx(1 / 11)
    r = _result(facts, "forest")
    y_val, s_val = np.asarray(r.choosing.y_true), np.asarray(r.choosing.y_score)
    y, s = np.asarray(r.reporting.y_true), np.asarray(r.reporting.y_score)
    assert f.rule_raw == _cost(y, s, 1 / 11) == 202
    assert (f.chosen_theta, f.chosen_cost) == (pytest.approx(0.16), _cost(y, s, 0.16)) and f.chosen_cost == 176
    assert f.minimum_cost == min(_cost(y, s, t) for t in numbers.grid) == 175
    isotonic = IsotonicRegression(out_of_bounds="clip").fit(s_val, y_val)
    recalibrated = isotonic.predict(s)
    # The fit's steps (between them a new score is interpolated, as scikit-learn does).
    assert f.n_fitted == y_val.size == 630 and f.levels == np.unique(isotonic.y_thresholds_).size == 7
    assert f.rule_calibrated == _cost(y, recalibrated, 1 / 11) == 169
    assert f.calibrated_minimum_cost == min(_cost(y, recalibrated, t) for t in numbers.grid) == 167
    assert f.after.ece < f.before.ece  # the curve straightens: 0.0339 -> 0.0242
    assert round(f.after.ece, 4) == 0.0242


def test_sigmoid_recalibration_is_platts_as_calibrated_classifier_cv_fits_it(facts):
    from sklearn.calibration import _SigmoidCalibration  # what CalibratedClassifierCV(method="sigmoid") fits

    f = calibration_numbers(facts.comparison, method="sigmoid").fixed
    r = _result(facts, "forest")
    y, s = np.asarray(r.reporting.y_true), np.asarray(r.reporting.y_score)
    platt = _SigmoidCalibration().fit(np.asarray(r.choosing.y_score), np.asarray(r.choosing.y_true)).predict(s)
    assert f.levels is None and f.rule_calibrated == _cost(y, platt, 1 / 11) == 176


def test_one_split_is_refused_with_what_it_needs(facts):
    y = np.array([1, 0, 0, 1, 0, 1, 0, 0])
    s = np.array([0.3, 0.9, 0.2, 0.6, 0.1, 0.7, 0.4, 0.5])
    one = compare_models({"m": ((y, s), (y, s))}, "test", "test", ChoiceSettings(resamples=10))
    with pytest.raises(ValueError, match="a split to recalibrate the scores on and another to report on"):
        Calibration(replace(facts, comparison=one))
    with pytest.raises(ValueError, match="--data screening8"):
        Calibration(replace(facts, comparison=None))


def cli(*args):
    """``umbral ARGS`` in this process; its exit code checked."""
    from click.testing import CliRunner

    from umbral.cli import cli as command

    result = CliRunner().invoke(command, list(args))
    assert result.exit_code == 0, result.output
    return result


@pytest.mark.slow
def test_tiny_render_says_the_numbers_in_order_and_the_gallery_shows_it(tmp_path):
    import srt

    from umbral.scenes.publish.media_convert import probe

    out = tmp_path / "out"
    cli("render", "Calibration", "--data", "screening8", "--resolution", "192x108", "--fps", "5", "--out", str(out))
    video = out / "screening8" / "en" / "Calibration.mp4"
    cues = list(srt.parse(video.with_suffix(".srt").read_text(encoding="utf-8")))
    check_tiny_render(probe(video), cues, Calibration.duration(filled=(10, 10)), len(cues))
    assert len(cues) >= 8
    spoken = " ".join(" ".join(cue.content.split()) for cue in cues)  # a long sentence may span two cues
    assert "3 in 10" in spoken
    order = [spoken.index(words) for words in ("202", "176", "175", "169", "167")]
    assert order == sorted(order), spoken
    assert spoken.lower().rindex("calibrate on validation") > order[-1]
    gallery = (out / "index.html").read_text(encoding="utf-8")
    assert "screening8/en/Calibration.mp4" in gallery and "screening8/en/Calibration.vtt" in gallery


@pytest.mark.slow
def test_a_deck_has_a_slide_per_beat(tmp_path):
    out = tmp_path / "out"
    cli("slides", "Calibration", "--to", "pdf", "--data", "screening8", "--resolution", "96x54", "--fps", "1",
        "--out", str(out))
    pdf = (out / "screening8" / "en" / "slides.pdf").read_bytes()
    beats = ("opening", "curve_1", "curve_2", "table", "cost", "recalibrate", "cost_after")
    assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page\b", pdf)) >= len(beats)


def test_the_tables_takeaway_names_the_part_it_is_about(numbers):
    """"separates better" is said of the model with the higher resolution, and quotes the resolution."""
    from umbral.scenes.numbers.calibration_words import CalibrationWords
    from umbral.scenes.strings import strings_for

    words = CalibrationWords(numbers, strings_for("en"), "en", "Simulated screening")
    fixed = numbers.fixed.before
    others = [m for m in numbers.models if m.model != fixed.model]
    said = words.takeaway()
    if all(fixed.resolution > m.resolution for m in others):
        assert f"separates better (resolution {words.part(fixed.resolution)})" in said
    else:
        assert "furthest off the diagonal" in said
    # Flip which model separates better: the sentence follows the resolution, not the Brier score.
    flipped = replace(numbers, models=tuple(replace(m, resolution=0.0) if m.model == fixed.model else m
                                            for m in numbers.models))
    flipped = replace(flipped, fixed=replace(numbers.fixed, before=replace(fixed, resolution=0.0)))
    assert "furthest off the diagonal" in CalibrationWords(flipped, strings_for("en"), "en", "x").takeaway()
