"""Play a scene through without drawing and measure every beat: fit, overlap, legibility, composition, theme.

Used by the every-beat tests and, as a script, to print the legibility table::

    python -m tests.scenes.layout_check [Scene ...] [--lang en,es] [--frame 16:9,4:3] [--data clinic20]

Legibility is measured in pixels of the output frame: the cap height of a text
is its font size times the pinned font's cap height per unit of size, over the
frame's height. The floors (issue 13): the smallest text at least 2.4 % of the
frame height at 16:9 and 2.2 % at 4:3 (17 px / 16 px at 720p); the numbers that
carry the story (tagged with :func:`scenes.style.story_number`) at least 4 %.

Composition is measured at each of the story's pause points (``beat()``, where
a slide deck breaks) after the first: the bounding box of what is on screen
spans at least 85 % of the safe area's width and 75 % of its height, and no
third of the safe area (left, middle, right; top, middle, bottom) is empty:
the bounding boxes of what is drawn cover at least 30 % of each third's area.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from tests.scenes.conftest import TEXT_DIR

FRAMES = {"16:9": 16 / 9, "4:3": 4 / 3}
#: Smallest cap height of any text, as a share of the frame height, per frame.
TEXT_FLOOR = {"16:9": 0.024, "4:3": 0.022}
#: Smallest cap height of a story number (counts, metric values, θ, AUC/AP, costs).
NUMBER_FLOOR = 0.04
#: Least share of the safe area's width and height the content's bounding box spans at a main beat.
SPAN_WIDTH, SPAN_HEIGHT = 0.85, 0.75
#: Least share of each third of the safe area (its area, on a raster of CELL cells) covered at a main beat.
THIRD_COVER = 0.3
CELL = 0.1
#: Inset of the safe area from every edge of the frame (frame units).
SAFE_INSET = 0.35


@cache
def cap_per_size() -> float:
    """Cap height of the pinned font per unit of Manim font size, in frame units ("H" at size 48)."""
    from umbral.scenes import style

    return style.text("H", size=48).height / 48


def cap_share(font_size: float, frame_height: float = 8.0) -> float:
    """Cap height of text at ``font_size`` as a share of the frame height."""
    return font_size * cap_per_size() / frame_height


def frame_of(ratio: float) -> str:
    return min(FRAMES, key=lambda name: abs(FRAMES[name] - ratio))


@dataclass
class Playthrough:
    """What the check saw: problems per beat, plus the measurements printed in the table."""

    scene: str
    lang: str
    frame: str
    beats: int = 0
    problems: list = field(default_factory=list)
    smallest_text: tuple = (float("inf"), "")  # (cap share, text)
    smallest_number: tuple = (float("inf"), "")
    numbers_seen: int = 0
    #: Every text shown at some beat (Manim's ``Text.text`` drops the spaces).
    texts: set = field(default_factory=set)
    #: (beat name, width share, height share, least third cover) at each main beat.
    compositions: list = field(default_factory=list)
    #: The pause beats the scene broke at (where a slide deck breaks), in order, and those it declares.
    pauses: list = field(default_factory=list)
    declared_pauses: list = field(default_factory=list)

    def px(self, share: float, height: int = 720) -> float:
        return share * height

    def row(self) -> str:
        text_share, text = self.smallest_text
        number_share, number = self.smallest_number
        widths = [c[1] for c in self.compositions] or [float("nan")]
        heights = [c[2] for c in self.compositions] or [float("nan")]
        thirds = [c[3] for c in self.compositions] or [float("nan")]
        return (f"{self.scene:<20} {self.lang:<3} {self.frame:<5} {self.px(text_share):6.1f}px "
                f"{self.px(number_share):6.1f}px  {min(widths):5.0%} {min(heights):5.0%} {min(thirds):5.0%}  "
                f"{text[:28]!r} / {number[:16]!r}")


HEADER = (f"{'scene':<20} {'lng':<3} {'frame':<5} {'text':>8} {'number':>8}  {'width':>5} {'height':>6} "
          f"{'third':>5}  smallest text / number (720p cap heights; least span of the safe area at main beats)")


def composition(leaves, frame_width: float, frame_height: float) -> tuple[float, float, float]:
    """(width share, height share, least area cover of a third) of the safe area by the drawn ``leaves``.

    Cover is measured on a raster of :data:`CELL`-sized cells: a cell is covered when a drawn leaf's
    bounding box (a glyph, a bar, a curve's extent) overlaps it; each of the six thirds (three columns,
    three rows) reports the share of its cells covered.
    """
    boxes = np.array([(leaf.points[:, 0].min(), leaf.points[:, 1].min(), leaf.points[:, 0].max(),
                       leaf.points[:, 1].max()) for leaf in leaves])
    return composition_of_boxes(boxes, frame_width, frame_height)


def composition_of_boxes(boxes: np.ndarray, frame_width: float, frame_height: float) -> tuple[float, float, float]:
    """:func:`composition` of drawn boxes, one ``(x0, y0, x1, y1)`` row each."""
    if not len(boxes):
        return 0.0, 0.0, 0.0
    left, right = -frame_width / 2 + SAFE_INSET, frame_width / 2 - SAFE_INSET
    bottom, top = -frame_height / 2 + SAFE_INSET, frame_height / 2 - SAFE_INSET
    span_w = (min(boxes[:, 2].max(), right) - max(boxes[:, 0].min(), left)) / (right - left)
    span_h = (min(boxes[:, 3].max(), top) - max(boxes[:, 1].min(), bottom)) / (top - bottom)
    columns, rows = round((right - left) / CELL), round((top - bottom) / CELL)
    covered = np.zeros((rows, columns), dtype=bool)
    for x0, y0, x1, y1 in boxes:
        c0, c1 = np.clip([(x0 - left) / CELL, (x1 - left) / CELL], 0, columns)
        r0, r1 = np.clip([(top - y1) / CELL, (top - y0) / CELL], 0, rows)
        covered[int(r0):max(int(np.ceil(r1)), int(r0) + 1), int(c0):max(int(np.ceil(c1)), int(c0) + 1)] = True
    covered = covered[:rows, :columns]
    thirds = [covered[:, k * columns // 3:(k + 1) * columns // 3].mean() for k in range(3)]
    thirds += [covered[k * rows // 3:(k + 1) * rows // 3, :].mean() for k in range(3)]
    return float(span_w), float(span_h), float(min(thirds))


def play_through(name: str, facts, lang: str, ratio: float, media_dir, theme: str = "dark",
                 check_composition: bool = True, scene_kwargs: dict | None = None) -> Playthrough:
    """Play ``name`` (built with ``scene_kwargs``) without writing frames; after each play/wait measure the screen."""
    from manim import Text, config, tempconfig

    from tests.scenes.screen import Screen
    from umbral.scenes import style
    from umbral.scenes.components.live_text import LiveText
    from umbral.scenes.palette import THEMES
    from umbral.scenes.publish.registry import scene_class

    frame = frame_of(ratio)
    result = Playthrough(name, lang, frame)
    text_floor = TEXT_FLOOR[frame]
    allowed = {value.upper() for value in THEMES[theme].values()}
    with style.themed(theme), tempconfig({
            "pixel_width": round(240 * ratio), "pixel_height": 240, "frame_width": 8.0 * ratio, "frame_height": 8.0,
            "frame_rate": 5, "dry_run": True, "disable_caching": True, "format": "none", "verbosity": "ERROR",
            "progress_bar": "none", "media_dir": str(media_dir), "text_dir": TEXT_DIR}):
        scene = scene_class(name)(facts, lang, **(scene_kwargs or {}))
        scene.renderer._original_skipping_status = True  # each play jumps to its end: what is measured, no frames
        # Nor pixels: Manim still paints the still background of each play, and a frame at each wait, at 240 px.
        scene.renderer.update_frame = scene.renderer.save_static_frame_data = lambda *args, **kwargs: None
        scene.get_moving_and_static_mobjects = lambda animations: ([], [])  # only the painting reads them
        names = []

        def measure(after: str) -> None:
            screen = Screen(scene.mobjects)
            half_w, half_h = config.frame_width / 2 + 0.02, config.frame_height / 2 + 0.02
            tiny, small_numbers = [], []
            for unit, first, stop, story, _ in screen.units:
                if not isinstance(unit, (Text, LiveText)):
                    continue
                share = cap_share(screen.font_size(unit, first, stop))
                words = getattr(unit, "text", getattr(unit, "template", ""))
                result.smallest_text = min(result.smallest_text, (share, words))
                result.texts.add(words)
                if share < text_floor - 1e-4:
                    tiny.append((words, round(share * 720, 1)))
                if story:
                    result.numbers_seen += 1
                    result.smallest_number = min(result.smallest_number, (share, words))
                    if share < NUMBER_FLOOR - 1e-4:
                        small_numbers.append((words, round(share * 720, 1)))
            problem = {"beat": len(names), "after": after, "outside": screen.outside(half_w, half_h),
                       "overlapping": screen.overlapping(), "too_small": tiny, "numbers_too_small": small_numbers,
                       "off_theme": sorted(screen.colours() - allowed)}
            if any(value for key, value in problem.items() if key not in ("beat", "after")):
                result.problems.append(problem)

        def checked(method):
            def run(*args, **kwargs):
                value = method(*args, **kwargs)
                names.append(method.__name__)
                measure(method.__name__)
                return value
            return run

        pauses = result.pauses
        result.declared_pauses = [beat.name for beat in type(scene).beats(**scene.shape()) if beat.pause]
        beat = scene.beat

        def paused(label: str) -> None:
            beat(label)
            pauses.append(label)
            if len(pauses) == 1 or not check_composition:  # the first pause is the opening card
                return
            width, height, third = composition_of_boxes(Screen(scene.mobjects).drawn_boxes(),
                                                        config.frame_width, config.frame_height)
            result.compositions.append((label, width, height, third))
            if width < SPAN_WIDTH or height < SPAN_HEIGHT or third < THIRD_COVER:
                result.problems.append({"beat": len(names), "after": f"beat {label!r}",
                                        "composition": f"spans {width:.0%} x {height:.0%} of the safe area "
                                                       f"(needs {SPAN_WIDTH:.0%} x {SPAN_HEIGHT:.0%}), "
                                                       f"least third covered {third:.0%} (needs {THIRD_COVER:.0%})"})

        scene.play, scene.wait, scene.beat = checked(scene.play), checked(scene.wait), paused
        scene.render()
    result.beats = len(names)
    return result


def main(argv=None) -> int:
    from tests.scenes.pseudo_locale import pseudo_language
    from umbral.data import load_dataset
    from umbral.scenes.facts import facts_for
    from umbral.scenes.publish.registry import LECTURE_ORDER, NEEDS

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenes", nargs="*")
    parser.add_argument("--lang", default="en,es", help="languages; qps is the pseudo-locale (40%% longer)")
    parser.add_argument("--frame", default="16:9,4:3")
    parser.add_argument("--data", default="clinic20")
    parser.add_argument("--theme", default="dark")
    parser.add_argument("--problems", action="store_true", help="also print every problem found")
    args = parser.parse_args(argv)
    import tempfile

    names = args.scenes or [n for n in LECTURE_ORDER]
    plain = facts_for(load_dataset(args.data))
    several = None
    print(HEADER)
    failed = 0
    for name, lang, frame in itertools.product(names, args.lang.split(","), args.frame.split(",")):
        facts = plain
        if name in NEEDS:
            from tests.scenes.test_every_beat_fits import several_models_facts

            several = several or several_models_facts()
            facts = several
        with tempfile.TemporaryDirectory() as media, pseudo_language():
            seen = play_through(name, facts, lang, FRAMES[frame], media, theme=args.theme)
        print(seen.row(), "" if not seen.problems else f"  <- {len(seen.problems)} problem beats")
        failed += bool(seen.problems)
        if args.problems:
            for problem in seen.problems:
                print("    ", {k: v for k, v in problem.items() if v})
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
