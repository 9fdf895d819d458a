"""PrevalenceEffect: the same test at other prevalences; the ROC stays, the PR curve sinks."""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    ORIGIN,
    RIGHT,
    UP,
    Circle,
    FadeIn,
    FadeOut,
    SurroundingRectangle,
    Text,
    VGroup,
    Write,
    linear,
)

from umbral.scenes import style
from umbral.scenes.base import HeldSteps, LectureScene
from umbral.scenes.beats import Beat
from umbral.scenes.components import RocPanel
from umbral.scenes.components.card import CARD_PAD, card_over
from umbral.scenes.components.live_text import LiveText, Slot
from umbral.scenes.components.pr_panel import PrPanel
from umbral.scenes.components.prevalence_slider import PrevalenceSlider
from umbral.scenes.numbers.number_formats import format_theta
from umbral.scenes.numbers.prevalence_effect import prevalence_effect_numbers
from umbral.scenes.style import balanced_lines

__all__ = ["PrevalenceEffect"]


class PrevalenceEffect(LectureScene):
    """Prevalence from the data's own up to 0.5, then down to 0.01, with ROC and PR side by side."""

    threshold = 0.5
    highest_prevalence = 0.5
    lowest_prevalence = 0.01
    intro_seconds = 5.0
    up_seconds = 4.0
    down_seconds = 12.0
    hold_seconds = 5.0
    closing_seconds = 4.0
    #: Space between the two boards, and between them and the heading or readout (frame units).
    board_gap = 0.2
    #: The ROC and PR axes grow to fill their boards up to this side (frame units).
    largest_side = 4.4
    #: Below this side (frame units) the panels get the flagged line's room; the narration says it then.
    least_side = 2.6
    #: Trial builds per search for the panels' side (each round lands on it unless an axis name rewraps).
    fit_rounds = 4
    #: The slider's shortest track, and its gap from the π readout when the two share a row (frame units).
    track_length = 3.4
    track_gap = 0.45
    #: A side this close under the room left is taken (frame units; another trial build would gain less).
    fit_slack = 0.1
    #: Share of the hold the hold's line is said in when the flagged line follows it in the narration.
    hold_share = 0.6

    def prepare(self) -> None:
        """Precision and the curves at every prevalence from ``highest_prevalence`` down."""
        self.numbers = prevalence_effect_numbers(self.facts.sweep, self.threshold, self.highest_prevalence,
                                                 self.lowest_prevalence, sklearn=self.facts.sklearn)

    # -- building -------------------------------------------------------
    def build_layout(self) -> VGroup:
        """Heading, the slider as one row, the ROC and PR boards side by side filling the rest, the readout."""
        s, numbers, op = self.strings, self.numbers, self.numbers.operating
        title = style.wrapped(s["pe_title"], style.safe_width(), size=style.SIZE_HEADER, weight="BOLD")
        title.arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        fixed = style.wrapped(s["pe_fixed"].format(threshold=format_theta(numbers.threshold), recall=f"{op.recall:.2f}",
                                                   fpr=f"{op.fpr:.2f}"), style.safe_width(), color=style.MUTED_TEXT)
        fixed.arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        self.heading = VGroup(title, fixed).arrange(DOWN, buff=0.15, aligned_edge=LEFT)
        self.heading.to_corner(UP + LEFT, buff=style.EDGE_BUFF)
        # The slider (π with its track beside it, when the row fits) stands across the frame under the heading,
        # so the boards below it hold nothing but their panels.
        self.slider = self._slider()
        self._track_beside_value()
        self.slider.next_to(self.heading, DOWN, buff=0.3, aligned_edge=LEFT)
        self.caption = self.part_caption(VGroup(self.heading, self.slider))
        top = VGroup(self.heading, self.slider, *([self.caption] if self.caption else []))
        high = top.get_bottom()[1] - self.board_gap
        left, right = -style.safe_width() / 2, style.safe_width() / 2
        middle = (left + right) / 2
        self.board_width = (right - left - self.board_gap) / 2 - 2 * CARD_PAD
        side, beside, low = self._fit_with_readout(high)
        # Both panels stand on the same line at the foot of their boards, each centred across its board.
        foot = [0, low + CARD_PAD, 0]
        self.roc.move_to([(left + middle - self.board_gap / 2) / 2, 0, 0]).align_to(foot, DOWN)
        beside_width = self.pr.baseline_label.width if beside else 0.0
        self.pr.move_to([(middle + self.board_gap / 2 + right) / 2 - beside_width / 2, 0, 0]).align_to(foot, DOWN)
        self.cards = VGroup(card_over(left, middle - self.board_gap / 2, high, low),
                            card_over(middle + self.board_gap / 2, right, high, low))
        self.show_step(0)
        layout = VGroup(self.cards, self.heading, self.slider, self.roc, self.pr, self.readout)
        return layout if self.caption is None else layout.add(self.caption)

    @property
    def flagged_on_screen(self) -> bool:
        """Whether the "of every 100 flagged" line is drawn (else the narration says it at the hold)."""
        return self.flagged in self.readout

    def _fit_with_readout(self, high: float) -> tuple[float, bool, float]:
        """The readout at the foot, with the flagged line where it costs the panels least, and the panels.

        The flagged line stands beside the precision (on one line, else wrapped in two), else under it, as
        long as the panels keep ``least_side``; else it is left to the narration. The panels' side is found
        once without it; each arrangement then costs the side its extra height, so only the chosen one is
        built again. Returns what :meth:`_fit_panels` does.
        """
        precision = self._precision_line()
        alone = None
        for flagged, direction, gap in self._flagged_arrangements():
            extra = flagged.height + gap if direction is DOWN else max(0.0, flagged.height - precision.height)
            if alone is None and extra < 0.01:  # on one line with the precision: it costs nothing
                self._place_readout(flagged, direction, gap)
                return self._fit_panels(high)
            if alone is None:
                self.readout = VGroup(precision)
                alone = self._fit_panels(high)
            if alone[0] - extra < self.least_side:
                continue
            self._place_readout(flagged, direction, gap)
            fit = self._fit_panels(high, start=(alone[0] - extra, alone[1]))
            if fit[0] >= self.least_side:
                return fit
            break
        self.readout = VGroup(precision).to_edge(DOWN, buff=style.EDGE_BUFF)
        if self._built != alone[:2]:
            self._panels(*alone[:2])
        return alone

    def _precision_line(self) -> LiveText:
        """Precision at the fixed θ: the story number."""
        s, color = self.strings, style.METRIC_COLORS["precision"]
        line = LiveText(s["pe_read_precision"].replace("{threshold}", format_theta(self.numbers.threshold)),
                        {"precision": Slot("0.000", "{:.3f}", color, "BOLD")},
                        colors={s["precision"]: color}, size=style.SIZE_NUMBER)
        self.lines = {"precision": style.story_number(line)}
        return line

    def _flagged_arrangements(self):
        """Where the flagged line may go: beside the precision (one line or two), then under it.

        Yields the line (built for that place), the direction from the precision and the gap.
        """
        precision, gap, width = self.lines["precision"], 0.6, style.safe_width()
        one_line = self._flagged(None)
        self.flagged, self.lines["flagged"] = one_line, one_line.live  # kept live even when left to the narration
        if precision.width + gap + one_line.width <= width:
            yield one_line, RIGHT, gap
        else:
            two_lines = self._flagged(width - precision.width - gap)
            if len(two_lines) <= 2 and two_lines.width <= width - precision.width - gap:
                yield two_lines, RIGHT, gap
        yield (one_line if one_line.width <= width else self._flagged(width)), DOWN, 0.2

    def _place_readout(self, flagged: VGroup, direction, gap: float) -> None:
        """The precision and ``flagged`` side by side (``RIGHT``) or one over the other, at the frame's foot."""
        self.flagged, self.lines["flagged"] = flagged, flagged.live
        aligned = DOWN if direction is RIGHT and len(flagged) == 1 else ORIGIN
        self.readout = VGroup(self.lines["precision"], flagged).arrange(direction, buff=gap, aligned_edge=aligned)
        self.readout.to_edge(DOWN, buff=style.EDGE_BUFF)

    def _flagged(self, width: float | None) -> VGroup:
        """How many of 100 flagged are sick: one line, or (``width`` given) centred lines no wider than it.

        The line holding the count is live (``.live``).
        """
        template, size, color = self.strings["pe_read_flagged"], style.SIZE_SMALL, style.MUTED_TEXT
        lines = [template] if width is None else balanced_lines(template.split(), width, size)
        group = VGroup()
        for line in lines:
            if "{sick}" in line:
                group.live = LiveText(line, {"sick": Slot("000", "{:.0f}")}, size=size, color=color)
                group.add(group.live)
            else:
                group.add(style.text(line, size=size, color=color))
        return group.arrange(DOWN, buff=0.12)

    def _fit_panels(self, high: float, start: tuple[float, bool] | None = None) -> tuple[float, bool, float]:
        """The largest panels that fit the boards between ``high`` and the readout (placed at the foot).

        Returns the axes' side, whether the PR baseline label rides beside the axes, and the boards' lower edge.
        Sized, never scaled (scaling would shrink their text). A panel's height and width grow one for one
        with its side, except where an axis name wraps, so the room a trial build leaves gives the side;
        a few rounds settle the wrapping. The first trials, at the largest side, also choose where the
        baseline label goes: beside the PR axes unless that costs the side, else as a key under the PR
        title. ``start`` (a side and that choice) skips them.
        """
        self.readout.to_edge(DOWN, buff=style.EDGE_BUFF)
        low = self.readout.get_top()[1] + self.board_gap
        room, largest = high - low - 2 * CARD_PAD, self.largest_side

        def spare(side: float, beside: bool) -> float:
            """Room left in a board by panels of ``side``, the less of height and width (negative: no fit)."""
            roc, pr = self._panels(side, label_beside=beside)
            label = self.pr.baseline_label.width + 0.2 if beside else 0.0
            return min(room - max(roc.height, pr.height),
                       self.board_width - max(roc.width - CARD_PAD, pr.width + label))

        if start is None:
            sides = {beside: min(largest, largest + spare(largest, beside)) for beside in (False, True)}
            beside = sides[True] >= 0.95 * sides[False]
            side = max(1.0, sides[beside] - 0.005)
        else:
            side, beside = min(largest, start[0]), start[1]
        for _ in range(self.fit_rounds):
            left = spare(side, beside)
            if left >= 0 and (side >= largest or left < self.fit_slack):
                break
            side = max(1.0, min(largest, side + left - 0.005))
        else:
            while spare(side, beside) < 0 and side > 1.0:  # a name rewrapped at every trial: step down
                side = max(1.0, side - 0.1)
        if self._built != (side, beside):
            self._panels(side, label_beside=beside)
        return side, beside, low

    def _slider(self) -> PrevalenceSlider:
        """The slider, its track as long as the row beside the π readout allows (at least ``track_length``)."""
        slider = PrevalenceSlider(self.strings, track_length=self.track_length, value_size=style.SIZE_NUMBER)
        overhang = slider.track.width - self.track_length  # the end ticks' labels stick out of the line
        longer = style.safe_width() - slider.value.width - self.track_gap - overhang
        if longer > self.track_length:
            slider = PrevalenceSlider(self.strings, track_length=longer, value_size=style.SIZE_NUMBER)
        style.story_number(slider.value)
        return slider

    def _track_beside_value(self) -> None:
        """Under the heading, the slider's track (with its pointer) right of the π readout, if the row fits.

        The boards then keep the height the track's own row would take.
        """
        slider, gap = self.slider, self.track_gap
        if slider.value.width + gap + slider.track.width > style.safe_width() + 1e-6:  # built to fit exactly
            return
        line = slider.track[0]
        beside = VGroup(slider.track, slider.pointer)
        beside.shift(slider.value.get_right() + RIGHT * gap - line.get_start())
        beside.shift(UP * (slider.value.get_y() - line.get_y()))

    def _panels(self, side: float, label_beside: bool = True) -> tuple:
        """The ROC and PR panels with axes ``side`` long, at the data's prevalence."""
        s, numbers = self.strings, self.numbers
        # The title may use the board's padding: one line rather than two there.
        self.roc = RocPanel(s, numbers.roc_fpr, numbers.roc_tpr, self.facts.report["auc"], side=side,
                            title_width=self.board_width + CARD_PAD)
        self.roc.update_to(numbers.operating)
        self.pr = PrPanel(s, side=side, label_beside=label_beside)
        self._built = (side, label_beside)
        return self.roc, self.pr

    def part_caption(self, above) -> VGroup | None:
        """Which model and split the data is, wrapped under ``above`` (the heading); None for one split."""
        if self.facts.split is None:
            return None
        caption = style.wrapped(self.dataset_name, style.safe_width(), color=style.MUTED_TEXT)
        return caption.arrange(DOWN, buff=0.12, aligned_edge=LEFT).next_to(above, DOWN, buff=0.15, aligned_edge=LEFT)

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

    def slide(self, start: int, end: int, seconds: float) -> HeldSteps:
        """Steps ``start`` .. ``end`` of the path (log-spaced), each for the same share of time.

        Held steps over the moving parts alone (drawn on top): a frame is drawn only when the step changes.
        """
        slider, pr = self.slider, self.pr
        live = [slider.value, slider.pointer, pr.baseline, pr.curve, pr.dot, self.readout]
        if pr.label_beside:
            live.insert(3, pr.baseline_label)
        return HeldSteps(self.lift(*live), range(start, end + 1), self.show_step, run_time=seconds, rate_func=linear)

    def hold_marks(self) -> VGroup:
        """Rings on both operating points, a box round the readout, and a word on each board.

        The word ("unchanged", "sank") follows its board's title on the title row, or else stands in a free
        corner of its plot; where neither has room it is left out (the narration says it).
        """
        rings = VGroup(*(Circle(radius=0.17, color=style.HIGHLIGHT, stroke_width=style.STROKE).move_to(dot)
                         for dot in (self.roc.dot, self.pr.dot)))
        box = SurroundingRectangle(self.lines["precision"], color=style.HIGHLIGHT, buff=0.1,
                                   stroke_width=style.STROKE_THIN)
        marks = VGroup(rings, box)
        for key, panel, card, corner in (("pe_hold_roc", self.roc, self.cards[0], (1, 0)),
                                         ("pe_hold_pr", self.pr, self.cards[1], (1, 1))):
            word = self._board_word(key, panel, card, corner)
            if word is not None:
                marks.add(word)
        return marks

    def _board_word(self, key: str, panel, card, corner: tuple[int, int]):
        """``strings[key]`` in the title row right of ``panel``'s title, or inside its plot at ``corner``."""
        word = style.text(self.strings[key], size=style.SIZE_SMALL, color=style.HIGHLIGHT)
        title = panel.title
        line = title if isinstance(title, Text) else title[0][-1]  # the title's (last) line of words
        if title.get_right()[0] + 0.3 + word.width <= card.get_right()[0] - CARD_PAD:  # reads on from the title
            word.next_to(title, RIGHT, buff=0.3)
            return word.shift(UP * (style.baseline(line) - style.baseline(word)))
        # In the plot: the ROC's lower right lies under the chance diagonal, the sunk PR curve leaves its
        # upper right empty; taken only if no line, dot or text of the panel comes near.
        inside = panel.axes.c2p(*corner) + [-0.12, 0.12 if corner[1] == 0 else -0.12, 0]
        word.next_to(inside, UP + LEFT if corner[1] == 0 else DOWN + LEFT, buff=0)
        return word if self._clear(word, panel) else None

    @staticmethod
    def _clear(word, panel, margin: float = 0.1) -> bool:
        """No curve, dashed line or dot of ``panel`` within ``margin`` of ``word``, and no text under it."""
        (x0, y0), (x1, y1) = word.get_corner(DOWN + LEFT)[:2] - margin, word.get_corner(UP + RIGHT)[:2] + margin
        t = np.linspace(0.0, 1.0, 25)[:, None]
        for part in panel.family_members_with_points():
            if isinstance(part, Text) or part in panel.axes.family_members_with_points():
                continue
            anchors = part.points.reshape(-1, 4, 3)
            samples = (anchors[:, 0, None, :2] * (1 - t) + anchors[:, 3, None, :2] * t).reshape(-1, 2)
            if np.any((samples[:, 0] > x0) & (samples[:, 0] < x1) & (samples[:, 1] > y0) & (samples[:, 1] < y1)):
                return False
        texts = [m for m in panel.get_family() if isinstance(m, Text)]
        return not any(m.get_left()[0] < x1 and m.get_right()[0] > x0 and m.get_bottom()[1] < y1
                       and m.get_top()[1] > y0 for m in texts)

    @classmethod
    def beats(cls, **shape) -> tuple[Beat, ...]:
        """Data's prevalence, up to 0.5, down to 0.01, hold, closing."""
        return (Beat("intro", cls.intro_seconds, "ROC, PR and the slider at the data's own prevalence", pause=True),
                Beat("common", cls.up_seconds, "the prevalence up to a common disease", pause=True),
                Beat("down", cls.down_seconds, "down to a rare one: the ROC stays, the PR curve sinks"),
                Beat("rare", cls.hold_seconds, "held at the lowest prevalence: precision and who is flagged",
                     pause=True),
                Beat("closing", cls.closing_seconds, "the lesson, on a closing card"))

    def said_at(self, index: int) -> dict:
        """The prevalence and the precision at step ``index`` as the narration quotes them."""
        numbers = self.numbers
        return {"prevalence": f"{numbers.prevalences[index]:.2f}",
                "precision": f"{numbers.operating_precision[index]:.3f}"}

    # -- the story --------------------------------------------------------
    def play_intro(self, beat):
        """Everything at the data's own prevalence."""
        numbers, op = self.numbers, self.numbers.operating
        self.layout = self.build_layout()
        self.say("say_pe_intro", threshold=format_theta(numbers.threshold), recall=f"{op.recall:.2f}",
                 fpr=f"{op.fpr:.2f}", **self.said_at(0))
        self.play(FadeIn(self.layout), run_time=self.fade_seconds)

    def play_common(self, beat):
        """Up to a common disease."""
        turn = self.numbers.turn
        self.say("say_pe_up", **self.said_at(turn))
        self.play(self.slide(0, turn, beat.seconds))

    def play_down(self, beat):
        """Down to a rare one: the ROC stays, the PR curve sinks."""
        half = beat.seconds / 2
        self.say("say_pe_down", half)
        self.say("say_pe_sink", half, offset=half)
        self.play(self.slide(self.numbers.turn, self.numbers.prevalences.size - 1, beat.seconds))

    def play_rare(self, beat):
        """Hold at the lowest prevalence."""
        numbers = self.numbers
        last = numbers.prevalences.size - 1
        self.marks = self.hold_marks()
        if self.flagged_on_screen:
            self.say("say_pe_hold", **self.said_at(last))
        else:  # the readout had no room for it: said after the hold's own line
            spoken = beat.seconds * self.hold_share
            self.say("say_pe_hold", spoken, **self.said_at(last))
            self.say("say_pe_flagged", offset=spoken, sick=f"{numbers.operating_per_hundred[last]:.0f}")
        self.play(FadeIn(self.marks), run_time=self.fade_seconds)

    def play_closing(self, beat):
        """The lesson."""
        closing = self.closing_card("pe_closing")
        self.say("say_pe_closing")
        self.play(FadeOut(self.layout), FadeOut(self.marks), Write(closing), run_time=self.fade_seconds)
