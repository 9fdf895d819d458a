"""Spreadsheets from everywhere, table-driven (issue 15, sections 4 and 6).

Every accepted file gives exactly the numbers of a clean comma-separated
UTF-8 copy of the same data; every rejected one is one ``error:`` line, exit
2, no traceback, nothing written.
"""

from __future__ import annotations

import gzip
import json
import unicodedata
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

LABELS = np.array([1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1])
SCORES = np.array([0.91, 0.12, 0.749, 0.66, 0.3, 0.45, 0.81, 0.05, 0.52, 0.7,
                   0.2, 0.58, 0.33, 0.41, 0.95, 0.61, 0.49, 0.18, 0.27, 0.88])


def _rows(delimiter: str = ",", decimal: str = ".", labels=None, header=("label", "score")) -> list[str]:
    labels = LABELS if labels is None else labels
    return [delimiter.join(header)] + [f"{label}{delimiter}{str(score).replace('.', decimal)}"
                                       for label, score in zip(labels, SCORES, strict=True)]


def _text(rows, end="\n") -> str:
    return end.join(rows) + end


def _xlsx(path: Path, labels=None) -> None:
    import pandas as pd

    pd.DataFrame({"label": LABELS if labels is None else labels, "score": SCORES}).to_excel(path, index=False)


#: name -> file content (bytes, or a callable writing the file): each must read as the clean copy.
ACCEPTED = {
    "plain.csv": _text(_rows()).encode(),
    "crlf.csv": _text(_rows(), "\r\n").encode(),
    "cr-only.csv": _text(_rows(), "\r").encode(),
    "semicolon.csv": _text(_rows(";")).encode(),
    "semicolon-decimal-comma.csv": _text(_rows(";", ",")).encode(),
    "excel-sep-line.csv": ("sep=;\n" + _text(_rows(";", ","))).encode(),
    "excel-sep-line-crlf.csv": ("sep=;\r\n" + _text(_rows(";", ","), "\r\n")).encode(),
    "tab-named-csv.csv": _text(_rows("\t")).encode(),
    "tab-decimal-comma.csv": _text(_rows("\t", ",")).encode(),
    "pipes.csv": _text(_rows("|")).encode(),
    "scores.tsv": _text(_rows("\t")).encode(),
    "utf8-bom.csv": b"\xef\xbb\xbf" + _text(_rows()).encode(),
    "utf16-le-bom.csv": _text(_rows()).encode("utf-16"),
    "utf16-be-bom.csv": b"\xfe\xff" + _text(_rows()).encode("utf-16-be"),
    "utf16-semicolon-comma.csv": _text(_rows(";", ",")).encode("utf-16"),
    "gzipped.csv.gz": gzip.compress(_text(_rows()).encode(), mtime=0),
    "gzipped.tsv.gz": gzip.compress(_text(_rows("\t")).encode(), mtime=0),
    "blank-lines.csv": ("\n" + _text(_rows()).replace("\n", "\n\n", 3)).encode(),
    "true-false.csv": _text(_rows(labels=np.where(LABELS == 1, "True", "False"))).encode(),
    "mixed-true-one.csv": _text(_rows(labels=np.array(["1", "0", "True", "1.0", "false", "0.0", "true", "0", "0",
                                                       "1", "FALSE", "1", "0", "0", "1.0", "0", "TRUE", "0", "0",
                                                       "1"]))).encode(),
    "spaces-around.csv": _text([", ".join(("label", "score"))]
                               + [f" {label} , {score} " for label, score in zip(LABELS, SCORES, strict=True)]
                               ).encode(),
    "quoted-cells.csv": _text(['"label","score"'] + [f'"{label}","{score}"'
                                                   for label, score in zip(LABELS, SCORES, strict=True)]).encode(),
    "workbook.xlsx": _xlsx,
    "records.json": json.dumps([{"label": int(label), "score": float(score)}
                                for label, score in zip(LABELS, SCORES, strict=True)]).encode(),
    "columns.json.gz": gzip.compress(json.dumps({"label": LABELS.tolist(), "score": SCORES.tolist()}).encode(),
                                     mtime=0),
}

#: name -> (file content, words the one-line error must contain).
REJECTED = {
    "latin1.csv": (_text(_rows(header=("label", "score"))).replace("label", "etiquetá").encode("latin-1"),
                   ("not UTF-8", "Windows-1252 / Latin-1", "line 1", "CSV UTF-8")),
    "cp1252-quote.csv": ((_text(_rows()) + "1,0.5,“x”\n").encode("cp1252"), ("not UTF-8", "Windows-1252")),
    "unbalanced-quote.csv": (_text(_rows()[:4] + ['"1,0.5'] + _rows()[4:]).encode(), ("quote", "line 5")),
    "ragged-row.csv": (_text(_rows() + ["1,0.5,7"]).encode(), ("row 21", "3 fields", "comma")),
    "binary.csv": (b"\x89PNG\r\n\x1a\n\x00\x00\x00", ("looks binary",)),
    "empty-rows-only.csv": (b"label,score\n", ("no data rows",)),
    "header-only-semicolon.csv": (b"label;score\n", ("no data rows",)),
    "three-labels.csv": (_text(_rows(labels=np.array([0, 1, 2] * 6 + [0, 1]))).encode(),
                         ("3 different labels", "--label-col")),
    "score-out-of-range.csv": (_text(_rows()[:-1] + ["1,1.5"]).encode(), ("1.5",)),
    "score-text.csv": (_text(_rows()[:-1] + ["1,high"]).encode(), ("high",)),
    "empty-score.csv": (_text(_rows()[:-1] + ["1,"]).encode(), ("empty score",)),
    "one-class.csv": (_text(_rows(labels=np.ones(20, dtype=int))).encode(), ("only one class",)),
    "repeated-key.json": (b'{"label": [0, 1], "score": [0.1, 0.9], "label": [1, 0]}', ("'label'", "twice")),
    "bad.json": (b'{"label": [0, 1], "score": [0.1, 0.9]', ("not valid JSON",)),
    "not-gzip.csv.gz": (_text(_rows()).encode(), ("gzip",)),
    "damaged.xlsx": (b"PK\x03\x04 not really a workbook", ("Excel workbook",)),
    "scores.txt": (_text(_rows()).encode(), ("unknown file type", ".txt")),
    "scores.parquet.gz": (b"\x1f\x8b", ("unknown file type",)),
    "excel-sep-line-unknown.csv": (("sep=#\n" + _text(_rows("#"))).encode(), ("sep='#'",)),
    "duplicate-columns.csv": (_text(["label,score,score"] + [f"{a},{b},{b}" for a, b in zip(LABELS, SCORES,
                                                                                          strict=True)]).encode(),
                              ("'score'", "twice")),
}


