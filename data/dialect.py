"""How a text table is written: encoding, delimiter and decimal mark, found from the file itself.

Spreadsheets from everywhere: semicolons and decimal commas (European Excel),
Excel's ``sep=;`` first line, tabs in a ``.csv``, UTF-16 with a byte-order
mark, old Mac line endings (CR only), gzip. :func:`text_table` turns any of
them into UTF-8 bytes plus the :class:`Dialect` to parse them with; plain
UTF-8 comma-separated files pass through untouched (no copy at 1e7 rows).
"""

from __future__ import annotations

import csv
import gzip
import re
from dataclasses import dataclass
from pathlib import Path

from umbral.data.dataset import DataError

__all__ = ["COMMA_DECIMAL", "DELIMITER_NAMES", "Dialect", "text_table", "utf8"]

#: The delimiters looked for, with the names the report and the errors use.
DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab", "|": "vertical bar"}
#: Bytes looked at to find the delimiter and decimal mark.
SAMPLE_BYTES = 64 * 1024
#: A number written with a decimal comma: ``0,749``.
COMMA_DECIMAL = re.compile(r"^\s*[-+]?\d+,\d+\s*$")
_DOT_DECIMAL = re.compile(r"^\s*[-+]?\d*\.\d+(?:[eE][-+]?\d+)?\s*$")


@dataclass(frozen=True)
class Dialect:
    """How the table was written: ``delimiter`` between cells, ``decimal`` mark in numbers, ``encoding``."""

    delimiter: str = ","
    decimal: str = "."
    encoding: str = "UTF-8"
    sep_line: bool = False  # the file began with Excel's "sep=;" line (dropped before reading)

    def describe(self) -> str:
        """``"semicolon-separated, decimal comma, UTF-16"``: what the report's header says."""
        mark = "decimal comma" if self.decimal == "," else "decimal point"
        return f"{DELIMITER_NAMES[self.delimiter]}-separated, {mark}, {self.encoding}"


def text_table(raw: bytes, path: Path) -> tuple[bytes, Dialect]:
    """The table's bytes as UTF-8 with LF or CRLF line ends, and how to split them.

    A :class:`DataError` names what is wrong: binary content, text in an
    encoding other than UTF-8/UTF-16 (and which one it looks like), or a
    delimiter that cannot be told.
    """
    if path.suffix.lower() == ".gz":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as exc:
            raise DataError(f"{path} is not a readable gzip file ({exc}); compress it again or unpack it") from None
    raw, encoding = utf8(raw, path)
    if b"\r" in raw[:SAMPLE_BYTES] and b"\n" not in raw:
        raw = raw.replace(b"\r", b"\n")  # old Mac line endings
    excel = re.match(rb"sep=(.)\r?\n", raw)
    if excel:
        raw = raw[excel.end():]
        delimiter = excel.group(1).decode("utf-8")
        if delimiter not in DELIMITER_NAMES:
            raise DataError(f"{path} starts with sep={delimiter!r}; umbral reads comma, semicolon, tab or "
                            "vertical-bar tables: re-save it with one of those")
    else:
        delimiter = _delimiter(raw, path)
    return raw, Dialect(delimiter, _decimal(raw, delimiter), encoding, sep_line=excel is not None)


#: Control bytes no text table holds (tab, line breaks and the NUL counted apart).
_CONTROL = re.compile(rb"[\x01-\x08\x0e-\x1f]")


def utf8(raw: bytes, path: Path) -> tuple[bytes, str]:
    """``raw`` as UTF-8 bytes (a BOM dropped) and the encoding it came in."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16").encode("utf-8"), "UTF-16"
        except UnicodeDecodeError:
            raise DataError(f"{path} starts like UTF-16 text but is not; re-save it as UTF-8 CSV") from None
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    sample = raw[:SAMPLE_BYTES]
    if b"\x00" in sample and (sample.count(b"\x00") * 100 > len(sample) or b"\n" not in sample
                               or _CONTROL.search(sample)):
        # Many NULs: binary. A stray one in text is refused by data.records.checked_count, naming its line.
        raise DataError(f"{path} looks binary, not text; give a UTF-8 CSV/JSON file, an .xlsx or a .parquet file")
    if not raw.isascii():
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DataError(_not_utf8(raw, exc, path)) from None
    return raw, "UTF-8"


def _not_utf8(raw: bytes, error: UnicodeDecodeError, path: Path) -> str:
    """The one-line reason a file is not UTF-8: where, what it looks like, how to re-save it."""
    line = raw.count(b"\n", 0, error.start) + 1
    byte = raw[error.start]
    try:
        shown = raw[error.start:error.start + 1].decode("cp1252")
        looks = f"Windows-1252 / Latin-1 text ({shown!r})"
        convert = "iconv -f cp1252 -t utf-8"
    except UnicodeDecodeError:
        looks, convert = "another encoding", "iconv -f <its encoding> -t utf-8"
    return (f"{path} is not UTF-8: byte 0x{byte:02x} on line {line} looks like {looks}; re-save it as UTF-8 "
            f"(Excel: Save As > CSV UTF-8; or {convert} {path.name} > fixed.csv)")


def _sample_lines(raw: bytes, count: int = 50) -> list[str]:
    text = raw[:SAMPLE_BYTES].decode("utf-8", errors="ignore")
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[:-1] if len(raw) > SAMPLE_BYTES and len(lines) > 1 else lines[:count]


def _delimiter(raw: bytes, path: Path) -> str:
    """The delimiter of the first lines: the one candidate that splits every line into the same number of cells."""
    if path.suffix.lower() == ".tsv" or Path(path.stem).suffix.lower() == ".tsv":
        return "\t"
    lines = _sample_lines(raw)
    if not lines:
        return ","
    counts = {}
    for candidate in DELIMITER_NAMES:
        widths = {len(row) for row in csv.reader(lines, delimiter=candidate)}
        if len(widths) == 1 and (width := widths.pop()) > 1:
            counts[candidate] = width
    if "," in counts or not counts:
        return ","  # also a one-column file, whose problem the header check names
    if len(counts) == 1:
        return next(iter(counts))
    try:
        found = csv.Sniffer().sniff("\n".join(lines), delimiters="".join(counts)).delimiter
    except csv.Error:
        found = max(counts, key=counts.get)
    names = " and ".join(DELIMITER_NAMES[c] for c in counts)
    if found not in counts:
        raise DataError(f"{path}: cannot tell the delimiter ({names} both split every line); re-save it "
                        "comma-separated or start it with a line sep=;")
    return found


def _decimal(raw: bytes, delimiter: str) -> str:
    """``","`` when numbers are written ``0,749`` (never with a comma delimiter), else ``"."``."""
    if delimiter == ",":
        return "."
    cells = [cell for row in csv.reader(_sample_lines(raw)[1:], delimiter=delimiter) for cell in row]
    commas = sum(bool(COMMA_DECIMAL.match(cell)) for cell in cells)
    points = sum(bool(_DOT_DECIMAL.match(cell)) for cell in cells)
    return "," if commas > points else "."
