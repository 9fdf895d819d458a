"""Time ThresholdSweep's θ sweep against a frozen-frame control, at 480p15 and 1080p60.

Informational: prints a table (and x264 preset timings), always exits 0.

    .venv/bin/python benchmarks/render.py            # 480p15 and 1080p60, plus presets
    .venv/bin/python benchmarks/render.py --quick    # 480p15 only

Both scenes build the real panels with ``ThresholdSweep.build_panels`` for the
``screening`` dataset in English, and render through Manim with the config the
project uses (``scenes.publish.runner._manim_config``: no cache, mp4, a private media
folder per render). The sweep plays the scene's own 10 s sweep over the 51
grid snapshots; the control holds the same mobjects still for as long with
``self.wait``, so their ratio is the price of the animation itself (the build,
the encoder start-up and the file writing are in both). Time is wall clock
around ``scene.render()``: best of 2 at 480p, one run at 1080p.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

# Run as a script from anywhere: the repository root holds the scenes and data packages.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from manim import tempconfig  # noqa: E402

from benchmarks.informational import run_informational  # noqa: E402
from umbral.data import load_dataset  # noqa: E402
from umbral.scenes import style  # noqa: E402
from umbral.scenes.facts import facts_for  # noqa: E402
from umbral.scenes.publish.runner import RenderOptions, _manim_config  # noqa: E402
from umbral.scenes.threshold_sweep import ThresholdSweep  # noqa: E402

DATASET = "screening"
LANG = "en"
SIZES = ((854, 480, 15), (1920, 1080, 60))  # (width, height, fps)
REPEATS = {480: 2, 1080: 1}
TARGET_RATIO_1080 = 1.15  # sweep/control at 1080p60
PRESETS = ("veryfast", "medium")



class _Panels(ThresholdSweep):
    """The panels of ThresholdSweep at θ = 0, built and added as the real scene does."""

    def setup_panels(self):
        self.camera.background_color = style.BACKGROUND
        start = time.perf_counter()
        layout = self.build_panels()
        self.build_seconds = time.perf_counter() - start
        self.add(layout)
        return layout


class SweepOnly(_Panels):
    """Only the sweep of ThresholdSweep: θ over the 51 grid snapshots in ``sweep_seconds``."""

    def construct(self):
        self.split_layers(self.setup_panels())
        self.sweep()  # the very method the real scene calls


class FrozenControl(_Panels):
    """The same mobjects, built the same way, held still (no updaters) for ``sweep_seconds``."""

    def construct(self):
        self.split_layers(self.setup_panels())
        self.wait(self.sweep_seconds)


def sweep_source() -> str:
    """Where the benchmarked sweep comes from, for the report."""
    return "ThresholdSweep.sweep() (called, not copied)"


def count_frames(path: Path) -> int:
    """Video frames in an mp4 (counted from packets; no decoding)."""
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        if stream.frames:
            return int(stream.frames)
        return sum(1 for packet in container.demux(stream) if packet.size)


def render_once(scene_cls, facts, width: int, height: int, fps: int, preset: str = "medium") -> dict:
    """Render ``scene_cls`` once with the project's Manim config; time ``scene.render()``."""
    options = RenderOptions(lang=LANG, resolution=(width, height), fps=fps, preset=preset)
    media_dir = Path(tempfile.mkdtemp(prefix="umbral-bench-"))
    try:
        with tempconfig(_manim_config(options, media_dir, "mp4")):
            scene = scene_cls(facts, LANG)
            start = time.perf_counter()
            scene.render()
            seconds = time.perf_counter() - start
            movie = Path(scene.renderer.file_writer.movie_file_path)
            moving = len([m for m in scene.moving_mobjects if m.has_points()])
            static = len([m for m in scene.static_mobjects if m.has_points()])
        return {"seconds": seconds, "bytes": movie.stat().st_size, "frames": count_frames(movie),
                "build": scene.build_seconds, "moving": moving, "static": static}
    finally:
        shutil.rmtree(media_dir, ignore_errors=True)


def best_of(scene_cls, facts, size, repeats: int, preset: str = "medium") -> dict:
    """The fastest of ``repeats`` renders."""
    runs = [render_once(scene_cls, facts, *size, preset=preset) for _ in range(repeats)]
    return min(runs, key=lambda run: run["seconds"])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="480p15 only (no 1080p60, no presets)")
    args = parser.parse_args(argv)
    sizes = SIZES[:1] if args.quick else SIZES

    facts = facts_for(load_dataset(DATASET))
    print(f"dataset {DATASET} (n = {facts.grid[0].n}), lang {LANG}, "
          f"sweep {ThresholdSweep.sweep_seconds:g} s over {len(facts.grid)} snapshots")
    print(f"sweep: {sweep_source()}")

    rows = []
    for size in sizes:
        repeats = REPEATS[size[1]]
        sweep = best_of(SweepOnly, facts, size, repeats)
        control = best_of(FrozenControl, facts, size, repeats)
        rows.append((size, repeats, sweep, control))

    header = (f"{'resolution':>10} {'fps':>3} {'frames':>6} {'sweep s':>8} {'control s':>9} "
              f"{'ratio':>6} {'sweep ms/f':>10} {'ctrl ms/f':>9} {'sweep MB':>8} {'ctrl MB':>7}")
    print()
    print(header)
    print("-" * len(header))
    for (width, height, fps), _, sweep, control in rows:
        ratio = sweep["seconds"] / control["seconds"]
        print(f"{f'{width}x{height}':>10} {fps:>3} {sweep['frames']:>6} {sweep['seconds']:>8.2f} "
              f"{control['seconds']:>9.2f} {ratio:>6.2f} "
              f"{1000 * sweep['seconds'] / sweep['frames']:>10.1f} "
              f"{1000 * control['seconds'] / control['frames']:>9.1f} "
              f"{sweep['bytes'] / 1e6:>8.3f} {control['bytes'] / 1e6:>7.3f}")
    print()
    for (_, height, fps), repeats, sweep, control in rows:
        note = f"best of {repeats}" if repeats > 1 else "1 run"
        print(f"{height}p{fps} ({note}): build_panels {sweep['build']:.2f} s (in both times); "
              f"sweep redraws {sweep['moving']} mobjects with points every frame, "
              f"{sweep['static']} sit in the static background"
              + (f"; control frames: {control['frames']}" if control["frames"] != sweep["frames"] else ""))
        if height == 1080:
            ratio = sweep["seconds"] / control["seconds"]
            verdict = "PASS" if ratio <= TARGET_RATIO_1080 else "MISS"
            print(f"target sweep/control <= {TARGET_RATIO_1080} at 1080p60: {ratio:.2f} {verdict}")

    if not args.quick:
        size = SIZES[1]
        print()
        print(f"x264 preset, sweep at {size[0]}x{size[1]} {size[2]} fps (crf 23, 1 run each):")
        print(f"{'preset':>9} {'seconds':>8} {'ms/frame':>8} {'MB':>7}")
        for preset in PRESETS:
            run = render_once(SweepOnly, facts, *size, preset=preset)
            print(f"{preset:>9} {run['seconds']:>8.2f} {1000 * run['seconds'] / run['frames']:>8.1f} "
                  f"{run['bytes'] / 1e6:>7.3f}")
    return 0


if __name__ == "__main__":
    run_informational(main)
