"""Reading tables: CSV/TSV (plain or gzip), JSON, Excel and Parquet files into named columns of raw cells.

CSV and Parquet go through pyarrow (typed, multi-threaded, no Python object per cell);
a CSV pyarrow rejects, or whose quoting the record count cannot vouch for, is read by
Python's csv module (the reference), which names the bad line. Every reader's row count
is held against the file's own record count: no row is lost without a word.
"""

from __future__ import annotations

import functools
import io
import json
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from umbral.data import validate
from umbral.data.dataset import DataError
from umbral.data.dialect import COMMA_DECIMAL, DELIMITER_NAMES, Dialect, text_table
from umbral.data.records import RecordCount, RowsRead, checked_count, reference_rows

__all__ = ["Table", "read_table"]


@dataclass
class Table:
    """Named columns of raw cells, as read; nothing is parsed or checked beyond the header.

    ``cells[name]`` is a 1-D array (typed when the reader knew the type: a CSV's or
    Parquet file's numbers stay numbers), or a list; ``missing[name]``, when present,
    marks the cells that were empty. ``meta`` holds ``name``, ``title`` and ``provenance``
    when the file was written by :func:`~umbral.data.files.export_scores`.
    """

    columns: list[str]
    cells: Mapping[str, Sequence]
    meta: dict = field(default_factory=dict)
    missing: Mapping[str, np.ndarray | None] = field(default_factory=dict)

    def blank(self, column: str) -> np.ndarray | None:
        """Rows of ``column`` that were empty in the file (None when there were none)."""
        return self.missing.get(column)


class _ArrowColumns(Mapping):
    """A pyarrow table's columns as NumPy arrays, each converted on first use only."""

    def __init__(self, names: list[str], table):
        self._names, self._table, self._arrays, self._missing = names, table, {}, {}
        self.missing = _LazyMissing(self)

    def __getitem__(self, name: str) -> np.ndarray:
        if name not in self._arrays:
            self._arrays[name], self._missing[name] = _arrow_to_numpy(self._table.column(self._names.index(name)))
        return self._arrays[name]

    def __iter__(self):
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


class _LazyMissing(Mapping):
    """The empty rows of an :class:`_ArrowColumns`, converting a column on first use.

    It refers to the columns weakly: a cycle would keep the whole pyarrow table (160 MB at
    1e7 rows) alive after loading, until the garbage collector happened to run.
    """

    def __init__(self, columns: _ArrowColumns):
        self._ref = weakref.ref(columns)

    @property
    def _columns(self) -> _ArrowColumns:
        return self._ref()

    def __getitem__(self, name: str):
        self._columns[name]
        return self._columns._missing[name]

    def __iter__(self):
        return iter(self._columns)

    def __len__(self) -> int:
        return len(self._columns)


def release_unused_memory() -> None:
    """Return what pyarrow freed to the OS (call once a file's columns are parsed and dropped).

    mimalloc keeps freed pages for reuse: after a 1e7-row CSV the parse's scratch held 430 of
    the 690 MB resident, through everything that followed.
    """
    import sys

    pa = sys.modules.get("pyarrow")  # nothing to give back if no table was read with it
    if pa is not None:
        pa.default_memory_pool().release_unused()