def _write(tmp_path: Path, name: str, content) -> Path:
    folder = tmp_path / "data"
    folder.mkdir(exist_ok=True)
    path = folder / name
    content(path) if callable(content) else path.write_bytes(content)
    return path


def _report(path: Path) -> tuple[int, dict | None, str]:
    from umbral.cli import cli

    result = CliRunner().invoke(cli, ["report", "--json", "--data", str(path)])
    stdout = result.stdout
    return result.exit_code, (json.loads(stdout) if result.exit_code == 0 else None), result.stderr


@pytest.fixture(scope="module")
def clean_numbers(tmp_path_factory):
    code, numbers, stderr = _report(_write(tmp_path_factory.mktemp("clean"), "clean.csv", ACCEPTED["plain.csv"]))
    assert code == 0, stderr
    return numbers


_SAME = ("n", "positives", "tp", "fp", "fn", "tn", "auc", "average_precision", "f1", "thresholds")


@pytest.mark.parametrize("name", ACCEPTED)
def test_an_awkward_file_gives_the_clean_copys_numbers(tmp_path, name, clean_numbers):
    code, numbers, stderr = _report(_write(tmp_path, name, ACCEPTED[name]))
    assert code == 0, stderr
    assert {key: numbers[key] for key in _SAME} == {key: clean_numbers[key] for key in _SAME}


@pytest.mark.parametrize("name", REJECTED)
def test_an_unreadable_file_is_one_line_exit_2_and_nothing_written(tmp_path, name):
    content, words = REJECTED[name]
    path = _write(tmp_path, name, content)
    before = sorted(tmp_path.rglob("*"))
    code, _, stderr = _report(path)
    lines = stderr.strip().splitlines()
    assert code == 2, stderr
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in stderr, stderr
    for word in words:
        assert word in lines[0], lines[0]
    assert sorted(tmp_path.rglob("*")) == before


def test_there_are_at_least_forty_awkward_inputs():
    assert len(ACCEPTED) + len(REJECTED) >= 40


def test_the_report_header_says_how_the_file_was_read(tmp_path):
    from umbral.cli import cli

    path = _write(tmp_path, "eu.csv", ("sep=;\n" + _text(_rows(";", ","))).encode("utf-16"))
    result = CliRunner().invoke(cli, ["report", "--data", str(path)])
    assert result.exit_code == 0, result.stderr
    assert "read as semicolon-separated, decimal comma, UTF-16" in result.stdout


def test_labels_are_unicode_normalised_before_comparing_with_positive(tmp_path):
    decomposed, composed = unicodedata.normalize("NFD", "sí"), unicodedata.normalize("NFC", "sí")
    labels = np.where(LABELS == 1, decomposed, "no")
    labels[0] = composed  # the same class typed two ways
    path = _write(tmp_path, "accents.csv", _text(_rows(labels=labels)).encode())
    from umbral.data import load_dataset

    dataset = load_dataset(path, positive=composed)
    assert dataset.y_true.tolist() == LABELS.tolist()


def test_a_raw_target_with_three_classes_asks_for_a_positive_class(tmp_path):
    from umbral.data import DataError, load_dataset

    rows = ["a,b,kind"] + [f"{i * 7 % 11},{i * 3 % 13},{('cat', 'dog', 'fox')[i % 3]}" for i in range(60)]
    path = _write(tmp_path, "animals.csv", _text(rows).encode())
    with pytest.raises(DataError, match="name the positive class with --positive .*every other class becomes"):
        load_dataset(path, target="kind")
    one_vs_rest = load_dataset(path, target="kind", positive="dog")
    assert one_vs_rest.n == 18  # the 30 % test split of 60 rows


def test_a_relative_data_path_in_the_config_is_read_from_the_configs_folder(tmp_path, monkeypatch):
    from umbral.cli import cli

    chapter = tmp_path / "chapter"
    chapter.mkdir()
    _write(chapter, "s.csv", ACCEPTED["plain.csv"])
    (chapter / "umbral.toml").write_text('data = "data/s.csv"\n', encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = CliRunner().invoke(cli, ["--config", str(chapter / "umbral.toml"), "report", "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["n"] == 20
    monkeypatch.setenv("HOME", str(chapter))
    (chapter / "umbral.toml").write_text('data = "~/data/s.csv"\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["--config", str(chapter / "umbral.toml"), "report", "--json"])
    assert result.exit_code == 0, result.stderr
