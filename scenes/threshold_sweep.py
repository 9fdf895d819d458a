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

from scenes import style
from scenes.base import HeldSteps, LectureScene
from scenes.components import ConfusionGrid, MetricBars, Readout, RocPanel, ThresholdHeader

__all__ = ["ThresholdSweep"]


class ThresholdSweep(LectureScene):
    """Confusion grid, metric bars and ROC point moving together as θ sweeps the grid."""

    supports_stills = True
    opening_seconds = 3.5
    fade_seconds = 0.8
    sweep_seconds = 10.0
    glide_seconds = 1.0
    mark_fade_seconds = 0.4
    hold_seconds = 2.0
    closing_seconds = 3.5

    # -- building -------------------------------------------------------
    def build_panels(self) -> VGroup:
        """Every panel, laid out, showing θ = 0. Static parts come first in each."""
        f, s = self.facts, self.strings
        first = f.grid[0]
        self.header = ThresholdHeader(s)
        self.header.to_corner(UP + LEFT, buff=style.EDGE_BUFF)
        self.grid_panel = ConfusionGrid(s, n=first.n)
        self.bars = MetricBars(s, f.report["majority_baseline_accuracy"])
        self.roc = RocPanel(s, f.roc_fpr, f.roc_tpr, f.report["auc"])
        row = VGroup(self.grid_panel, self.bars, self.roc).arrange(RIGHT, buff=style.PANEL_GAP, aligned_edge=UP)
        # Long labels (Spanish) may widen the row: shrink it to the safe width.
        style.fit_width(row)
        row.move_to([0, 0, 0]).align_to([0, style.PANEL_TOP, 0], UP)
        self.readout = Readout(s, n=first.n, positives=first.positives)
        self.readout.to_corner(DOWN + LEFT, buff=style.EDGE_BUFF)
        words = f"{self.dataset_name} · n = {first.n}"
        caption = style.text(words, size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        self.caption = caption.to_corner(DOWN + RIGHT, buff=style.EDGE_BUFF)
        if self.caption.get_left()[0] < self.readout.get_right()[0] + 0.3:  # narrow (4:3) frame
            if f.split is not None and caption.width > style.safe_width():  # with model and split: two lines
                self.caption = style.wrapped(words.replace(" · ", " ·\n", 1), style.safe_width(),
                                             color=style.MUTED_TEXT).arrange(DOWN, buff=0.12, aligned_edge=RIGHT)
            self.caption.next_to(self.readout, UP, buff=0.25).to_edge(RIGHT, buff=style.EDGE_BUFF)
        self.panels = VGroup(self.header, self.grid_panel, self.bars, self.roc, self.readout)
        for panel in self.panels:
            panel.update_to(first)
        return VGroup(self.panels, self.caption)

    def opening(self) -> VGroup:
        """Title card naming the data: dataset, n, prevalence."""
        f, s = self.facts, self.strings
        first = f.grid[0]
        title = style.text(s["opening_title"], size=style.SIZE_TITLE, weight="BOLD")
        words = s["opening_data"].format(dataset=self.dataset_name, n=first.n, positives=first.positives,
                                         prevalence=f"{first.prevalence:.2f}")
        data = style.text(words, size=style.SIZE_LABEL)
        if f.split is not None and data.width > style.safe_width():  # with model and split: counts below
            data = style.wrapped(words.replace(f"{self.dataset_name}: ", f"{self.dataset_name}:\n", 1),
                                 style.safe_width(), size=style.SIZE_LABEL)
        rule = style.text(s["opening_rule"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        return style.fit_width(VGroup(title, data, rule).arrange(DOWN, buff=0.4))

    def marker(self, key: str, snapshot) -> VGroup:
        """A hold marker: a ring on the ROC dot and a label beside the slider."""
        ring = Circle(radius=0.17, color=style.HIGHLIGHT, stroke_width=style.STROKE).move_to(self.roc.dot)
        label = style.text(self.strings[key].format(threshold=f"{snapshot.threshold:.2f}"),
                           size=style.SIZE_LABEL, color=style.HIGHLIGHT)
        label.next_to(self.header.track[0], RIGHT, buff=0.4)
        room = config.frame_width / 2 - style.EDGE_BUFF - label.get_left()[0]
        if label.width > room:  # long Spanish labels or a 4:3 frame: under the panels, above the readout
            panels = VGroup(self.grid_panel, self.bars, self.roc)
            label.next_to(panels, DOWN, buff=0.3).align_to(self.readout, LEFT)
        return VGroup(ring, label)

    def split_layers(self, layout: VGroup) -> None:
        """Swap the faded-in layout for a still layer (drawn once) and a live layer above it.

        Manim redraws every mobject from the first moving one onwards; with the
        stills first, the axes, curve, tracks and labels stay in its cached
        background and only the live parts are redrawn.
        """
        self.remove(layout)
        self.still_layer = VGroup(*(panel.still for panel in self.panels), self.caption)
        self.live_layer = VGroup(*(panel.live for panel in self.panels))
        self.add(self.still_layer, self.live_layer)

    def sweep(self) -> None:
        """θ over the 51 grid values, each held for the same share of ``sweep_seconds``."""

        def show(snapshot):
            for panel in self.panels:
                panel.update_to(snapshot)

        self.play(HeldSteps(self.live_layer, self.facts.grid, show, run_time=self.sweep_seconds, rate_func=linear))

    @classmethod
    def duration(cls) -> float:
        """Length of the video in seconds (for tests and progress lines)."""
        holds = 2 * (cls.glide_seconds + cls.mark_fade_seconds * 2 + cls.hold_seconds)
        return cls.opening_seconds + cls.fade_seconds + cls.sweep_seconds + holds + cls.closing_seconds

    # -- the story --------------------------------------------------------
    def construct(self):
        """Opening, sweep, holds at 0.5 and max F1, closing."""
        f = self.facts
        if self.still_at is not None:
            layout = self.build_panels()
            for panel in self.panels:
                panel.update_to(f.at(self.still_at))
            self.add(layout)
            return
        first, last = f.grid[0], f.grid[-1]
        # Opening: name the data.
        card = self.opening()
        self.say("say_opening", self.opening_seconds, dataset=self.dataset_name,
                 n=first.n, positives=first.positives)
        self.play(FadeIn(card, shift=UP * 0.2), run_time=self.fade_seconds)
        self.hold(self.opening_seconds - 2 * self.fade_seconds)
        self.beat("opening")
        self.play(FadeOut(card), run_time=self.fade_seconds)
        # Panels at θ = 0: everything is flagged positive.
        layout = self.build_panels()
        self.play(FadeIn(layout), run_time=self.fade_seconds)
        self.split_layers(layout)
        # Sweep θ over the grid, narrated in three parts.
        third = self.sweep_seconds / 3
        self.say("say_start", third, prevalence=f"{first.prevalence:.2f}")
        self.say("say_sweep", third, offset=third)
        self.say("say_end", third, offset=2 * third, baseline=f"{last.accuracy:.2f}")
        self.beat("panels")
        self.sweep()
        # Holds: the default 0.5, then the threshold with the best F1.
        for key, threshold in (("default", 0.5), ("max_f1", f.max_f1_threshold)):
            snapshot = f.at(threshold)
            numbers = {k: f"{getattr(snapshot, k):.2f}" for k in ("recall", "precision", "accuracy", "f1")}
            self.say(f"say_{key}", self.glide_seconds + self.hold_seconds + 2 * self.mark_fade_seconds,
                     threshold=f"{threshold:.2f}", **numbers)
            self.play(*(panel.animate_to(snapshot) for panel in self.panels), run_time=self.glide_seconds)
            mark = self.marker(f"marker_{key}", snapshot)
            self.play(FadeIn(mark), run_time=self.mark_fade_seconds)
            self.hold(self.hold_seconds)
            self.beat(f"hold_{key}")
            self.play(FadeOut(mark), run_time=self.mark_fade_seconds)
        # Closing: the trade-off.
        closing = self.closing_card("closing")
        self.say("say_closing", self.closing_seconds)
        self.play(FadeOut(self.still_layer, self.live_layer), Write(closing), run_time=self.fade_seconds)
        self.hold(self.closing_seconds - self.fade_seconds)
