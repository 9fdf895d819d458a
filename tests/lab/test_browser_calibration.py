"""The calibration panel: its bins, ECE, Brier, log-loss and the cost rule's θ equal `umbral report --json`'s.

Raw scores against the report's ``calibration`` section; recalibrated ones (isotonic, sigmoid: fitted on
validation, shown on test) against ``report --calibrate METHOD --json``'s ``recalibration``. In binormal
mode the panel says the scores are calibrated by construction, and its rule's cost is metrics.binormal's.
"""

from __future__ import annotations

import pytest

from tests.lab.conftest import cli_report

EXACT = 1e-12
MODELS = ("logistic", "forest")

READ_PANEL = """() => {
  const el = (id) => document.getElementById(id);
  const visible = (id) => { const e = el(id); return !!e && !e.closest('[hidden]'); };
  const bins = Array.from(document.querySelectorAll('#cal-bins tbody tr')).map((row) => {
    const out = {};
    for (const cell of row.querySelectorAll('[data-cal]')) out[cell.dataset.cal] = cell.dataset.value;
    return out;
  });
  const rule = el('cal-rule').dataset;
  const checked = document.querySelector('input[name=cal-scores]:checked');
  return {ece: el('cal-ece').dataset.value, brier: el('cal-brier').dataset.value,
          log_loss: el('cal-log-loss').dataset.value, bins: bins,
          rule: {theta: rule.theta, cost: rule.cost, tp: rule.tp, fp: rule.fp, fn: rule.fn, tn: rule.tn},
          raw_cost: visible('cal-rule-raw') ? el('cal-rule-raw').dataset.cost : null,
          rule_text: el('cal-rule').textContent, fit_text: el('cal-fit').textContent,
          scores: checked ? checked.value : null,
          visible: {panel: visible('calibration'), reliability: visible('cal-reliability'),
                    binormal: visible('cal-binormal'), switch: visible('cal-switch')}};
}"""


def _panel(lab) -> dict:
    return lab.page.evaluate(READ_PANEL)


def _choose_scores(lab, scores: str) -> None:
    lab.page.locator(f"input[name=cal-scores][value={scores}]").check()
    if scores != "raw":
        lab.wait_for_param("scores", scores)


def _assert_bins(shown: list, expected: list, where: str) -> None:
    assert len(shown) == len(expected), f"{where}: {len(shown)} bins shown, the report has {len(expected)}"
    for k, (row, bin_) in enumerate(zip(shown, expected, strict=True)):
        assert int(row["count"]) == bin_["count"] and int(row["positives"]) == bin_["positives"], f"{where} bin {k}"
        for key, name in (("share", "fraction_positive"), ("mean", "mean_score")):
            if bin_[name] is None:
                assert row[key] == "", f"{where} bin {k}: an empty bin shows {key} {row[key]!r}"
            else:
                assert float(row[key]) == pytest.approx(bin_[name], abs=EXACT), f"{where} bin {k} {key}"


def _assert_rule(shown: dict, point: dict, where: str) -> None:
    assert float(shown["theta"]) == pytest.approx(point["threshold"], abs=EXACT), where
    assert float(shown["cost"]) == point["cost"], f"{where}: the rule's θ costs {shown['cost']}, report {point['cost']}"
    assert {key: int(shown[key]) for key in ("tp", "fp", "fn", "tn")} == {key: point[key] for key in
                                                                          ("tp", "fp", "fn", "tn")}, where


def _report_split(report: dict, model: str, split: str) -> dict:
    (entry,) = [s for s in report["calibration"]["splits"] if s["model"] == model and s["split"] == split]
    return entry


@pytest.mark.parametrize("lang", ("en", "es"))
def test_raw_scores_show_the_reports_calibration_and_rule(lab, lab_files, lang):
    report = cli_report("--data", "screening8", "--calibrate", "isotonic", "--resamples", "1")
    recalibrated = {m["model"]: m for m in report["recalibration"]["models"]}
    lab.open(lab_files["screening8", lang], "#mode=data&part=logistic-test&theta=0.50")
    for model in MODELS:
        for split in (("test", "validation") if lang == "en" else ("train",)):
            lab.page.select_option("select#part", f"{model}-{split}")
            lab.wait_for_param("part", f"{model}-{split}")
            shown, expected, where = _panel(lab), _report_split(report, model, split), f"{model} on {split} ({lang})"
            assert shown["visible"] == {"panel": True, "reliability": True, "binormal": False, "switch": True}, where
            assert shown["scores"] == "raw" and shown["raw_cost"] is None, where
            for key in ("ece", "brier", "log_loss"):
                assert float(shown[key]) == pytest.approx(expected[key], abs=EXACT), f"{where}: {key}"
            _assert_bins(shown["bins"], expected["bins"], where)
            if split == "test":
                _assert_rule(shown["rule"], recalibrated[model]["rule_raw"], where)
                assert "202" in shown["rule_text"] if model == "forest" else "246" in shown["rule_text"]


