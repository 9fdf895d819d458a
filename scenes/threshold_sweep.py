"""ThresholdSweep: the centerpiece. θ slides 0 -> 1 and every number follows."""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Circle,
    FadeIn,
    FadeOut,
    VGroup,
    Write,
    config,
    linear,
)

from umbral.scenes import style
from umbral.scenes.base import HeldSteps, LectureScene
from umbral.scenes.beats import Beat
from umbral.scenes.components import ConfusionGrid, MetricBars, Readout, RocPanel, ThresholdHeader
from umbral.scenes.components.base import steps_between
from umbral.scenes.components.card import card_behind
from umbral.scenes.numbers.number_formats import format_theta
from umbral.scenes.strings import grouped

__all__ = ["ThresholdSweep"]


class ThresholdSweep(LectureScene):
    """Confusion grid, metric bars and ROC point moving together as θ sweeps the grid."""

    opening_seconds = 3.5
    sweep_seconds = 10.0
    glide_seconds = 1.0
    mark_fade_seconds = 0.4
    hold_seconds = 2.0
    closing_seconds = 3.5

    #: Gap between the header, the panels and the readout (frame units).
    band_gap = 0.3
    #: Largest panel scale: lengths (cells, ROC side) grow with it, text sizes never do.
    largest_scale = 1.8
    #: Bar length (at least; 16:9 gives the bars any width grid and ROC leave) and gap between bar rows.
    bar_length, bar_gap, narrow_bar_gap = 1.4, 0.72, 0.5
    #: Padding of the card drawn behind each panel.
    card_pad = 0.15
    #: Width the ROC's title may take (set by the layout, the ROC's share of the width).
    roc_width = None

    # -- building -------------------------------------------------------
    def make_panel(self, which: str, k: float, columns: int = 1):
        """The grid or the ROC with every length times ``k``, or the bars ``k`` long (text sizes fixed)."""
        f, s = self.facts, self.strings
        if which == "grid":
            return ConfusionGrid(s, n=f.grid[0].n, cell_width=1.55 * k, cell_height=1.3 * k, label_width=1.4)
        if which == "bars":
            narrow = style.narrow()
            return MetricBars(s, f.report["majority_baseline_accuracy"], bar_length=k,
                              row_gap=self.narrow_bar_gap if narrow else self.bar_gap, legend=not narrow,
                              columns=columns)
        return RocPanel(s, f.roc_fpr, f.roc_tpr, f.report["auc"], side=2.9 * k, title_width=self.roc_width,
                        keep=f.grid_vertices)

    def fitted(self, which: str, height: float, width: float):
        """The panel at the largest scale that keeps it within ``height`` x ``width``.

        Sizes are linear in the scale, so two trial builds give the scale exactly.
        """
        small, large = self.make_panel(which, 1.0), self.make_panel(which, 1.5)
        scale = self.largest_scale
        for extent, room in ((lambda p: p.height, height), (lambda p: p.width, width)):
            slope = (extent(large) - extent(small)) / 0.5
            if slope > 0:
                scale = min(scale, 1.0 + (room - extent(small)) / slope)
        panel = self.make_panel(which, max(scale, 0.5))
        for _ in range(4):  # a title that wraps at one scale and not at another: step down until it fits
            over = max(panel.height / height, panel.width / width)
            if over <= 1.001 or scale <= 0.5:
                break
            scale = max(0.5, scale / over)
            panel = self.make_panel(which, scale)
        return panel

    def arrange_panels(self, top: float, bottom: float) -> VGroup:
        """The three panels, as large as fit between ``top`` and ``bottom``, spread over the safe width.

        16:9: one row, the bars between grid and ROC. 4:3: grid and ROC side by side, the bars
        across the frame under them (in two columns when long words leave the grid too tall for four rows).
        """
        width, room = style.safe_width() - 2 * self.card_pad, top - bottom - 2 * self.card_pad
        top -= self.card_pad
        bottom += self.card_pad
        names_and_values = self.make_panel("bars", 1.0).width - 1.0
        if not style.narrow():
            bars_width = names_and_values + self.bar_length
            rest = width - bars_width - 2 * style.PANEL_GAP
            self.roc_width = 0.45 * rest
            self.roc = self.fitted("roc", room, self.roc_width)
            self.grid_panel = self.fitted("grid", room, rest - self.roc.width)
            if self.grid_panel.width + self.roc.width > rest:  # the grid's words need more: the ROC gives way
                self.roc = self.fitted("roc", room, rest - self.grid_panel.width)
            spare = rest - self.grid_panel.width - self.roc.width
            self.bars = self.make_panel("bars", max(self.bar_length + spare, 0.8))
            panels = VGroup(self.grid_panel, self.bars, self.roc)
            panels.arrange(RIGHT, buff=style.PANEL_GAP).move_to([0, (top + bottom) / 2, 0])
            return panels
        half = self.roc_width = (width - style.PANEL_GAP) / 2
        for columns in (1, 2):
            if columns == 1:
                self.bars = self.make_panel("bars", min(width - names_and_values, 2.5 * self.bar_length))
            else:
                two = self.make_panel("bars", 1.0, columns=2)
                self.bars = self.make_panel("bars", 1.0 + (width - two.width) / 2, columns=2)
            # The cards' padding is the gap between the two rows.
            upper = room - self.bars.height - 2 * self.card_pad
            self.grid_panel, self.roc = self.fitted("grid", upper, half), self.fitted("roc", upper, half)
            if max(self.grid_panel.height, self.roc.height) <= upper + 0.05:  # a title line just over fits
                break
        row = VGroup(self.grid_panel, self.roc)
        row.arrange(RIGHT, buff=width - self.grid_panel.width - self.roc.width).move_to([0, 0, 0]).set_y(top, UP)
        self.bars.next_to(row, DOWN, buff=2 * self.card_pad + 0.05).set_x(0)
        return VGroup(self.grid_panel, self.bars, self.roc)

    def build_panels(self) -> VGroup:
        """Every panel, laid out, showing θ = 0. Static parts come first in each."""
        s = self.strings
        first = self.facts.grid[0]
        width = style.safe_width()
        # Header: θ and its rule at the left, the slider at the right (under them if the words are long).
        self.header = ThresholdHeader(s, track_length=3.2 if style.narrow() else 4.6)
        self.header.to_corner(UP + LEFT, buff=style.SIDE_MARGIN)
        track = self.header.track
        if self.header.value.width + 0.6 + track.width > width:
            track.next_to(self.header.rule, DOWN, buff=0.45, aligned_edge=LEFT)
        else:
            track.to_edge(RIGHT, buff=style.SIDE_MARGIN + 0.1)
        self.header.pointer.next_to(track[0].get_start(), UP, buff=0.04)
        # The data's name under the slider (the hold markers take its place).
        room = min(width / 2, config.frame_width / 2 - style.SIDE_MARGIN - self.header.rule.get_right()[0] - 0.4)
        self.caption = style.wrapped(f"{self.dataset_name} · n = {grouped(first.n, self.lang)}", room,
                                     color=style.MUTED_TEXT)
        self.caption.next_to(track, DOWN, buff=0.12).to_edge(RIGHT, buff=style.SIDE_MARGIN)
        top = min(self.header.get_bottom()[1], self.caption.get_bottom()[1]) - self.band_gap
        bottom = -config.frame_height / 2 + style.SIDE_MARGIN
        if style.narrow():  # no room for the readout's sentences: the narration says them
            self.readout = None
            self.arrange_panels(top, bottom)
        else:
            self.readout = Readout(s, n=first.n, positives=first.positives, width=width)
            self.readout.to_corner(DOWN + LEFT, buff=style.SIDE_MARGIN)
            self.arrange_panels(top, self.readout.get_top()[1] + self.band_gap)
        self.panels = VGroup(self.header, self.grid_panel, self.bars, self.roc)
        if self.readout is not None:
            self.panels.add(self.readout)
        for panel in self.panels:
            panel.update_to(first)
        row = (self.grid_panel, self.bars, self.roc) if not style.narrow() else (self.grid_panel, self.roc)
        tallest = max(panel.height for panel in row)
        self.cards = VGroup(*(card_behind(panel, self.card_pad, tallest if panel in row else panel.height)
                              for panel in (self.grid_panel, self.bars, self.roc)))
        return VGroup(self.cards, self.panels, self.caption)


    def opening(self) -> VGroup:
        """Title card naming the data: dataset, n, prevalence."""
        f, s = self.facts, self.strings
        first = f.grid[0]
        title = style.text(s["opening_title"], size=style.SIZE_TITLE, weight="BOLD")
        words = s["opening_data"].format(dataset=self.dataset_name, n=grouped(first.n, self.lang),
                                         positives=grouped(first.positives, self.lang),
                                         prevalence=f"{first.prevalence:.2f}")
        data = self.data_line(words)
        rule = style.wrapped(s["opening_rule"], style.safe_width(), size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        return style.fit_width(VGroup(title, data, rule).arrange(DOWN, buff=0.4))

    def marker(self, key: str, snapshot) -> VGroup:
        """A hold marker: a ring on the ROC dot and a label where the data's name is (which fades meanwhile)."""
        ring = Circle(radius=0.2, color=style.HIGHLIGHT, stroke_width=style.STROKE).move_to(self.roc.dot)
        label = style.wrapped(self.strings[key].format(threshold=format_theta(snapshot.threshold)),
                              self.caption.width + 1, size=style.SIZE_LABEL, color=style.HIGHLIGHT)
        label.next_to(self.header.track, DOWN, buff=0.12).to_edge(RIGHT, buff=style.SIDE_MARGIN)
        return VGroup(ring, label)

    def split_layers(self, layout: VGroup) -> None:
        """Swap the faded-in layout for a still layer (drawn once) and a live layer above it.

        Manim redraws every mobject from the first moving one onwards; with the
        stills first, the axes, curve, tracks and labels stay in its cached
        background and only the live parts are redrawn.
        """
        self.remove(layout)
        self.still_layer = VGroup(self.cards, *(panel.still for panel in self.panels), self.caption)
        self.live_layer = VGroup(*(panel.live for panel in self.panels))
        self.add(self.still_layer, self.live_layer)

    def show(self, snapshot) -> None:
        """Every panel at ``snapshot``."""
        for panel in self.panels:
            panel.update_to(snapshot)

    def sweep(self) -> None:
        """θ over the 51 grid values, each held for the same share of ``sweep_seconds``."""
        self.play(HeldSteps(self.live_layer, self.facts.grid, self.show, run_time=self.sweep_seconds, rate_func=linear))

    def glide_to(self, snapshot) -> None:
        """θ slides from where it is to ``snapshot``'s over the grid values between, in ``glide_seconds``.

        Every step shown is a verified snapshot (a blend of two would show rates that disagree
        with the counts beside them), and the last is ``snapshot`` itself.
        """
        steps = steps_between(self.facts.grid, self.panels[0].snapshot.threshold, snapshot)
        self.play(HeldSteps(self.live_layer, steps, self.show, run_time=self.glide_seconds, rate_func=linear))

    @classmethod
    def beats(cls, **shape) -> tuple[Beat, ...]:
        """Opening, panels at θ = 0, the sweep, holds at 0.5 and at the best F1, closing."""
        hold = cls.glide_seconds + cls.hold_seconds + 2 * cls.mark_fade_seconds
        return (cls.title_beat("the data: its name, n, positives and prevalence; the rule score >= θ"),
                Beat("panels", cls.fade_seconds, "grid, metric bars and ROC fade in at θ = 0", pause=True, still=True),
                Beat("sweep", cls.sweep_seconds, "θ steps over the 51 grid values; every panel follows"),
                Beat("hold_default", hold, "θ glides to 0.50 and holds there, ringed on the ROC", pause=True,
                     leave=cls.mark_fade_seconds),
                Beat("hold_max_f1", hold, "θ glides to the best F1's threshold and holds there, ringed", pause=True,
                     leave=cls.mark_fade_seconds),
                Beat("closing", cls.closing_seconds, "the trade-off, on a closing card"))

    def layout_at(self, snapshot) -> VGroup:
        """Every panel laid out as the ``panels`` beat fades them in, showing ``snapshot`` (``render --at``)."""
        layout = self.build_panels()
        self.show(snapshot)
        return layout

    # -- the story --------------------------------------------------------
    def play_opening(self, beat):
        """Name the data."""
        first = self.facts.grid[0]
        return self.title_card("say_opening", dataset=self.dataset_name, n=first.n, positives=first.positives)

    def play_panels(self, beat):
        """Panels at θ = 0: everything is flagged positive."""
        layout = self.build_panels()
        self.play(FadeIn(layout), run_time=self.fade_seconds)
        self.split_layers(layout)

    def play_sweep(self, beat):
        """Sweep θ over the grid, narrated in three parts."""
        first, last = self.facts.grid[0], self.facts.grid[-1]
        third = beat.seconds / 3
        self.say("say_start", third, prevalence=f"{first.prevalence:.2f}")
        self.say("say_sweep", third, offset=third)
        self.say("say_end", third, offset=2 * third, baseline=f"{last.accuracy:.2f}")
        self.sweep()

    def play_hold_default(self, beat):
        """Hold at the default 0.5."""
        return self.hold_at("default", 0.5)

    def play_hold_max_f1(self, beat):
        """Hold at the threshold with the best F1."""
        return self.hold_at("max_f1", self.facts.max_f1_threshold)

    def hold_at(self, key: str, threshold: float) -> tuple:
        """θ glides to ``threshold``, marked in place of the caption; returns the marker's fade-out."""
        snapshot = self.facts.at(threshold)
        numbers = {k: f"{getattr(snapshot, k):.2f}" for k in ("recall", "precision", "accuracy", "f1")}
        self.say(f"say_{key}", threshold=format_theta(threshold), **numbers)
        self.glide_to(snapshot)
        mark = self.marker(f"marker_{key}", snapshot)
        self.play(FadeIn(mark), FadeOut(self.caption), run_time=self.mark_fade_seconds)
        leave = self.playing.leave
        return FadeOut(mark, run_time=leave), FadeIn(self.caption, run_time=leave)

    def play_closing(self, beat):
        """The trade-off."""
        closing = self.closing_card("closing")
        self.say("say_closing")
        self.play(FadeOut(self.still_layer, self.live_layer), Write(closing), run_time=self.fade_seconds)
