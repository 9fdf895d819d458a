"""The same 24-job course with ``-j 2`` and on a 2-worker Dask LocalCluster; then 1, 2 and 4 workers.

Prints each wall time, the cluster's ratio to ``-j 2`` (its overhead; the target is 1.10x or
less) and a projection of a 240-job course at 1, 2 and 4 workers from the times measured
(240 jobs are ten of these courses, so each time is scaled by 10). Every run renders into a
fresh folder, so nothing is up to date; the cluster runs on 127.0.0.1 only and is started
before its timer (a standing cluster's start-up is not a batch's cost). Workers beyond the
machine's cores share them: the 4-worker figure on a 2-core machine shows that, not a cluster.
The ratio compares the best of two runs of each side.

    .venv/bin/python benchmarks/batch.py
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from umbral.scenes.publish.batch import read_course, run_course  # noqa: E402
from umbral.scenes.publish.progress import QuietDisplay  # noqa: E402

#: 2 datasets x 2 languages x 3 scenes x 2 formats = 24 jobs, small frames (the overhead is the question).
COURSE = """\
datasets = ["clinic20", "screening"]
lang = ["en", "es"]
scenes = ["ScratchVsLibrary", "AccuracyParadox", "ThresholdSweep"]
format = ["mp4", "png"]
resolution = "96x54"
fps = 2
jobs = 2
out = "out"
"""
PROJECTED_JOBS = 240
#: Runs of ``-j 2`` and of the 2-worker cluster; the best of each is compared.
REPEATS = 2


def timed(folder: Path, scheduler: str | None = None) -> float:
    shutil.rmtree(folder / "out", ignore_errors=True)
    course = read_course(folder / "course.toml")
    started = time.perf_counter()
    result = run_course(course, QuietDisplay(), scheduler=scheduler, echo=lambda line: None)
    seconds = time.perf_counter() - started
    assert result.jobs == 24 and not result.failed, result
    return seconds


def on_cluster(folder: Path, workers: int, repeats: int = 1) -> float:
    """The best of ``repeats`` batches on one standing LocalCluster of ``workers`` processes."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster:
        return min(timed(folder, cluster.scheduler_address) for _ in range(repeats))


def main() -> None:
    import logging

    logging.getLogger("distributed").setLevel(logging.ERROR)
    folder = Path(tempfile.mkdtemp(prefix="umbral-bench-batch-"))
    try:
        (folder / "course.toml").write_text(COURSE, encoding="utf-8")
        # The ratio's two sides, best of REPEATS each (a shared machine's noise only ever adds time).
        local = min(timed(folder) for _ in range(REPEATS))
        times = {workers: on_cluster(folder, workers, REPEATS if workers == 2 else 1) for workers in (2, 1, 4)}
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    ratio = times[2] / local
    print(f"24 jobs on {os.cpu_count()} cores: -j 2 {local:.1f} s, 2-worker LocalCluster {times[2]:.1f} s: "
          f"{ratio:.2f}x ({'within' if ratio <= 1.10 else 'OVER'} 1.10x)")
    print(f"projection for a {PROJECTED_JOBS}-job course (measured 24-job times x {PROJECTED_JOBS // 24}):")
    for workers in (1, 2, 4):
        projected = times[workers] * PROJECTED_JOBS / 24
        print(f"  {workers} worker(s): {times[workers]:6.1f} s measured -> {projected / 60:5.1f} min "
              f"(speed-up {times[1] / times[workers]:.2f}x over 1 worker)")


if __name__ == "__main__":
    main()
