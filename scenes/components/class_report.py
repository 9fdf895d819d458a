"""MulticlassConfusion's right panel: a class's scores worked out, the averages, and the summary table.

The table reads like scikit-learn's ``classification_report``: a row per class (precision,
recall, F1, support), then the macro, weighted and micro averages. Beside it stand the lines of
the beat (over it; under it in a 4:3 frame): one class against the rest, what each average means,
why macro and weighted differ. The lines are a column of layout :class:`~umbral.scenes.layout.Row`
fitted by the layout ladder (:func:`~umbral.scenes.layout.column`) and the table's columns are as
wide as their measured words: nothing is built to be measured.
"""

from __future__ import annotations

from dataclasses import dataclass

from manim import DOWN, LEFT, UP, VGroup, config

from umbral.scenes import style
from umbral.scenes.components.card import CARD_PAD
from umbral.scenes.components.legend_rows import measured
from umbral.scenes.components.multiclass_grid import short_label
from umbral.scenes.layout import Column, Row, column
from umbral.scenes.numbers.multiclass_confusion import AVERAGES

__all__ = ["ClassReport", "Line", "Panel", "Table", "format_rate", "formula_only"]


def format_rate(value: float) -> str:
    """A precision, recall or F1 as shown: three decimals."""
    return f"{value:.3f}"


def formula_only(words: str) -> str | None:
    """``words`` without what they say in words (the narration says it), or None when nothing would go.

    What follows ": " goes, then each "= ..." step without a digit:

    >>> formula_only("micro F1 = 70 / 100 = 0.700 = accuracy")
    'micro F1 = 70 / 100 = 0.700'
    >>> formula_only("macro F1 = 0.672: each class counts once")
    'macro F1 = 0.672'
    """
    first, *steps = words.split(": ")[0].split(" = ")
    short = " = ".join([first, *(step for step in steps if any(c.isdigit() for c in step))])
    return short if short != words else None


@dataclass(frozen=True)
class Line:
    """A line of the panel to lay out: its words (a layout :class:`Row`), their colour, one word tinted."""

    row: Row
    color: str | None = None
    tint: tuple[str, str] | None = None


@dataclass(frozen=True)
class Table:
    """Where the summary table's cells go: the names' left edge, each value column's centre, the rows' y."""

    left: float
    columns: tuple[float, ...]
    top: float
    pitch: float
    size: float


@dataclass(frozen=True)
class Panel:
    """Where a beat's lines go (``left``, ``width``, from ``top`` down ``room``) and the table (None: not shown)."""

    left: float
    width: float
    top: float
    room: float
    table: Table | None = None


