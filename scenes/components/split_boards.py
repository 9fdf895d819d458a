"""HonestThreshold's two boards: the choosing split's and the reporting split's, and what each beat marks on them.

Each board is a :class:`~umbral.scenes.components.split_curve.SplitCurve` (the rule's metric against θ on
one split) on a card, with a column of legend rows under it down to the foot of the frame. The
reporting split has its own axis (its size differs). The rows are laid out by the layout ladder
(:mod:`~umbral.scenes.layout`) from their measured words, nothing built to be measured; the plots take
the height the tallest beat's rows leave.
"""

from __future__ import annotations

from dataclasses import dataclass

from manim import DOWN, LEFT, UP, Square, VGroup, VMobject

from umbral.scenes import style
from umbral.scenes.components.card import card_behind
from umbral.scenes.components.legend_rows import Legend, LegendRows, balanced_text
from umbral.scenes.components.split_curve import SplitCurve
from umbral.scenes.numbers.honest_threshold import DEFAULT_THRESHOLD

__all__ = ["CURVE_METRICS", "Block", "SplitBoards", "curve_colour"]

#: Metric whose colour each rule's curve takes (a metric keeps its colour in every scene); cost, J, distance are plain.
CURVE_METRICS = {"max_f1": "f1", "target_recall": "recall", "target_precision": "precision"}


def curve_colour(rule: str) -> str:
    """The colour of ``rule``'s metric curve in the active theme: its metric's, or the cost curve's."""
    return style.METRIC_COLORS[CURVE_METRICS[rule]] if rule in CURVE_METRICS else style.COST_CURVE_COLOR


@dataclass(frozen=True)
class Block:
    """One beat's legend rows in a board's ``column``, under ``lead`` frame units of drawing (the wobble's strip)."""

    column: str
    legends: tuple[Legend, ...]
    lead: float = 0.0