def _arrow_to_numpy(column) -> tuple[np.ndarray, np.ndarray | None]:
    """One pyarrow column as ``(values, empty rows or None)``; text becomes an object array.

    Numbers and booleans convert without a copy when nothing is missing. Text is
    dictionary-encoded first, so a split column of 1e7 rows holds a few shared strings.
    """
    import pyarrow as pa
    import pyarrow.compute as pc

    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks()
    missing = column.is_null().to_numpy(zero_copy_only=False) if column.null_count else None
    kind = column.type
    if pa.types.is_null(kind):
        return np.full(len(column), None, dtype=object), missing
    if pa.types.is_dictionary(kind):
        column = column.cast(kind.value_type)
        kind = column.type
    if pa.types.is_integer(kind) or pa.types.is_floating(kind) or pa.types.is_boolean(kind):
        filled = column.fill_null(False if pa.types.is_boolean(kind) else 0) if missing is not None else column
        return filled.to_numpy(zero_copy_only=False), missing
    if not (pa.types.is_string(kind) or pa.types.is_large_string(kind)):
        column = pc.cast(column, pa.string())  # dates and the like: the split name is their text
    encoded = column.dictionary_encode()
    words = encoded.dictionary.to_numpy(zero_copy_only=False).astype(object)
    codes = encoded.indices.fill_null(0).to_numpy(zero_copy_only=False) if missing is not None \
        else encoded.indices.to_numpy(zero_copy_only=False)
    values = words[codes] if words.size else np.full(len(column), None, dtype=object)
    if missing is not None:
        values[missing] = None
    return values, missing


#: The file types read, by extension (``.gz`` after ``.csv``/``.tsv``/``.json`` is unpacked first).
KINDS = (".csv", ".tsv", ".json", ".parquet", ".xlsx")


def file_kind(path: Path) -> str:
    """The table's type from its name: ``scores.csv.gz`` -> ``".csv"``; an unknown one is a :class:`DataError`."""
    suffixes = [suffix.lower() for suffix in path.suffixes[-2:]]
    kind = suffixes[-2] if len(suffixes) == 2 and suffixes[-1] == ".gz" else (suffixes[-1] if suffixes else "")
    if kind not in KINDS or (kind in (".parquet", ".xlsx") and suffixes[-1] == ".gz"):
        shown = "".join(suffixes) or "(no extension)"
        raise DataError(f"unknown file type {shown!r} for {path}; use .csv, .tsv, .json, .xlsx or .parquet "
                        "(.csv.gz, .tsv.gz and .json.gz are unpacked)")
    return kind


def stem_of(path: Path) -> str:
    """The file's name without its type: ``scores.csv.gz`` -> ``"scores"``."""
    name = path.name[:-3] if path.name.lower().endswith(".gz") else path.name
    return Path(name).stem


def read_table(path: Path, raw: bytes) -> Table:
    """Read a CSV/TSV, JSON, Excel or Parquet file (chosen by extension) into a :class:`Table`."""
    kind = file_kind(path)
    if kind == ".parquet":
        table = _read_parquet(path)
    elif kind == ".xlsx":
        table = _read_excel(raw, path)
    elif kind == ".json":
        if path.suffix.lower() == ".gz":
            raw = text_table(raw, path)[0]
        table = _read_json(validate.decode_text(raw, path), path)
    else:
        table = _read_csv(raw, path)
    validate.check_unique_columns(table.columns, path)
    if not any(len(table.cells[c]) for c in table.columns):
        raise DataError(f"{path} has no data rows, only column names; export the scores with their rows")
    return table


def _read_csv(raw: bytes, path: Path) -> Table:
    """A CSV read by pyarrow (typed, multi-threaded), or by Python's csv module when pyarrow cannot be trusted.

    The delimiter, decimal mark and encoding are found first (:mod:`umbral.data.dialect`) and kept
    in ``meta["dialect"]``, so the report can say how the file was read. The records are
    counted apart from either reader (:func:`umbral.data.records.count_records`): pyarrow is used
    only on a file with no quoted line break or quote inside a field, and only when it returns that many rows; any
    other file goes to the strict reference reader, which names the line where quoting fails.
    ``meta["rows"]`` (:class:`umbral.data.records.RowsRead`) says how many rows were read and why
    that differs from the line count.
    """
    raw, dialect = text_table(raw, path)
    count = checked_count(raw, path, dialect.delimiter)
    table = _read_csv_arrow(raw, path, dialect, count) if count_vouches_for_arrow(count) else None
    if table is None:
        table = _read_csv_python(validate.decode_text(raw, path), path, dialect, count)
    table.meta["dialect"] = dialect
    return table


