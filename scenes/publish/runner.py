"""Render one scene to a final file, atomically, with Manim's cache off.

Each render gets a private Manim media folder (processes must never share
one) that is deleted afterwards. The finished file is written under a
temporary name beside its destination and renamed into place, so a failed
or interrupted render leaves neither a half-written file nor temp files.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from umbral.scenes.publish.inside import inside
from umbral.scenes.publish.registry import scene_class

__all__ = ["QUALITIES", "RenderOptions", "atomic_target", "count_frames", "output_path", "render_scene",
           "write_trace"]

#: Named qualities: (width, height, fps) for 16:9.
QUALITIES = {
    "low": (854, 480, 15),
    "medium": (1280, 720, 30),
    "high": (1920, 1080, 60),
    "4k": (3840, 2160, 60),
}
ASPECTS = {"16:9": (16, 9), "4:3": (4, 3)}
FRAME_HEIGHT = 8.0  # Manim units; the frame width follows the aspect.
GIF_MAX_FPS = 25.0
GIF_MAX_WIDTH = 640


#: Plays whose video is still being encoded while the next play draws. Manim's default, 1, makes
#: every play wait for its segment's encoder to finish (x264 flushing its look-ahead) before the
#: next one starts drawing (a profile of ThresholdSweep's 15 plays at 1080p60: 16 of 56 s in that wait).
ENCODERS_IN_FLIGHT = 3
#: Bytes of waiting frames allowed across the encoders in flight (frames are RGBA, 8.3 MB at 1080p).
QUEUED_FRAME_BYTES = 400_000_000


def encoder_queue_size(width: int, height: int) -> int:
    """Frames each encoder may hold waiting: within :data:`QUEUED_FRAME_BYTES` in all, 8 to 32.

    A longer queue lets drawing run ahead while x264 catches up (16 frames at 1080p, 8 at 4k).
    """
    frames = QUEUED_FRAME_BYTES // (ENCODERS_IN_FLIGHT * width * height * 4)
    return int(min(max(frames, 8), 32))


@dataclass(frozen=True)
class RenderOptions:
    """What to render and how; resolution and fps override the quality."""

    lang: str = "en"
    quality: str = "medium"
    resolution: tuple[int, int] | None = None
    fps: float | None = None
    fmt: str = "mp4"
    aspect: str = "16:9"
    transparent: bool = False
    out_dir: Path = Path("out")
    at: tuple[float, ...] = ()
    gif_loop: bool = True
    preset: str = "medium"
    subtitles: bool = True
    #: Extra keyword arguments for the scene constructors (e.g. ``multiclass=...``).
    scene_kwargs: dict = field(default_factory=dict)
    #: umbral.toml's ``[strings.<lang>]`` tables and the class names, ``{lang: {key: text}}``
    #: (see :func:`umbral.scenes.strings.overridden`).
    strings: dict = field(default_factory=dict)
    #: "dark" (the default) or "light" (white background, for white decks, Beamer and handouts).
    theme: str = "dark"

    @property
    def variant(self) -> str:
        """File-name suffix of a 4:3, light or transparent output ('' for the dark 16:9 default)."""
        return (("-4x3" if self.aspect == "4:3" else "") + ("-light" if self.theme == "light" else "")
                + ("-alpha" if self.transparent else ""))

    def size(self) -> tuple[int, int, float]:
        """Pixel width, height and frame rate after overrides and aspect."""
        width, height, fps = QUALITIES[self.quality]
        if self.resolution:
            width, height = self.resolution
        else:
            num, den = ASPECTS[self.aspect]
            width = round(height * num / den / 2) * 2
        return width, height, float(self.fps or fps)


def output_path(out_dir: Path, dataset: str, lang: str, scene: str, ext: str, at: float | None = None,
                variant: str = "") -> Path:
    """``OUT/<dataset>/<lang>/<Scene>.<ext>``, stills ``<Scene>@0.50.png``.

    ``variant`` tells apart outputs that would otherwise share a name: ``-4x3``
    for the 4:3 frame, ``-alpha`` for a transparent background.
    """
    stem = scene if at is None else f"{scene}@{at:.2f}"
    return inside(out_dir, dataset, lang, f"{stem}{variant}.{ext}")


def _manim_config(options: RenderOptions, media_dir: Path, fmt: str) -> dict:
    width, height, fps = options.size()
    return {
        "format": fmt,
        "pixel_width": width,
        "pixel_height": height,
        "frame_rate": fps,
        "frame_height": FRAME_HEIGHT,
        "frame_width": FRAME_HEIGHT * width / height,
        "media_dir": str(media_dir),
        "max_inflight_encoders": ENCODERS_IN_FLIGHT,
        "encoder_queue_size": encoder_queue_size(width, height),
        "disable_caching": True,  # data-driven scenes: Manim's hash misses the data
        "transparent": options.transparent,
        "verbosity": "ERROR",
        "progress_bar": "none",
        "output_file": "scene",
        "video_encoder_options": {"preset": options.preset, "crf": "23", **STEADY_X264} if fmt == "mp4" else {},
    }


#: x264's macroblock-tree rate control (its default) reads memory it never wrote: the same frames of a
#: short segment encode to a different video depending on what is left on the heap (a scene's closing
#: crossfade rendered twice differed in 2 to 12 frames). Off, renders are byte-identical; the videos are
#: about a quarter larger at the same crf (docs/benchmarks.md, "Same frames, same video").
STEADY_X264 = {"x264-params": "mbtree=0"}


def count_frames(scene, reporter, still: bool = False) -> None:
    """Tell ``reporter`` the frames the scene will write, then about each frame as Manim writes it.

    Every frame, drawn or repeated, goes through the renderer's ``add_frame``.
    A still (png) writes no video frame; it counts as one, done when saved.
    """
    if still:
        reporter.expect(1)
        return
    reporter.expect(round(scene.planned_seconds() * scene.renderer.camera.frame_rate))
    add_frame = scene.renderer.add_frame

    def add_and_count(frame, num_frames: int = 1) -> None:
        add_frame(frame, num_frames)
        if not scene.renderer.skip_animations:
            reporter.advance(num_frames)

    scene.renderer.add_frame = add_and_count


def _run_manim(scene_name: str, facts, options: RenderOptions, media_dir: Path, fmt: str,
               still_at: float | None, reporter=None) -> tuple[Path, Path | None]:
    """Render with Manim into ``media_dir``; return (artifact, subtitles or None)."""
    from manim import tempconfig

    from umbral.scenes.strings import overridden
    from umbral.scenes.style import themed

    cls = scene_class(scene_name)
    with tempconfig(_manim_config(options, media_dir, fmt)), overridden(options.strings), themed(options.theme):
        accepted = {k: v for k, v in options.scene_kwargs.items() if k in getattr(cls, "scene_options", ())}
        scene = cls(facts, options.lang, still_at=still_at, **accepted)
        if reporter is not None:
            count_frames(scene, reporter, still=fmt == "png")
        scene.render()
        if reporter is not None and fmt == "png":
            reporter.advance(1)  # the one image
        writer = scene.renderer.file_writer
        artifact = writer.image_file_path if fmt == "png" else writer.movie_file_path
        plan = writer.output_plan
        subtitles = plan.subcaption_file if plan.subcaption_file and plan.subcaption_file.exists() else None
    return Path(artifact), subtitles


@contextmanager
def atomic_target(final: Path):
    """Yield a temp path beside ``final``; rename it into place only on success.

    Inside :func:`umbral.scenes.publish.undo.undoable` the file's old state is journalled first, so a
    run that fails later puts it back.
    """
    from umbral.scenes.publish.undo import remember

    remember(final)
    final.parent.mkdir(parents=True, exist_ok=True)
    while True:  # mkstemp's name, chosen first so the journal lists it: a process that dies leaves it to undo
        temp = final.parent / f".{final.name}.{secrets.token_hex(4)}.partial"
        remember(temp)
        try:
            os.close(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            break
        except FileExistsError:
            continue
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(temp, 0o666 & ~umask)  # mkstemp makes 0600; outputs are ordinary files
    try:
        yield Path(temp)
        os.replace(temp, final)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)


def _write_narration(srt_source: Path, final: Path, scene_name: str, subtitles: bool) -> list[Path]:
    """Beside the video: .srt and .vtt subtitles (unless turned off) and a .txt transcript."""
    from umbral.scenes.publish.subtitles import srt_to_transcript, srt_to_vtt

    srt_text = srt_source.read_text(encoding="utf-8")
    outputs = {final.with_suffix(".txt"): srt_to_transcript(srt_text, f"{scene_name} ({final.parent.name})")}
    if subtitles:
        outputs[final.with_suffix(".srt")] = srt_text
        outputs[final.with_suffix(".vtt")] = srt_to_vtt(srt_text)
    for path, content in outputs.items():
        with atomic_target(path) as temp:
            temp.write_text(content, encoding="utf-8")
    return list(outputs)


def render_scene(scene_name: str, facts, options: RenderOptions, still_at: float | None = None,
                 reporter=None) -> list[Path]:
    """Render ``scene_name`` for ``facts``; return the files written.

    mp4/webm/mov come straight from Manim; gif is made from an mp4 with its
    own palette; png is the last frame, or the panels at ``still_at``.
    ``reporter`` (a :class:`~umbral.scenes.publish.progress.FrameReporter`) hears
    the frame total and each frame written.
    """
    fmt = "png" if still_at is not None else options.fmt
    final = output_path(options.out_dir, facts.name, options.lang, scene_name, fmt, still_at, options.variant)
    media_dir = Path(tempfile.mkdtemp(prefix="umbral-media-"))
    written = []
    try:
        manim_fmt = "mp4" if fmt == "gif" else fmt
        artifact, subtitles = _run_manim(scene_name, facts, options, media_dir, manim_fmt, still_at, reporter)
        if fmt == "gif":
            from umbral.scenes.publish.media_convert import mp4_to_gif

            gif = media_dir / "scene.gif"
            mp4_to_gif(artifact, gif, max_fps=GIF_MAX_FPS, max_width=GIF_MAX_WIDTH, loop=options.gif_loop)
            artifact = gif
        with atomic_target(final) as temp:
            shutil.copyfile(artifact, temp)
        written.append(final)
        if subtitles is not None and fmt != "png":
            written += _write_narration(Path(subtitles), final, scene_name, options.subtitles)
    finally:
        shutil.rmtree(media_dir, ignore_errors=True)
    return written


def write_trace(facts, path: Path) -> Path:
    """The 51 grid snapshots as JSON, written atomically next to a video."""
    from umbral.metrics import Snapshot

    rows = [snapshot.as_dict(Snapshot.PER_THRESHOLD_KEYS) for snapshot in facts.grid]
    with atomic_target(path) as temp:
        temp.write_text(json.dumps({"dataset": facts.name, "snapshots": rows}, indent=1), encoding="utf-8")
    return path
