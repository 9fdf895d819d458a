"""HonestThreshold: choose θ on one split, carry it to another, and see why peeking flatters.

The sequel of CostThreshold, on data with splits. The rule's metric (the cost
``C_FN·FN + C_FP·FP`` for the default rule) against θ on the choosing split
(validation, or train, which is optimistic), its best θ* marked; then the
reporting split (test) beside it on its own axis (its size differs), θ*
carried over unchanged and compared with the default 0.50; then the peek, the
rule run on the test split itself, marked as optimistic with the gap in
numbers and the gap expected over the bootstrap resamples (this split's own
gap is one draw of it); then the wobble, the θ* of each bootstrap resample of the choosing
split as a strip of ticks with its 5-95 % range. Every number comes from
``facts.comparison`` (see :mod:`umbral.scenes.numbers.honest_threshold`).

This module is the story, beat by beat. The boards, their layout and each
beat's marks are :class:`umbral.scenes.components.split_boards.SplitBoards`; the
names, values and sentences they show are
:class:`umbral.scenes.numbers.honest_words.HonestWords`.
"""

from __future__ import annotations

from manim import (
    DOWN,
    Create,
    FadeIn,
    FadeOut,
    GrowFromEdge,
    TransformFromCopy,
    VGroup,
    Write,
)

from umbral.scenes import style
from umbral.scenes.base import LectureScene
from umbral.scenes.beats import Beat
from umbral.scenes.components.legend_rows import balanced_text
from umbral.scenes.components.split_boards import SplitBoards
from umbral.scenes.numbers.honest_threshold import honest_numbers
from umbral.scenes.numbers.honest_words import HonestWords

__all__ = ["HonestThreshold"]


