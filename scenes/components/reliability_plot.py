"""The reliability diagram: each bin's share positive against its mean score, the diagonal for perfect calibration."""

from __future__ import annotations

import numpy as np
from manim import DashedLine, Line, VGroup

from umbral.scenes import style
from umbral.scenes.components.model_curves import model_marker
from umbral.scenes.components.unit_axes import UnitAxes

__all__ = ["ReliabilityPlot"]

#: Marker size of a bin's point.
POINT_SIZE = 0.17


class ReliabilityPlot(VGroup):
    """Square 0..1 axes and the dashed diagonal of perfect calibration, nothing else drawn yet.

    Parts: ``plot`` (:class:`UnitAxes`: ``title``, ticks, axis names), ``diagonal`` (named by a
    row beside the plot, drawn with :meth:`key_glyph`). Builders
    return new mobjects and never add them: ``markers(bins, index, color)`` (one per filled
    bin, the model's shape) and ``segments(bins, color)`` (the curve, one straight piece between
    neighbouring points).

    Parameters
    ----------
    title, x_label, y_label, diagonal_label : str
        The words shown.
    side : float
        Length of each axis, in frame units.
    """

    def __init__(self, title: str, x_label: str, y_label: str, diagonal_label: str, side: float = 3.0):
        super().__init__()
        self.plot = UnitAxes(title, x_label, y_label, side=side)
        # The line alone: its name goes in the rows under the plot (see :meth:`key_glyph`), where no curve
        # can run through it and no title sits on it.
        self.diagonal = self.plot.chance(diagonal_label, (0.5, 0.5))[0]
        self.diagonal_label = diagonal_label
        self.add(self.plot, self.diagonal)

    @staticmethod
    def key_glyph() -> DashedLine:
        """A short piece of the diagonal, for the row that names it."""
        return DashedLine([-0.16, 0, 0], [0.16, 0, 0], color=style.CHANCE_COLOR, stroke_width=style.STROKE_THIN,
                          dash_length=0.08)

    def point(self, x: float, y: float) -> np.ndarray:
        """Frame coordinates of (mean score, share positive)."""
        return self.plot.point(x, y)

    def markers(self, bins, index: int, color: str) -> VGroup:
        """One marker per filled bin of ``bins`` at (mean score, share positive), in model ``index``'s shape."""
        return VGroup(*(model_marker(index, color, POINT_SIZE).move_to(self.point(mean, share))
                        for mean, share in bins.points))

    def segments(self, bins, color: str) -> VGroup:
        """The curve's straight pieces, from each filled bin's point to the next (one fewer than the points)."""
        points = [self.point(mean, share) for mean, share in bins.points]
        return VGroup(*(Line(a, b, color=color, stroke_width=style.STROKE) for a, b in zip(points, points[1:],
                                                                                          strict=False)))
