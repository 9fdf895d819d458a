"""The calibration panel's numbers without a browser: what the payload carries, and a wrong number refused."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from umbral.data import Dataset
from umbral.data.study import Study
from umbral.metrics import VerificationError, verify_calibration
from umbral.metrics.calibration_lesson import recalibrate_and_choose
from umbral.scenes.publish import lab_calibration
from umbral.scenes.publish.lab_calibration import calibration_numbers, rule_ratios


def _single(n: int = 300) -> Study:
    rng = np.random.default_rng(4)
    y_true = (rng.random(n) < 0.3).astype(np.int8)
    return Study.single(Dataset("small", "Small", y_true, np.clip(rng.normal(0.3 + 0.3 * y_true, 0.2), 0, 1)))


def test_one_split_carries_the_raw_scores_only():
    entry, parts = calibration_numbers(_single(), 10.0)
    assert entry["methods"] == [] and entry["fitted_on"] is None and entry["ratios"] == rule_ratios(10.0)
    ((_, part),) = parts.items()
    assert set(part["scores"]) == {"raw"} and part["n_fitted"] is None
    raw = part["scores"]["raw"]
    assert sum(count for count, _, _ in raw["bins"]) == 300 and len(raw["rule"]["tp"]) == 100


def test_the_lectures_ratio_is_costed_too():
    assert 3.333333 in rule_ratios(10 / 3) and len(rule_ratios(10 / 3)) == 101


def test_screening8_recalibrates_on_validation_as_the_report_does(study_of):
    study = study_of("screening8")
    entry, parts = calibration_numbers(study, 10.0)
    assert entry["methods"] == ["isotonic", "sigmoid"] and entry["fitted_on"] == "validation"
    test, validation = study.parts[("forest", "test")], study.parts[("forest", "validation")]
    result = recalibrate_and_choose("forest", (validation.y_true, validation.y_score), (test.y_true, test.y_score),
                                    "isotonic", "test")
    shown = parts[("forest", "test")]
    assert not shown["in_sample"] and parts[("forest", "validation")]["in_sample"]
    assert shown["scores"]["isotonic"]["ece"] == result.after.curve.ece
    i = entry["ratios"].index(10.0)
    assert (shown["scores"]["isotonic"]["rule"]["tp"][i], shown["scores"]["isotonic"]["rule"]["fp"][i]) == (
        result.at_rule_calibrated.tp, result.at_rule_calibrated.fp)
    assert (shown["scores"]["raw"]["rule"]["tp"][i], shown["scores"]["raw"]["rule"]["fp"][i]) == (70, 142)


def test_a_wrong_count_is_refused(monkeypatch):
    real = lab_calibration.Sweep

    class OffByAHundredth:
        @staticmethod
        def from_scores(y_true, y_score):
            sweep = real.from_scores(y_true, y_score)
            return type("Shifted", (), {"counts": lambda self, thresholds: sweep.counts(thresholds + 0.01)})()

    monkeypatch.setattr(lab_calibration, "Sweep", OffByAHundredth)
    with pytest.raises(VerificationError, match="calibration panel's counts"):
        calibration_numbers(_single(), 10.0)


def test_a_wrong_bin_is_refused(monkeypatch):
    real = verify_calibration.split_calibration

    def one_positive_too_many(*args, **kwargs):
        result = real(*args, **kwargs)
        positives = result.curve.positives.copy()
        positives[0] += 1
        return dataclasses.replace(result, curve=dataclasses.replace(result.curve, positives=positives))

    monkeypatch.setattr(verify_calibration, "split_calibration", one_positive_too_many)
    with pytest.raises(VerificationError, match="bin fraction positive"):
        calibration_numbers(_single(), 10.0)
