"""Splits and several models: scores files, the pipeline's splits and models, and screening8."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tests.shared_data import PIMA, needs, write_raw_table
from umbral.data import DataError, Study, export_scores, load_dataset, load_study
from umbral.data.study import split_name


@pytest.fixture(scope="module")
def raw_table(tmp_path_factory) -> str:
    return str(write_raw_table(tmp_path_factory.mktemp("raw") / "raw.csv"))


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _error(path, **options) -> str:
    with pytest.raises(DataError) as info:
        study = load_study(path, **options)
        study.choice_splits(options.get("choose_on"), options.get("report_on"))
    message = str(info.value)
    assert "\n" not in message
    return message


def _rows(n=12, split=lambda i: ("train", "val", "test")[i % 3]):
    lines = []
    for i in range(n):
        label = i % 2
        lines.append(f"{label},{0.2 + 0.6 * label - 0.01 * i:.2f},{0.3 + 0.4 * label + 0.01 * i:.2f},{split(i)}")
    return "\n".join(lines)


def _rows1(n=12, split=lambda i: ("train", "val", "test")[i % 3]):
    return "\n".join(f"{i % 2},{0.2 + 0.6 * (i % 2) - 0.01 * i:.2f},{split(i)}" for i in range(n))


def test_split_names_are_canonical():
    assert [split_name(v) for v in ("Train", " val ", "DEV", "valid", "Test", "holdout")] == [
        "train", "validation", "validation", "validation", "test", "holdout"]


def test_score_columns_per_model_with_a_split_column(tmp_path):
    path = _write(tmp_path, "s.csv", "y_true,score_lr,proba_forest,set\n" + _rows())
    study = load_study(path)
    assert study.models == ("lr", "forest") and study.splits == ("train", "validation", "test")
    assert {part.n for part in study.parts.values()} == {4}
    test = study.select("forest", "test")
    assert test.y_score.tolist() == [0.32, 0.75, 0.38, 0.81]
    assert test.provenance["part"] == {"model": "forest", "split": "test"}
    assert study.select().provenance["part"] == {"model": "lr", "split": "test"}


def test_score_columns_named_on_the_command_line_and_renamed(tmp_path):
    path = _write(tmp_path, "s.csv", "label,a,b,partition\n" + _rows())
    study = load_study(path, score_col=("a", "b"), model_names={"a": "Logistic", "b": "Forest"})
    assert study.models == ("Logistic", "Forest")
    assert study.select("forest", "validation").n == 4  # model names match case-insensitively


def test_a_long_table_with_a_model_column(tmp_path):
    lines = ["y_true,y_score,model,split"]
    for model, shift in (("m1", 0.0), ("m2", 0.05)):
        lines += [f"{i % 2},{0.3 + 0.4 * (i % 2) + shift:.2f},{model},{('validation', 'test')[i // 4]}"
                  for i in range(8)]
    study = load_study(_write(tmp_path, "long.csv", "\n".join(lines)))
    assert study.models == ("m1", "m2") and study.splits == ("validation", "test")
    assert study.select("m2", "test").y_score.tolist() == [0.35, 0.75, 0.35, 0.75]
    assert study.choice_splits() == ("validation", "test", None)


def test_any_other_split_name_is_kept(tmp_path):
    study = load_study(_write(tmp_path, "s.csv", "y_true,y_score,subset\n" + _rows1(
        split=lambda i: ("tuning", "holdout")[i % 4 < 2])))
    assert set(study.splits) == {"tuning", "holdout"}
    assert study.choice_splits("tuning", "holdout")[:2] == ("tuning", "holdout")


def test_choosing_on_train_carries_a_note(tmp_path):
    path = _write(tmp_path, "s.csv", "y_true,y_score,split\n" + _rows1(split=lambda i: ("train", "test")[i % 4 < 2]))
    choose, report, note = load_study(path).choice_splits()
    assert (choose, report) == ("train", "test") and "optimistic" in note


def test_one_model_on_one_split_is_the_old_dataset(tmp_path):
    study = load_study(_write(tmp_path, "s.csv", "y_true,y_score\n1,0.9\n0,0.2\n"))
    assert study.is_single and study.splits == ("all",) and "part" not in study.select().provenance


@pytest.mark.parametrize("text, options, expect", [
    ("y_true,score_a,score_b,split\n1,0.9,0.8,test\n1,0.6,0.7,test\n0,0.2,0.1,validation\n1,0.5,0.4,validation\n",
     {}, "the test split has only positives"),
    ("y_true,y_score,split\n" + _rows1(), {"choose_on": "holdout"}, "--choose-on holdout: there is no 'holdout' split"),
    ("y_true,y_score,split\n" + _rows1(), {"report_on": "dev2"}, "--report-on dev2: there is no 'dev2' split"),
    ("y_true,y_score,model\n1,0.9,a\n0,0.2,a\n1,0.8,b\n", {}, "do not line up"),
    ("y_true,y_score,model\n1,0.9,a\n0,0.2,a\n0,0.8,b\n1,0.1,b\n", {}, "do not line up"),
    ("y_true,score_a,score_b\n1,0.9,0.8\n0,0.2,nan\n", {}, "row 2 of column 'score_b' is NaN"),
    ("y_true,y_score,split\n1,0.9,test\n0,0.2,test\n", {}, "a single split ('test')"),
    ("y_true,y_score\n1,0.9\n0,0.2\n", {"choose_on": "validation"}, "no split column"),
    ("y_true,y_score,split\n" + _rows1(), {"choose_on": "test", "report_on": "test"}, "peeking"),
    ("y_true,y_score,split\n1,0.9,\n0,0.2,test\n", {}, "empty value in row 1 of column 'split'"),
    ("y_true,score_a,score_b\n1,0.9,0.8\n0,0.2,0.1\n", {"model_names": {"c": "C"}}, "no model or score column 'c'"),
    ("y_true,score_a,score_b\n1,0.9,0.8\n0,0.2,0.1\n", {"model_names": {"a": "X", "b": "X"}}, "both be called 'X'"),
    ("y_true,y_score,model,score_b\n1,0.9,a,0.3\n0,0.2,a,0.1\n", {"score_col": ("y_score", "score_b")},
     "use one layout"),
])
def test_bad_splits_and_models(tmp_path, text, options, expect):
    choice = {k: options.pop(k) for k in ("choose_on", "report_on") if k in options}
    with pytest.raises(DataError) as info:
        study = load_study(_write(tmp_path, "bad.csv", text), **options)
        study.choice_splits(**choice)
    assert expect in str(info.value) and "\n" not in str(info.value)


def test_unknown_model_or_split_to_show(tmp_path):
    path = _write(tmp_path, "s.csv", "y_true,score_lr,score_rf,split\n" + _rows())
    with pytest.raises(DataError, match="--model svm: there is no model 'svm'; the data has lr, rf"):
        load_dataset(path, model="svm")
    with pytest.raises(DataError, match="--split holdout"):
        load_dataset(path, split="holdout")


def test_the_long_table_round_trips(tmp_path):
    study = load_study(_write(tmp_path, "s.csv", "y_true,score_lr,score_rf,split\n" + _rows()))
    out = tmp_path / "export.json"
    export_scores(study, out)
    document = json.loads(out.read_text())
    assert set(document) >= {"name", "title", "provenance", "split", "model", "y_true", "y_score"}
    again = load_study(str(out))
    assert again.models == study.models and again.splits == study.splits
    for key, part in study.parts.items():
        assert np.array_equal(again.parts[key].y_score, part.y_score)
        assert np.array_equal(again.parts[key].y_true, part.y_true)


# -- the pipeline ---------------------------------------------------------------
@needs(PIMA)
def test_default_pipeline_is_unchanged_and_scores_train_too():
    study = load_study(str(PIMA), target="Outcome")
    assert study.models == ("logistic",) and study.splits == ("train", "test")
    assert (study.parts[("logistic", "train")].n, study.parts[("logistic", "test")].n) == (537, 231)
    assert study.provenance["stratify"] is False


def test_three_way_stratified_splits_match_scikit_learn(raw_table):
    import pandas as pd
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.model_selection import train_test_split

    study = load_study(raw_table, target="Outcome", splits="test=0.3,validation=0.25", models="logistic,forest",
                       seed=5)
    frame = pd.read_csv(raw_table)
    x, y = frame.drop(columns="Outcome").to_numpy(float), frame["Outcome"].to_numpy()
    x_rest, x_test, y_rest, y_test = train_test_split(x, y, test_size=0.3, random_state=5, stratify=y)
    x_train, x_val, y_train, y_val = train_test_split(x_rest, y_rest, test_size=0.25, random_state=5, stratify=y_rest)
    forest = RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=0).fit(x_train, y_train)
    for split, (features, labels) in {"train": (x_train, y_train), "validation": (x_val, y_val),
                                      "test": (x_test, y_test)}.items():
        part = study.parts[("forest", split)]
        assert np.array_equal(part.y_true, labels)
        assert np.array_equal(part.y_score, forest.predict_proba(features)[:, 1])
    assert study.provenance["sizes"] == {"train": 157, "validation": 53, "test": 90}


@pytest.mark.parametrize("option, value, expect", [
    ("models", "logistic,svm", "--models 'logistic,svm': choose from logistic, forest"),
    ("splits", "validation=0.3", "has no test share"),
    ("splits", "test=1.5", "between 0 and 1"),
    ("splits", "test=0.3,holdout=0.2", "give test=SHARE"),
])
def test_bad_pipeline_options(option, value, expect, raw_table):
    with pytest.raises(DataError, match=expect):
        load_study(raw_table, target="Outcome", **{option: value})


def test_pipeline_options_need_a_raw_table(tmp_path):
    path = _write(tmp_path, "s.csv", "y_true,y_score\n1,0.9\n0,0.2\n")
    with pytest.raises(DataError, match="--models does not apply here"):
        load_study(path, models="forest")
    with pytest.raises(DataError, match="--split-col does not apply here"):
        load_study("clinic20", split_col="x")


# -- screening8 -----------------------------------------------------------------
@pytest.fixture(scope="module")
def screening8():
    return load_study("screening8")


def test_screening8_equals_its_scikit_learn_recipe_to_the_last_digit(screening8):
    from sklearn.datasets import make_classification
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    x, y = make_classification(n_samples=3000, n_features=12, n_informative=6, n_redundant=2,
                               weights=[0.92, 0.08], flip_y=0.01, class_sep=1.0, random_state=11)
    x_rest, x_test, y_rest, y_test = train_test_split(x, y, test_size=0.3, random_state=0, stratify=y)
    x_train, x_val, y_train, y_val = train_test_split(x_rest, y_rest, test_size=0.3, random_state=0, stratify=y_rest)
    forest = RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=0)
    models = {"logistic": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)).fit(x_train, y_train),
              "forest": forest.fit(x_train, y_train)}
    assert screening8.models == ("logistic", "forest")
    assert screening8.splits == ("train", "validation", "test")
    for split, (features, labels) in {"train": (x_train, y_train), "validation": (x_val, y_val),
                                      "test": (x_test, y_test)}.items():
        for key, model in models.items():
            part = screening8.parts[(key, split)]
            assert np.array_equal(part.y_true, labels)
            assert np.array_equal(part.y_score, model.predict_proba(features)[:, 1])
    assert {split: screening8.parts[("logistic", split)].n for split in screening8.splits} == {
        "train": 1470, "validation": 630, "test": 900}


def test_screening8_defaults_choose_on_validation(screening8):
    assert isinstance(screening8, Study)
    assert screening8.choice_splits() == ("validation", "test", None)
    assert screening8.select().title == "Simulated screening at 8% prevalence, logistic (test split)"
