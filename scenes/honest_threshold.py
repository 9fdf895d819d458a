"""HonestThreshold: choose θ on one split, carry it to another, and see why peeking flatters.

The sequel of CostThreshold, on data with splits. The rule's metric (the cost
``C_FN·FN + C_FP·FP`` for the default rule) against θ on the choosing split
(validation, or train, which is optimistic), its best θ* marked; then the
reporting split (test) beside it on its own axis (its size differs), θ*
carried over unchanged and compared with the default 0.50; then the peek, the
rule run on the test split itself, marked as optimistic with the gap in
numbers; then the wobble, the θ* of each bootstrap resample of the choosing
split as a strip of ticks with its 5-95 % range. Every number comes from
``facts.comparison`` (see :mod:`scenes.numbers.honest_threshold`).
"""

from __future__ import annotations

import math
from functools import cached_property

from manim import (
    DOWN,
    LEFT,
    UP,
    Create,
    FadeIn,
    FadeOut,
    GrowFromEdge,
    Square,
    TransformFromCopy,
    VGroup,
    VMobject,
    Write,
)

from scenes import style
from scenes.base import LectureScene
from scenes.components.card import card_behind
from scenes.components.cost_plot import format_cost
from scenes.components.split_curve import SplitCurve
from scenes.numbers.honest_threshold import (
    DEFAULT_THRESHOLD,
    format_gap,
    format_theta,
    format_value,
    honest_numbers,
)
from scenes.numbers.line_breaks import balanced_split
from scenes.strings import dataset_title, model_name, split_label

__all__ = ["HonestThreshold"]

#: Metric whose colour each rule's curve takes (a metric keeps its colour in every scene); cost, J, distance are plain.
CURVE_METRICS = {"max_f1": "f1", "target_recall": "recall", "target_precision": "precision"}


