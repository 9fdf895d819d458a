"""What a render prints: live bars on a terminal (reaching 100% per job), plain lines otherwise, -q."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from rich.console import Console

from tests.ceilings import HANG_SECONDS
from tests.scenes.conftest import TOOK
from umbral.scenes.publish.media_convert import probe
from umbral.scenes.publish.progress import (
    FrameReporter,
    JobInfo,
    LineDisplay,
    LiveDisplay,
    QuietDisplay,
    choose_display,
)
from umbral.scenes.publish.render_run import LectureRequest, run_lecture
from umbral.scenes.publish.runner import RenderOptions

ROOT = Path(__file__).resolve().parents[3]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
INFO = JobInfo(1, 2, "ThresholdSweep", "clinic20, en, 192x108@5, mp4", "en, mp4", "en mp4")


class ListSink:
    def __init__(self):
        self.events = []

    def put(self, event):
        self.events.append(event)


def test_reporter_batches_frames_and_loses_none(monkeypatch):
    clock = iter(i * 0.01 for i in range(10_000))
    monkeypatch.setattr(time, "monotonic", lambda: next(clock))
    sink = ListSink()
    reporter = FrameReporter(3, sink)
    reporter.started()
    reporter.expect(600)
    for _ in range(600):
        reporter.advance(1)
    reporter.flush()
    frames = [value for job, kind, value in sink.events if kind == "frames"]
    assert sum(frames) == 600 == reporter.frames
    assert len(frames) <= 61  # one message per 0.1 s of this fake clock, not one per frame
    assert sink.events[:2] == [(3, "start", None), (3, "total", 600)]


def test_line_display_prints_one_line_at_start_and_one_at_end():
    lines = []
    display = LineDisplay(echo=lines.append)
    display.add(INFO)
    for event in [(1, "start", None), (1, "total", 125), (1, "frames", 60), (1, "frames", 65), (1, "end", None)]:
        display.put(event)
    display.finished(INFO, 2.5, [Path("out/clinic20/en/ThresholdSweep.mp4"), Path("out/clinic20/en/trace.json")])
    assert lines == ["[1/2] ThresholdSweep: clinic20, en, 192x108@5, mp4",
                     "      ThresholdSweep (en, mp4) done in 2.5 s: out/clinic20/en/ThresholdSweep.mp4, "
                     "out/clinic20/en/trace.json"]


def test_quiet_display_prints_nothing():
    lines = []
    display = QuietDisplay(echo=lines.append)
    display.add(INFO)
    display.put((1, "start", None))
    display.finished(INFO, 1.0, [Path("a.mp4")])
    display.note("gallery: out/index.html")
    assert lines == []


def test_late_or_unknown_events_are_dropped(clinic20_facts):
    display = LiveDisplay(Console(file=io.StringIO(), force_terminal=True, width=100))
    display.add(INFO)
    with display:
        display.put((1, "start", None))
        display.put((1, "total", 10))
        display.put((1, "frames", 10))
        display.finish(INFO, 1.0, [Path("a.mp4")])
        for event in [(1, "frames", 5), (1, "total", 3), (1, "start", None), (7, "frames", 1), (1, "bogus", 0)]:
            display.put(event)  # after the end, or for no such job: ignored, never an error
        assert display.progress.tasks[0].completed == 1 and len(display.progress.tasks) == 1  # only the overall


def test_display_is_chosen_by_the_stream(monkeypatch):
    assert isinstance(choose_display(quiet=True), QuietDisplay)
    assert isinstance(choose_display(quiet=False, stream=io.StringIO()), LineDisplay)
    monkeypatch.setenv("FORCE_COLOR", "1")  # makes rich call any stream a terminal; a pipe still gets lines
    assert isinstance(choose_display(quiet=False, stream=io.StringIO()), LineDisplay)
    leader, follower = pty.openpty()
    try:
        with os.fdopen(follower, "w", closefd=False) as terminal:
            assert isinstance(choose_display(quiet=False, stream=terminal), LiveDisplay)
    finally:
        os.close(leader)
        os.close(follower)


def final_states(buffer: str) -> dict[str, str]:
    """The last line drawn for each bar (``[k/N] Scene ...``), ANSI codes removed."""
    states = {}
    for line in ANSI.sub("", buffer).replace("\r", "\n").split("\n"):
        match = re.match(r"\s*(\[\d+/\d+\] \w+ \w+ \S+)", line)
        if match:
            states[match.group(1)] = line
    return states


def test_live_bars_reach_100_percent_for_each_job(clinic20_facts, tmp_path):
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=120, color_system="standard")
    options = RenderOptions(resolution=(64, 36), fps=4.0, out_dir=tmp_path / "out")
    request = LectureRequest(scenes=("ThresholdSweep", "PrevalenceEffect"), langs=("en",), formats=("mp4", "png"),
                             options=options, data_kwargs={"source": "clinic20"})
    result = run_lecture(request, display=LiveDisplay(console))
    states = final_states(buffer.getvalue())
    assert set(states) == {"[1/4] ThresholdSweep en mp4", "[2/4] ThresholdSweep en png",
                           "[3/4] PrevalenceEffect en mp4", "[4/4] PrevalenceEffect en png"}
    videos = [p for p in result.written if p.suffix == ".mp4"]
    frames = {p.stem: probe(p)["frames"] for p in videos}
    for label, line in states.items():
        assert "100%" in line, line
        scene = label.split()[1]
        done = re.search(r"(\d+)/(\d+) frames", line)
        expected = frames[scene] if label.endswith("mp4") else 1
        assert done and int(done.group(1)) == int(done.group(2)) == expected, line
    assert result.video_seconds == pytest.approx(sum(frames.values()) / 4.0)
    text = ANSI.sub("", buffer.getvalue())
    assert re.search(r"lecture .*100%\s+4/4 outputs", text)
    assert "✓ ThresholdSweep (en, mp4) in " in text


def test_parallel_render_in_a_terminal(tmp_path):
    """``-j 2`` through a real pseudo-terminal: worker processes' frames reach each bar."""
    out = tmp_path / "out"
    command = [sys.executable, "render.py", "render", "ThresholdSweep", "--data", "clinic20", "--format", "mp4,png",
               "--resolution", "64x36", "--fps", "4", "--out", str(out), "-j", "2"]
    leader, follower = pty.openpty()
    os.set_blocking(leader, True)
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm-256color"}
    process = subprocess.Popen(command, cwd=ROOT, stdin=follower, stdout=follower, stderr=follower, env=env)
    os.close(follower)
    chunks, deadline = [], time.monotonic() + HANG_SECONDS
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 1.0)
        if not ready:
            if process.poll() is not None:
                break
            continue
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed: the process is gone
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    # The terminal reports its end when the render closes its output, a moment before the process can be
    # reaped: wait for it (poll() could still say "running") within what is left of the deadline.
    try:
        returncode = process.wait(timeout=max(deadline - time.monotonic(), 30.0))
    except subprocess.TimeoutExpired:
        process.kill()
        returncode = None
    text = b"".join(chunks).decode("utf-8", "replace")
    if returncode is None:
        pytest.fail(f"the render did not finish within {HANG_SECONDS} s; its last output: "
                    f"{ANSI.sub('', text)[-800:]!r}")
    assert returncode == 0, ANSI.sub("", text)[-800:]
    states = final_states(text)
    frames = probe(out / "clinic20" / "en" / "ThresholdSweep.mp4")["frames"]
    assert re.search(rf"100%\s+{frames}/{frames} frames", states["[1/2] ThresholdSweep en mp4"])
    assert re.search(r"100%\s+1/1 frames", states["[2/2] ThresholdSweep en png"])
    assert "wrote 6 file(s), 0 output(s) already up to date" in ANSI.sub("", text)


