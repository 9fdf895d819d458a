"""ROC axes that fill in point by point as a knob turns (hit rate against false-alarm rate)."""

from __future__ import annotations

import numpy as np
from manim import Dot, VGroup, VMobject

from umbral.scenes import style
from umbral.scenes.components.base import SnapshotPanel
from umbral.scenes.components.unit_axes import UnitAxes

__all__ = ["RocTrace"]


class RocTrace(SnapshotPanel, VGroup):
    """Square axes, a moving operating point and a trail of the settings visited.

    Parameters
    ----------
    strings : dict
        Uses ``radar_fa_axis``, ``radar_hit_axis``, ``radar_roc_title`` and ``chance``.
    points : array, shape (k, 2)
        (false-alarm rate, hit rate) in the order the trail reveals them.

    Parts: ``plot`` (:class:`UnitAxes`; its ``axes``, ``tick_labels``,
    ``axis_labels`` and ``title`` are also the panel's), ``chance``,
    ``trail`` (one dot per point, hidden until revealed), ``path`` (the
    polyline through the revealed points) and ``dot`` (the current setting).
    """

    def __init__(self, strings: dict, points, side: float = 3.4):
        VGroup.__init__(self)
        self.coordinates = np.asarray(points, dtype=float)
        self.plot = UnitAxes(strings["radar_roc_title"], strings["radar_fa_axis"], strings["radar_hit_axis"],
                             side=side, title_weight="NORMAL", x_color=style.METRIC_COLORS["fpr"],
                             y_color=style.METRIC_COLORS["recall"])
        self.axes, self.tick_labels = self.plot.axes, self.plot.tick_labels
        self.axis_labels, self.title = self.plot.axis_labels, self.plot.title
        self.chance = self.plot.chance(strings["chance"], (0.5, 0.38))
        self.path = VMobject(stroke_color=style.METRIC_COLORS["auc"], stroke_width=style.STROKE_CURVE)
        self.path.set_points_as_corners([self.axes.c2p(0, 0)] * 2)
        self.path.set_stroke(opacity=0.0)
        self.trail = VGroup(*(Dot(self.axes.c2p(x, y), radius=0.06, color=style.METRIC_COLORS["auc"])
                              for x, y in self.coordinates))
        self.trail.set_opacity(0.0)
        self.dot = Dot(self.axes.c2p(0, 0), radius=0.1, color=style.ROC_DOT_COLOR)
        self.dot.set_stroke(style.BACKGROUND, width=3, background=True)
        self.revealed = 0
        self.still = VGroup(self.plot, self.chance)
        self.live = VGroup(self.path, self.trail, self.dot)
        self.add(self.still, self.live)

    def show(self, snapshot) -> None:
        """Put the current dot at the snapshot's (false-alarm rate, hit rate)."""
        self.dot.move_to(self.axes.c2p(snapshot.fpr, snapshot.recall))

    def reveal(self, count: int) -> None:
        """Show the first ``count`` points of the trail and the path through them."""
        count = int(np.clip(count, 0, len(self.coordinates)))
        if count == self.revealed:
            return
        for index, dot in enumerate(self.trail):
            dot.set_opacity(1.0 if index < count else 0.0)
        corners = [self.axes.c2p(x, y) for x, y in self.coordinates[:max(count, 1)]]
        self.path.set_points_as_corners(corners if count > 1 else corners * 2)
        self.path.set_stroke(opacity=1.0 if count > 1 else 0.0)
        self.revealed = count

    def point_at(self, fpr: float, recall: float) -> np.ndarray:
        """Scene position of an (FPR, hit rate) point."""
        return self.axes.c2p(fpr, recall)

    def plotted_points(self) -> np.ndarray:
        """(false-alarm rate, hit rate) of the revealed trail dots, read back from the axes."""
        shown = [dot for dot in self.trail if dot.get_fill_opacity() > 0.5]
        return np.array([self.axes.p2c(dot.get_center())[:2] for dot in shown], dtype=float).reshape(-1, 2)
