"""How many records a delimited text file holds, counted apart from the reader that parses it.

A record ends at a line break outside quotes (CSV's rule, RFC 4180: ``"`` quotes a field and
``""`` inside it is one quote, so a line break is inside a field exactly when an odd number
of quotes comes before it). Line breaks are LF, CRLF and a lone CR, as pyarrow's and Python's
CSV readers take them. Empty lines are no record. The count is made over the bytes in chunks
with NumPy (16 MB at a time, so 1e7 rows cost a few hundred milliseconds and no copy of the
file), and every reader's row count is held against it: a reader that loses rows is caught.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

import numpy as np

from umbral.data.dataset import DataError

__all__ = ["RecordCount", "RowsRead", "checked_count", "count_records", "reference_rows"]

_CHUNK = 1 << 24
_LF, _CR, _QUOTE = 10, 13, 34


@dataclass(frozen=True)
class RecordCount:
    """What the scan found: ``records`` (the header included), ``lines`` and where quoting goes wrong.

    ``lines``: physical lines (a last line without a line break counts); ``blank_lines``: empty
    lines outside quotes (no record); ``spanning_line``: the first line on which a quoted field
    runs over a line break (None: none does); ``unclosed_line``: the line of a quote that is
    never closed (None: every quote closes); ``nul_line``: the first line holding a NUL byte;
    ``stray_quote_line``: the first line where a quote sits inside a field (an opening quote not
    at the field's start, or text right after a closing one), found only when the delimiter is
    given: readers disagree on such a field, so the strict reference reader must decide.
    """

    records: int
    lines: int
    blank_lines: int
    spanning_line: int | None = None
    unclosed_line: int | None = None
    nul_line: int | None = None
    stray_quote_line: int | None = None


def _line_ends(chunk: np.ndarray, previous_byte: int, next_byte: int) -> tuple[np.ndarray, np.ndarray]:
    """(position of each line break's last byte, position of its first byte) within ``chunk``.

    ``previous_byte``/``next_byte``: the bytes either side of the chunk (-1 at the file's ends),
    so a CRLF split between two chunks is one break.
    """
    ends = np.flatnonzero((chunk == _LF) | (chunk == _CR))
    if not ends.size:
        return ends, ends
    byte = chunk[ends].astype(np.int16)
    after = np.empty(ends.size, dtype=np.int16)
    after[:-1] = chunk[np.minimum(ends[:-1] + 1, chunk.size - 1)]
    after[-1] = chunk[ends[-1] + 1] if ends[-1] + 1 < chunk.size else next_byte
    keep = ~((byte == _CR) & (after == _LF))  # a CR before an LF is the first byte of a CRLF break
    before = np.where(ends > 0, chunk[np.maximum(ends - 1, 0)], previous_byte).astype(np.int16)
    ends = ends[keep]
    starts = ends - ((byte[keep] == _LF) & (before[keep] == _CR))
    return ends, starts


def _count_simple(raw: bytes) -> RecordCount | None:
    """The count of a file with LF breaks only and no quote or NUL byte, by ``bytes.count``; else None."""
    if b'"' in raw or b"\r" in raw or b"\0" in raw or b"\n\n\n" in raw:
        return None
    breaks = raw.count(b"\n")
    blank = raw.count(b"\n\n") + (1 if raw.startswith(b"\n") else 0)  # no run of three: no overlap
    tail = 1 if raw and not raw.endswith(b"\n") else 0
    return RecordCount(records=breaks - blank + tail, lines=breaks + tail, blank_lines=blank)


def _stray_quote(chunk: np.ndarray, quotes: np.ndarray, quotes_before: int, previous_byte: int, next_byte: int,
                 delimiter: int) -> int | None:
    """Index into ``quotes`` of the first quote inside a field, or None (see ``RecordCount.stray_quote_line``)."""
    opening = (quotes_before + np.arange(quotes.size)) % 2 == 0
    before = np.where(quotes > 0, chunk[np.maximum(quotes - 1, 0)], previous_byte).astype(np.int16)
    after = np.where(quotes + 1 < chunk.size, chunk[np.minimum(quotes + 1, chunk.size - 1)], next_byte
                     ).astype(np.int16)
    edges = np.array([delimiter, _LF, _CR, _QUOTE, -1], dtype=np.int16)  # a quote next to a quote: an escaped pair
    bad = np.where(opening, ~np.isin(before, edges), ~np.isin(after, edges))
    return int(np.argmax(bad)) if bad.any() else None


def count_records(raw: bytes, delimiter: str | None = None) -> RecordCount:
    r"""Count the records and lines of ``raw`` (UTF-8 text of a delimited table split by ``delimiter``).

    Examples
    --------
    >>> count_records(b'label,score\n1,0.9\n\n0,"0.2"\n')  # doctest: +NORMALIZE_WHITESPACE
    RecordCount(records=3, lines=4, blank_lines=1, spanning_line=None, unclosed_line=None,
    nul_line=None, stray_quote_line=None)
    >>> count_records(b'label,score\n1,0.9\n0,"0.2\n1,0.4\n').unclosed_line
    3
    >>> count_records(b'label,score\n1,"0.9"x\n', ",").stray_quote_line
    2
    """
    simple = _count_simple(raw)
    if simple is not None:
        return simple
    buffer = np.frombuffer(raw, dtype=np.uint8)
    size = buffer.size
    quotes_before = 0  # quotes in the chunks already scanned
    lines_before = 0  # line breaks in the chunks already scanned
    last_boundary = -1  # position of the last record-ending break's last byte
    records = blank = 0
    spanning = nul = last_quote_line = stray = None
    separator = ord(delimiter) if delimiter else None
    for offset in range(0, size, _CHUNK):
        chunk = buffer[offset:offset + _CHUNK]
        previous_byte = int(buffer[offset - 1]) if offset else -1
        next_byte = int(buffer[offset + _CHUNK]) if offset + _CHUNK < size else -1
        ends, starts = _line_ends(chunk, previous_byte, next_byte)
        quotes = np.flatnonzero(chunk == _QUOTE)
        if nul is None:
            zero = np.flatnonzero(chunk == 0)
            if zero.size:
                nul = lines_before + int(np.searchsorted(ends, zero[0])) + 1
        outside = (quotes_before + np.searchsorted(quotes, ends)) % 2 == 0
        if spanning is None and not outside.all():
            spanning = lines_before + int(np.argmin(outside)) + 1
        record_ends, record_starts = ends[outside] + offset, starts[outside] + offset
        if record_ends.size:
            previous = np.concatenate([[last_boundary], record_ends[:-1]])
            empty = record_starts == previous + 1
            blank += int(empty.sum())
            records += int(record_ends.size - empty.sum())
            last_boundary = int(record_ends[-1])
        if stray is None and separator is not None and quotes.size:
            first = _stray_quote(chunk, quotes, quotes_before, previous_byte, next_byte, separator)
            if first is not None:
                stray = lines_before + int(np.searchsorted(ends, quotes[first])) + 1
        if quotes.size:
            last_quote_line = lines_before + int(np.searchsorted(ends, quotes[-1])) + 1
        quotes_before += quotes.size
        lines_before += ends.size
    inside_at_end = quotes_before % 2 == 1
    if size - (last_boundary + 1) > 0 and not inside_at_end:  # a last record without a line break
        records += 1
    lines = lines_before + (1 if size and int(buffer[-1]) not in (_LF, _CR) else 0)
    # Left open at the end: the field the last quote opened (an odd count of quotes).
    unclosed = last_quote_line if inside_at_end else None
    return RecordCount(records=records, lines=lines, blank_lines=blank, spanning_line=spanning,
                       unclosed_line=unclosed, nul_line=nul, stray_quote_line=stray)


@dataclass(frozen=True)
class RowsRead:
    """How many data rows a file gave and, for text, why that differs from its line count.

    ``rows``: the data rows umbral uses; ``lines``: the file's physical lines (None for
    Parquet and JSON); the rest are the reasons the two differ.
    """

    rows: int
    lines: int | None = None
    header: bool = False
    sep_line: bool = False
    blank_lines: int = 0
    blank_rows: int = 0
    multiline_records: int = 0

    def describe(self) -> str:
        """``"read 1,000,000 rows (1,000,001 lines: a header)"``: what the report prints before the numbers."""
        text = f"read {self.rows:,} rows"
        if self.lines is None or self.lines == self.rows:
            return text
        reasons = [reason for reason, present in (
            ("a sep= line", self.sep_line), ("a header", self.header),
            (_plural(self.blank_lines, "blank line"), self.blank_lines),
            (_plural(self.blank_rows, "row") + " of empty cells", self.blank_rows),
            (_plural(self.multiline_records, "quoted field") + " over several lines", self.multiline_records))
            if present]
        return f"{text} ({self.lines:,} lines: {', '.join(reasons)})"

    def as_dict(self) -> dict:
        """The counts, and the sentence, for ``report --json``."""
        return {"rows": self.rows, "lines": self.lines, "text": self.describe()}


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def reference_rows(text: str, delimiter: str, path) -> tuple[list[list[str]], list[int], list[int]]:
    """Every non-empty record of ``text`` by Python's csv module, strict, and the lines each starts and ends on.

    The reference reader: a quote never closed, or text after a closing quote, is a
    :class:`~umbral.data.dataset.DataError` naming the line where that record starts.
    """
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows, starts, ends, consumed = [], [], [], 0
    limit = csv.field_size_limit(len(text) + 1)  # a quote left open makes one cell of the rest: let it say so
    try:
        for row in reader:
            if row:
                rows.append(row)
                starts.append(consumed + 1)
                ends.append(reader.line_num)
            consumed = reader.line_num
    except csv.Error as exc:
        line = consumed + 1
        if "unexpected end of data" in str(exc):
            raise DataError(f"{path}: a quote opened on line {line} is never closed, so every line after it would "
                            f"be one cell ({_excerpt(text, line)}); close it (\"...\") or remove it") from None
        raise DataError(f"{path}: line {line} is not valid CSV ({exc}: {_excerpt(text, line)}); check its "
                        "quoting") from None
    finally:
        csv.field_size_limit(limit)
    return rows, starts, ends


def _excerpt(text: str, line: int) -> str:
    """Line ``line`` of ``text`` as found, shortened to 40 characters."""
    lines = re.split(r"\r\n|\r|\n", text)
    found = lines[line - 1] if line <= len(lines) else ""
    return repr(found if len(found) <= 40 else found[:39] + "…")


def checked_count(raw: bytes, path, delimiter: str | None = None) -> RecordCount:
    """:func:`count_records`, refusing a file with a NUL byte (no CSV reader agrees on what follows one)."""
    count = count_records(raw, delimiter)
    if count.nul_line is not None:
        raise DataError(f"{path}: line {count.nul_line} holds a NUL byte (\\0), so the file is damaged or not "
                        "plain text; re-export it as a UTF-8 CSV")
    return count
