"""MulticlassConfusion's right panel: a class's scores worked out, the averages, and the summary table.

The table reads like scikit-learn's ``classification_report``: a row per class (precision,
recall, F1, support), then the macro, weighted and micro averages. Over it, at the panel's top
(under it in a 4:3 frame), stand the lines of the beat: one class against the rest, what each
average means, why macro and weighted differ.
"""

from __future__ import annotations

from manim import DOWN, LEFT, UP, VGroup, config

from umbral.scenes import style
from umbral.scenes.components.multiclass_grid import short_label
from umbral.scenes.numbers.multiclass_confusion import AVERAGES

__all__ = ["ClassReport", "format_rate"]


def format_rate(value: float) -> str:
    """A precision, recall or F1 as shown: three decimals."""
    return f"{value:.3f}"


class ClassReport:
    """Where the panel's lines and the table's rows go, and the builders that place them there.

    A layout, not a mobject: builders return new mobjects and never add them. ``class_block(k)``,
    ``average_line(name)`` and ``why_lines()`` are the lines of a beat (:meth:`place_top` stacks
    them at the panel's top); ``header()``, ``class_row(k)`` and ``average_row(position, name)``
    are the table's rows, built one per beat. The table sits beside the matrix; when the two take
    turns (many classes), :meth:`take_frame` gives it the whole frame, and while the matrix has
    the frame ``beside_matrix`` holds the top of the lines (no table shown).

    Parameters
    ----------
    numbers : scenes.numbers.multiclass_confusion.MulticlassNumbers
        What is shown.
    strings : dict
        The locale's strings.
    """

    #: Left edge, and the x centre of each table column after the name.
    left = -0.1
    columns = (1.95, 3.45, 4.75, 5.8)
    #: The same in a 4:3 frame: the columns just clear the longest Spanish names.
    narrow_left = -0.4
    narrow_columns = (1.48, 2.9, 4.1, 4.75)
    #: The table's header row (y), the height its rows share, and the widest row spacing.
    table_top = 0.35
    table_height = 4.0
    row_gap_max = 0.5
    #: In a 4:3 frame the table goes first, at the panel's top, and the class's lines under it.
    narrow_table_top = 3.3
    narrow_table_height = 3.6
    #: Least space between the panel's lines and the table's header under them.
    table_clearance = 0.45
    #: Space between a table column's widest word and the next column.
    column_gap = 0.3

    def __init__(self, numbers, strings: dict):
        self.numbers, self.strings = numbers, strings
        if style.narrow():
            self.left, self.columns = self.narrow_left, self.narrow_columns
            self.table_top, self.table_height = self.narrow_table_top, self.narrow_table_height
        #: The top of the lines while they stand beside the matrix alone, under its title; None when the table shows.
        self.beside_matrix: float | None = None
        #: True once the table has the frame.
        self.page = False
        #: Font size of the table's cells (larger when the table has the frame to itself).
        self.size = style.SIZE_SMALL
        #: Row spacing of the table when it has the frame (set by :meth:`take_frame`).
        self.page_row_gap = self.row_gap_max

    # -- where things go ----------------------------------------------------
    def fit_table(self) -> None:
        """Lower the table (16:9) under the tallest lines the panel's top shows, as far as the bottom margin allows."""
        blocks = [VGroup(*self.class_block(index, notes=False)) for index in range(len(self.numbers.classes))]
        blocks += [VGroup(*(self.average_line(name) for name in AVERAGES)), self.why_lines()]
        tallest = max(block.arrange(DOWN, buff=0.16).height for block in blocks)
        lowest = -config.frame_height / 2 + style.EDGE_BUFF + (len(self.numbers.labels) + 3) * self._row_gap() + 0.15
        self.table_top = max(lowest, min(self.table_top, self._block_top() - tallest - self.table_clearance))

    def take_frame(self) -> None:
        """The table takes the frame from the matrix: its rows and lines use the whole width.

        At a larger size when its columns allow; the rows as far apart as the room under (or, 4:3,
        over) the lines allows.
        """
        self.page, self.beside_matrix = True, None
        floor = -config.frame_height / 2 + style.EDGE_BUFF
        self.left = -style.safe_width() / 2
        for size in (style.SIZE_LABEL, style.SIZE_SMALL):
            self.size = size
            if self._spread_columns():
                break
        rows = len(self.numbers.labels) + 3  # after the header: the classes and the three averages
        lines = max(VGroup(*(self.average_line(name) for name in AVERAGES)).arrange(DOWN, buff=0.16).height,
                    self.why_lines().arrange(DOWN, buff=0.16).height)
        if style.narrow():  # the table at the top, the lines under it
            self.table_top = config.frame_height / 2 - style.EDGE_BUFF - 0.2
            room = self.table_top - floor - lines - self.table_clearance - 0.3
        else:  # the lines at the top, the table under them
            self.table_top = self._block_top() - lines - self.table_clearance
            room = self.table_top - floor - 0.2
        self.page_row_gap = min(self.row_gap_max + 0.1, room / rows)

    def _spread_columns(self) -> bool:
        """Table columns spread evenly right of the widest name; False when a column's widest word does not fit."""
        s, m = self.strings, self.numbers
        names = [s["mc_class_col"], *(short_label(v.label) for v in m.classes), *(s[f"mc_{a}"] for a in AVERAGES)]
        name_width = max(style.text_width(name, self.size) for name in names)
        start, end = self.left + name_width + self.column_gap, style.safe_width() / 2
        share = (end - start) / 4
        words = [s["precision"], s["recall"], s["f1"], s["mc_support_col"], "0.000"]
        widest = max(style.text_width(word, self.size) for word in words)
        self.columns = tuple(start + share * (k + 0.5) for k in range(4))
        return widest + self.column_gap <= share

    def _block_top(self) -> float:
        """Top of the class's lines: the panel's top, (4:3) under the table, or (matrix alone) under its title."""
        if self.beside_matrix is not None:
            return self.beside_matrix
        if style.narrow():
            return self.table_top - (len(self.numbers.labels) + 3) * self._row_gap() - 0.45
        return style.PANEL_TOP + 0.95

    def _block_floor(self) -> float:
        """Lowest the class's lines may reach: above the table, or (4:3, or no table shown) the bottom margin."""
        if style.narrow() or self.beside_matrix is not None:
            return -config.frame_height / 2 + style.EDGE_BUFF
        return self.table_top + 0.25

    def _row_gap(self) -> float:
        if self.page:  # the table has the frame: rows as far apart as the room under (or over) the lines allows
            return self.page_row_gap
        return min(self.row_gap_max, self.table_height / (len(self.numbers.labels) + 4))

    # -- the lines of a beat ------------------------------------------------
    def _line(self, words: str, size: float = style.SIZE_LABEL, **kwargs) -> VGroup:
        """A line of the panel, wrapped (left-aligned) to the panel's width."""
        room = style.safe_width() / 2 - self.left
        return style.wrapped(words, room, size=size, exact=True, **kwargs).arrange(DOWN, buff=0.08, aligned_edge=LEFT)

    def place_top(self, block: VGroup) -> VGroup:
        """``block``'s lines stacked at the top of the panel."""
        block.arrange(DOWN, buff=0.16, aligned_edge=LEFT)
        return block.align_to([self.left, 0, 0], LEFT).align_to([0, self._block_top(), 0], UP)

    def class_block(self, index: int, notes: bool = True) -> VGroup:
        """The panel's top: the class against the rest and its three scores worked out."""
        s, view = self.strings, self.numbers.classes[index]
        label = short_label(view.label)
        colors = style.METRIC_COLORS
        title = s["mc_class_title"].format(label=label)
        precision = s["mc_precision_line"].format(tp=view.tp, predicted=view.predicted,
                                                  value=format_rate(view.precision))
        recall = s["mc_recall_line"].format(tp=view.tp, support=view.support, value=format_rate(view.recall))
        f1 = s["mc_f1_line"].format(value=format_rate(view.f1))
        note_lines = (s["mc_fn_note"].format(label=label, fn=view.fn), s["mc_fp_note"].format(label=label, fp=view.fp))
        lines = [self._line(title, style.SIZE_HEADER, weight="BOLD"),
                 self._line(precision, t2c={s["precision"]: colors["precision"]}),
                 self._line(recall, t2c={s["recall"]: colors["recall"]}),
                 self._line(f1, t2c={s["f1"]: colors["f1"]})]
        block = self.place_top(VGroup(*lines, *(self._line(note, color=style.MUTED_TEXT) for note in note_lines)))
        if not notes or block.get_bottom()[1] < self._block_floor():  # no room: the grid's tags say FN and FP
            block = self.place_top(VGroup(*lines))
        if block.get_bottom()[1] < self._block_floor():  # still none (a long translation): a plainer title
            block = self.place_top(VGroup(self._line(title, weight="BOLD"), *lines[1:]))
        return block

    def average_line(self, name: str):
        """The one-line meaning of an average, for the panel's top."""
        m = self.numbers
        text = self.strings[f"mc_{name}_line"].format(value=format_rate(m.average(name)["f1"]), correct=m.correct,
                                                       n=m.n)
        return self._line(text)

    def why_lines(self) -> VGroup:
        """Three lines on why macro and weighted differ (or agree), placed at the panel's top."""
        m, s = self.numbers, self.strings
        weak, big = m.classes[m.weakest], m.classes[m.largest]
        values = {"weak": short_label(weak.label), "weak_f1": format_rate(weak.f1), "big": short_label(big.label),
                  "big_n": big.support, "big_f1": format_rate(big.f1)}
        return VGroup(*(self._line(s[f"mc_why_{m.why}_{part}"].format(**values), color=style.HIGHLIGHT)
                        for part in (1, 2, 3)))

    # -- the table's rows ---------------------------------------------------
    def _table_row(self, row: int, name: str, values: tuple, color: str | None = None) -> VGroup:
        """One table row: a name at the panel's left, then values centred on the columns."""
        y = self.table_top - row * self._row_gap()
        cells = VGroup(style.text(name, size=self.size, color=color)
                       .move_to([0, y, 0]).align_to([self.left, 0, 0], LEFT))
        for x, value in zip(self.columns, values, strict=False):
            cells.add(style.text(value, size=self.size, color=color).move_to([x, y, 0]))
        return cells

    def header(self) -> VGroup:
        """Column names of the summary table, each in its metric's colour."""
        s, colors = self.strings, style.METRIC_COLORS
        header = self._table_row(0, s["mc_class_col"], (), color=style.MUTED_TEXT)
        for x, (key, color) in zip(self.columns, (("precision", colors["precision"]),
                                                  ("recall", colors["recall"]), ("f1", colors["f1"]),
                                                  ("mc_support_col", style.MUTED_TEXT)), strict=True):
            header.add(style.text(s[key], size=self.size, color=color).move_to([x, header[0].get_y(), 0]))
        return header

    def class_row(self, index: int) -> VGroup:
        """A class's precision, recall, F1 and size in the table."""
        v = self.numbers.classes[index]
        return self._table_row(index + 1, short_label(v.label),
                               (format_rate(v.precision), format_rate(v.recall), format_rate(v.f1), str(v.support)))

    def average_row(self, position: int, name: str) -> VGroup:
        """An average's precision, recall and F1, below the class rows."""
        values = self.numbers.average(name)
        row = len(self.numbers.labels) + 1 + position
        return self._table_row(row, self.strings[f"mc_{name}"],
                               tuple(format_rate(values[k]) for k in ("precision", "recall", "f1")),
                               color=style.HIGHLIGHT)
