"""Every scene's render time against a frozen-frame control, and its GIF size (issue 14, §2).

Informational: prints tables and PASS/MISS against the targets and exits 0 (a MISS is not a failure).

    .venv/bin/python benchmarks/scenes.py                     # 480p15 and 1080p60, every scene, GIFs
    .venv/bin/python benchmarks/scenes.py --sizes 480p15      # one size
    .venv/bin/python benchmarks/scenes.py --scenes RadarHistory,RocPrCurves --no-gif
    .venv/bin/python benchmarks/scenes.py --repeat 2          # the fastest of two runs each, on a busy machine

For each scene: the real render (``scenes.publish.runner.render_scene``, the project's Manim
config, x264 ``medium``, crf 23) is timed; then a control of the same resolution, frame rate and
length builds the scene exactly as the render does (its construct with every animation skipped)
and holds its last frame still for the whole duration (Manim writes a frozen frame once and
repeats it), so the control is the floor: the build, encoder start-up, the pipe, the muxer.
ratio = scene seconds / control seconds; with ``--repeat N`` each is the fastest of N runs, taken
alternately (on a shared machine the fastest is the one least slowed by others' work, as ``timeit``
reports it), and ``pairs`` gives the range of the N runs' own ratios. GIFs are made by the same path
as ``--format gif`` at 480p (the palette made per video, at most 25 fps and 640 px wide) and reported per 10 s of video.
Data: ``screening`` (n = 231), ``screening8`` for the scenes that need several models.
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

SIZES = {"480p15": (854, 480, 15), "1080p60": (1920, 1080, 60)}
TARGET_RATIO = {"1080p60": 1.25}  # scene / frozen control
TARGET_GIF_MB_PER_10S = 1.0
LANG = "en"


def facts_by_scene() -> dict:
    """The facts each scene is rendered with: screening, or screening8 where several models are needed."""
    from umbral.data import load_dataset, load_study
    from umbral.scenes.facts import facts_for
    from umbral.scenes.publish.registry import LECTURE_ORDER, NEEDS

    single = facts_for(load_dataset("screening"))
    study = load_study("screening8")
    several = facts_for(study.select(), study=study)
    return {name: several if name in NEEDS else single for name in LECTURE_ORDER}


def frame_count(video: Path) -> int:
    import av

    with av.open(str(video)) as container:
        stream = container.streams.video[0]
        return int(stream.frames) or sum(1 for packet in container.demux(stream) if packet.size)


def time_scene(name: str, facts, size: tuple[int, int, int], out: Path, fmt: str = "mp4") -> tuple[float, Path]:
    """Seconds to render ``name`` through the publishing path, and the file written."""
    from umbral.scenes.publish.runner import RenderOptions, render_scene

    width, height, fps = size
    options = RenderOptions(lang=LANG, resolution=(width, height), fps=fps, fmt=fmt, out_dir=out, subtitles=False)
    start = time.perf_counter()
    files = render_scene(name, facts, options)
    return time.perf_counter() - start, files[0]


def time_frozen_control(name: str, facts, seconds: float, size: tuple[int, int, int]) -> float:
    """Seconds to render ``name``'s final state held still for ``seconds``, with the same Manim config.

    The control plays the scene's own construct with every animation skipped (Text, panels and
    numbers are built exactly as in the real render), then waits: the last frame, frozen.
    """
    from manim import tempconfig

    from umbral.scenes.publish.registry import scene_class
    from umbral.scenes.publish.runner import RenderOptions, _manim_config

    width, height, fps = size

    class FrozenControl(scene_class(name)):
        def construct(self):
            self.renderer._original_skipping_status = self.renderer.skip_animations = True
            super().construct()
            self.renderer._original_skipping_status = self.renderer.skip_animations = False
            self.wait(seconds)

    media_dir = Path(tempfile.mkdtemp(prefix="umbral-bench-"))
    try:
        options = RenderOptions(lang=LANG, resolution=(width, height), fps=fps)
        with tempconfig(_manim_config(options, media_dir, "mp4")):
            scene = FrozenControl(facts, LANG)
            start = time.perf_counter()
            scene.render()
            return time.perf_counter() - start
    finally:
        shutil.rmtree(media_dir, ignore_errors=True)


def main(argv=None) -> int:
    from umbral.scenes.publish.registry import LECTURE_ORDER

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="480p15,1080p60", help="comma-separated: 480p15, 1080p60")
    parser.add_argument("--scenes", default=",".join(LECTURE_ORDER), help="comma-separated scene names")
    parser.add_argument("--no-gif", action="store_true", help="skip the GIF sizes")
    parser.add_argument("--repeat", type=int, default=1,
                        help="time each scene and its control N times, alternately; keep the fastest of each")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    scenes = [name.strip() for name in args.scenes.split(",") if name.strip()]
    facts = facts_by_scene()
    out = Path(tempfile.mkdtemp(prefix="umbral-bench-out-"))
    lengths: dict[str, float] = {}  # seconds of video per scene
    # Warm-up: the first render in a process also pays for lazy imports and font loading, which
    # would count against the first scene only (its control runs after it).
    time_frozen_control(scenes[0], facts[scenes[0]], 0.2, SIZES["480p15"])
    try:
        for size_name in (s.strip() for s in args.sizes.split(",")):
            size = SIZES[size_name]
            print(f"\n{size_name}: scene render / frozen-frame control of the same length")
            spread = args.repeat > 1
            header = f"{'scene':>20} {'video s':>7} {'scene s':>8} {'control s':>9} {'ratio':>6}"
            header += f" {'pairs':>11}" if spread else ""
            print(header + "\n" + "-" * len(header), flush=True)
            ratios = []
            for name in scenes:
                pairs = []
                for _ in range(args.repeat):
                    seconds, video = time_scene(name, facts[name], size, out)
                    length = lengths[name] = frame_count(video) / size[2]
                    pairs.append((seconds, time_frozen_control(name, facts[name], length, size)))
                seconds, control = min(scene for scene, _ in pairs), min(control for _, control in pairs)
                ratios.append((name, seconds / control))
                each = [scene / control for scene, control in pairs]
                row = f"{name:>20} {length:>7.1f} {seconds:>8.2f} {control:>9.2f} {seconds / control:>6.2f}"
                print(row + (f" {min(each):>5.2f}-{max(each):.2f}" if spread else ""), flush=True)
            target = TARGET_RATIO.get(size_name)
            if target:
                worst = max(ratios, key=lambda pair: pair[1])
                verdict = "PASS" if worst[1] <= target else "MISS"
                over = ", ".join(f"{name} {ratio:.2f}" for name, ratio in ratios if ratio > target) or "none"
                print(f"target every scene <= {target} at {size_name}: worst {worst[0]} {worst[1]:.2f} {verdict}"
                      f" (over: {over})")
        if not args.no_gif:
            print(f"\nGIF at 480p (palette per video): MB per 10 s of video, target <= {TARGET_GIF_MB_PER_10S}")
            header = f"{'scene':>20} {'video s':>7} {'GIF MB':>7} {'MB/10 s':>7}"
            print(header + "\n" + "-" * len(header), flush=True)
            worst = 0.0
            for name in scenes:
                if name not in lengths:
                    _, video = time_scene(name, facts[name], SIZES["480p15"], out)
                    lengths[name] = frame_count(video) / SIZES["480p15"][2]
                length = lengths[name]
                _, gif = time_scene(name, facts[name], SIZES["480p15"], out, fmt="gif")
                megabytes = gif.stat().st_size / 1e6
                worst = max(worst, megabytes / length * 10)
                print(f"{name:>20} {length:>7.1f} {megabytes:>7.2f} {megabytes / length * 10:>7.2f}", flush=True)
            print(f"target every GIF <= {TARGET_GIF_MB_PER_10S} MB per 10 s: worst {worst:.2f} "
                  + ("PASS" if worst <= TARGET_GIF_MB_PER_10S else "MISS"))
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
