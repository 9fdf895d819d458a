"""Multiclass inputs for the MulticlassConfusion scene: the textbook matrix or a user's file.

A user's file (CSV, JSON or Parquet, read like a scores file) holds one row per sample with a
true-class column and a predicted-class column. :func:`load_multiclass` turns it into a
K x K count matrix (rows = truth, columns = prediction) and the class labels in row order,
or raises a one-line :class:`DataError`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from umbral.data import validate
from umbral.data.dataset import DataError
from umbral.data.files import read_table

__all__ = [
    "MAX_CLASSES", "MIN_CLASSES", "PRED_NAMES", "TEXTBOOK_LABELS", "TEXTBOOK_MATRIX", "TRUE_NAMES",
    "load_multiclass", "matrix_from_labels",
]

#: The textbook's three-class example (classes A, B, C; rows = truth, columns = prediction).
TEXTBOOK_MATRIX = ((40, 5, 5), (10, 15, 5), (2, 3, 15))
TEXTBOOK_LABELS = ("A", "B", "C")

#: Fewer classes is a binary problem (use the binary scenes); more cannot be drawn legibly.
MIN_CLASSES = 3
MAX_CLASSES = 6

#: Column names recognised, case-insensitively, when none is given.
TRUE_NAMES = ("y_true", "true", "label", "actual", "truth", "target", "class")
PRED_NAMES = ("y_pred", "pred", "predicted", "prediction")

# The CLI options that name the columns (quoted in error messages).
_TRUE_OPTION = "«true_col»"
_PRED_OPTION = "«pred_col»"


def _class_names(values, column: str, missing=None) -> list[str]:
    """Each cell as a class name (``1.0`` and ``"1"`` are the same class); an empty cell is an error.

    Each distinct cell is read once (the column is factorised), so the first empty row is
    named without a Python loop over the rows.
    """
    array = validate.column_array(values)
    codes, uniques = validate._factorize(array, validate._missing_mask(array, missing))
    keys = np.array([validate._label_key(value) for value in uniques] + [None], dtype=object)
    names = keys[codes]
    empty = np.equal(names, None)
    if empty.any():
        row = int(np.argmax(empty)) + 1
        raise DataError(f"empty class in row {row} of column {column!r}; fill it in or drop the row")
    return names.tolist()


def _sorted_labels(names: set[str]) -> list[str]:
    """Numbers in numeric order, otherwise alphabetical."""
    try:
        return sorted(names, key=float)
    except ValueError:
        return sorted(names)


def matrix_from_labels(y_true: list[str], y_pred: list[str], source: str = "the data") -> tuple[np.ndarray, tuple]:
    """K x K counts and the labels in row order, checking the class count.

    Every class seen in either column gets a row and a column.
    """
    labels = _sorted_labels(set(y_true) | set(y_pred))
    if len(labels) < MIN_CLASSES:
        raise DataError(f"{source} has {len(labels)} classes ({', '.join(labels)}); the multiclass scene "
                        f"needs at least {MIN_CLASSES}: for two classes use the binary scenes")
    if len(labels) > MAX_CLASSES:
        shown = ", ".join(labels[:8]) + (", ..." if len(labels) > 8 else "")
        raise DataError(f"{source} has {len(labels)} classes ({shown}); at most {MAX_CLASSES} fit on screen: "
                        "merge the rare classes or pick other columns")
    index = {label: i for i, label in enumerate(labels)}
    k = len(labels)
    flat = np.fromiter((index[t] * k + index[p] for t, p in zip(y_true, y_pred, strict=True)),
                       dtype=np.intp, count=len(y_true))
    matrix = np.bincount(flat, minlength=k * k).reshape(k, k)
    matrix.setflags(write=False)
    return matrix, tuple(labels)


def load_multiclass(path: str | Path, label_col: str | None = None,
                    pred_col: str | None = None) -> tuple[np.ndarray, tuple]:
    """Read a file of true and predicted classes; return ``(matrix, labels)``.

    ``matrix[i, j]`` counts samples of true class ``labels[i]`` predicted as ``labels[j]``.
    Columns are found by name (:data:`TRUE_NAMES`, :data:`PRED_NAMES`) unless given.

    Raises
    ------
    DataError
        Missing file or column, an empty or NaN cell, fewer than 3 or more than 6 classes.
    """
    path = validate.check_path(path)
    raw, _ = validate.read_bytes(path)
    table = read_table(path, raw)
    true_col = validate.resolve_column(table.columns, label_col, "true-class", path, TRUE_NAMES, _TRUE_OPTION)
    pred_col = validate.resolve_column(table.columns, pred_col, "predicted-class", path, PRED_NAMES, _PRED_OPTION)
    if true_col == pred_col:
        raise DataError(f"column {true_col!r} cannot be both the true and the predicted class; "
                        f"set {_TRUE_OPTION} and {_PRED_OPTION}")
    true_cells, pred_cells = table.cells[true_col], table.cells[pred_col]
    if len(true_cells) != len(pred_cells):
        raise DataError(f"{path}: {true_col!r} has {len(true_cells)} values but {pred_col!r} has "
                        f"{len(pred_cells)}; give one prediction per sample")
    if not len(true_cells):
        raise DataError(f"{path} has no data rows; give one row per sample")
    y_true = _class_names(true_cells, true_col, table.blank(true_col))
    y_pred = _class_names(pred_cells, pred_col, table.blank(pred_col))
    return matrix_from_labels(y_true, y_pred, source=str(path))
