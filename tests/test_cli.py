"""The command line, end to end: report, trace, scores, list and the bad-input contract.

Exit codes, stderr and files written are checked on the real entry point (``python render.py``
in a subprocess); a few numeric variants run in-process through click's ``CliRunner``.
Every output goes into ``tmp_path``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from tests.ceilings import HANG_SECONDS
from tests.shared_data import PIMA, needs
from umbral.data import BUILTINS
from umbral.metrics import Snapshot
from umbral.metrics.report import REPORT_KEYS
from umbral.metrics.thresholds import RULES

ROOT = Path(__file__).resolve().parents[1]
HEAVY_MODULES = {"manim", "pandas", "sklearn", "scipy"}


def run_cli(*args: str, extra_flags: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """Run ``python render.py ARGS`` from the repository root and capture its text output."""
    return subprocess.run(
        [sys.executable, *extra_flags, "render.py", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=HANG_SECONDS, check=False,
    )


def invoke(*args: str) -> dict | list:
    """Run a command in-process and return its parsed JSON stdout."""
    from umbral.cli import cli

    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def files_under(folder: Path) -> list[Path]:
    """Every file under ``folder``, hidden ones included (rglob('*') matches dotfiles)."""
    return [p for p in folder.rglob("*") if p.is_file()] if folder.exists() else []


@pytest.fixture(scope="module")
def clinic_report() -> dict:
    result = run_cli("report", "--data", "clinic20", "--json")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


# --- report -------------------------------------------------------------------------------


def test_report_json_keys_in_order(clinic_report):
    # The metrics at the threshold, then the calibration section every report carries.
    assert tuple(clinic_report) == (*REPORT_KEYS, "calibration")


def test_report_json_clinic20_numbers(clinic_report):
    counts = {key: clinic_report[key] for key in ("tp", "fp", "fn", "tn")}
    assert counts == {"tp": 4, "fp": 2, "fn": 1, "tn": 13}
    assert (clinic_report["n"], clinic_report["positives"], clinic_report["negatives"]) == (20, 5, 15)
    assert clinic_report["threshold"] == 0.5
    assert clinic_report["auc"] == pytest.approx(67 / 75, abs=1e-12)
    assert clinic_report["verified_against_sklearn"] is True


def test_report_json_thresholds_cover_every_rule(clinic_report):
    assert set(clinic_report["thresholds"]) == set(RULES)
    assert clinic_report["thresholds"]["min_expected_cost"] == pytest.approx(0.30, abs=1e-12)
    assert clinic_report["thresholds"]["cost_ratio"] == pytest.approx(1 / 11)


def test_report_threshold_option_moves_the_grid():
    values = invoke("report", "--data", "clinic20", "--threshold", "0.3", "--json")
    assert values["threshold"] == 0.3
    assert (values["tp"], values["fp"]) == (5, 5)
    assert values["tp"] + values["fp"] + values["fn"] + values["tn"] == 20


def test_report_costs_change_cost_rules(clinic_report):
    values = invoke("report", "--data", "clinic20", "--cost-fn", "1", "--cost-fp", "1", "--json")
    assert values["thresholds"]["cost_ratio"] == 0.5
    assert values["thresholds"]["min_expected_cost"] != clinic_report["thresholds"]["min_expected_cost"]
    # Costs do not touch the counts at the requested threshold.
    assert values["tp"] == clinic_report["tp"] and values["auc"] == clinic_report["auc"]


def test_report_table_is_readable():
    result = run_cli("report", "--data", "clinic20")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    table = result.stdout
    assert "Verified against scikit-learn: yes" in table
    assert "TP        4" in table and "FN        1" in table
    assert "FP        2" in table and "TN       13" in table
    with pytest.raises(json.JSONDecodeError):
        json.loads(table)


@needs(PIMA)
def test_report_raw_table_pima():
    relative = Path("..") / "shared" / "data" / PIMA.name
    result = run_cli("report", "--data", str(relative), "--target", "Outcome", "--json")
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert (values["n"], values["positives"]) == (231, 80)
    assert (values["tp"], values["fp"], values["fn"], values["tn"]) == (49, 23, 31, 128)
    assert round(values["auc"], 4) == 0.8295
    assert values["verified_against_sklearn"] is True


# --- trace --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def clinic_trace() -> list[dict]:
    result = run_cli("trace", "--data", "clinic20", "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_trace_grid_is_exact(clinic_trace):
    assert len(clinic_trace) == 51
    thresholds = [row["threshold"] for row in clinic_trace]
    assert thresholds == (np.arange(51) / 50).tolist()  # exact: 0.7, never 0.7000000000000001


def test_trace_rows_have_the_per_threshold_keys(clinic_trace):
    for row in clinic_trace:
        assert tuple(row) == Snapshot.PER_THRESHOLD_KEYS
        assert row["tp"] + row["fp"] + row["fn"] + row["tn"] == 20


def test_trace_counts_at_half_and_at_a_tied_score(clinic_trace):
    by_threshold = {row["threshold"]: row for row in clinic_trace}
    assert by_threshold[0.5]["tp"] == 4
    # clinic20 has a positive scored exactly 0.70: positive iff score >= threshold keeps it.
    assert by_threshold[0.7]["tp"] == 3
    assert by_threshold[0.72]["tp"] == 2


# --- scores round trip --------------------------------------------------------------------


def test_scores_export_reads_back_identically(tmp_path, clinic_report):
    out = tmp_path / "x.json"
    result = run_cli("scores", "--data", "clinic20", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert str(out) in result.stdout
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["provenance"]["kind"] == "builtin"
    assert document["provenance"]["builtin"] == "clinic20"
    assert len(document["y_true"]) == len(document["y_score"]) == 20
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]  # no temp file left behind

    again = run_cli("report", "--data", str(out), "--json")
    assert again.returncode == 0, again.stderr
    read_back = json.loads(again.stdout)
    assert read_back.pop("read_rows") == {"rows": 20, "lines": None, "text": "read 20 rows"}
    assert read_back == clinic_report


# --- list ---------------------------------------------------------------------------------


def test_list_names_scenes_and_datasets():
    result = run_cli("list")
    assert result.returncode == 0, result.stderr
    assert "ThresholdSweep" in result.stdout
    for name in BUILTINS:
        assert name in result.stdout


# --- bad input ----------------------------------------------------------------------------

GOOD_ROWS = "0,0.1\n1,0.9\n0,0.3\n1,0.7\n"


def _write(path: Path, content: str | bytes) -> Path:
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


# name -> builds the data arguments inside a folder; "expect" is a fragment the message must hold.
BAD_DATA = {
    "missing-path": (lambda d: ["--data", str(d / "missing.csv")], "no such file"),
    "directory": (lambda d: ["--data", str((d / "adir").mkdir() or d / "adir")], "is a directory"),
    "empty-file": (lambda d: ["--data", str(_write(d / "empty.csv", ""))], "empty"),
    "header-only": (lambda d: ["--data", str(_write(d / "h.csv", "y_true,y_score\n"))], "no data rows"),
    "binary-garbage": (lambda d: ["--data", str(_write(d / "g.csv", bytes(range(256)) * 8))], "binary"),
    "no-label-column": (
        lambda d: ["--data", str(_write(d / "nl.csv", "foo,y_score\n" + GOOD_ROWS))], "no label column"),
    "ambiguous-label": (
        lambda d: ["--data", str(_write(d / "amb.csv", "label,target,y_score\n1,1,0.9\n0,0,0.1\n"))],
        "--label-col"),
    "duplicated-header": (
        lambda d: ["--data", str(_write(d / "dup.csv", "y_true,y_score,y_score\n0,0.1,0.1\n1,0.9,0.9\n"))],
        "appears twice"),
    "target-not-in-table": (
        lambda d: ["--data", str(_write(d / "raw.csv", "a,b,outcome\n" + "1,2,0\n3,4,1\n" * 10)),
                   "--target", "nope"],
        "no target column"),
    "three-labels": (
        lambda d: ["--data", str(_write(d / "three.csv", "y_true,y_score\n0,0.1\n1,0.9\n2,0.5\n"))],
        "3 different labels"),
    "one-class": (
        lambda d: ["--data", str(_write(d / "one.csv", "y_true,y_score\n1,0.1\n1,0.9\n"))], "only one class"),
    "nan-score": (
        lambda d: ["--data", str(_write(d / "nan.csv", "y_true,y_score\n0,0.1\n1,nan\n"))], "NaN"),
    "inf-score": (
        lambda d: ["--data", str(_write(d / "inf.csv", "y_true,y_score\n0,0.1\n1,inf\n"))], "infinite"),
    "non-numeric-score": (
        lambda d: ["--data", str(_write(d / "word.csv", "y_true,y_score\n0,0.1\n1,high\n"))], "not a number"),
    "score-out-of-range": (
        lambda d: ["--data", str(_write(d / "logit.csv", "y_true,y_score\n0,-2.5\n1,3.0\n0,0.5\n"))],
        "--rescale"),
    "json-length-mismatch": (
        lambda d: ["--data", str(_write(d / "m.json", '{"y_true": [0, 1, 0], "y_score": [0.1, 0.9]}'))],
        "3 values"),
    "unknown-name": (lambda d: ["--data", "no-such-dataset"], "no such file"),
    # Regressions: these three used to end in a traceback (exit 1).
    "json-int-too-large-for-float": (
        lambda d: ["--data", str(_write(d / "big.json", '{"y_true": [0, 1], "y_score": [0.1, 1' + "0" * 400 + "]}"))],
        "too large"),
    "json-int-over-digit-limit": (
        lambda d: ["--data", str(_write(d / "huge.json", '{"y_true": [0, 1], "y_score": [0.1, 1' + "0" * 5000 + "]}"))],
        "not readable JSON"),
    "json-nested-too-deep": (
        lambda d: ["--data", str(_write(d / "deep.json", "[" * 100_000 + "]" * 100_000))], "not readable JSON"),
}


def assert_bad_input(result: subprocess.CompletedProcess, expect: str | None = None) -> None:
    """Exit 2, one ``error:`` line on stderr naming the problem, nothing on stdout."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error:")
    if expect is not None:
        assert expect in lines[0]
    assert result.stdout.strip() == ""


