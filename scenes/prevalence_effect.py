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
    linear,
)

from scenes import style
from scenes.base import LectureScene
from scenes.components import RocPanel
from scenes.components.card import CARD_PAD, card_over
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
    #: Space between the two boards, and between them and the heading or readout (frame units).
    board_gap = 0.2
    #: The ROC and PR axes grow to fill their boards up to this side (frame units).
    largest_side = 4.4

    def __init__(self, facts, lang: str = "en", still_at: float | None = None, **kwargs):
        super().__init__(facts, lang, still_at=still_at, **kwargs)
        self.numbers = prevalence_effect_numbers(facts.sweep, self.threshold, self.highest_prevalence,
                                                 self.lowest_prevalence)

    # -- building -------------------------------------------------------
    def build_layout(self) -> VGroup:
        """Heading, slider, the ROC and PR panels on two boards filling the frame, and the precision readout."""
        s, numbers, op = self.strings, self.numbers, self.numbers.operating
        title = style.wrapped(s["pe_title"], style.safe_width(), size=style.SIZE_HEADER, weight="BOLD")
        title.arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        fixed = style.wrapped(s["pe_fixed"].format(threshold=f"{numbers.threshold:.2f}", recall=f"{op.recall:.2f}",
                                                   fpr=f"{op.fpr:.2f}"), style.safe_width(), color=style.MUTED_TEXT)
        fixed.arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        self.heading = VGroup(title, fixed).arrange(DOWN, buff=0.15, aligned_edge=LEFT)
        self.heading.to_corner(UP + LEFT, buff=style.EDGE_BUFF)
        self.slider = PrevalenceSlider(s, track_length=3.4, value_size=style.SIZE_NUMBER)
        style.story_number(self.slider.value)
        self.readout = self._readout()
        if self.readout.width > style.safe_width():  # a narrow (4:3) frame: one line under the other
            self.readout.arrange(DOWN, buff=0.2)
        style.fit_width(self.readout)
        self.readout.to_edge(DOWN, buff=style.EDGE_BUFF)
        # Two boards, ROC left and PR right, from under the heading down to the readout. The slider drives
        # the PR curve: it heads the PR board, or (too wide for it) stands under the heading.
        left, right = -style.safe_width() / 2, style.safe_width() / 2
        middle = (left + right) / 2
        board_width = self.board_width = (right - left - self.board_gap) / 2 - 2 * CARD_PAD
        in_board = self.slider_in_board = self.slider.width <= board_width
        if not in_board:
            self.slider.next_to(self.heading, DOWN, buff=0.3, aligned_edge=LEFT)
        self.caption = self.part_caption(self.heading if in_board else VGroup(self.heading, self.slider))
        top = VGroup(self.heading, *([] if in_board else [self.slider]), *([self.caption] if self.caption else []))
        high, low = top.get_bottom()[1] - self.board_gap, self.readout.get_top()[1] + self.board_gap
        if in_board:
            self.slider.align_to([middle + self.board_gap / 2 + CARD_PAD, high - CARD_PAD, 0], UP + LEFT)
        room = high - low - 2 * CARD_PAD - (self.slider.height + self.board_gap if in_board else 0.0)

        # Sized, never scaled (scaling would shrink their text). Axis names wrap differently at each side,
        # so the side that fills the boards is found by a few trials; the baseline label rides beside the PR
        # axes unless that costs the side, then it stands as a key under the PR title.
        def fitted(beside: bool) -> float:
            side = self.largest_side
            for _ in range(4):
                roc, pr = self._panels(side, label_beside=beside)
                label = self.pr.baseline_label.width + 0.2 if beside else 0.0
                tall = max(roc.height, pr.height) - side
                wide = max(roc.width, pr.width + label) - side
                side = max(1.0, min(room - tall, board_width - wide, self.largest_side))
            return side

        beside = fitted(True) >= 0.95 * fitted(False)
        side = fitted(beside)
        for _ in range(8):  # the last trial's wrapping may differ: step down until both fit their boards
            roc, pr = self._panels(side, label_beside=beside)
            label = self.pr.baseline_label.width + 0.2 if beside else 0.0
            if (max(roc.height, pr.height) <= room and max(roc.width, pr.width + label) <= board_width) \
                    or side <= 1.0:
                break
            side = max(1.0, side - 0.1)
        # Both panels stand on the same line at the foot of their boards, each centred across its board.
        foot = [0, low + CARD_PAD, 0]
        self.roc.move_to([(left + middle - self.board_gap / 2) / 2, 0, 0]).align_to(foot, DOWN)
        beside_width = self.pr.baseline_label.width if beside else 0.0
        self.pr.move_to([(middle + self.board_gap / 2 + right) / 2 - beside_width / 2, 0, 0]).align_to(foot, DOWN)
        self.cards = VGroup(card_over(left, middle - self.board_gap / 2, high, low),
                            card_over(middle + self.board_gap / 2, right, high, low))
        self.moving = VGroup(self.slider, self.pr, self.readout)
        self.show_step(0)
        layout = VGroup(self.cards, self.heading, self.slider, self.roc, self.pr, self.readout)
        return layout if self.caption is None else layout.add(self.caption)

    def _panels(self, side: float, label_beside: bool = True) -> tuple:
        """The ROC and PR panels with axes ``side`` long, at the data's prevalence."""
        s, numbers = self.strings, self.numbers
        self.roc = RocPanel(s, numbers.roc_fpr, numbers.roc_tpr, self.facts.report["auc"], side=side,
                            title_width=self.board_width)
        self.roc.update_to(numbers.operating)
        self.pr = PrPanel(s, side=side, label_beside=label_beside)
        return self.roc, self.pr

    def part_caption(self, above) -> VGroup | None:
        """Which model and split the data is, wrapped under ``above`` (the heading); None for one split."""
        if self.facts.split is None:
            return None
        caption = style.wrapped(self.dataset_name, style.safe_width(), color=style.MUTED_TEXT)
        return caption.arrange(DOWN, buff=0.12, aligned_edge=LEFT).next_to(above, DOWN, buff=0.15, aligned_edge=LEFT)

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
        # Over the ROC panel, level with the slider heading the PR board (the panels stand on the boards'
        # feet, so that band is free); else in the PR board's free top right corner. A tall ROC panel leaves
        # no free place: the label is left out then (the narration says it), never drawn over the axes.
        label = style.text(self.strings["pe_hold"], size=style.SIZE_SMALL, color=style.HIGHLIGHT)
        board = self.cards[0] if self.slider_in_board else self.cards[1]
        label.align_to(board.get_corner(UP + RIGHT) + (DOWN + LEFT) * CARD_PAD, UP + RIGHT)
        if self.slider_in_board:
            label.set_x(board.get_x()).set_y(self.slider.get_y())
        if label.get_bottom()[1] < self.roc.get_top()[1] + 0.05:
            return VGroup(rings, box)
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

