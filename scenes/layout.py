"""One layout rule for every column of text rows: measured, then fitted by one ladder of fallbacks.

A board's words are a column of rows (a legend row, a row of numbers, a headline) in a given
width and height. :func:`column` lays them out from the strings alone, measuring through one
function, ``measure(words, size, weight) -> (width, height)`` in frame units (the text cache in
a scene, made-up widths in the tests). When the rows do not fit it tries, in this order, what a
designer of slides would, and stops at the first rung that fits:

1. ``wrap``: each row at word boundaries, in the fewest even lines no wider than the column
   (a formula stays on one line: :func:`~umbral.scenes.numbers.line_breaks.kept_together`);
2. ``shrink``: every row by the same factor, down to the legibility floor;
3. ``short``: the short form of the rows that have one (at the largest size that then fits);
4. ``drop``: the rows marked optional, the last first;
5. ``say``: the rows marked sayable, the last first, left to the narration.

It is a pure function: it returns what it chose (each row's lines and size, the rows dropped and
said) and why (the rungs taken); builders draw what it returns and never measure again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from umbral.scenes.numbers.line_breaks import even_lines, kept_together

__all__ = ["LADDER", "Column", "Placed", "Row", "column", "wrap"]

#: The rungs of the ladder, in the order they are tried (the first, ``wrap``, always is).
LADDER = ("wrap", "shrink", "short", "drop", "say")

Measure = Callable[[str, float, str], tuple[float, float]]


@dataclass(frozen=True)
class Row:
    """One row of words: its size and weight, its short form, whether it may be dropped or said instead.

    ``indent`` is the room a glyph takes at the row's left (the words wrap in what is left of the width);
    ``floor`` the least size this row may shrink to, when above the column's (a story number's).
    """

    words: str
    size: float
    weight: str = "NORMAL"
    short: str | None = None
    optional: bool = False
    sayable: bool = False
    indent: float = 0.0
    floor: float = 0.0


@dataclass(frozen=True)
class Placed:
    """A row as laid out: its lines, their size, its height (lines and the gaps between them), its widest line."""

    row: Row
    lines: tuple[str, ...]
    size: float
    height: float
    width: float
    short: bool = False


@dataclass(frozen=True)
class Column:
    """What :func:`column` chose: the rows shown, those dropped and said, and the rungs taken (``why``)."""

    rows: tuple[Placed, ...]
    dropped: tuple[Row, ...]
    said: tuple[Row, ...]
    why: tuple[str, ...]
    height: float
    room: float

    width: float

    @property
    def fits(self) -> bool:
        """True when the rows shown are no taller than the room and each no wider than the column."""
        return self.height <= self.room + 1e-9 and all(p.width <= self.width - p.row.indent + 1e-9 for p in self.rows)

    @property
    def scale(self) -> float:
        """The rows' size over their asked size (1 unless shrunk)."""
        return self.rows[0].size / self.rows[0].row.size if self.rows else 1.0


def wrap(words: str, width: float, size: float, weight: str, measure: Measure) -> tuple[str, ...]:
    """``words`` in the fewest lines no wider than ``width``, the widest as narrow as can be.

    A formula (kept together) wider than the width breaks at its spaces; a single word wider than
    the width stays whole (the caller shrinks).
    """
    if measure(words, size, weight)[0] <= width:
        return (words,)
    tokens = kept_together(words.split())
    if any(measure(token, size, weight)[0] > width for token in tokens):
        tokens = words.split()
    widths = [measure(token, size, weight)[0] for token in tokens]
    space = measure("x x", size, weight)[0] - measure("xx", size, weight)[0]
    for count in range(2, len(tokens) + 1):
        widest, lines = even_lines(tokens, widths, space, count)
        if widest <= width and max(measure(line, size, weight)[0] for line in lines) <= width:
            return tuple(lines)
    return tuple(tokens)


def column(rows: Sequence[Row], width: float, room: float, floor: float, measure: Measure, gap: float = 0.16,
           line_gap: float = 0.1) -> Column:
    """``rows`` in ``width`` x ``room`` (frame units), fitted by the ladder (:data:`LADDER`); no size under ``floor``.

    Rows are ``gap`` apart and a row's lines ``line_gap``; each line is as tall as its own measured ink.
    """
    def laid(shown: Sequence[Row], scale: float, short: bool) -> tuple[Placed, ...]:
        placed = []
        for row in shown:
            words = row.short if short and row.short else row.words
            size = min(row.size, max(floor, row.floor, row.size * scale))
            lines = wrap(words, width - row.indent, size, row.weight, measure)
            height = sum(measure(line, size, row.weight)[1] for line in lines) + line_gap * (len(lines) - 1)
            widest = max(measure(line, size, row.weight)[0] for line in lines)
            placed.append(Placed(row, lines, size, height, widest, short and bool(row.short)))
        return tuple(placed)

    def result(placed: tuple[Placed, ...]) -> Column:
        tall = sum(p.height for p in placed) + gap * max(len(placed) - 1, 0)
        return Column(placed, tuple(dropped), tuple(said), tuple(why), tall, room, width)

    def largest(short: bool) -> Column:
        """The rows shown at the largest common scale (1 down to the floor) at which they fit, else at the floor."""
        best = result(laid(shown, 1.0, short))
        if best.fits:
            return best
        low, high = min(min((max(floor, row.floor) / row.size for row in shown), default=1.0), 1.0), 1.0
        best = result(laid(shown, low, short))
        if not best.fits:
            return best
        for _ in range(12):  # the scale to 1/4000 of its range: sizes differ by under 0.01 point
            middle = (low + high) / 2
            trial = result(laid(shown, middle, short))
            low, high, best = (middle, high, trial) if trial.fits else (low, middle, best)
        return best

    shown, dropped, said, why = list(rows), [], [], ["wrap"]
    laid_out = result(laid(shown, 1.0, False))
    if not laid_out.fits:
        why.append("shrink")
        laid_out = largest(False)
    if not laid_out.fits and any(row.short for row in shown):
        why.append("short")
        laid_out = largest(True)
    for rung, marked, gone in (("drop", "optional", dropped), ("say", "sayable", said)):
        while not laid_out.fits and any(getattr(row, marked) for row in shown):
            if rung not in why:
                why.append(rung)
            gone.insert(0, shown.pop(max(i for i, row in enumerate(shown) if getattr(row, marked))))
            laid_out = largest("short" in why)
    return laid_out

