"""Every scene's build time (its construct with every animation skipped: no frame drawn), here and at a base commit.

Informational (issue 45, §6): prints a table and PASS/MISS against the targets and exits 0.

    .venv/bin/python benchmarks/build.py --base HEAD~5                 # every scene, this checkout vs that commit
    .venv/bin/python benchmarks/build.py --base main --scenes Calibration,HonestThreshold --repeat 3
    .venv/bin/python benchmarks/build.py                               # this checkout only

Each measurement is a fresh Python process running ``benchmarks/build.py --one NAME`` inside the
checkout measured (``--base`` is checked out as a git worktree in a temporary folder), with its
own empty Manim media folder, so neither side reuses the other's text cache. The sides alternate
scene by scene, so a busy spell of a shared machine slows both alike; with ``--repeat N`` each
side keeps its fastest of N. The frame is 192x108 at 5 fps, English, in the dark theme; data:
``screening``, or ``screening8`` for the scenes that need several models or splits.
ratio = base seconds / here seconds (2.0: twice as fast here). Targets: the slowest three build at
least 2x faster than before the layout rework.

The last row, ``notebook ThresholdSweep``, is a notebook's first render: in a fresh process with
umbral imported and a lecture made from the ``screening`` scores (not counted), the seconds of
``lecture.render("ThresholdSweep", quality="low")`` (854x480 at 15 fps, frames drawn and encoded,
into an empty folder). Target: at most half the time before the rework (ratio 2.0).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The row of a notebook's first render (see the module docstring).
NOTEBOOK = "notebook ThresholdSweep"
TARGET_RATIO = {"Calibration": 2.0, "HonestThreshold": 2.0, "ModelsCompared": 2.0, NOTEBOOK: 2.0}


def build_seconds(name: str) -> float:
    """Seconds to build scene ``name`` in this process (facts loaded first, not counted)."""
    from manim import tempconfig

    from umbral.data import load_dataset, load_study
    from umbral.scenes.facts import facts_for
    from umbral.scenes.publish.registry import NEEDS, scene_class

    if name in NEEDS:
        study = load_study("screening8")
        facts = facts_for(study.select(), study=study)
    else:
        facts = facts_for(load_dataset("screening"))
    with tempfile.TemporaryDirectory(prefix="umbral-build-") as media, tempconfig({
            "pixel_width": 192, "pixel_height": 108, "frame_rate": 5, "dry_run": True, "disable_caching": True,
            "format": "none", "verbosity": "ERROR", "progress_bar": "none", "media_dir": media}):
        started = time.perf_counter()
        scene = scene_class(name)(facts, "en")
        scene.renderer._original_skipping_status = True  # every play jumps to its end: built, never drawn
        scene.render()
        return time.perf_counter() - started


def first_render_seconds() -> float:
    """Seconds of a notebook's first ``render("ThresholdSweep", quality="low")`` in this process."""
    import contextlib
    import io

    from umbral import Lecture
    from umbral.data import load_dataset

    data = load_dataset("screening")
    lecture = Lecture.from_predictions(data.y_true, data.y_score, name="screening")
    with tempfile.TemporaryDirectory(prefix="umbral-notebook-") as out, contextlib.redirect_stdout(io.StringIO()):
        started = time.perf_counter()
        lecture.render("ThresholdSweep", quality="low", out=out)
        return time.perf_counter() - started


def measure(checkout: Path, name: str) -> float:
    """:func:`build_seconds` of ``name`` in a fresh process importing ``checkout``'s umbral."""
    done = subprocess.run([sys.executable, __file__, "--one", name, "--checkout", str(checkout)], cwd=checkout,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{name} failed in {checkout}:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])["seconds"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="a commit to compare with (checked out as a temporary git worktree)")
    parser.add_argument("--scenes", help=f"comma-separated scene names (default: every scene, then {NOTEBOOK!r})")
    parser.add_argument("--repeat", type=int, default=1, help="measure each side N times, alternately; keep fastest")
    # Internal: build one scene with the umbral of --checkout, print its seconds as JSON.
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--checkout", default=str(ROOT), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        sys.path.insert(0, args.checkout)  # that checkout's umbral, not the installed one
        import umbral

        assert Path(umbral.__file__).resolve().parents[1] == Path(args.checkout).resolve(), umbral.__file__
        print(json.dumps({"seconds": first_render_seconds() if args.one == NOTEBOOK else build_seconds(args.one)}))
        return 0
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    sys.path.insert(0, str(ROOT))
    from umbral.scenes.publish.registry import LECTURE_ORDER

    scenes = [s.strip() for s in args.scenes.split(",")] if args.scenes else [*LECTURE_ORDER, NOTEBOOK]
    with tempfile.TemporaryDirectory(prefix="umbral-base-") as folder:
        base = None
        if args.base:
            base = Path(folder) / "base"
            subprocess.run(["git", "worktree", "add", "--detach", str(base), args.base], cwd=ROOT, check=True,
                           capture_output=True)
        try:
            header = f"{'scene':>20} {'here s':>8}" + (f" {'base s':>8} {'ratio':>6} {'target':>7}" if base else "")
            print(f"build: construct with every animation skipped, 192x108@5, en; fastest of {args.repeat}")
            print(header + "\n" + "-" * len(header), flush=True)
            for name in scenes:
                here, before = [], []
                for _ in range(args.repeat):
                    here.append(measure(ROOT, name))
                    if base:
                        before.append(measure(base, name))
                row = f"{name:>20} {min(here):>8.2f}"
                if base:
                    ratio = min(before) / min(here)
                    target = TARGET_RATIO.get(name)
                    verdict = "" if target is None else ("PASS" if ratio >= target else "MISS") + f" {target:g}x"
                    row += f" {min(before):>8.2f} {ratio:>6.2f} {verdict:>7}"
                print(row, flush=True)
        finally:
            if base:
                subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=False,
                               capture_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
