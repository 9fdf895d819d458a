"""HonestThreshold's two boards: the choosing split's and the reporting split's, and what each beat marks on them.

Each board is a :class:`~umbral.scenes.components.split_curve.SplitCurve` (the rule's metric against θ on
one split) on a card, with a column of legend rows under it down to the foot of the frame. The
reporting split has its own axis (its size differs). :meth:`SplitBoards.build_layout` measures:
it builds every beat's marks, throws them away, and shortens the plots when the rows would run
past the foot.
"""

from __future__ import annotations

from manim import DOWN, LEFT, UP, Square, VGroup, VMobject

from umbral.scenes import style
from umbral.scenes.components.card import card_behind
from umbral.scenes.components.legend_rows import LegendRows, balanced_text
from umbral.scenes.components.split_curve import SplitCurve
from umbral.scenes.numbers.honest_threshold import DEFAULT_THRESHOLD

__all__ = ["CURVE_METRICS", "SplitBoards", "curve_colour"]

#: Metric whose colour each rule's curve takes (a metric keeps its colour in every scene); cost, J, distance are plain.
CURVE_METRICS = {"max_f1": "f1", "target_recall": "recall", "target_precision": "precision"}


def curve_colour(rule: str) -> str:
    """The colour of ``rule``'s metric curve in the active theme: its metric's, or the cost curve's."""
    return style.METRIC_COLORS[CURVE_METRICS[rule]] if rule in CURVE_METRICS else style.COST_CURVE_COLOR


