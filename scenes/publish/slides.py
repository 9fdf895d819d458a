"""Lecture scenes as a slide deck: html (reveal.js), pptx or pdf, via manim-slides.

A scene's story is unchanged: :meth:`LectureScene.beat`, called at the end
of each beat the scene declares as a pause, is a no-op in a video and a slide
break here, so the lecturer advances the deck at each such beat.
``build_deck`` renders every scene as slides in a private Manim media
folder (cache off, as in :mod:`umbral.scenes.publish.runner`), converts them with
manim-slides' converters and renames the result into
``OUT/<dataset>/<lang>/slides.<ext>``, so a failure leaves no deck behind.

Compatibility (manim-slides 5.7 on Manim 0.22)
----------------------------------------------
``manim_slides.Slide`` cannot be used as-is with Manim 0.22:

* ``Slide.__init__`` sets ``config["write_to_movie"] = True``, which Manim 0.22
  no longer has: ``AttributeError: type object 'ManimConfig' has no attribute
  'write_to_movie'`` at construction. The Cairo renderer writes a movie anyway
  whenever ``format`` is a video format, so the write is not needed.
* ``Slide.render`` reads ``config["flush_cache"]`` (also gone) and sets
  ``config["max_files_cached"] = float("inf")``; Manim 0.22 wants an int and
  spells "unlimited" as ``-1``.
* ``Slide._background_color`` calls ``.to_hex()`` on the camera's background
  colour, which LectureScene sets as a hex string (``AttributeError: 'str'
  object has no attribute 'to_hex'``).

:class:`UmbralSlide` therefore skips ``Slide.__init__`` and ``Slide.render``
(calling the next classes in the MRO: ``BaseSlide.__init__`` and
``Scene.render``), then saves the slides itself. Everything else of ``Slide``
(``next_slide``, ``play`` counting, the partial-movie bookkeeping) is used
unchanged. Reversed clips (only used by ``manim-slides present``) are skipped.
"""

from __future__ import annotations

import base64
import contextlib
import html
import io
import logging
import os
import shutil
import tempfile
import time
from pathlib import Path

from manim import ManimColor, tempconfig  # imported first: manim-slides picks its API from sys.modules
from manim_slides.slide import Slide

from umbral.scenes.base import LectureScene
from umbral.scenes.publish.inside import inside
from umbral.scenes.publish.progress import FrameReporter, JobInfo, QuietDisplay
from umbral.scenes.publish.registry import SCENES, scene_class
from umbral.scenes.publish.runner import RenderOptions, _manim_config, count_frames

__all__ = ["DECK_FORMATS", "UmbralSlide", "build_deck", "deck_path", "render_slides", "slide_class"]

#: Deck formats and their file extensions.
DECK_FORMATS = ("html", "pptx", "pdf")
#: PowerPoint slide height in pixels (the width follows the aspect); videos are scaled to fit.
PPTX_HEIGHT = 720


class UmbralSlide(Slide):
    """manim-slides' ``Slide`` made to run on Manim 0.22 (see the module docstring)."""

    disable_caching = True
    skip_reversing = True

    def __init__(self, *args, **kwargs):
        # Not Slide.__init__: its config["write_to_movie"] = True raises on Manim 0.22.
        super(Slide, self).__init__(*args, **kwargs)

    def render(self, *args, **kwargs) -> None:
        """Render the scene (Scene.render), then write the slide clips and ``<Scene>.json``."""
        # Not Slide.render: it reads config["flush_cache"], which Manim 0.22 lacks.
        # Partial movies must survive until the slides are saved: build_deck sets max_files_cached=-1.
        super(Slide, self).render(*args, **kwargs)
        self._save_slides(use_cache=False, flush_cache=False, skip_reversing=True)

    @property
    def _background_color(self) -> str:
        return ManimColor(self.camera.background_color).to_hex()


