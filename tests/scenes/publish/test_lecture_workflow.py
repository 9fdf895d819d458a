"""Regenerate only what changed: manifests, data and code fingerprints, --force."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.ceilings import HANG_SECONDS
from umbral.cli import cli
from umbral.scenes.publish import manifest

ROOT = Path(__file__).resolve().parents[3]
#: The smallest frame and a low rate that still play every beat: these tests are about the workflow, not the picture.
TINY = ["--resolution", "64x36", "--fps", "2"]


def render(*args):
    """``umbral render ARGS`` in this process (click's runner: its exit code and printed lines, as the command's).

    Only the check that an up-to-date run never imports Manim needs a process of its own (below).
    """
    return CliRunner().invoke(cli, ["render", *args])


@pytest.fixture
def scores_csv(tmp_path):
    from umbral.data import load_dataset

    clinic = load_dataset("clinic20")
    path = tmp_path / "scores.csv"
    rows = "\n".join(f"{int(y)},{float(s)!r}" for y, s in zip(clinic.y_true, clinic.y_score, strict=True))
    path.write_text(f"y_true,y_score\n{rows}\n")
    return path


def test_rerun_skips_rebuilds_on_change_and_force(tmp_path, scores_csv):
    out = tmp_path / "out"
    first = render("ThresholdSweep", "--data", str(scores_csv), "--out", str(out), *TINY)
    assert first.exit_code == 0, first.output
    video = out / "scores" / "en" / "ThresholdSweep.mp4"
    stamp = video.stat().st_mtime_ns

    # Nothing changed: nothing rendered, and Manim is never imported.
    again = subprocess.run([sys.executable, "-X", "importtime", str(ROOT / "render.py"), "render", "ThresholdSweep",
                            "--data", str(scores_csv), "--out", str(out), *TINY],
                           cwd=ROOT, capture_output=True, text=True, timeout=HANG_SECONDS)
    assert again.returncode == 0, again.stderr
    assert "up to date" in again.stdout and "wrote 0 file(s)" in again.stdout
    imported = {line.split("|")[-1].strip().split(".")[0] for line in again.stderr.splitlines() if "|" in line}
    assert not imported & {"manim", "pandas", "sklearn", "cairo"}
    assert video.stat().st_mtime_ns == stamp

    # A deleted companion file or an edited output is noticed and rebuilt.
    video.with_suffix(".vtt").unlink()
    assert "wrote 5 file(s)" in render("ThresholdSweep", "--data", str(scores_csv), "--out", str(out), *TINY).output
    video.write_bytes(video.read_bytes() + b"edited")
    assert "wrote 5 file(s)" in render("ThresholdSweep", "--data", str(scores_csv), "--out", str(out), *TINY).output

    # A data change (same path, new contents) re-renders; so does --force.
    scores_csv.write_text(scores_csv.read_text().replace("0.55", "0.56"))
    changed = render("ThresholdSweep", "--data", str(scores_csv), "--out", str(out), *TINY)
    assert "wrote 5 file(s)" in changed.output
    forced = render("ThresholdSweep", "--data", str(scores_csv), "--out", str(out), "--force", *TINY)
    assert "wrote 5 file(s)" in forced.output and "up to date:" not in forced.output


def test_manifest_tracks_inputs_and_output(tmp_path):
    output = tmp_path / "Scene.mp4"
    output.write_bytes(b"video")
    subtitle = tmp_path / "Scene.srt"
    subtitle.write_text("1")
    options = {"lang": "en", "format": "mp4"}
    manifest.record(output, "Scene", options, "data-a", "code-a", companions=[subtitle])
    assert manifest.is_up_to_date(output, "Scene", options, "data-a", "code-a")
    assert not manifest.is_up_to_date(output, "Scene", options, "data-b", "code-a")
    assert not manifest.is_up_to_date(output, "Scene", options, "data-a", "code-b")
    assert not manifest.is_up_to_date(output, "Scene", {**options, "lang": "es"}, "data-a", "code-a")
    subtitle.write_text("2")
    assert not manifest.is_up_to_date(output, "Scene", options, "data-a", "code-a")


def test_code_hash_follows_the_scene_and_shared_code(tmp_path, monkeypatch):
    fake_root = tmp_path / "repo"
    shutil.copytree(ROOT / "scenes", fake_root / "scenes", ignore=shutil.ignore_patterns("__pycache__", "control_data"))
    shutil.copytree(ROOT / "metrics", fake_root / "metrics", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(manifest, "ROOT", fake_root)
    before = manifest.code_hash("umbral.scenes.threshold_sweep")
    (fake_root / "scenes" / "components" / "metric_bars.py").write_text("# changed\n", encoding="utf-8")
    changed = manifest.code_hash("umbral.scenes.threshold_sweep")
    assert changed != before
    (fake_root / "scenes" / "palette.py").write_text("# a colour changed\n", encoding="utf-8")
    assert manifest.code_hash("umbral.scenes.threshold_sweep") != changed


def test_every_shared_code_path_exists():
    """A stale entry would silently stop hashing the code it named."""
    missing = [path for path in (*manifest._SHARED_CODE, *manifest._DATA_CODE) if not (ROOT / path).exists()]
    assert missing == []


def test_data_fingerprint_reads_contents_not_mtime(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("y_true,y_score\n1,0.9\n0,0.1\n")
    first = manifest.data_fingerprint(str(path), {}, builtin=False)
    path.write_text("y_true,y_score\n1,0.9\n0,0.1\n")  # rewritten, same bytes
    assert manifest.data_fingerprint(str(path), {}, builtin=False) == first
    path.write_text("y_true,y_score\n1,0.8\n0,0.1\n")
    assert manifest.data_fingerprint(str(path), {}, builtin=False) != first
    assert manifest.data_fingerprint("clinic20", {}, builtin=True) != manifest.data_fingerprint(
        "clinic20", {"seed": 3}, builtin=True)


def test_parallel_render_writes_every_output(tmp_path):
    out = tmp_path / "out"
    result = render("ThresholdSweep", "--data", "clinic20", "--lang", "en,es", "--format", "png", "-j", "2",
                    "--out", str(out), *TINY)
    assert result.exit_code == 0, result.output
    for lang in ("en", "es"):
        folder = out / "clinic20" / lang
        assert (folder / "ThresholdSweep.png").is_file()
        assert "ThresholdSweep.png" in manifest.load_json(folder / manifest.MANIFEST_FILE)
    again = render("ThresholdSweep", "--data", "clinic20", "--lang", "en,es", "--format", "png", "-j", "2",
                   "--out", str(out), *TINY)
    assert "wrote 0 file(s), 2 output(s) already up to date" in again.output


def test_a_data_change_leaves_data_free_scenes_alone(tmp_path, scores_csv):
    out = tmp_path / "out"
    # RadarHistory reads no data; ScratchVsLibrary (the cheapest scene that reads it) does.
    args = ("RadarHistory", "ScratchVsLibrary", "--data", str(scores_csv), "--format", "png", "--out", str(out), *TINY)
    first = render(*args)
    assert first.exit_code == 0, first.output
    scores_csv.write_text(scores_csv.read_text().replace("0.55", "0.56"))
    result = render(*args)
    assert result.exit_code == 0, result.output
    assert "up to date: " in result.output and "RadarHistory.png" in result.output.split("up to date: ")[1]
    assert "ScratchVsLibrary (en, png) done" in result.output
    assert "RadarHistory (en, png) done" not in result.output
