"""Precision-recall axes whose curve, baseline and operating point follow the prevalence."""

from __future__ import annotations

import numpy as np
from manim import DOWN, ORIGIN, RIGHT, UP, DashedLine, Dot, VGroup, VMobject

from umbral.scenes import style
from umbral.scenes.components.roc_panel import thin_polyline
from umbral.scenes.components.unit_axes import UnitAxes

__all__ = ["PrPanel"]


class PrPanel(VGroup):
    """Square PR axes (recall across, precision up), drawn to match ``RocPanel``.

    Parts: ``plot`` (:class:`UnitAxes`; its ``axes``, ``tick_labels``,
    ``axis_labels`` and ``title`` are also the panel's) (static);
    ``baseline`` (dashed line at precision = prevalence) with its label
    ``baseline_label``, ``curve`` and ``dot`` (moving). ``update_to`` takes
    precomputed arrays; the panel computes nothing. With ``label_beside=False`` (a narrow frame) the
    label does not ride beside the baseline's end but stands as a key (a dash and the words) under the
    title, so the axes keep the width.
    """

    def __init__(self, strings: dict, side: float = 3.0, label_beside: bool = True):
        super().__init__()
        self.plot = UnitAxes(strings["pe_pr_title"], strings["recall"], strings["precision"], side=side,
                             title_weight="NORMAL", x_color=style.METRIC_COLORS["recall"],
                             y_color=style.METRIC_COLORS["precision"], y_label_offset=0.62)
        self.axes, self.tick_labels = self.plot.axes, self.plot.tick_labels
        self.axis_labels, self.title = self.plot.axis_labels, self.plot.title
        origin = self.axes.c2p(0, 0)
        self.baseline = DashedLine(self.axes.c2p(0, 0), self.axes.c2p(1, 0), color=style.BASELINE_COLOR,
                                   stroke_width=style.STROKE_THIN, dash_length=0.08)
        self.baseline_label = style.text(strings["pe_pr_baseline"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        self.label_beside = label_beside
        key = VGroup()
        if not label_beside:
            dash = DashedLine(ORIGIN, RIGHT * 0.5, color=style.BASELINE_COLOR, stroke_width=style.STROKE_THIN,
                              dash_length=0.08)
            key = VGroup(dash, self.baseline_label.next_to(dash, RIGHT, buff=0.15))
            key.next_to(self.title, DOWN, buff=0.15)
            self.title.shift(UP * (key.height + 0.15))
            key.shift(UP * (key.height + 0.15))
        self.curve = VMobject(stroke_color=style.METRIC_COLORS["precision"], stroke_width=style.STROKE_CURVE)
        self.curve.set_points_as_corners([origin, origin])
        self.dot = Dot(origin, radius=0.1, color=style.ROC_DOT_COLOR)
        self.dot.set_stroke(style.BACKGROUND, width=3, background=True)
        self.prevalence: float | None = None
        self.add(self.plot, self.baseline, self.baseline_label if label_beside else key, self.curve, self.dot)

    def update_to(self, prevalence: float, precision: np.ndarray, recall: np.ndarray,
                  operating_point: tuple[float, float]) -> PrPanel:
        """Curve ``(recall, precision)``, baseline at ``prevalence``, dot at ``(recall, precision)``."""
        if prevalence == self.prevalence:
            return self
        x, y = thin_polyline(np.asarray(recall, float), np.asarray(precision, float))
        self.curve.set_points_as_corners(self.plot.points_of(x, y))
        end = self.axes.c2p(1, prevalence)
        self.baseline.move_to(self.axes.c2p(0.5, prevalence))
        # The label rides beside the right end, outside the axes: the curve always ends at (1, pi).
        if self.label_beside:
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
