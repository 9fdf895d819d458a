"""Mode "your data": every count and metric the page shows equals `umbral report --threshold θ --json`."""

from __future__ import annotations

import re

import pytest

from tests.lab.conftest import TIMEOUT_MS

LANGS = ("en", "es")
THETAS = (0.0, 0.3, 0.5, 0.73, 1.0)
EXACT = 1e-12


@pytest.mark.parametrize("lang", LANGS)
def test_number_box_theta_shows_the_reports_numbers(lab, lab_files, data_report, check_numbers, lang):
    lab.open(lab_files["clinic20", lang])
    assert lab.read()["mode"] == "data"
    for theta in THETAS:
        lab.set_theta(theta)
        shown = lab.read()
        assert float(shown["theta_range"]) == theta, f"#theta-range reads {shown['theta_range']} at θ = {theta}"
        check_numbers(shown, data_report("clinic20", theta), EXACT, f"clinic20 {lang}, θ = {theta} (number box)")


@pytest.mark.parametrize("lang", LANGS)
def test_keyboard_on_the_slider_steps_hundredths_and_tenths(lab, lab_files, data_report, check_numbers, lang):
    lab.open(lab_files["clinic20", lang], "#mode=data&theta=0.75")
    for keys, theta in ((["ArrowLeft"] * 2, 0.73), (["PageDown"] * 4 + ["ArrowLeft"] * 3, 0.3),
                        (["PageDown"] * 4, 0.0), (["PageUp"] * 10 + ["ArrowRight"], 1.0),
                        (["PageDown"] * 5, 0.5), (["ArrowRight"], 0.51)):
        lab.press_on("#theta-range", *keys)
        lab.wait_for_param("theta", theta)
        shown = lab.read()
        assert float(shown["theta_number"]) == theta, f"#theta-number reads {shown['theta_number']} at θ = {theta}"
        check_numbers(shown, data_report("clinic20", theta), EXACT, f"clinic20 {lang}, θ = {theta} (keyboard)")


def test_the_chapter_tables_at_one_half(lab, lab_files):
    lab.open(lab_files["clinic20", "en"])
    shown = lab.read()
    assert float(shown["theta_number"]) == 0.5 and shown["params"].get("theta") is not None
    assert shown["counts"] == {"tp": 4, "fn": 1, "fp": 2, "tn": 13}
    # Each ratio metric spells out its counts: numerator / denominator.
    for metric, (numerator, denominator) in {"accuracy": (17, 20), "precision": (4, 6), "recall": (4, 5),
                                             "specificity": (13, 15), "npv": (13, 14)}.items():
        formula = shown["formulas"].get(metric, "")
        assert re.search(rf"\b{numerator}\s*/\s*{denominator}\b", formula), \
            f"[data-metric={metric}] [data-formula] reads {formula!r}, expected '{numerator} / {denominator}'"
    for count in ("4", "1", "2", "13"):
        assert re.search(rf"\b{count}\b", shown["live"]), f"#live does not read the count {count}: {shown['live']!r}"


def test_the_live_region_follows_theta(lab, lab_files):
    lab.open(lab_files["clinic20", "es"])
    assert lab.page.locator("#live").get_attribute("aria-live") == "polite"
    lab.set_theta(0.3)
    # Typing speaks once the box is committed or typing pauses (300 ms): wait for the sentence.
    lab.page.wait_for_function("/0[.,]30?\\b/.test(document.querySelector('#live').textContent)", timeout=TIMEOUT_MS)
    live = lab.read()["live"]
    for count in ("5", "5", "0", "10"):
        assert re.search(rf"\b{count}\b", live), f"#live at θ = 0.30 lacks the count {count}: {live!r}"


def test_model_and_split_picker(lab, lab_files, part_report, study_of, check_numbers):
    from umbral.data.dataset import slugify

    study = study_of("screening8")
    keys = {slugify(f"{model}-{split}"): (model, split) for model in study.models for split in study.splits}
    lab.open(lab_files["screening8", "en"])
    options = lab.page.eval_on_selector_all("select#part option", "options => options.map(o => o.value)")
    assert sorted(options) == sorted(keys), f"select#part offers {options}, expected one per model and split"
    for index, (key, (model, split)) in enumerate(keys.items()):
        lab.page.select_option("select#part", key)
        lab.wait_for_param("part", key)
        theta = (0.3, 0.73)[index % 2]
        lab.set_theta(theta)
        shown = lab.read()
        check_numbers(shown, part_report("screening8", model, split, theta), EXACT,
                      f"screening8 {model} on {split}, θ = {theta}")


def test_hundredths_match_the_sweep(lab, lab_files, study_of, check_numbers):
    from umbral.metrics import Sweep, roc_auc
    from umbral.metrics.curves import average_precision

    dataset = study_of("clinic20").select()
    sweep = Sweep.from_scores(dataset.y_true, dataset.y_score)
    auc, ap = roc_auc(sweep.y_true, sweep.y_score), average_precision(sweep.y_true, sweep.y_score)
    lab.open(lab_files["clinic20", "en"])
    for k, shown in lab.sweep(step=3).items():
        snapshot = sweep.at(k / 100)
        expected = {key: getattr(snapshot, key) for key in ("tp", "fp", "fn", "tn", "accuracy", "precision", "recall",
                                                            "specificity", "f1", "balanced_accuracy", "mcc", "npv")}
        expected.update(cost=10.0 * snapshot.fn + snapshot.fp, auc=auc, ap=ap)
        check_numbers(shown, expected, EXACT, f"clinic20 at θ = {k / 100:.2f} (sweep)")