def test_quiet_prints_only_the_summary(tmp_path):
    out = tmp_path / "out"
    command = [sys.executable, "render.py", "render", "ThresholdSweep", "--data", "clinic20", "--at", "0.5",
               "--resolution", "64x36", "--out", str(out), "-q"]
    first = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=HANG_SECONDS)
    assert first.returncode == 0, first.stderr
    still = out / "clinic20" / "en" / "ThresholdSweep@0.50.png"
    lines = first.stdout.splitlines()
    assert re.fullmatch(rf"wrote 1 file\(s\), 0 output\(s\) already up to date, under {re.escape(str(out))}/ "
                        rf"in {TOOK} \(0\.0 s of video rendered\)", lines[0])
    assert lines[1:] == [f"  {still}"] and first.stderr == ""
    again = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=HANG_SECONDS)
    assert again.returncode == 0 and again.stdout.startswith("wrote 0 file(s), 1 output(s) already up to date")
    assert len(again.stdout.splitlines()) == 1


def test_a_failed_job_stops_the_queue_and_does_not_hang(clinic20_facts, tmp_path):
    """With -j 2, the first job fails at once: the error reaches the caller, queued jobs never start."""
    from umbral.scenes.publish.jobs import run_jobs
    from umbral.scenes.publish.plan import Job

    good = RenderOptions(resolution=(64, 36), fps=2.0, out_dir=tmp_path / "out")
    broken = RenderOptions(resolution=(64, 36), fps=2.0, out_dir=tmp_path / "out",
                           scene_kwargs={"multiclass": ([[1, 2]], ("a", "b"))})  # not a square matrix
    tasks = [(1, Job("MulticlassConfusion", "en", "mp4"), broken)]
    tasks += [(index, Job("ThresholdSweep", "en", "png", 0.5), good) for index in range(2, 9)]
    events, raised = ListSink(), []

    def run():
        try:
            list(run_jobs(tasks, clinic20_facts, 2, events))
        except Exception as error:  # handed to the test below
            raised.append(error)

    # A hang never returns: the ceiling (far above the 40 to 65 s seen on 2 loaded cores) turns it into a failure.
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(HANG_SECONDS)
    assert not worker.is_alive(), f"the failed job's queue still runs after {HANG_SECONDS} s: it hangs"
    assert len(raised) == 1 and isinstance(raised[0], ValueError) and "2-class matrix" in str(raised[0]), raised
    begun = {job for job, kind, _ in events.events if kind == "start"}
    assert 1 in begun and len(begun) < len(tasks)
