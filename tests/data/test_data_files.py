from __future__ import annotations

import json

import numpy as np
import pytest

from umbral.data import DataError, Dataset, export_scores, load_dataset


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_export_then_load_round_trips_exactly(tmp_path):
    original = load_dataset("screening", seed=11)
    path = tmp_path / "scores.json"
    export_scores(original, path)
    loaded = load_dataset(str(path))
    assert loaded.y_score.tobytes() == original.y_score.tobytes()  # bit for bit
    np.testing.assert_array_equal(loaded.y_true, original.y_true)
    assert (loaded.name, loaded.title) == (original.name, original.title)
    assert loaded.provenance["exported_from"] == original.provenance
    assert [p.name for p in tmp_path.iterdir()] == ["scores.json"]  # no temp file left behind


def test_export_failure_leaves_no_file(tmp_path):
    bad = Dataset("bad", "Bad", [0, 1], [0.2, 0.8], {"kind": "example"})
    object.__setattr__(bad, "provenance", {"not json": object()})
    with pytest.raises(TypeError):
        export_scores(bad, tmp_path / "out.json")
    assert list(tmp_path.iterdir()) == []


def test_export_overwrites_atomically(tmp_path):
    path = tmp_path / "s.json"
    export_scores(load_dataset("clinic20"), path)
    export_scores(load_dataset("screening"), path)
    assert load_dataset(str(path)).name == "screening"


def test_export_needs_a_known_extension_and_an_existing_folder(tmp_path):
    with pytest.raises(DataError, match=r"\.json, \.csv or \.parquet"):
        export_scores(load_dataset("clinic20"), tmp_path / "out.xlsx")
    with pytest.raises(DataError, match="does not exist"):
        export_scores(load_dataset("clinic20"), tmp_path / "missing" / "out.json")


def test_csv_columns_detected_case_insensitively(tmp_path):
    path = _write(tmp_path, "My Model_scores.csv", "id,Outcome,Proba\n1,1,0.9\n2,0,0.2\n3,1,0.6\n")
    ds = load_dataset(path)
    assert ds.y_true.tolist() == [1, 0, 1]
    assert ds.y_score.tolist() == [0.9, 0.2, 0.6]
    assert ds.name.startswith("my-model-scores-") and ds.title == "My Model Scores"  # a hash: the name was changed
    assert ds.provenance["label_col"] == "Outcome" and ds.provenance["score_col"] == "Proba"
    assert len(ds.provenance["sha256"]) == 64


def test_explicit_columns(tmp_path):
    path = _write(tmp_path, "s.csv", "truth,p_hat,score\n1,0.9,5\n0,0.1,7\n")
    ds = load_dataset(path, label_col="truth", score_col="p_hat")
    assert ds.y_score.tolist() == [0.9, 0.1]


def test_string_labels_with_positive(tmp_path):
    path = _write(tmp_path, "s.csv", "diagnosis,score\nM,0.9\nB,0.2\nB,0.4\nM,0.7\n")
    ds = load_dataset(path, label_col="diagnosis", positive="M")
    assert ds.y_true.tolist() == [1, 0, 0, 1]
    assert ds.positive_label == "M"
    flipped = load_dataset(path, label_col="diagnosis", positive="B")
    assert flipped.y_true.tolist() == [0, 1, 1, 0]


def test_integer_labels_with_positive_given_as_text(tmp_path):
    path = _write(tmp_path, "s.csv", "class,score\n2,0.9\n1,0.2\n2.0,0.4\n")
    assert load_dataset(path, positive="2").y_true.tolist() == [1, 0, 1]


@pytest.mark.parametrize("pair", [("true", "false"), ("True", "FALSE"), ("1.0", "0.0")])
def test_boolean_and_float_labels(tmp_path, pair):
    path = _write(tmp_path, "s.csv", f"label,score\n{pair[0]},0.9\n{pair[1]},0.2\n")
    assert load_dataset(path).y_true.tolist() == [1, 0]


def test_json_list_of_records(tmp_path):
    records = [{"label": True, "score": 0.8}, {"label": False, "score": 0.3}]
    path = _write(tmp_path, "s.json", json.dumps(records))
    ds = load_dataset(path)
    assert ds.y_true.tolist() == [1, 0] and ds.y_score.tolist() == [0.8, 0.3]


def test_json_dict_of_lists(tmp_path):
    path = _write(tmp_path, "s.json", json.dumps({"target": [0, 1, 1], "prob": [0.1, 0.7, 0.9]}))
    assert load_dataset(path).y_true.tolist() == [0, 1, 1]


def test_parquet_round_trip(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    source = load_dataset("screening", n=50, seed=5)
    path = tmp_path / "scores.parquet"
    pd.DataFrame({"y_true": source.y_true, "y_score": source.y_score}).to_parquet(path)
    loaded = load_dataset(str(path))
    assert loaded.y_score.tobytes() == source.y_score.tobytes()
    np.testing.assert_array_equal(loaded.y_true, source.y_true)
    assert loaded.provenance["format"] == "parquet"


def test_parquet_string_labels(tmp_path):
    pd = pytest.importorskip("pandas")
    path = tmp_path / "s.parquet"
    pd.DataFrame({"class": ["M", "B", "M"], "score": [0.9, 0.1, 0.6]}).to_parquet(path)
    assert load_dataset(str(path), positive="M").y_true.tolist() == [1, 0, 1]


def test_rescale_minmax(tmp_path):
    path = _write(tmp_path, "s.csv", "label,score\n1,4\n0,-2\n1,1\n")
    ds = load_dataset(path, rescale="minmax")
    assert ds.y_score.tolist() == [1.0, 0.0, 0.5]
    assert ds.provenance["rescale"] == "minmax"


def test_rescale_sigmoid(tmp_path):
    path = _write(tmp_path, "s.csv", "label,score\n1,0\n0,-1000\n1,1000\n0,-1\n")
    ds = load_dataset(path, rescale="sigmoid")
    assert ds.y_score.tolist()[:3] == [0.5, 0.0, 1.0]
    assert ds.y_score[3] == pytest.approx(1 / (1 + np.e))
    assert ds.provenance["rescale"] == "sigmoid"


def test_rescale_minmax_of_constant_scores_fails(tmp_path):
    path = _write(tmp_path, "s.csv", "label,score\n1,3\n0,3\n")
    with pytest.raises(DataError, match="cannot --rescale minmax: every score"):
        load_dataset(path, rescale="minmax")


def test_rescale_unknown_mode(tmp_path):
    path = _write(tmp_path, "s.csv", "label,score\n1,3\n0,2\n")
    with pytest.raises(DataError, match="unknown --rescale 'zscore'; use one of: minmax, sigmoid"):
        load_dataset(path, rescale="zscore")


@pytest.mark.parametrize(("option", "value"), [("n", 10), ("prevalence", 0.3), ("separation", 1.0),
                                              ("seed", 1)])
def test_generator_options_with_a_scores_file_are_errors(tmp_path, option, value):
    path = _write(tmp_path, "s.csv", "label,score\n1,0.3\n0,0.2\n")
    with pytest.raises(DataError, match=f"--{option} does not apply here: a scores file"):
        load_dataset(path, **{option: value})