def count_vouches_for_arrow(count: RecordCount) -> bool:
    """Whether pyarrow may read the file: no quoted line break, no quote left open, no quote inside a field."""
    return count.spanning_line is None and count.unclosed_line is None and count.stray_quote_line is None


def _read_csv_arrow(raw: bytes, path: Path, dialect: Dialect, count: RecordCount) -> Table | None:
    """The table by pyarrow, or None if pyarrow rejects it or returns other than ``count``'s rows."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.csv as pa_csv

    options = pa_csv.ConvertOptions(null_values=[""], strings_can_be_null=True, quoted_strings_can_be_null=True,
                                    decimal_point=dialect.decimal)
    try:
        # pyarrow's own pool: its scratch is handed back by release_unused_memory after loading
        # (through the system allocator it stayed resident as heap fragments: 800 MB at 1e7 rows).
        arrow = pa_csv.read_csv(pa.BufferReader(raw), convert_options=options,
                                parse_options=pa_csv.ParseOptions(delimiter=dialect.delimiter))
    except (pa.ArrowException, ValueError):
        return None  # a ragged row, odd quoting, ...: the Python reader names the row
    if arrow.num_rows != count.records - 1:
        return None  # pyarrow lost or invented rows: the reference reader decides
    blank_rows = 0
    if arrow.num_rows and all(column.null_count for column in arrow.columns):
        blank = functools.reduce(pc.and_, [column.is_null() for column in arrow.columns])
        blank_rows = int(pc.sum(blank).as_py() or 0)
        if blank_rows:  # a row of empty cells (",,") is skipped, as a blank line is
            arrow = arrow.filter(pc.invert(blank))
    names = [name.strip() for name in arrow.column_names]
    columns = _ArrowColumns(names, arrow)
    rows = RowsRead(arrow.num_rows, _lines(count, dialect), header=True, sep_line=dialect.sep_line,
                    blank_lines=count.blank_lines, blank_rows=blank_rows)
    return Table(names, columns, meta={"rows": rows}, missing=columns.missing)


def _lines(count: RecordCount, dialect: Dialect) -> int:
    """The file's line count, the ``sep=`` line text_table dropped included."""
    return count.lines + (1 if dialect.sep_line else 0)


def _read_csv_python(text: str, path: Path, dialect: Dialect, count: RecordCount) -> Table:
    """The table by the reference reader (Python's csv module, strict): every record it finds is a row."""
    records, starts, ends = reference_rows(text, dialect.delimiter, path)
    if not records:
        raise DataError(f"{path} has no header row; the first line must name the columns")
    header = [name.strip() for name in records[0]]
    for number, row in enumerate(records[1:], start=1):
        if len(row) != len(header):
            raise DataError(
                f"row {number} of {path} (line {starts[number]}) has {len(row)} fields but the header has "
                f"{len(header)}; check the delimiter ({DELIMITER_NAMES[dialect.delimiter]}) and quoting"
            )
    rows = [row for row in records[1:] if any(cell.strip() for cell in row)]
    cells = {name: [row[i] for row in rows] for i, name in enumerate(header)}
    if dialect.decimal == ",":
        cells = {name: [cell.replace(",", ".") if COMMA_DECIMAL.match(cell) else cell for cell in column]
                 for name, column in cells.items()}
    spans = [end - start + 1 for start, end in zip(starts, ends, strict=True)]
    read = RowsRead(len(rows), _lines(count, dialect), header=True, sep_line=dialect.sep_line,
                    blank_lines=max(0, count.lines - sum(spans)), blank_rows=len(records) - 1 - len(rows),
                    multiline_records=sum(1 for span in spans if span > 1))
    return Table(header, cells, meta={"rows": read})


