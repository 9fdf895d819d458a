"""Vectorised parsing at 1e5 rows still names the first bad row, in CSV, Parquet and JSON."""

from __future__ import annotations

import json

import numpy as np
import pytest

from umbral.data import DataError, load_dataset, load_study, validate

N = 100_000
BAD_ROW = 73_210  # 1-based data row


def _table(n: int = N, seed: int = 5):
    rng = np.random.default_rng(seed)
    labels = (rng.random(n) < 0.3).astype(int)
    scores = rng.random(n)
    return labels.astype(str).tolist(), [repr(float(s)) for s in scores]


def _write_csv(path, labels, scores, header="y_true,y_score"):
    path.write_text(header + "\n" + "\n".join(f"{a},{b}" for a, b in zip(labels, scores, strict=True)) + "\n")
    return path


def _error(path, **options) -> str:
    with pytest.raises(DataError) as info:
        load_dataset(str(path), **options)
    message = str(info.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("cell, expected", [
    ("high", f"score 'high' in row {BAD_ROW} of column 'y_score' is not a number"),
    ("nan", f"score in row {BAD_ROW} of column 'y_score' is NaN"),
    ("inf", f"score in row {BAD_ROW} of column 'y_score' is infinite"),
    ("", f"empty score in row {BAD_ROW} of column 'y_score'"),
    ("1.5", f"row {BAD_ROW} is the first outside [0, 1]"),
    ("-0.25", f"row {BAD_ROW} is the first outside [0, 1]"),
])
def test_a_bad_score_in_a_large_csv_is_named_by_row(tmp_path, cell, expected):
    labels, scores = _table()
    scores[BAD_ROW - 1] = cell
    scores[BAD_ROW + 10] = cell  # a later bad row must not be the one named
    message = _error(_write_csv(tmp_path / "s.csv", labels, scores))
    assert expected in message


@pytest.mark.parametrize("cell, expected", [
    ("2", f"3 different labels ('0', '1', '2'), the third first in row {BAD_ROW}"),
    ("", f"empty label in row {BAD_ROW} of column 'y_true'"),
    ("NA", f"empty label in row {BAD_ROW} of column 'y_true'"),
    ("maybe", f"the third first in row {BAD_ROW}"),
])
def test_a_bad_label_in_a_large_csv_is_named_by_row(tmp_path, cell, expected):
    labels, scores = _table()
    labels[BAD_ROW - 1] = cell
    assert expected in _error(_write_csv(tmp_path / "s.csv", labels, scores))


def test_a_large_csv_loads_exactly(tmp_path):
    labels, scores = _table()
    dataset = load_dataset(str(_write_csv(tmp_path / "s.csv", labels, scores)))
    assert dataset.n == N
    assert dataset.y_true.tolist() == [int(v) for v in labels]
    assert np.array_equal(dataset.y_score, np.array([float(s) for s in scores]))


def test_parquet_nulls_and_nans_are_named_by_row(tmp_path):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    labels, scores = _table()
    y_score = [float(s) for s in scores]
    y_score[BAD_ROW - 1] = None
    path = tmp_path / "s.parquet"
    pq.write_table(pa.table({"y_true": [int(v) for v in labels], "y_score": y_score}), path)
    assert f"empty score in row {BAD_ROW} of column 'y_score'" in _error(path)
    y_score[BAD_ROW - 1] = float("nan")
    pq.write_table(pa.table({"y_true": [int(v) for v in labels], "y_score": y_score}), path)
    assert f"score in row {BAD_ROW} of column 'y_score' is NaN" in _error(path)
    y_true = [int(v) for v in labels]
    y_true[BAD_ROW - 1] = None
    pq.write_table(pa.table({"y_true": y_true, "y_score": [float(s) for s in scores]}), path)
    assert f"empty label in row {BAD_ROW} of column 'y_true'" in _error(path)


def test_a_blank_split_in_a_large_csv_is_named_by_row(tmp_path):
    labels, scores = _table()
    splits = ["test", "validation"] * (N // 2)
    splits[BAD_ROW - 1] = " "
    path = tmp_path / "s.csv"
    rows = (f"{a},{b},{c}" for a, b, c in zip(labels, scores, splits, strict=True))
    path.write_text("y_true,y_score,split\n" + "\n".join(rows))
    assert f"empty value in row {BAD_ROW} of column 'split'" in _error(path)


def test_splits_and_models_of_a_large_parquet_file(tmp_path):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    labels, scores = _table()
    split = np.where(np.arange(N) % 3 == 0, "validation", "test")
    path = tmp_path / "s.parquet"
    pq.write_table(pa.table({"y_true": np.array(labels, dtype=int), "score_a": np.array(scores, dtype=float),
                             "score_b": 1 - np.array(scores, dtype=float), "split": split}), path)
    study = load_study(str(path))
    assert set(study.models) == {"a", "b"} and set(study.splits) == {"test", "validation"}
    test = study.select("b", "test")
    assert test.n == int((split == "test").sum())
    assert np.array_equal(test.y_score, 1 - np.array(scores, dtype=float)[split == "test"])


def test_json_scores_still_name_booleans_and_text(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"y_true": [1, 0, 1], "y_score": [0.5, True, 0.2]}))
    assert "score in row 2 of column 'y_score' is a boolean" in _error(path)
    path.write_text(json.dumps({"y_true": [1, 0, 1], "y_score": [0.5, "0.25", "x"]}))
    assert "score 'x' in row 3" in _error(path)


def test_parse_functions_take_arrays_and_lists_alike():
    assert validate.parse_labels(np.array([True, False])).tolist() == [1, 0]
    assert validate.parse_labels(["M", "B", "M"], positive="M").tolist() == [1, 0, 1]
    assert validate.parse_labels(np.array([1.0, 0.0, 1.0])).tolist() == [1, 0, 1]
    assert validate.parse_scores(np.array([" 0.5", "1_0"], dtype=object)).tolist() == [0.5, 10.0]
    with pytest.raises(DataError, match="empty score in row 2"):
        validate.parse_scores(np.array([0.1, 0.0]), missing=np.array([False, True]))


@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_loading_keeps_nothing_pyarrow_read(tmp_path, kind):
    """The table read is freed once its columns are parsed (no cycle holds it), without a garbage collection.

    Measured in a fresh interpreter: in the suite's workers other tests' pyarrow objects come and go.
    """
    import subprocess
    import sys
    from pathlib import Path

    import pyarrow as pa
    import pyarrow.parquet as pq

    labels, scores = _table(20_000)
    path = _write_csv(tmp_path / "scores.csv", labels, scores)
    if kind == "parquet":
        pq.write_table(pa.table({"y_true": np.array(labels, dtype=int), "y_score": np.array(scores, dtype=float)}),
                       tmp_path / "scores.parquet")
        path = tmp_path / "scores.parquet"
    probe = ("import gc, sys; gc.disable(); sys.path.insert(0, sys.argv[2]); import pyarrow as pa\n"
             "from umbral.data import load_dataset\n"
             "dataset = load_dataset(sys.argv[1])\n"
             "print(pa.total_allocated_bytes(), dataset.n, dataset.y_score.flags.owndata)")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", probe, str(path), str(root)], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.split() == ["0", "20000", "True"]
