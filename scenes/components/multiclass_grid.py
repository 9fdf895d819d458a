"""A K x K confusion matrix (rows = truth, columns = prediction) that lights one class against the rest."""

from __future__ import annotations

from manim import DOWN, LEFT, PI, RIGHT, UP, AnimationGroup, Rectangle, VGroup

from umbral.scenes import style

__all__ = ["MulticlassGrid", "role_of", "short_label"]

#: Longest class name drawn in full; longer ones end in an ellipsis.
LABEL_CHARS = 8
#: Widest a count may be, as a share of its cell: two digits at the story-number size fit a 4:3 frame's cells.
COUNT_WIDTH = 0.95
#: Largest cell side (frame units).
MAX_CELL = 1.8
#: Share of a cell between the bottom of its role tag and the top of its count (tag at +0.28, count at -0.16).
TAG_TO_COUNT = 0.44


def short_label(label: str, limit: int = LABEL_CHARS) -> str:
    """A class name as drawn: at most ``limit`` characters."""
    label = str(label)
    return label if len(label) <= limit else label[: limit - 1] + "…"


def role_of(row: int, col: int, lit: int) -> str:
    """The cell's role when class ``lit`` is the positive one: tp, fn (its row), fp (its column) or tn."""
    if row == lit:
        return "tp" if col == lit else "fn"
    return "fp" if col == lit else "tn"


