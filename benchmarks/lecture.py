"""The whole lecture rendered at n = 231 (the built-in screening) and at n = 1e7 (a scores file), same options.

Informational: prints a table and PASS/FAIL against the target, always exits 0.

    .venv/bin/python benchmarks/lecture.py                          # 480p15, -j 2, n = 1e7
    .venv/bin/python benchmarks/lecture.py --quality medium --jobs 1   # what `umbral` does by default
    .venv/bin/python benchmarks/lecture.py --n 1e6

Each lecture is one fresh ``python render.py render`` subprocess, as a user runs it, into its
own temporary folder (nothing cached), timed by the wall clock with its peak resident memory
from ``os.wait4`` (the largest of the process and its render workers). The big file is the
seeded table of ``benchmarks/metrics.py`` (30 % positives, overlapping beta scores, a third
rounded to hundredths so ties occur), written as Parquet. Both runs render the same scenes:
the single-model lecture (ModelsCompared and HonestThreshold need several models or splits).
Target (issue 14): the 1e7 lecture within 1.3x the 231 one.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.informational import run_informational  # noqa: E402
from benchmarks.metrics import synthetic_scores  # noqa: E402  (the same seeded table as the metrics benchmark)

ROOT = Path(__file__).resolve().parents[1]
TARGET_RATIO = 1.3  # lecture at 1e7 / lecture at 231


def write_scores(folder: Path, n: int) -> Path:
    """The seeded table of ``n`` rows as ``scores_<n>.parquet``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    y_true, y_score = synthetic_scores(n)
    path = folder / f"scores_{n}.parquet"
    pq.write_table(pa.table({"y_true": y_true, "y_score": y_score}), path)
    return path


def render_lecture(data: str, out: Path, quality: str, jobs: int) -> dict:
    """Wall seconds, peak MB, videos written and video length of one ``render`` of the whole lecture."""
    argv = [sys.executable, str(ROOT / "render.py"), "render", "--data", data, "--quality", quality,
            "--jobs", str(jobs), "--out", str(out), "--quiet"]
    out.mkdir()
    log = out / "render.log"
    start = time.perf_counter()
    with log.open("wb") as sink:
        process = subprocess.Popen(argv, cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT)
        # wait4's usage covers the process and the render workers it waited for: the largest of them.
        _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    text = log.read_text(errors="replace")
    if os.waitstatus_to_exitcode(status):
        raise RuntimeError(f"render --data {data} exited {os.waitstatus_to_exitcode(status)}: {text.strip()[-400:]}")
    made = re.search(r"\(([^()]*) of video rendered\)", text)
    return {"seconds": seconds, "mb": usage.ru_maxrss / 1024, "scenes": sorted(p.stem for p in out.rglob("*.mp4")),
            "video": made.group(1) if made else "?"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", default="1e7", help="rows of the big scores file, e.g. 1e6")
    parser.add_argument("--quality", default="low", choices=["low", "medium", "high"])
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    n = int(float(args.n))
    print(f"whole lecture, --quality {args.quality}, -j {args.jobs}: n = 231 (screening) against n = {n:.0e}")
    with tempfile.TemporaryDirectory(prefix="umbral-lecture-") as temp:
        folder = Path(temp)
        started = time.perf_counter()
        big = write_scores(folder, n)
        print(f"wrote {big.name} ({big.stat().st_size / 1e6:.0f} MB) in {time.perf_counter() - started:.1f} s")
        small = render_lecture("screening", folder / "out_small", args.quality, args.jobs)
        large = render_lecture(str(big), folder / "out_large", args.quality, args.jobs)
    print(f"{'n':>6} {'seconds':>8} {'peak MB':>8} {'scenes':>6}  video")
    for label, run in (("231", small), (f"{n:.0e}", large)):
        print(f"{label:>6} {run['seconds']:>8.1f} {run['mb']:>8.0f} {len(run['scenes']):>6}  {run['video']}")
    if small["scenes"] != large["scenes"]:
        print(f"note: the two lectures rendered different scenes: {small['scenes']} / {large['scenes']}")
    ratio = large["seconds"] / small["seconds"]
    verdict = "PASS" if ratio <= TARGET_RATIO and small["scenes"] == large["scenes"] else "FAIL"
    print(f"{verdict}: lecture at {n:.0e} = {ratio:.2f}x the lecture at 231, target <= {TARGET_RATIO}x")


if __name__ == "__main__":
    run_informational(main)
