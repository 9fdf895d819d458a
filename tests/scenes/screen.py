"""What is on screen at one moment, read in one walk of the scene's tree (the every-beat check's measurements).

The helpers in tests/scenes/conftest.py (``text_units``, ``outside_frame``,
``overlapping_texts``) answer one question each and walk the tree again every
time; the every-beat check asks all of them after every play, so it reads each
leaf once here: its box, whether it is drawn and the colours it draws, and
which text unit and which top-level mobject it belongs to. The answers equal
those helpers' (tests/scenes/test_layout_check.py compares them on a scene).
"""

from __future__ import annotations

import numpy as np

#: Opacity above which a fill or a stroke counts as drawn.
DRAWN = 0.05
_NO_RGBA = np.zeros((1, 4))


class Screen:
    """Every leaf with points under ``mobjects`` (the scene's, in order), read once."""

    def __init__(self, mobjects):
        from manim import Text

        from umbral.scenes.components.live_text import LiveText

        self._unit_types = (Text, LiveText)
        self._points, self._fills, self._strokes, self._stroked, self._top_of = [], [], [], [], []
        #: (text unit, first leaf, leaf after its last, tagged as a story number, its top-level mobject's index)
        self.units = []
        for top, mobject in enumerate(mobjects):
            self._walk(mobject, top, story=False, in_unit=False)
        self.boxes = np.zeros((0, 4))
        if self._points:  # one reduction over every leaf's points: (x0, y0, x1, y1) per leaf
            starts = np.cumsum([0] + [len(points) for points in self._points[:-1]])
            every = np.concatenate(self._points)[:, :2]
            self.boxes = np.hstack([np.minimum.reduceat(every, starts), np.maximum.reduceat(every, starts)])
        fills, strokes = np.array(self._fills).reshape(-1, 4), np.array(self._strokes).reshape(-1, 4)
        self.drawn = (fills[:, 3] > DRAWN) | (strokes[:, 3] > DRAWN)
        # The colours Manim reports (``get_fill_color().to_hex()``; none where the rgba is all zero), drawn
        # where their opacity shows, a stroke only where it has a width.
        self._fill_shown = (fills[:, 3] > DRAWN) & fills.any(axis=1)
        self._stroke_shown = (strokes[:, 3] > DRAWN) & strokes.any(axis=1) & np.array(self._stroked, dtype=bool)
        self._fill_rgb, self._stroke_rgb = (fills[:, :3] * 255).astype(int), (strokes[:, :3] * 255).astype(int)
        tops = np.array(self._top_of, dtype=int)
        shown_tops = np.zeros(len(mobjects), dtype=bool)
        shown_tops[tops[self.drawn]] = True
        #: Leaves of the top-level mobjects drawn now (a faded-out leftover has no drawn leaf).
        self.shown = shown_tops[tops] if len(tops) else np.zeros(0, dtype=bool)
        self.units = [unit for unit in self.units if shown_tops[unit[4]] and unit[2] > unit[1]]

    def _walk(self, mobject, top: int, story: bool, in_unit: bool) -> None:
        story = story or getattr(mobject, "story_number", False)
        is_unit = not in_unit and isinstance(mobject, self._unit_types)
        first = len(self._points)
        points = mobject.points
        if len(points):
            self._points.append(points)
            self._fills.append(getattr(mobject, "fill_rgbas", _NO_RGBA)[0])
            self._strokes.append(getattr(mobject, "stroke_rgbas", _NO_RGBA)[0])
            self._stroked.append(mobject.get_stroke_width() != 0)
            self._top_of.append(top)
        for child in mobject.submobjects:
            self._walk(child, top, story, in_unit or is_unit)
        if is_unit:
            self.units.append((mobject, first, len(self._points), story, top))

    def font_size(self, unit, first: int, stop: int) -> float:
        """Manim's ``Text.font_size`` from the unit's leaves' boxes (Manim measures the height again)."""
        from manim.constants import DEFAULT_FONT_SIZE
        from manim.mobject.text.text_mobject import TEXT_MOB_SCALE_FACTOR

        if not hasattr(unit, "initial_height"):  # a LiveText keeps its own
            return unit.font_size
        height = self.boxes[first:stop, 3].max() - self.boxes[first:stop, 1].min()
        return height / unit.initial_height / TEXT_MOB_SCALE_FACTOR * 2.4 * unit._font_size / DEFAULT_FONT_SIZE

    def drawn_boxes(self) -> np.ndarray:
        """Boxes of the drawn leaves of the mobjects shown (what composition measures)."""
        return self.boxes[self.drawn & self.shown]

    def colours(self) -> set[str]:
        """Colours drawn, fill and stroke, as ``#RRGGBB``."""
        shown = self.drawn & self.shown
        rgbs = np.unique(np.vstack([self._fill_rgb[shown & self._fill_shown],
                                    self._stroke_rgb[shown & self._stroke_shown]]), axis=0)
        return {f"#{r:02X}{g:02X}{b:02X}" for r, g, b in rgbs}

    def outside(self, half_width: float, half_height: float) -> list:
        """Words of the text units reaching outside the frame; else ``["a drawing"]`` if any shown leaf does."""
        leaves_out = ((np.abs(self.boxes[:, [0, 2]]) > half_width).any(axis=1)
                      | (np.abs(self.boxes[:, [1, 3]]) > half_height).any(axis=1))
        words = [_words(unit) for unit, first, stop, *_ in self.units if leaves_out[first:stop].any()]
        if not words and (leaves_out & self.shown).any():
            words = ["a drawing"]
        return words

    def overlapping(self, tolerance: float = 0.01) -> list[tuple[str, str]]:
        """Pairs of text units whose drawn boxes overlap by more than ``tolerance``, by their words."""
        units, boxes = [], []
        for unit, first, stop, *_ in self.units:
            drawn = self.boxes[first:stop][self.drawn[first:stop]]
            if len(drawn):
                units.append(unit)
                boxes.append((*drawn[:, :2].min(axis=0), *drawn[:, 2:].max(axis=0)))
        if len(units) < 2:
            return []
        b = np.array(boxes)
        across = np.minimum(b[:, None, 2], b[None, :, 2]) - np.maximum(b[:, None, 0], b[None, :, 0])
        up = np.minimum(b[:, None, 3], b[None, :, 3]) - np.maximum(b[:, None, 1], b[None, :, 1])
        hits = (across > tolerance) & (up > tolerance)
        return [(_words(units[i]), _words(units[j])) for i, j in np.argwhere(np.triu(hits, 1))]


def _words(unit) -> str:
    return getattr(unit, "text", type(unit).__name__)
