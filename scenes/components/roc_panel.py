"""ROC axes with the exact curve, the chance diagonal and a moving operating point."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, PI, Axes, DashedLine, Dot, VGroup, VMobject

from scenes import style
from scenes.components.base import SnapshotPanel

__all__ = ["RocPanel", "thin_polyline"]


def thin_polyline(x: np.ndarray, y: np.ndarray, resolution: float = 1e-3):
    """Drop vertices closer than ``resolution`` to the last kept one (ends kept).

    A 1e5-point ROC then draws with a few thousand vertices and looks the same.
    """
    if x.size <= 2:
        return x, y
    keep = [0]
    last_x, last_y = x[0], y[0]
    steps = np.maximum(np.abs(np.diff(x)), np.abs(np.diff(y)))
    if steps.min() >= resolution:
        return x, y
    for i in range(1, x.size - 1):
        if abs(x[i] - last_x) >= resolution or abs(y[i] - last_y) >= resolution:
            keep.append(i)
            last_x, last_y = x[i], y[i]
    keep.append(x.size - 1)
    return x[keep], y[keep]


class RocPanel(SnapshotPanel, VGroup):
    """Square ROC axes, curve drawn once, a dot at the snapshot's (FPR, TPR).

    Parts: ``axes``, ``tick_labels``, ``axis_labels``, ``title``, ``chance``
    (diagonal with its label), ``curve``, ``dot``.
    """

    def __init__(self, strings: dict, fpr: np.ndarray, tpr: np.ndarray, auc: float, side: float = 3.0):
        VGroup.__init__(self)
        self.axes = Axes(x_range=[0, 1, 0.5], y_range=[0, 1, 0.5], x_length=side, y_length=side,
                         tips=False, axis_config={"color": style.GRID_LINE, "stroke_width": style.STROKE_THIN,
                                                  "include_ticks": True, "tick_size": 0.05})
        origin = self.axes.c2p(0, 0)
        self.tick_labels = VGroup()
        for value in (0, 0.5, 1):
            label = f"{value:g}"
            self.tick_labels.add(style.text(label, size=style.SIZE_SMALL, color=style.MUTED_TEXT)
                                 .next_to(self.axes.c2p(value, 0), DOWN, buff=0.1))
            if value:
                self.tick_labels.add(style.text(label, size=style.SIZE_SMALL, color=style.MUTED_TEXT)
                                     .next_to(self.axes.c2p(0, value), LEFT, buff=0.1))
        x_label = style.text(strings["fpr_axis"], size=style.SIZE_SMALL, color=style.TEXT)
        x_label.next_to(self.tick_labels, DOWN, buff=0.08).set_x(self.axes.c2p(0.5, 0)[0])
        y_label = style.text(strings["tpr_axis"], size=style.SIZE_SMALL, color=style.TEXT).rotate(PI / 2)
        y_label.move_to([origin[0] - 0.62, self.axes.c2p(0, 0.5)[1], 0])
        self.axis_labels = VGroup(x_label, y_label)
        self.title = style.text(strings["roc_title"].format(auc=f"{auc:.2f}"), size=style.SIZE_LABEL)
        self.title.next_to(self.axes, direction=np.array([0, 1, 0]), buff=0.25)
        diagonal = DashedLine(self.axes.c2p(0, 0), self.axes.c2p(1, 1), color=style.CHANCE_COLOR,
                              stroke_width=style.STROKE_THIN, dash_length=0.08)
        chance = style.text(strings["chance"], size=style.SIZE_SMALL, color=style.CHANCE_COLOR)
        chance.rotate(PI / 4).move_to(self.axes.c2p(0.7, 0.62))
        self.chance = VGroup(diagonal, chance)
        x, y = thin_polyline(np.asarray(fpr, float), np.asarray(tpr, float))
        self.curve = VMobject(stroke_color=style.METRIC_COLORS["auc"], stroke_width=style.STROKE_CURVE)
        unit_x = self.axes.c2p(1, 0) - origin
        unit_y = self.axes.c2p(0, 1) - origin
        self.curve.set_points_as_corners(origin + np.outer(x, unit_x) + np.outer(y, unit_y))
        self.dot = Dot(self.axes.c2p(0, 0), radius=0.1, color=style.ROC_DOT_COLOR)
        self.dot.set_stroke(style.BACKGROUND, width=3, background=True)
        self.still = VGroup(self.axes, self.tick_labels, self.axis_labels, self.title, self.chance, self.curve)
        self.live = VGroup(self.dot)
        self.add(self.still, self.live)

    def show(self, snapshot) -> None:
        """Put the dot at the snapshot's operating point."""
        self.dot.move_to(self.axes.c2p(snapshot.fpr, snapshot.recall))

    def dot_coordinates(self) -> tuple[float, float]:
        """The (FPR, TPR) the dot currently marks, read back from the axes."""
        x, y = self.axes.p2c(self.dot.get_center())[:2]
        return float(x), float(y)
