"""Where one scene's render time goes: seconds and milliseconds per frame for each play and wait.

Informational, for finding the play that keeps a scene above the 1.25x target of ``scenes.py``:

    .venv/bin/python benchmarks/plays.py ThresholdSweep                # 1080p60, the benchmark's data
    .venv/bin/python benchmarks/plays.py RadarHistory --size 480p15

Each row: the play's animations, its seconds of video, the wall seconds it took, ms per frame, and
how many mobjects (and family members) Manim redraws in each of its frames. A wait's frames are
one frozen picture written again and again, so waits show the encoder's own cost per frame (x264
encodes a few frames behind, so the wait after a busy play also pays for that play's last frames).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.scenes import SIZES, facts_by_scene, time_scene  # noqa: E402


def timed_plays(name: str, size_name: str) -> tuple[float, list[tuple[str, float, float, int, int]]]:
    """Total seconds and one (animations, video s, wall s, moving, moving family) row per play."""
    from manim import Scene

    rows = []
    original_play = Scene.play

    def play(scene, *animations, **kwargs):
        start, video_start = time.perf_counter(), scene.renderer.time
        original_play(scene, *animations, **kwargs)
        family = sum(len(mobject.get_family()) for mobject in scene.moving_mobjects)
        names = ", ".join(type(animation).__name__ for animation in animations) or "Wait"
        rows.append((names, scene.renderer.time - video_start, time.perf_counter() - start,
                     len(scene.moving_mobjects), family))

    facts = facts_by_scene()[name]
    Scene.play = play
    try:
        with tempfile.TemporaryDirectory(prefix="umbral-plays-") as out:
            seconds, _ = time_scene(name, facts, SIZES[size_name], Path(out))
            return seconds, rows
    finally:
        Scene.play = original_play


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scene")
    parser.add_argument("--size", default="1080p60", choices=sorted(SIZES))
    args = parser.parse_args(argv)
    fps = SIZES[args.size][2]
    total, rows = timed_plays(args.scene, args.size)
    header = f"{'video s':>7} {'wall s':>7} {'ms/frame':>8} {'moving':>6} {'family':>6}  animations"
    print(f"{args.scene} at {args.size}: {total:.1f} s in all\n{header}\n" + "-" * len(header))
    for names, video, wall, moving, family in rows:
        frames = max(1, round(video * fps))
        print(f"{video:>7.2f} {wall:>7.2f} {1000 * wall / frames:>8.1f} {moving:>6} {family:>6}  {names[:70]}")
    busiest = sorted(rows, key=lambda row: row[2], reverse=True)[:3]
    print("most wall time: " + "; ".join(f"{names[:40]} {wall:.1f} s" for names, _, wall, _, _ in busiest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
