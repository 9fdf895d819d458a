"""The lab's numbers: exact counts at every hundredth, exact vertices, verified before they are written."""

from __future__ import annotations

import json

import numpy as np
import pytest

from umbral.data import Dataset, load_study
from umbral.data.study import Study
from umbral.metrics import VerificationError, average_precision, roc_auc
from umbral.metrics.verify import verify_lab_numbers
from umbral.scenes.publish.lab_data import MAX_DOTS, MAX_DRAWN_VERTICES, SCORE_BINS, lab_payload, part_numbers


def _flagged(y_true, y_score, theta):
    """TP and FP at θ, sample by sample (positive iff score >= θ)."""
    flagged = [s >= theta for s in y_score]
    return (sum(f and y == 1 for f, y in zip(flagged, y_true, strict=True)),
            sum(f and y == 0 for f, y in zip(flagged, y_true, strict=True)))


def test_clinic20_counts_at_every_hundredth_and_the_chapters_table():
    study = load_study("clinic20")
    payload = lab_payload(study, study.select(), "en")
    (part,) = payload["parts"]
    data = study.select()
    for k in range(101):
        assert (part["at_hundredths"]["tp"][k], part["at_hundredths"]["fp"][k]) == _flagged(
            data.y_true, data.y_score, k / 100)
    assert part["at_hundredths"]["tp"][50] == 4 and part["at_hundredths"]["fp"][50] == 2  # TP 4, FP 2 at 0.5
    assert (part["n"], part["positives"], part["negatives"]) == (20, 5, 15)
    assert part["model"] is None and part["split"] is None
    assert part["auc"] == pytest.approx(67 / 75, abs=1e-12)
    assert len(part["cases"]) == 20 and [s for s, _ in part["cases"]] == sorted(data.y_score.tolist())
    assert sum(part["bins"]["positive"]) == 5 and sum(part["bins"]["negative"]) == 15
    assert payload["defaults"]["theta"] == 0.5 and payload["defaults"]["cost_ratio"] == 10.0


def test_vertices_run_from_nobody_to_everybody_flagged():
    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 2, 300)
    y_score = np.round(rng.random(300), 2)  # ties: 101 distinct values at most
    numbers = part_numbers(y_true, y_score)
    tp, fp = numbers["vertices"]["tp"], numbers["vertices"]["fp"]
    assert (tp[0], fp[0]) == (0, 0) and (tp[-1], fp[-1]) == (int(y_true.sum()), int((1 - y_true).sum()))
    distinct = np.unique(y_score)[::-1]
    assert len(tp) == distinct.size + 1 and not numbers["vertices"]["thinned"]
    for i, theta in enumerate(distinct, start=1):
        assert (tp[i], fp[i]) == _flagged(y_true, y_score, theta)
    assert numbers["cases"] is None  # 300 > MAX_DOTS: humps from bins
    assert numbers["average_precision"] == average_precision(y_true, y_score)
    assert len(numbers["bins"]["positive"]) == SCORE_BINS


def test_large_data_is_thinned_for_drawing_but_keeps_every_hundredths_vertex():
    rng = np.random.default_rng(5)
    n = 20_000
    y_true = (rng.random(n) < 0.3).astype(np.int8)
    y_score = np.clip(rng.normal(0.35 + 0.3 * y_true, 0.15), 0, 1)
    numbers = part_numbers(y_true, y_score)
    vertices = numbers["vertices"]
    assert vertices["thinned"] and len(vertices["tp"]) <= MAX_DRAWN_VERTICES + 101
    drawn = set(zip(vertices["tp"], vertices["fp"], strict=True))
    at = numbers["at_hundredths"]
    assert all((tp, fp) in drawn for tp, fp in zip(at["tp"], at["fp"], strict=True))
    assert numbers["auc"] == roc_auc(y_true, y_score)
    assert len(json.dumps(numbers)) < 120_000


def test_a_page_for_1000_scores_fits_in_its_budget():
    rng = np.random.default_rng(7)
    y_true = (rng.random(1000) < 0.2).astype(np.int8)
    dataset = Dataset("thousand", "Thousand", y_true, rng.random(1000))
    payload = lab_payload(Study.single(dataset), dataset, "es")
    assert len(json.dumps(payload)) < 100_000  # the page's own code comes on top; 300 KB in all


def test_screening8_has_every_model_on_every_split_and_opens_on_the_selected_one():
    study = load_study("screening8")
    payload = lab_payload(study, study.select("forest", "validation"), "es")
    keys = [part["key"] for part in payload["parts"]]
    assert keys == ["logistic-train", "logistic-validation", "logistic-test",
                    "forest-train", "forest-validation", "forest-test"]
    assert payload["defaults"]["part"] == "forest-validation"
    forest_test = payload["parts"][5]
    assert (forest_test["model"], forest_test["split"]) == ("bosque aleatorio", "prueba")
    assert forest_test["n"] == 900 and forest_test["cases"] is None
    assert payload["lang"] == "es" and payload["population"] == 1000


def test_a_wrong_count_or_vertex_is_refused():
    study = load_study("clinic20")
    data = study.select()
    numbers = part_numbers(data.y_true, data.y_score)
    grid = np.arange(101) / 100
    good = dict(tp=np.array(numbers["at_hundredths"]["tp"]), fp=np.array(numbers["at_hundredths"]["fp"]),
                vertex_tp=np.array(numbers["vertices"]["tp"]), vertex_fp=np.array(numbers["vertices"]["fp"]),
                auc=numbers["auc"], average_precision=numbers["average_precision"])
    assert verify_lab_numbers(data.y_true, data.y_score, grid, **good)
    wrong_tp = good["tp"].copy()
    wrong_tp[30] += 1
    with pytest.raises(VerificationError, match="tp at threshold 0.3"):
        verify_lab_numbers(data.y_true, data.y_score, grid, **{**good, "tp": wrong_tp})
    wrong_vertex = good["vertex_fp"].copy()
    wrong_vertex[4] -= 1
    with pytest.raises(VerificationError, match="vertices"):
        verify_lab_numbers(data.y_true, data.y_score, grid, **{**good, "vertex_fp": wrong_vertex})
    with pytest.raises(VerificationError, match="auc"):
        verify_lab_numbers(data.y_true, data.y_score, grid, **{**good, "auc": good["auc"] + 1e-6})


def test_dots_only_up_to_the_limit():
    rng = np.random.default_rng(1)
    y_true = np.r_[np.ones(30, np.int8), np.zeros(MAX_DOTS - 29, np.int8)]
    assert part_numbers(y_true[:MAX_DOTS], rng.random(MAX_DOTS))["cases"] is not None
    assert part_numbers(y_true, rng.random(MAX_DOTS + 1))["cases"] is None
