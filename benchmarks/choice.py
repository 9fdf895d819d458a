"""Time the honest choice of θ: screening8 end to end, and the wobble's bootstrap as n grows.

Informational: prints tables and PASS/MISS against the targets, always exits 0.

    .venv/bin/python benchmarks/choice.py            # n = 630 (screening8's validation), 1e4, 1e5, 1e6
    .venv/bin/python benchmarks/choice.py --quick    # stops at 1e5

The wobble (200 resamples on the 0.01 grid) is timed against one ``Sweep.from_scores`` of the
same arrays in the same run (the one sort every choice needs anyway), so the ratio is
comparable across machines; its time per million scores shows it stays linear in n.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.metrics import best_time, synthetic_scores  # noqa: E402
from umbral.metrics import Sweep  # noqa: E402
from umbral.metrics.choice import DEFAULT_RESAMPLES, HUNDREDTHS, wobble  # noqa: E402

SIZES = (630, 10**4, 10**5, 10**6)
TARGET_SCREENING8_SECONDS = 5.0  # screening8 loaded (forest fit included) and verified, in a fresh process
TARGET_WOBBLE_SMALL_SECONDS = 1.0  # 200 resamples at n = 630
TARGET_LINEAR = 1.5  # wobble time per score at 1e6 over that at 1e5 (1.0 is perfectly linear)


# Run in a fresh process: import, then load screening8 (forest fit included), report and verify
# the selected part, choose θ for both models and verify that; print the two durations.
_LOAD_AND_VERIFY = """
import json, sys, time
start = time.perf_counter()
import sklearn.metrics, sklearn.ensemble, sklearn.linear_model, sklearn.datasets, sklearn.pipeline
from umbral.data import load_study
from umbral.metrics import Sweep, build_report, verify
from umbral.metrics.compare import ChoiceSettings, compare_models
from umbral.metrics.verify_choice import verify_comparison
imported = time.perf_counter()
study = load_study("screening8")
sweep = Sweep.from_scores(study.select().y_true, study.select().y_score)
assert verify(sweep, build_report(sweep))
choose, report_on, note = study.choice_splits(None, None)
assert verify_comparison(compare_models(study.pairs(choose, report_on), choose, report_on, ChoiceSettings(), note))
json.dump({"imports": imported - start, "load_and_verify": time.perf_counter() - imported}, sys.stdout)
"""


def screening8_seconds() -> dict:
    """Seconds a fresh process spends importing, then loading and verifying screening8, and the
    whole `umbral report --data screening8` command (interpreter start and printing included)."""
    run = subprocess.run([sys.executable, "-c", _LOAD_AND_VERIFY], check=True, capture_output=True,
                         cwd=ROOT, text=True)
    seconds = json.loads(run.stdout)
    start = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "render.py"), "report", "--data", "screening8"],
                   check=True, capture_output=True, cwd=ROOT)
    return {**seconds, "command": time.perf_counter() - start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="stop at n = 1e5")
    sizes = SIZES[:-1] if parser.parse_args().quick else SIZES
    runs = [screening8_seconds() for _ in range(2)]
    best = {key: min(run[key] for run in runs) for key in runs[0]}
    report = best["load_and_verify"]
    print(f"screening8, fresh process, best of 2: load + forest fit + verification {report:.2f} s; "
          f"importing scikit-learn, SciPy, pandas before it {best['imports']:.2f} s; "
          f"the whole `umbral report --data screening8` {best['command']:.2f} s")
    print(f"{'n':>9} {'sort s':>8} {'wobble s':>9} {'wobble/sort':>12} {'wobble s per 1e6':>17}")
    per_score = {}
    small = None
    for n in sizes:
        y_true, y_score = synthetic_scores(n)
        sort = best_time(lambda: Sweep.from_scores(y_true, y_score), 3)  # noqa: B023
        sweep = Sweep.from_scores(y_true, y_score)
        seconds = best_time(lambda: wobble(sweep, sweep, "min_cost", HUNDREDTHS, DEFAULT_RESAMPLES), 3)  # noqa: B023
        per_score[n] = seconds / n * 1e6
        small = seconds if n == 630 else small
        print(f"{n:>9.0e} {sort:>8.4f} {seconds:>9.4f} {seconds / sort:>11.1f}x {per_score[n]:>17.3f}")
    verdict = "PASS" if report < TARGET_SCREENING8_SECONDS else "MISS"
    print(f"{verdict}: screening8 loaded and verified in {report:.2f} s, target < {TARGET_SCREENING8_SECONDS:g} s")
    verdict = "PASS" if small < TARGET_WOBBLE_SMALL_SECONDS else "MISS"
    print(f"{verdict}: wobble at n = 630 {small:.4f} s, target < {TARGET_WOBBLE_SMALL_SECONDS:g} s")
    big, previous = sizes[-1], sizes[-2]
    growth = per_score[big] / per_score[previous]
    verdict = "PASS" if growth <= TARGET_LINEAR else "MISS"
    print(f"{verdict}: time per score at {big:.0e} / at {previous:.0e} = {growth:.2f}, target <= {TARGET_LINEAR:g}")


if __name__ == "__main__":
    main()
