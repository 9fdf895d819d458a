"""``umbral report``'s calibration section and ``--calibrate``, against scikit-learn computed here."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.calibration import CalibratedClassifierCV, calibration_curve
from sklearn.frozen import FrozenEstimator
from sklearn.isotonic import IsotonicRegression
from sklearn.metrics import brier_score_loss, confusion_matrix, log_loss

from tests.test_cli import assert_bad_input, invoke, run_cli
from umbral.data import load_study


@pytest.fixture(scope="module")
def study():
    return load_study("screening8")


@pytest.fixture(scope="module")
def isotonic_report():
    return invoke("report", "--data", "screening8", "--calibrate", "isotonic", "--json")


def _cost(y, score, theta, cost_fn=10.0, cost_fp=1.0):
    tn, fp, fn, tp = confusion_matrix(y, (score >= theta).astype(int), labels=[0, 1]).ravel()
    return cost_fn * fn + cost_fp * fp


def _platt(y_fit, s_fit, s_apply):
    """scikit-learn's sigmoid calibration of given scores (a frozen 'estimator' whose probability is the score)."""
    from sklearn.base import BaseEstimator, ClassifierMixin

    class Scores(ClassifierMixin, BaseEstimator):
        def fit(self, X, y):
            self.classes_ = np.array([0, 1])
            return self

        def predict_proba(self, X):
            return np.column_stack([1 - X[:, 0], X[:, 0]])

        def predict(self, X):
            return (X[:, 0] >= 0.5).astype(int)

    model = CalibratedClassifierCV(FrozenEstimator(Scores().fit(s_fit[:, None], y_fit)), method="sigmoid")
    return model.fit(s_fit[:, None], y_fit).predict_proba(s_apply[:, None])[:, 1]


def test_every_model_and_split_is_binned_as_calibration_curve(isotonic_report, study):
    section = isotonic_report["calibration"]
    assert (section["n_bins"], section["strategy"]) == (10, "uniform")
    entries = {(e["model"], e["split"]): e for e in section["splits"]}
    assert list(entries) == [(m, s) for m in ("logistic", "forest") for s in ("train", "validation", "test")]
    for (model, split), entry in entries.items():
        part = study.parts[(model, split)]
        y, s = part.y_true, part.y_score
        fraction, mean = calibration_curve(y, s, n_bins=10)
        filled = [b for b in entry["bins"] if b["count"]]
        np.testing.assert_allclose([b["fraction_positive"] for b in filled], fraction, rtol=1e-12)
        np.testing.assert_allclose([b["mean_score"] for b in filled], mean, rtol=1e-12)
        assert sum(b["count"] for b in entry["bins"]) == entry["n"] == part.n
        assert entry["ece"] == pytest.approx(sum(b["count"] / part.n * abs(b["fraction_positive"] - b["mean_score"])
                                                 for b in filled), rel=1e-12)
        assert entry["brier"] == pytest.approx(brier_score_loss(y, s), rel=1e-12)
        parts = entry["reliability"] - entry["resolution"] + entry["uncertainty"] + entry["within_bin"]
        assert parts == pytest.approx(brier_score_loss(y, s), abs=1e-15)
        assert entry["log_loss"] == pytest.approx(log_loss(y, s), rel=1e-12)


def test_calibrate_isotonic_costs_the_rule_before_and_after(isotonic_report, study):
    section = isotonic_report["recalibration"]
    assert (section["method"], section["choose_on"], section["report_on"]) == ("isotonic", "validation", "test")
    rule = 1 / 11
    by_model = {m["model"]: m for m in section["models"]}
    for model, entry in by_model.items():
        val, test = study.parts[(model, "validation")], study.parts[(model, "test")]
        calibrated = IsotonicRegression(out_of_bounds="clip").fit(val.y_score, val.y_true).predict(test.y_score)
        assert entry["rule_theta"] == pytest.approx(rule)
        assert entry["rule_raw"]["cost"] == _cost(test.y_true, test.y_score, rule)
        assert entry["rule_calibrated"]["cost"] == _cost(test.y_true, calibrated, rule)
        assert entry["chosen"]["cost"] == _cost(test.y_true, test.y_score, entry["chosen_theta"])
        assert entry["ece_after"] < entry["ece_before"] or model == "logistic"
    # The forest's scores are not probabilities: the rule costs 202 on test, 169 once recalibrated on validation.
    assert (by_model["forest"]["rule_raw"]["cost"], by_model["forest"]["rule_calibrated"]["cost"]) == (202, 169)
    assert by_model["forest"]["rule_calibrated"]["cost"] < by_model["forest"]["chosen"]["cost"]


