"""Precision-recall axes whose curve, baseline and operating point follow the prevalence."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, PI, RIGHT, UP, Axes, DashedLine, Dot, VGroup, VMobject

from scenes import style
from scenes.components.roc_panel import thin_polyline

__all__ = ["PrPanel"]


class PrPanel(VGroup):
    """Square PR axes (recall across, precision up), drawn to match ``RocPanel``.

    Parts: ``axes``, ``tick_labels``, ``axis_labels``, ``title`` (static);
    ``baseline`` (dashed line at precision = prevalence) with its label
    ``baseline_label``, ``curve`` and ``dot`` (moving). ``update_to`` takes
    precomputed arrays; the panel computes nothing.
    """

    def __init__(self, strings: dict, side: float = 3.0):
        super().__init__()
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
        x_label = style.text(strings["recall"], size=style.SIZE_SMALL, color=style.METRIC_COLORS["recall"])
        x_label.next_to(self.tick_labels, DOWN, buff=0.08).set_x(self.axes.c2p(0.5, 0)[0])
        y_label = style.text(strings["precision"], size=style.SIZE_SMALL, color=style.METRIC_COLORS["precision"])
        y_label.rotate(PI / 2).move_to([origin[0] - 0.62, self.axes.c2p(0, 0.5)[1], 0])
        self.axis_labels = VGroup(x_label, y_label)
        self.title = style.text(strings["pe_pr_title"], size=style.SIZE_LABEL)
        self.title.next_to(self.axes, UP, buff=0.25)
        self.baseline = DashedLine(self.axes.c2p(0, 0), self.axes.c2p(1, 0), color=style.BASELINE_COLOR,
                                   stroke_width=style.STROKE_THIN, dash_length=0.08)
        self.baseline_label = style.text(strings["pe_pr_baseline"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        self.curve = VMobject(stroke_color=style.METRIC_COLORS["precision"], stroke_width=style.STROKE_CURVE)
        self.curve.set_points_as_corners([origin, origin])
        self.dot = Dot(origin, radius=0.1, color=style.ROC_DOT_COLOR)
        self.dot.set_stroke(style.BACKGROUND, width=3, background=True)
        self.prevalence: float | None = None
        self.add(self.axes, self.tick_labels, self.axis_labels, self.title,
                 self.baseline, self.baseline_label, self.curve, self.dot)

    def update_to(self, prevalence: float, precision: np.ndarray, recall: np.ndarray,
                  operating_point: tuple[float, float]) -> PrPanel:
        """Curve ``(recall, precision)``, baseline at ``prevalence``, dot at ``(recall, precision)``."""
        if prevalence == self.prevalence:
            return self
        origin = self.axes.c2p(0, 0)
        unit_x, unit_y = self.axes.c2p(1, 0) - origin, self.axes.c2p(0, 1) - origin
        x, y = thin_polyline(np.asarray(recall, float), np.asarray(precision, float))
        self.curve.set_points_as_corners(origin + np.outer(x, unit_x) + np.outer(y, unit_y))
        end = self.axes.c2p(1, prevalence)
        self.baseline.move_to(self.axes.c2p(0.5, prevalence))
        # The label rides beside the right end, outside the axes: the curve always ends at (1, pi).
        self.baseline_label.next_to(end, RIGHT, buff=0.15)
        self.dot.move_to(self.axes.c2p(*operating_point))
        self.prevalence = prevalence
        return self

    def dot_coordinates(self) -> tuple[float, float]:
        """The (recall, precision) the dot marks now, read back from the axes."""
        x, y = self.axes.p2c(self.dot.get_center())[:2]
        return float(x), float(y)

    def baseline_height(self) -> float:
        """The precision the baseline sits at now."""
        return float(self.axes.p2c(self.baseline.get_center())[1])