@pytest.mark.parametrize("case", list(BAD_DATA))
def test_report_rejects_bad_input(tmp_path, case):
    build, expect = BAD_DATA[case]
    assert_bad_input(run_cli("report", *build(tmp_path), "--json"), expect)


@pytest.mark.parametrize("case", list(BAD_DATA))
def test_scores_rejects_bad_input_and_writes_nothing(tmp_path, case):
    build, expect = BAD_DATA[case]
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    data_args = build(tmp_path)
    assert_bad_input(run_cli("scores", *data_args, "--out", str(out_dir / "x.json")), expect)
    assert files_under(out_dir) == []


@pytest.mark.parametrize("case", ["missing-path", "binary-garbage", "one-class", "score-out-of-range",
                                  "unknown-name"])
def test_render_rejects_bad_data_and_writes_nothing(tmp_path, case):
    build, expect = BAD_DATA[case]
    out_dir = tmp_path / "out"
    assert_bad_input(run_cli("render", *build(tmp_path), "--out", str(out_dir)), expect)
    assert files_under(out_dir) == []


@pytest.mark.parametrize(
    ("args", "expect"),
    [
        (["--transparent", "--format", "mp4"], "--transparent"),
        (["NoSuchScene"], "unknown scene 'NoSuchScene'"),
        (["--resolution", "12x7"], "--resolution"),
        (["--at", "1.5"], "--at"),
    ],
    ids=["transparent-mp4", "unknown-scene", "odd-resolution", "threshold-outside-0-1"],
)
def test_render_rejects_bad_options_and_writes_nothing(tmp_path, args, expect):
    out_dir = tmp_path / "out"
    assert_bad_input(run_cli("render", "--data", "clinic20", *args, "--out", str(out_dir)), expect)
    assert files_under(out_dir) == []


