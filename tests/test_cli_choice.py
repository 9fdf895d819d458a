"""The command line with splits and several models: report's honest choice, trace and scores."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tests.shared_data import HTRU2, needs, write_raw_table
from tests.test_cli import assert_bad_input, invoke, run_cli
from umbral.data import load_study
from umbral.metrics import Sweep

#: Stands for the path of a raw table the test writes itself (``raw_table``).
RAW = "<raw table>"


@pytest.fixture(scope="module")
def raw_table(tmp_path_factory) -> str:
    return str(write_raw_table(tmp_path_factory.mktemp("raw") / "raw.csv"))


@pytest.fixture(scope="module")
def screening8_report():
    return invoke("report", "--data", "screening8", "--json")


def test_report_json_carries_the_choice(screening8_report):
    values = screening8_report
    assert (values["model"], values["split"], values["n"]) == ("logistic", "test", 900)
    choice = values["choice"]
    assert (choice["choose_on"], choice["report_on"], choice["rule"], choice["choice_step"]) == (
        "validation", "test", "min_cost", "0.02")
    models = {m["model"]: m for m in choice["models"]}
    assert list(models) == ["logistic", "forest"]
    for model in models.values():
        assert model["n_choose"] == 630 and model["n_report"] == 900
        assert model["on_reporting"]["cost"] < model["at_half_on_reporting"]["cost"]  # choosing θ pays
        assert model["peek_on_reporting"]["cost"] <= model["on_reporting"]["cost"]  # peeking flatters
        low, high = model["wobble"]["theta_low"], model["wobble"]["theta_high"]
        assert low <= model["theta"] <= high


def test_report_numbers_equal_the_splits_themselves(screening8_report):
    study = load_study("screening8")
    for model in screening8_report["choice"]["models"]:
        test = study.parts[(model["model"], "test")]
        sweep = Sweep.from_scores(test.y_true, test.y_score)
        at = sweep.at(model["theta"])
        assert [model["on_reporting"][k] for k in ("tp", "fp", "fn", "tn")] == [at.tp, at.fp, at.fn, at.tn]
        assert model["at_half_on_reporting"]["cost"] == sweep.at(0.5).cost(10, 1)


def test_report_text_for_the_textbook_case():
    result = run_cli("report", "--data", "screening8", "--choice-step", "0.01")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Choosing θ honestly: min_cost" in out and "grid step 0.01" in out
    assert "θ chosen on validation (630 rows), reported on test (900 rows)" in out
    for row in ("cost on test at θ = 0.50", "peeking: θ chosen on test", "wobble of θ, 5-95 % of 200"):
        assert row in out
    assert "logistic" in out and "forest" in out


@needs(HTRU2)
def test_pulsars_choose_max_f1_on_train():
    """The pulsar lecture: max-F1 chosen on train, applied to test, next to 0.5."""
    result = run_cli("report", "--data", str(HTRU2), "--target", "is_pulsar", "--splits", "test=0.2",
                     "--choose-on", "train", "--rule", "max_f1", "--json")
    assert result.returncode == 0, result.stderr
    choice = json.loads(result.stdout)["choice"]
    assert choice["choose_on"] == "train" and "optimistic" in choice["note"]
    (model,) = choice["models"]
    assert model["n_report"] == 3580 and model["theta"] != 0.5
    assert model["at_half_on_reporting"]["threshold"] == 0.5
    assert model["on_reporting"]["f1"] >= model["at_half_on_reporting"]["f1"] - 0.02


def test_single_split_data_keeps_the_old_report():
    values = invoke("report", "--data", "clinic20", "--json")
    assert "choice" not in values and "model" not in values


def test_a_raw_table_defaults_to_choose_on_train_with_a_note(raw_table):
    result = run_cli("report", "--data", raw_table, "--target", "Outcome")
    assert result.returncode == 0, result.stderr
    assert "θ chosen on train (210 rows), reported on test (90 rows)" in result.stdout
    assert "note: θ is chosen on train" in result.stdout


def test_trace_takes_a_model_and_a_split():
    rows = invoke("trace", "--data", "screening8", "--model", "forest", "--split", "validation", "--json")
    part = load_study("screening8").parts[("forest", "validation")]
    sweep = Sweep.from_scores(part.y_true, part.y_score)
    assert [row["tp"] for row in rows] == [s.tp for s in sweep.grid()]
    default = invoke("trace", "--data", "screening8", "--json")
    assert default != rows


def test_scores_writes_the_long_table(tmp_path):
    out = tmp_path / "s8.json"
    result = run_cli("scores", "--data", "screening8", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "6000 pairs (2 model(s) x 3 split(s))" in result.stdout
    document = json.loads(out.read_text())
    assert len(document["split"]) == len(document["model"]) == len(document["y_score"]) == 6000
    assert document["provenance"]["recipe"]["random_state"] == 11
    again = load_study(str(out))
    original = load_study("screening8")
    for key, part in original.parts.items():
        assert np.array_equal(again.parts[key].y_score, part.y_score)


def test_several_score_columns_on_the_command_line(tmp_path):
    path = tmp_path / "two.csv"
    rows = [f"{i % 2},{0.3 + 0.4 * (i % 2) - 0.01 * i:.2f},{0.35 + 0.3 * (i % 2):.2f},{('val', 'test')[i % 4 < 2]}"
            for i in range(16)]
    path.write_text("truth,lr,rf,split\n" + "\n".join(rows))
    values = invoke("report", "--data", str(path), "--label-col", "truth", "--score-col", "lr", "--score-col", "rf",
                    "--model-name", "lr=Logistic", "--json")
    assert [m["model"] for m in values["choice"]["models"]] == ["Logistic", "rf"]


@pytest.fixture(scope="module")
def small_splits(tmp_path_factory):
    """Two models on validation and test, 24 rows: fast to load in a subprocess."""
    path = tmp_path_factory.mktemp("data") / "small.csv"
    rows = [f"{i % 2},{0.3 + 0.4 * (i % 2) - 0.01 * i:.2f},{0.35 + 0.3 * (i % 2):.2f},{('val', 'test')[i % 4 < 2]}"
            for i in range(24)]
    path.write_text("y_true,score_lr,score_rf,split\n" + "\n".join(rows))
    return str(path)


@pytest.mark.parametrize("args, expect", [
    (("report", "--choose-on", "holdout"), "there is no 'holdout' split"),
    (("report", "--report-on", "validation", "--choose-on", "validation"), "peeking"),
    (("report", "--model", "svm"), "there is no model 'svm'"),
    (("trace", "--split", "dev2"), "--split dev2"),
    (("report", "--model-name", "oops"), "must be COLUMN=NAME"),
    (("report", "--models", "forest"), "--models does not apply here"),
])
def test_bad_choice_input_is_one_line_and_exit_2(args, expect, small_splits):
    assert_bad_input(run_cli(args[0], "--data", small_splits, *args[1:]), expect)


@pytest.mark.parametrize("args, expect", [
    (("report", "--data", "clinic20", "--choose-on", "validation"), "needs two splits"),
    (("report", "--data", RAW, "--target", "Outcome", "--splits", "test=2"), "between 0 and 1"),
    (("report", "--data", RAW, "--target", "Outcome", "--models", "svm"), "choose from logistic, forest"),
    (("render", "HonestThreshold", "--data", "clinic20"), "HonestThreshold: it needs a split"),
    (("render", "ModelsCompared", "--data", "clinic20"), "ModelsCompared: it needs scores of two or more models"),
])
def test_data_that_cannot_be_compared(args, expect, tmp_path, raw_table):
    args = tuple(raw_table if arg == RAW else arg for arg in args)
    out = tmp_path / "out"
    assert_bad_input(run_cli(*args, *(("--out", str(out)) if args[0] == "render" else ())), expect)
    assert not out.exists() or not any(out.rglob("*"))


def test_scores_refuses_a_model_or_split(tmp_path):
    assert_bad_input(run_cli("scores", "--data", "screening8", "--model", "forest", "--out", str(tmp_path / "x.json")),
                     "drop --model and --split")
    assert not (tmp_path / "x.json").exists()
