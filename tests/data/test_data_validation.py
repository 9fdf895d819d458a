"""Every bad input gets a one-line DataError that says what is wrong and how to fix it."""

from __future__ import annotations

import json

import pytest

from umbral.data import DataError, load_dataset


def _write(tmp_path, name, content):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    return str(path)


def _error(path, **options) -> str:
    with pytest.raises(DataError) as info:
        load_dataset(path, **options)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_missing_path_suggests_builtins(tmp_path):
    message = _error(str(tmp_path / "nope.csv"))
    assert message == (
        f"no such file: {tmp_path / 'nope.csv'}; check the path or use a built-in dataset: "
        "clinic20, screening, breast-cancer, screening8"
    )


def test_missing_raw_table_path(tmp_path):
    assert "no such file" in _error(str(tmp_path / "raw.csv"), target="y")


def test_directory(tmp_path):
    assert "is a directory" in _error(str(tmp_path))


def test_empty_file(tmp_path):
    assert "is empty (0 bytes)" in _error(_write(tmp_path, "s.csv", ""))


def test_header_only(tmp_path):
    assert "no data rows" in _error(_write(tmp_path, "s.csv", "label,score\n"))


def test_header_only_raw_table(tmp_path):
    assert "no data rows" in _error(_write(tmp_path, "raw.csv", "a,b,y\n"), target="y")


def test_empty_json_list(tmp_path):
    assert "no data rows" in _error(_write(tmp_path, "s.json", "[]"))


def test_binary_garbage_csv(tmp_path):
    assert "looks binary" in _error(_write(tmp_path, "s.csv", bytes(range(256)) * 4))


def test_undecodable_csv(tmp_path):
    message = _error(_write(tmp_path, "s.csv", b"label,score\n1,0.5\xff\xfe\n"))
    assert "is not UTF-8: byte 0xff on line 2" in message and "re-save it as UTF-8" in message


def test_invalid_json(tmp_path):
    assert "is not valid JSON (line 1" in _error(_write(tmp_path, "s.json", "{oops"))


def test_json_of_unknown_shape(tmp_path):
    assert "JSON of an unknown shape" in _error(_write(tmp_path, "s.json", "42"))


def test_corrupt_parquet(tmp_path):
    assert "as Parquet" in _error(_write(tmp_path, "s.parquet", b"PAR1 not really parquet"))


def test_unknown_extension(tmp_path):
    message = _error(_write(tmp_path, "s.xls", "label,score\n1,0.5\n"))
    assert "unknown file type '.xls'" in message and ".csv, .tsv, .json, .xlsx or .parquet" in message


def test_ragged_csv_row(tmp_path):
    assert "row 2 of" in _error(_write(tmp_path, "s.csv", "label,score\n1,0.5\n0,0.2,9\n"))


def test_missing_label_column_lists_available(tmp_path):
    message = _error(_write(tmp_path, "s.csv", "truth,score\n1,0.5\n0,0.2\n"))
    assert "no label column found" in message
    assert "available columns: truth, score" in message and "--label-col" in message


def test_missing_score_column(tmp_path):
    message = _error(_write(tmp_path, "s.csv", "label,p\n1,0.5\n0,0.2\n"))
    assert "no score column found" in message and "--score-col" in message


def test_given_column_not_found(tmp_path):
    message = _error(_write(tmp_path, "s.csv", "label,score\n1,0.5\n0,0.2\n"), score_col="proba_1")
    assert "no column 'proba_1'" in message and "available columns: label, score" in message


def test_ambiguous_label_columns(tmp_path):
    message = _error(_write(tmp_path, "s.csv", "label,target,score\n1,1,0.5\n0,0,0.2\n"))
    assert "'label' and 'target' could each be the label column" in message
    assert "pick one with --label-col" in message


def test_ambiguous_resolved_with_option(tmp_path):
    path = _write(tmp_path, "s.csv", "label,target,score\n1,0,0.5\n0,1,0.2\n")
    assert load_dataset(path, label_col="target").y_true.tolist() == [0, 1]


def test_duplicated_column_names(tmp_path):
    message = _error(_write(tmp_path, "s.csv", "label,score,score\n1,0.5,0.4\n0,0.2,0.1\n"))
    assert "column 'score' appears twice" in message


def test_duplicated_column_names_raw_table(tmp_path):
    assert "appears twice" in _error(_write(tmp_path, "raw.csv", "a,a,y\n1,2,0\n2,3,1\n"), target="y")


def test_more_than_two_labels_shows_at_most_five(tmp_path):
    rows = "\n".join(f"{i},0.5" for i in range(8))
    message = _error(_write(tmp_path, "s.csv", "label,score\n" + rows + "\n"))
    assert "8 different labels ('0', '1', '2', '3', '4', ...)" in message


def test_single_class(tmp_path):
    message = _error(_write(tmp_path, "s.csv", "label,score\n0,0.5\n0,0.2\n"))
    assert "only one class (all 0)" in message
    assert "ROC and precision need both positives and negatives" in message


def test_labels_not_01_without_positive(tmp_path):
    message = _error(_write(tmp_path, "s.csv", "label,score\nM,0.5\nB,0.2\n"))
    assert "are 'B' and 'M', not 0/1" in message and "--positive" in message


def test_positive_value_not_present(tmp_path):
    message = _error(_write(tmp_path, "s.csv", "label,score\nM,0.5\nB,0.2\n"), positive="X")
    assert "--positive X is not a value of column 'label'" in message and "'B', 'M'" in message


def test_empty_label_cell(tmp_path):
    assert "empty label in row 2" in _error(_write(tmp_path, "s.csv", "label,score\n1,0.5\n,0.2\n"))


@pytest.mark.parametrize(
    ("cell", "fragment"),
    [("", "empty score in row 3"), ("nan", "row 3 of column 'score' is NaN"),
     ("inf", "row 3 of column 'score' is infinite"), ("high", "score 'high' in row 3")],
)
def test_bad_score_cells_name_the_row(tmp_path, cell, fragment):
    path = _write(tmp_path, "s.csv", f"label,score\n1,0.5\n0,0.2\n1,{cell}\n0,0.1\n")
    assert fragment in _error(path)


def test_json_null_score(tmp_path):
    path = _write(tmp_path, "s.json", json.dumps({"y_true": [1, 0], "y_score": [0.4, None]}))
    assert "empty score in row 2" in _error(path)


def test_scores_outside_unit_interval(tmp_path):
    message = _error(_write(tmp_path, "s.csv", "label,score\n1,2.5\n0,-1.25\n"))
    assert "run from -1.25 to 2.5" in message
    assert "needs probabilities in [0, 1]" in message and "--rescale minmax or --rescale sigmoid" in message


def test_labels_and_scores_of_different_lengths(tmp_path):
    path = _write(tmp_path, "s.json", json.dumps({"y_true": [1, 0, 1], "y_score": [0.4, 0.2]}))
    message = _error(path)
    assert "'y_true' has 3 values but 'y_score' has 2" in message


def test_same_column_for_label_and_score(tmp_path):
    path = _write(tmp_path, "s.csv", "label,score\n1,0.5\n0,0.2\n")
    assert "cannot be both label and score" in _error(path, label_col="score", score_col="score")


def test_target_with_scores_options_is_an_error(tmp_path):
    path = _write(tmp_path, "raw.csv", "a,y\n1,0\n2,1\n")
    assert "--score-col does not apply here: a raw table" in _error(path, target="y", score_col="a")
