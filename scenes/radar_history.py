"""RadarHistory: the intro. Why the curve is called ROC, told from a WWII radar room.

A radar operator turns a sensitivity knob; bombers and flocks of geese light
up or go dark on the scope, and each knob setting becomes one point of
hit rate against false-alarm rate. Then a short timeline follows the idea
from radar to machine learning, with information retrieval's precision and
recall as a second thread. Reads no dataset: the blips and every number come
from :mod:`umbral.scenes.numbers.radar_history`.
"""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    UR,
    AnimationGroup,
    Circle,
    Create,
    FadeIn,
    FadeOut,
    VGroup,
    Write,
    config,
    linear,
    smooth,
)

from umbral.scenes import style
from umbral.scenes.base import HeldSteps, LectureScene
from umbral.scenes.beats import Beat
from umbral.scenes.components.card import CARD_PAD, card_over
from umbral.scenes.components.history_timeline import ROC_STATIONS, HistoryTimeline
from umbral.scenes.components.radar_readout import RadarReadout
from umbral.scenes.components.radar_scope import RadarScope
from umbral.scenes.components.roc_trace import RocTrace
from umbral.scenes.components.sensitivity_knob import SensitivityKnob
from umbral.scenes.numbers.radar_history import radar_numbers

__all__ = ["RadarHistory"]


def _overlap(a, b) -> bool:
    """True when a drawn piece (glyph, line, disc) of ``a`` meets one of ``b``, by bounding boxes."""
    def pieces(mobject) -> np.ndarray:
        """(left, right, bottom, top) of each leaf, from its anchors as Manim's ``get_left`` etc. take them."""
        boxes = []
        for m in mobject.get_family():
            if not m.submobjects and len(m.points):
                anchors = np.asarray(m.get_anchors()).reshape(-1, 3)
                boxes.append((*anchors[:, :2].min(axis=0), *anchors[:, :2].max(axis=0)))
        return np.array(boxes).reshape(-1, 4)[:, [0, 2, 1, 3]]

    (l1, r1, b1, t1), (l2, r2, b2, t2) = pieces(a).T[:, :, None], pieces(b).T[:, None, :]
    return bool(((l1 < r2) & (l2 < r1) & (b1 < t2) & (b2 < t1)).any())


