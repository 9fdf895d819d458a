"""Rows are never lost (issue 32): umbral's row count is the file's record count, or it refuses.

A reference reader written here, apart from umbral's readers (Python's ``csv`` module,
strict, every record as wide as the header; ``json`` and ``openpyxl`` for the other types),
is held against umbral on every file of the awkward-file collection, on 1e5-row files with
each classic fault, and on files hypothesis generates with random quoting faults. umbral may
refuse where the reference reads only for a NUL byte (no two CSV readers agree after one).
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import tempfile
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.data.test_awkward_files import ACCEPTED, REJECTED
from umbral.cli import cli
from umbral.data import DataError, load_study
from umbral.data.dialect import text_table
from umbral.data.records import checked_count
from umbral.data.tables import _read_csv_arrow, count_vouches_for_arrow, read_table

BIG = 100_000


#: Where umbral refuses a file the reference reads: a NUL byte (readers disagree on what follows),
#: a repeated column or JSON key (which one wins?), a delimiter it does not take, no data rows.
STRICTER = ("NUL byte", "appears twice", "starts with sep=", "no data rows", "unknown file type")


class Refused(Exception):
    """The reference reader cannot read the file as a table."""


def _decoded(raw: bytes, path: Path) -> str:
    """The file's text as the reference reads it: gunzipped, BOM-aware UTF-8 / UTF-16, strict."""
    if path.suffix == ".gz":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as exc:
            raise Refused("not gzip") from exc
    try:
        if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
            return raw.decode("utf-16")
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise Refused("not UTF") from exc


def reference_count(raw: bytes, path: Path, delimiter: str) -> int:
    """Data rows by the reference: records with a non-blank cell, after the header (and a ``sep=`` line)."""
    kind = path.name.lower().removesuffix(".gz").rsplit(".", 1)[-1]
    if kind == "json":
        try:
            document = json.loads(_decoded(raw, path))
        except json.JSONDecodeError as exc:
            raise Refused("not JSON") from exc
        if isinstance(document, list):
            return len(document)
        return max(len(values) for values in document.values())
    if kind == "xlsx":
        from openpyxl import load_workbook

        try:
            sheet = load_workbook(io.BytesIO(raw), read_only=True).active
        except Exception as exc:  # openpyxl raises many kinds for a damaged workbook
            raise Refused("not a workbook") from exc
        rows = [row for row in sheet.iter_rows(values_only=True) if any(cell is not None for cell in row)]
        return len(rows) - 1
    text = _decoded(raw, path)
    if text.startswith("sep="):
        text = text.split("\n", 1)[1] if "\n" in text else ""
    try:
        records = [row for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True) if row]
    except csv.Error as exc:
        raise Refused(str(exc)) from exc
    if not records:
        raise Refused("no header")
    if any(len(row) != len(records[0]) for row in records):
        raise Refused("a ragged record")
    return sum(1 for row in records[1:] if any(cell.strip() for cell in row))


def _umbral_count(raw: bytes, path: Path) -> int:
    return read_table(path, raw).meta["rows"].rows


def _fast_count(raw: bytes, path: Path) -> int | None:
    """pyarrow's count where umbral would use it (None: umbral leaves the file to the reference reader)."""
    raw, dialect = text_table(raw, path)
    count = checked_count(raw, path, dialect.delimiter)
    if not count_vouches_for_arrow(count):
        return None
    table = _read_csv_arrow(raw, path, dialect, count)
    return None if table is None else table.meta["rows"].rows


def _delimiter(raw: bytes, path: Path) -> str:
    try:
        return text_table(raw, path)[1].delimiter
    except DataError:
        return ","  # umbral cannot tell it: the reference reads it as CSV


def _agree(raw: bytes, path: Path) -> tuple[int | None, str]:
    """Assert umbral and the reference agree on ``raw``; (the count, or None when refused; umbral's error)."""
    try:
        expected = reference_count(raw, path, _delimiter(raw, path))
    except Refused:
        expected = None
    try:
        got, error = _umbral_count(raw, path), ""
    except DataError as exc:
        got, error = None, str(exc)
        assert "\n" not in error
    if expected is None:
        assert got is None, f"{path.name}: the reference refuses, umbral read {got} rows"
    elif got is None:
        assert any(reason in error for reason in STRICTER), (
            f"{path.name}: the reference reads {expected} rows, umbral refuses: {error}")
    else:
        assert got == expected, f"{path.name}: umbral read {got} rows, the reference {expected}"
    if got is not None and path.suffix in (".csv", ".tsv"):
        fast = _fast_count(raw, path)
        assert fast in (None, expected), f"{path.name}: pyarrow's {fast} rows against {expected}"
    return got, error


