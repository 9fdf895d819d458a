"""Horizontal bars for accuracy, precision, recall and F1."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, DashedLine, Rectangle, VGroup

from umbral.scenes import style
from umbral.scenes.components.base import SnapshotPanel
from umbral.scenes.components.live_text import LiveText, rate_slot

__all__ = ["METRICS", "MetricBars"]

METRICS = ("accuracy", "precision", "recall", "f1")


class MetricBars(SnapshotPanel, VGroup):
    """One bar per metric, its name at the left and its value at the right.

    Parts: ``tracks`` (static 0..1 outlines), ``names``, ``bars[metric]``,
    ``values[metric]`` (live numbers, story numbers), ``baseline`` (dashed mark of the
    majority-class accuracy on the accuracy row, with its legend unless ``legend`` is False).
    A bar at 0 keeps its points (a zero-width rectangle), so it can grow again.
    ``columns=2`` sets the four rows as two columns of two (a 4:3 frame short of height).
    """

    #: Gap between two columns of bars (frame units).
    column_gap = 0.5

    def __init__(self, strings: dict, baseline_accuracy: float, bar_length: float = 1.75,
                 bar_height: float = 0.42, row_gap: float = 0.86, legend: bool = True, columns: int = 1):
        VGroup.__init__(self)
        self.bar_length, self.bar_height = bar_length, bar_height
        self.bars, self.values = {}, {}
        self.tracks, self.names = VGroup(), VGroup()
        self.x0 = 0.0
        names = [style.text(strings[metric], size=style.SIZE_LABEL, color=style.METRIC_COLORS[metric])
                 for metric in METRICS]
        rows = -(-len(METRICS) // columns)
        # A column is names, bars and values; the next one starts after the widest value and name.
        value_width = LiveText("{v}", {"v": rate_slot(weight="BOLD")}, size=style.SIZE_NUMBER).width
        step = bar_length + 0.3 + value_width + self.column_gap + max(name.width for name in names)
        for index, (metric, name) in enumerate(zip(METRICS, names, strict=True)):
            x0, y = self.x0 + (index // rows) * step, -(index % rows) * row_gap
            color = style.METRIC_COLORS[metric]
            name.move_to([x0 - 0.15, y, 0], aligned_edge=RIGHT)
            track = Rectangle(width=bar_length, height=bar_height, stroke_width=style.STROKE_THIN,
                              stroke_color=style.PANEL_STROKE).move_to([x0 + bar_length / 2, y, 0])
            bar = Rectangle(width=bar_length, height=bar_height, stroke_width=0)
            bar.set_fill(color, opacity=0.9).move_to(track)
            value = LiveText("{v}", {"v": rate_slot(weight="BOLD")}, size=style.SIZE_NUMBER, align="left")
            value.move_to([x0 + bar_length + 0.15, y, 0], aligned_edge=LEFT)
            style.story_number(value)
            self.tracks.add(track)
            self.names.add(name)
            self.bars[metric], self.values[metric] = bar, value
        self.baseline = self._baseline(strings, baseline_accuracy, row_gap * (rows - 0.35))
        # The dashed mark goes above the bars, so it lives with them.
        mark, key = self.baseline
        if not legend:  # no room (a 4:3 frame): the narration names the dashed mark
            self.baseline.remove(key)
            key = VGroup()
        self.still = VGroup(self.tracks, self.names, key)
        self.live = VGroup(*self.bars.values(), mark, *self.values.values())
        self.add(self.still, self.live)

    def _baseline(self, strings: dict, accuracy: float, legend_depth: float) -> VGroup:
        """Dashed mark at the majority-class accuracy, and a legend under the bars."""
        x = self.x0 + accuracy * self.bar_length
        half = self.bar_height / 2 + 0.1
        mark = DashedLine([x, half, 0], [x, -half, 0], color=style.BASELINE_COLOR,
                          stroke_width=style.STROKE, dash_length=0.06)
        legend_line = DashedLine([0, 0, 0], [0.35, 0, 0], color=style.BASELINE_COLOR,
                                 stroke_width=style.STROKE, dash_length=0.06)
        # The legend wraps to the width of names, bars and values.
        body = self.values[METRICS[0]].get_right()[0] - self.names.get_left()[0]
        legend_text = style.wrapped(f"{strings['baseline']} {accuracy:.2f}", body - 0.5, color=style.MUTED_TEXT)
        legend = VGroup(legend_line, legend_text).arrange(RIGHT, buff=0.12)
        legend.next_to([self.x0 - 0.15, -legend_depth + 0.15, 0], DOWN, buff=0).set_x(self.x0 + self.bar_length / 2)
        return VGroup(mark, legend)

    def show(self, snapshot) -> None:
        """Bar lengths and values of ``snapshot``."""
        for metric, track in zip(METRICS, self.tracks, strict=True):
            value = getattr(snapshot, metric)
            bar = self.bars[metric]
            # Measured from the track, so the panel may be moved or scaled freely.
            left, bottom = track.get_left()[0], track.get_bottom()[1]
            right, top = left + max(value, 0.0) * track.width, track.get_top()[1]
            # Set the corners directly: stretching a zero-width bar cannot grow it back.
            bar.set_points_as_corners(np.array(
                [[left, top, 0], [right, top, 0], [right, bottom, 0], [left, bottom, 0], [left, top, 0]]))
            self.values[metric].set_values(v=value)

    def shown_values(self) -> dict:
        """The numbers currently displayed, as floats."""
        return {metric: float(self.values[metric].shown("v")) for metric in METRICS}

    def bar_fraction(self, metric: str) -> float:
        """Length of a bar as a fraction of its full 0..1 track."""
        return self.bars[metric].width / self.tracks[METRICS.index(metric)].width
