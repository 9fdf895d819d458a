"""MulticlassConfusion: a K x K matrix read one class at a time, then averaged three ways.

Each class is lit against the rest (its TP cell, FN row, FP column, TN
elsewhere, each tagged) with its precision, recall and F1; then the macro,
weighted and micro averages, and why macro and weighted differ. The matrix
comes from the constructor keyword ``multiclass`` = ``(matrix, labels)``
(rows = truth, columns = prediction); ``None`` is the textbook A/B/C
example. The binary facts are not used.

This module is the story and the matrix's place in the frame; the right
panel (each beat's lines and the summary table) is
:class:`umbral.scenes.components.class_report.ClassReport`.
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

from umbral.scenes import style
from umbral.scenes.base import LectureScene
from umbral.scenes.beats import Beat
from umbral.scenes.components.card import CARD_PAD, card_over
from umbral.scenes.components.class_report import ClassReport, Panel, format_rate
from umbral.scenes.components.multiclass_grid import MulticlassGrid, short_label
from umbral.scenes.numbers.multiclass_confusion import AVERAGES, multiclass_numbers

__all__ = ["MulticlassConfusion"]


class MulticlassConfusion(LectureScene):
    """One-vs-rest precision, recall and F1 per class, then macro, weighted and micro."""

    scene_options = ("multiclass",)

    matrix_hold_seconds = 2.4
    light_seconds = 0.8
    class_hold_seconds = 4.4
    unlight_seconds = 0.6
    average_fade_seconds = 0.6
    average_hold_seconds = 2.4
    why_fade_seconds = 0.8
    why_hold_seconds = 5.0
    closing_seconds = 4.0
    #: Largest side of the matrix's cells (frame units); it shrinks to the room left of the panel.
    matrix_side = 5.4
    #: Least space between the matrix (with its labels) and its neighbours.
    matrix_gap = 0.3
    #: Space between the panel's text and its board's left edge, and between the two boards.
    board_pad = 0.2
    board_gap = 0.25
    #: Sequenced layout (many classes): least width kept right of the matrix for the class's lines.
    least_block_width = 3.6

    def __init__(self, facts, lang: str = "en", still_at: float | None = None,
                 multiclass: tuple | None = None, **kwargs):
        super().__init__(facts, lang, still_at=still_at, **kwargs)
        self.numbers = multiclass_numbers(multiclass)
        #: The right panel: the lines of each beat and the summary table (see :class:`ClassReport`).
        self.report = ClassReport(self.numbers, self.strings)
        #: Where the lines and the table go now (a :class:`Panel`): chosen by :meth:`build_matrix`, then
        #: (taking turns) :meth:`build_table_page`.
        self.panel: Panel | None = None
        #: True when the matrix and the table take turns (many classes): the matrix alone with each class's
        #: lines beside it, then the table across the frame. Decided by :meth:`build_matrix`.
        self.sequenced = False

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
        self.panel = self.report.beside_matrix()
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

    def _upright_recall(self) -> Mobject:
        """The recall label as it reads upwards beside the lit row (the matrix keeps room for it)."""
        return style.text(self.strings["recall"], size=style.SIZE_SMALL).rotate(PI / 2)

    def _matrix_room(self) -> tuple[float, float, Mobject]:
        """Top and bottom of the room under the title for the matrix, and the upright recall label it keeps."""
        recall = self._upright_recall()
        floor = -config.frame_height / 2 + style.EDGE_BUFF
        return self.title.get_bottom()[1] - self.matrix_gap, floor + recall.height + 0.15, recall

    def _label_room(self) -> tuple[float, float]:
        """What the matrix's labels add to its cells across and down, measured on a grid of the largest side."""
        m = self.numbers
        probe = MulticlassGrid(self.strings, m.matrix, m.labels, side=self.matrix_side, upright_recall=True)
        cells = probe.k * probe.cell
        return probe.width - cells, probe.height - cells

    def _place_grid(self, side: float, left: float, top: float) -> None:
        """The matrix at cells of total ``side``, its top-left corner (labels included) at (``left``, ``top``)."""
        m = self.numbers
        self.grid = MulticlassGrid(self.strings, m.matrix, m.labels, side=side, upright_recall=True)
        self.grid.align_to([left, top, 0], UP + LEFT)

    def _frame_board(self) -> VGroup:
        """One board over the whole frame inside its margins."""
        left, floor = -style.safe_width() / 2, -config.frame_height / 2 + style.EDGE_BUFF
        top = config.frame_height / 2 - style.EDGE_BUFF
        return VGroup(card_over(left - CARD_PAD, -left + CARD_PAD, top + CARD_PAD, floor - CARD_PAD))

    def _matrix_alone(self) -> VGroup:
        """The sequenced layout's matrix: cells big enough for story-size counts, the class's lines at its right."""
        m = self.numbers
        left, floor = -style.safe_width() / 2, -config.frame_height / 2 + style.EDGE_BUFF
        top = config.frame_height / 2 - style.EDGE_BUFF
        recall = self._upright_recall()
        precision = style.text(self.strings["precision"], size=style.SIZE_SMALL)
        bottom = floor + precision.height + 0.3
        across, down = self._label_room()
        most = -left - self.least_block_width - self.board_pad - recall.width - 0.35 - left - across
        # Story-size counts first (the class's lines wrap narrower if they must), then what the room allows.
        least = len(m.labels) * MulticlassGrid.least_cell(m.matrix)
        self._place_grid(min(max(least, min(self.matrix_side * 1.25, most)), top - bottom - down), left, top)
        # The class's lines (and the title above them) take the room right of the matrix and its recall label.
        lines_left = self.grid.get_right()[0] + recall.width + 0.35 + self.board_pad
        self.title = self._matrix_title(-left - lines_left).align_to([lines_left, 0, 0], LEFT)
        self.panel = self.report.alone(lines_left, self.title.get_bottom()[1] - self.matrix_gap)
        self.boards = self._frame_board()
        return VGroup(self.boards, self.title, self.grid)

    def _matrix_beside_table(self) -> VGroup:
        """The matrix left of the class panel and its table, as large as the room allows."""
        panel = self.panel
        left = -style.safe_width() / 2
        self.title = self._matrix_title(panel.left - self.matrix_gap - left)
        # The recall label reads upwards beside the lit row: the matrix keeps the width a long translation would take.
        top, bottom, recall = self._matrix_room()
        floor = -config.frame_height / 2 + style.EDGE_BUFF
        # The matrix's board ends short of the panel's, the recall label inside it; a 4:3 frame has no room
        # for the gap (the cells would be too small for their counts): one board holds both there.
        board_right = panel.left - (0.0 if style.narrow() else self.board_pad + self.board_gap + CARD_PAD)
        across, down = self._label_room()
        self._place_grid(min(self.matrix_side, board_right - recall.width - 0.35 - left - across, top - bottom - down),
                         left, top)
        # Boards down to the bottom margin: the matrix's, and the class panel's with the table.
        board_top, board_bottom = self.title.get_top()[1] + CARD_PAD, floor - CARD_PAD
        if style.narrow():
            self.boards = VGroup(card_over(left - CARD_PAD, -left + CARD_PAD, board_top, board_bottom))
        else:
            self.boards = VGroup(card_over(left - CARD_PAD, board_right + CARD_PAD, board_top, board_bottom),
                                 card_over(panel.left - self.board_pad, -left + CARD_PAD, board_top, board_bottom))
        return VGroup(self.boards, self.title, self.grid)

    def build_table_page(self) -> VGroup:
        """Sequenced layout: the table takes the frame from the matrix (:meth:`ClassReport.page`); its board."""
        self.panel = self.report.page()
        return self._frame_board()

    @classmethod
    def beats(cls, classes: int = 3, **shape) -> tuple[Beat, ...]:
        """Opening, matrix, each of ``classes`` classes against the rest, the three averages, why, closing."""
        lit = tuple(Beat(f"class_{index + 1}", cls.light_seconds + cls.class_hold_seconds,
                         "one class against the rest: its TP cell, FN row, FP column; its precision, recall, F1",
                         pause=True) for index in range(classes))
        return (cls.title_beat("what the matrix holds: k classes, n cases"),
                Beat("matrix", cls.fade_seconds + cls.matrix_hold_seconds, "the matrix: the diagonal holds the right "
                     "answers", pause=True),
                *lit,
                Beat("averages", cls.unlight_seconds + len(AVERAGES) * (cls.average_fade_seconds
                                                                         + cls.average_hold_seconds),
                     "back to the whole matrix; the table's macro, weighted and micro averages", pause=True),
                Beat("why", cls.why_fade_seconds + cls.why_hold_seconds,
                     "the classes that pull macro and weighted apart, framed", pause=True),
                Beat("closing", cls.closing_seconds, "which average to report, on a closing card"))

    def shape(self) -> dict:
        """One lit beat per class of the matrix."""
        return {"classes": len(self.numbers.classes)}

    # -- the story --------------------------------------------------------
    def play_opening(self, beat):
        """What the matrix holds."""
        m = self.numbers
        return self.title_card("say_mc_opening", k=len(m.labels), n=m.n)

    def play_matrix(self, beat):
        """The matrix: the diagonal holds the right answers."""
        m = self.numbers
        self.matrix = self.build_matrix()
        self.header = VGroup() if self.sequenced else self.report.header(self.panel.table)
        self.say("say_mc_matrix", correct=m.correct, n=m.n)
        self.play(FadeIn(self.matrix), FadeIn(self.header), run_time=self.fade_seconds)
        self.lit, self.rows = (None, None, None), VGroup()

    def play_class(self, beat):
        """One class at a time against the rest."""
        report, index = self.report, beat.index
        view = self.numbers.classes[index]
        self.say("say_mc_class", label=short_label(view.label), tp=view.tp, fn=view.fn, fp=view.fp,
                 precision=format_rate(view.precision), recall=format_rate(view.recall), f1=format_rate(view.f1))
        lit = report.class_block(index, self.panel), self.grid.role_tags(index), self.grid.lit_frames(index)
        leaving = [FadeOut(x) for x in self.lit if x is not None]
        entering = [FadeIn(x) for x in lit]
        if not self.sequenced:  # the table fills a row per class beside the matrix
            self.rows.add(report.class_row(index, self.panel.table))
            entering.append(FadeIn(self.rows[-1]))
        self.play(*leaving, self.grid.light(index), *entering, run_time=self.light_seconds)
        self.lit = lit

    def play_averages(self, beat):
        """Back to the whole matrix (or, taking turns, over to the table); the averages fill the table."""
        m, report, rows = self.numbers, self.report, self.rows
        block, tags, frames = self.lit
        if self.sequenced:
            page = self.build_table_page()
            self.header = report.header(self.panel.table)
            rows.add(*(report.class_row(index, self.panel.table) for index in range(len(m.classes))))
            # Each row faded in on its own: ``rows`` itself stays off screen, as it gains the averages below.
            self.play(FadeOut(VGroup(block, tags, frames, self.matrix)), FadeIn(VGroup(page, self.header)),
                      *(FadeIn(row) for row in rows), run_time=self.unlight_seconds)
            self.matrix = page
        else:
            self.play(FadeOut(block), FadeOut(tags), FadeOut(frames), self.grid.light(None),
                      run_time=self.unlight_seconds)
        # Laid out once as a block, one line under the other (a line the ladder leaves to the narration is not shown).
        lines = report.drawn(report.average_lines(), self.panel)
        self.lines = VGroup(*(line for line in lines if line is not None))
        each = self.average_fade_seconds + self.average_hold_seconds
        for position, (name, line) in enumerate(zip(AVERAGES, lines, strict=True)):
            average_row = report.average_row(position, name, self.panel.table)
            self.say(f"say_mc_{name}", each, value=format_rate(m.average(name)["f1"]), correct=m.correct, n=m.n)
            self.play(FadeIn(average_row), *([FadeIn(line)] if line is not None else []),
                      run_time=self.average_fade_seconds)
            rows.add(average_row)
            self.hold_until(self.unlight_seconds + (position + 1) * each)

    def play_why(self, beat):
        """Why macro and weighted differ: frame the classes that pull them apart."""
        m, report, rows = self.numbers, self.report, self.rows
        self.why = report.block(report.why_lines(), self.panel)
        self.boxes = VGroup(*(SurroundingRectangle(rows[i][3], color=style.HIGHLIGHT, buff=0.06)
                              for i in sorted({m.weakest, m.largest})),
                            SurroundingRectangle(rows[len(m.labels)], color=style.HIGHLIGHT, buff=0.06))
        weak, big = m.classes[m.weakest], m.classes[m.largest]
        self.say(f"say_mc_why_{m.why}", weak=short_label(weak.label), weak_f1=format_rate(weak.f1),
                 big=short_label(big.label), big_n=big.support, big_f1=format_rate(big.f1),
                 macro=format_rate(m.macro["f1"]), weighted=format_rate(m.weighted["f1"]))
        self.play(FadeOut(self.lines), run_time=self.why_fade_seconds / 2)
        self.play(FadeIn(self.why), FadeIn(self.boxes), run_time=self.why_fade_seconds / 2)

    def play_closing(self, beat):
        """Say which average you report."""
        closing = self.closing_card("mc_closing")
        self.say("say_mc_closing")
        self.play(FadeOut(self.matrix, self.header, self.rows, self.why, self.boxes), Write(closing),
                  run_time=self.fade_seconds)
