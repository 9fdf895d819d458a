"""The radar operator's sensitivity knob: a dial whose pointer shows the detection threshold."""

from __future__ import annotations

import numpy as np
from manim import DOWN, PI, UP, Circle, Dot, Line, VGroup

from umbral.scenes import style
from umbral.scenes.components.base import SnapshotPanel
from umbral.scenes.components.live_text import LiveText, rate_slot

__all__ = ["SensitivityKnob"]


class SensitivityKnob(SnapshotPanel, VGroup):
    """A dial from low sensitivity (threshold 1, lower left) to high (threshold 0, lower right).

    Parts: ``title``, ``dial``, ``ticks`` (one per knob setting), ``ends``
    ("low", "high"), ``pointer`` and ``rule`` (live "alarm if echo ≥ θ").
    Turning sensitivity up lowers the threshold on echo strength.
    """

    low_angle = 5 * PI / 4
    span = 3 * PI / 2

    def __init__(self, strings: dict, thresholds, radius: float = 0.6):
        VGroup.__init__(self)
        self.radius = radius
        self.dial = Circle(radius=radius, fill_color=style.PANEL_STROKE, fill_opacity=1.0,
                           stroke_color=style.GRID_LINE, stroke_width=style.STROKE)
        self.ticks = VGroup(*(Line(self._direction(t) * radius * 1.1, self._direction(t) * radius * 1.25,
                                   color=style.GRID_LINE, stroke_width=style.STROKE_THIN) for t in thresholds))
        low = style.text(strings["radar_knob_low"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        high = style.text(strings["radar_knob_high"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        low.next_to(self._direction(1.0) * radius * 1.3, DOWN, buff=0.05)
        high.next_to(self._direction(0.0) * radius * 1.3, DOWN, buff=0.05)
        self.ends = VGroup(low, high)
        self.title = style.text(strings["radar_knob"], size=style.SIZE_LABEL)
        self.title.next_to(self.ticks, UP, buff=0.2)
        self.pointer = VGroup(Line([0, 0, 0], [0, radius * 0.8, 0], color=style.HIGHLIGHT, stroke_width=6),
                              Dot([0, radius * 0.8, 0], radius=0.06, color=style.HIGHLIGHT))
        self.rule = LiveText(strings["radar_rule"], {"threshold": rate_slot(weight="BOLD")}, size=style.SIZE_SMALL)
        self.rule.next_to(self.ends, DOWN, buff=0.2)
        self.still = VGroup(self.title, self.dial, self.ticks, self.ends)
        self.live = VGroup(self.pointer, self.rule)
        self.add(self.still, self.live)

    def _direction(self, threshold: float) -> np.ndarray:
        angle = self.low_angle - self.span * (1.0 - threshold)
        return np.array([np.cos(angle), np.sin(angle), 0.0])

    def show(self, snapshot) -> None:
        """Point at the snapshot's threshold and print it."""
        center = self.dial.get_center()
        tip = center + self._direction(snapshot.threshold) * self.radius * 0.8
        self.pointer[0].put_start_and_end_on(center, tip)
        self.pointer[1].move_to(tip)
        self.rule.set_values(threshold=snapshot.threshold)

    def pointer_threshold(self) -> float:
        """The threshold the pointer currently shows, read back from its angle."""
        start, end = self.pointer[0].get_start_and_end()
        angle = np.arctan2(end[1] - start[1], end[0] - start[0])
        turned = (self.low_angle - angle) % (2 * PI)  # clockwise from "low"
        return float(1.0 - turned / self.span)
