"""A radar scope: range rings, a rotating beam and blips (bombers and flocks of geese)."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, ORIGIN, PI, RIGHT, TAU, UP, Circle, Line, Polygon, Sector, VGroup

from umbral.scenes import style
from umbral.scenes.components.base import SnapshotPanel

__all__ = ["RadarScope", "bomber_shape", "flock_shape"]

# Outlines on a unit box, nose / point of the V up; the blip size scales them.
_PLANE = [(0, 1), (0.12, 0.55), (0.12, 0.2), (1, -0.15), (1, -0.35), (0.12, -0.2), (0.1, -0.65),
          (0.42, -0.88), (0.42, -1), (0, -0.9)]
_CHEVRON = [(0, 0.55), (1, -0.55), (0.72, -0.75), (0, -0.05)]


def _mirrored(half):
    """A symmetric outline from its right half (listed nose first)."""
    right = [np.array([x, y, 0.0]) for x, y in half]
    left = [np.array([-x, y, 0.0]) for x, y in reversed(half) if x != 0]
    return right + left


def bomber_shape(size: float, color: str) -> Polygon:
    """A small plane silhouette pointing up."""
    plane = Polygon(*_mirrored(_PLANE), color=color, stroke_width=style.STROKE_THIN)
    return plane.scale_to_fit_height(size)


def flock_shape(size: float, color: str) -> Polygon:
    """A V, the formation of a flock of geese, pointing up."""
    chevron = Polygon(*_mirrored(_CHEVRON), color=color, stroke_width=style.STROKE_THIN)
    return chevron.scale_to_fit_width(size)


class RadarScope(SnapshotPanel, VGroup):
    """The operator's screen for one :class:`~umbral.scenes.numbers.radar_history.RadarNumbers`.

    Parts: ``face`` (disc, rings, cross-hairs), ``blips`` (one shape per blip,
    in the numbers' order), ``legend`` and ``beam`` (the rotating sweep line
    with its glow; spun by :meth:`spin`). A blip that raises an alarm at the
    snapshot's threshold is filled; a silent one is a dim outline, so shape and
    fill say what colour says.
    """

    face_opacity = 0.1
    grid_opacity = 0.35
    blip_size = 0.27
    silent_opacity = 0.45
    beam_angle = PI / 5
    beam_opacity = 0.3
    seconds_per_turn = 4.0

    @property
    def scope_color(self) -> str:
        """The screen's phosphor green, in the active theme."""
        return style.BLUISH_GREEN

    def __init__(self, strings: dict, radar, radius: float = 2.1, legend_width: float | None = None):
        VGroup.__init__(self)
        self.radar = radar
        self.radius = radius
        disc = Circle(radius=radius, stroke_color=self.scope_color, stroke_width=style.STROKE,
                      fill_color=self.scope_color, fill_opacity=self.face_opacity)
        grid = VGroup(*(Circle(radius=radius * k / 3) for k in (1, 2)),
                      Line(LEFT * radius, RIGHT * radius), Line(DOWN * radius, UP * radius))
        grid.set_stroke(self.scope_color, width=style.STROKE_THIN, opacity=self.grid_opacity)
        self.face = VGroup(disc, grid)
        self.blips = VGroup()
        for label, (x, y), heading in zip(radar.labels, radar.positions, radar.headings, strict=True):
            blip = self._shape(label)(self.blip_size, self._color(label))
            blip.rotate(heading).move_to([x * radius, y * radius, 0])
            self.blips.add(blip)
        self.legend = self._legend(strings, legend_width or 2 * radius)
        glow = Sector(radius=radius, angle=self.beam_angle, start_angle=PI / 2, fill_color=self.scope_color,
                      fill_opacity=self.beam_opacity, stroke_width=0)
        self.beam = VGroup(glow, Line(ORIGIN, UP * radius, color=self.scope_color, stroke_width=style.STROKE))
        self._alarms = None
        self.still = VGroup(self.face, self.legend)
        self.live = VGroup(self.blips)
        self.add(self.still, self.live, self.beam)

    @staticmethod
    def _shape(label):
        return bomber_shape if label == 1 else flock_shape

    @staticmethod
    def _color(label) -> str:
        return style.POSITIVE_COLOR if label == 1 else style.NEGATIVE_COLOR

    def _legend(self, strings: dict, width: float) -> VGroup:
        """Two rows under the disc: the kinds (shape + word), then filled = alarm, hollow = silent.

        Rows wider than ``width`` (a small disc in a 4:3 frame, long words) become one item per row.
        """
        def item(icon, key):
            word = style.text(strings[key], size=style.SIZE_SMALL)
            return VGroup(icon, word.next_to(icon, RIGHT, buff=0.15))

        filled = bomber_shape(self.blip_size, style.TEXT).set_fill(style.TEXT, 1)
        hollow = bomber_shape(self.blip_size, style.TEXT).set_stroke(opacity=self.silent_opacity)
        kinds = VGroup(item(bomber_shape(self.blip_size, style.POSITIVE_COLOR).set_fill(opacity=1), "radar_bomber"),
                       item(flock_shape(self.blip_size, style.NEGATIVE_COLOR).set_fill(opacity=1), "radar_flock"))
        states = VGroup(item(filled, "radar_alarm"), item(hollow, "radar_silent"))
        rows = VGroup(kinds.arrange(RIGHT, buff=0.5), states.arrange(RIGHT, buff=0.5)).arrange(DOWN, buff=0.2)
        if rows.width > width:
            rows = VGroup(*kinds, *states).arrange(DOWN, buff=0.15, aligned_edge=LEFT)
        return rows.next_to(self.face, DOWN, buff=0.3)

    def show(self, snapshot) -> None:
        """Fill the blips that raise an alarm at ``snapshot.threshold``; outline the rest."""
        alarms = self.radar.alarms(snapshot.threshold)
        for index, blip in enumerate(self.blips):
            if self._alarms is not None and alarms[index] == self._alarms[index]:
                continue
            color = self._color(self.radar.labels[index])
            if alarms[index]:
                blip.set_fill(color, opacity=1.0).set_stroke(color, width=style.STROKE_THIN, opacity=1.0)
            else:
                blip.set_fill(color, opacity=0.0).set_stroke(color, width=style.STROKE, opacity=self.silent_opacity)
        self._alarms = alarms

    def shown_alarms(self) -> np.ndarray:
        """Which blips are drawn filled (raising an alarm) right now."""
        return np.array([blip.get_fill_opacity() > 0.5 for blip in self.blips])

    def spin(self, beam, dt: float) -> None:
        """Updater: turn the beam clockwise about the scope's centre."""
        beam.rotate(-TAU * dt / self.seconds_per_turn, about_point=self.face.get_center())
