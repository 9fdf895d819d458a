"""`render.py watch` re-renders when the data file changes and stops cleanly on Ctrl-C."""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def read_lines(stream, lines: queue.Queue):
    for line in stream:
        lines.put(line.rstrip("\n"))


def wait_for(lines: queue.Queue, text: str, seen: list, timeout: float = 120) -> None:
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


def test_watch_rerenders_on_change_and_exits_on_interrupt(tmp_path):
    data = tmp_path / "scores.csv"
    data.write_text("y_true,y_score\n1,0.9\n0,0.2\n1,0.6\n0,0.55\n0,0.1\n")
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "render.py"), "watch", "--interval", "0.2", "--debounce", "0.4",
         "ThresholdSweep", "--data", str(data), "--at", "0.5", "--resolution", "192x108", "--out", str(out)],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=read_lines, args=(process.stdout, lines), daemon=True).start()
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
        try:
            wait_for(lines, "stopped watching", seen, timeout=30)
        except AssertionError:
            # Seen once in a loaded CI run: no reaction to the first Ctrl-C within 30 s. A second
            # Ctrl-C must still stop it cleanly (a user presses again).
            process.send_signal(signal.SIGINT)
            wait_for(lines, "stopped watching", seen, timeout=90)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
