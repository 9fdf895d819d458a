"""Time umbral's grid sweep and exact ROC against scikit-learn's roc_curve.

Informational: prints a table and PASS/MISS against the targets, always exits 0.

    .venv/bin/python benchmarks/metrics.py            # n = 1e5, 1e6, 1e7
    .venv/bin/python benchmarks/metrics.py --quick    # stops at 1e6

All three run on the same scores in the same process, so the ratios are
comparable even when absolute times are not. Time is the best of a few runs
(time.perf_counter); memory is the tracemalloc peak of one separate run.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

# Run as a script from anywhere: the repository root holds the metrics package.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sklearn.metrics import roc_curve as sklearn_roc_curve  # noqa: E402

from umbral import metrics  # noqa: E402

SIZES = (10**5, 10**6, 10**7)
TARGET_SKLEARN_OVER_GRID = 25.0  # at 1e7, grid sweep at least this many times faster
TARGET_EXACT_OVER_SKLEARN = 0.7  # at 1e7, exact ROC takes at most this share of sklearn's time
SEED = 20


def synthetic_scores(n: int, seed: int = SEED):
    """Labels (30% positive) and overlapping beta scores; a third rounded to 2 decimals for ties."""
    rng = np.random.default_rng(seed)
    y_true = (rng.random(n) < 0.3).astype(np.int8)
    y_score = np.where(y_true == 1, rng.beta(4.0, 2.0, n), rng.beta(2.0, 4.0, n))
    tied = rng.random(n) < 1 / 3
    y_score[tied] = np.round(y_score[tied], 2)
    return y_true, y_score


def best_time(function, repeats: int) -> float:
    """Fastest of ``repeats`` wall-clock runs, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def peak_memory_mb(function) -> float:
    """Peak traced allocation of one run, in MB (NumPy reports its buffers to tracemalloc)."""
    tracemalloc.start()
    try:
        function()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 1e6


def check_agreement(y_true, y_score) -> None:
    """The three must compute the same thing, or the timings mean nothing."""
    fpr, tpr, thresholds = metrics.roc_curve(y_true, y_score)
    sk_fpr, sk_tpr, sk_thresholds = sklearn_roc_curve(y_true, y_score, drop_intermediate=False)
    assert np.allclose(fpr, sk_fpr) and np.allclose(tpr, sk_tpr), "exact ROC differs from sklearn"
    assert np.array_equal(thresholds, sk_thresholds), "ROC thresholds differ from sklearn"
    tp, fp = metrics.grid_counts(y_true, y_score)
    sweep_tp, sweep_fp, _, _ = metrics.Sweep.from_scores(y_true, y_score).counts(metrics.GRID)
    assert np.array_equal(tp, sweep_tp) and np.array_equal(fp, sweep_fp), "grid_counts differs from Sweep"


def measure(n: int) -> dict:
    y_true, y_score = synthetic_scores(n)
    # The exact same output as ours: every point kept.
    candidates = {
        "sklearn": lambda: sklearn_roc_curve(y_true, y_score, drop_intermediate=False),
        "grid": lambda: metrics.grid_counts(y_true, y_score),
        "exact": lambda: metrics.roc_curve(y_true, y_score),
    }
    repeats = 3 if n >= 10**7 else 5
    row = {"n": n}
    for name, function in candidates.items():
        function()  # warm up: first-touch page faults, lazy imports
        row[f"{name}_s"] = best_time(function, repeats)
        row[f"{name}_mb"] = peak_memory_mb(function)
    return row


def power_of_ten(n: int) -> str:
    """``10**7`` as ``1e7``."""
    return f"1e{len(str(n)) - 1}"


def verdict(value: float, target: float, higher_is_better: bool) -> str:
    return "PASS" if (value >= target if higher_is_better else value <= target) else "MISS"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="stop at 1e6 samples")
    args = parser.parse_args(argv)
    sizes = [n for n in SIZES if not (args.quick and n > 10**6)]

    check_agreement(*synthetic_scores(20_000))
    print(
        f"umbral metrics benchmark: numpy {np.__version__}, "
        f"scikit-learn {sys.modules['sklearn'].__version__}, python {sys.version.split()[0]}"
    )
    print("sklearn = sklearn.metrics.roc_curve(drop_intermediate=False); grid = metrics.grid_counts;")
    print("exact = metrics.roc_curve. Times: best of 3-5 runs. Memory: tracemalloc peak, MB.")
    print()
    header = (
        f"{'n':>10} {'sklearn s':>10} {'grid s':>9} {'exact s':>9} {'sklearn/grid':>13} "
        f"{'exact/sklearn':>14} {'sklearn MB':>11} {'grid MB':>8} {'exact MB':>9}"
    )
    print(header)
    print("-" * len(header))
    rows = []
    for n in sizes:
        row = measure(n)
        rows.append(row)
        print(
            f"{power_of_ten(n):>10} {row['sklearn_s']:>10.4f} {row['grid_s']:>9.4f} {row['exact_s']:>9.4f} "
            f"{row['sklearn_s'] / row['grid_s']:>12.1f}x {row['exact_s'] / row['sklearn_s']:>13.2f}x "
            f"{row['sklearn_mb']:>11.1f} {row['grid_mb']:>8.1f} {row['exact_mb']:>9.1f}",
            flush=True,
        )
    print()
    largest = rows[-1]
    speedup = largest["sklearn_s"] / largest["grid_s"]
    share = largest["exact_s"] / largest["sklearn_s"]
    note = ""
    if largest["n"] != SIZES[-1]:
        note = f" (targets are set at 1e7; measured at {power_of_ten(largest['n'])})"
    print(
        f"{verdict(speedup, TARGET_SKLEARN_OVER_GRID, True)}: sklearn/grid = {speedup:.1f}x, "
        f"target >= {TARGET_SKLEARN_OVER_GRID:.0f}x{note}"
    )
    print(
        f"{verdict(share, TARGET_EXACT_OVER_SKLEARN, False)}: exact/sklearn = {share:.2f}x, "
        f"target <= {TARGET_EXACT_OVER_SKLEARN}x{note}"
    )
    return 0


if __name__ == "__main__":
    main()
    sys.exit(0)