class _LectureSlide(UmbralSlide):
    """Beats become slide breaks; narration cues become the speaker notes of the slide they start in."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._pending_cues: list[tuple[float, str]] = []

    def beat(self, name: str) -> None:
        """End the current slide here (the presenter advances to go on)."""
        self._close_notes()
        self.next_slide(name)

    def say(self, key: str, seconds: float | None = None, offset: float = 0.0, **values) -> None:
        """Subtitle cue as in a video, also kept as a speaker note."""
        super().say(key, seconds, offset, **values)
        self._pending_cues.append((self.time + offset, self.strings[key].format(**values)))

    def tear_down(self) -> None:
        """After construct: the remaining cues are notes of the last slide."""
        super().tear_down()
        self._close_notes(final=True)

    def _close_notes(self, final: bool = False) -> None:
        if not final and self._current_animation == self._start_animation:
            return  # no slide ends here (nothing played since the last beat)
        now = self.time
        done = [text for start, text in self._pending_cues if final or start < now]
        self._pending_cues = [] if final else [cue for cue in self._pending_cues if cue[0] >= now]
        if done:
            self._base_slide_config.notes = "\n\n".join(done)


def slide_class(scene_cls: type[LectureScene]) -> type:
    """``scene_cls`` as a manim-slides Slide, same name and ``construct``; each beat is a slide break.

    The MRO is ``<Scene>, _LectureSlide, UmbralSlide, Slide, BaseSlide, scene_cls, ...,
    LectureScene, Scene``: the slide's ``beat``/``say`` win over LectureScene's,
    ``Slide.play`` counts animations and then calls ``Scene.play``, which still
    runs :meth:`LectureScene.play_internal` (HeldSteps frame reuse).
    """
    if not issubclass(scene_cls, LectureScene):
        raise TypeError(f"{scene_cls.__name__} is not a LectureScene")
    return type(scene_cls.__name__, (_LectureSlide, scene_cls),
                {"__module__": __name__, "__qualname__": scene_cls.__name__, "__doc__": scene_cls.__doc__})


def deck_path(out_dir: Path, dataset: str, lang: str, to: str, variant: str = "") -> Path:
    """``OUT/<dataset>/<lang>/slides<variant>.<ext>`` (variant ``-4x3``, ``-light``, ``-4x3-light`` or none)."""
    return inside(out_dir, dataset, lang, f"slides{variant}.{to}")


def render_slides(scene_name: str, facts, options: RenderOptions, media_dir: Path, slides_dir: Path,
                  reporter=None) -> Path:
    """Render one scene as slides into ``slides_dir``; return its ``<Scene>.json``.

    ``reporter`` (a :class:`~umbral.scenes.publish.progress.FrameReporter`) hears the frames as they are written.
    """
    from umbral.scenes.style import themed

    cls = slide_class(scene_class(scene_name))
    settings = {**_manim_config(options, media_dir, "mp4"), "max_files_cached": -1, "save_sections": False}
    with tempconfig(settings), themed(options.theme):
        accepted = {k: v for k, v in options.scene_kwargs.items() if k in getattr(cls, "scene_options", ())}
        scene = cls(facts, options.lang, output_folder=slides_dir, **accepted)
        if reporter is not None:
            count_frames(scene, reporter)
        scene.render()
    if reporter is not None:
        reporter.flush()
    return slides_dir / f"{scene_name}.json"


def _render_all(names: list[str], facts, options: RenderOptions, media_dir: Path, display) -> list[Path]:
    """Every scene's slides, in order, each reported to ``display`` (a bar on a terminal, a line otherwise)."""
    width, height, fps = options.size()
    for index, name in enumerate(names, start=1):
        label = f"{facts.name}, {options.lang}, {width}x{height}@{fps:g}, slides"
        display.add(JobInfo(index, len(names), name, label, f"{options.lang}, slides", f"{options.lang} slides"))
    configs = []
    with display:
        for index, name in enumerate(names, start=1):
            reporter = FrameReporter(index, display)
            reporter.started()
            started = time.perf_counter()
            configs.append(render_slides(name, facts, options, media_dir / name, media_dir / "slides", reporter))
            display.finish(display.jobs[index], time.perf_counter() - started, [])
    return configs


def _convert(configs: list[Path], to: str, dest: Path, one_file: bool, size: tuple[int, int]) -> None:
    """manim-slides' converters (the same classes ``manim-slides convert`` uses)."""
    from manim_slides.config import PresentationConfig
    from manim_slides.convert import PDF, PowerPoint, RevealJS

    presentations = [PresentationConfig.from_file(path) for path in configs]
    if to == "html":
        for presentation in presentations:  # the template inserts notes unescaped
            for slide in presentation.slides:
                slide.notes = html.escape(slide.notes, quote=False)
        converter = RevealJS(presentation_configs=presentations, one_file=one_file)
    elif to == "pptx":
        width, height = size
        converter = PowerPoint(presentation_configs=presentations, width=round(PPTX_HEIGHT * width / height),
                               height=PPTX_HEIGHT)
    else:
        converter = PDF(presentation_configs=presentations)
    with contextlib.redirect_stderr(io.StringIO()):  # tqdm bars of the pptx/pdf converters; errors still raise
        converter.convert_to(dest)


