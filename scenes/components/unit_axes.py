"""Square 0..1 axes with tick labels, axis names and a title, for ROC and PR curves."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, PI, UP, Axes, DashedLine, Line, Text, VGroup, VMobject

from umbral.scenes import style

__all__ = ["UnitAxes", "corner_axes", "tick_label"]


def tick_label(value: str) -> Text:
    """A tick's number, small and muted, as every plot shows it."""
    return style.text(value, size=style.SIZE_SMALL, color=style.MUTED_TEXT)


def corner_axes(width: float, height: float, x_ticks, x_label: str, tick_buff: float = 0.15):
    """The L of a plot from the origin: ``x_axis`` (``width`` long), ``y_axis`` (``height``), the x ticks and name.

    ``x_ticks`` holds (share of the axis, label) pairs. Returns ``(x_axis, y_axis, ticks, x_name)``:
    each tick is its mark and its label under it; the name sits under the labels, centred.
    """
    axis_style = {"color": style.GRID_LINE, "stroke_width": style.STROKE}
    x_axis = Line([0, 0, 0], [width, 0, 0], **axis_style)
    y_axis = Line([0, 0, 0], [0, height, 0], **axis_style)
    ticks = VGroup()
    for value, label in x_ticks:
        x = value * width
        ticks.add(Line([x, -0.08, 0], [x, 0.08, 0], **axis_style))
        ticks.add(tick_label(label).next_to([x, 0, 0], DOWN, buff=tick_buff))
    x_name = style.text(x_label, size=style.SIZE_SMALL).next_to(ticks, DOWN, buff=0.12).set_x(width / 2)
    return x_axis, y_axis, ticks, x_name


def axis_name(words: str, room: float, color: str | None = None):
    """An axis name at the small size: one Text, or centred lines when it is longer than ``room``."""
    name = style.text(words, size=style.SIZE_SMALL, color=color)
    if name.width <= room or " " not in words:
        return name
    return style.wrapped(words, room, size=style.SIZE_SMALL, color=color)


class UnitAxes(VGroup):
    """A square plot of the unit square, nothing drawn in it yet.

    Parts: ``axes``, ``tick_labels`` (0, 0.5, 1 on both axes), ``axis_labels``
    (x below, y rotated at the left), ``title`` (above). ``point(x, y)`` maps
    data to scene coordinates after any move or scale; ``polyline``,
    ``region`` and ``chance`` build curves, filled areas and the diagonal on it.

    Parameters
    ----------
    title, x_label, y_label : str
        The words shown; ``x_color`` and ``y_color`` colour the axis names.
    side : float
        Length of each axis, in frame units.
    height : float or None
        Length of the y axis when it differs from ``side`` (a tall plot in a narrow frame).
    title_color, title_weight : str
        How the title is drawn (``"NORMAL"`` for a panel's plain title).
    y_label_offset : float or None
        Centre the y name this far left of the y axis; None puts it just left
        of the tick labels.
    """

    def __init__(self, title: str, x_label: str, y_label: str, side: float = 3.6,
                 title_color: str | None = None, title_weight: str = "BOLD", x_color: str | None = None,
                 y_color: str | None = None, y_label_offset: float | None = None, height: float | None = None):
        VGroup.__init__(self)
        height = height or side
        self.axes = Axes(x_range=[0, 1, 0.5], y_range=[0, 1, 0.5], x_length=side, y_length=height,
                         tips=False, axis_config={"color": style.GRID_LINE, "stroke_width": style.STROKE_THIN,
                                                  "include_ticks": True, "tick_size": 0.05})
        self.tick_labels = VGroup()
        for value in (0, 0.5, 1):
            label = f"{value:g}"
            self.tick_labels.add(tick_label(label).next_to(self.axes.c2p(value, 0), DOWN, buff=0.1))
            if value:
                self.tick_labels.add(tick_label(label).next_to(self.axes.c2p(0, value), LEFT, buff=0.1))
        # An axis name longer than its axis wraps (a long translation) rather than shrinking.
        x_text = axis_name(x_label, side + 0.6, x_color)
        x_text.next_to(self.tick_labels, DOWN, buff=0.08).set_x(self.axes.c2p(0.5, 0)[0])
        y_text = axis_name(y_label, height + 0.4, y_color).rotate(PI / 2)
        if y_label_offset is None:
            y_text.next_to(self.tick_labels, LEFT, buff=0.12).set_y(self.axes.c2p(0, 0.5)[1])
        else:
            y_text.move_to([self.axes.c2p(0, 0)[0] - y_label_offset, self.axes.c2p(0, 0.5)[1], 0])
            clear = self.tick_labels.get_left()[0] - 0.08  # a wrapped (wider) name must not reach the ticks
            if y_text.get_right()[0] > clear:
                y_text.shift([clear - y_text.get_right()[0], 0, 0])
        self.axis_labels = VGroup(x_text, y_text)
        self.title = style.text(title, size=style.SIZE_LABEL, weight=title_weight, color=title_color)
        self.title.next_to(self.axes, UP, buff=0.25)
        self.add(self.axes, self.tick_labels, self.axis_labels, self.title)

    def chance(self, label: str, at: tuple[float, float]) -> VGroup:
        """The dashed chance diagonal, with ``label`` along it centred on data point ``at``."""
        diagonal = DashedLine(self.axes.c2p(0, 0), self.axes.c2p(1, 1), color=style.CHANCE_COLOR,
                              stroke_width=style.STROKE_THIN, dash_length=0.08)
        words = style.text(label, size=style.SIZE_SMALL, color=style.CHANCE_COLOR)
        words.rotate(self.diagonal_angle()).move_to(self.axes.c2p(*at))
        return VGroup(diagonal, words)

    def diagonal_angle(self) -> float:
        """Angle of the chance diagonal on screen (π/4 on a square plot), to lay a label along it."""
        dx, dy = (self.axes.c2p(1, 1) - self.axes.c2p(0, 0))[:2]
        return float(np.arctan2(dy, dx))

    def point(self, x: float, y: float) -> np.ndarray:
        """Scene coordinates of data point (x, y)."""
        return self.points_of(np.array([x]), np.array([y]))[0]

    def points_of(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Scene coordinates of many data points at once."""
        origin = self.axes.c2p(0, 0)
        unit_x, unit_y = self.axes.c2p(1, 0) - origin, self.axes.c2p(0, 1) - origin
        return origin + np.outer(x, unit_x) + np.outer(y, unit_y)

    def polyline(self, x: np.ndarray, y: np.ndarray, color: str, width: float = style.STROKE_CURVE) -> VMobject:
        """Straight segments through the data points, one Bezier curve per segment."""
        line = VMobject(stroke_color=color, stroke_width=width)
        line.set_points_as_corners(self.points_of(np.asarray(x, float), np.asarray(y, float)))
        return line

    def region(self, x: np.ndarray, y: np.ndarray, color: str, opacity: float) -> VMobject:
        """The area between the polyline through (x, y) and the x axis, filled."""
        x, y = np.asarray(x, float), np.asarray(y, float)
        xs, ys = np.r_[x, x[-1], x[0], x[0]], np.r_[y, 0.0, 0.0, y[0]]
        area = VMobject(stroke_width=0).set_fill(color, opacity=opacity)
        area.set_points_as_corners(self.points_of(xs, ys))
        return area