@pytest.mark.parametrize(
    "args",
    [["--threshold", "nan"], ["--cost-fn", "nan"], ["--cost-fp", "inf"], ["--cost-fn", "-1"],
     ["--cost-fn", "0", "--cost-fp", "0"]],
    ids=["threshold-nan", "cost-fn-nan", "cost-fp-inf", "cost-negative", "costs-both-zero"],
)
def test_report_rejects_bad_threshold_and_costs(args):
    # NaN passes click's FloatRange; before the fix it printed "threshold": NaN (invalid JSON) and exit 0.
    assert_bad_input(run_cli("report", "--data", "clinic20", *args, "--json"))


def test_scores_refuses_an_out_path_of_another_format(tmp_path):
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    result = run_cli("scores", "--data", "clinic20", "--out", str(out_dir / "x.xlsx"))
    assert_bad_input(result, ".json, .csv or .parquet")
    assert files_under(out_dir) == []


def test_scores_refuses_a_missing_out_folder(tmp_path):
    out = tmp_path / "absent" / "x.json"
    assert_bad_input(run_cli("scores", "--data", "clinic20", "--out", str(out)), "does not exist")
    assert not out.parent.exists()


def test_out_of_range_scores_work_with_rescale_minmax(tmp_path):
    build, _ = BAD_DATA["score-out-of-range"]
    result = run_cli("report", *build(tmp_path), "--rescale", "minmax", "--json")
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert values["n"] == 3 and values["verified_against_sklearn"] is True


# --- start-up -----------------------------------------------------------------------------


@pytest.mark.parametrize("args", [["--help"], ["report", "--help"]], ids=["top", "report"])
def test_help_does_not_import_heavy_libraries(args):
    result = run_cli(*args, extra_flags=("-X", "importtime"))
    assert result.returncode == 0, result.stderr
    assert "Usage:" in result.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines()
                if line.startswith("import time:")}
    assert "click" in imported  # the log is real
    heavy = sorted(name for name in imported if name.split(".")[0] in HEAVY_MODULES)
    assert heavy == []


# --- the umbral command -------------------------------------------------------------------

def test_umbral_command_equals_render_py():
    import tomllib

    umbral = Path(sys.executable).parent / "umbral"
    assert umbral.is_file(), "installing umbral (make setup, pip install .) puts the `umbral` command beside python"
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    for command in ([str(umbral)], [sys.executable, "render.py"]):
        result = subprocess.run([*command, "--version"], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert (result.returncode, result.stdout) == (0, f"umbral {version}\n")
    listed = [subprocess.run([*command, "list"], cwd=ROOT, capture_output=True, text=True, timeout=60).stdout
              for command in ([str(umbral)], [sys.executable, "render.py"])]
    assert listed[0] == listed[1] and "ThresholdSweep" in listed[0]
    usage = subprocess.run([str(umbral), "--help"], capture_output=True, text=True, timeout=60).stdout
    assert usage.startswith("Usage: umbral ")