def read_excel_frame(raw: bytes, path: Path):
    """The first sheet of an .xlsx workbook as a pandas DataFrame (openpyxl), empty rows dropped."""
    import pandas as pd

    try:
        frame = pd.read_excel(io.BytesIO(raw), sheet_name=0, engine="openpyxl")
    except ImportError:
        raise DataError(f"reading {path} needs openpyxl (pip install openpyxl); or save the sheet as CSV") from None
    except Exception as exc:  # openpyxl raises many types for a damaged workbook
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DataError(f"cannot read {path} as an Excel workbook ({reason}); re-save it as .xlsx or CSV") from None
    sheet_rows = len(frame)
    frame = frame.dropna(how="all")
    frame.columns = [str(name).strip() for name in frame.columns]
    frame.attrs["rows"] = RowsRead(len(frame), sheet_rows + 1, header=True, blank_rows=sheet_rows - len(frame))
    return frame


def _read_excel(raw: bytes, path: Path) -> Table:
    """The first sheet of an .xlsx workbook, each column as read (numbers stay numbers)."""
    frame = read_excel_frame(raw, path)
    names = list(frame.columns)
    cells = {name: [None if value != value or value is None else value for value in frame.iloc[:, i].tolist()]
             for i, name in enumerate(names)}
    return Table(names, cells, meta={"rows": frame.attrs["rows"]})


class _RepeatedKey(ValueError):
    """A JSON object names the same key twice (json.loads would keep the last silently)."""


def _unique_keys(pairs: list) -> dict:
    """``object_pairs_hook`` for json.loads: the object as a dict, or :class:`_RepeatedKey` naming the key."""
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise _RepeatedKey(key)
        seen[key] = value
    return seen


def _read_json(text: str, path: Path) -> Table:
    try:
        document = json.loads(text, object_pairs_hook=_unique_keys)
    except _RepeatedKey as exc:
        raise DataError(f"{path}: the key {exc.args[0]!r} appears twice in one JSON object; "
                        "keep one of them (JSON readers differ on which one wins)") from None
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
        _check_flat(cells, path)
        return Table(columns, cells, meta={"rows": RowsRead(len(document))})
    if isinstance(document, dict):
        # A dict of lists: each list is a column; other keys (name, title, provenance) are metadata.
        columns = [str(key) for key, value in document.items() if isinstance(value, list)]
        meta = {
            key: document[key]
            for key in ("name", "title", "provenance")
            if isinstance(document.get(key), str | dict)
        }
        if columns:
            cells = {c: document[c] for c in columns}
            _check_flat(cells, path)
            return Table(columns, cells, {**meta, "rows": RowsRead(max(len(cells[c]) for c in columns))})
    raise DataError(
        f"{path} holds JSON of an unknown shape; use {{\"y_true\": [...], \"y_score\": [...]}} "
        "or a list of {\"y_true\": ..., \"y_score\": ...} records"
    )


def _check_flat(cells: dict, path: Path) -> None:
    """A :class:`DataError` naming the first column and row holding a list or an object instead of one value."""
    for column, values in cells.items():
        for row, value in enumerate(values, start=1):
            if isinstance(value, list | dict):
                shown = json.dumps(value)
                shown = shown if len(shown) <= 30 else shown[:29] + "…"
                kind = "a list" if isinstance(value, list) else "an object"
                raise DataError(f"{path}: column {column!r} holds {kind} in row {row} ({shown}); give one plain "
                                "value (a number or a word) per row, e.g. 1 instead of [1]")


def _read_parquet(path: Path) -> Table:
    import pyarrow.parquet as pq  # lazy: importing `data` must stay cheap

    try:
        parquet = pq.ParquetFile(path)
        arrow = parquet.read()  # not read_table: its dataset layer costs a second at start-up
    except Exception as exc:  # pyarrow raises many types for a damaged file
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DataError(f"cannot read {path} as Parquet ({reason}); re-export it or use CSV") from None
    if arrow.num_rows != parquet.metadata.num_rows:
        raise DataError(f"{path}: its footer says {parquet.metadata.num_rows:,} rows but {arrow.num_rows:,} could be "
                        "read; the file is damaged, re-export it")
    columns = [str(c) for c in arrow.column_names]
    cells = _ArrowColumns(columns, arrow)
    return Table(columns, cells, meta={"rows": RowsRead(arrow.num_rows)}, missing=cells.missing)
