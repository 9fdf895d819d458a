"""Words wrapped to a column: even lines, and legend rows (a small glyph, then the words) stacked down it."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from manim import DOWN, LEFT, Mobject, VGroup

from umbral.scenes import style
from umbral.scenes.layout import Column, Row, column
from umbral.scenes.numbers.line_breaks import balanced_split

__all__ = ["Legend", "LegendRows", "balanced_text", "measured"]


def measured(words: str, size: float, weight: str = "NORMAL") -> tuple[float, float]:
    """(width, height) of ``words`` as :func:`style.text` draws them: what the layout ladder measures."""
    return style.text_size(words, size, weight=weight)


@dataclass(frozen=True)
class Legend:
    """A legend row to lay out: its words (a layout :class:`Row`) and what is drawn with them.

    ``glyph`` makes the row's glyph (built only if the row is drawn); ``story`` tags its words as a story number.
    """

    row: Row
    glyph: Callable[[], Mobject] | None = None
    color: str | None = None
    story: bool = False


def balanced_text(words: str, width: float, size: float = style.SIZE_SMALL, color: str | None = None,
                  weight: str = "NORMAL", align=LEFT) -> VGroup:
    """``words`` in the fewest lines no wider than ``width``, as even as can be; ``align=None`` centres them.

    A sentence is measured once and split by characters (``style.wrapped`` builds a Text per word,
    which costs far more than a scene's few dozen labels); candidate lines are weighed by their
    measured widths (:func:`style.text_width`), and only the lines kept are built.
    """
    whole = style.text_width(words, size, weight=weight)
    if whole <= width:
        return VGroup(style.text(words, size=size, color=color, weight=weight))
    return _wrapped(words.split(), whole, width, size, color, weight, align)


def _wrapped(tokens: list[str], whole: float, width: float, size: float, color, weight: str, align,
             may_break: bool = True) -> VGroup:
    """``tokens`` (``whole`` wide on one line) in the fewest even lines no wider than ``width``."""
    count = max(2, math.ceil(whole / width))
    while True:
        lines = balanced_split(tokens, count, keep=may_break)  # a formula wider than the column may break
        if max(style.text_width(line, size, weight=weight) for line in lines) <= width or count >= len(tokens):
            break
        count += 1
    block = VGroup(*(style.text(line, size=size, color=color, weight=weight) for line in lines))
    if align is None:
        block.arrange(DOWN, buff=0.12)
    else:
        block.arrange(DOWN, buff=0.1, aligned_edge=align)
    if block.width > width + 1e-9 and may_break:  # one word longer than the column: hyphenate it where the column ends
        return _wrapped(_hyphenated(tokens, width, size, weight), whole, width, size, color, weight, align, False)
    if block.width > width + 1e-9:
        block.scale_to_fit_width(width)
    return block


def _hyphenated(tokens: list[str], width: float, size: float, weight: str) -> list[str]:
    """``tokens`` with each word wider than ``width`` cut into pieces that fit, every piece but the last ending in -."""
    pieces = []
    for token in tokens:
        wide = style.text_width(token, size, weight=weight)
        if wide <= width or len(token) < 4:
            pieces.append(token)
            continue
        parts = math.ceil(wide / (0.85 * width))  # the hyphen and wide letters take the rest
        step = math.ceil(len(token) / parts)
        chunks = [token[i:i + step] for i in range(0, len(token), step)]
        pieces += [chunk + "-" for chunk in chunks[:-1]] + [chunks[-1]]
    return pieces


class LegendRows:
    """Legend rows for a column of the frame: each a glyph (or nothing) in a small square, then its words.

    Builders return new mobjects and never add them: :meth:`row` (one row, wrapped to the column)
    and :meth:`stack` (rows one under another). Sizes follow the frame (16:9 or 4:3) when a row is built.
    """

    row_gap = 0.16
    #: Rows in a 4:3 frame: a little smaller and closer (the columns are narrow).
    narrow_row_size = 18
    narrow_row_gap = 0.1
    #: Width of the square a row's glyph sits in.
    glyph_room = 0.3

    @property
    def size(self) -> float:
        """Font size of the rows (and of captions set beside them)."""
        return self.narrow_row_size if style.narrow() else style.SIZE_SMALL

    @property
    def gap(self) -> float:
        """Space between two rows."""
        return self.narrow_row_gap if style.narrow() else self.row_gap

    def row(self, words: str, left: float, width: float, glyph=None, color: str | None = None,
            size: float | None = None, weight: str = "NORMAL") -> VGroup:
        """A row from x = ``left``: ``glyph`` (or nothing) in its square, then the words wrapped to ``width``."""
        text = balanced_text(words, width - self.glyph_room - 0.15, size=size or self.size, color=color,
                             weight=weight)
        text.align_to([left + self.glyph_room + 0.15, 0, 0], LEFT)
        if glyph is None:
            return VGroup(text)
        glyph.move_to([left + self.glyph_room / 2, text[0].get_center()[1], 0])
        return VGroup(glyph, text)

    def legend(self, words: str, glyph=None, color: str | None = None, size: float | None = None,
               weight: str = "NORMAL", story: bool = False, **row) -> Legend:
        """A :class:`Legend` at this column's size; ``row`` goes to the layout :class:`Row` (short, optional ...)."""
        size = size or self.size
        return Legend(Row(words, size, weight, floor=size if story else 0.0, **row), glyph, color, story)

    def laid(self, legends, width: float, room: float) -> Column:
        """How ``legends`` fit a column ``width`` wide and ``room`` tall: the layout ladder's choice."""
        return column([legend.row for legend in legends], width - self.glyph_room - 0.15, room, style.min_readable(),
                      measured, gap=self.gap, line_gap=0.1)

    def drawn(self, legends, left: float, width: float, top: float, room: float) -> VGroup:
        """``legends`` laid out (:meth:`laid`) and drawn from (``left``, ``top``) down: glyph, then its lines."""
        by_row = {id(legend.row): legend for legend in legends}
        rows = []
        for placed in self.laid(legends, width, room).rows:
            legend = by_row[id(placed.row)]
            lines = VGroup(*(style.text(line, size=placed.size, color=legend.color, weight=placed.row.weight)
                             for line in placed.lines)).arrange(DOWN, buff=0.1, aligned_edge=LEFT)
            lines.align_to([left + self.glyph_room + 0.15, 0, 0], LEFT)
            row = VGroup(lines)
            if legend.glyph is not None:
                row = VGroup(legend.glyph().move_to([left + self.glyph_room / 2, lines[0].get_center()[1], 0]), lines)
            rows.append(style.story_number(row) if legend.story else row)
        return self.stack(rows, top)

    def stack(self, rows, top: float) -> VGroup:
        """``rows`` one under another from y = ``top``."""
        for row in rows:
            row.shift([0, top - row.get_top()[1], 0])
            top = row.get_bottom()[1] - self.gap
        return VGroup(*rows)
