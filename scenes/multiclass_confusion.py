"""MulticlassConfusion: a K x K matrix read one class at a time, then averaged three ways.

Each class is lit against the rest (its TP cell, FN row, FP column, TN
elsewhere, each tagged) with its precision, recall and F1; then the macro,
weighted and micro averages, and why macro and weighted differ. The matrix
comes from the constructor keyword ``multiclass`` = ``(matrix, labels)``
(rows = truth, columns = prediction); ``None`` is the textbook A/B/C
example. The binary facts are not used.
"""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    PI,
    UP,
    FadeIn,
    FadeOut,
    Mobject,
    SurroundingRectangle,
    VGroup,
    Write,
    config,
)

from scenes import style
from scenes.base import LectureScene
from scenes.components.card import CARD_PAD, card_over
from scenes.components.multiclass_grid import MulticlassGrid, short_label
from scenes.numbers.multiclass_confusion import AVERAGES, multiclass_numbers

__all__ = ["MulticlassConfusion"]


def _rate(value: float) -> str:
    return f"{value:.3f}"


class MulticlassConfusion(LectureScene):
    """One-vs-rest precision, recall and F1 per class, then macro, weighted and micro."""

    scene_options = ("multiclass",)

    opening_seconds = 4.0
    fade_seconds = 0.8
    matrix_hold_seconds = 2.4
    light_seconds = 0.8
    class_hold_seconds = 4.4
    unlight_seconds = 0.6
    average_fade_seconds = 0.6
    average_hold_seconds = 2.4
    why_fade_seconds = 0.8
    why_hold_seconds = 5.0
    closing_seconds = 4.0
    #: Right panel: left edge, and the x centre of each table column after the name.
    panel_left = -0.1
    table_columns = (1.95, 3.45, 4.75, 5.8)
    #: The same in a 4:3 frame: the columns just clear the longest Spanish names.
    narrow_panel_left = -0.4
    narrow_table_columns = (1.48, 2.9, 4.1, 4.75)
    #: Largest side of the matrix's cells (frame units); it shrinks to the room left of the panel.
    matrix_side = 5.4
    #: The table's header row (y), the height its rows share, and the widest row spacing.
    table_top = 0.35
    table_height = 4.0
    row_gap_max = 0.5
    #: In a 4:3 frame the table goes first, at the panel's top, and the class's lines under it.
    narrow_table_top = 3.3
    narrow_table_height = 3.6
    #: Least space between the matrix (with its labels) and its neighbours.
    matrix_gap = 0.3
    #: Space between the panel's text and its board's left edge, and between the two boards.
    board_pad = 0.2
    board_gap = 0.25
    #: Least space between the panel's lines and the table's header under them.
    table_clearance = 0.45
    #: Sequenced layout (many classes): least width kept right of the matrix for the class's lines.
    least_block_width = 3.6
    #: Space between a table column's widest word and the next column.
    column_gap = 0.3

    def __init__(self, facts, lang: str = "en", still_at: float | None = None,
                 multiclass: tuple | None = None, **kwargs):
        super().__init__(facts, lang, still_at=still_at, **kwargs)
        self.numbers = multiclass_numbers(multiclass)
        if style.narrow():
            self.panel_left, self.table_columns = self.narrow_panel_left, self.narrow_table_columns
            self.table_top, self.table_height = self.narrow_table_top, self.narrow_table_height
        #: True when the matrix and the table take turns (many classes): the matrix alone with each class's
        #: lines beside it, then the table across the frame. Decided by :meth:`build_matrix`.
        self.sequenced = False
        #: In the sequenced layout, True once the table has the frame.
        self.table_page = False
        #: Font size of the table's cells (larger when the table has the frame to itself).
        self.table_size = style.SIZE_SMALL
        #: Row spacing of the table when it has the frame (set by :meth:`build_table_page`).
        self.page_row_gap = self.row_gap_max

    # -- building -------------------------------------------------------
    def opening(self) -> VGroup:
        """Title card: K classes, n cases, how to read the matrix."""
        s, m, width = self.strings, self.numbers, style.safe_width()
        title = style.wrapped(s["mc_opening_title"], width, size=style.SIZE_TITLE, weight="BOLD")
        data = style.wrapped(s["mc_opening_data"].format(k=len(m.labels), n=m.n,
                                                         labels=", ".join(short_label(x) for x in m.labels)),
                             width, size=style.SIZE_LABEL)
        rule = style.wrapped(s["mc_opening_rule"], width, size=style.SIZE_LABEL, color=style.MUTED_TEXT)
        return VGroup(title, data, rule).arrange(DOWN, buff=0.4)

    def build_matrix(self) -> VGroup:
        """Title and the matrix, as large as the room left of the class panel allows; text keeps its size.

        The matrix is built once to measure its labels, then at the side that fills the room,
        leaving space for the recall label at its right and the precision label under it.
        """
        m = self.numbers
        if not style.narrow():
            self.fit_table()
        matrix = self._matrix_beside_table()
        if self.grid.cell < MulticlassGrid.least_cell(m.matrix):  # the counts would shrink: take turns
            self.sequenced = True
            matrix = self._matrix_alone()
        return matrix

    def _matrix_title(self, width: float) -> VGroup:
        """The matrix's title, wrapped to ``width``, at the top-left corner."""
        title = style.wrapped(self.strings["mc_title"].format(k=len(self.numbers.labels)), width,
                              size=style.SIZE_LABEL, weight="BOLD").arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        return title.to_corner(UP + LEFT, buff=style.EDGE_BUFF)

    def _matrix_room(self) -> tuple[float, float, Mobject]:
        """Top and bottom of the room under the title for the matrix, and the upright recall label it keeps."""
        recall = style.text(self.strings["recall"], size=style.SIZE_SMALL).rotate(PI / 2)
        floor = -config.frame_height / 2 + style.EDGE_BUFF
        return self.title.get_bottom()[1] - self.matrix_gap, floor + recall.height + 0.15, recall

    def _matrix_alone(self) -> VGroup:
        """The sequenced layout's matrix: cells big enough for story-size counts, the class's lines at its right."""
        m, s = self.numbers, self.strings
        left, floor = -style.safe_width() / 2, -config.frame_height / 2 + style.EDGE_BUFF
        top = config.frame_height / 2 - style.EDGE_BUFF
        recall = style.text(s["recall"], size=style.SIZE_SMALL).rotate(PI / 2)
        precision = style.text(s["precision"], size=style.SIZE_SMALL)
        bottom = floor + precision.height + 0.3
        probe = MulticlassGrid(s, m.matrix, m.labels, side=self.matrix_side, upright_recall=True)
        cells = probe.k * probe.cell
        most = -left - self.least_block_width - self.board_pad - recall.width - 0.35 - left - (probe.width - cells)
        # Story-size counts first (the class's lines wrap narrower if they must), then what the room allows.
        least = probe.k * MulticlassGrid.least_cell(m.matrix)
        side = min(max(least, min(self.matrix_side * 1.25, most)), top - bottom - (probe.height - cells))
        self.grid = MulticlassGrid(s, m.matrix, m.labels, side=side, upright_recall=True)
        self.grid.align_to([left, top, 0], UP + LEFT)
        # The class's lines (and the title above them) take the room right of the matrix and its recall label.
        self.panel_left = self.grid.get_right()[0] + recall.width + 0.35 + self.board_pad
        self.title = self._matrix_title(-left - self.panel_left).align_to([self.panel_left, 0, 0], LEFT)
        self.boards = VGroup(card_over(left - CARD_PAD, -left + CARD_PAD, top + CARD_PAD, floor - CARD_PAD))
        return VGroup(self.boards, self.title, self.grid)

    def _matrix_beside_table(self) -> VGroup:
        """The matrix left of the class panel and its table, as large as the room allows."""
        m, s = self.numbers, self.strings
        left = -style.safe_width() / 2
        self.title = self._matrix_title(self.panel_left - self.matrix_gap - left)
        # The recall label reads upwards beside the lit row: the matrix keeps the width a long translation would take.
        top, bottom, recall = self._matrix_room()
        floor = -config.frame_height / 2 + style.EDGE_BUFF
        # The matrix's board ends short of the panel's, the recall label inside it; a 4:3 frame has no room
        # for the gap (the cells would be too small for their counts): one board holds both there.
        board_right = self.panel_left - (0.0 if style.narrow() else self.board_pad + self.board_gap + CARD_PAD)
        probe = MulticlassGrid(s, m.matrix, m.labels, side=self.matrix_side, upright_recall=True)
        cells = probe.k * probe.cell
        side = min(self.matrix_side, board_right - recall.width - 0.35 - left - (probe.width - cells),
                   top - bottom - (probe.height - cells))
        self.grid = MulticlassGrid(s, m.matrix, m.labels, side=side, upright_recall=True)
        self.grid.align_to([left, top, 0], UP + LEFT)
        # Boards down to the bottom margin: the matrix's, and the class panel's with the table.
        board_top, board_bottom = self.title.get_top()[1] + CARD_PAD, floor - CARD_PAD
        if style.narrow():
            self.boards = VGroup(card_over(left - CARD_PAD, -left + CARD_PAD, board_top, board_bottom))
        else:
            self.boards = VGroup(card_over(left - CARD_PAD, board_right + CARD_PAD, board_top, board_bottom),
                                 card_over(self.panel_left - self.board_pad, -left + CARD_PAD, board_top,
                                           board_bottom))
        return VGroup(self.boards, self.title, self.grid)

    def fit_table(self) -> None:
        """Lower the table (16:9) under the tallest lines the panel's top shows, as far as the bottom margin allows."""
        blocks = [VGroup(*self.class_block(index, notes=False)) for index in range(len(self.numbers.classes))]
        blocks += [VGroup(*(self.average_line(name) for name in AVERAGES)), self.why_lines()]
        tallest = max(block.arrange(DOWN, buff=0.16).height for block in blocks)
        lowest = -config.frame_height / 2 + style.EDGE_BUFF + (len(self.numbers.labels) + 3) * self._row_gap() + 0.15
        self.table_top = max(lowest, min(self.table_top, self._block_top() - tallest - self.table_clearance))

    def class_block(self, index: int, notes: bool = True) -> VGroup:
        """Right panel, top: the class against the rest and its three scores worked out."""
        s, view = self.strings, self.numbers.classes[index]
        label = short_label(view.label)
        colors = style.METRIC_COLORS
        title = s["mc_class_title"].format(label=label)
        precision = s["mc_precision_line"].format(tp=view.tp, predicted=view.predicted, value=_rate(view.precision))
        recall = s["mc_recall_line"].format(tp=view.tp, support=view.support, value=_rate(view.recall))
        f1 = s["mc_f1_line"].format(value=_rate(view.f1))
        note_lines = (s["mc_fn_note"].format(label=label, fn=view.fn), s["mc_fp_note"].format(label=label, fp=view.fp))
        lines = [self._line(title, style.SIZE_HEADER, weight="BOLD"),
                 self._line(precision, t2c={s["precision"]: colors["precision"]}),
                 self._line(recall, t2c={s["recall"]: colors["recall"]}),
                 self._line(f1, t2c={s["f1"]: colors["f1"]})]
        block = self._place_top(VGroup(*lines, *(self._line(note, color=style.MUTED_TEXT) for note in note_lines)))
        if not notes or block.get_bottom()[1] < self._block_floor():  # no room: the grid's tags say FN and FP
            block = self._place_top(VGroup(*lines))
        if block.get_bottom()[1] < self._block_floor():  # still none (a long translation): a plainer title
            block = self._place_top(VGroup(self._line(title, weight="BOLD"), *lines[1:]))
        return block

    def build_table_page(self) -> VGroup:
        """Sequenced layout: the table takes the frame from the matrix; returns the table's board.

        The table's rows and lines then use the whole width, at a larger size when its columns allow.
        """
        self.table_page = True
        left, floor = -style.safe_width() / 2, -config.frame_height / 2 + style.EDGE_BUFF
        self.panel_left = left
        for size in (style.SIZE_LABEL, style.SIZE_SMALL):
            self.table_size = size
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
        return VGroup(card_over(left - CARD_PAD, -left + CARD_PAD, config.frame_height / 2 - style.EDGE_BUFF + CARD_PAD,
                                floor - CARD_PAD))

    def _spread_columns(self) -> bool:
        """Table columns spread evenly right of the widest name; False when a column's widest word does not fit."""
        s, m = self.strings, self.numbers
        names = [s["mc_class_col"], *(short_label(v.label) for v in m.classes), *(s[f"mc_{a}"] for a in AVERAGES)]
        name_width = max(style.text(name, size=self.table_size).width for name in names)
        start, end = self.panel_left + name_width + self.column_gap, style.safe_width() / 2
        share = (end - start) / 4
        words = [s["precision"], s["recall"], s["f1"], s["mc_support_col"], "0.000"]
        widest = max(style.text(word, size=self.table_size).width for word in words)
        self.table_columns = tuple(start + share * (k + 0.5) for k in range(4))
        return widest + self.column_gap <= share

    def _block_top(self) -> float:
        """Top of the class's lines: the panel's top, (4:3) under the table, or (matrix alone) under the title."""
        if self.sequenced and not self.table_page:  # under the title, right of the matrix
            return self.title.get_bottom()[1] - self.matrix_gap
        if style.narrow():
            return self.table_top - (len(self.numbers.labels) + 3) * self._row_gap() - 0.45
        return style.PANEL_TOP + 0.95

    def _block_floor(self) -> float:
        """Lowest the class's lines may reach: above the table, or (4:3, or no table shown) the bottom margin."""
        if style.narrow() or (self.sequenced and not self.table_page):
            return -config.frame_height / 2 + style.EDGE_BUFF
        return self.table_top + 0.25

    def _line(self, words: str, size: float = style.SIZE_LABEL, **kwargs) -> VGroup:
        """A line of the right panel, wrapped (left-aligned) to the panel's width."""
        room = style.safe_width() / 2 - self.panel_left
        return style.wrapped(words, room, size=size, exact=True, **kwargs).arrange(DOWN, buff=0.08, aligned_edge=LEFT)

    def _place_top(self, block: VGroup) -> VGroup:
        """``block``'s lines stacked at the top of the right panel."""
        block.arrange(DOWN, buff=0.16, aligned_edge=LEFT)
        return block.align_to([self.panel_left, 0, 0], LEFT).align_to([0, self._block_top(), 0], UP)

    def _row_gap(self) -> float:
        if self.table_page:  # the table has the frame: rows as far apart as the room under (or over) the lines allows
            return self.page_row_gap
        return min(self.row_gap_max, self.table_height / (len(self.numbers.labels) + 4))

    def _table_row(self, row: int, name: str, values: tuple, color: str | None = None) -> VGroup:
        """One table row: a name at the panel's left, then values centred on the columns."""
        y = self.table_top - row * self._row_gap()
        cells = VGroup(style.text(name, size=self.table_size, color=color)
                       .move_to([0, y, 0]).align_to([self.panel_left, 0, 0], LEFT))
        for x, value in zip(self.table_columns, values, strict=False):
            cells.add(style.text(value, size=self.table_size, color=color).move_to([x, y, 0]))
        return cells

    def table_header(self) -> VGroup:
        """Column names of the summary table, each in its metric's colour."""
        s, colors = self.strings, style.METRIC_COLORS
        header = self._table_row(0, s["mc_class_col"], (), color=style.MUTED_TEXT)
        for x, (key, color) in zip(self.table_columns, (("precision", colors["precision"]),
                                                        ("recall", colors["recall"]), ("f1", colors["f1"]),
                                                        ("mc_support_col", style.MUTED_TEXT)), strict=True):
            header.add(style.text(s[key], size=self.table_size, color=color).move_to([x, header[0].get_y(), 0]))
        return header

    def table_class_row(self, index: int) -> VGroup:
        """A class's precision, recall, F1 and size in the table."""
        v = self.numbers.classes[index]
        return self._table_row(index + 1, short_label(v.label),
                               (_rate(v.precision), _rate(v.recall), _rate(v.f1), str(v.support)))

    def table_average_row(self, position: int, name: str) -> VGroup:
        """An average's precision, recall and F1, below the class rows."""
        values = self.numbers.average(name)
        row = len(self.numbers.labels) + 1 + position
        return self._table_row(row, self.strings[f"mc_{name}"],
                               tuple(_rate(values[k]) for k in ("precision", "recall", "f1")), color=style.HIGHLIGHT)

    def average_line(self, name: str):
        """The one-line meaning of an average, for the panel's top."""
        m = self.numbers
        text = self.strings[f"mc_{name}_line"].format(value=_rate(m.average(name)["f1"]), correct=m.correct, n=m.n)
        return self._line(text)

    def why_lines(self) -> VGroup:
        """Three lines on why macro and weighted differ (or agree), placed at the panel's top."""
        m, s = self.numbers, self.strings
        weak, big = m.classes[m.weakest], m.classes[m.largest]
        values = {"weak": short_label(weak.label), "weak_f1": _rate(weak.f1), "big": short_label(big.label),
                  "big_n": big.support, "big_f1": _rate(big.f1)}
        return VGroup(*(self._line(s[f"mc_why_{m.why}_{part}"].format(**values), color=style.HIGHLIGHT)
                        for part in (1, 2, 3)))

    @classmethod
    def duration(cls, classes: int = 3) -> float:
        """Length of the video in seconds for a matrix of ``classes`` classes (3 by default)."""
        return (cls.opening_seconds + cls.fade_seconds + cls.matrix_hold_seconds
                + classes * (cls.light_seconds + cls.class_hold_seconds) + cls.unlight_seconds
                + len(AVERAGES) * (cls.average_fade_seconds + cls.average_hold_seconds)
                + cls.why_fade_seconds + cls.why_hold_seconds + cls.closing_seconds)

    def planned_seconds(self) -> float:
        """Length of this video: one lit step per class of the matrix."""
        return type(self).duration(len(self.numbers.classes))

    # -- the story --------------------------------------------------------
    def construct(self):
        """Opening, matrix, each class against the rest, the three averages, why, closing."""
        m = self.numbers
        # Opening: what the matrix holds.
        card = self.opening()
        self.say("say_mc_opening", self.opening_seconds, k=len(m.labels), n=m.n)
        self.play(FadeIn(card, shift=UP * 0.2), run_time=self.fade_seconds)
        self.hold(self.opening_seconds - 2 * self.fade_seconds)
        self.beat("opening")
        self.play(FadeOut(card), run_time=self.fade_seconds)
        # The matrix: the diagonal holds the right answers.
        matrix = self.build_matrix()
        header = VGroup() if self.sequenced else self.table_header()
        self.say("say_mc_matrix", self.fade_seconds + self.matrix_hold_seconds, correct=m.correct, n=m.n)
        self.play(FadeIn(matrix), FadeIn(header), run_time=self.fade_seconds)
        self.hold(self.matrix_hold_seconds)
        self.beat("matrix")
        # One class at a time against the rest.
        block = tags = frames = None
        rows = VGroup()
        for index, view in enumerate(m.classes):
            self.say("say_mc_class", self.light_seconds + self.class_hold_seconds, label=short_label(view.label),
                     tp=view.tp, fn=view.fn, fp=view.fp, precision=_rate(view.precision),
                     recall=_rate(view.recall), f1=_rate(view.f1))
            new_block, new_tags, new_frames = self.class_block(index), self.grid.role_tags(index), \
                self.grid.lit_frames(index)
            leaving = [FadeOut(x) for x in (block, tags, frames) if x is not None]
            entering = [FadeIn(x) for x in (new_block, new_tags, new_frames)]
            if not self.sequenced:  # the table fills a row per class beside the matrix
                rows.add(self.table_class_row(index))
                entering.append(FadeIn(rows[-1]))
            self.play(*leaving, self.grid.light(index), *entering, run_time=self.light_seconds)
            block, tags, frames = new_block, new_tags, new_frames
            self.hold(self.class_hold_seconds)
            self.beat(f"class_{index + 1}")
        # Back to the whole matrix (or, taking turns, over to the table); the averages fill the table.
        if self.sequenced:
            page = self.build_table_page()
            header = self.table_header()
            rows.add(*(self.table_class_row(index) for index in range(len(m.classes))))
            # Each row faded in on its own: ``rows`` itself stays off screen, as it gains the averages below.
            self.play(FadeOut(VGroup(block, tags, frames, matrix)), FadeIn(VGroup(page, header)),
                      *(FadeIn(row) for row in rows), run_time=self.unlight_seconds)
            matrix = page
        else:
            self.play(FadeOut(block), FadeOut(tags), FadeOut(frames), self.grid.light(None),
                      run_time=self.unlight_seconds)
        # Placed once as a block, one line under the other.
        lines = self._place_top(VGroup(*(self.average_line(name) for name in AVERAGES)))
        for position, (name, line) in enumerate(zip(AVERAGES, lines, strict=True)):
            average_row = self.table_average_row(position, name)
            self.say(f"say_mc_{name}", self.average_fade_seconds + self.average_hold_seconds,
                     value=_rate(m.average(name)["f1"]), correct=m.correct, n=m.n)
            self.play(FadeIn(average_row), FadeIn(line), run_time=self.average_fade_seconds)
            rows.add(average_row)
            self.hold(self.average_hold_seconds)
        self.beat("averages")
        # Why macro and weighted differ: frame the classes that pull them apart.
        why = self._place_top(self.why_lines())
        boxes = VGroup(*(SurroundingRectangle(rows[i][3], color=style.HIGHLIGHT, buff=0.06)
                         for i in sorted({m.weakest, m.largest})),
                       SurroundingRectangle(rows[len(m.labels)], color=style.HIGHLIGHT, buff=0.06))
        weak, big = m.classes[m.weakest], m.classes[m.largest]
        self.say(f"say_mc_why_{m.why}", self.why_fade_seconds + self.why_hold_seconds,
                 weak=short_label(weak.label), weak_f1=_rate(weak.f1), big=short_label(big.label),
                 big_n=big.support, big_f1=_rate(big.f1), macro=_rate(m.macro["f1"]),
                 weighted=_rate(m.weighted["f1"]))
        self.play(FadeOut(lines), run_time=self.why_fade_seconds / 2)
        self.play(FadeIn(why), FadeIn(boxes), run_time=self.why_fade_seconds / 2)
        self.hold(self.why_hold_seconds)
        self.beat("why")
        # Closing: say which average you report.
        closing = self.closing_card("mc_closing")
        self.say("say_mc_closing", self.closing_seconds)
        self.play(FadeOut(matrix, header, rows, why, boxes), Write(closing), run_time=self.fade_seconds)
        self.hold(self.closing_seconds - self.fade_seconds)
