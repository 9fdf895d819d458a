"""Scores files: CSV, JSON and Parquet tables of labels and scores, read and written.

A scores file already holds one classifier's output: a label column and a score column
(found by name, see :data:`data.validate.LABEL_NAMES` and :data:`data.validate.SCORE_NAMES`).
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from data import validate
from data.dataset import DataError, Dataset, slugify, titleize
from data.study import ALL_ROWS, ONE_MODEL, Study, split_name

__all__ = ["SCORE_SUFFIXES", "SPLIT_NAMES", "Table", "export_scores", "load_scores_file", "make_part", "read_table"]

SCORE_SUFFIXES = (".csv", ".json", ".parquet")


@dataclass
class Table:
    """Named columns of raw cells, as read; nothing is parsed or checked beyond the header.

    ``meta`` holds ``name``, ``title`` and ``provenance`` when the file was written by
    :func:`export_scores`.
    """

    columns: list[str]
    cells: dict[str, list]
    meta: dict = field(default_factory=dict)


def read_table(path: Path, raw: bytes) -> Table:
    """Read a CSV, JSON or Parquet file (chosen by extension) into a :class:`Table`."""
    suffix = path.suffix.lower()
    if suffix == ".parquet":
        table = _read_parquet(path)
    elif suffix == ".csv":
        table = _read_csv(validate.decode_text(raw, path), path)
    elif suffix == ".json":
        table = _read_json(validate.decode_text(raw, path), path)
    else:
        raise DataError(
            f"unknown file type {suffix or '(no extension)'!r} for {path}; use .csv, .json or .parquet"
        )
    validate.check_unique_columns(table.columns, path)
    if not any(table.cells[c] for c in table.columns):
        raise DataError(f"{path} has no data rows, only column names; export the scores with their rows")
    return table


def _read_csv(text: str, path: Path) -> Table:
    try:
        rows = [row for row in csv.reader(io.StringIO(text)) if row and any(cell.strip() for cell in row)]
    except csv.Error as exc:
        raise DataError(f"{path} is not a readable CSV ({exc}); check its quoting") from None
    if not rows:
        raise DataError(f"{path} has no header row; the first line must name the columns")
    header = [name.strip() for name in rows[0]]
    for number, row in enumerate(rows[1:], start=1):
        if len(row) != len(header):
            raise DataError(
                f"row {number} of {path} has {len(row)} fields but the header has {len(header)}; "
                "check the delimiter (comma) and quoting"
            )
    return Table(header, {name: [row[i] for row in rows[1:]] for i, name in enumerate(header)})


def _read_json(text: str, path: Path) -> Table:
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(
            f"{path} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
            "fix or re-export it"
        ) from None
    except (ValueError, RecursionError) as exc:  # an integer over 4300 digits, or nesting too deep
        reason = str(exc).split(":")[0]
        raise DataError(f"{path} is not readable JSON ({reason}); fix or re-export it") from None
    if isinstance(document, list) and all(isinstance(record, dict) for record in document):
        # A list of records: one object per sample; a missing key is an empty cell.
        columns = list(dict.fromkeys(str(key) for record in document for key in record))
        cells = {c: [record.get(c) for record in document] for c in columns}
        return Table(columns, cells)
    if isinstance(document, dict):
        # A dict of lists: each list is a column; other keys (name, title, provenance) are metadata.
        columns = [str(key) for key, value in document.items() if isinstance(value, list)]
        meta = {
            key: document[key]
            for key in ("name", "title", "provenance")
            if isinstance(document.get(key), str | dict)
        }
        if columns:
            return Table(columns, {c: document[c] for c in columns}, meta)
    raise DataError(
        f"{path} holds JSON of an unknown shape; use {{\"y_true\": [...], \"y_score\": [...]}} "
        "or a list of {\"y_true\": ..., \"y_score\": ...} records"
    )


def _read_parquet(path: Path) -> Table:
    import pandas as pd  # lazy: importing `data` must stay cheap

    try:
        frame = pd.read_parquet(path)
    except Exception as exc:  # pyarrow raises many types for a damaged file
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DataError(f"cannot read {path} as Parquet ({reason}); re-export it or use CSV") from None
    columns = [str(c) for c in frame.columns]
    validate.check_unique_columns(columns, path)
    return Table(columns, {name: frame.iloc[:, i].tolist() for i, name in enumerate(columns)})


#: Column names recognised as the split and the model of a long table (case-insensitive).
SPLIT_NAMES = ("split", "set", "partition", "subset")
MODEL_NAMES = ("model",)
#: Prefixes of one score column per model (``score_forest``, ``proba_lr``).
MODEL_SCORE_PREFIXES = ("score_", "proba_")


def _optional_column(columns, given: str | None, names, option: str, path: Path) -> str | None:
    """The column ``given``, else the one named like ``names``, else None when there is none."""
    if given is None and not any(c.strip().lower() in names for c in columns):
        return None
    return validate.resolve_column(columns, given, option.strip("-").removesuffix("-col"), path,
                                   names=names, option=option)


def _score_columns(columns, given: tuple[str, ...], path: Path, taken=()) -> dict[str, str]:
    """Model name -> score column: the columns given, else the one score column, else ``score_<name>``.

    ``taken`` (label, split and model columns) are never found as scores by name.
    """
    if given:
        resolved = [validate.resolve_column(columns, c, "score", path) for c in given]
        duplicate = next((c for c in resolved if resolved.count(c) > 1), None)
        if duplicate:
            raise DataError(f"--score-col {duplicate} is given twice; name each model's column once")
        if len(resolved) == 1:
            return {ONE_MODEL: resolved[0]}
        return {c: c for c in resolved}
    free = [c for c in columns if c not in taken]
    if any(c.strip().lower() in validate.SCORE_NAMES for c in free):
        return {ONE_MODEL: validate.resolve_column(free, None, "score", path)}
    prefixed = {c[len(prefix):]: c for c in free for prefix in MODEL_SCORE_PREFIXES
                if c.lower().startswith(prefix) and len(c) > len(prefix)}
    if prefixed:
        return prefixed
    return {ONE_MODEL: validate.resolve_column(columns, None, "score", path)}


def _rename(models: dict[str, str], model_names: dict[str, str]) -> dict[str, str]:
    """Apply ``--model-name COL=Name`` (by model name or by column)."""
    renamed = {}
    for model, column in models.items():
        name = model_names.get(model, model_names.get(column, model))
        if name in renamed:
            raise DataError(f"two models would both be called {name!r}; give them different --model-name")
        renamed[name] = column
    return renamed


def _unused_names(model_names: dict[str, str], known) -> None:
    unknown = [key for key in model_names if key not in known]
    if unknown:
        raise DataError(f"--model-name {unknown[0]}=...: there is no model or score column {unknown[0]!r}; "
                        f"the data has {', '.join(dict.fromkeys(known))}")


def make_part(name: str, title: str, model: str, split: str, y_true, y_score, provenance: dict) -> Dataset:
    """One (model, split) part; a split with one class is an error naming the split."""
    if split != ALL_ROWS and (np.min(y_true, initial=1) == np.max(y_true, initial=0)):
        kind = "positives" if np.max(y_true, initial=0) else "negatives"
        raise DataError(f"the {split} split has only {kind} ({len(y_true)} rows): ROC and precision need both "
                        "classes in every split; move some rows or merge splits")
    return Dataset(name, title, y_true, y_score, provenance)


def load_scores_file(
    path: str | Path,
    *,
    label_col: str | None = None,
    score_col: str | tuple[str, ...] | None = None,
    split_col: str | None = None,
    model_names: dict[str, str] | None = None,
    positive: object = None,
    rescale: str | None = None,
    builtins: Iterable[str] = (),
) -> Study:
    """A validated :class:`~data.study.Study` from a scores file; ``builtins`` only improves the missing-file hint.

    Several models come either as several score columns (``score_col`` given several times,
    or ``score_<name>`` / ``proba_<name>`` columns) or as a long table with a ``model``
    column. A split column (``split``, ``set``, ``partition`` or ``subset``) divides the rows.
    """
    path = validate.check_path(path, builtins)
    raw, sha256 = validate.read_bytes(path)
    table = read_table(path, raw)
    given = (score_col,) if isinstance(score_col, str) else tuple(score_col or ())
    model_names = dict(model_names or {})
    label = validate.resolve_column(table.columns, label_col, "label", path)
    split_column = _optional_column(table.columns, split_col, SPLIT_NAMES, "--split-col", path)
    model_column = _optional_column(table.columns, None, MODEL_NAMES, "--model-col", path)
    models = _score_columns(table.columns, given, path, taken=(label, split_column, model_column))
    if model_column is not None and len(models) > 1:
        raise DataError(f"{path} has a {model_column!r} column and several score columns; "
                        "use one layout: a long table (one score column) or one score column per model")
    for column in models.values():
        if column == label:
            raise DataError(f"column {label!r} cannot be both label and score; set --label-col and --score-col")
    for column in (*models.values(), split_column, model_column):
        if column and len(table.cells[column]) != len(table.cells[label]):
            raise DataError(f"{path}: {label!r} has {len(table.cells[label])} values but {column!r} has "
                            f"{len(table.cells[column])}; give one label per score")
    y_true = validate.parse_labels(table.cells[label], positive, column=label)
    splits = _cells(table, split_column, ALL_ROWS, split_name)
    name = table.meta.get("name") if isinstance(table.meta.get("name"), str) else slugify(path.stem)
    title = table.meta.get("title") if isinstance(table.meta.get("title"), str) else titleize(path.stem)
    provenance = {
        "kind": "scores-file", "format": path.suffix.lower().lstrip("."), "path": str(path), "sha256": sha256,
        "label_col": label, "score_col": next(iter(models.values())) if len(models) == 1 else list(models.values()),
        "split_col": split_column, "model_col": model_column,
        "positive_label": "1" if positive is None else str(positive), "rescale": rescale,
    }
    if "provenance" in table.meta:
        provenance["exported_from"] = table.meta["provenance"]
    score_by_model = {}
    if model_column is None:
        _unused_names(model_names, [*models, *models.values()])
        for model, column in _rename(models, model_names).items():
            scores = validate.parse_scores(table.cells[column], column=column)
            score_by_model[model] = (np.ones(y_true.size, dtype=bool), validate.rescale(scores, rescale, column=column))
    else:
        (column,) = models.values()
        values = _cells(table, model_column, None, lambda v: str(v).strip())
        _unused_names(model_names, values)
        scores = validate.rescale(validate.parse_scores(table.cells[column], column=column), rescale, column=column)
        for model in dict.fromkeys(values):
            shown = model_names.get(model, model)
            if shown in score_by_model:
                raise DataError(f"two models would both be called {shown!r}; give them different --model-name")
            score_by_model[shown] = (values == model, scores)
    _check_rows_line_up(y_true, splits, score_by_model)
    parts = {}
    for model, (rows, scores) in score_by_model.items():
        for split in dict.fromkeys(splits[rows]):
            where = rows & (splits == split)
            parts[(model, split)] = make_part(name, title, model, split, y_true[where], scores[where],
                                              {**provenance, "part": {"model": model, "split": split}})
    if list(parts) == [(ONE_MODEL, ALL_ROWS)]:
        part = parts[(ONE_MODEL, ALL_ROWS)]
        return Study.single(Dataset(name, title, part.y_true, part.y_score, provenance))
    return Study(name, title, parts, provenance)


def _check_rows_line_up(y_true, splits, score_by_model: dict) -> None:
    """Every model must have the same rows (same labels, same order) on each split."""
    (first, (first_rows, _)), *others = score_by_model.items()
    for model, (rows, _) in others:
        for split in dict.fromkeys(splits[first_rows | rows]):
            mine, theirs = y_true[rows & (splits == split)], y_true[first_rows & (splits == split)]
            if mine.size != theirs.size or not np.array_equal(mine, theirs):
                where = "" if split == ALL_ROWS else f" on the {split} split"
                raise DataError(
                    f"the rows of models {first!r} and {model!r} do not line up{where} ({theirs.size} and "
                    f"{mine.size} rows, or different labels); give every model the same rows in the same order")


def _cells(table: Table, column: str | None, default: str | None, clean) -> np.ndarray:
    """A split or model column as an array of clean names (``default`` everywhere when absent)."""
    n = len(next(iter(table.cells.values())))
    if column is None:
        return np.full(n, default, dtype=object)
    values = table.cells[column]
    for row, value in enumerate(values, start=1):
        if value is None or not str(value).strip() or str(value).strip().lower() in {"nan", "none", "null"}:
            raise DataError(f"empty value in row {row} of column {column!r}; name the split or model of every row")
    return np.array([clean(v) for v in values], dtype=object)


def export_scores(study, path: str | Path) -> None:
    """Write a :class:`~data.study.Study` (or one :class:`Dataset`) as JSON that loads back exactly.

    The file holds ``name``, ``title``, ``provenance`` and the long table's columns ``split``,
    ``model``, ``y_true`` (ints) and ``y_score`` (floats, written with ``repr`` precision, so
    they round-trip bit for bit), one row per (split, model, sample). It is written to a
    temporary file in the same folder and moved into place, so a failure never leaves a
    half-written file behind.
    """
    if isinstance(study, Dataset):
        study = Study.single(study)
    path = Path(path)
    if path.suffix.lower() != ".json":
        raise DataError(f"export writes JSON; name the file with a .json extension, not {path.name!r}")
    if not path.parent.is_dir():
        raise DataError(f"folder {path.parent} does not exist; create it first or pick another path")
    columns = {"split": [], "model": [], "y_true": [], "y_score": []}
    for split in study.splits:
        for model in study.models:
            part = study.parts[(model, split)]
            columns["split"] += [split] * part.n
            columns["model"] += [model] * part.n
            columns["y_true"] += [int(v) for v in part.y_true]
            columns["y_score"] += [float(v) for v in part.y_score]
    if study.is_single:
        del columns["split"], columns["model"]
    document = {"name": study.name, "title": study.title, "provenance": study.provenance, **columns}
    text = json.dumps(document, indent=1, allow_nan=False)
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text + "\n")
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
