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

from data import validate
from data.dataset import DataError, Dataset, slugify, titleize

__all__ = ["SCORE_SUFFIXES", "Table", "export_scores", "load_scores_file", "read_table"]

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


def load_scores_file(
    path: str | Path,
    *,
    label_col: str | None = None,
    score_col: str | None = None,
    positive: object = None,
    rescale: str | None = None,
    builtins: Iterable[str] = (),
) -> Dataset:
    """Validated :class:`Dataset` from a scores file; ``builtins`` only improves the missing-file hint."""
    path = validate.check_path(path, builtins)
    raw, sha256 = validate.read_bytes(path)
    table = read_table(path, raw)
    label = validate.resolve_column(table.columns, label_col, "label", path)
    score = validate.resolve_column(table.columns, score_col, "score", path)
    if label == score:
        raise DataError(f"column {label!r} cannot be both label and score; set --label-col and --score-col")
    labels_raw, scores_raw = table.cells[label], table.cells[score]
    if len(labels_raw) != len(scores_raw):
        raise DataError(
            f"{path}: {label!r} has {len(labels_raw)} values but {score!r} has {len(scores_raw)}; "
            "give one label per score"
        )
    y_true = validate.parse_labels(labels_raw, positive, column=label)
    y_score = validate.rescale(validate.parse_scores(scores_raw, column=score), rescale, column=score)
    provenance = {
        "kind": "scores-file",
        "format": path.suffix.lower().lstrip("."),
        "path": str(path),
        "sha256": sha256,
        "label_col": label,
        "score_col": score,
        "positive_label": "1" if positive is None else str(positive),
        "rescale": rescale,
    }
    if "provenance" in table.meta:
        provenance["exported_from"] = table.meta["provenance"]
    name = table.meta.get("name") if isinstance(table.meta.get("name"), str) else slugify(path.stem)
    title = table.meta.get("title") if isinstance(table.meta.get("title"), str) else titleize(path.stem)
    return Dataset(name=name, title=title, y_true=y_true, y_score=y_score, provenance=provenance)


def export_scores(dataset: Dataset, path: str | Path) -> None:
    """Write ``dataset`` as JSON that :func:`data.load_dataset` reads back exactly.

    The file holds ``name``, ``title``, ``provenance``, ``y_true`` (ints) and ``y_score``
    (floats, written with ``repr`` precision, so they round-trip bit for bit). It is written to
    a temporary file in the same folder and moved into place, so a failure never leaves a
    half-written file behind.
    """
    path = Path(path)
    if path.suffix.lower() != ".json":
        raise DataError(f"export writes JSON; name the file with a .json extension, not {path.name!r}")
    if not path.parent.is_dir():
        raise DataError(f"folder {path.parent} does not exist; create it first or pick another path")
    document = {
        "name": dataset.name,
        "title": dataset.title,
        "provenance": dataset.provenance,
        "y_true": [int(v) for v in dataset.y_true],
        "y_score": [float(v) for v in dataset.y_score],
    }
    text = json.dumps(document, indent=1, allow_nan=False)
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text + "\n")
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
