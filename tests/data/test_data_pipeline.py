from __future__ import annotations

import pytest

from tests.shared_data import PIMA, needs
from umbral.data import DataError, load_dataset
from umbral.metrics import Sweep, roc_auc


@needs(PIMA)
def test_pima_reproduces_the_reference_chapter():
    ds = load_dataset(str(PIMA), target="Outcome")
    snapshot = Sweep.from_scores(ds.y_true, ds.y_score).at(0.5)
    assert ds.n == 231
    assert int(ds.y_true.sum()) == 80
    assert (snapshot.tp, snapshot.fp, snapshot.fn, snapshot.tn) == (49, 23, 31, 128)
    assert round(roc_auc(ds.y_true, ds.y_score), 4) == 0.8295
    assert ds.name == "pima-indians-diabetes"
    assert ds.title == "Pima Indians Diabetes (test split)"
    provenance = ds.provenance
    assert provenance["sha256"] == "27939f6c904b6c58a3ae9fe48a50cefadd42b46ce92ebad9cb4114334b28ee66"
    assert (provenance["n_train"], provenance["n_test"]) == (537, 231)
    assert provenance["seed"] == 9409 and provenance["test_size"] == 0.3 and provenance["stratify"] is False
    assert "LogisticRegression" in provenance["model"] and "StandardScaler" in provenance["scaler"]


def _write_raw(tmp_path, text, name="raw.csv"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _toy_rows(n=40, label=lambda i: i % 2):
    return "\n".join(f"{i},{(i * 7) % 11 + 0.5 * label(i)},{label(i)}" for i in range(n))


def test_raw_table_seed_changes_the_split(tmp_path):
    path = _write_raw(tmp_path, "a,b,y\n" + _toy_rows())
    first, second = load_dataset(path, target="y", seed=1), load_dataset(path, target="y", seed=2)
    assert first.n == second.n == 12
    assert first.provenance["seed"] == 1
    assert first.y_score.tolist() != second.y_score.tolist()


def test_raw_table_string_target_with_positive(tmp_path):
    rows = "\n".join(f"{i},{i % 5},{'M' if i % 2 else 'B'}" for i in range(40))
    ds = load_dataset(_write_raw(tmp_path, "a,b,diagnosis\n" + rows), target="diagnosis", positive="M")
    assert ds.positive_label == "M" and 0 < ds.y_true.sum() < ds.n


def test_raw_table_missing_target_lists_columns(tmp_path):
    with pytest.raises(DataError, match="no target column 'Outcome'.*available columns: a, b, y"):
        load_dataset(_write_raw(tmp_path, "a,b,y\n" + _toy_rows()), target="Outcome")


def test_raw_table_non_numeric_features_are_named(tmp_path):
    rows = "\n".join(f"{i},name{i},{i % 2}" for i in range(20))
    with pytest.raises(DataError, match="non-numeric feature columns.*'who'"):
        load_dataset(_write_raw(tmp_path, "a,who,y\n" + rows), target="y")


def test_raw_table_target_must_be_binary(tmp_path):
    rows = "\n".join(f"{i * 7 % 11},{i * 3 % 13},{i % 3}" for i in range(20))
    with pytest.raises(DataError, match="3 different labels"):
        load_dataset(_write_raw(tmp_path, "a,b,y\n" + rows), target="y")


def test_raw_table_target_not_01_needs_positive(tmp_path):
    rows = "\n".join(f"{i * 7 % 11},{i * 3 % 13},{1 + i % 2}" for i in range(20))
    with pytest.raises(DataError, match="not 0/1; name the positive class with --positive"):
        load_dataset(_write_raw(tmp_path, "a,b,y\n" + rows), target="y")
    ds = load_dataset(_write_raw(tmp_path, "a,b,y\n" + rows), target="y", positive=2)
    assert ds.positive_label == "2"


def test_raw_table_empty_feature_cell_names_row(tmp_path):
    with pytest.raises(DataError, match=r"feature column 'b' \(row 2\)"):
        load_dataset(_write_raw(tmp_path, "a,b,y\n1,2,0\n2,,1\n3,4,0\n"), target="y")


def test_raw_table_rescale_is_rejected(tmp_path):
    with pytest.raises(DataError, match="--rescale does not apply"):
        load_dataset(_write_raw(tmp_path, "a,b,y\n" + _toy_rows()), target="y", rescale="minmax")


def test_raw_table_single_class_test_split(tmp_path):
    rows = _toy_rows(n=20, label=lambda i: int(i == 0))
    with pytest.raises(DataError, match="only one class"):
        load_dataset(_write_raw(tmp_path, "a,b,y\n" + rows), target="y", seed=0)
