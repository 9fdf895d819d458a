"""Cases as dots in score bins: one column per bin, the positives sinking to fill it to the bin's share positive."""

from __future__ import annotations

import numpy as np
from manim import LEFT, PI, UP, Line, Mobject, Rectangle, VGroup, VMobject

from umbral.scenes import style
from umbral.scenes.components.legend_rows import balanced_text
from umbral.scenes.components.unit_axes import corner_axes, tick_label
from umbral.scenes.numbers.calibration import dot_heights

__all__ = ["ScoreBins", "dot_cloud"]

#: Bezier handle of a quarter circle, as a share of its radius.
_KAPPA = 0.5523


def dot_cloud(centres: np.ndarray, radius: float, color: str) -> VMobject:
    """Many filled dots as one VMobject (one path of circles): drawn in one go, moved point by point.

    Four cubic quarter arcs per dot; ``centres`` is (n, 3). An empty cloud has no points.
    """
    cloud = VMobject(stroke_width=0).set_fill(color, opacity=1.0)
    if not len(centres):
        return cloud
    k = _KAPPA * radius
    r = radius
    # One circle's 16 control points relative to its centre (four quarters: right -> top -> left -> bottom -> right).
    quarter = np.array([
        [r, 0], [r, k], [k, r], [0, r],
        [0, r], [-k, r], [-r, k], [-r, 0],
        [-r, 0], [-r, -k], [-k, -r], [0, -r],
        [0, -r], [k, -r], [r, -k], [r, 0]])
    shape = np.c_[quarter, np.zeros(16)]
    points = (np.asarray(centres, dtype=float)[:, None, :] + shape[None, :, :]).reshape(-1, 3)
    cloud.set_points(points)
    return cloud