def _content(tmp_path: Path, name: str, content) -> bytes:
    if callable(content):
        path = tmp_path / name
        content(path)
        return path.read_bytes()
    return content


@pytest.mark.parametrize("name", [*ACCEPTED, *REJECTED])
def test_every_awkward_file_reads_as_many_rows_as_the_reference(tmp_path, name):
    content = ACCEPTED[name] if name in ACCEPTED else REJECTED[name][0]
    got, _ = _agree(_content(tmp_path, name, content), Path(name))
    if name in ACCEPTED:
        assert got == 20


# -- 1e5 rows, each classic fault ----------------------------------------------------------------
def _big_rows(seed: int = 0) -> list[str]:
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 2, BIG)
    scores = np.round(rng.random(BIG), 4)
    return ["label,score"] + [f"{label},{score}" for label, score in zip(labels, scores, strict=True)]


def _joined(rows: list[str], end: str = "\n") -> bytes:
    return (end.join(rows) + end).encode()


def _quote_at_row_10() -> bytes:
    rows = _big_rows()
    rows[10] = rows[10].replace(",", ',"')
    return _joined(rows)


def _embedded_newlines() -> bytes:
    rows = [f'{row},"{"first line" + chr(10) + "second" if i % 97 == 0 else "one line"}"'
            for i, row in enumerate(_big_rows()[1:])]
    return _joined(["label,score,note", *rows])


def _nul_at_row_500() -> bytes:
    rows = _big_rows()
    rows[500] = rows[500] + "\x00"
    return _joined(rows)


def _mixed_line_ends() -> bytes:
    rows = _big_rows()
    ends = ["\n", "\r\n", "\r"]
    return "".join(row + ends[i % 3] for i, row in enumerate(rows)).encode()


def _truncated(cut: str) -> bytes:
    rows = _big_rows()
    return {"no line break": _joined(rows)[:-1],
            "mid-row": _joined(rows[:-1]) + rows[-1].split(",")[0].encode(),
            "mid-quote": _joined(rows[:-1]) + b'1,"0.'}[cut]


#: name -> (content, rows umbral must read, or the words of its refusal).
BIG_CASES = {
    "stray quote at row 10": (_quote_at_row_10, ("line 11", "never closed")),
    "quoted newlines in a text column": (_embedded_newlines, BIG),
    "a NUL byte at row 500": (_nul_at_row_500, ("line 501", "NUL")),
    "LF, CRLF and CR mixed": (_mixed_line_ends, BIG),
    "last line without a line break": (lambda: _truncated("no line break"), BIG),
    "last line cut mid-row": (lambda: _truncated("mid-row"), ("row 100000", "1 fields")),
    "last line cut inside a quote": (lambda: _truncated("mid-quote"), ("line 100001", "never closed")),
}


@pytest.mark.parametrize("case", BIG_CASES)
def test_a_big_file_with_a_fault_reads_every_row_or_refuses_naming_the_line(case):
    make, want = BIG_CASES[case]
    got, error = _agree(make(), Path("big.csv"))
    if isinstance(want, int):
        assert got == want
    else:
        assert got is None and all(word in error for word in want), error


def test_the_issues_million_row_file_is_refused_not_shortened(tmp_path):
    """The report from the issue: 882,026 of 1,000,000 rows read without a word. Now one line and exit 2."""
    rng = np.random.default_rng(32)
    lines = [f"{label},{score:.4f}" for label, score in zip(rng.integers(0, 2, 1_000_000), rng.random(1_000_000),
                                                            strict=True)]
    lines[9] = '0,"0.6464'
    path = tmp_path / "big.csv"
    path.write_text("label,score\n" + "\n".join(lines) + "\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli,
                                ["report", "--data", str(path)])
    assert result.exit_code == 2
    message = result.stderr.strip()
    assert "\n" not in message and "line 11" in message and "never closed" in message, message
    assert "882026" not in result.stdout and not out.exists()


