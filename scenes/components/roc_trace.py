"""ROC axes that fill in point by point as a knob turns (hit rate against false-alarm rate)."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, PI, UP, Axes, DashedLine, Dot, VGroup, VMobject

from scenes import style
from scenes.components.base import SnapshotPanel

__all__ = ["RocTrace"]


class RocTrace(SnapshotPanel, VGroup):
    """Square axes, a moving operating point and a trail of the settings visited.

    Parameters
    ----------
    strings : dict
        Uses ``radar_fa_axis``, ``radar_hit_axis``, ``radar_roc_title`` and ``chance``.
    points : array, shape (k, 2)
        (false-alarm rate, hit rate) in the order the trail reveals them.

    Parts: ``axes``, ``tick_labels``, ``axis_labels``, ``title``, ``chance``,
    ``trail`` (one dot per point, hidden until revealed), ``path`` (the
    polyline through the revealed points) and ``dot`` (the current setting).
    """

    def __init__(self, strings: dict, points, side: float = 3.4):
        VGroup.__init__(self)
        self.coordinates = np.asarray(points, dtype=float)
        self.axes = Axes(x_range=[0, 1, 0.5], y_range=[0, 1, 0.5], x_length=side, y_length=side, tips=False,
                         axis_config={"color": style.GRID_LINE, "stroke_width": style.STROKE_THIN,
                                      "include_ticks": True, "tick_size": 0.05})
        self.tick_labels = VGroup()
        for value in (0, 0.5, 1):
            label = f"{value:g}"
            self.tick_labels.add(style.text(label, size=style.SIZE_SMALL, color=style.MUTED_TEXT)
                                 .next_to(self.axes.c2p(value, 0), DOWN, buff=0.1))
            if value:
                self.tick_labels.add(style.text(label, size=style.SIZE_SMALL, color=style.MUTED_TEXT)
                                     .next_to(self.axes.c2p(0, value), LEFT, buff=0.1))
        x_label = style.text(strings["radar_fa_axis"], size=style.SIZE_SMALL, color=style.METRIC_COLORS["fpr"])
        x_label.next_to(self.tick_labels, DOWN, buff=0.08).set_x(self.axes.c2p(0.5, 0)[0])
        y_label = style.text(strings["radar_hit_axis"], size=style.SIZE_SMALL, color=style.METRIC_COLORS["recall"])
        y_label.rotate(PI / 2).next_to(self.tick_labels, LEFT, buff=0.12).set_y(self.axes.c2p(0, 0.5)[1])
        self.axis_labels = VGroup(x_label, y_label)
        self.title = style.text(strings["radar_roc_title"], size=style.SIZE_LABEL)
        self.title.next_to(self.axes, UP, buff=0.25)
        diagonal = DashedLine(self.axes.c2p(0, 0), self.axes.c2p(1, 1), color=style.CHANCE_COLOR,
                              stroke_width=style.STROKE_THIN, dash_length=0.08)
        chance = style.text(strings["chance"], size=style.SIZE_SMALL, color=style.CHANCE_COLOR)
        chance.rotate(PI / 4).move_to(self.axes.c2p(0.72, 0.6))
        self.chance = VGroup(diagonal, chance)
        self.path = VMobject(stroke_color=style.METRIC_COLORS["auc"], stroke_width=style.STROKE_CURVE)
        self.path.set_points_as_corners([self.axes.c2p(0, 0)] * 2)
        self.path.set_stroke(opacity=0.0)
        self.trail = VGroup(*(Dot(self.axes.c2p(x, y), radius=0.06, color=style.METRIC_COLORS["auc"])
                              for x, y in self.coordinates))
        self.trail.set_opacity(0.0)
        self.dot = Dot(self.axes.c2p(0, 0), radius=0.1, color=style.ROC_DOT_COLOR)
        self.dot.set_stroke(style.BACKGROUND, width=3, background=True)
        self.revealed = 0
        self.still = VGroup(self.axes, self.tick_labels, self.axis_labels, self.title, self.chance)
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
