"""load_multiclass: a file of true and predicted classes -> (matrix, labels), or a one-line DataError."""

from __future__ import annotations

import json

import numpy as np
import pytest

from umbral.data import DataError
from umbral.data.multiclass import MAX_CLASSES, TEXTBOOK_LABELS, TEXTBOOK_MATRIX, load_multiclass, matrix_from_labels


def write_csv(tmp_path, header, rows, name="preds.csv"):
    path = tmp_path / name
    lines = [",".join(header)] + [",".join(str(c) for c in row) for row in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def textbook_rows():
    rows = []
    for i, row in enumerate(TEXTBOOK_MATRIX):
        for j, count in enumerate(row):
            rows += [(TEXTBOOK_LABELS[i], TEXTBOOK_LABELS[j])] * count
    return rows


def test_textbook_file_round_trips(tmp_path):
    path = write_csv(tmp_path, ["y_true", "y_pred"], textbook_rows())
    matrix, labels = load_multiclass(path)
    assert labels == TEXTBOOK_LABELS
    assert matrix.tolist() == [list(r) for r in TEXTBOOK_MATRIX]


def test_matches_sklearn_confusion_matrix(tmp_path):
    from sklearn.metrics import confusion_matrix

    rng = np.random.default_rng(7)
    truth = rng.integers(0, 4, 200)
    pred = np.where(rng.random(200) < 0.6, truth, rng.integers(0, 4, 200))
    path = write_csv(tmp_path, ["actual", "predicted"], zip(truth, pred, strict=True))
    matrix, labels = load_multiclass(path)
    assert labels == ("0", "1", "2", "3")
    assert matrix.tolist() == confusion_matrix(truth, pred, labels=[0, 1, 2, 3]).tolist()


def test_named_columns_json_and_numeric_order(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"gold": [10, 2, 1, 10.0], "guess": [2, 2, 1, 1]}), encoding="utf-8")
    matrix, labels = load_multiclass(path, label_col="gold", pred_col="guess")
    assert labels == ("1", "2", "10")  # numeric order, 10.0 == 10
    assert matrix.sum() == 4 and matrix[2].tolist() == [1, 1, 0]


def test_a_class_only_predicted_gets_a_row(tmp_path):
    path = write_csv(tmp_path, ["y_true", "y_pred"], [("a", "a"), ("b", "c"), ("a", "b")])
    matrix, labels = load_multiclass(path)
    assert labels == ("a", "b", "c") and matrix[2].tolist() == [0, 0, 0]


@pytest.mark.parametrize(("header", "kwargs", "message"), [
    (["y_true", "score"], {}, "no predicted-class column"),
    (["foo", "bar"], {}, "no true-class column"),
    (["y_true", "y_pred"], {"pred_col": "nope"}, "no column 'nope'"),
    (["y_true", "y_pred"], {"label_col": "y_true", "pred_col": "y_true"}, "both the true and the predicted"),
])
def test_column_errors(tmp_path, header, kwargs, message):
    path = write_csv(tmp_path, header, [("a", "b"), ("b", "c"), ("c", "a")])
    with pytest.raises(DataError, match=message):
        load_multiclass(path, **kwargs)


@pytest.mark.parametrize("bad", ["", "nan", "NaN", "None"])
def test_empty_or_nan_cell(tmp_path, bad):
    path = write_csv(tmp_path, ["y_true", "y_pred"], [("a", "b"), ("b", bad), ("c", "a")])
    with pytest.raises(DataError, match="empty class in row 2 of column 'y_pred'"):
        load_multiclass(path)


def test_json_null_is_empty(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps([{"y_true": "a", "y_pred": "b"}, {"y_true": None, "y_pred": "c"},
                                {"y_true": "c", "y_pred": "a"}]), encoding="utf-8")
    with pytest.raises(DataError, match="empty class in row 2"):
        load_multiclass(path)


def test_too_few_classes(tmp_path):
    path = write_csv(tmp_path, ["y_true", "y_pred"], [("a", "b"), ("b", "a")])
    with pytest.raises(DataError, match="2 classes .* at least 3"):
        load_multiclass(path)


def test_too_many_classes(tmp_path):
    rows = [(str(i), str(i)) for i in range(MAX_CLASSES + 1)]
    path = write_csv(tmp_path, ["y_true", "y_pred"], rows)
    with pytest.raises(DataError, match=f"{MAX_CLASSES + 1} classes .* at most {MAX_CLASSES}"):
        load_multiclass(path)


def test_unequal_json_columns(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"y_true": ["a", "b", "c"], "y_pred": ["a", "b"]}), encoding="utf-8")
    with pytest.raises(DataError, match="one prediction per sample"):
        load_multiclass(path)


def test_missing_and_empty_files(tmp_path):
    with pytest.raises(DataError, match="no such file"):
        load_multiclass(tmp_path / "absent.csv")
    empty = tmp_path / "empty.csv"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(DataError, match="empty"):
        load_multiclass(empty)
    header_only = tmp_path / "header.csv"
    header_only.write_text("y_true,y_pred\n", encoding="utf-8")
    with pytest.raises(DataError, match="no data rows"):
        load_multiclass(header_only)


def test_matrix_is_read_only():
    matrix, _ = matrix_from_labels(["a", "b", "c"], ["a", "c", "b"])
    assert not matrix.flags.writeable