class ScoreBins(VGroup):
    """Score from 0 to 1 across, split into bins; share positive up, 0 to 1; one column per bin.

    Parts: ``title``, ``frame`` (axes, ticks, axis names) and ``columns`` (an outline per bin).
    Builders return new mobjects and never add them: ``dots(bins, sorted_)`` (the cases,
    negatives and positives as two clouds), ``fills(bins)`` (each column filled to its share
    positive, with a line at the level), ``level_point(bins, k)`` (where bin ``k``'s level
    meets the middle of its column).

    Parameters
    ----------
    title : str or Mobject
        Above the plot.
    x_label, y_label : str
        The axis names.
    edges : sequence of float
        The bins' edges, 0 to 1.
    width, height : float
        The plot area, in frame units.
    """

    tick_buff = 0.15
    label_buff = 0.15
    #: Space between two columns, as a share of a bin's width.
    column_gap = 0.08
    #: Dot radius for the widest bin holding every dot at this density; a little smaller when crowded.
    dot_radius = 0.032

    def __init__(self, title, x_label: str, y_label: str, edges, width: float = 5.0, height: float = 2.6):
        super().__init__()
        self.edges = np.asarray(edges, dtype=float)
        x_ticks = [(value, f"{value:g}") for value in (0.0, 0.5, 1.0)]
        self.x_axis, self.y_axis, x_ticks, x_text = corner_axes(width, height, x_ticks, x_label, self.tick_buff)
        y_ticks = VGroup()
        for value in (0.5, 1.0):
            y = value * height
            y_ticks.add(tick_label(f"{value:g}").next_to([0, y, 0], LEFT, buff=self.tick_buff))
        y_text = self.y_name(y_label, height).rotate(PI / 2)
        y_text.next_to(y_ticks, LEFT, buff=self.label_buff).set_y(height / 2)
        self.axis_labels = VGroup(x_text, y_text)
        self.columns = VGroup()
        for low, high in zip(self.edges[:-1], self.edges[1:], strict=True):
            gap = (high - low) * self.column_gap / 2
            column = Rectangle(width=(high - low - 2 * gap) * width, height=height, color=style.PANEL_STROKE,
                               stroke_width=style.STROKE_THIN)
            self.columns.add(column.move_to([(low + high) / 2 * width, height / 2, 0]))
        self.title = title if isinstance(title, Mobject) else style.text(title, size=style.SIZE_LABEL, weight="BOLD")
        self.frame = VGroup(y_ticks, self.columns, self.x_axis, self.y_axis, x_ticks, self.axis_labels)
        self.title.next_to([self.frame.get_x(), height, 0], UP, buff=0.25)
        self.add(self.frame, self.title)

    @staticmethod
    def y_name(y_label: str, height: float) -> VGroup:
        """The y axis's name, unrotated: on one line if it is no longer than the axis, else on two."""
        single = style.text(y_label, size=style.SIZE_SMALL)
        return VGroup(single) if single.width <= height else balanced_text(y_label, height, size=style.SIZE_SMALL,
                                                                           align=None)

    @classmethod
    def margins(cls, y_label: str, height: float = 2.6) -> tuple[float, float]:
        """How far the frame reaches left of the plot (tick labels, y name) and right of it (the last x label)."""
        widest = tick_label("0.5").width
        name = cls.y_name(y_label, height).height  # rotated: its height becomes its width
        return cls.tick_buff + widest + cls.label_buff + name, tick_label("1").width / 2

    # -- coordinates ------------------------------------------------------
    def points_of(self, scores, heights) -> np.ndarray:
        """Frame coordinates of (score, height share of the plot) pairs."""
        start = self.x_axis.get_start()
        width = self.x_axis.get_end()[0] - start[0]
        height = self.y_axis.get_end()[1] - start[1]
        xs = start[0] + np.asarray(scores, dtype=float) * width
        return np.column_stack([xs, start[1] + np.asarray(heights, dtype=float) * height, np.zeros(xs.size)])

    def column_span(self, k: int) -> tuple[float, float]:
        """The left and right frame x of column ``k``."""
        column = self.columns[k]
        return float(column.get_left()[0]), float(column.get_right()[0])

    # -- builders ---------------------------------------------------------
    def dots(self, bins, sorted_: bool, heights_of=None) -> VGroup:
        """The cases of ``bins`` (:class:`umbral.scenes.numbers.calibration.SplitBins`): negatives, then positives.

        Each dot sits at its score across; up, scattered over its column (``sorted_`` False) or
        with the positives under the bin's level and the negatives above it. ``heights_of``
        (the same cases before recalibrating) keeps each dot at the height it had there, so
        the dots slide sideways to their new scores.
        """
        scores, labels, where = bins.dot_scores, bins.dot_labels, bins.dot_bins
        source = heights_of or bins
        heights = dot_heights(labels, source.dot_bins, source.fractions, sorted_)
        radius = self.radius(source)
        # Keep each dot inside its column (a score on an edge would hang over it).
        xs = np.empty(scores.size)
        for k in range(len(self.columns)):
            inside = where == k
            if inside.any():
                left, right = self.column_span(k)
                xs[inside] = np.clip(self.points_of(scores[inside], np.zeros(inside.sum()))[:, 0],
                                     left + radius, right - radius)
        centres = self.points_of(np.zeros(scores.size), heights)
        centres[:, 0] = xs
        negatives = dot_cloud(centres[labels == 0], radius, style.NEGATIVE_COLOR)
        positives = dot_cloud(centres[labels == 1], radius, style.POSITIVE_COLOR)
        return VGroup(negatives, positives)

    def radius(self, bins) -> float:
        """Dot radius: :attr:`dot_radius`, smaller when the fullest column would be more than covered."""
        counts = np.bincount(bins.dot_bins, minlength=len(self.columns))
        k = int(np.argmax(counts))
        left, right = self.column_span(k)
        area = (right - left) * self.columns[k].height
        fit = np.sqrt(1.5 * area / (np.pi * max(int(counts[k]), 1)))
        return float(min(self.dot_radius, max(fit, 0.012)))

    def fills(self, bins) -> VGroup:
        """Each filled bin's column shaded from the floor to its share positive, a line at the level."""
        parts = VGroup()
        bottom = self.x_axis.get_start()[1]
        height = self.columns[0].height
        for k, b in enumerate(bins.bins):
            if not b.count:
                continue
            left, right = self.column_span(k)
            level = bottom + b.fraction * height
            shade = Rectangle(width=right - left, height=max(level - bottom, 0.001), stroke_width=0)
            shade.set_fill(style.POSITIVE_COLOR, opacity=0.3).move_to([(left + right) / 2, (level + bottom) / 2, 0])
            line = Line([left, level, 0], [right, level, 0], color=style.TEXT, stroke_width=style.STROKE)
            parts.add(VGroup(shade, line))
        return parts

    def level_point(self, bins, k: int) -> np.ndarray:
        """Where bin ``k``'s level meets the middle of its column."""
        left, right = self.column_span(k)
        bottom = self.x_axis.get_start()[1]
        return np.array([(left + right) / 2, bottom + bins.bins[k].fraction * self.columns[k].height, 0.0])