def test_the_report_says_how_many_rows_it_read_before_the_numbers(tmp_path):
    path = tmp_path / "s.csv"
    path.write_bytes(("sep=,\n" + "label,score\n\n" + "\n".join(f"{i % 2},0.{i % 9 + 1}" for i in range(30))
                      + "\n,\n").encode())
    result = CliRunner().invoke(cli, ["report", "--data", str(path)])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].strip() == "read 30 rows (34 lines: a sep= line, a header, 1 blank line, 1 row of empty cells)"
    assert lines[2].strip().startswith("n 30 ")
    as_json = json.loads(CliRunner().invoke(cli,
                                            ["report", "--json", "--data", str(path)]).stdout)
    assert as_json["read_rows"] == {"rows": 30, "lines": 34, "text": lines[1].strip()}



def test_trace_lab_and_render_say_how_many_rows_they_read_first(tmp_path):
    path = tmp_path / "s.csv"
    path.write_bytes(("label,score\n\n" + "\n".join(f"{i % 2},0.{i % 9 + 1}" for i in range(30)) + "\n").encode())
    said = "s: read 30 rows (32 lines: a header, 1 blank line)"
    trace = CliRunner().invoke(cli, ["trace", "--data", str(path)])
    assert trace.exit_code == 0 and trace.stdout.splitlines()[0] == said, trace.output
    as_json = CliRunner().invoke(cli, ["trace", "--json", "--data", str(path)])
    assert as_json.stderr.strip() == said and len(json.loads(as_json.stdout)) == 51  # the JSON stays one document
    lab = CliRunner().invoke(cli, ["lab", "--data", str(path), "--lang", "en", "--out", str(tmp_path / "lab")])
    assert lab.exit_code == 0 and lab.stdout.splitlines()[0] == said, lab.output
    render = CliRunner().invoke(cli, ["render", "AccuracyParadox", "--data", str(path), "--resolution", "64x36",
                                      "--fps", "2", "--format", "png", "--out", str(tmp_path / "out")])
    assert render.exit_code == 0 and said in render.stdout.splitlines(), render.output
    again = CliRunner().invoke(cli, ["trace", "--data", "clinic20"])
    assert "read " not in again.stdout.splitlines()[0]  # a built-in is not read from a file

# -- nested JSON -----------------------------------------------------------------------------------
@pytest.mark.parametrize("document, words", [
    ({"label": [[1], [0], [1], [0]], "score": [0.9, 0.2, 0.7, 0.4]}, ("column 'label'", "a list in row 1", "[1]")),
    ([{"label": 1, "score": 0.9}, {"label": 0, "score": {"p": 0.2}}], ("column 'score'", "an object in row 2")),
])
@pytest.mark.parametrize("extra", [[], ["--positive", "1"]])
def test_nested_json_values_are_one_line_naming_column_and_row(tmp_path, document, words, extra):
    path = tmp_path / "nested.json"
    path.write_text(json.dumps(document))
    result = CliRunner().invoke(cli, ["report", "--data", str(path), *extra])
    assert result.exit_code == 2, result.output
    message = result.stderr.strip()
    assert message.startswith("error:") and "\n" not in message and "Traceback" not in result.output
    assert all(word in message for word in words), message


# -- hypothesis: random quoting faults ------------------------------------------------------------
@st.composite
def faulty_csv(draw) -> bytes:
    """A small label,score CSV, then a few faults: stray or doubled quotes, quoted line breaks, blank lines, cuts."""
    n = draw(st.integers(4, 30))
    labels = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    scores = draw(st.lists(st.integers(0, 100), min_size=n, max_size=n))
    end = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    rows = ["label,score"] + [f"{label},{score / 100}" for label, score in zip(labels, scores, strict=True)]
    text = end.join(rows) + end
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        fault = draw(st.sampled_from(['"', '""', '"\n', '\n"', "\n", "\r", ',"a\nb"', '"x"y']))
        text = text[:at] + fault + text[at:]
    if draw(st.booleans()):
        text = text[:draw(st.integers(len(rows[0]) + 1, len(text)))]
    return text.encode()


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(faulty_csv())
def test_umbral_never_reports_a_row_count_other_than_the_references(raw):
    got, _ = _agree(raw, Path("faulty.csv"))
    if got is None:
        return
    with tempfile.TemporaryDirectory(prefix="umbral-rows-") as folder:
        path = Path(folder) / "faulty.csv"
        path.write_bytes(raw)
        try:
            study = load_study(str(path))
        except DataError:
            return  # every row was read; a cell is no score or label: refused, fine
    assert sum(part.n for part in study.parts.values()) == got