class SplitBoards:
    """The header, both splits' boards side by side, and the marks of each beat: θ*, the carry, the peek, the wobble.

    A layout, not a mobject: :meth:`build_layout` places ``head`` (data, model, rule), ``cards``,
    ``choose_panel`` and ``report_panel`` (:class:`SplitCurve`, plots of equal size), the ``columns``
    under them and where the peek's rows go. The marks' builders return new mobjects, never add them
    and read nothing but the layout: a beat's rows go under the rows the beats before it left on screen,
    whose heights the ladder gives again (:meth:`bottom`). The parts the story moves are named on
    what they return (``line``; ``rows``, ``gap``, ``expected``; ``strip``).

    Parameters
    ----------
    numbers : scenes.numbers.honest_threshold.HonestNumbers
        What is drawn.
    strings : dict
        The locale's strings.
    words : scenes.numbers.honest_words.HonestWords
        The names and values the rows show.
    """

    #: The highest the plots may reach, the space between them, the tallest tick of the bootstrap strip; 16:9, 4:3.
    wide_layout = {"plot_top": 2.05, "gap": 1.0, "strip_height": 0.5}
    narrow_layout = {"plot_top": 2.0, "gap": 0.7, "strip_height": 0.45}
    #: Space between the header and the panels' titles; between the θ axis name and the first row.
    title_gap = 0.3
    rows_gap = 0.2
    #: The plots grow into the room the rows leave, never below the least height (their tick labels must
    #: clear) nor above the most, a share of their width.
    least_plot_height = 1.7
    most_plot_shape = 1.0
    #: Where the peek's rows go, rung by rung: the first rung that fits every beat's rows at full size under
    #: plots of the least height, and on it the placement that leaves the plots most room. Both gaps at once
    #: ``beside`` the carry's rows or ``under`` the choosing column's row; there ``in_turn`` (its own gap first,
    #: then the gap expected over the resamples in its place, when the narration reaches it); or the expected
    #: gap ``said`` only. The last when none fits (the ladder then fits its rows).
    peek_placements = (("beside", "under"), ("in_turn",), ("said",))
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
        if all(style.text_width(words[which], style.SIZE_LABEL, weight="BOLD") <= rooms[which] for which in words):
            return {which: VGroup(style.text(words[which], size=style.SIZE_LABEL, weight="BOLD")) for which in words}
        return {which: balanced_text(words[which], rooms[which], size=style.SIZE_SMALL, weight="BOLD", align=None)
                for which in words}

    @property
    def where(self) -> dict:
        """Where the panels go in this frame: the narrow (4:3) or wide (16:9) layout."""
        return self.narrow_layout if style.narrow() else self.wide_layout

    @property
    def foot(self) -> float:
        """The lowest y a legend row may reach."""
        return -4.0 + style.SIDE_MARGIN

    def build_layout(self) -> VGroup:
        """Header and both panels placed, plots of equal size, as tall as the tallest beat's rows leave room for.

        The widths come from the frame alone, so every beat's rows are measured once, wrapped at full
        size: the peek's rows go where :attr:`peek_placements` first fits them; the plots then grow down
        to the rows (square at most). Rows that do not fit even so go down the ladder.
        """
        n, s = self.numbers, self.strings
        where = self.where
        self.head = self.header()
        safe = style.safe_width()
        axes = {"choose": n.choose_axis, "report": n.report_axis}
        words = {which: self.panel_words(which) for which in axes}
        # Share the width: what sticks out of each plot (tick labels, the y name), then the gap between them.
        margins = {which: SplitCurve.margins(axes[which], words[which][1]) for which in axes}
        width = (safe - where["gap"] - sum(left + right for left, right in margins.values())) / 2
        rooms = {which: width + sum(margins[which]) for which in axes}
        titles = self.panel_titles({which: words[which][0] for which in axes}, rooms)
        # Columns under each panel, for legend rows: (left edge, width).
        self.columns = {"choose": (-safe / 2, rooms["choose"]), "report": (safe / 2 - rooms["report"], rooms["report"])}
        top = min(where["plot_top"], self.head.get_bottom()[1] - self.title_gap - 0.25
                  - max(title.height for title in titles.values()))
        below = SplitCurve.depth(s["honest_x_axis"]) + self.rows_gap
        # The peek's rows fit where they need no more room than the plots leave, or than the other beats' rows.
        room = max(top - self.least_plot_height - below - self.foot, self.tallest(None))
        for rung in self.peek_placements:
            self.peek_placement = min(rung, key=self.tallest)
            if (needed := self.tallest(self.peek_placement)) <= room + 1e-6:
                break
        bottom = min(top - self.least_plot_height, max(self.foot + needed + below, top - self.most_plot_shape * width))
        self.rows_top = bottom - below
        panels = {which: SplitCurve(titles[which], s["honest_x_axis"], words[which][1], axes[which], width,
                                    top - bottom) for which in axes}
        self.choose_panel, self.report_panel = panels["choose"], panels["report"]
        self.choose_panel.shift([-safe / 2 + margins["choose"][0], bottom, 0])
        self.report_panel.shift([safe / 2 - margins["report"][1] - width, bottom, 0])
        # Each split is one board: its plot and, under it, its rows, down to the foot of the frame.
        top = max(p.get_top()[1] for p in panels.values())
        foot = -4.0 + style.EDGE_BUFF
        self.cards = VGroup(*(card_behind(panels[which], height=top - foot, top=top) for which in axes))
        return VGroup(self.head, self.cards, self.choose_panel, self.report_panel)

    # -- what each beat shows, as data ----------------------------------------
    def stacks(self, placement: str | None) -> list[tuple[Block, ...]]:
        """Every column of rows a beat shows, top down; the peek's placed ``placement`` (none when None)."""
        choose = self.choose_block()
        if self.numbers.chosen is None:
            return [(choose,)]
        carry = self.carry_block()
        above = carry if placement == "beside" else choose
        turns = (False, True) if placement == "in_turn" and self.words.expected_gap() is not None else (False,)
        peeks = [(above, self.peek_block(placement, expected)) for expected in turns if placement]
        return [(choose, self.strip_block()), (carry, self.wobble_block()), *peeks]

    def laid(self, block: Block, top: float = float("inf")):
        """``block``'s rows as the ladder lays them out from ``top`` down to the foot (at full size by default)."""
        return self.legend.laid(block.legends, self.columns[block.column][1], top - block.lead - self.foot)

    def tallest(self, placement: str | None) -> float:
        """The height of the tallest column of rows any beat shows, every row wrapped at its full size."""
        return max(sum(block.lead + self.laid(block).height + self.legend.gap for block in stack) - self.legend.gap
                   for stack in self.stacks(placement))

    def bottom(self, stack: tuple[Block, ...]) -> float:
        """The lowest y of ``stack``'s rows as the ladder lays them out (a block left with nothing takes no room)."""
        bottom = self.rows_top + self.legend.gap
        for block in stack:
            laid = self.laid(block, bottom - self.legend.gap)
            if laid.rows or block.lead:
                bottom -= self.legend.gap + block.lead + laid.height
        return bottom

    def lowest_row(self) -> float:
        """The lowest y any legend row of the story reaches."""
        return min(self.bottom(stack) for stack in self.stacks(self.peek_placement))

    def drawn(self, block: Block, above: tuple[Block, ...] = ()) -> VGroup:
        """``block``'s rows drawn under ``above``, after its lead."""
        top = self.bottom(above) - self.legend.gap - block.lead
        left, width = self.columns[block.column]
        return self.legend.drawn(block.legends, left, width, top, top - self.foot)

    # -- legend rows, beat by beat --------------------------------------------
    def choose_block(self) -> Block:
        """Under the choosing panel: θ* and its metric there; or, without θ*, the reason."""
        n, s, w, legend = self.numbers, self.strings, self.words.fields, self.legend.legend
        if n.chosen is None:
            return Block("choose", (legend(s["honest_row_none"].format(split=w["choose"], **w)),))
        key = "honest_row_chosen" if n.target is None else "honest_row_chosen_target"
        text = s[key].format(theta=self.words.theta(n.chosen), metric=w["metric"],
                             value=self.words.value(n.value_choose), split=w["choose"], target=w["target"])
        return Block("choose", (legend(text, lambda: self.choose_panel.dot(0, 0, style.COST_MIN_COLOR)),))

    def carry_block(self) -> Block:
        """Under the reporting panel: θ* there, the default 0.50 there, and the comparison in big figures."""
        n, s, w, words, legend = self.numbers, self.strings, self.words.fields, self.words, self.legend.legend
        return Block("report", (
            legend(s["honest_row_report"].format(theta=words.theta(n.chosen), split=w["report"], metric=w["metric"],
                                                 value=words.value(n.value_report)),
                   lambda: self.report_panel.dot(0, 0, style.COST_MIN_COLOR)),
            legend(s["honest_row_half"].format(metric=w["metric"], value=words.value(n.value_half)),
                   lambda: self.report_panel.square(0, 0, style.COST_DEFAULT_COLOR)),
            legend(words.half_comparison(), size=style.SIZE_NUMBER, weight="BOLD", story=True)))

    def peek_block(self, placement: str, expected: bool = False) -> Block:
        """The peek and its gap: both gaps together (``beside``, ``under``), this split's own, or the expected one.

        The gap rows may be left to the narration, which says them.
        """
        n, s, w, words, legend = self.numbers, self.strings, self.words.fields, self.words, self.legend.legend
        column = "report" if placement == "beside" else "choose"
        if n.peek is None:
            return Block(column, (legend(s["honest_row_peek_none"].format(split=w["report"]),
                                         color=style.REDDISH_PURPLE),))
        gap = words.expected_gap() if expected else words.peek_gap() if placement in ("beside", "under") \
            else words.own_gap()
        ring = lambda: self.report_panel.ring(0, 0, style.REDDISH_PURPLE).scale(0.6)  # noqa: E731
        return Block(column, (legend(s["honest_row_peek"].format(split=w["report"], theta=words.theta(n.peek),
                                                                 metric=w["metric"], value=words.value(n.value_peek)),
                                     ring, color=style.REDDISH_PURPLE), legend(gap, sayable=True)))

    def strip_block(self) -> Block:
        """Under the choosing column's row: the strip of bootstrap θ*s (the lead), its caption under the bracket.

        The caption has no glyph: a negative indent gives it the glyph's room too (the whole column).
        """
        n, s, legend = self.numbers, self.strings, self.legend
        if n.theta_low is None:
            return Block("choose", (), self.where["strip_height"] + 0.1)
        caption = s["honest_strip_caption"].format(resamples=n.resamples, low=self.words.theta(n.theta_low),
                                                   high=self.words.theta(n.theta_high))
        return Block("choose", (legend.legend(caption, sayable=True, indent=-legend.glyph_room - 0.15),),
                     self.where["strip_height"] + 0.4)

    def wobble_block(self) -> Block:
        """Under the carry's rows: the metric on the reporting split over the wobble's range; resamples that missed."""
        n, s, w, words, legend = self.numbers, self.strings, self.words.fields, self.words, self.legend.legend
        swatch = lambda: Square(side_length=0.22, stroke_width=0).set_fill(style.COST_MIN_COLOR, 0.45)  # noqa: E731
        rows = [] if n.metric_low is None else [legend(s["honest_row_wobble"].format(
            metric=w["metric"], split=w["report"], low=words.value(n.metric_low), high=words.value(n.metric_high)),
            swatch, sayable=True)]
        if n.missing:
            rows.append(legend(s["honest_row_wobble_missing"].format(missing=n.missing, resamples=n.resamples),
                               optional=True))
        return Block("report", tuple(rows))

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
        """θ* on the choosing panel (``line``, and a dot) and its row; or, without θ*, the reason."""
        n, p = self.numbers, self.choose_panel
        rows = self.drawn(self.choose_block())
        if n.chosen is None:
            return VGroup(self.targets(), rows)
        marks = VGroup(self.targets(), p.vline(n.chosen, style.COST_MIN_COLOR),
                       p.dot(n.chosen, n.value_choose, style.COST_MIN_COLOR), rows)
        marks.line = marks[1]
        return marks

    def carry_marks(self) -> VGroup:
        """On the reporting panel: the dot at θ*, the square at 0.50; their rows and the comparison."""
        n, p = self.numbers, self.report_panel
        marks = VGroup(p.square(DEFAULT_THRESHOLD, n.value_half), p.dot(n.chosen, n.value_report, style.COST_MIN_COLOR))
        return VGroup(marks, self.drawn(self.carry_block()))

    def peek_marks(self) -> VGroup:
        """The reporting split's own best θ: a ring (and a line when it differs from θ*), and its ``rows``.

        ``gap`` is the gap row; placed ``in_turn``, ``expected`` (built, not added) is the gap expected over the
        resamples that takes its place; else None.
        """
        n, p, placement = self.numbers, self.report_panel, self.peek_placement
        above = (self.carry_block() if placement == "beside" else self.choose_block(),)
        peek = VGroup(VGroup(), self.drawn(self.peek_block(placement), above))
        peek.rows, peek.gap, peek.expected = peek[1], None, None
        if n.peek is None:
            return peek
        peek[0].add(p.ring(n.peek, n.value_peek, style.REDDISH_PURPLE))
        if n.peek != n.chosen:
            peek[0].add(p.vline(n.peek, style.REDDISH_PURPLE))
        peek.gap = peek.rows[1] if len(peek.rows) > 1 else None
        if peek.gap and placement == "in_turn" and self.words.expected_gap() is not None:
            turn = self.drawn(self.peek_block(placement, expected=True), above)
            peek.expected = turn[1] if len(turn) > 1 else None
        return peek

    def wobble_marks(self) -> VGroup:
        """The range shaded, the bracket and caption, the rows; the strip of bootstrap θ*s is its ``strip``."""
        n, cp, height, above = self.numbers, self.choose_panel, self.where["strip_height"], (self.choose_block(),)
        top = self.bottom(above) - self.legend.gap
        parts = VGroup()
        parts.strip = cp.strip(n.strip, top - 0.1 - height, height, style.COST_MIN_COLOR)
        if n.theta_low is not None:
            bracket = cp.bracket(n.theta_low, n.theta_high, top - 0.25 - height)
            left, width = self.columns["choose"]
            caption = self.drawn(self.strip_block(), above)
            caption.set_x(min(max(bracket.get_x(), left + caption.width / 2), left + width - caption.width / 2))
            bands = VGroup(*(p.band(n.theta_low, n.theta_high, style.COST_MIN_COLOR) for p in (cp, self.report_panel)))
            parts.add(bands, bracket, caption)
        return parts.add(self.drawn(self.wobble_block(), (self.carry_block(),)))
