"""ROC axes with the exact curve, the chance diagonal and a moving operating point."""

from __future__ import annotations

import numpy as np
from manim import Dot, VGroup

from scenes import style
from scenes.components.base import SnapshotPanel
from scenes.components.unit_axes import UnitAxes

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

    Parts: ``plot`` (:class:`UnitAxes`, whose ``axes``, ``tick_labels``,
    ``axis_labels`` and ``title`` are also the panel's), ``chance`` (diagonal
    with its label), ``curve``, ``dot``.
    """

    def __init__(self, strings: dict, fpr: np.ndarray, tpr: np.ndarray, auc: float, side: float = 3.0):
        VGroup.__init__(self)
        self.plot = UnitAxes(strings["roc_title"].format(auc=f"{auc:.2f}"), strings["fpr_axis"], strings["tpr_axis"],
                             side=side, title_weight="NORMAL", y_label_offset=0.62)
        self.axes, self.tick_labels = self.plot.axes, self.plot.tick_labels
        self.axis_labels, self.title = self.plot.axis_labels, self.plot.title
        self.chance = self.plot.chance(strings["chance"], (0.7, 0.62))
        x, y = thin_polyline(np.asarray(fpr, float), np.asarray(tpr, float))
        self.curve = self.plot.polyline(x, y, style.METRIC_COLORS["auc"])
        self.dot = Dot(self.axes.c2p(0, 0), radius=0.1, color=style.ROC_DOT_COLOR)
        self.dot.set_stroke(style.BACKGROUND, width=3, background=True)
        self.still = VGroup(self.plot, self.chance, self.curve)
        self.live = VGroup(self.dot)
        self.add(self.still, self.live)

    def show(self, snapshot) -> None:
        """Put the dot at the snapshot's operating point."""
        self.dot.move_to(self.axes.c2p(snapshot.fpr, snapshot.recall))

    def dot_coordinates(self) -> tuple[float, float]:
        """The (FPR, TPR) the dot currently marks, read back from the axes."""
        x, y = self.axes.p2c(self.dot.get_center())[:2]
        return float(x), float(y)
