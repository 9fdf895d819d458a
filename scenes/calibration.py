"""Calibration: when a score is a probability, and why the cost rule θ = C_FP / (C_FP + C_FN) needs it.

The sequel of HonestThreshold, on data with splits. The cases of the reporting split (test)
drop as dots into score bins; the positives sink, filling each bin's column to its share
positive, and each level becomes a point of the reliability diagram against the diagonal, bin
by bin, one model, then the other. A card of numbers: ECE, the Brier score with its parts in
plain words, log-loss. Then the worst-calibrated model's cost curve on test: the rule's θ
misses the minimum. Its scores are recalibrated on the choosing split (validation): the dots
slide to their new scores, the curve moves toward the diagonal, and the rule's θ lands near the
minimum. Every number comes from :func:`umbral.scenes.numbers.calibration.calibration_numbers`, verified
against scikit-learn before the scene is built.

This module is the story, beat by beat; the boards and each beat's rows are
:class:`umbral.scenes.components.calibration_boards.CalibrationBoards`, the words
:class:`umbral.scenes.numbers.calibration_words.CalibrationWords`.
"""

from __future__ import annotations

from manim import DOWN, Create, FadeIn, FadeOut, Transform, VGroup, Write

from umbral.scenes import style
from umbral.scenes.base import LectureScene
from umbral.scenes.beats import Beat
from umbral.scenes.components.calibration_boards import CalibrationBoards
from umbral.scenes.components.legend_rows import balanced_text
from umbral.scenes.numbers.calibration import calibration_numbers
from umbral.scenes.numbers.calibration_words import CalibrationWords

__all__ = ["Calibration"]


