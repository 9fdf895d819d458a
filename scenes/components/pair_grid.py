"""Every positive-negative pair as one cell of the ROC unit square."""

from __future__ import annotations

import math

import numpy as np
from manim import DOWN, LEFT, PI, Line, Polygon, Rectangle, VGroup, VMobject

from umbral.scenes import style

__all__ = ["PairGrid", "pair_mark"]

FILL_OPACITY = 0.55


def fill_colour() -> str:
    """A right-ordered pair's fill: the AUC's colour in the active theme."""
    return style.METRIC_COLORS["auc"]


def pair_mark(outcome: float, width: float, height: float) -> VMobject:
    """The mark of one pair, centred at the origin.

    Right order (1.0): the whole cell filled. Wrong order (0.0): a cross, no
    fill. Tie (0.5): the lower-right half filled, cut by the ROC's diagonal
    step. Shape, not only colour, tells them apart.
    """
    w, h = width / 2, height / 2
    if outcome == 1.0:
        return Rectangle(width=width, height=height, stroke_width=0).set_fill(fill_colour(), FILL_OPACITY)
    if outcome == 0.5:
        return Polygon([-w, -h, 0], [w, -h, 0], [w, h, 0], stroke_width=0).set_fill(fill_colour(), FILL_OPACITY)
    size = 0.28 * min(width, height)
    return VGroup(Line([-size, -size, 0], [size, size, 0]), Line([-size, size, 0], [size, -size, 0])).set_stroke(
        style.VERMILLION, width=style.STROKE)


class PairGrid(VGroup):
    """Rows = positives (highest at the bottom), columns = negatives (highest at the left).

    Parts: ``outlines`` (every cell), ``row_labels``/``column_labels`` (the
    scores), ``axis_labels``, ``marks[(row, column)]`` (one mark per pair,
    hidden until :meth:`reveal`), ``staircase`` (the ROC polyline over the
    cells, invisible until :meth:`show_staircase`). The grid is the ROC unit square: column i
    spans FPR ``i/N..(i+1)/N``, row j spans TPR ``j/P..(j+1)/P``.
    """

    def __init__(self, positive_scores, negative_scores, outcome: np.ndarray, roc_fpr, roc_tpr,
                 width: float, height: float, x_label: str | None = None, y_label: str | None = None,
                 label_size: float = style.SIZE_SMALL):
        VGroup.__init__(self)
        rows, columns = outcome.shape
        self.cell_width, self.cell_height = width / columns, height / rows
        self.box = Rectangle(width=width, height=height, stroke_color=style.GRID_LINE, stroke_width=style.STROKE)
        self.outlines = VGroup(self.box)
        for column in range(1, columns):
            x = -width / 2 + column * self.cell_width
            self.outlines.add(Line([x, -height / 2, 0], [x, height / 2, 0]))
        for row in range(1, rows):
            y = -height / 2 + row * self.cell_height
            self.outlines.add(Line([-width / 2, y, 0], [width / 2, y, 0]))
        self.outlines[1:].set_stroke(style.PANEL_STROKE, width=style.STROKE_THIN)
        self.row_labels = VGroup(*(
            style.text(f"{score:.2f}", size=label_size, color=style.POSITIVE_COLOR)
            .next_to(self.cell_center(row, 0), LEFT, buff=self.cell_width / 2 + 0.12)
            for row, score in enumerate(positive_scores)))
        self.column_labels = VGroup(*(
            style.text(f"{score:.2f}", size=label_size, color=style.NEGATIVE_COLOR).rotate(PI / 2)
            .next_to(self.cell_center(0, column), DOWN, buff=self.cell_height / 2 + 0.12)
            for column, score in enumerate(negative_scores)))
        # Columns narrower than a label: every k-th score, so labels never touch (the grid still shows every pair).
        step = max(1, math.ceil((self.column_labels[0].width + 0.06) / self.cell_width)) if columns else 1
        if step > 1:
            self.column_labels = VGroup(*self.column_labels[::step])
        self.axis_labels = VGroup()
        # Axis names wrap to the side of the square they name (long translations), never wider.
        if x_label:
            self.axis_labels.add(style.wrapped(x_label, width, size=label_size)
                                 .next_to(self.column_labels, DOWN, buff=0.15).set_x(0))
        if y_label:
            self.axis_labels.add(style.wrapped(y_label, height, size=label_size).rotate(PI / 2)
                                 .next_to(self.row_labels, LEFT, buff=0.15).set_y(0))
        self.marks = {}
        for row in range(rows):
            for column in range(columns):
                mark = pair_mark(float(outcome[row, column]), self.cell_width, self.cell_height)
                self.marks[row, column] = mark.move_to(self.cell_center(row, column)).set_opacity(0)
        self.mark_group = VGroup(*self.marks.values())
        origin = np.array([-width / 2, -height / 2, 0])
        corners = origin + np.outer(np.asarray(roc_fpr, float), [width, 0, 0]) + np.outer(
            np.asarray(roc_tpr, float), [0, height, 0])
        self.staircase = VMobject(stroke_color=style.HIGHLIGHT, stroke_width=style.STROKE_CURVE)
        self.staircase.set_points_as_corners(corners).set_stroke(opacity=0)
        # Cell lines above the marks, so filled cells stay countable.
        self.add(self.row_labels, self.column_labels, self.axis_labels, self.mark_group, self.outlines,
                 self.staircase)
        self.outcome = outcome
        self.shown_cells: set = set()

    def cell_center(self, row: int, column: int) -> np.ndarray:
        """Centre of the cell of positive ``row`` and negative ``column``, in the grid's own frame at build time."""
        x = -self.box.width / 2 + (column + 0.5) * self.cell_width
        y = -self.box.height / 2 + (row + 0.5) * self.cell_height
        return np.array([x, y, 0.0])

    def reveal(self, cells) -> None:
        """Show the marks of ``cells`` ((row, column) pairs)."""
        for cell in cells:
            self.shown_cells.add(cell)
            mark = self.marks[cell]
            if self.outcome[cell] == 0.0:
                mark.set_stroke(opacity=1.0)
            else:
                mark.set_fill(opacity=FILL_OPACITY)

    def show_staircase(self) -> VMobject:
        """Make the staircase visible (animate it with ``Create``) and return it."""
        return self.staircase.set_stroke(opacity=1)