def _append_lab(deck: Path, page: str, assets: Path | None) -> None:
    """Add the lab as the deck's last slide: a live, interactive background page.

    ``assets`` given: the page is written there and linked; None: it is inlined as a data URI.
    """
    if assets is None:
        source = "data:text/html;charset=utf-8;base64," + base64.b64encode(page.encode("utf-8")).decode("ascii")
    else:
        assets.mkdir(parents=True, exist_ok=True)
        (assets / "lab.html").write_text(page, encoding="utf-8")
        source = f"{assets.name}/lab.html"
    text = deck.read_text(encoding="utf-8")
    end = text.rfind("</section>")
    if end < 0:
        raise ValueError(f"{deck.name} has no slide to put the lab after")
    end += len("</section>")
    slide = f'\n<section data-background-iframe="{html.escape(source)}" data-background-interactive></section>'
    deck.write_text(text[:end] + slide + text[end:], encoding="utf-8")


def build_deck(scene_names, facts, lang: str = "en", to: str = "html", out_dir: Path | str = Path("out"),
               one_file: bool = False, *, quality: str = "medium", resolution: tuple[int, int] | None = None,
               fps: float | None = None, aspect: str = "16:9", preset: str = "medium",
               display=None, lab_page: str | None = None, theme: str = "dark") -> Path:
    """Render ``scene_names`` (in order) as one deck for ``facts``; return ``OUT/<dataset>/<lang>/slides.<to>``.

    ``to`` is html, pptx or pdf. html loads reveal.js from its CDN; with
    ``one_file`` the videos are embedded as data URIs (one self-contained
    file), otherwise they go to ``slides_assets/`` beside it. pptx embeds one
    video per slide (with speaker notes); pdf holds the last frame of each
    slide. Each beat of a scene ends a slide; each scene starts a new one.
    The deck is built in a hidden folder beside the destination and renamed
    into place, so a failed render or conversion leaves the previous deck (if
    any) untouched and no partial files. ``display`` (see
    :mod:`umbral.scenes.publish.progress`) shows each scene's rendering; none by default.
    ``lab_page`` (html only): the lab's page, appended as the last slide. ``theme`` is "dark" or
    "light"; a 4:3 or light deck's name says so (``slides-4x3-light.html``).
    """
    names = list(dict.fromkeys(scene_names))  # a scene twice would share its media folder
    if not names:
        raise ValueError("no scenes to put in the deck")
    unknown = [name for name in names if name not in SCENES]
    if unknown:
        raise ValueError(f"unknown scene {unknown[0]!r}; choose from {', '.join(SCENES)}")
    if to not in DECK_FORMATS:
        raise ValueError(f"unknown deck format {to!r}; choose from {', '.join(DECK_FORMATS)}")
    options = RenderOptions(lang=lang, quality=quality, resolution=resolution, fps=fps, aspect=aspect,
                            preset=preset, out_dir=Path(out_dir), theme=theme)
    final = deck_path(options.out_dir, facts.name, lang, to, options.variant)
    final_assets = final.with_name(f"{final.stem}_assets")  # manim-slides' "{basename}_assets"
    final.parent.mkdir(parents=True, exist_ok=True)
    quiet = logging.getLogger("manim-slides")  # its INFO lines would interleave with the CLI's progress
    level = quiet.level
    quiet.setLevel(logging.WARNING)
    media_dir = Path(tempfile.mkdtemp(prefix="umbral-slides-"))
    stage = Path(tempfile.mkdtemp(prefix=f".{final.name}.", suffix=".partial", dir=final.parent))
    try:
        configs = _render_all(names, facts, options, media_dir, display if display is not None else QuietDisplay())
        width, height, _ = options.size()
        staged = stage / final.name
        _convert(configs, to, staged, one_file, (width, height))
        staged_assets = stage / final_assets.name
        if to == "html" and lab_page is not None:
            _append_lab(staged, lab_page, None if one_file else staged_assets)
        if staged_assets.exists():  # an old assets folder goes to the stage, deleted with it
            if final_assets.exists():
                os.replace(final_assets, stage / "old_assets")
            os.replace(staged_assets, final_assets)
        os.replace(staged, final)
        if to == "html" and one_file and final_assets.is_dir():
            shutil.rmtree(final_assets)  # a stale folder from an earlier multi-file deck
    finally:
        shutil.rmtree(stage, ignore_errors=True)
        shutil.rmtree(media_dir, ignore_errors=True)
        quiet.setLevel(level)
    return final

