"""Words wrapped to a column: even lines, and legend rows (a small glyph, then the words) stacked down it."""

from __future__ import annotations

import math

from manim import DOWN, LEFT, VGroup

from umbral.scenes import style
from umbral.scenes.numbers.line_breaks import balanced_split

__all__ = ["LegendRows", "balanced_text"]


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
    if block.width > width and may_break:  # one word longer than the column: hyphenate it where the column ends
        return _wrapped(_hyphenated(tokens, width, size, weight), whole, width, size, color, weight, align, False)
    if block.width > width:
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

    def stack(self, rows, top: float) -> VGroup:
        """``rows`` one under another from y = ``top``."""
        for row in rows:
            row.shift([0, top - row.get_top()[1], 0])
            top = row.get_bottom()[1] - self.gap
        return VGroup(*rows)
