"""ROC axes with the exact curve, the chance diagonal and a moving operating point."""

from __future__ import annotations

import numpy as np
from manim import DOWN, RIGHT, UP, Dot, VGroup

from umbral.scenes import style
from umbral.scenes.components.base import SnapshotPanel
from umbral.scenes.components.unit_axes import UnitAxes
from umbral.scenes.numbers.thinning import THIN_RESOLUTION, thin_indices

__all__ = ["RocPanel", "number_title", "thin_polyline"]


def thin_polyline(x: np.ndarray, y: np.ndarray, resolution: float = THIN_RESOLUTION, keep=()):
    """The vertices worth drawing (:func:`~umbral.scenes.numbers.thinning.thin_indices`); ``keep`` stays exact.

    A 1e7-point ROC then draws with a few thousand vertices and looks the same.
    """
    x, y = np.asarray(x, float), np.asarray(y, float)
    kept = thin_indices(x, y, resolution, keep)
    return x[kept], y[kept]


def number_title(template: str, name: str, value: str, width: float) -> VGroup:
    """``template`` with ``{name}`` drawn as a big story number ("ROC curve · AUC" then "0.85").

    The words stay label-sized; when words and number are wider than ``width``
    the words wrap and the number goes under them (with the words after it beside
    it, when they fit). A template without the placeholder (a lecturer's override) is all words.
    """
    slot = "{" + name + "}"
    before, found, after = template.partition(slot)
    pieces = [("words", before.strip()), ("number", value if found else ""), ("words", after.strip())]
    parts = VGroup()
    for kind, content in pieces:
        if content and kind == "number":
            parts.add(style.story_number(style.text(content, size=style.SIZE_NUMBER, weight="BOLD")))
        elif content:
            parts.add(style.wrapped(content, width, size=style.SIZE_LABEL))
    if sum(part.width for part in parts) + 0.18 * (len(parts) - 1) <= width:
        return parts.arrange(RIGHT, buff=0.18, aligned_edge=DOWN)
    if found and after.strip() and before.strip():
        number, tail = parts[1], parts[2]
        if len(tail) == 1 and number.width + 0.18 + tail.width <= width:
            second = VGroup(number, tail).arrange(RIGHT, buff=0.18, aligned_edge=DOWN)
            return VGroup(parts[0], second).arrange(DOWN, buff=0.15)
    return parts.arrange(DOWN, buff=0.15)


class RocPanel(SnapshotPanel, VGroup):
    """Square ROC axes, curve drawn once, a dot at the snapshot's (FPR, TPR).

    Parts: ``plot`` (:class:`UnitAxes`, whose ``axes``, ``tick_labels`` and
    ``axis_labels`` are also the panel's), ``title`` (words and the AUC, a story
    number; on one line when ``title_width`` allows), ``chance`` (diagonal with its label),
    ``curve``, ``dot``.
    """

    def __init__(self, strings: dict, fpr: np.ndarray, tpr: np.ndarray, auc: float, side: float = 3.0,
                 title_width: float | None = None, keep=()):
        VGroup.__init__(self)
        self.plot = UnitAxes(strings["roc_title"], strings["fpr_axis"], strings["tpr_axis"],
                             side=side, title_weight="NORMAL")
        # The plot's one-size title is replaced by one whose AUC is drawn as a story number.
        self.plot.remove(self.plot.title)
        self.axes, self.tick_labels, self.axis_labels = self.plot.axes, self.plot.tick_labels, self.plot.axis_labels
        self.title = number_title(strings["roc_title"], "auc", f"{auc:.2f}", title_width or side + 2.0)
        self.title.next_to(self.axes, UP, buff=0.25)
        self.chance = self.plot.chance(strings["chance"], (0.7, 0.62))
        x, y = thin_polyline(fpr, tpr, keep=keep)  # ``keep``: the vertices the dot visits, exact
        self.curve = self.plot.polyline(x, y, style.METRIC_COLORS["auc"])
        self.dot = Dot(self.axes.c2p(0, 0), radius=0.12, color=style.ROC_DOT_COLOR)
        self.dot.set_stroke(style.BACKGROUND, width=3, background=True)
        self.still = VGroup(self.plot, self.title, self.chance, self.curve)
        self.live = VGroup(self.dot)
        self.add(self.still, self.live)

    def show(self, snapshot) -> None:
        """Put the dot at the snapshot's operating point."""
        self.dot.move_to(self.axes.c2p(snapshot.fpr, snapshot.recall))

    def dot_coordinates(self) -> tuple[float, float]:
        """The (FPR, TPR) the dot currently marks, read back from the axes."""
        x, y = self.axes.p2c(self.dot.get_center())[:2]
        return float(x), float(y)