@pytest.mark.parametrize("method", ("isotonic", "sigmoid"))
def test_recalibrated_scores_show_the_reports_recalibration(lab, lab_files, method):
    report = cli_report("--data", "screening8", "--calibrate", method, "--resamples", "1")
    assert report["recalibration"]["choose_on"] == "validation" and report["recalibration"]["report_on"] == "test"
    lab.open(lab_files["screening8", "en"], "#mode=data&part=forest-test&theta=0.50")
    _choose_scores(lab, method)
    for entry in report["recalibration"]["models"]:
        model = entry["model"]
        lab.page.select_option("select#part", f"{model}-test")
        lab.wait_for_param("part", f"{model}-test")
        shown, where = _panel(lab), f"{model} on test, {method}"
        assert shown["scores"] == method, where
        for key in ("ece", "brier", "log_loss"):
            assert float(shown[key]) == pytest.approx(entry[f"{key}_after"], abs=EXACT), f"{where}: {key}"
        _assert_rule(shown["rule"], entry["rule_calibrated"], where)
        assert float(shown["raw_cost"]) == entry["rule_raw"]["cost"], where
        assert "validation" in shown["fit_text"] and str(report["recalibration"]["n_fitted"]) in shown["fit_text"]
    # The switch lives in the hash: a link reopens the recalibrated view.
    again = lab.page.evaluate("location.hash")
    assert f"scores={method}" in again


def test_the_rule_follows_the_cost_ratio(lab, lab_files):
    report = cli_report("--data", "screening8", "--calibrate", "isotonic", "--cost-fn", "20", "--cost-fp", "1",
                        "--resamples", "1")
    forest = {m["model"]: m for m in report["recalibration"]["models"]}["forest"]
    lab.open(lab_files["screening8", "es"], "#mode=data&part=forest-test&theta=0.50&scores=isotonic&ratio=20")
    shown = _panel(lab)
    assert shown["scores"] == "isotonic"
    _assert_rule(shown["rule"], forest["rule_calibrated"], "forest on test, isotonic, ratio 20")
    assert float(shown["raw_cost"]) == forest["rule_raw"]["cost"]
    lab.enter("#ratio-number", "2.5")  # not a whole ratio: no exact count is carried, and the panel says so
    lab.wait_for_param("ratio", 2.5)
    shown = _panel(lab)
    assert shown["rule"]["cost"] is None and "2.5" in shown["rule_text"] and "0.286" in shown["rule_text"]


def test_one_split_has_no_switch_and_the_reports_numbers(lab, lab_files):
    report = cli_report("--data", "clinic20", "--resamples", "1")
    (expected,) = report["calibration"]["splits"]
    lab.open(lab_files["clinic20", "en"])
    shown = _panel(lab)
    assert shown["visible"] == {"panel": True, "reliability": True, "binormal": False, "switch": False}
    assert "second split" in shown["fit_text"]
    for key in ("ece", "brier", "log_loss"):
        assert float(shown[key]) == pytest.approx(expected[key], abs=EXACT), key
    _assert_bins(shown["bins"], expected["bins"], "clinic20")
    # The chapter's numbers (issue 30): Brier 0.124, log-loss 0.387.
    assert (round(expected["brier"], 3), round(expected["log_loss"], 3)) == (0.124, 0.387)


@pytest.mark.parametrize("lang", ("en", "es"))
def test_binormal_mode_says_its_scores_are_calibrated(lab, lab_files, binormal_expected, lang):
    lab.open(lab_files["screening8", lang], "#mode=binormal&theta=0.30&d=1.5&pi=0.1&ratio=10")
    shown = _panel(lab)
    assert shown["visible"] == {"panel": True, "reliability": False, "binormal": True, "switch": False}
    expected = binormal_expected(1 / 11, 1.5, 0.1, 10.0)
    assert float(shown["rule"]["cost"]) == expected["cost"]
    assert int(shown["rule"]["tp"]) == expected["tp"] and int(shown["rule"]["fp"]) == expected["fp"]
    note = lab.page.locator("#cal-binormal").text_content()
    assert ("calibrated" in note) if lang == "en" else ("calibrada" in note)


@pytest.mark.parametrize("width", (1280, 420))
def test_the_panel_fits_and_is_drawn(new_lab, lab_files, tmp_path, width):
    lab = new_lab(width=width, height=900).open(lab_files["screening8", "es"],
                                                 "#mode=data&part=forest-test&theta=0.50&scores=sigmoid")
    panel = lab.page.locator("#calibration")
    shot = tmp_path / f"calibration-{width}.png"
    panel.screenshot(path=str(shot))
    assert shot.stat().st_size > 20_000, f"{shot} looks empty"
    assert lab.page.evaluate("document.scrollingElement.scrollWidth") <= width
    # Nothing in the panel is wider than the panel, and the diagram has its ten bins and its points.
    overflow = lab.page.evaluate("""() => { const box = document.getElementById('calibration').getBoundingClientRect();
      return Array.from(document.querySelectorAll('#calibration *')).filter((e) => {
        const r = e.getBoundingClientRect(); return r.width && (r.left < box.left - 1 || r.right > box.right + 1); })
        .map((e) => e.tagName + '#' + e.id); }""")
    assert not overflow, f"sticks out of the panel at {width} px: {overflow}"
    assert lab.page.locator("#cal-bins tbody tr").count() == 10
    assert lab.page.locator("#cal-reliability-svg circle").count() == 10
