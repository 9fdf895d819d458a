"""`render.py watch` re-renders when the data file changes and stops cleanly on Ctrl-C."""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.ceilings import HANG_SECONDS

ROOT = Path(__file__).resolve().parents[3]


def read_lines(stream, lines: queue.Queue):
    for line in stream:
        lines.put(line.rstrip("\n"))


def wait_for(lines: queue.Queue, text: str, seen: list, timeout: float = HANG_SECONDS) -> None:
    """Wait for a line holding ``text`` (the event), up to a ceiling generous enough for a loaded 2-core machine."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=1)
        except queue.Empty:
            continue
        seen.append(line)
        if text in line:
            return
    raise AssertionError(f"never saw {text!r}; output so far:\n" + "\n".join(seen))


def start_watch(tmp_path: Path, data: Path, out: Path, ignore_sigint: bool = False):
    """``render.py watch`` of a 192x108 still, with its output lines arriving on a queue."""
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "render.py"), "watch", "--interval", "0.2", "--debounce", "0.4",
         "ThresholdSweep", "--data", str(data), "--at", "0.5", "--resolution", "192x108", "--out", str(out)],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        # As a shell starts a background job: SIGINT ignored, inherited by the child.
        preexec_fn=(lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if ignore_sigint else None)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=read_lines, args=(process.stdout, lines), daemon=True).start()
    return process, lines


def test_watch_rerenders_on_change_and_exits_on_interrupt(tmp_path):
    data = tmp_path / "scores.csv"
    data.write_text("y_true,y_score\n1,0.9\n0,0.2\n1,0.6\n0,0.55\n0,0.1\n")
    out = tmp_path / "out"
    process, lines = start_watch(tmp_path, data, out)
    seen: list = []
    try:
        wait_for(lines, "watching:", seen)
        assert str(data) in seen[-1]
        wait_for(lines, "wrote 1 file(s)", seen)
        png = out / "scores" / "en" / "ThresholdSweep@0.50.png"
        first = png.read_bytes()
        data.write_text("y_true,y_score\n1,0.9\n0,0.2\n1,0.3\n0,0.55\n0,0.1\n")
        wait_for(lines, "changed:", seen)
        wait_for(lines, "wrote", seen)
        wait_for(lines, "rendered", seen)
        assert png.read_bytes() != first
        process.send_signal(signal.SIGINT)
        wait_for(lines, "stopped watching", seen)
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()


def test_ctrl_c_stops_a_watch_started_with_sigint_ignored(tmp_path):
    """A shell's background job inherits SIGINT ignored; the watch must still stop on Ctrl-C (and on SIGTERM)."""
    data = tmp_path / "scores.csv"
    data.write_text("y_true,y_score\n1,0.9\n0,0.2\n1,0.6\n0,0.55\n0,0.1\n")
    for stop in (signal.SIGINT, signal.SIGTERM):
        process, lines = start_watch(tmp_path, data, tmp_path / "out", ignore_sigint=True)
        seen: list = []
        try:
            wait_for(lines, "wrote 1 file(s)" if stop == signal.SIGINT else "up to date", seen)
            process.send_signal(stop)
            wait_for(lines, "stopped watching", seen)
            assert process.wait(timeout=60) == 0
        finally:
            if process.poll() is None:
                process.kill()