class HonestThreshold(LectureScene):
    """Choosing split's metric curve and θ*, the reporting split's with θ* carried over, the peek, the wobble."""

    opening_seconds = 6.0
    fade_seconds = 0.8
    draw_seconds = 1.4
    mark_seconds = 0.6
    carry_seconds = 1.0
    choose_hold = 4.0
    carry_hold = 6.0
    peek_hold = 6.0
    #: The peek's marks (and at the end, the stage) fade out this fast before what follows comes in.
    unpeek_seconds = 0.4
    wobble_seconds = 0.8
    wobble_hold = 6.6
    none_hold = 5.0
    closing_seconds = 5.6
    #: The θ axis of both panels, the highest their plot may reach, the space between them, the tallest
    #: tick of the bootstrap strip; 16:9 then 4:3.
    wide_layout = {"plot_bottom": -0.45, "plot_top": 2.05, "gap": 1.0, "strip_height": 0.5}
    narrow_layout = {"plot_bottom": -0.1, "plot_top": 2.0, "gap": 0.7, "strip_height": 0.45}
    row_gap = 0.16
    #: Legend rows in a 4:3 frame: a little smaller and closer (the columns are narrow, the story long).
    narrow_row_size = 18
    narrow_row_gap = 0.1
    glyph_room = 0.3
    #: Space between the header and the panels' titles.
    title_gap = 0.3
    #: The plots shorten to make room for long legend rows, never below this (their tick labels must clear).
    least_plot_height = 1.7
    #: Set when the reporting column's rows run past the foot even under the shortest plots: the peek's rows
    #: then go under the choosing column's row, and a wobble row with no room left is said, not shown.
    flow_left = False

    def __init__(self, facts, lang: str = "en", still_at: float | None = None, **kwargs):
        super().__init__(facts, lang, still_at=still_at, **kwargs)
        c = facts.comparison
        if c is None or c.choose_on == c.report_on:
            raise ValueError("HonestThreshold needs data with a split to choose θ on and another to report on "
                             "(e.g. --data screening8, or --splits test=0.3,validation=0.3)")
        self.numbers = honest_numbers(c, facts.model)

    # -- words --------------------------------------------------------------
    @cached_property
    def words(self) -> dict:
        """Names and numbers every template may use, in the scene's language."""
        n, s = self.numbers, self.strings
        values = {"choose": split_label(n.choose_on, self.lang), "report": split_label(n.report_on, self.lang),
                  "n_choose": n.n_choose, "n_report": n.n_report, "metric": s[f"honest_metric_{n.rule}"],
                  "target": "" if n.target is None else f"{n.target:.2f}"}
        values["rule"] = s[f"honest_rule_{n.rule}"].format(cost_fn=format_cost(n.cost_fn),
                                                          cost_fp=format_cost(n.cost_fp), target=values["target"])
        title = dataset_title(self.facts.name, self.facts.base_title or self.facts.title, self.lang)
        values["caption"] = f"{title} · {model_name(n.model, self.lang)}"
        return values

    def theta(self, value: float) -> str:
        """A threshold as shown."""
        return format_theta(self.numbers, value)

    def value(self, value: float) -> str:
        """The rule's metric as shown."""
        return format_value(self.numbers, value)

    def half_comparison(self) -> str:
        """θ* on the reporting split in words: against 0.50, or for a target rule, whether it still meets it."""
        n, s, w = self.numbers, self.strings, self.words
        if n.meets_target is not None:
            key = "honest_row_target_met" if n.meets_target else "honest_row_target_missed"
            return s[key].format(target=w["target"], split=w["report"])
        gap = format_gap(n, n.half_gap)
        if gap == format_gap(n, 0.0):
            return s["honest_row_half_same"]
        if n.half_percent is not None:
            key = "honest_row_half_less" if n.half_gap > 0 else "honest_row_half_more"
            return s[key].format(gap=gap, percent=f"{abs(n.half_percent):.0f}")
        return s["honest_row_half_better" if n.half_gap > 0 else "honest_row_half_worse"].format(gap=gap)

    def peek_is_honest(self) -> bool:
        """True when peeking gives the honest number (the same θ, or a gap that rounds to nothing)."""
        n = self.numbers
        return n.target is None and (n.peek == n.chosen or format_gap(n, n.optimism) == format_gap(n, 0.0))

    def peek_gap(self) -> str:
        """How the peeked number compares with the honest one, in words."""
        n, s = self.numbers, self.strings
        honest = self.value(n.value_report)
        if n.target is not None:
            return s["honest_row_peek_target"].format(honest=honest)
        if self.peek_is_honest():
            return s["honest_row_peek_same"]
        return s["honest_row_peek_gap"].format(gap=format_gap(n, n.optimism), honest=honest)

    # -- building -----------------------------------------------------------
    @staticmethod
    def curve_colour(rule: str) -> str:
        """The colour of ``rule``'s metric curve in the active theme: its metric's, or the cost curve's."""
        return style.METRIC_COLORS[CURVE_METRICS[rule]] if rule in CURVE_METRICS else style.COST_CURVE_COLOR

    def lines(self, words: str, width: float, size: float = style.SIZE_SMALL, color: str | None = None,
              weight: str = "NORMAL", align=LEFT) -> VGroup:
        """``words`` in the fewest lines no wider than ``width``, as even as can be; ``align=None`` centres them.

        A sentence is measured once and split by characters (``style.wrapped`` builds a Text per word,
        which costs far more than this scene's few dozen labels).
        """
        single = style.text(words, size=size, color=color, weight=weight)
        if single.width <= width:
            return VGroup(single)
        tokens = words.split()
        count = max(2, math.ceil(single.width / width))
        while True:
            block = VGroup(*(style.text(line, size=size, color=color, weight=weight)
                             for line in balanced_split(tokens, count)))
            if max(line.width for line in block) <= width or count >= len(tokens):
                break
            count += 1
        if align is None:
            block.arrange(DOWN, buff=0.12)
        else:
            block.arrange(DOWN, buff=0.1, aligned_edge=align)
        if block.width > width:  # one word longer than the column
            block.scale_to_fit_width(width)
        return block

    @property
    def row_size(self) -> float:
        """Font size of the legend rows and the strip's caption."""
        return self.narrow_row_size if style.narrow() else style.SIZE_SMALL

    @property
    def between_rows(self) -> float:
        """Space between two legend rows."""
        return self.narrow_row_gap if style.narrow() else self.row_gap

    def row(self, words: str, left: float, width: float, glyph=None, color: str | None = None,
            size: float | None = None, weight: str = "NORMAL") -> VGroup:
        """A legend row: ``glyph`` (or nothing) in a small square, then the words wrapped to the column."""
        text = self.lines(words, width - self.glyph_room - 0.15, size=size or self.row_size, color=color,
                          weight=weight)
        text.align_to([left + self.glyph_room + 0.15, 0, 0], LEFT)
        if glyph is None:
            return VGroup(text)
        glyph.move_to([left + self.glyph_room / 2, text[0].get_center()[1], 0])
        return VGroup(glyph, text)

    def stack(self, rows, top: float) -> VGroup:
        """``rows`` one under another from y = ``top``."""
        for row in rows:
            row.shift([0, top - row.get_top()[1], 0])
            top = row.get_bottom()[1] - self.between_rows
        return VGroup(*rows)

    def header(self) -> VGroup:
        """Top left: data and model; under it the rule and the split it runs on."""
        w = self.words
        caption = style.text(w["caption"], size=style.SIZE_LABEL)
        rule = style.text(self.strings["honest_header_rule"].format(**w), size=style.SIZE_SMALL,
                          color=style.MUTED_TEXT)
        head = VGroup(caption, rule).arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        return style.fit_width(head).to_corner(UP + LEFT, buff=style.EDGE_BUFF)

    def panel_words(self, which: str) -> tuple[str, str]:
        """Title and y-axis name of the choosing (``"choose"``) or reporting (``"report"``) panel."""
        n, s = self.numbers, self.strings
        split = n.choose_on if which == "choose" else n.report_on
        name = split_label(split, self.lang)
        key = "honest_panel_report" if which == "report" else (
            "honest_panel_choose_train" if n.on_train else "honest_panel_choose")
        title = s[key].format(split=name[:1].upper() + name[1:], n=n.n_choose if which == "choose" else n.n_report)
        return title, s[f"honest_metric_{n.rule}"]  # the title above names the split

    def panel_titles(self, words: dict, rooms: dict) -> dict:
        """Both panels' titles in bold: on one line each if they fit, else both smaller, wrapped where needed."""
        titles = {which: style.text(words[which], size=style.SIZE_LABEL, weight="BOLD") for which in words}
        if all(titles[which].width <= rooms[which] for which in words):
            return {which: VGroup(title) for which, title in titles.items()}
        return {which: self.lines(words[which], rooms[which], size=style.SIZE_SMALL, weight="BOLD", align=None)
                for which in words}

    def build_layout(self) -> VGroup:
        """Header and both panels placed, plots of equal size (curves and marks are built per beat).

        When the legend rows the story will stack under a plot (long words) would run past the foot of
        the frame, the plots are made shorter by that much.
        """
        self.flow_left = False
        for flow_left in (False, True):
            self.flow_left = flow_left
            layout = self.placed(0.0)
            overflow = self.foot - self.lowest_row()
            if overflow > 0:
                layout = self.placed(overflow)
                if self.foot - self.lowest_row() > 1e-6:
                    continue
            return layout
        return layout

    @property
    def foot(self) -> float:
        """The lowest y a legend row may reach."""
        return -4.0 + style.SIDE_MARGIN

    def lowest_row(self) -> float:
        """The lowest y any legend row of the story reaches (the marks are built and thrown away)."""
        bottoms = [self.choose_marks().get_bottom()[1]]
        if self.numbers.chosen is not None:
            bottoms.append(self.carry_marks().get_bottom()[1])
            bottoms += [self.peek_marks().get_bottom()[1], self.wobble_marks().get_bottom()[1]]
        return min(bottoms)

    def placed(self, raise_by: float) -> VGroup:
        """The layout with the plots' θ axis ``raise_by`` higher than the frame's default."""
        n, s = self.numbers, self.strings
        where = dict(self.narrow_layout if style.narrow() else self.wide_layout)
        where["plot_bottom"] += raise_by
        self.head = self.header()
        safe = style.safe_width()
        axes = {"choose": n.choose_axis, "report": n.report_axis}
        words = {which: self.panel_words(which) for which in axes}
        # Share the width: what sticks out of each plot (tick labels, the y name), then the gap between them.
        margins = {which: SplitCurve.margins(axes[which], words[which][1]) for which in axes}
        width = (safe - where["gap"] - sum(left + right for left, right in margins.values())) / 2
        titles = self.panel_titles({which: words[which][0] for which in axes},
                                   {which: width + sum(margins[which]) for which in axes})
        # The plots' top: under the header and the taller title.
        top = min(where["plot_top"], self.head.get_bottom()[1] - self.title_gap - 0.25
                  - max(title.height for title in titles.values()))
        where["plot_bottom"] = min(where["plot_bottom"], top - self.least_plot_height)
        panels = {which: SplitCurve(titles[which], s["honest_x_axis"], words[which][1], axes[which], width,
                                    top - where["plot_bottom"]) for which in axes}
        self.choose_panel, self.report_panel = panels["choose"], panels["report"]
        self.choose_panel.shift([-safe / 2 + margins["choose"][0], where["plot_bottom"], 0])
        self.report_panel.shift([safe / 2 - margins["report"][1] - width, where["plot_bottom"], 0])
        # Columns under each panel, for legend rows: (left edge, width).
        self.columns = {
            "choose": (-safe / 2, self.choose_panel.frame.get_right()[0] + safe / 2),
            "report": (self.report_panel.frame.get_left()[0], safe / 2 - self.report_panel.frame.get_left()[0]),
        }
        self.rows_top = min(p.frame.get_bottom()[1] for p in panels.values()) - 0.25
        # Each split is one board: its plot and, under it, its rows, down to the foot of the frame.
        top = max(p.get_top()[1] for p in panels.values())
        foot = -4.0 + style.EDGE_BUFF
        self.cards = VGroup(*(card_behind(panels[which], height=top - foot, top=top) for which in axes))
        return VGroup(self.head, self.cards, self.choose_panel, self.report_panel)

    def curve(self, which: str) -> VMobject:
        """The rule's metric over the grid on one split."""
        n = self.numbers
        panel = self.choose_panel if which == "choose" else self.report_panel
        values = n.metric_choose if which == "choose" else n.metric_report
        return panel.curve(n.grid, values, self.curve_colour(n.rule))

    def targets(self) -> VGroup:
        """A dashed line at the target on both panels (target rules only)."""
        n = self.numbers
        if n.target is None:
            return VGroup()
        return VGroup(*(p.hline(n.target, style.MUTED_TEXT) for p in (self.choose_panel, self.report_panel)))

    def choose_marks(self) -> VGroup:
        """θ* on the choosing panel (line and dot) and its legend row; or, without θ*, the reason."""
        n, s, w = self.numbers, self.strings, self.words
        left, width = self.columns["choose"]
        if n.chosen is None:
            row = self.row(s["honest_row_none"].format(split=w["choose"], **w), left, width)
            self.choose_rows = self.stack([row], self.rows_top)
            return VGroup(self.targets(), self.choose_rows)
        p = self.choose_panel
        self.choose_line = p.vline(n.chosen, style.COST_MIN_COLOR)
        dot = p.dot(n.chosen, n.value_choose, style.COST_MIN_COLOR)
        key = "honest_row_chosen" if n.target is None else "honest_row_chosen_target"
        words = s[key].format(theta=self.theta(n.chosen), metric=w["metric"], value=self.value(n.value_choose),
                              split=w["choose"], target=w["target"])
        glyph = p.dot(0, p.axis.low, style.COST_MIN_COLOR)
        self.choose_rows = self.stack([self.row(words, left, width, glyph)], self.rows_top)
        return VGroup(self.targets(), self.choose_line, dot, self.choose_rows)

    def carry_marks(self) -> VGroup:
        """On the reporting panel: the dot at θ*, the square at 0.50; their rows and the comparison."""
        n, s, w = self.numbers, self.strings, self.words
        p = self.report_panel
        left, width = self.columns["report"]
        rows = [
            self.row(s["honest_row_report"].format(theta=self.theta(n.chosen), split=w["report"], metric=w["metric"],
                                                   value=self.value(n.value_report)),
                     left, width, p.dot(0, p.axis.low, style.COST_MIN_COLOR)),
            self.row(s["honest_row_half"].format(metric=w["metric"], value=self.value(n.value_half)),
                     left, width, p.square(0, p.axis.low, style.COST_DEFAULT_COLOR)),
            # The headline of the carry: what θ* saves (or costs) against the default, in big figures.
            style.story_number(self.row(self.half_comparison(), left, width, size=style.SIZE_NUMBER,
                                        weight="BOLD")),
        ]
        self.report_rows = self.stack(rows, self.rows_top)
        chosen = p.dot(n.chosen, n.value_report, style.COST_MIN_COLOR)
        marks = VGroup(p.square(DEFAULT_THRESHOLD, n.value_half), chosen)
        return VGroup(marks, self.report_rows)

    def peek_marks(self) -> VGroup:
        """The reporting split's own best θ: a ring (and a line when it differs from θ*), two rows."""
        n, s, w = self.numbers, self.strings, self.words
        p = self.report_panel
        left, width = self.columns["choose" if self.flow_left else "report"]
        above = self.choose_rows if self.flow_left else self.report_rows
        top = above.get_bottom()[1] - self.between_rows
        if n.peek is None:
            words = s["honest_row_peek_none"].format(split=w["report"])
            rows = [self.row(words, left, width, color=style.REDDISH_PURPLE)]
            return self.stack(rows, top)
        marks = VGroup(p.ring(n.peek, n.value_peek, style.REDDISH_PURPLE))
        if n.peek != n.chosen:
            marks.add(p.vline(n.peek, style.REDDISH_PURPLE))
        glyph = p.ring(0, p.axis.low, style.REDDISH_PURPLE).scale(0.6)
        rows = [self.row(s["honest_row_peek"].format(split=w["report"], theta=self.theta(n.peek), metric=w["metric"],
                                                     value=self.value(n.value_peek)), left, width, glyph,
                         color=style.REDDISH_PURPLE),
                self.row(self.peek_gap(), left, width)]
        return VGroup(marks, self.stack(rows, top))

    def wobble_marks(self) -> VGroup:
        """The strip of bootstrap θ*s with its 5-95 % bracket and caption; the range shaded; the rows."""
        n, s, w = self.numbers, self.strings, self.words
        cp, rp = self.choose_panel, self.report_panel
        left, width = self.columns["choose"]
        height = (self.narrow_layout if style.narrow() else self.wide_layout)["strip_height"]
        baseline = self.choose_rows.get_bottom()[1] - 0.25 - height
        self.strip = cp.strip(n.strip, baseline, height, style.COST_MIN_COLOR)
        parts = VGroup()
        if n.theta_low is not None:
            low, high = self.theta(n.theta_low), self.theta(n.theta_high)
            bracket = cp.bracket(n.theta_low, n.theta_high, baseline - 0.15)
            caption = self.lines(s["honest_strip_caption"].format(resamples=n.resamples, low=low, high=high), width,
                                 size=self.row_size)
            caption.next_to(bracket, DOWN, buff=0.15)
            caption.set_x(min(max(bracket.get_x(), left + caption.width / 2), left + width - caption.width / 2))
            bands = VGroup(*(panel.band(n.theta_low, n.theta_high, style.COST_MIN_COLOR) for panel in (cp, rp)))
            parts.add(bands, bracket, caption)
        rleft, rwidth = self.columns["report"]
        rows = []
        if n.metric_low is not None:
            swatch = Square(side_length=0.22, stroke_width=0).set_fill(style.COST_MIN_COLOR, opacity=0.45)
            rows.append(self.row(s["honest_row_wobble"].format(metric=w["metric"], split=w["report"],
                                                               low=self.value(n.metric_low),
                                                               high=self.value(n.metric_high)),
                                 rleft, rwidth, swatch))
        if n.missing:
            rows.append(self.row(s["honest_row_wobble_missing"].format(missing=n.missing, resamples=n.resamples),
                                 rleft, rwidth))
        rows = self.stack(rows, self.report_rows.get_bottom()[1] - self.between_rows)
        if not (self.flow_left and len(rows) and rows.get_bottom()[1] < self.foot):
            parts.add(rows)
        return parts

    def opening(self) -> VGroup:
        """Title card: the lesson's claim, the data, the two splits, the rule (and the note about train)."""
        s, w = self.strings, self.words
        width = style.safe_width()
        parts = [self.lines(s["honest_opening_title"], width, size=style.SIZE_TITLE, weight="BOLD", align=None),
                 self.lines(w["caption"], width, size=style.SIZE_LABEL, align=None),
                 self.lines(s["honest_opening_plan"].format(**w), width, size=style.SIZE_LABEL, align=None),
                 self.lines(s["honest_header_rule"].format(**w), width, color=style.MUTED_TEXT, align=None)]
        if self.numbers.on_train:
            parts.append(self.lines(s["honest_note_train"], width, color=style.REDDISH_PURPLE, align=None))
        return style.fit_width(VGroup(*parts).arrange(DOWN, buff=0.35))

    def closing(self) -> VGroup:
        """The lesson, naming the splits; its sub-line depends on the case (train, no θ*)."""
        n, s, w = self.numbers, self.strings, self.words
        if n.chosen is None:
            key, sub = "honest_closing_none", "honest_closing_none_sub"
        else:
            key, sub = "honest_closing", "honest_closing_sub_train" if n.on_train else "honest_closing_sub"
        width = style.safe_width()
        title = self.lines(s[key].format(**w), width, size=style.SIZE_TITLE, weight="BOLD", align=None)
        words = self.lines(s[sub].format(**w), width, size=style.SIZE_LABEL, color=style.MUTED_TEXT, align=None)
        return style.fit_width(VGroup(title, words).arrange(DOWN, buff=0.3))

    @classmethod
    def duration(cls, chosen: bool = True) -> float:
        """Length of the video in seconds; shorter when no θ reaches a target (``chosen`` False)."""
        start = cls.opening_seconds + cls.fade_seconds + cls.draw_seconds + cls.mark_seconds
        if not chosen:
            return start + cls.none_hold + cls.closing_seconds
        carry = cls.fade_seconds + cls.draw_seconds + cls.carry_seconds + cls.mark_seconds + cls.carry_hold
        return (start + cls.choose_hold + carry + cls.mark_seconds + cls.peek_hold + cls.unpeek_seconds
                + cls.wobble_seconds
                + cls.wobble_hold + cls.closing_seconds)

    def planned_seconds(self) -> float:
        """Length of this video: without θ* the story stops after the choosing split."""
        return type(self).duration(self.numbers.chosen is not None)

    # -- the story ----------------------------------------------------------
    def play_for(self, seconds: float, *animations) -> None:
        """Play ``animations`` for exactly ``seconds`` of whole frames."""
        self.play(*animations, run_time=self.span(seconds))

    def construct(self):
        """Opening; choose on one split; carry θ* to the other; peek; wobble; closing."""
        n, w = self.numbers, self.words
        # Opening: the threshold is a hyperparameter; which split chooses, which reports.
        card = self.opening()
        key = "say_honest_opening_train" if n.on_train else "say_honest_opening"
        self.say(key, self.opening_seconds, dataset=w["caption"], **w)
        self.play_for(self.fade_seconds, FadeIn(card, shift=UP * 0.2))
        self.hold(self.opening_seconds - 2 * self.fade_seconds)
        self.beat("opening")
        self.play_for(self.fade_seconds, FadeOut(card))
        # The choosing split: its curve, then θ*.
        self.build_layout()
        choose_curve = self.curve("choose")
        part = self.fade_seconds + self.draw_seconds + self.mark_seconds
        if n.chosen is None:
            self.say("say_honest_none", part + self.none_hold, **w)
        else:
            self.say("say_honest_choose", part + self.choose_hold, theta=self.theta(n.chosen),
                     value=self.value(n.value_choose), **w)
        # Both panels from the start: the reporting one stays empty until θ* is carried to it.
        self.play_for(self.fade_seconds, FadeIn(self.head), FadeIn(self.cards), FadeIn(self.choose_panel),
                      FadeIn(self.report_panel))
        self.play_for(self.draw_seconds, Create(choose_curve))
        chosen = self.choose_marks()
        self.play_for(self.mark_seconds, FadeIn(chosen))
        if n.chosen is None:
            self.hold(self.none_hold)
            self.beat("no_choice")
            self.finish(VGroup(self.head, self.cards, self.choose_panel, self.report_panel, choose_curve, chosen))
            return
        self.hold(self.choose_hold)
        self.beat("choose")
        # The reporting split beside it, on its own axis; θ* carried over unchanged.
        report_curve = self.curve("report")
        carry = self.fade_seconds + self.draw_seconds + self.carry_seconds + self.mark_seconds + self.carry_hold
        self.say("say_honest_carry", carry / 2, theta=self.theta(n.chosen), value=self.value(n.value_report), **w)
        self.say("say_honest_half", carry / 2, offset=carry / 2, value=self.value(n.value_half),
                 comparison=self.half_comparison(), **w)
        self.play_for(self.fade_seconds + self.draw_seconds, Create(report_curve))
        report_line = self.report_panel.vline(n.chosen, style.COST_MIN_COLOR)
        self.play_for(self.carry_seconds, TransformFromCopy(self.choose_line, report_line))
        carried = self.carry_marks()
        self.play_for(self.mark_seconds, FadeIn(carried))
        self.hold(self.carry_hold)
        self.beat("carry")
        # The peek: the rule run on the reporting split itself.
        peek = self.peek_marks()
        seconds = self.mark_seconds + self.peek_hold
        if n.peek is None:
            self.say("say_honest_peek_none", seconds, **w)
        else:
            key = "say_honest_peek_same" if self.peek_is_honest() else "say_honest_peek"
            self.say(key, seconds, theta=self.theta(n.peek), value=self.value(n.value_peek), gap=self.peek_gap(), **w)
        self.play_for(self.mark_seconds, FadeIn(peek))
        self.hold(self.peek_hold)
        self.beat("peek")
        # The wobble: θ* of each bootstrap resample of the choosing split.
        wobble = self.wobble_marks()
        def shown(number, form):  # every resample may miss a target: nothing to quote then
            return "–" if number is None else form(number)

        self.say("say_honest_wobble", self.unpeek_seconds + self.wobble_seconds + self.wobble_hold,
                 resamples=n.resamples, low=shown(n.theta_low, self.theta), high=shown(n.theta_high, self.theta),
                 metric_low=shown(n.metric_low, self.value), metric_high=shown(n.metric_high, self.value), **w)
        self.play_for(self.unpeek_seconds, FadeOut(peek))
        baseline, ticks = self.strip
        self.play_for(self.wobble_seconds, FadeIn(baseline), *(GrowFromEdge(tick, DOWN) for tick in ticks),
                      FadeIn(wobble))
        self.hold(self.wobble_hold)
        self.beat("wobble")
        self.finish(VGroup(self.head, self.cards, self.choose_panel, self.report_panel, choose_curve, report_curve,
                           chosen,
                           report_line, carried, self.strip, wobble))

    def finish(self, shown: VGroup) -> None:
        """Closing: clear the stage and state the lesson."""
        n, w = self.numbers, self.words
        key = "say_honest_closing_none" if n.chosen is None else (
            "say_honest_closing_train" if n.on_train else "say_honest_closing")
        self.say(key, self.closing_seconds, choose=w["choose"], report=w["report"])
        # The stage goes first: written over a full stage, the lesson would be hard to read.
        self.play_for(self.unpeek_seconds, FadeOut(shown))
        self.play_for(self.fade_seconds, Write(self.closing()))
        self.hold(self.closing_seconds - self.unpeek_seconds - self.fade_seconds)