class HonestThreshold(LectureScene):
    """Choosing split's metric curve and θ*, the reporting split's with θ* carried over, the peek, the wobble."""

    opening_seconds = 6.0
    draw_seconds = 1.4
    mark_seconds = 0.6
    carry_seconds = 1.0
    choose_hold = 4.0
    carry_hold = 6.0
    peek_hold = 6.0
    #: After the peek's own gap, the narration says the gap expected over the resamples.
    expected_hold = 4.0
    #: The peek's marks (and at the end, the stage) fade out this fast before what follows comes in.
    unpeek_seconds = 0.4
    wobble_seconds = 0.8
    wobble_hold = 6.6
    none_hold = 5.0
    closing_seconds = 5.6

    def prepare(self) -> None:
        """The shown model's numbers on the two splits, their words and boards."""
        self.numbers = honest_numbers(self.facts.comparison, self.facts.model)
        self.words = HonestWords(self.numbers, self.strings, self.lang, self.data_title)
        #: The two splits' boards: the layout, and the marks of each beat (see :class:`SplitBoards`).
        self.boards = SplitBoards(self.numbers, self.strings, self.words)

    def opening(self) -> VGroup:
        """Title card: the lesson's claim, the data, the two splits, the rule (and the note about train)."""
        s, w = self.strings, self.words.fields
        width = style.safe_width()
        parts = [balanced_text(s["honest_opening_title"], width, size=style.SIZE_TITLE, weight="BOLD", align=None),
                 balanced_text(w["caption"], width, size=style.SIZE_LABEL, align=None),
                 balanced_text(s["honest_opening_plan"].format(**w), width, size=style.SIZE_LABEL, align=None),
                 balanced_text(s["honest_header_rule"].format(**w), width, color=style.MUTED_TEXT, align=None)]
        if self.numbers.on_train:
            parts.append(balanced_text(s["honest_note_train"], width, color=style.REDDISH_PURPLE, align=None))
        return style.fit_width(VGroup(*parts).arrange(DOWN, buff=0.35))

    def closing(self) -> VGroup:
        """The lesson, naming the splits; its sub-line depends on the case (train, no θ*)."""
        n, s, w = self.numbers, self.strings, self.words.fields
        if n.chosen is None:
            key, sub = "honest_closing_none", "honest_closing_none_sub"
        else:
            key, sub = "honest_closing", "honest_closing_sub_train" if n.on_train else "honest_closing_sub"
        width = style.safe_width()
        title = balanced_text(s[key].format(**w), width, size=style.SIZE_TITLE, weight="BOLD", align=None)
        words = balanced_text(s[sub].format(**w), width, size=style.SIZE_LABEL, color=style.MUTED_TEXT, align=None)
        return style.fit_width(VGroup(title, words).arrange(DOWN, buff=0.3))

    @classmethod
    def beats(cls, chosen: bool = True, **shape) -> tuple[Beat, ...]:
        """Opening; choose on one split; carry θ* to the other; peek; wobble; closing.

        ``chosen`` False (no θ reaches the target): the story stops after the choosing split.
        """
        part = cls.fade_seconds + cls.draw_seconds + cls.mark_seconds
        opening = cls.title_beat("the threshold is a hyperparameter: which split chooses it, which reports")
        closing = Beat("closing", cls.closing_seconds, "the stage cleared; the lesson")
        if not chosen:
            return (opening,
                    Beat("no_choice", part + cls.none_hold, "the choosing split's curve: no θ reaches the target",
                         pause=True),
                    closing)
        return (opening,
                Beat("choose", part + cls.choose_hold, "the choosing split's curve, then θ* chosen on it", pause=True),
                Beat("carry", cls.fade_seconds + cls.draw_seconds + cls.carry_seconds + cls.mark_seconds
                     + cls.carry_hold, "the reporting split's curve beside it; θ* carried over unchanged", pause=True),
                Beat("peek", cls.mark_seconds + cls.peek_hold + cls.expected_hold,
                     "the peek: the rule run on the reporting split itself, and what it flatters on average",
                     pause=True),
                Beat("wobble", cls.unpeek_seconds + cls.wobble_seconds + cls.wobble_hold,
                     "θ* of each bootstrap resample of the choosing split", pause=True),
                closing)

    def shape(self) -> dict:
        """Without θ* the story stops after the choosing split."""
        return {"chosen": self.numbers.chosen is not None}

    # -- the story ----------------------------------------------------------
    def play_opening(self, beat):
        """The threshold is a hyperparameter; which split chooses, which reports."""
        w = self.words.fields
        key = "say_honest_opening_train" if self.numbers.on_train else "say_honest_opening"
        return self.title_card(key, dataset=w["caption"], **w)

    def play_choose(self, beat):
        """The choosing split: its curve, then θ*."""
        n, words = self.numbers, self.words
        self.say("say_honest_choose", theta=words.theta(n.chosen), value=words.value(n.value_choose), **words.fields)
        self.choosing_split()

    def play_no_choice(self, beat):
        """The choosing split: its curve; no θ reaches the target."""
        self.say("say_honest_none", **self.words.fields)
        self.choosing_split()

    def choosing_split(self) -> None:
        """Both panels (the reporting one empty until θ* is carried to it), the choosing curve and its marks."""
        b = self.boards
        b.build_layout()
        self.choose_curve = b.curve("choose")
        self.play_for(self.fade_seconds, FadeIn(b.head), FadeIn(b.cards), FadeIn(b.choose_panel),
                      FadeIn(b.report_panel))
        self.play_for(self.draw_seconds, Create(self.choose_curve))
        self.chosen_marks = b.choose_marks()
        self.play_for(self.mark_seconds, FadeIn(self.chosen_marks))

    def play_carry(self, beat):
        """The reporting split beside it, on its own axis; θ* carried over unchanged."""
        n, words, b = self.numbers, self.words, self.boards
        w = words.fields
        self.report_curve = b.curve("report")
        half = beat.seconds / 2
        self.say("say_honest_carry", half, theta=words.theta(n.chosen), value=words.value(n.value_report), **w)
        self.say("say_honest_half", half, offset=half, value=words.value(n.value_half),
                 comparison=words.half_comparison(), **w)
        self.play_for(self.fade_seconds + self.draw_seconds, Create(self.report_curve))
        self.report_line = b.report_panel.vline(n.chosen, style.COST_MIN_COLOR)
        self.play_for(self.carry_seconds, TransformFromCopy(self.chosen_marks.line, self.report_line))
        self.carried = b.carry_marks()
        self.play_for(self.mark_seconds, FadeIn(self.carried))

    def play_peek(self, beat):
        """The peek: the rule run on the reporting split itself; then what it flatters on average."""
        n, words, b = self.numbers, self.words, self.boards
        w = words.fields
        self.peek = peek = b.peek_marks()
        seconds = self.mark_seconds + self.peek_hold
        expected = words.expected_values()
        if n.peek is None:
            self.say("say_honest_peek_none", **w)
        else:
            self.say(words.peek_key(), seconds if expected else None,
                     theta=words.theta(n.peek), value=words.value(n.value_peek), gap=words.own_gap(), **w)
        if n.peek is not None and expected:
            self.say("say_honest_peek_expected", self.expected_hold, offset=seconds, **{**w, **expected})
        self.play_for(self.mark_seconds, FadeIn(peek))
        if peek.expected is not None:  # no room for both gaps: the expected one takes the own one's place
            self.hold(self.peek_hold)
            self.play_for(self.fade_seconds, FadeOut(peek.gap), FadeIn(peek.expected))
            peek.rows.remove(peek.gap)
            peek.rows.add(peek.expected)

    def play_wobble(self, beat):
        """The wobble: θ* of each bootstrap resample of the choosing split."""
        n, words = self.numbers, self.words
        wobble = self.wobble = self.boards.wobble_marks()
        def shown(number, form):  # every resample may miss a target: nothing to quote then
            return "–" if number is None else form(number)

        self.say("say_honest_wobble", resamples=n.resamples, low=shown(n.theta_low, words.theta),
                 high=shown(n.theta_high, words.theta), metric_low=shown(n.metric_low, words.value),
                 metric_high=shown(n.metric_high, words.value), **words.fields)
        self.play_for(self.unpeek_seconds, FadeOut(self.peek))
        baseline, ticks = wobble.strip
        self.play_for(self.wobble_seconds, FadeIn(baseline), *(GrowFromEdge(tick, DOWN) for tick in ticks),
                      FadeIn(wobble))

    def play_closing(self, beat):
        """Closing: clear the stage and state the lesson."""
        n, w, b = self.numbers, self.words.fields, self.boards
        shown = VGroup(b.head, b.cards, b.choose_panel, b.report_panel, self.choose_curve)
        if n.chosen is None:
            shown.add(self.chosen_marks)
        else:
            shown.add(self.report_curve, self.chosen_marks, self.report_line, self.carried, self.wobble.strip,
                      self.wobble)
        key = "say_honest_closing_none" if n.chosen is None else (
            "say_honest_closing_train" if n.on_train else "say_honest_closing")
        self.say(key, choose=w["choose"], report=w["report"])
        # The stage goes first: written over a full stage, the lesson would be hard to read.
        self.play_for(self.unpeek_seconds, FadeOut(shown))
        self.play_for(self.fade_seconds, Write(self.closing()))
