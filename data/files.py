"""Scores files: CSV, JSON and Parquet tables of labels and scores, read and written.

A scores file already holds one classifier's output: a label column and a score column
(found by name, see :data:`umbral.data.validate.LABEL_NAMES` and :data:`umbral.data.validate.SCORE_NAMES`).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from umbral.data import validate
from umbral.data.dataset import DataError, Dataset, folder_name, titleize
from umbral.data.study import ALL_ROWS, ONE_MODEL, Study, split_name
from umbral.data.tables import Table, read_table, release_unused_memory, stem_of

__all__ = ["SCORE_SUFFIXES", "SPLIT_NAMES", "Table", "export_scores", "load_scores_file", "make_part", "read_table",
           "study_from_table"]

SCORE_SUFFIXES = (".csv", ".json", ".parquet")


#: Column names recognised as the split and the model of a long table (case-insensitive).
SPLIT_NAMES = ("split", "set", "partition", "subset")
MODEL_NAMES = ("model",)
#: Prefixes of one score column per model (``score_forest``, ``proba_lr``).
MODEL_SCORE_PREFIXES = ("score_", "proba_")


def _optional_column(columns, given: str | None, names, option: str, path: Path) -> str | None:
    """The column ``given``, else the one named like ``names``, else None when there is none."""
    if given is None and not any(c.strip().lower() in names for c in columns):
        return None
    return validate.resolve_column(columns, given, option.removesuffix("_col"), path,
                                   names=names, option=f"«{option}»")


def _score_columns(columns, given: tuple[str, ...], path: Path, taken=()) -> dict[str, str]:
    """Model name -> score column: the columns given, else the one score column, else ``score_<name>``.

    ``taken`` (label, split and model columns) are never found as scores by name.
    """
    if given:
        resolved = [validate.resolve_column(columns, c, "score", path) for c in given]
        duplicate = next((c for c in resolved if resolved.count(c) > 1), None)
        if duplicate:
            raise DataError(f"«score_col={duplicate}» is given twice; name each model's column once")
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
            raise DataError(f"two models would both be called {name!r}; give them different «model_name»")
        renamed[name] = column
    return renamed


def _unused_names(model_names: dict[str, str], known) -> None:
    unknown = [key for key in model_names if key not in known]
    if unknown:
        raise DataError(f"«model_name={unknown[0]}=...»: there is no model or score column {unknown[0]!r}; "
                        f"the data has {', '.join(dict.fromkeys(known))}")


def make_part(name: str, title: str, model: str, split: str, y_true, y_score, provenance: dict) -> Dataset:
    """One (model, split) part; a split with one class is an error naming the split."""
    if split != ALL_ROWS and (np.min(y_true, initial=1) == np.max(y_true, initial=0)):
        kind = "positives" if np.max(y_true, initial=0) else "negatives"
        raise DataError(f"the {split} split has only {kind} ({len(y_true)} rows): ROC and precision need both "
                        "classes in every split; move some rows or merge splits")
    return Dataset(name, title, y_true, y_score, provenance)


def load_scores_file(path: str | Path, **options) -> Study:
    """A validated :class:`Study` from a scores file; ``builtins`` only improves the missing-file hint.

    Several models come either as several score columns (``score_col`` given several times,
    or ``score_<name>`` / ``proba_<name>`` columns) or as a long table with a ``model``
    column. A split column (``split``, ``set``, ``partition`` or ``subset``) divides the rows.
    Options: ``label_col``, ``score_col``, ``split_col``, ``model_names``, ``positive``,
    ``rescale`` and ``builtins``.
    """
    try:
        return _load_scores_file(path, **options)
    finally:  # the table read is gone by now: hand its memory back
        release_unused_memory()


def _load_scores_file(path: str | Path, *, builtins: Iterable[str] = (), **options) -> Study:
    """The body of :func:`load_scores_file`: the table read here is dropped when it returns.

    ``options`` (the columns, ``model_names``, ``positive``, ``rescale``) go to :func:`study_from_table`.
    """
    path = validate.check_path(path, builtins)
    raw, sha256 = validate.read_bytes(path)
    table = read_table(path, raw)
    del raw  # 165 MB at 1e7 rows of CSV: not held while the columns are parsed
    meta_name = table.meta.get("name")
    given = meta_name if isinstance(meta_name, str) and meta_name.strip() else None
    name = folder_name(given if given is not None else stem_of(path))  # a slug: nothing from the file picks the folder
    title = (table.meta["title"] if isinstance(table.meta.get("title"), str) and table.meta["title"].strip()
             else given.strip() if given is not None else titleize(stem_of(path)))
    provenance = {"kind": "scores-file", "format": path.suffix.lower().lstrip("."), "path": str(path),
                  "sha256": sha256}
    if "rows" in table.meta:
        provenance["read_rows"] = table.meta["rows"].as_dict()
    if "dialect" in table.meta:
        provenance["read_as"] = table.meta["dialect"].describe()
    if "provenance" in table.meta:
        provenance["exported_from"] = table.meta["provenance"]
    return study_from_table(table, path, name, title, provenance, **options)


def study_from_table(table: Table, path, name: str, title: str, provenance: dict, *, label_col=None,
                     score_col=None, split_col=None, model_names=None, positive=None, rescale=None) -> Study:
    """A validated :class:`Study` from a table of labels and scores (read from a file, or built from arrays).

    ``path`` names the table in messages; ``provenance`` is completed with the columns used.
    """
    given = (score_col,) if isinstance(score_col, str) else tuple(score_col or ())
    model_names = dict(model_names or {})
    label = validate.resolve_column(table.columns, label_col, "label", path)
    split_column = _optional_column(table.columns, split_col, SPLIT_NAMES, "split_col", path)
    model_column = _optional_column(table.columns, None, MODEL_NAMES, "model_col", path)
    models = _score_columns(table.columns, given, path, taken=(label, split_column, model_column))
    if model_column is not None and len(models) > 1:
        raise DataError(f"{path} has a {model_column!r} column and several score columns; "
                        "use one layout: a long table (one score column) or one score column per model")
    for column in models.values():
        if column == label:
            raise DataError(f"column {label!r} cannot be both label and score; set «label_col» and «score_col»")
    for column in (*models.values(), split_column, model_column):
        if column and len(table.cells[column]) != len(table.cells[label]):
            raise DataError(f"{path}: {label!r} has {len(table.cells[label])} values but {column!r} has "
                            f"{len(table.cells[column])}; give one label per score")
    y_true = validate.parse_labels(table.cells[label], positive, column=label, missing=table.blank(label))
    splits = _cells(table, split_column, ALL_ROWS, split_name)
    provenance = {
        **provenance,
        "label_col": label, "score_col": next(iter(models.values())) if len(models) == 1 else list(models.values()),
        "split_col": split_column, "model_col": model_column,
        "positive_label": "1" if positive is None else str(positive), "rescale": rescale,
    }
    for key in ("read_rows", "read_as", "exported_from"):  # after the columns, as the reports have always listed them
        if key in provenance:
            provenance[key] = provenance.pop(key)
    score_by_model = {}
    if model_column is None:
        _unused_names(model_names, [*models, *models.values()])
        for model, column in _rename(models, model_names).items():
            scores = validate.parse_scores(table.cells[column], column=column, missing=table.blank(column))
            score_by_model[model] = (None, validate.rescale(scores, rescale, column=column))  # None: every row
    else:
        (column,) = models.values()
        values = _cells(table, model_column, None, lambda v: str(v).strip())
        _unused_names(model_names, values)
        scores = validate.parse_scores(table.cells[column], column=column, missing=table.blank(column))
        scores = validate.rescale(scores, rescale, column=column)
        for shown, model in _rename({model: model for model in _in_order(values)}, model_names).items():
            score_by_model[shown] = (values == model, scores)
    _check_rows_line_up(y_true, splits, score_by_model)
    if list(score_by_model) == [ONE_MODEL] and split_column is None:
        return Study.single(Dataset(name, title, y_true, score_by_model[ONE_MODEL][1], provenance))
    parts = {}
    for model, (rows, scores) in score_by_model.items():
        for split, where in _split_rows(splits, rows):
            parts[(model, split)] = make_part(name, title, model, split, _take(y_true, where), _take(scores, where),
                                              {**provenance, "part": {"model": model, "split": split}})
    return Study(name, title, parts, provenance)


def _take(values: np.ndarray, where) -> np.ndarray:
    return values if where is None else values[where]


def _split_rows(splits: np.ndarray | None, rows: np.ndarray | None):
    """``(split, rows of it)`` for each split among ``rows`` (None: every row; no split column: one split)."""
    if splits is None:
        yield ALL_ROWS, rows
        return
    for split in _in_order(splits if rows is None else splits[rows]):
        yield split, (splits == split) if rows is None else rows & (splits == split)


def _check_rows_line_up(y_true, splits, score_by_model: dict) -> None:
    """Every model must have the same rows (same labels, same order) on each split."""
    (first, (first_rows, _)), *others = score_by_model.items()
    for model, (rows, _) in others:
        if rows is None and first_rows is None:
            continue  # one score column per model: the same rows by construction
        for split, _ in _split_rows(splits, first_rows | rows):
            in_split = np.ones(y_true.size, dtype=bool) if splits is None else splits == split
            mine, theirs = y_true[rows & in_split], y_true[first_rows & in_split]
            if mine.size != theirs.size or not np.array_equal(mine, theirs):
                where = "" if split == ALL_ROWS else f" on the {split} split"
                raise DataError(
                    f"the rows of models {first!r} and {model!r} do not line up{where} ({theirs.size} and "
                    f"{mine.size} rows, or different labels); give every model the same rows in the same order")


def _in_order(values: np.ndarray) -> list:
    """The distinct values in order of first appearance (hash-based; one value needs no hashing)."""
    if values.size == 0:
        return []
    if (values == values[0]).all():
        return [values[0]]
    import pandas as pd  # lazy: only tables with several splits or models come here

    return list(pd.unique(values))


def _cells(table: Table, column: str | None, default: str | None, clean) -> np.ndarray | None:
    """A split or model column as an array of clean names (None for an absent split column).

    Each distinct cell is checked and cleaned once (the cells are factorised), never each row.
    """
    if column is None:
        return None if default == ALL_ROWS else np.full(len(next(iter(table.cells.values()))), default, dtype=object)
    values = validate.column_array(table.cells[column])
    codes, uniques = validate._factorize(values, validate._missing_mask(values, table.blank(column)))
    empty = np.array([not str(v).strip() or str(v).strip().lower() in {"nan", "none", "null"} for v in uniques]
                     + [True], dtype=bool)[codes]
    if empty.any():
        row = int(np.argmax(empty)) + 1
        raise DataError(f"empty value in row {row} of column {column!r}; name the split or model of every row")
    names = np.array([clean(v) for v in uniques], dtype=object)
    return names[codes]


def _write_json_list(stream, pieces) -> None:
    """Write the arrays ``pieces`` as one JSON list: ints, floats by ``repr`` (bit-exact), strings quoted.

    Each block of 2**18 values goes through the C JSON encoder and straight to the file, so
    neither a Python loop over the values nor the whole text is ever held in memory.
    """
    block, first = 1 << 18, True
    stream.write("[")
    for piece in pieces:
        for start in range(0, len(piece), block):
            stream.write(("" if first else ", ") + json.dumps(piece[start:start + block].tolist(),
                                                               allow_nan=False)[1:-1])
            first = False
    stream.write("]")


#: What ``export_scores`` writes, by the file's extension.
EXPORT_SUFFIXES = (".json", ".csv", ".parquet")


def export_scores(study, path: str | Path) -> None:
    """Write a :class:`~umbral.data.study.Study` (or one :class:`Dataset`) as a scores file that loads back exactly.

    The extension picks the format: ``.json`` holds ``name``, ``title``, ``provenance`` and the
    long table's columns; ``.csv`` and ``.parquet`` hold the columns only (the data's name then
    comes from the file's name). The columns are ``split``, ``model`` (left out for the rows of
    one unnamed model, or of no split), ``y_true`` (ints) and ``y_score`` (floats, written to round-trip bit for
    bit), one row per (split, model, sample). The file is written beside its final name and
    moved into place, so a failure never leaves a half-written file behind.
    """
    if isinstance(study, Dataset):
        study = Study.single(study)
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in EXPORT_SUFFIXES:
        raise DataError(f"scores files are .json, .csv or .parquet; name the file accordingly, not {path.name!r}")
    if not path.parent.is_dir():
        raise DataError(f"folder {path.parent} does not exist; create it first or pick another path")
    keys = [(split, model) for split in study.splits for model in study.models]
    parts = [study.parts[(model, split)] for split, model in keys]
    columns = {
        "split": lambda: (np.full(part.n, split, dtype=object) for (split, _), part in zip(keys, parts, strict=True)),
        "model": lambda: (np.full(part.n, model, dtype=object) for (_, model), part in zip(keys, parts, strict=True)),
        "y_true": lambda: (part.y_true for part in parts),
        "y_score": lambda: (part.y_score for part in parts),
    }
    if study.splits == (ALL_ROWS,):
        del columns["split"]
    if study.models == (ONE_MODEL,):
        del columns["model"]
    if suffix == ".json":
        header = {"name": study.name, "title": study.title, "provenance": study.provenance}
        header_text = json.dumps(header, indent=1, allow_nan=False)  # checked before any file is made
        _write_atomically(path, lambda temp: _write_json(temp, header_text, columns))
    else:
        import pandas as pd

        frame = pd.DataFrame({key: np.concatenate(list(pieces())) for key, pieces in columns.items()})
        if suffix == ".csv":  # floats by repr: shortest text that reads back to the same double
            _write_atomically(path, lambda temp: frame.to_csv(temp, index=False, float_format=None,
                                                              lineterminator="\n"))
        else:
            _write_atomically(path, lambda temp: frame.to_parquet(temp, index=False))


def _write_json(temp: Path, header_text: str, columns: dict) -> None:
    with open(temp, "w", encoding="utf-8") as stream:
        stream.write(header_text[:-2])
        for key, pieces in columns.items():
            stream.write(f",\n {json.dumps(key)}: ")
            _write_json_list(stream, pieces())
        stream.write("\n}\n")


def _write_atomically(path: Path, write) -> None:
    """``write(temporary path)`` in ``path``'s folder, then move it onto ``path`` (nothing left on failure)."""
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(handle)
    try:
        write(Path(temp_name))
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
