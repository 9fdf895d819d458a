"""Cost against threshold: fixed θ axis, a cost axis whose scale changes per cost ratio."""

from __future__ import annotations

import numpy as np
from manim import LEFT, PI, Circle, DashedLine, Dot, Line, Rectangle, Square, VGroup, VMobject

from umbral.metrics import GRID
from umbral.scenes import style
from umbral.scenes.components.unit_axes import corner_axes, tick_label
from umbral.scenes.numbers.number_formats import format_cost

__all__ = ["CostPlot"]


class CostPlot(VGroup):
    """θ from 0 to 1 across, cost up; the cost scale is set per step.

    Parts: ``frame`` (static: both axes, θ ticks, axis labels). Builders return
    new mobjects for a step and never add them: ``curve(step)``,
    ``y_ticks(step)`` (labels and faint grid lines), ``minimum_marks(step)``,
    ``default_mark(step)``, ``theory_mark(step)``. ``point(θ, cost, step)``
    maps data to the frame.
    """

    x_ticks = (0.0, 0.25, 0.5, 0.75, 1.0)

    def __init__(self, strings: dict, width: float = 7.0, height: float = 3.9):
        super().__init__()
        ticks = [(value, f"{value:.2f}") for value in self.x_ticks]
        self.x_axis, self.y_axis, ticks, x_label = corner_axes(width, height, ticks, strings["cost_x_axis"])
        y_label = style.text(strings["cost_y_axis"], size=style.SIZE_SMALL).rotate(PI / 2)
        y_label.move_to([-1.05, height / 2, 0])
        self.axis_labels = VGroup(x_label, y_label)
        self.frame = VGroup(self.x_axis, self.y_axis, ticks, self.axis_labels)
        self.add(self.frame)

    def point(self, threshold: float, cost: float, step) -> np.ndarray:
        """Frame coordinates of (θ, cost) on ``step``'s scale."""
        start = self.x_axis.get_start()
        scale_x = (self.x_axis.get_end()[0] - start[0])
        scale_y = (self.y_axis.get_end()[1] - start[1]) / step.y_max
        return start + np.array([threshold * scale_x, cost * scale_y, 0.0])

    def curve(self, step) -> VMobject:
        """The 51-point cost curve of ``step``."""
        points = [self.point(t, c, step) for t, c in zip(GRID, step.costs, strict=True)]
        curve = VMobject(stroke_color=style.COST_CURVE_COLOR, stroke_width=style.STROKE_CURVE)
        curve.set_points_as_corners(points)
        return curve

    def y_ticks(self, step) -> VGroup:
        """One label and one faint grid line per tick value of ``step``."""
        left = self.x_axis.get_start()[0]
        right = self.x_axis.get_end()[0]
        ticks = VGroup()
        for value in step.y_ticks:
            y = self.point(0, value, step)[1]
            line = Line([left, y, 0], [right, y, 0], color=style.PANEL_STROKE, stroke_width=style.STROKE_THIN)
            label = tick_label(format_cost(value)).next_to([left, y, 0], LEFT, buff=0.15)
            ticks.add(VGroup(line, label))
        return ticks

    def rescaled(self, ticks: VGroup, old_step, new_step) -> VGroup:
        """A copy of ``ticks`` (drawn for ``old_step``) moved to where its values sit on ``new_step``'s scale."""
        moved = ticks.copy()
        for tick, value in zip(moved, old_step.y_ticks, strict=True):
            tick.set_y(self.point(0, value, new_step)[1])
        return moved

    def minimum_marks(self, step) -> VGroup:
        """A band over each run of tied thresholds, a dot at each tied point, a ring on the quoted one."""
        half = 0.5 / (GRID.size - 1)
        bottom, top = self.point(0, 0, step)[1], self.y_axis.get_end()[1]
        bands = VGroup()
        for first, last in step.runs:
            left = self.point(first - half, 0, step)[0]
            right = self.point(last + half, 0, step)[0]
            band = Rectangle(width=right - left, height=top - bottom, stroke_width=0)
            band.set_fill(style.COST_MIN_COLOR, opacity=0.18).move_to([(left + right) / 2, (top + bottom) / 2, 0])
            bands.add(band)
        dots = VGroup(*(Dot(self.point(t, step.min_cost, step), radius=0.08, color=style.COST_MIN_COLOR)
                        for t in step.tied))
        # A ring on the threshold quoted (the highest tied one).
        ring = Circle(radius=0.16, color=style.COST_MIN_COLOR, stroke_width=style.STROKE)
        ring.move_to(self.point(step.quoted, step.min_cost, step))
        return VGroup(bands, dots, ring)

    def default_mark(self, step, threshold: float) -> Square:
        """A square at the cost of the default threshold."""
        mark = Square(side_length=0.2, color=style.COST_DEFAULT_COLOR, fill_opacity=1.0, stroke_width=0)
        mark.set_stroke(style.BACKGROUND, width=2, background=True)
        return mark.move_to(self.point(threshold, step.default_cost, step))

    def theory_mark(self, step) -> DashedLine:
        """A dashed vertical line at ``C_FP / (C_FP + C_FN)``."""
        x = self.point(step.ratio_threshold, 0, step)[0]
        return DashedLine([x, self.x_axis.get_start()[1], 0], [x, self.y_axis.get_end()[1], 0],
                          color=style.COST_THEORY_COLOR, stroke_width=style.STROKE, dash_length=0.12)
