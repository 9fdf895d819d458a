"""Two bars per metric, one per series: solid for the first, striped for the second."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Rectangle, VGroup, VMobject

from umbral.scenes import style
from umbral.scenes.components.live_text import LiveText, Slot

__all__ = ["PairedBars", "StripedBar"]


def _corners(left: float, right: float, bottom: float, top: float) -> np.ndarray:
    return np.array([[left, top, 0], [right, top, 0], [right, bottom, 0], [left, bottom, 0], [left, top, 0]])


class StripedBar(VGroup):
    """An outlined bar filled with vertical stripes: the second series' pattern.

    Parts: ``outline`` and ``stripes`` (one VMobject of many segments, so a
    resize moves points and never adds mobjects).
    """

    def __init__(self, color: str, height: float, gap: float = style.STRIPE_GAP):
        super().__init__()
        self.gap = gap
        self.outline = VMobject(stroke_color=color, stroke_width=style.STROKE, fill_opacity=0.0)
        self.stripes = VMobject(stroke_color=color, stroke_width=style.STROKE_THIN, fill_opacity=0.0)
        self.outline.set_points_as_corners(_corners(0, 0, -height / 2, height / 2))
        self.add(self.outline, self.stripes)

    def span(self, left: float, right: float, bottom: float, top: float) -> None:
        """Redraw over ``left..right`` (a zero-width bar keeps its points)."""
        self.outline.set_points_as_corners(_corners(left, right, bottom, top))
        self.stripes.clear_points()
        for x in np.arange(left + self.gap / 2, right, self.gap):
            self.stripes.start_new_path(np.array([x, bottom, 0.0]))
            self.stripes.add_line_to(np.array([x, top, 0.0]))
        if not self.stripes.has_points():  # keep one degenerate point: an empty VMobject cannot move
            self.stripes.start_new_path(np.array([left, bottom, 0.0]))
            self.stripes.add_line_to(np.array([left, bottom, 0.0]))


class PairedBars(VGroup):
    """Rows of metrics, each with a solid bar (series 0) and a striped one (series 1).

    Parts: ``names`` (metric names in their colours), ``series_labels`` (the
    series name beside every bar, so colour is never the only cue),
    ``tracks`` (static 0..1 outlines), ``bars[(metric, series)]`` and
    ``values[(metric, series)]`` (live numbers). Values are shown as given by
    ``slot``; a negative value (MCC) draws an empty bar and keeps its sign.
    A name wider than ``name_width`` wraps onto more lines; ``names_above``
    puts each name over its pair instead of left of it (narrow frames).
    ``labelled=False`` leaves out the series labels: show :meth:`key` instead.
    """

    def __init__(self, metrics: Sequence[str], names: Mapping[str, str], series: tuple[str, str],
                 slot: Slot, bar_length: float = 3.6, bar_height: float = 0.3, pair_gap: float = 0.08,
                 row_gap: float = 1.0, value_size: float = style.SIZE_LABEL, name_width: float | None = None,
                 names_above: bool = False, labelled: bool = True):
        super().__init__()
        self.metrics = tuple(metrics)
        self.bar_length = bar_length
        self.values_shown: dict | None = None
        self.names, self.series_labels, self.tracks = VGroup(), VGroup(), VGroup()
        self.bars, self.values, self._tracks = {}, {}, {}
        pitch = bar_height + pair_gap
        for row, metric in enumerate(self.metrics):
            y = -row * row_gap
            color = style.METRIC_COLORS[metric]
            for index, label in enumerate(series):
                yb = y + (0.5 - index) * pitch
                track = Rectangle(width=bar_length, height=bar_height, stroke_width=style.STROKE_THIN,
                                  stroke_color=style.PANEL_STROKE).move_to([bar_length / 2, yb, 0])
                if index == 0:
                    bar = VMobject(stroke_width=0).set_fill(color, opacity=0.9)
                    bar.set_points_as_corners(_corners(0, 0, yb - bar_height / 2, yb + bar_height / 2))
                else:
                    bar = StripedBar(color, bar_height)
                if labelled:
                    tag = style.text(label, size=style.SIZE_SMALL, color=style.MUTED_TEXT)
                    self.series_labels.add(tag.move_to([-0.15, yb, 0], aligned_edge=RIGHT))
                value = LiveText("{v}", {"v": slot}, size=value_size, align="left")
                value.move_to([bar_length + 0.15, yb, 0], aligned_edge=LEFT)
                self.tracks.add(track)
                self._tracks[(metric, index)] = track
                self.bars[(metric, index)], self.values[(metric, index)] = bar, value
            name = style.wrapped(names[metric], name_width or float("inf"), size=style.SIZE_LABEL, color=color)
            self.names.add(name.arrange(DOWN, buff=0.1, aligned_edge=LEFT if names_above else RIGHT))
        label_left = min((tag.get_left()[0] for tag in self.series_labels), default=0.0)
        for row, name in enumerate(self.names):
            if names_above:
                name.next_to([label_left, -row * row_gap + pitch / 2 + bar_height / 2, 0], UP, buff=0.12,
                             aligned_edge=LEFT)
            else:
                name.move_to([label_left - 0.3, -row * row_gap, 0], aligned_edge=RIGHT)
        # Static parts first: Manim redraws everything after the first moving part.
        self.add(self.tracks, self.names, self.series_labels, *self.bars.values(), *self.values.values())

    def static_parts(self) -> VGroup:
        """Names, series labels and tracks: what does not move."""
        return VGroup(self.tracks, self.names, self.series_labels)

    def series(self, index: int) -> VGroup:
        """Bars and numbers of one series, for reveals."""
        return VGroup(*(VGroup(self.bars[(m, index)], self.values[(m, index)]) for m in self.metrics))

    def row(self, metric: str) -> VGroup:
        """Everything of one metric's row."""
        row = self.metrics.index(metric)
        labels = [self.series_labels[2 * row + i] for i in (0, 1)] if len(self.series_labels) else []
        return VGroup(self.names[row], *labels,
                      *(self._tracks[(metric, i)] for i in (0, 1)),
                      *(self.bars[(metric, i)] for i in (0, 1)), *(self.values[(metric, i)] for i in (0, 1)))

    def key(self, series: tuple[str, str], size: float = style.SIZE_SMALL) -> VGroup:
        """A solid and a striped sample bar, each beside its series name (for an unlabelled panel)."""
        height = self._tracks[(self.metrics[0], 0)].height
        solid = VMobject(stroke_width=0).set_fill(style.MUTED_TEXT, opacity=0.9)
        solid.set_points_as_corners(_corners(0, 0.6, -height / 2, height / 2))
        striped = StripedBar(style.MUTED_TEXT, height)
        striped.span(0, 0.6, -height / 2, height / 2)
        pairs = [VGroup(bar, style.text(name, size=size, color=style.MUTED_TEXT)).arrange(RIGHT, buff=0.15)
                 for bar, name in zip((solid, striped), series, strict=True)]
        return VGroup(*pairs).arrange(RIGHT, buff=0.5)

    def update_to(self, values: Mapping[str, tuple[float, float]]) -> PairedBars:
        """Show ``values[metric] = (series 0, series 1)`` now (in place)."""
        if values == self.values_shown:
            return self
        for metric in self.metrics:
            for index, value in enumerate(values[metric]):
                track = self._tracks[(metric, index)]
                left, bottom, top = track.get_left()[0], track.get_bottom()[1], track.get_top()[1]
                right = left + min(max(float(value), 0.0), 1.0) * track.width
                bar = self.bars[(metric, index)]
                if index == 0:
                    bar.set_points_as_corners(_corners(left, right, bottom, top))
                else:
                    bar.span(left, right, bottom, top)
                self.values[(metric, index)].set_values(v=value)
        self.values_shown = dict(values)
        return self

    def shown(self) -> dict:
        """The text each value slot displays now, keyed by ``(metric, series)`` (sign cell trimmed)."""
        return {key: value.shown("v").strip() for key, value in self.values.items()}

    def bar_fraction(self, metric: str, index: int) -> float:
        """Length of a bar as a fraction of its 0..1 track."""
        bar = self.bars[(metric, index)]
        outline = bar if index == 0 else bar.outline
        return outline.width / self._tracks[(metric, index)].width
