"""Tiny real renders of ThresholdSweep, checked with PyAV."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import srt

from tests.ceilings import HANG_SECONDS
from tests.scenes.conftest import TOOK, all_files
from umbral.scenes.publish.media_convert import probe
from umbral.scenes.publish.runner import RenderOptions, output_path, render_scene
from umbral.scenes.threshold_sweep import ThresholdSweep

ROOT = Path(__file__).resolve().parents[3]
TINY = {"resolution": (192, 108), "fps": 5}


def test_cli_renders_mp4_subtitles_and_trace(tmp_path):
    out = tmp_path / "out"
    result = subprocess.run(
        [sys.executable, "render.py", "render", "ThresholdSweep", "--data", "clinic20", "--resolution", "192x108",
         "--fps", "5", "--out", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=HANG_SECONDS)
    assert result.returncode == 0, result.stderr
    video = out / "clinic20" / "en" / "ThresholdSweep.mp4"
    info = probe(video)
    assert (info["width"], info["height"]) == (192, 108)
    expected = ThresholdSweep.duration()
    assert info["duration"] == pytest.approx(expected, abs=3 / 5)
    assert info["frames"] == pytest.approx(expected * 5, abs=3)
    cues = list(srt.parse((video.with_suffix(".srt")).read_text(encoding="utf-8")))
    assert len(cues) >= 5
    assert all(0 <= c.start.total_seconds() < c.end.total_seconds() <= info["duration"] + 0.2 for c in cues)
    trace = json.loads((video.parent / "trace.json").read_text())
    assert len(trace["snapshots"]) == 51
    assert trace["snapshots"][25]["threshold"] == 0.5 and trace["snapshots"][25]["tp"] == 4
    # Not a terminal: one line when the job starts, one when it ends, then the gallery and the summary.
    lines = result.stdout.splitlines()
    assert lines[0] == "[1/1] ThresholdSweep: clinic20, en, 192x108@5, mp4"
    assert re.fullmatch(rf"      ThresholdSweep \(en, mp4\) done in \d+\.\d s: {re.escape(str(video))}, .*trace\.json",
                        lines[1])
    assert lines[2] == f"gallery: {out / 'index.html'}"
    assert re.fullmatch(rf"wrote 5 file\(s\), 0 output\(s\) already up to date, under {re.escape(str(out))}/ in "
                        rf"{TOOK} \((\d+\.\d) s of video rendered\)", lines[3])
    assert float(re.search(r"\((\d+\.\d) s of video", lines[3]).group(1)) == pytest.approx(info["frames"] / 5, abs=0.05)
    assert lines[4:] == [f"  {path}" for path in (video, *(video.with_suffix(e) for e in (".txt", ".srt", ".vtt")),
                                                  video.parent / "trace.json")]
    narration = [video.with_suffix(ext) for ext in (".srt", ".vtt", ".txt")]
    posters = list((video.parent / ".posters").glob("ThresholdSweep.mp4.*.jpg"))
    assert len(posters) == 1
    assert all_files(out) == sorted([video, *narration, video.parent / "trace.json", video.parent / "manifest.json",
                                     out / "datasets.json", out / "index.html", *posters])
    assert video.with_suffix(".vtt").read_text().startswith("WEBVTT")
    assert "recall 0.80" in video.with_suffix(".txt").read_text()


def test_gif_is_small_looping_and_capped(clinic20_facts, tmp_path, private_tmp):
    options = RenderOptions(out_dir=tmp_path / "out", fmt="gif", resolution=(192, 108), fps=30.0)
    written = render_scene("ThresholdSweep", clinic20_facts, options)
    gif = written[0]
    assert gif == output_path(tmp_path / "out", "clinic20", "en", "ThresholdSweep", "gif")
    info = probe(gif)
    assert info["width"] <= 640 and info["fps"] <= 25.5
    assert info["duration"] == pytest.approx(ThresholdSweep.duration(), abs=0.5)
    assert b"NETSCAPE2.0" in gif.read_bytes()
    assert list(private_tmp.iterdir()) == []


def test_png_last_frame_and_stills(clinic20_facts, tmp_path, private_tmp):
    from PIL import Image

    options = RenderOptions(out_dir=tmp_path / "out", fmt="png", **TINY)
    last = render_scene("ThresholdSweep", clinic20_facts, options)[0]
    assert last.name == "ThresholdSweep.png"
    assert Image.open(last).size == (192, 108)
    still = render_scene("ThresholdSweep", clinic20_facts, options, still_at=0.5)[0]
    assert still.name == "ThresholdSweep@0.50.png"
    assert Image.open(still).size == (192, 108)
    assert list(private_tmp.iterdir()) == []


@pytest.mark.parametrize("fmt", ["webm", "mov"])
def test_transparent_video(clinic20_facts, tmp_path, fmt):
    import av

    options = RenderOptions(out_dir=tmp_path / "out", fmt=fmt, transparent=True, resolution=(64, 36), fps=2.0)
    video = render_scene("ThresholdSweep", clinic20_facts, options)[0]
    with av.open(str(video)) as container:
        stream = container.streams.video[0]
        codec, pix_fmt, metadata = stream.codec_context.name, stream.codec_context.format.name, dict(stream.metadata)
    if fmt == "webm":  # VP9 keeps alpha in a side channel the container flags
        assert (codec, metadata.get("alpha_mode")) == ("vp9", "1")
    else:
        assert (codec, pix_fmt) == ("qtrle", "argb")


def test_a_failed_render_leaves_nothing(clinic20_facts, tmp_path, private_tmp, monkeypatch):
    def broken_marker(self, key, snapshot):
        raise RuntimeError("boom in the middle of the scene")

    monkeypatch.setattr(ThresholdSweep, "marker", broken_marker)
    options = RenderOptions(out_dir=tmp_path / "out", fmt="mp4", **TINY)
    with pytest.raises(RuntimeError, match="boom"):
        render_scene("ThresholdSweep", clinic20_facts, options)
    leftovers = [p for p in (tmp_path / "out").rglob("*") if p.is_file()] if (tmp_path / "out").exists() else []
    assert leftovers == []
    assert list(private_tmp.iterdir()) == []


def test_an_existing_output_survives_a_failed_rerender(clinic20_facts, tmp_path, private_tmp, monkeypatch):
    options = RenderOptions(out_dir=tmp_path / "out", fmt="png", **TINY)
    still = render_scene("ThresholdSweep", clinic20_facts, options, still_at=0.5)[0]
    before = still.read_bytes()
    monkeypatch.setattr(ThresholdSweep, "build_panels", lambda self: (_ for _ in ()).throw(OSError("disk")))
    with pytest.raises(OSError):
        render_scene("ThresholdSweep", clinic20_facts, options, still_at=0.5)
    assert still.read_bytes() == before
    assert [p.name for p in still.parent.iterdir()] == [still.name]
    assert os.listdir(private_tmp) == []


def test_plays_overlap_their_encoding_within_a_memory_bound(tmp_path):
    """Several plays' segments encode while the next draws; the frames waiting stay within the byte budget."""
    from umbral.scenes.publish import runner

    config = runner._manim_config(RenderOptions(quality="high"), tmp_path, "mp4")
    assert config["max_inflight_encoders"] == runner.ENCODERS_IN_FLIGHT >= 2
    for width, height in ((854, 480), (1920, 1080), (3840, 2160)):
        frames = runner.encoder_queue_size(width, height)
        assert 8 <= frames <= 32
        assert frames == 8 or frames * runner.ENCODERS_IN_FLIGHT * width * height * 4 <= runner.QUEUED_FRAME_BYTES
    assert runner.encoder_queue_size(1920, 1080) > runner.encoder_queue_size(3840, 2160)