class ClassReport:
    """The panel's lines and the table's rows, and where they go.

    A layout, not a mobject. Places are values: :meth:`beside_matrix` (the table beside the
    matrix), :meth:`alone` (no table: the class's lines beside a matrix that has the frame) and
    :meth:`page` (the table across the frame); each is a :class:`Panel`, chosen once from measured
    words. Builders take a place and return new mobjects, never adding them nor keeping anything:
    :meth:`drawn` the lines of a beat (``class_lines(k)``, ``average_lines()``, ``why_lines()``),
    ``header``, ``class_row`` and ``average_row`` the table's rows.

    Parameters
    ----------
    numbers : scenes.numbers.multiclass_confusion.MulticlassNumbers
        What is shown.
    strings : dict
        The locale's strings.
    """

    #: The panel's left edge beside the matrix, 16:9 then 4:3.
    wide_left, narrow_left = -0.1, -0.4
    #: Least space between the lines and the table, and between two of the table's columns.
    clearance, column_gap = 0.45, 0.3
    #: Space between two of a beat's lines, and between the wrapped lines of one.
    gap, line_gap = 0.16, 0.1
    #: The table's row pitch, least and most, in heights of a value.
    pitches = (2.0, 2.4)

    def __init__(self, numbers, strings: dict):
        self.numbers, self.strings = numbers, strings

    # -- the lines of a beat ----------------------------------------------------
    def class_lines(self, index: int) -> list[Line]:
        """The class against the rest (the narration's words), its three scores worked out, its FN and FP."""
        s, view, colors = self.strings, self.numbers.classes[index], style.METRIC_COLORS
        label = short_label(view.label)
        values = {"tp": view.tp, "predicted": view.predicted, "support": view.support}
        scores = [(s[f"mc_{key}_line"].format(value=format_rate(getattr(view, key)), **values), key)
                  for key in ("precision", "recall", "f1")]
        notes = (s["mc_fn_note"].format(label=label, fn=view.fn), s["mc_fp_note"].format(label=label, fp=view.fp))
        return [Line(Row(s["mc_class_title"].format(label=label), style.SIZE_HEADER, "BOLD", sayable=True)),
                *(Line(Row(words, style.SIZE_LABEL), tint=(s[key], colors[key])) for words, key in scores),
                *(Line(Row(note, style.SIZE_LABEL, optional=True), style.MUTED_TEXT) for note in notes)]

    def average_lines(self) -> list[Line]:
        """The one-line meaning of each average (the narration says it too)."""
        m = self.numbers
        lines = [self.strings[f"mc_{name}_line"].format(value=format_rate(m.average(name)["f1"]), correct=m.correct,
                                                        n=m.n) for name in AVERAGES]
        return [Line(Row(words, style.SIZE_LABEL, short=formula_only(words), sayable=True)) for words in lines]

    def why_lines(self) -> list[Line]:
        """Why macro and weighted differ (or agree): one sentence, the narration's."""
        m, s = self.numbers, self.strings
        weak, big = m.classes[m.weakest], m.classes[m.largest]
        values = {"weak": short_label(weak.label), "weak_f1": format_rate(weak.f1), "big": short_label(big.label),
                  "big_n": big.support, "big_f1": format_rate(big.f1)}
        words = " ".join(s[f"mc_why_{m.why}_{part}"].format(**values) for part in (1, 2, 3))
        return [Line(Row(words, style.SIZE_LABEL, sayable=True), style.HIGHLIGHT)]

    def laid(self, lines, width: float, room: float) -> Column:
        """How ``lines`` fit ``width`` x ``room``: the layout ladder's choice, no text under the table's size."""
        return column([line.row for line in lines], width, room, style.SIZE_SMALL, measured, self.gap, self.line_gap)

    def drawn(self, lines, panel: Panel) -> tuple[VGroup | None, ...]:
        """``lines`` as the ladder lays them out in ``panel``, from its top down; None for a line dropped or said."""
        laid = {id(placed.row): placed for placed in self.laid(lines, panel.width, panel.room).rows}
        top, drawn = panel.top, []
        for line in lines:
            placed = laid.get(id(line.row))
            drawn.append(placed and self._line(line, placed).align_to([panel.left, top, 0], UP + LEFT))
            top -= placed.height + self.gap if placed else 0
        return tuple(drawn)

    def _line(self, line: Line, placed) -> VGroup:
        """A line's wrapped lines as the ladder placed them, its tinted word coloured where it first shows."""
        word, color = line.tint or (None, None)
        texts = []
        for words in placed.lines:
            texts.append(style.text(words, size=placed.size, color=line.color, weight=placed.row.weight))
            if word and word in words:  # its glyphs: a Text keeps one per character, spaces too
                start = words.index(word)
                VGroup(*texts[-1][start:start + len(word)]).set_color(color)
                word = None
        return VGroup(*texts).arrange(DOWN, buff=self.line_gap, aligned_edge=LEFT)

    def block(self, lines, panel: Panel) -> VGroup:
        """The lines :meth:`drawn` shows, as one group."""
        return VGroup(*(row for row in self.drawn(lines, panel) if row is not None))

    def class_block(self, index: int, panel: Panel) -> VGroup:
        """Class ``index``'s lines drawn in ``panel``."""
        return self.block(self.class_lines(index), panel)

    # -- places -----------------------------------------------------------------
    @staticmethod
    def _frame() -> tuple[float, float, float]:
        """The right edge, top and floor of every place: the frame inside its margins, a card's padding in."""
        top = config.frame_height / 2 - style.EDGE_BUFF - CARD_PAD
        return style.safe_width() / 2, top, -top

    def alone(self, left: float, top: float) -> Panel:
        """No table: the lines from (``left``, ``top``) to the frame's right and bottom margins."""
        right, _, floor = self._frame()
        return Panel(left, right - left, top, top - floor)

    def beside_matrix(self) -> Panel:
        """The table beside the matrix with every beat's lines: the classes', the averages', the why.

        From the frame's left edge for it, or further left where the table's columns (at its smaller size)
        would stand closer than :attr:`column_gap` (a count beside a rate would read as one number).
        """
        start, widths = self._widths(style.SIZE_SMALL)
        left = min(self.narrow_left if style.narrow() else self.wide_left,
                   self._frame()[0] - start - sum(widths) - len(widths) * self.column_gap)
        beats = [self.class_lines(k) for k in range(len(self.numbers.classes))]
        return self._with_table(left, [*beats, self.average_lines(), self.why_lines()])

    def page(self) -> Panel:
        """The table across the frame, with the averages' and the why's lines."""
        return self._with_table(-style.safe_width() / 2, [self.average_lines(), self.why_lines()])

    def _with_table(self, left: float, beats) -> Panel:
        """The table and the lines of ``beats`` in one panel: the table at the bottom (4:3: the top).

        Its rows are as far apart as the tallest beat's lines, wrapped at full size, leave room for (within
        :attr:`pitches`); the lines take the rest, fitted by the ladder.
        """
        right, top, floor = self._frame()
        size, columns = self._columns(left, right - left)
        height = measured("0.000", size)[1]
        rows = len(self.numbers.classes) + 3  # after the header: the classes and the three averages
        tallest = max(self.laid(lines, right - left, float("inf")).height for lines in beats)
        spare = (top - floor - tallest - self.clearance - height) / rows
        pitch = min(max(spare, self.pitches[0] * height), self.pitches[1] * height)
        table = rows * pitch + height
        room = top - floor - table - self.clearance
        if style.narrow():
            return Panel(left, right - left, top - table - self.clearance, room,
                         Table(left, columns, top - height / 2, pitch, size))
        return Panel(left, right - left, top, room, Table(left, columns, floor + table - height / 2, pitch, size))

    def _columns(self, left: float, width: float) -> tuple[float, tuple[float, ...]]:
        """The table's size (the larger whose columns fit ``width``) and its value columns' centres.

        What the columns leave is spread between them.
        """
        for size in (style.SIZE_LABEL, style.SIZE_SMALL):
            start, widths = self._widths(size)
            gap = (width - start - sum(widths)) / len(widths)
            if gap >= self.column_gap:
                break
        centres, x = [], left + start + gap
        for column_width in widths:
            centres.append(x + column_width / 2)
            x += column_width + gap
        return size, tuple(centres)

    def _widths(self, size: float) -> tuple[float, list[float]]:
        """The table's name column's width at ``size``, and each value column's: its widest word (name or value)."""
        s, m = self.strings, self.numbers
        names = [s["mc_class_col"], *(short_label(v.label) for v in m.classes), *(s[f"mc_{a}"] for a in AVERAGES)]
        cells = [self._cells(k) for k in range(len(m.classes))] + [self._average_cells(a) for a in AVERAGES]
        heads = [s[key] for key in ("precision", "recall", "f1", "mc_support_col")]
        return (max(style.text_width(name, size) for name in names),
                [max(style.text_width(word, size) for word in (head, *(row[k] for row in cells if k < len(row))))
                 for k, head in enumerate(heads)])

    # -- the table's rows -------------------------------------------------------
    def _cells(self, index: int) -> tuple[str, ...]:
        v = self.numbers.classes[index]
        return format_rate(v.precision), format_rate(v.recall), format_rate(v.f1), str(v.support)

    def _average_cells(self, name: str) -> tuple[str, ...]:
        values = self.numbers.average(name)
        return tuple(format_rate(values[k]) for k in ("precision", "recall", "f1"))

    @staticmethod
    def _table_row(table: Table, row: int, name: str, values, color: str | None = None, colors=()) -> VGroup:
        """One table row: a name at the table's left, then values centred on its columns."""
        y = table.top - row * table.pitch
        cells = VGroup(style.text(name, size=table.size, color=color).move_to([0, y, 0]).align_to([table.left, 0, 0],
                                                                                                   LEFT))
        for k, (x, value) in enumerate(zip(table.columns, values, strict=False)):
            cells.add(style.text(value, size=table.size, color=colors[k] if colors else color).move_to([x, y, 0]))
        return cells

    def header(self, table: Table) -> VGroup:
        """Column names of the summary table, each in its metric's colour."""
        s, colors = self.strings, style.METRIC_COLORS
        keys = ("precision", "recall", "f1")
        return self._table_row(table, 0, s["mc_class_col"], [s[key] for key in (*keys, "mc_support_col")],
                               style.MUTED_TEXT, [*(colors[key] for key in keys), style.MUTED_TEXT])

    def class_row(self, index: int, table: Table) -> VGroup:
        """A class's precision, recall, F1 and size in the table."""
        return self._table_row(table, index + 1, short_label(self.numbers.classes[index].label), self._cells(index))

    def average_row(self, position: int, name: str, table: Table) -> VGroup:
        """An average's precision, recall and F1, below the class rows."""
        return self._table_row(table, len(self.numbers.labels) + 1 + position, self.strings[f"mc_{name}"],
                               self._average_cells(name), style.HIGHLIGHT)