class Calibration(LectureScene):
    """Score bins filling into a reliability diagram per model; the numbers; the cost rule before and after."""

    #: How the worst-calibrated model is recalibrated on the choosing split: "isotonic" or "sigmoid" (Platt).
    method = "isotonic"
    n_bins = 10

    opening_seconds = 6.4
    drop_seconds = 1.2
    settle_seconds = 1.2
    #: Each bin's level carried to the diagram: slower for the first model, faster for the next.
    bin_seconds = (0.6, 0.4)
    curve_hold = 3.4
    table_hold = 9.0
    draw_seconds = 1.4
    mark_seconds = 0.6
    cost_hold = 6.4
    slide_seconds = 1.6
    recalibrate_hold = 5.0
    cost_after_hold = 6.4
    #: What is on screen fades out this fast before the next board comes in.
    clear_seconds = 0.4
    closing_seconds = 5.6

    #: The rows under the diagram shown now (each model's ECE, where the last curve lies).
    right_rows: VGroup | None = None

    def prepare(self) -> None:
        """The calibration lesson's numbers, its words and its boards."""
        self.numbers = calibration_numbers(self.facts.comparison, self.method, self.n_bins)
        self.words = CalibrationWords(self.numbers, self.strings, self.lang, self.data_title)
        self.boards = CalibrationBoards(self.numbers, self.strings, self.words)

    # -- cards ----------------------------------------------------------------
    def opening(self) -> VGroup:
        """Title card: the claim, the data, the cost rule's θ, the splits."""
        s, w = self.strings, self.words.fields
        width = style.safe_width()
        parts = [balanced_text(s["calib_opening_title"], width, size=style.SIZE_TITLE, weight="BOLD", align=None),
                 balanced_text(self.words.title, width, size=style.SIZE_LABEL, align=None),
                 balanced_text(s["calib_opening_claim"].format(**w), width, size=style.SIZE_LABEL, align=None),
                 balanced_text(s["calib_opening_plan"].format(**w), width, color=style.MUTED_TEXT, align=None)]
        return style.fit_width(VGroup(*parts).arrange(DOWN, buff=0.35))

    def closing(self) -> VGroup:
        """The lesson, naming the split to calibrate on."""
        s, w = self.strings, self.words.fields
        width = style.safe_width()
        title = balanced_text(s["calib_closing"].format(**w), width, size=style.SIZE_TITLE, weight="BOLD", align=None)
        sub = balanced_text(s["calib_closing_sub"], width, size=style.SIZE_LABEL, color=style.MUTED_TEXT, align=None)
        return style.fit_width(VGroup(title, sub).arrange(DOWN, buff=0.3))

    # -- the story as beats ---------------------------------------------------
    @classmethod
    def beats(cls, filled: tuple = (10, 10), **shape) -> tuple[Beat, ...]:
        """Opening; the bins per model; the numbers; the cost rule; recalibrate; the rule again; closing.

        ``filled`` counts each model's filled bins (screening8: two models, ten each).
        """
        cost = cls.clear_seconds + cls.fade_seconds + cls.draw_seconds + cls.mark_seconds
        curves = tuple(Beat(f"curve_{index + 1}",
                            (cls.clear_seconds + cls.fade_seconds if index else 0.0) + cls.drop_seconds
                            + cls.settle_seconds + cls.bin_seconds[min(index, 1)] * count + cls.curve_hold,
                            "a model's cases drop into the bins, the positives sink, each level goes to the diagram",
                            pause=True) for index, count in enumerate(filled))
        return (cls.title_beat("a score of 0.3 should mean 3 in 10: the data, the cost rule's θ, the splits"),
                Beat("boards", cls.fade_seconds, "the first model's bins on the left, the reliability diagram right"),
                *curves,
                Beat("table", cls.clear_seconds + cls.fade_seconds + cls.table_hold,
                     "ECE, Brier and its parts, log-loss, on a card across the frame", pause=True),
                Beat("cost", cost + cls.cost_hold, "the raw cost curve on test: the rule's θ against its minimum",
                     pause=True),
                Beat("recalibrate", cls.clear_seconds + cls.fade_seconds + cls.slide_seconds + cls.settle_seconds
                     + cls.recalibrate_hold, "recalibrated: the dots slide, the columns refill, the curve straightens",
                     pause=True),
                Beat("cost_after", cost + cls.cost_after_hold,
                     "the recalibrated cost curve: the rule's θ near the minimum", pause=True),
                Beat("closing", cls.clear_seconds + cls.closing_seconds, "the stage cleared; the lesson"))

    def shape(self) -> dict:
        """The bins' part grows with the models and their filled bins."""
        return {"filled": tuple(len(bins.filled) for bins in self.numbers.models)}

    # -- the story --------------------------------------------------------------
    def play_opening(self, beat):
        """A score of 0.3 should mean 3 in 10."""
        return self.title_card("say_calib_opening", **self.words.fields)

    def play_boards(self, beat):
        """The boards: the first model's bins on the left, the reliability diagram on the right."""
        b = self.boards
        b.build_layout()
        self.panel = b.bins_panel(self.numbers.models[0])
        self.play_for(self.fade_seconds, FadeIn(b.head), FadeIn(b.cards), FadeIn(b.reliability), FadeIn(self.panel))
        self.curves = VGroup()

    def play_curve(self, beat):
        """One model: its cases drop into the bins, the positives sink, each level goes to the diagram."""
        w, b = self.words, self.boards
        index = beat.index
        bins, panel = self.numbers.models[index], self.panel
        key = "say_calib_second" if index else "say_calib_curve"
        if index == 0:  # the bins explained while they drop and fill; the curve's shape while it holds
            spoken = beat.seconds - self.curve_hold
            self.say("say_calib_bins", spoken, **w.fields)
            self.say(key, self.curve_hold, offset=spoken, model=w.model(bins.model),
                     shape=w.shape(bins).split(": ", 1)[-1])
        else:
            self.say(key, model=w.model(bins.model), shape=w.shape(bins).split(": ", 1)[-1])
            # The whole board is swapped (its bins may differ, e.g. quantile edges), never left behind.
            self.play_for(self.clear_seconds, FadeOut(self.shown), FadeOut(panel))
            panel = self.panel = b.bins_panel(bins)
            self.play_for(self.fade_seconds, FadeIn(panel))
        colour = style.MODEL_COLORS[index % len(style.MODEL_COLORS)]
        dots = panel.dots(bins, sorted_=False)
        self.play_for(self.drop_seconds, FadeIn(dots, shift=DOWN * 0.8))
        fills = panel.fills(bins)
        first = b.bins_rows(bins, bins.filled[0])
        self.play_for(self.settle_seconds, Transform(dots, panel.dots(bins, sorted_=True)), FadeIn(fills),
                      FadeIn(first))
        markers = b.reliability.markers(bins, index, colour)
        segments = b.reliability.segments(bins, colour)
        rows = first
        filled = [k for k, one in enumerate(bins.bins) if one.count]
        for step, k in enumerate(filled):
            if step:
                new = b.bins_rows(bins, bins.bins[k])
                self.remove(rows)
                self.add(new)
                rows = new
            marker = markers[step]
            target = marker.get_center()
            marker.move_to(panel.level_point(bins, k))
            animations = [marker.animate.move_to(target)]
            if step:
                animations.append(Create(segments[step - 1]))
            self.add(marker)
            self.play_for(self.bin_seconds[min(index, 1)], *animations)
        right = b.model_rows(index, index)
        if index:
            self.remove(self.right_rows)
        self.add(right)
        self.right_rows = right
        self.curves.add(VGroup(segments, markers))
        self.shown = VGroup(dots, fills, rows)  # the last model's dots, fills and rows

    def play_table(self, beat):
        """The numbers: ECE, Brier and its parts, log-loss, on a card across the frame."""
        w, b = self.words, self.boards
        table = b.table()
        self.say("say_calib_table", items=w.table_items(), takeaway=w.takeaway())
        boards = VGroup(b.cards, b.reliability, self.panel, self.curves, self.shown, self.right_rows)
        if b.table_over_head:  # a tall card (4:3): the header leaves with the boards, and comes back with them
            boards.add(b.head)
        self.play_for(self.clear_seconds, FadeOut(boards))
        self.play_for(self.fade_seconds, FadeIn(b.full_card), FadeIn(table))
        self.leaving = VGroup(b.full_card, table)

    def play_cost(self, beat):
        """The table cleared; the recalibrated model's raw cost curve on test, the rule's θ against its minimum."""
        n, w, b = self.numbers, self.words, self.boards
        f = n.fixed
        last = len(n.models) - 1
        self.models = models = b.model_rows(last)
        self.cost = cost = b.cost_panel(False)
        self.say("say_calib_cost", offset=self.clear_seconds,
                 report=w.fields["report"], model=w.model(f.model), theta=w.theta(n.rule_theta),
                 rule=w.cost(f.rule_raw), choose=w.fields["choose"], chosen=w.cost(f.chosen_cost),
                 lowest=w.cost(f.minimum_cost))
        self.play_for(self.clear_seconds, FadeOut(self.leaving))
        back = [FadeIn(b.head)] if b.table_over_head else []
        self.play_for(self.fade_seconds, *back, FadeIn(b.cards), FadeIn(b.reliability), FadeIn(self.curves),
                      FadeIn(models), FadeIn(cost))
        raw = cost.curve(n.grid, f.cost_raw)
        self.play_for(self.draw_seconds, Create(raw))
        rule_line = cost.vline(n.rule_theta, style.COST_THEORY_COLOR)
        marks = VGroup(rule_line, cost.dot(f.chosen_theta, f.chosen_cost, style.COST_MIN_COLOR),
                       cost.ring(f.minimum_theta, f.minimum_cost, style.REDDISH_PURPLE),
                       cost.dot(n.rule_theta, f.rule_raw, style.COST_THEORY_COLOR))
        rows = b.cost_rows(cost, after=False)
        self.play_for(self.mark_seconds, FadeIn(marks), FadeIn(rows))
        self.cost_parts = VGroup(raw, marks, rows)

    def play_recalibrate(self, beat):
        """The scores recalibrated on validation: the dots slide, the columns refill, the curve straightens."""
        n, w, b = self.numbers, self.words, self.boards
        f = n.fixed
        index = next(i for i, m in enumerate(n.models) if m.model == f.model)
        colour = style.MODEL_COLORS[index % len(style.MODEL_COLORS)]
        self.say("say_calib_recalibrate", fit=w.fit(), before=w.part(f.before.ece), after=w.part(f.after.ece))
        self.play_for(self.clear_seconds, FadeOut(self.cost), FadeOut(self.cost_parts))
        panel = b.bins_panel(f.before)
        dots = panel.dots(f.before, sorted_=True)
        fills = panel.fills(f.before)
        rows = b.recalibrate_rows()
        self.play_for(self.fade_seconds, FadeIn(panel), FadeIn(dots), FadeIn(fills), FadeIn(rows))
        # Each dot slides sideways to its recalibrated score, then the columns settle to their new levels.
        self.play_for(self.slide_seconds, Transform(dots, panel.dots(f.after, sorted_=True, heights_of=f.before)),
                      FadeOut(fills), FadeOut(self.models))  # the old rows leave before the new ones come in
        old = self.curves[index]
        new = VGroup(b.reliability.segments(f.after, colour), b.reliability.markers(f.after, index, colour))
        after_rows = b.model_rows(len(n.models) - 1, after=True)
        new_fills = panel.fills(f.after)
        self.play_for(self.settle_seconds, Transform(dots, panel.dots(f.after, sorted_=True)), FadeIn(new_fills),
                      Transform(old, new), FadeIn(after_rows))
        self.bins_parts, self.right = VGroup(panel, dots, new_fills, rows), VGroup(self.curves, after_rows)

    def play_cost_after(self, beat):
        """The cost curve of the recalibrated scores: the rule's θ near the minimum."""
        n, w, b = self.numbers, self.words, self.boards
        f = n.fixed
        self.say("say_calib_cost_after", theta=w.theta(n.rule_theta), calibrated=w.cost(f.rule_calibrated),
                 raw=w.cost(f.rule_raw), lowest=w.cost(f.calibrated_minimum_cost))
        self.play_for(self.clear_seconds, FadeOut(self.bins_parts))
        cost = b.cost_panel(True)
        raw = cost.curve(n.grid, f.cost_raw, style.MUTED_TEXT)
        rule_line = cost.vline(n.rule_theta, style.COST_THEORY_COLOR)
        self.play_for(self.fade_seconds, FadeIn(cost), FadeIn(raw), FadeIn(rule_line))
        calibrated = cost.curve(n.grid, f.cost_calibrated)
        self.play_for(self.draw_seconds, Create(calibrated))
        marks = VGroup(cost.ring(f.calibrated_minimum_theta, f.calibrated_minimum_cost, style.REDDISH_PURPLE),
                       cost.dot(n.rule_theta, f.rule_calibrated, style.COST_THEORY_COLOR))
        rows = b.cost_rows(cost, after=True)
        self.play_for(self.mark_seconds, FadeIn(marks), FadeIn(rows))
        self.stage = VGroup(b.head, b.cards, b.reliability, self.right, cost, raw, rule_line, calibrated, marks, rows)

    def play_closing(self, beat):
        """Clear the stage and state the lesson."""
        self.say("say_calib_closing", self.closing_seconds, **self.words.fields)
        self.play_for(self.clear_seconds, FadeOut(self.stage))
        self.play_for(self.fade_seconds, Write(self.closing()))