class SplitBoards:
    """The header, both splits' boards side by side, and the marks of each beat: θ*, the carry, the peek, the wobble.

    A layout, not a mobject: :meth:`build_layout` places ``head`` (data, model, rule), ``cards``,
    ``choose_panel`` and ``report_panel`` (:class:`SplitCurve`, plots of equal size) and the
    ``columns`` under them for legend rows. The marks' builders return new mobjects and never add
    them; each keeps the rows it stacked (``choose_rows``, ``report_rows``), under which the next
    beat's rows go, and the parts the story moves (``choose_line``, ``strip``).

    Parameters
    ----------
    numbers : scenes.numbers.honest_threshold.HonestNumbers
        What is drawn.
    strings : dict
        The locale's strings.
    words : scenes.numbers.honest_words.HonestWords
        The names and values the rows show.
    """

    #: The θ axis of both panels, the highest their plot may reach, the space between them, the tallest
    #: tick of the bootstrap strip; 16:9 then 4:3.
    wide_layout = {"plot_bottom": -0.45, "plot_top": 2.05, "gap": 1.0, "strip_height": 0.5}
    narrow_layout = {"plot_bottom": -0.1, "plot_top": 2.0, "gap": 0.7, "strip_height": 0.45}
    #: Space between the header and the panels' titles.
    title_gap = 0.3
    #: The plots shorten to make room for long legend rows, never below this (their tick labels must clear).
    least_plot_height = 1.7
    #: Where the peek's rows go, tried in turn until every row clears the foot (under the shortest plots):
    #: ``beside`` the carry's rows; ``under`` the choosing column's row; there ``in_turn`` (its own gap first,
    #: then the gap expected over the resamples in its place, when the narration reaches it); or the expected
    #: gap ``said`` only. Set by :meth:`build_layout`.
    peek_placements = ("beside", "under", "in_turn", "said")
    peek_placement = "beside"

    def __init__(self, numbers, strings: dict, words):
        self.numbers, self.strings, self.words = numbers, strings, words
        self.legend = LegendRows()

    # -- layout -------------------------------------------------------------
    def header(self) -> VGroup:
        """Top left: data and model; under it the rule and the split it runs on."""
        w = self.words.fields
        caption = style.text(w["caption"], size=style.SIZE_LABEL)
        rule = style.text(self.strings["honest_header_rule"].format(**w), size=style.SIZE_SMALL,
                          color=style.MUTED_TEXT)
        head = VGroup(caption, rule).arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        return style.fit_width(head).to_corner(UP + LEFT, buff=style.EDGE_BUFF)

    def panel_words(self, which: str) -> tuple[str, str]:
        """Title and y-axis name of the choosing (``"choose"``) or reporting (``"report"``) panel."""
        n, s = self.numbers, self.strings
        name = self.words.fields[which]  # the split's name
        key = "honest_panel_report" if which == "report" else (
            "honest_panel_choose_train" if n.on_train else "honest_panel_choose")
        title = s[key].format(split=name[:1].upper() + name[1:], n=n.n_choose if which == "choose" else n.n_report)
        return title, s[f"honest_metric_{n.rule}"]  # the title above names the split

    @staticmethod
    def panel_titles(words: dict, rooms: dict) -> dict:
        """Both panels' titles in bold: on one line each if they fit, else both smaller, wrapped where needed."""
        titles = {which: style.text(words[which], size=style.SIZE_LABEL, weight="BOLD") for which in words}
        if all(titles[which].width <= rooms[which] for which in words):
            return {which: VGroup(title) for which, title in titles.items()}
        return {which: balanced_text(words[which], rooms[which], size=style.SIZE_SMALL, weight="BOLD", align=None)
                for which in words}

    def build_layout(self) -> VGroup:
        """Header and both panels placed, plots of equal size (curves and marks are built per beat).

        When the legend rows the story will stack under a plot (long words) would run past the foot of
        the frame, the plots are made shorter by that much.
        """
        overflows = {}
        for placement in self.peek_placements:
            self.peek_placement = placement
            layout = self.placed(0.0)
            overflow = self.foot - self.lowest_row()
            if overflow > 0:
                layout = self.placed(overflow)
                overflows[self.peek_placement] = overflow, self.foot - self.lowest_row()
                if overflows[self.peek_placement][1] > 1e-6:
                    continue
            return layout
        # Nothing clears the foot (rows above the peek's are too long already): the placement that passes it least.
        self.peek_placement = min(self.peek_placements, key=lambda placement: overflows[placement][1])
        return self.placed(overflows[self.peek_placement][0])

    @property
    def flow_left(self) -> bool:
        """True when the peek's rows go under the choosing column's row (the reporting column is full).

        A wobble row with no room left is then said, not shown.
        """
        return self.peek_placement != "beside"

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
            if self.peek_expected_row is not None:
                bottoms.append(self.peek_expected_row.get_bottom()[1])
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

    # -- marks, beat by beat ------------------------------------------------
    def curve(self, which: str) -> VMobject:
        """The rule's metric over the grid on one split."""
        n = self.numbers
        panel = self.choose_panel if which == "choose" else self.report_panel
        values = n.metric_choose if which == "choose" else n.metric_report
        return panel.curve(n.grid, values, curve_colour(n.rule))

    def targets(self) -> VGroup:
        """A dashed line at the target on both panels (target rules only)."""
        n = self.numbers
        if n.target is None:
            return VGroup()
        return VGroup(*(p.hline(n.target, style.MUTED_TEXT) for p in (self.choose_panel, self.report_panel)))

    def choose_marks(self) -> VGroup:
        """θ* on the choosing panel (line and dot) and its legend row; or, without θ*, the reason."""
        n, s, w, legend = self.numbers, self.strings, self.words.fields, self.legend
        left, width = self.columns["choose"]
        if n.chosen is None:
            row = legend.row(s["honest_row_none"].format(split=w["choose"], **w), left, width)
            self.choose_rows = legend.stack([row], self.rows_top)
            return VGroup(self.targets(), self.choose_rows)
        p = self.choose_panel
        self.choose_line = p.vline(n.chosen, style.COST_MIN_COLOR)
        dot = p.dot(n.chosen, n.value_choose, style.COST_MIN_COLOR)
        key = "honest_row_chosen" if n.target is None else "honest_row_chosen_target"
        text = s[key].format(theta=self.words.theta(n.chosen), metric=w["metric"],
                             value=self.words.value(n.value_choose), split=w["choose"], target=w["target"])
        glyph = p.dot(0, p.axis.low, style.COST_MIN_COLOR)
        self.choose_rows = legend.stack([legend.row(text, left, width, glyph)], self.rows_top)
        return VGroup(self.targets(), self.choose_line, dot, self.choose_rows)

    def carry_marks(self) -> VGroup:
        """On the reporting panel: the dot at θ*, the square at 0.50; their rows and the comparison."""
        n, s, w, legend, words = self.numbers, self.strings, self.words.fields, self.legend, self.words
        p = self.report_panel
        left, width = self.columns["report"]
        rows = [
            legend.row(s["honest_row_report"].format(theta=words.theta(n.chosen), split=w["report"],
                                                     metric=w["metric"], value=words.value(n.value_report)),
                       left, width, p.dot(0, p.axis.low, style.COST_MIN_COLOR)),
            legend.row(s["honest_row_half"].format(metric=w["metric"], value=words.value(n.value_half)),
                       left, width, p.square(0, p.axis.low, style.COST_DEFAULT_COLOR)),
            # The headline of the carry: what θ* saves (or costs) against the default, in big figures.
            style.story_number(legend.row(words.half_comparison(), left, width, size=style.SIZE_NUMBER,
                                          weight="BOLD")),
        ]
        self.report_rows = legend.stack(rows, self.rows_top)
        chosen = p.dot(n.chosen, n.value_report, style.COST_MIN_COLOR)
        marks = VGroup(p.square(DEFAULT_THRESHOLD, n.value_half), chosen)
        return VGroup(marks, self.report_rows)

    def peek_marks(self) -> VGroup:
        """The reporting split's own best θ: a ring (and a line when it differs from θ*), and its rows.

        The rows are the peek and its gap (``peek_gap_row``); placed ``in_turn``, the gap row holds this
        split's own gap and ``peek_expected_row`` (built, not added) is the expected gap that replaces it.
        """
        n, s, w, legend, words = self.numbers, self.strings, self.words.fields, self.legend, self.words
        p = self.report_panel
        left, width = self.columns["choose" if self.flow_left else "report"]
        above = self.choose_rows if self.flow_left else self.report_rows
        top = above.get_bottom()[1] - legend.gap
        self.peek_gap_row = self.peek_expected_row = None
        if n.peek is None:
            text = s["honest_row_peek_none"].format(split=w["report"])
            rows = [legend.row(text, left, width, color=style.REDDISH_PURPLE)]
            return legend.stack(rows, top)
        marks = VGroup(p.ring(n.peek, n.value_peek, style.REDDISH_PURPLE))
        if n.peek != n.chosen:
            marks.add(p.vline(n.peek, style.REDDISH_PURPLE))
        glyph = p.ring(0, p.axis.low, style.REDDISH_PURPLE).scale(0.6)
        together = self.peek_placement in ("beside", "under")
        self.peek_gap_row = legend.row(words.peek_gap() if together else words.own_gap(), left, width)
        rows = legend.stack([legend.row(s["honest_row_peek"].format(
            split=w["report"], theta=words.theta(n.peek), metric=w["metric"], value=words.value(n.value_peek)),
            left, width, glyph, color=style.REDDISH_PURPLE), self.peek_gap_row], top)
        expected = words.expected_gap()
        if self.peek_placement == "in_turn" and expected is not None:
            self.peek_expected_row = legend.row(expected, left, width)
            self.peek_expected_row.shift([0, self.peek_gap_row.get_top()[1] - self.peek_expected_row.get_top()[1], 0])
        return VGroup(marks, rows)

    def wobble_marks(self) -> VGroup:
        """The strip of bootstrap θ*s with its 5-95 % bracket and caption; the range shaded; the rows."""
        n, s, legend, words = self.numbers, self.strings, self.legend, self.words
        w = words.fields
        cp, rp = self.choose_panel, self.report_panel
        left, width = self.columns["choose"]
        height = (self.narrow_layout if style.narrow() else self.wide_layout)["strip_height"]
        baseline = self.choose_rows.get_bottom()[1] - 0.25 - height
        self.strip = cp.strip(n.strip, baseline, height, style.COST_MIN_COLOR)
        parts = VGroup()
        if n.theta_low is not None:
            low, high = words.theta(n.theta_low), words.theta(n.theta_high)
            bracket = cp.bracket(n.theta_low, n.theta_high, baseline - 0.15)
            caption = balanced_text(s["honest_strip_caption"].format(resamples=n.resamples, low=low, high=high),
                                    width, size=legend.size)
            caption.next_to(bracket, DOWN, buff=0.15)
            caption.set_x(min(max(bracket.get_x(), left + caption.width / 2), left + width - caption.width / 2))
            bands = VGroup(*(panel.band(n.theta_low, n.theta_high, style.COST_MIN_COLOR) for panel in (cp, rp)))
            parts.add(bands, bracket, caption)
        rleft, rwidth = self.columns["report"]
        rows = []
        if n.metric_low is not None:
            swatch = Square(side_length=0.22, stroke_width=0).set_fill(style.COST_MIN_COLOR, opacity=0.45)
            rows.append(legend.row(s["honest_row_wobble"].format(metric=w["metric"], split=w["report"],
                                                                 low=words.value(n.metric_low),
                                                                 high=words.value(n.metric_high)),
                                   rleft, rwidth, swatch))
        if n.missing:
            rows.append(legend.row(s["honest_row_wobble_missing"].format(missing=n.missing, resamples=n.resamples),
                                   rleft, rwidth))
        rows = legend.stack(rows, self.report_rows.get_bottom()[1] - legend.gap)
        if not (self.flow_left and len(rows) and rows.get_bottom()[1] < self.foot):
            parts.add(rows)
        return parts