class MulticlassGrid(VGroup):
    """Counts in a square of cells with class headers; one class can be lit as one-vs-rest.

    Parts: ``fills[i][j]`` (cell backgrounds), ``counts[i][j]`` (static numbers; story numbers),
    ``headers`` (class names, "Actual", "Predicted"), ``outlines``. Builders return
    new mobjects and never add them: ``role_tags(k)`` (TP/FN/FP/TN in each cell),
    ``lit_frames(k)`` (row framed in the recall colour, column in the precision
    colour, each named); ``light(k)`` returns the fill animation (``None`` = unlit).
    """

    def __init__(self, strings: dict, matrix, labels, side: float = 4.4, upright_recall: bool = False):
        super().__init__()
        #: The recall label reads upwards beside the lit row (a narrow frame gives the matrix that width).
        self.upright_recall = upright_recall
        self.k = len(labels)
        self.cell = min(side / self.k, MAX_CELL)
        self.strings = strings
        # Small cells (a 4:3 frame, many classes) keep room for the role tag above the count.
        count_size = style.SIZE_CELL_COUNT if self.cell >= 1.0 else style.SIZE_NUMBER
        self.tag_size = style.SIZE_SMALL
        self.fills, self.counts = [], []
        outlines = VGroup()
        for i in range(self.k):
            fill_row, count_row = [], []
            for j in range(self.k):
                center = self.center_of(i, j)
                fill = Rectangle(width=self.cell, height=self.cell, stroke_width=0).move_to(center)
                color, opacity = self.unlit_fill(i, j)
                fill.set_fill(color, opacity=opacity)
                outline = Rectangle(width=self.cell, height=self.cell, stroke_width=style.STROKE_THIN,
                                    stroke_color=style.GRID_LINE).move_to(center)
                count = style.text(str(matrix[i][j]), size=count_size, weight="BOLD")
                if count.width > self.cell * COUNT_WIDTH:
                    count.scale_to_fit_width(self.cell * COUNT_WIDTH)
                count.move_to(center).shift(DOWN * self.cell * 0.16)
                fill_row.append(fill)
                count_row.append(count)
                outlines.add(outline)
            self.fills.append(fill_row)
            self.counts.append(count_row)
        self.outlines = outlines
        self.headers = self._headers(labels)
        self.add(VGroup(*(f for row in self.fills for f in row)), outlines, self.headers,
                 style.story_number(VGroup(*(c for row in self.counts for c in row))))

    @staticmethod
    def least_cell(matrix) -> float:
        """Smallest cell side (frame units) that holds every count at the story-number size under its role tag."""
        counts = [style.text(str(value), size=style.SIZE_NUMBER, weight="BOLD") for row in matrix for value in row]
        tag = style.text("TP", size=style.SIZE_SMALL, weight="BOLD")
        widest = max(count.width for count in counts)
        tallest = max(count.height for count in counts)
        return max(widest / COUNT_WIDTH, (tallest + tag.height) / 2 / TAG_TO_COUNT + 0.04)

    def center_of(self, row: int, col: int) -> list:
        """Centre of cell (row, col) before the grid is moved (the grid's own frame)."""
        half = (self.k - 1) / 2
        return [(col - half) * self.cell, (half - row) * self.cell, 0]

    def cell_center(self, row: int, col: int):
        """Centre of cell (row, col) where the grid now is."""
        return self.fills[row][col].get_center()

    @staticmethod
    def unlit_fill(row: int, col: int) -> tuple[str, float]:
        """Resting fill: the diagonal (right answers) a little brighter."""
        return style.HIGHLIGHT, (0.16 if row == col else 0.04)

    def _headers(self, labels) -> VGroup:
        half = self.k * self.cell / 2
        names = [short_label(label) for label in labels]
        columns = VGroup(*(style.text(name, size=style.SIZE_SMALL).move_to([self.center_of(0, j)[0], half + 0.25, 0])
                           for j, name in enumerate(names)))
        rows = VGroup(*(style.text(name, size=style.SIZE_SMALL).next_to([-half, self.center_of(i, 0)[1], 0],
                                                                         LEFT, buff=0.15)
                        for i, name in enumerate(names)))
        # A name wider than its column reads upwards over it (as in a plotted matrix), never shrunk.
        for j, name in enumerate(columns):
            if name.width > self.cell * 0.95:
                name.rotate(PI / 2).move_to([self.center_of(0, j)[0], half + 0.15 + name.height / 2, 0])
        predicted = style.text(self.strings["prediction"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        predicted.next_to(columns, UP, buff=0.15).set_x(0)
        actual = style.text(self.strings["truth"], size=style.SIZE_SMALL, color=style.MUTED_TEXT).rotate(PI / 2)
        actual.next_to(rows, LEFT, buff=0.2).set_y(0)
        self.column_names = columns
        return VGroup(columns, rows, predicted, actual)

    def lit_fill(self, row: int, col: int, lit: int) -> tuple[str, float]:
        """Fill when ``lit`` is the positive class: its row purple (actual), the others blue."""
        role = role_of(row, col, lit)
        color = style.POSITIVE_COLOR if role in ("tp", "fn") else style.NEGATIVE_COLOR
        return color, style.OVR_OPACITY[role]

    def light(self, lit: int | None) -> AnimationGroup:
        """Animate every fill to class ``lit`` against the rest (``None``: back to rest)."""
        animations = []
        for i in range(self.k):
            for j in range(self.k):
                color, opacity = self.unlit_fill(i, j) if lit is None else self.lit_fill(i, j, lit)
                animations.append(self.fills[i][j].animate.set_fill(color, opacity=opacity))
        return AnimationGroup(*animations)

    def role_tags(self, lit: int) -> VGroup:
        """TP / FN / FP / TN at the top of every cell, for class ``lit``."""
        templates = {role: style.text(self.strings[role], size=self.tag_size, weight="BOLD")
                     for role in ("tp", "fn", "fp", "tn")}
        cell = self.fills[0][0].width  # after any scaling of the grid
        tags = VGroup()
        for i in range(self.k):
            for j in range(self.k):
                tag = templates[role_of(i, j, lit)].copy()
                tag.move_to(self.cell_center(i, j)).shift(UP * cell * 0.28)
                tags.add(tag)
        return tags

    def lit_frames(self, lit: int) -> VGroup:
        """The lit row framed and named for recall, the lit column for precision."""
        recall_color = style.METRIC_COLORS["recall"]
        precision_color = style.METRIC_COLORS["precision"]
        cell = self.fills[0][0].width  # after any scaling of the grid
        width = self.k * cell
        row = Rectangle(width=width, height=cell, stroke_color=recall_color, stroke_width=style.STROKE + 1)
        row.move_to([self.outlines.get_center()[0], self.cell_center(lit, 0)[1], 0])
        col = Rectangle(width=cell, height=width, stroke_color=precision_color, stroke_width=style.STROKE + 1)
        col.move_to([self.cell_center(0, lit)[0], self.outlines.get_center()[1], 0])
        recall = style.text(self.strings["recall"], size=style.SIZE_SMALL, color=recall_color)
        if self.upright_recall:
            recall.rotate(PI / 2)
        recall.next_to(row, RIGHT, buff=0.15)
        # Upright and taller than a row: kept beside the matrix, clear of the precision label under it.
        if recall.get_bottom()[1] < self.outlines.get_bottom()[1]:
            recall.align_to(self.outlines, DOWN)
        elif recall.get_top()[1] > self.outlines.get_top()[1]:
            recall.align_to(self.outlines, UP)
        precision = style.text(self.strings["precision"], size=style.SIZE_SMALL, color=precision_color)
        precision.next_to(col, DOWN, buff=0.15)
        return VGroup(row, col, recall, precision)
