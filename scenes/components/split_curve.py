"""One split's metric against θ on a fixed axis, with the marks the HonestThreshold scene puts on it."""

from __future__ import annotations

import numpy as np
from manim import LEFT, PI, UP, Circle, DashedLine, Dot, Line, Mobject, Rectangle, Square, VGroup, VMobject

from umbral.scenes import style
from umbral.scenes.components.unit_axes import corner_axes, tick_label

__all__ = ["SplitCurve"]


class SplitCurve(VGroup):
    """θ from 0 to 1 across, a rule's metric on one split up, its scale fixed at construction.

    Parts: ``title`` (above the plot), ``frame`` (both axes, θ ticks, metric ticks with
    faint grid lines, axis labels). Builders return new mobjects and never add them:
    ``curve``, ``dot``, ``square``, ``ring``, ``vline``, ``hline``, ``band`` (marks in the
    plot) and ``strip``, ``bracket`` (drawn under the plot on the same θ scale).
    ``point(θ, value)`` maps data to the frame after any move.

    Parameters
    ----------
    title : str or Mobject
        Shown above the plot, centred on the panel (a Mobject, e.g. wrapped lines, is used as given).
    x_label, y_label : str
        The axis names.
    axis : scenes.numbers.honest_threshold.Axis
        ``low`` (where the θ axis sits), ``high``, the ``ticks`` and their ``labels``.
    width, height : float
        Size of the plot area, in frame units; :meth:`margins` tells how far labels stick out.
    """

    x_ticks = (0.0, 0.25, 0.5, 0.75, 1.0)
    tick_buff = 0.15
    label_buff = 0.15

    def __init__(self, title, x_label: str, y_label: str, axis, width: float = 5.0, height: float = 2.6):
        super().__init__()
        self.axis = axis
        x_ticks = [(value, f"{value:.2f}") for value in self.x_ticks]
        self.x_axis, self.y_axis, x_ticks, x_text = corner_axes(width, height, x_ticks, x_label, self.tick_buff)
        y_ticks = VGroup()
        for value, label in zip(axis.ticks, axis.labels, strict=True):
            y = (value - axis.low) / (axis.high - axis.low) * height
            line = Line([0, y, 0], [width, y, 0], color=style.PANEL_STROKE, stroke_width=style.STROKE_THIN)
            y_ticks.add(VGroup(line, tick_label(label).next_to([0, y, 0], LEFT, buff=self.tick_buff)))
        y_text = style.text(y_label, size=style.SIZE_SMALL).rotate(PI / 2)
        y_text.next_to(y_ticks, LEFT, buff=self.label_buff).set_y(height / 2)
        self.axis_labels = VGroup(x_text, y_text)
        self.title = title if isinstance(title, Mobject) else style.text(title, size=style.SIZE_LABEL, weight="BOLD")
        self.frame = VGroup(y_ticks, self.x_axis, self.y_axis, x_ticks, self.axis_labels)
        # Centred over the whole panel (y name to the last θ label), so it may be as wide as the panel.
        self.title.next_to([self.frame.get_x(), height, 0], UP, buff=0.25)
        self.add(self.frame, self.title)

    @classmethod
    def margins(cls, axis, y_label: str) -> tuple[float, float]:
        """How far the frame reaches left of the plot (tick labels, y name) and right of it (the last θ label)."""
        widest = max(tick_label(label).width for label in axis.labels)
        name = style.text(y_label, size=style.SIZE_SMALL).height  # rotated: its height becomes its width
        last = tick_label(f"{cls.x_ticks[-1]:.2f}").width / 2
        return cls.tick_buff + widest + cls.label_buff + name, last

    @classmethod
    def depth(cls, x_label: str) -> float:
        """How far the frame reaches below the plot: the θ tick labels, then the axis name (measured, not built)."""
        ticks = max(style.text_size(f"{value:.2f}", style.SIZE_SMALL)[1] for value in cls.x_ticks)
        return cls.tick_buff + ticks + 0.12 + style.text_size(x_label, style.SIZE_SMALL)[1]

    # -- coordinates ------------------------------------------------------
    def point(self, threshold: float, value: float) -> np.ndarray:
        """Frame coordinates of (θ, value)."""
        return self.points_of(np.array([threshold]), np.array([value]))[0]

    def points_of(self, thresholds, values) -> np.ndarray:
        """Frame coordinates of many (θ, value) pairs at once."""
        start = self.x_axis.get_start()
        width = self.x_axis.get_end()[0] - start[0]
        height = self.y_axis.get_end()[1] - start[1]
        share = (np.asarray(values, dtype=float) - self.axis.low) / (self.axis.high - self.axis.low)
        xs = start[0] + np.asarray(thresholds, dtype=float) * width
        return np.column_stack([xs, start[1] + share * height, np.zeros(xs.size)])

    @property
    def plot_top(self) -> float:
        """Height (frame y) of the top of the plot area."""
        return float(self.y_axis.get_end()[1])

    @property
    def plot_bottom(self) -> float:
        """Height (frame y) of the θ axis."""
        return float(self.x_axis.get_start()[1])

    # -- marks in the plot -----------------------------------------------
    def curve(self, grid, values, color: str | None = None) -> VMobject:
        """The metric through every grid θ, as straight segments (in the cost curve's colour unless given)."""
        curve = VMobject(stroke_color=color or style.COST_CURVE_COLOR, stroke_width=style.STROKE_CURVE)
        curve.set_points_as_corners(self.points_of(grid, values))
        return curve

    def dot(self, threshold: float, value: float, color: str) -> Dot:
        """A filled dot on the curve, ringed with the background so it reads over the line."""
        dot = Dot(self.point(threshold, value), radius=0.09, color=color)
        return dot.set_stroke(style.BACKGROUND, width=2, background=True)

    def square(self, threshold: float, value: float, color: str | None = None) -> Square:
        """A filled square on the curve (the default θ = 0.5), in the default θ's colour unless given."""
        mark = Square(side_length=0.2, color=color or style.COST_DEFAULT_COLOR, fill_opacity=1.0, stroke_width=0)
        mark.set_stroke(style.BACKGROUND, width=2, background=True)
        return mark.move_to(self.point(threshold, value))

    def ring(self, threshold: float, value: float, color: str) -> Circle:
        """A hollow ring around a point (the peek)."""
        return Circle(radius=0.2, color=color, stroke_width=style.STROKE).move_to(self.point(threshold, value))

    def vline(self, threshold: float, color: str) -> DashedLine:
        """A dashed vertical line through the whole plot at ``threshold``."""
        x = self.point(threshold, self.axis.low)[0]
        return DashedLine([x, self.plot_bottom, 0], [x, self.plot_top, 0], color=color,
                          stroke_width=style.STROKE, dash_length=0.12)

    def hline(self, value: float, color: str) -> DashedLine:
        """A dashed horizontal line across the plot at ``value`` (a target)."""
        y = self.point(0, value)[1]
        left, right = self.x_axis.get_start()[0], self.x_axis.get_end()[0]
        return DashedLine([left, y, 0], [right, y, 0], color=color, stroke_width=style.STROKE_THIN, dash_length=0.1)

    def band(self, low: float, high: float, color: str, opacity: float = 0.18) -> Rectangle:
        """A shaded band over the plot from θ = ``low`` to ``high`` (at least a tick wide)."""
        left, right = self.point(low, self.axis.low)[0], self.point(high, self.axis.low)[0]
        width = max(right - left, 0.06)
        band = Rectangle(width=width, height=self.plot_top - self.plot_bottom, stroke_width=0)
        band.set_fill(color, opacity=opacity).set_z_index(-1)  # under the curve and the grid lines
        return band.move_to([(left + right) / 2, (self.plot_top + self.plot_bottom) / 2, 0])

    # -- under the plot ---------------------------------------------------
    def strip(self, ticks, baseline: float, height: float, color: str) -> VGroup:
        """A rug of vertical ticks standing on a line at y = ``baseline``: one per (θ, share), ``share`` tall."""
        left, right = self.x_axis.get_start()[0], self.x_axis.get_end()[0]
        line = Line([left, baseline, 0], [right, baseline, 0], color=style.GRID_LINE, stroke_width=style.STROKE_THIN)
        marks = VGroup()
        for tick in ticks:
            x = self.point(tick.theta, self.axis.low)[0]
            marks.add(Line([x, baseline, 0], [x, baseline + tick.share * height, 0], color=color,
                           stroke_width=style.STROKE))
        return VGroup(line, marks)

    def bracket(self, low: float, high: float, y: float, color: str | None = None) -> VGroup:
        """A square bracket under the strip from θ = ``low`` to ``high``, its ends turned up."""
        left, right = self.point(low, self.axis.low)[0], self.point(high, self.axis.low)[0]
        if right - left < 0.06:
            middle = (left + right) / 2
            left, right = middle - 0.03, middle + 0.03
        lip = 0.12
        parts = [Line([left, y + lip, 0], [left, y, 0]), Line([left, y, 0], [right, y, 0]),
                 Line([right, y, 0], [right, y + lip, 0])]
        return VGroup(*(part.set_stroke(color or style.TEXT, width=style.STROKE) for part in parts))