class RadarHistory(LectureScene):
    """Radar scope, sensitivity knob and a ROC curve drawn point by point; then the history."""

    scope_seconds = 5.0
    turn_seconds = 1.6
    up_seconds = 5.0
    down_seconds = 5.0
    sweep_seconds = 11.0
    name_seconds = 7.0
    #: Seconds each ROC station stays lit before the next; then Cranfield's and F1's.
    station_seconds = 1.4
    ir_station_seconds = (6.0, 4.4)
    closing_seconds = 4.0
    #: Where the knob rests while the scope is introduced and named (0 = fully up, 1 = fully down).
    resting_position = 0.5
    #: Least space between the knob and the panels beside it (frame units).
    knob_gap = 0.3
    #: Radius of the scope and side of the ROC plot where the frame is wide enough (16:9).
    scope_radius = 2.1
    roc_side = 3.0
    #: Where the chance label may sit on the diagonal (data point of its centre), the first as drawn.
    chance_spots = ((0.5, 0.38), (0.3, 0.18), (0.76, 0.64), (0.24, 0.12))
    #: Least share of ``roc_side`` the plot may shrink to for the readout under it; else the readout goes below.
    least_roc_side = 0.8

    @property
    def radar(self):
        """The seeded blips and their counts at every knob setting."""
        return radar_numbers()

    # -- building -------------------------------------------------------
    def build_radar(self) -> VGroup:
        """Heading, scope with legend, knob, ROC axes and readout, at the resting setting.

        The readout sits under the plot; where it cannot (a narrow frame, long words) it spans the
        width over the captions, the panels above it.
        """
        s = self.strings
        self.heading = style.fit_width(style.text(s["radar_heading"], size=style.SIZE_HEADER, weight="BOLD"))
        self.heading.to_corner(UL, buff=style.EDGE_BUFF)
        self.captions = {key: self.caption(s[f"radar_caption_{key}"]) for key in ("up", "down", "sweep", "name")}
        self.knob = SensitivityKnob(s, self.radar.thresholds)
        floor = max(caption.get_top()[1] for caption in self.captions.values()) + 0.2
        self.readout_below = not self.arrange_radar(floor, below=False)
        if self.readout_below:
            self.arrange_radar(floor, below=True)
        self.panels = (self.scope, self.knob, self.roc, self.readout)
        resting = self.radar.snapshots[self.knob_index(self.resting_position)]
        for panel in self.panels:
            panel.update_to(resting)
        # The operator's console: one board behind the knob, the plot and the readout, down to the captions.
        console = VGroup(self.knob, self.roc, self.readout)
        right = style.safe_width() / 2
        self.console = card_over(min(self.knob.get_left()[0], self.readout.get_left()[0]) - CARD_PAD,
                                 right + CARD_PAD / 2, console.get_top()[1] + CARD_PAD, floor - 0.05)
        return VGroup(self.console, self.heading, *self.panels)

    def arrange_radar(self, floor: float, below: bool) -> bool:
        """Build scope, plot and readout and place them with the knob above ``floor``; False if it does not fit.

        A narrow frame gets a smaller disc and plot (never smaller text) so the knob fits between them.
        With ``below`` the readout spans the width just above ``floor`` and the panels stand over it;
        else it sits under the plot, the plot shrinking (not under ``least_roc_side``) to make room.
        """
        s, radar, gap = self.strings, self.radar, self.knob_gap
        probe = RocTrace(s, radar.roc_points(), side=self.roc_side)
        room = style.safe_width() - self.knob.width - 2 * gap
        labels = probe.width - self.roc_side  # tick and axis labels keep their size
        shrink = min(1.0, (room - labels) / (2 * self.scope_radius + self.roc_side))
        radius, side = shrink * self.scope_radius, shrink * self.roc_side
        left, right = -style.safe_width() / 2, style.safe_width() / 2
        bottom = floor
        if below:
            self.readout = RadarReadout(s, radar.bombers, radar.flocks, width=right - left)
            self.readout.align_to([left, floor, 0], DOWN + LEFT)
            bottom = self.readout.get_top()[1] + gap
        # The knob sits midway between disc and plot; the legend may reach under it, up to its left edge.
        knob_left = (left + 2 * radius + right - labels - side - self.knob.width) / 2
        for _ in range(4):  # a smaller disc if a tall legend runs into what is under it
            self.scope = RadarScope(s, radar, radius=radius, legend_width=knob_left - gap - left)
            self.scope.to_edge(LEFT, buff=style.EDGE_BUFF).align_to(self.heading.get_bottom() + DOWN * 0.3, UP)
            radius -= max(0.0, bottom - self.scope.get_bottom()[1]) / 2
        if not below:
            self.readout = RadarReadout(s, radar.bombers, radar.flocks,
                                        width=right - self.scope.get_right()[0] - gap)
            bottom = floor + self.readout.height + gap
        for _ in range(2):  # a smaller plot if what is under it runs into the captions
            self.roc = RocTrace(s, radar.roc_points(), side=side)
            if below:  # a title wider than the plot reaches left over the knob, the plot at the right edge
                self.roc.title.align_to(self.roc.axes, RIGHT)
            self.roc.to_edge(RIGHT, buff=style.EDGE_BUFF).align_to(self.scope, UP)
            side -= max(0.0, bottom - self.roc.get_bottom()[1])
        plot = VGroup(self.roc.axes, self.roc.tick_labels, self.roc.axis_labels)  # the plot without its title
        middle = (self.scope.face.get_right()[0] + (plot if below else self.roc).get_left()[0]) / 2
        self.knob.move_to([middle, self.scope.face.get_center()[1], 0])
        ceiling = min(self.scope.get_top()[1], self.roc.title.get_bottom()[1] - 0.15)  # under a wide title
        self.knob.shift(DOWN * max(0.0, self.knob.get_top()[1] - ceiling))
        if not below:
            top = min(self.roc.get_bottom()[1], self.knob.get_bottom()[1]) - gap
            self.readout.align_to([right, top, 0], UR)
        knob_clear = not below or self.knob.get_bottom()[1] >= bottom - 1e-6
        return (side >= self.least_roc_side * shrink * self.roc_side - 1e-6 and knob_clear
                and not _overlap(self.knob, self.scope.legend) and not _overlap(self.knob, plot)
                and self.readout.get_bottom()[1] >= floor - 1e-6)

    def caption(self, words: str):
        """A line of on-screen narration at the bottom of the frame."""
        line = style.wrapped(words, style.safe_width(), size=style.SIZE_LABEL, color=style.HIGHLIGHT)
        return line.to_edge(DOWN, buff=style.EDGE_BUFF)

    def knob_index(self, position: float) -> int:
        """Index of the knob setting nearest ``position`` (0 = fully up, 1 = fully down)."""
        return round(position * (len(self.radar.thresholds) - 1))

    def naming(self) -> VGroup:
        """The name in full, initials highlighted, and a ring on the current operating point."""
        words = VGroup(*(style.text(word, size=style.SIZE_HEADER, weight="BOLD",
                                    t2c={"[0:1]": style.YELLOW})
                         for word in self.strings["radar_roc_name"].split()))
        words.arrange(RIGHT, buff=0.25)
        for word in words[1:]:  # sit on one baseline: the capitals have no descenders
            word.shift(UP * (words[0][0].get_bottom()[1] - word[0].get_bottom()[1]))
        style.fit_width(words)  # a header, still far above the legibility floor
        self.banner = words.to_corner(UL, buff=style.EDGE_BUFF)
        ring = Circle(radius=0.2, color=style.YELLOW, stroke_width=style.STROKE).move_to(self.roc.dot)
        room = style.safe_width() / 2 - ring.get_right()[0]  # a point near the right edge: two lines
        label = style.wrapped(self.strings["radar_operating_point"], room, color=style.YELLOW)
        label.next_to(ring, DOWN + RIGHT, buff=0.02)
        # The chance label slides down the diagonal where the operating point's label would cover it,
        # and makes way (fades out: the dashed diagonal stays, the narration names it) where no spot is free.
        words = self.roc.chance[1]
        self.chance_spot = False
        for spot in self.chance_spots:
            if not _overlap(label, words.copy().move_to(self.roc.point_at(*spot))):
                self.chance_spot = None if spot == self.chance_spots[0] else spot
                break
        return VGroup(self.banner, self.captions["name"], VGroup(ring, label))

    def opening(self) -> VGroup:
        """Title card: the question the scene answers."""
        return VGroup(style.text(self.strings["radar_title_card"], size=style.SIZE_TITLE, weight="BOLD"),
                      style.text(self.strings["radar_title_sub"], size=style.SIZE_LABEL,
                                 color=style.MUTED_TEXT)).arrange(DOWN, buff=0.4)

    def build_history(self) -> VGroup:
        """Title and the two threads of the timeline, each row on a board sharing the height under the title."""
        title = style.text(self.strings["history_title"], size=style.SIZE_HEADER, weight="BOLD")
        title.to_edge(UP, buff=style.EDGE_BUFF)
        size = style.SIZE_SMALL if style.narrow() else style.SIZE_LABEL  # narrow columns: captions at 20
        self.timeline = HistoryTimeline(self.strings, width=style.safe_width() - 2 * CARD_PAD, text_size=size)
        left, right = -style.safe_width() / 2, style.safe_width() / 2
        high, bottom = title.get_bottom()[1] - 0.3, -config.frame_height / 2 + style.EDGE_BUFF
        gap = 0.25
        rows = self.timeline.rows
        spare = max(0.0, (high - bottom - gap - sum(row.height + 2 * CARD_PAD for row in rows)) / len(rows))
        self.history_cards = VGroup()
        for row in rows:
            tall = row.height + 2 * CARD_PAD + spare
            row.move_to([0, high - tall / 2, 0])
            self.history_cards.add(card_over(left, right, high, high - tall))
            high -= tall + gap
        return VGroup(title, self.timeline)

    def closing(self) -> VGroup:
        """The last line, one Text per line, centred."""
        lines = VGroup(*(style.text(line, size=style.SIZE_TITLE, weight="BOLD")
                         for line in self.strings["radar_closing"].split("\n")))
        lines.arrange(DOWN, buff=0.3)
        return style.fit_width(lines)

    def split_layers(self, layout: VGroup) -> None:
        """Stills first (drawn once into Manim's cached background), live parts, the heading, then the beam.

        The heading, which gives way to the name's banner, comes after the panels: drawn first,
        its fade would have every panel redrawn in each frame of it.
        """
        self.remove(layout)
        self.still_layer = VGroup(self.console, *(panel.still for panel in self.panels))
        self.live_layer = VGroup(*(panel.live for panel in self.panels))
        self.add(self.still_layer, self.live_layer, self.heading, self.scope.beam)

    def add(self, *mobjects):
        """Manim's add, keeping the spinning beam drawn last.

        Manim redraws in every frame whatever lies above a mobject with an
        updater; a caption added above the beam would be redrawn for nothing
        (the captions never overlap the scope).
        """
        super().add(*mobjects)
        beam = self.scope.beam if hasattr(self, "scope") else None
        if beam is not None and beam in self.mobjects and self.mobjects[-1] is not beam:
            self.mobjects.remove(beam)
            self.mobjects.append(beam)
        return self

    # -- moving -----------------------------------------------------------
    def turn_knob(self, start: int, end: int, seconds: float, plot: bool = False):
        """Click the knob from setting ``start`` to ``end``; with ``plot``, leave a trail of ROC points.

        Every frame shows a real knob setting (never an in-between). The
        trail grows from the fully-down setting, the order of ``roc_points``.
        """
        snapshots, last = self.radar.snapshots, len(self.radar.snapshots) - 1

        def show(index):
            for panel in self.panels:
                panel.update_to(snapshots[index])
            if plot:
                self.roc.reveal(last - index + 1)

        way = 1 if end >= start else -1
        live = VGroup(*(panel.live for panel in self.panels))
        return HeldSteps(live, range(start, end + way, way), show, run_time=self.span(seconds),
                         rate_func=linear if plot else smooth)

    def swap(self, old: str, new: str) -> AnimationGroup:
        """Fade one caption out, then the next in (never both half-visible in one place)."""
        return AnimationGroup(FadeOut(self.captions[old]), FadeIn(self.captions[new]), lag_ratio=1.0)

    def fade(self, *animations, seconds: float | None = None) -> None:
        """Play animations for ``fade_seconds`` (or ``seconds``), frame-exact."""
        self.play(*animations, run_time=self.span(seconds or self.fade_seconds))

    @classmethod
    def history_seconds(cls) -> float:
        """The timeline: fade out the radar, then each row's arrow and its stations."""
        return 3 * cls.fade_seconds + len(ROC_STATIONS) * cls.station_seconds + sum(cls.ir_station_seconds)

    @classmethod
    def beats(cls, **shape) -> tuple[Beat, ...]:
        """Title, scope, knob up, knob down, sweep, the name, the history, the closing line."""
        return (cls.title_beat("why is it called ROC?"),
                Beat("scope", cls.scope_seconds, "the radar room: scope, sensitivity knob, empty ROC axes", pause=True),
                Beat("up", cls.up_seconds, "sensitivity up: every blip alarms", pause=True),
                Beat("down", cls.down_seconds, "sensitivity down: silence, and bombers slip through", pause=True),
                Beat("sweep", cls.sweep_seconds, "the knob swept from down to up traces the curve point by point"),
                Beat("name", cls.name_seconds, "its name: receiver operating characteristic", pause=True),
                Beat("history", cls.history_seconds(), "two threads of history: radar to ROC, retrieval to F1",
                     pause=True),
                Beat("closing", cls.closing_seconds, "the closing line"))

    # -- the story --------------------------------------------------------
    def play_opening(self, beat):
        """Title card: why is it called "ROC"."""
        return self.title_card("say_radar_opening")

    def play_scope(self, beat):
        """The radar room: scope, knob, empty ROC axes."""
        layout = self.build_radar()
        self.say("say_radar_scope")
        self.fade(FadeIn(layout))
        self.split_layers(layout)
        self.scope.beam.add_updater(self.scope.spin)

    def play_up(self, beat):
        """Sensitivity up: everything alarms."""
        self.say("say_radar_up")
        self.play(self.turn_knob(self.knob_index(self.resting_position), 0, self.turn_seconds),
                  FadeIn(self.captions["up"]), run_time=self.span(self.turn_seconds))

    def play_down(self, beat):
        """Sensitivity down: silence, and bombers slip through."""
        self.say("say_radar_down")
        self.play(self.turn_knob(0, len(self.radar.thresholds) - 1, self.turn_seconds), self.swap("up", "down"),
                  run_time=self.span(self.turn_seconds))

    def play_sweep(self, beat):
        """Sweep the knob from down to up: the curve appears point by point."""
        half = beat.seconds / 2
        self.say("say_radar_sweep", half)
        self.say("say_radar_curve", half, offset=half)
        self.fade(self.swap("down", "sweep"))
        self.play(self.turn_knob(len(self.radar.thresholds) - 1, 0, beat.seconds - 2 * self.fade_seconds, plot=True))

    def play_name(self, beat):
        """Name it: receiver operating characteristic."""
        turn = self.turn_seconds
        self.say("say_radar_name")
        self.play(self.turn_knob(0, self.knob_index(self.resting_position), turn), FadeOut(self.captions["sweep"]),
                  run_time=self.span(turn))
        self.named = self.naming()
        banner, caption, (ring, label) = self.named
        spot = self.chance_spot
        words = self.roc.chance[1]
        give_way = ([FadeOut(words)] if spot is False else
                    [words.animate.move_to(self.roc.point_at(*spot))] if spot else [])
        self.fade(AnimationGroup(FadeOut(self.heading), FadeIn(banner), lag_ratio=1.0), FadeIn(caption),
                  Create(ring), FadeIn(label), *give_way)

    def play_history(self, beat):
        """History: two threads."""
        fade = self.fade_seconds
        self.history = self.build_history()
        title, rows = self.history[0], self.timeline.rows
        roc_seconds = [self.station_seconds] * len(rows[0].stations)
        self.say("say_history_roc", 2 * fade + sum(roc_seconds))
        # The beam stops as the radar fades: nothing then moves by itself, so the fade is a crossfade.
        self.scope.beam.clear_updaters()
        self.fade(FadeOut(self.still_layer, self.live_layer, self.scope.beam, self.named))
        self.history_row(rows[0], roc_seconds, title, self.history_cards[0])
        cranfield, f1 = self.ir_station_seconds
        self.say("say_history_ir", fade + cranfield)
        self.say("say_history_f1", f1, offset=fade + cranfield)
        self.history_row(rows[1], self.ir_station_seconds, self.history_cards[1])

    def play_closing(self, beat):
        """Closing line."""
        self.say("say_radar_closing")
        self.fade(FadeOut(self.history, self.history_cards), Write(self.closing()))

    def history_row(self, row, seconds, *extra) -> None:
        """Grow a row's arrow (with ``extra`` fading in), then light each station for its ``seconds``.

        Each station's light ends where the row's clock says (a fade drawn as one whole frame at a low
        frame rate, longer than asked, is taken from the hold after it instead of piling up).
        """
        start = self.renderer.time
        self.fade(*(FadeIn(mob) for mob in extra), FadeIn(row.header), Create(row.arrow))
        appear, end = self.fade_seconds / 2, start + self.fade_seconds
        for station, each in zip(row.stations, seconds, strict=True):
            self.fade(FadeIn(station, shift=DOWN * 0.1), seconds=appear)
            end += each
            self.hold(end - self.renderer.time)
