"""A live "prevalence π = 0.250" readout over a log-scale slider."""

from __future__ import annotations

import math

from manim import DOWN, LEFT, PI, Line, Triangle, VGroup

from umbral.scenes import style
from umbral.scenes.components.live_text import LiveText, Slot

__all__ = ["PrevalenceSlider", "prevalence_slot"]

TICKS = (0.01, 0.05, 0.1, 0.25, 0.5)


def prevalence_slot(color: str | None = None, weight: str = "BOLD") -> Slot:
    """A prevalence in 0..1 with three decimals, e.g. ``0.010``."""
    return Slot("0.000", "{:.3f}", color, weight)


class PrevalenceSlider(VGroup):
    """Prevalence as a number and as a pointer on a log scale.

    Parts: ``value`` (live π), ``track`` (static line with ticks labelled
    0.01 ... 0.5, log-spaced so 1 % gets room), ``pointer``. ``value_size``
    is the font size of the live π (a label's size unless given). Values outside
    ``style.PREVALENCE_RANGE`` pin the pointer to the nearest end.
    """

    def __init__(self, strings: dict, track_length: float = 4.0, value_size: float | None = None):
        super().__init__()
        self.low, self.high = style.PREVALENCE_RANGE
        self.value = LiveText(strings["pslider_header"], {"prevalence": prevalence_slot()},
                              size=value_size or style.SIZE_LABEL, weights={"π": "BOLD"})
        line = Line([0, 0, 0], [track_length, 0, 0], color=style.GRID_LINE, stroke_width=style.STROKE)
        ticks = VGroup()
        for tick in TICKS:
            x = self._fraction(tick) * track_length
            ticks.add(Line([x, -0.08, 0], [x, 0.08, 0], color=style.GRID_LINE, stroke_width=style.STROKE))
            ticks.add(style.text(f"{tick:g}", size=style.SIZE_SMALL, color=style.MUTED_TEXT).move_to([x, -0.3, 0]))
        self.track = VGroup(line, ticks)
        self.track.next_to(self.value, DOWN, buff=0.35, aligned_edge=LEFT)
        self.pointer = Triangle(color=style.HIGHLIGHT, fill_opacity=1.0, stroke_width=0).rotate(PI).scale(0.12)
        self.pointer.next_to(line.get_start(), direction=[0, 1, 0], buff=0.04)
        self.prevalence: float | None = None
        self.add(self.track, self.value, self.pointer)

    def _fraction(self, prevalence: float) -> float:
        clipped = min(max(prevalence, self.low), self.high)
        return math.log(clipped / self.low) / math.log(self.high / self.low)

    def update_to(self, prevalence: float) -> PrevalenceSlider:
        """Show ``prevalence`` in the number and on the slider."""
        if prevalence != self.prevalence:
            self.value.set_values(prevalence=prevalence)
            line = self.track[0]
            start, end = line.get_start()[0], line.get_end()[0]
            self.pointer.set_x(start + self._fraction(prevalence) * (end - start))
            self.prevalence = prevalence
        return self

    def pointer_fraction(self) -> float:
        """Where the pointer sits along the track, 0..1 (for tests)."""
        line = self.track[0]
        start, end = line.get_start()[0], line.get_end()[0]
        return (self.pointer.get_x() - start) / (end - start)