def test_calibrate_sigmoid_equals_calibrated_classifier_cv(study):
    values = invoke("report", "--data", "screening8", "--calibrate", "sigmoid", "--choice-step", "0.01", "--json")
    for entry in values["recalibration"]["models"]:
        val, test = study.parts[(entry["model"], "validation")], study.parts[(entry["model"], "test")]
        calibrated = _platt(val.y_true, val.y_score, test.y_score)
        assert entry["rule_calibrated"]["cost"] == _cost(test.y_true, calibrated, 1 / 11)
        assert entry["brier_after"] == pytest.approx(brier_score_loss(test.y_true, calibrated), abs=1e-8)
    forest = values["recalibration"]["models"][1]
    assert (forest["rule_raw"]["cost"], forest["rule_calibrated"]["cost"], forest["chosen"]["cost"]) == (202, 176, 171)


def test_the_text_report_prints_the_before_and_after_table():
    result = run_cli("report", "--data", "screening8", "--calibrate", "isotonic")
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "Calibration: is a score a probability?" in text
    assert "forest on test" in text and "Reliability bins of forest" in text
    line = next(line for line in text.splitlines() if "at the rule's θ, raw scores" in line)
    assert line.split()[-2:] == ["246", "202"]
    line = next(line for line in text.splitlines() if line.strip().startswith("after recalibrating"))
    assert line.split()[-2:] == ["239", "169"]
    assert "= 1/(1+10) = 0.091 on test (900 rows)" in text


def test_bins_and_binning_options():
    values = invoke("report", "--data", "screening8", "--bins", "4", "--binning", "quantile", "--json")
    section = values["calibration"]
    assert (section["n_bins"], section["strategy"]) == (4, "quantile")
    for entry in section["splits"]:
        assert len(entry["bins"]) == 4
        counts = [b["count"] for b in entry["bins"]]
        assert max(counts) - min(counts) <= entry["n"] // 2  # equal-count bins, up to ties in the scores


def test_one_split_is_refused_with_one_line():
    assert_bad_input(run_cli("report", "--calibrate", "isotonic"), "calibration needs a second split")


def test_a_bad_method_is_refused():
    result = run_cli("report", "--data", "screening8", "--calibrate", "platt")
    assert result.returncode == 2 and "platt" in result.stderr


def test_the_notebook_api_carries_the_same_section(isotonic_report):
    import umbral

    study = load_study("screening8")
    splits = {split: (study.parts[("logistic", split)].y_true,
                      {m: study.parts[(m, split)].y_score for m in study.models}) for split in study.splits}
    lecture = umbral.Lecture.from_predictions(splits=splits)
    result = lecture.report(calibrate="isotonic").to_dict()
    assert result["recalibration"]["models"] == isotonic_report["recalibration"]["models"]
    assert result["calibration"]["splits"] == isotonic_report["calibration"]["splits"]

    frame = lecture.report(calibrate="sigmoid").recalibration_frame()
    assert frame.loc["forest", "cost_raw"] == 202 and frame.loc["forest", "cost_recalibrated"] == 176
    shown = lecture.report()
    assert shown.recalibration_frame() is None
    assert shown.calibration_frame().loc[("forest", "test"), "n"] == 900
    assert "<h4>Calibration</h4>" in shown._repr_html_()


def test_isotonic_sure_misses_explain_the_log_loss_rise(isotonic_report, study):
    """Isotonic's flat ends score some test cases exactly 0 or 1; the wrong ones cost -ln(eps) each in log-loss."""
    for entry in isotonic_report["recalibration"]["models"]:
        val, test = study.parts[(entry["model"], "validation")], study.parts[(entry["model"], "test")]
        calibrated = IsotonicRegression(out_of_bounds="clip").fit(val.y_score, val.y_true).predict(test.y_score)
        sure = (calibrated == 0) | (calibrated == 1)
        misses = sure & (calibrated != test.y_true)
        assert (entry["sure"], entry["sure_misses"]) == (int(sure.sum()), int(misses.sum()))
        share = (log_loss(test.y_true[misses], calibrated[misses], labels=[0, 1]) * misses.sum()
                 / (log_loss(test.y_true, calibrated) * test.n))
        assert entry["sure_miss_share"] == pytest.approx(share, rel=1e-9)
        assert entry["log_loss_after"] > entry["log_loss_before"] and entry["sure_misses"] > 0
    forest = isotonic_report["recalibration"]["models"][1]
    assert (forest["sure"], forest["sure_misses"]) == (270, 5) and forest["sure_miss_share"] > 0.5

    text = run_cli("report", "--data", "screening8", "--calibrate", "isotonic").stdout
    line = next(line for line in text.splitlines() if "scored exactly 0 or 1 after / wrong" in line)
    assert line.split()[-6:] == ["140", "/", "2", "270", "/", "5"]
    assert "log-loss rose: isotonic scored some test cases exactly 0 or 1" in text and "-ln(eps) = 36.0" in text


def test_sigmoid_scores_nothing_exactly_0_or_1_and_says_nothing_of_it():
    values = invoke("report", "--data", "screening8", "--calibrate", "sigmoid", "--json")
    assert all((m["sure"], m["sure_misses"], m["sure_miss_share"]) == (0, 0, 0.0)
               for m in values["recalibration"]["models"])
    text = run_cli("report", "--data", "screening8", "--calibrate", "sigmoid").stdout
    assert "scored exactly 0 or 1" not in text and "log-loss rose" not in text
