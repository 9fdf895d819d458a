"""Awkward and hostile input (issue 15): one line on stderr, exit 2, no traceback, nothing written.

Also the silent wrong numbers: a saved pandas index or a row-number column is
never a feature, a feature that gives the label away is flagged, repeated
JSON keys and mistyped umbral.toml values are refused.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ceilings import HANG_SECONDS
from tests.shared_data import write_raw_table

ROOT = Path(__file__).resolve().parents[1]


def umbral(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "render.py"), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=HANG_SECONDS, check=False)


def assert_refused(result: subprocess.CompletedProcess, *words: str) -> str:
    """Exit 2, one line on stderr starting with ``error:`` and naming ``words``, no traceback."""
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2, result.stderr
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


CONFIG_CASES = {  # the line, then what the one line of the error says (the checks the flags use)
    "seed = 1.5": ("umbral.toml:1: seed = 1.5", "must be a whole number"),
    "subtitles = \"no\"": ("subtitles", "true or false"),
    "transparent = 1": ("transparent", "true or false"),
    "seed = true": ("seed = true", "not true/false"),
    "cost_fn = \"ten\"": ("cost_fn", "must be a number"),
    "cost_fn = [1, 2]": ("cost_fn", "not a list"),
    "lang = []": ("lang = []", "empty"),
    "quality = \"ultra\"": ("quality", "choose one of low, medium, high, 4k"),
    "jobs = 0.5": ("jobs", "must be a whole number"),
    "cost_fn = { a = 1 }": ("cost_fn", "not a table"),
}


@pytest.mark.parametrize("line", CONFIG_CASES)
def test_a_mistyped_config_value_is_refused_with_the_flags_message(tmp_path, line):
    (tmp_path / "umbral.toml").write_text(line + "\n", encoding="utf-8")
    assert_refused(umbral("report", cwd=tmp_path), "umbral.toml", *CONFIG_CASES[line])


def test_a_config_seed_is_read_as_the_flag_reads_it(tmp_path):
    """``seed = 3`` in the file and ``--seed 3`` on the line give the same numbers."""
    (tmp_path / "umbral.toml").write_text("seed = 3\nn = 200\n", encoding="utf-8")
    from_file = umbral("report", "--json", cwd=tmp_path)
    (tmp_path / "umbral.toml").unlink()
    from_flags = umbral("report", "--json", "--seed", "3", "--n", "200", cwd=tmp_path)
    assert from_file.returncode == from_flags.returncode == 0, from_file.stderr + from_flags.stderr
    assert json.loads(from_file.stdout) == json.loads(from_flags.stdout)


def test_a_config_that_is_not_utf8_says_so_and_how_to_convert(tmp_path):
    (tmp_path / "umbral.toml").write_bytes('positive_name = "diabéticos"\n'.encode("latin-1"))
    line = assert_refused(umbral("report", cwd=tmp_path), "umbral.toml", "not UTF-8", "iconv")
    assert "0xe9" in line


def test_a_config_with_a_byte_order_mark_is_read(tmp_path):
    (tmp_path / "umbral.toml").write_bytes("\ufeffseed = 3\n".encode())
    assert umbral("report", cwd=tmp_path).returncode == 0


@pytest.mark.parametrize("args, words", [
    (("--at", ""), ("--at", "names no threshold")),
    (("--at", " , "), ("--at", "names no threshold")),
    (("--at", "0.3,,0.5"), ("--at",)),
    (("--resolution", "100000x100000"), ("--resolution", "at most 7680x4320")),
    (("--resolution", "7682x4320"), ("at most",)),
    (("--resolution", ""), ("--resolution", "WIDTHxHEIGHT")),
])
def test_render_options_are_checked_before_any_work(tmp_path, args, words):
    out = tmp_path / "out"
    assert_refused(umbral("render", "ThresholdSweep", "--out", str(out), *args, cwd=tmp_path), *words)
    assert not out.exists()


def test_a_repeated_json_key_is_refused(tmp_path):
    path = tmp_path / "scores.json"
    path.write_text('{"label": [0, 1, 1], "score": [0.1, 0.8, 0.7], "score": [0.9, 0.2, 0.3]}', encoding="utf-8")
    assert_refused(umbral("report", "--data", str(path), cwd=tmp_path), "'score'", "twice")
    records = tmp_path / "records.json"
    records.write_text('[{"label": 1, "score": 0.8, "label": 0}]', encoding="utf-8")
    assert_refused(umbral("report", "--data", str(records), cwd=tmp_path), "'label'", "twice")


@pytest.fixture(scope="module")
def raw_table(tmp_path_factory) -> Path:
    """A Pima-like raw table the test writes itself (four features, ``Outcome``)."""
    return write_raw_table(tmp_path_factory.mktemp("raw") / "raw.csv")


@pytest.fixture(scope="module")
def raw_frame(raw_table):
    import pandas as pd

    return pd.read_csv(raw_table)


def _report(path: Path, cwd: Path) -> tuple[dict, str]:
    result = umbral("report", "--json", "--data", str(path), "--target", "Outcome", cwd=cwd)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout), result.stderr


def test_a_saved_pandas_index_is_not_a_feature(tmp_path, raw_frame):
    """Sorted by the target and saved with its index: the index would predict the label; it is left out."""
    sorted_frame = raw_frame.sort_values("Outcome")
    clean, with_index = tmp_path / "clean.csv", tmp_path / "with_index.csv"
    sorted_frame.to_csv(clean, index=False)
    sorted_frame.to_csv(with_index)  # a leading unnamed column
    expected, _ = _report(clean, tmp_path)
    report, stderr = _report(with_index, tmp_path)
    assert "Unnamed: 0" not in report["features"] and list(report["dropped_columns"]) == ["Unnamed: 0"]
    assert report["auc"] == pytest.approx(expected["auc"], abs=1e-12) and report["auc"] < 0.95
    assert "note: column 'Unnamed: 0' is not used as a feature" in stderr


def test_a_row_number_column_is_not_a_feature_and_the_features_are_listed(tmp_path, raw_frame):
    path = tmp_path / "numbered.csv"
    raw_frame.sort_values("Outcome").reset_index(drop=True).to_csv(path, index_label="row")
    report, stderr = _report(path, tmp_path)
    assert report["features"] == [c for c in raw_frame.columns if c != "Outcome"]
    assert f"row numbers 0..{len(raw_frame) - 1}" in stderr and report["auc"] < 0.95
    text = umbral("report", "--data", str(path), "--target", "Outcome", cwd=tmp_path).stdout
    assert "features Pregnancies, Glucose" in text and "not features row" in text


def test_a_feature_that_gives_the_label_away_is_flagged(tmp_path, raw_frame, raw_table):
    leaky = raw_frame.assign(outcome_code=raw_frame["Outcome"] * 2 + 1)
    path = tmp_path / "leaky.csv"
    leaky.to_csv(path, index=False)
    report, stderr = _report(path, tmp_path)
    assert "warning: feature 'outcome_code' alone separates the classes perfectly" in stderr
    assert report["auc"] == 1.0
    _, quiet = _report(raw_table, tmp_path)
    assert "warning" not in quiet and "note: column" not in quiet


def test_scores_provenance_names_the_features_the_model_used(tmp_path, raw_frame):
    source, out = tmp_path / "with_index.csv", tmp_path / "scores.json"
    raw_frame.to_csv(source)
    result = umbral("scores", "--data", str(source), "--target", "Outcome", "--out", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    provenance = json.loads(out.read_text(encoding="utf-8"))["provenance"]
    assert provenance["features"] == [c for c in raw_frame.columns if c != "Outcome"]
    assert list(provenance["dropped_columns"]) == ["Unnamed: 0"]


def test_an_out_path_through_a_file_is_refused_before_any_work(tmp_path):
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    for out in (tmp_path / "afile", tmp_path / "afile" / "sub"):
        for command in (("render", "ThresholdSweep", "--at", "0.5"), ("lab",)):
            assert_refused(umbral(*command, "--out", str(out), cwd=tmp_path), "--out", str(tmp_path / "afile"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_an_out_folder_that_cannot_be_written_is_refused(tmp_path, monkeypatch):
    """As root every folder is writable, so the permission is faked: the message names the folder to fix."""
    import os

    from umbral.scenes.publish.inside import out_dir_problem

    locked = tmp_path / "locked"
    locked.mkdir()
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != locked)
    assert "cannot be written" in out_dir_problem(locked / "out" / "deeper")
    assert out_dir_problem(tmp_path / "free") is None


def test_a_failed_render_leaves_nothing_new_in_out(tmp_path, monkeypatch):
    """A render that fails after the data loaded (an encoder failing, say) records no datasets.json."""
    from click.testing import CliRunner

    from umbral.cli import cli
    from umbral.scenes.publish.render_run import Lecture

    def failing(self, jobs):
        raise RuntimeError("the encoder gave up")

    monkeypatch.setattr(Lecture, "render", failing)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["render", "ThresholdSweep", "--data", "clinic20", "--at", "0.5",
                                             "--out", str(out)])
    assert result.exit_code == 1 and "the encoder gave up" in result.output
    assert not out.exists() or [p for p in out.rglob("*") if p.is_file()] == []


def test_a_run_that_fails_midway_puts_every_file_back(tmp_path, monkeypatch):
    """Scene A rendered before; a run re-renders A (new size) then fails on B: OUT is byte for byte as before."""
    from click.testing import CliRunner

    from umbral.cli import cli
    from umbral.scenes.publish import jobs

    out = tmp_path / "out"
    first = ["render", "AccuracyParadox", "--data", "clinic20", "--format", "png", "--out", str(out), "-q",
             "--resolution", "320x180", "--jobs", "1"]
    assert CliRunner().invoke(cli, first).exit_code == 0
    before = {path: path.read_bytes() for path in out.rglob("*") if path.is_file()}
    assert any(path.suffix == ".png" for path in before)

    original = jobs._render_one

    def second_fails(index, job, options, facts, sink):
        if job.scene == "ScratchVsLibrary":
            raise RuntimeError("the encoder gave up")
        return original(index, job, options, facts, sink=sink)

    monkeypatch.setattr(jobs, "_render_one", second_fails)
    again = ["render", "AccuracyParadox", "ScratchVsLibrary", "--data", "clinic20", "--format", "png", "--out",
             str(out), "-q", "--resolution", "480x270", "--jobs", "1"]
    result = CliRunner().invoke(cli, again)
    assert result.exit_code == 1 and "the encoder gave up" in result.output
    after = {path: path.read_bytes() for path in out.rglob("*") if path.is_file()}
    assert sorted(after) == sorted(before)  # nothing new, the journal gone
    assert all(after[path] == before[path] for path in before)  # the re-rendered still put back
    assert [p for p in out.rglob("*") if p.is_dir() and not any(p.iterdir())] == []  # no empty new folder


def test_undo_restores_overwritten_files_and_removes_new_ones(tmp_path):
    from umbral.scenes.publish.runner import atomic_target
    from umbral.scenes.publish.undo import JOURNAL_PREFIX, undoable

    out = tmp_path / "out"
    old = out / "data" / "en" / "Old.txt"
    old.parent.mkdir(parents=True)
    old.write_text("old")
    with pytest.raises(RuntimeError), undoable(out):
        for path, text in ((old, "new"), (old, "newer"), (out / "fresh" / "deep" / "New.txt", "new")):
            with atomic_target(path) as temp:
                temp.write_text(text)
        assert old.read_text() == "newer" and any(p.name.startswith(JOURNAL_PREFIX) for p in out.iterdir())
        raise RuntimeError("a later job failed")
    assert old.read_text() == "old"
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == ["data", "data/en", "data/en/Old.txt"]
    with undoable(out):  # success keeps the new content and leaves no journal
        with atomic_target(old) as temp:
            temp.write_text("kept")
    assert old.read_text() == "kept" and sorted(p.name for p in out.iterdir()) == ["data"]


def test_undo_removes_an_out_folder_the_failed_run_created(tmp_path):
    from umbral.scenes.publish.runner import atomic_target
    from umbral.scenes.publish.undo import undoable

    out = tmp_path / "new" / "out"
    with pytest.raises(KeyboardInterrupt), undoable(out):
        with atomic_target(out / "a" / "b.txt") as temp:
            temp.write_text("x")
        raise KeyboardInterrupt
    assert not (tmp_path / "new").exists()


def test_at_on_scenes_without_threshold_stills_is_refused(tmp_path):
    result = umbral("render", "AccuracyParadox", "--data", "clinic20", "--at", "0.5", "--out", str(tmp_path / "o"),
                    cwd=tmp_path)
    assert_refused(result, "AccuracyParadox has no threshold stills", "--format png")
    assert not (tmp_path / "o").exists()
