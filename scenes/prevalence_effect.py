"""PrevalenceEffect: the same test at other prevalences; the ROC stays, the PR curve sinks."""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Circle,
    FadeIn,
    FadeOut,
    SurroundingRectangle,
    UpdateFromAlphaFunc,
    VGroup,
    Write,
    config,
    linear,
)

from scenes import style
from scenes.base import LectureScene
from scenes.components import RocPanel
from scenes.components.live_text import LiveText, Slot
from scenes.components.pr_panel import PrPanel
from scenes.components.prevalence_slider import PrevalenceSlider
from scenes.numbers.prevalence_effect import prevalence_effect_numbers

__all__ = ["PrevalenceEffect"]


class PrevalenceEffect(LectureScene):
    """Prevalence from the data's own up to 0.5, then down to 0.01, with ROC and PR side by side."""

    threshold = 0.5
    highest_prevalence = 0.5
    lowest_prevalence = 0.01
    fade_seconds = 0.8
    intro_seconds = 5.0
    up_seconds = 4.0
    down_seconds = 12.0
    hold_seconds = 5.0
    closing_seconds = 4.0
    panel_gap = 2.2
    #: The ROC and PR axes grow to fill the frame up to this side (frame units).
    largest_side = 4.0

    def __init__(self, facts, lang: str = "en", still_at: float | None = None, **kwargs):
        super().__init__(facts, lang, still_at=still_at, **kwargs)
        self.numbers = prevalence_effect_numbers(facts.sweep, self.threshold, self.highest_prevalence,
                                                 self.lowest_prevalence)

    # -- building -------------------------------------------------------
    def build_layout(self) -> VGroup:
        """Heading, slider, ROC and PR panels and the precision readout, at the data's prevalence."""
        s, numbers, op = self.strings, self.numbers, self.numbers.operating
        title = style.text(s["pe_title"], size=style.SIZE_HEADER, weight="BOLD")
        fixed = style.text(s["pe_fixed"].format(threshold=f"{numbers.threshold:.2f}", recall=f"{op.recall:.2f}",
                                                fpr=f"{op.fpr:.2f}"), size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        self.heading = VGroup(title, fixed).arrange(DOWN, buff=0.15, aligned_edge=LEFT)
        self.heading.to_corner(UP + LEFT, buff=style.EDGE_BUFF)
        # The slider sits right of the "stay fixed" line, under the title (below it in a 4:3 frame).
        self.slider = PrevalenceSlider(s, track_length=3.4)
        self.slider.next_to(title, DOWN, buff=0.2).to_edge(RIGHT, buff=style.EDGE_BUFF)
        beside = self.slider.get_left()[0] >= fixed.get_right()[0] + 0.4
        if not beside:
            self.slider.next_to(self.heading, DOWN, buff=0.3, aligned_edge=LEFT)
        self.caption = self.part_caption(beside)
        top = VGroup(self.heading, self.slider)
        if self.caption is not None:
            top.add(self.caption)
        if top.width > style.safe_width():
            top.scale_to_fit_width(style.safe_width()).to_edge(LEFT, buff=style.SIDE_MARGIN)
        self.readout = self._readout()
        if self.readout.width > style.safe_width():  # a narrow (4:3) frame: one line under the other
            self.readout.arrange(DOWN, buff=0.2)
        style.fit_width(self.readout)
        self.readout.to_edge(DOWN, buff=style.EDGE_BUFF)
        room = top.get_bottom()[1] - self.readout.get_top()[1] - 0.7
        # Sized, never scaled (scaling would shrink their text): sizes are linear in the side, so one trial
        # pair at side 1 gives the side that fills the room, with the baseline label outside the PR axes.
        roc, pr = self._panels(1.0)
        extra_height = max(roc.height, pr.height) - 1.0
        extra_width = roc.width + pr.width + self.pr.baseline_label.width + 0.2 + self.panel_gap - 2.0
        side = max(1.5, min(room - extra_height, (style.safe_width() - extra_width) / 2, self.largest_side))
        panels = VGroup(*self._panels(side)).arrange(RIGHT, buff=self.panel_gap, aligned_edge=UP)
        panels.move_to([-self.pr.baseline_label.width / 2, (top.get_bottom()[1] + self.readout.get_top()[1]) / 2, 0])
        self.moving = VGroup(self.slider, self.pr, self.readout)
        self.show_step(0)
        layout = VGroup(self.heading, self.slider, self.roc, self.pr, self.readout)
        return layout if self.caption is None else layout.add(self.caption)

    def _panels(self, side: float) -> tuple:
        """The ROC and PR panels with axes ``side`` long, at the data's prevalence."""
        s, numbers = self.strings, self.numbers
        self.roc = RocPanel(s, numbers.roc_fpr, numbers.roc_tpr, self.facts.report["auc"], side=side)
        self.roc.update_to(numbers.operating)
        self.pr = PrPanel(s, side=side)
        return self.roc, self.pr

    def part_caption(self, slider_beside: bool) -> VGroup | None:
        """Which model and split the data is, wrapped into the room the slider leaves; None for one split.

        Under the heading when the slider is beside it (16:9), else right of the slider (4:3).
        """
        if self.facts.split is None:
            return None
        right = config.frame_width / 2 - style.EDGE_BUFF
        left = self.heading.get_left()[0] if slider_beside else self.slider.get_right()[0] + 0.5
        room = (self.slider.get_left()[0] - 0.4 if slider_beside else right) - left
        words = self.dataset_name
        if style.text(words, size=style.SIZE_SMALL).width > room:
            words = words.replace(" · ", " ·\n", 1)
        caption = style.wrapped(words, room, color=style.MUTED_TEXT).arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        if slider_beside:
            return caption.next_to(self.heading, DOWN, buff=0.15, aligned_edge=LEFT)
        return caption.align_to(self.slider, UP).to_edge(RIGHT, buff=style.EDGE_BUFF)

    def _readout(self) -> VGroup:
        """Precision at the fixed θ (the story number) and how many of 100 flagged are sick."""
        s, color = self.strings, style.METRIC_COLORS["precision"]
        self.lines = {
            "precision": LiveText(s["pe_read_precision"].replace("{threshold}", f"{self.numbers.threshold:.2f}"),
                                  {"precision": Slot("0.000", "{:.3f}", color, "BOLD")},
                                  colors={s["precision"]: color}, size=style.SIZE_NUMBER),
            "flagged": LiveText(s["pe_read_flagged"], {"sick": Slot("000", "{:.0f}")}, size=style.SIZE_SMALL,
                                color=style.MUTED_TEXT),
        }
        style.story_number(self.lines["precision"])
        return VGroup(*self.lines.values()).arrange(RIGHT, buff=0.6, aligned_edge=DOWN)

    def show_step(self, index: int) -> None:
        """Slider, PR curve, baseline, PR dot and readout at step ``index`` of the path."""
        numbers = self.numbers
        prevalence = float(numbers.prevalences[index])
        precision = float(numbers.operating_precision[index])
        self.slider.update_to(prevalence)
        self.pr.update_to(prevalence, numbers.pr_precision[index], numbers.pr_recall,
                          (numbers.operating.recall, precision))
        self.lines["precision"].set_values(precision=precision)
        self.lines["flagged"].set_values(sick=float(numbers.operating_per_hundred[index]))

    def slide(self, start: int, end: int, seconds: float) -> UpdateFromAlphaFunc:
        """Steps ``start`` .. ``end`` of the path (log-spaced), each for the same share of time."""
        def step(_, alpha):
            self.show_step(start + round(alpha * (end - start)))

        return UpdateFromAlphaFunc(self.moving, step, run_time=seconds, rate_func=linear)

    def hold_marks(self) -> VGroup:
        """Rings on both operating points, a box round the readout and a short label."""
        rings = VGroup(*(Circle(radius=0.17, color=style.HIGHLIGHT, stroke_width=style.STROKE).move_to(dot)
                         for dot in (self.roc.dot, self.pr.dot)))
        box = SurroundingRectangle(self.lines["precision"], color=style.HIGHLIGHT, buff=0.1,
                                   stroke_width=style.STROKE_THIN)
        label = style.text(self.strings["pe_hold"], size=style.SIZE_SMALL, color=style.HIGHLIGHT)
        gap_left, gap_right = self.roc.get_right()[0], self.pr.axis_labels[1].get_left()[0]
        label.move_to([(gap_left + gap_right) / 2, self.roc.axes.get_center()[1], 0])
        return VGroup(rings, box, label)

    @classmethod
    def duration(cls) -> float:
        """Length of the video in seconds."""
        return cls.intro_seconds + cls.up_seconds + cls.down_seconds + cls.hold_seconds + cls.closing_seconds

    # -- the story --------------------------------------------------------
    def construct(self):
        """Data's prevalence, up to 0.5, down to 0.01, hold, closing."""
        numbers, op = self.numbers, self.numbers.operating
        layout = self.build_layout()
        if self.still_at is not None:
            self.add(layout)
            return
        turn, last = numbers.turn, numbers.prevalences.size - 1

        def at(index):
            return {"prevalence": f"{numbers.prevalences[index]:.2f}",
                    "precision": f"{numbers.operating_precision[index]:.3f}"}

        # Everything at the data's own prevalence.
        self.say("say_pe_intro", self.intro_seconds, threshold=f"{numbers.threshold:.2f}",
                 recall=f"{op.recall:.2f}", fpr=f"{op.fpr:.2f}", **at(0))
        self.play(FadeIn(layout), run_time=self.fade_seconds)
        self.hold(self.intro_seconds - self.fade_seconds)
        self.beat("intro")
        # Up to a common disease.
        self.say("say_pe_up", self.up_seconds, **at(turn))
        self.play(self.slide(0, turn, self.up_seconds))
        self.beat("common")
        # Down to a rare one: the ROC stays, the PR curve sinks.
        half = self.down_seconds / 2
        self.say("say_pe_down", half)
        self.say("say_pe_sink", half, offset=half)
        self.play(self.slide(turn, last, self.down_seconds))
        # Hold at the lowest prevalence.
        marks = self.hold_marks()
        self.say("say_pe_hold", self.hold_seconds, **at(last))
        self.play(FadeIn(marks), run_time=self.fade_seconds)
        self.hold(self.hold_seconds - self.fade_seconds)
        self.beat("rare")
        # Closing.
        closing = self.closing_card("pe_closing")
        self.say("say_pe_closing", self.closing_seconds)
        self.play(FadeOut(layout), FadeOut(marks), Write(closing), run_time=self.fade_seconds)
        self.hold(self.closing_seconds - self.fade_seconds)

