"""Time the data side of every command at n = 1e5, 1e6, 1e7 against one scikit-learn roc_curve.

Informational: prints a table and PASS/FAIL against the targets, always exits 0.

    .venv/bin/python benchmarks/scale.py                      # 1e5, 1e6, 1e7; CSV and Parquet
    .venv/bin/python benchmarks/scale.py --sizes 1e5,1e6      # quicker
    .venv/bin/python benchmarks/scale.py --commands report --formats parquet

For each size one seeded table (30 % positives, overlapping beta scores, a third of them
rounded to hundredths so ties occur) is written as CSV and as Parquet to a temporary
folder. The reference is ``sklearn.metrics.roc_curve(drop_intermediate=False)`` on the
same arrays, in this process (best of a few). Each command then runs as the user runs it:
a fresh ``python render.py ...`` subprocess, timed by the wall clock, its peak resident
memory read from ``os.wait4``. ``render`` is timed up to its data part (load, verify, the
scenes' facts), not the drawing. Targets (issue 14): at 1e7, ``report`` within 3x the
reference and every command under 1.5 GB peak.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.metrics import synthetic_scores  # noqa: E402  (the same seeded table as the metrics benchmark)

ROOT = Path(__file__).resolve().parents[1]
SIZES = (10**5, 10**6, 10**7)
FORMATS = ("csv", "parquet")
TARGET_RATIO = 3.0  # report at 1e7: end-to-end time / one roc_curve
TARGET_MB = 1500.0  # every command at 1e7: peak RSS
# What `umbral render` does before the first frame: load, verify, the scenes' facts.
RENDER_DATA = (
    "import sys; sys.path.insert(0, {root!r})\n"
    "from umbral.data import load_study\nfrom umbral.scenes.facts import facts_for\n"
    "study = load_study(sys.argv[1]); facts_for(study.select(None, None), study=study)\n"
)


def write_files(folder: Path, n: int, y_true, y_score) -> dict[str, Path]:
    """The table as ``scores_<n>.csv`` (shortest round-trip floats) and ``scores_<n>.parquet``."""
    import pyarrow as pa
    import pyarrow.csv as pa_csv
    import pyarrow.parquet as pq

    table = pa.table({"y_true": y_true, "y_score": y_score})
    paths = {fmt: folder / f"scores_{n}.{fmt}" for fmt in FORMATS}
    pq.write_table(table, paths["parquet"])
    pa_csv.write_csv(table, paths["csv"])
    return paths


def reference_seconds(y_true, y_score, repeats: int) -> float:
    """Best wall time of ``roc_curve(drop_intermediate=False)`` on the arrays."""
    from sklearn.metrics import roc_curve

    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        roc_curve(y_true, y_score, drop_intermediate=False)
        times.append(time.perf_counter() - start)
    return min(times)


def command_line(command: str, path: Path, out: Path) -> list[str]:
    """The subprocess a user would run for ``command`` on ``path``."""
    umbral = [sys.executable, str(ROOT / "render.py")]
    if command == "report":
        return [*umbral, "report", "--data", str(path)]
    if command == "trace":
        return [*umbral, "trace", "--data", str(path), "--json"]
    if command == "scores":
        return [*umbral, "scores", "--data", str(path), "--out", str(out / "scores.json")]
    if command == "lab":
        return [*umbral, "lab", "--data", str(path), "--out", str(out / "lab")]
    if command == "render-data":
        return [sys.executable, "-c", RENDER_DATA.format(root=str(ROOT)), str(path)]
    raise ValueError(f"unknown command {command!r}")


def run(argv: list[str]) -> tuple[float, float, int]:
    """(wall seconds, peak RSS in MB, exit code) of one fresh subprocess."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read().decode(errors="replace").strip()
    process.stderr.close()
    if process.returncode:
        print(f"    {argv[2] if len(argv) > 2 else argv}: exit {process.returncode}: {error[-300:]}")
    return seconds, usage.ru_maxrss / 1024, process.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1e5,1e6,1e7", help="comma-separated n, e.g. 1e5,1e6")
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument("--commands", default="report,trace,scores,lab,render-data")
    args = parser.parse_args()
    sizes = [int(float(s)) for s in args.sizes.split(",")]
    formats = args.formats.split(",")
    commands = args.commands.split(",")
    print(f"{'n':>6} {'format':>8} {'command':>12} {'seconds':>8} {'roc_curve s':>11} {'ratio':>6} {'peak MB':>8}")
    verdicts = []
    with tempfile.TemporaryDirectory(prefix="umbral-scale-") as temp:
        folder = Path(temp)
        for n in sizes:
            y_true, y_score = synthetic_scores(n)
            paths = write_files(folder, n, y_true, y_score)
            reference = reference_seconds(y_true, y_score, repeats=3 if n < 10**7 else 2)
            del y_true, y_score
            for fmt in formats:
                for command in commands:
                    out = folder / f"out_{n}_{fmt}_{command}"
                    out.mkdir()
                    seconds, megabytes, code = run(command_line(command, paths[fmt], out))
                    ratio = seconds / reference
                    print(f"{n:>6.0e} {fmt:>8} {command:>12} {seconds:>8.2f} {reference:>11.3f} "
                          f"{ratio:>5.1f}x {megabytes:>8.0f}" + ("  FAILED" if code else ""), flush=True)
                    if n >= 10**7:
                        if command == "report":
                            verdicts.append((ratio <= TARGET_RATIO and code == 0, f"report {fmt} at 1e7 = "
                                             f"{ratio:.2f}x roc_curve, target <= {TARGET_RATIO}x"))
                        verdicts.append((megabytes < TARGET_MB and code == 0, f"{command} {fmt} at 1e7 peak "
                                         f"{megabytes:.0f} MB, target < {TARGET_MB:.0f} MB"))
    for ok, text in verdicts:
        print(("PASS: " if ok else "FAIL: ") + text)


if __name__ == "__main__":
    main()
