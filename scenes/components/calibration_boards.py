"""Calibration's boards: the left board (score bins, or the cost curve), the reliability diagram, the numbers card.

The left board shows one model's cases in score bins (:class:`ScoreBins`), later the
recalibrated model's cost curve (:class:`SplitCurve`); the right board the reliability diagram
(:class:`ReliabilityPlot`); between them, a card across the frame holds the numbers table.
Legend rows go under each plot down to the foot of the frame, laid out by the layout ladder
(:mod:`~umbral.scenes.layout`) from their measured words: nothing is built to be measured.
"""

from __future__ import annotations

from manim import DOWN, LEFT, UP, Line, VGroup

from umbral.scenes import style
from umbral.scenes.components.calibration_table import CalibrationTable
from umbral.scenes.components.card import card_over
from umbral.scenes.components.legend_rows import LegendRows, balanced_text
from umbral.scenes.components.model_curves import model_marker
from umbral.scenes.components.reliability_plot import POINT_SIZE, ReliabilityPlot
from umbral.scenes.components.score_bins import ScoreBins, dot_cloud
from umbral.scenes.components.split_curve import SplitCurve

__all__ = ["CalibrationBoards"]


class CalibrationBoards:
    """The header, the two boards and their rows, beat by beat; and the numbers card.

    A layout, not a mobject: :meth:`build_layout` places ``head``, ``cards`` (one behind each
    board), ``reliability`` and the left plot area; ``bins_panel(bins)`` and ``cost_panel(after)``
    build the left board's plot for a beat. The rows' builders return new mobjects and never add
    them.

    Parameters
    ----------
    numbers : scenes.numbers.calibration.CalibrationNumbers
        What is drawn.
    strings : dict
        The locale's strings.
    words : scenes.numbers.calibration_words.CalibrationWords
        The names and values the rows show.
    """

    #: The plots' θ axis, their highest top, the space between the boards; 16:9 then 4:3.
    wide_layout = {"plot_bottom": -0.85, "plot_top": 2.0, "gap": 0.8}
    narrow_layout = {"plot_bottom": -0.6, "plot_top": 2.0, "gap": 0.55}
    title_gap = 0.3
    least_plot_height = 1.8

    def __init__(self, numbers, strings: dict, words):
        self.numbers, self.strings, self.words = numbers, strings, words
        self.legend = LegendRows()

    # -- layout -------------------------------------------------------------
    def header(self) -> VGroup:
        """Top left: the data; under it the split, its cases, the bins and the costs."""
        caption = style.text(self.words.title, size=style.SIZE_LABEL)
        sub = balanced_text(self.words.header(), style.safe_width(), color=style.MUTED_TEXT)
        head = VGroup(caption, sub).arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        return style.fit_width(head).to_corner(UP + LEFT, buff=style.EDGE_BUFF)

    @property
    def foot(self) -> float:
        """The lowest y a legend row may reach."""
        return -4.0 + style.SIDE_MARGIN

    @property
    def where(self) -> dict:
        """Where each panel sits: the narrow (4:3) or wide (16:9) layout."""
        return dict(self.narrow_layout if style.narrow() else self.wide_layout)

    def build_layout(self) -> VGroup:
        """Header and both boards placed; the plots give way to the tallest beat's rows, then the ladder fits them.

        The plots shorten (down to ``least_plot_height``) by as much as the tallest column of rows, wrapped
        at its full size, passes the foot; twice at most (a shorter diagram narrows its column, whose rows
        then wrap: more rounds gain nothing). What still does not fit goes down the layout ladder
        (:mod:`~umbral.scenes.layout`) beat by beat: smaller rows, short forms, optional rows dropped,
        rows the narration says left to it.
        """
        raise_by = widen = 0.0
        for _ in range(3):
            layout = self.placed(raise_by, widen)
            if not widen:  # the diagram's column first widens (up to half the frame) for its rows, then stays
                widen = self.widening()
                layout = self.placed(raise_by, widen) if widen else layout
            over = max(self.overflow("left"), self.overflow("right"))
            if over <= 1e-6 or self.plot_top - self.plot_bottom <= self.least_plot_height + 1e-6:
                break
            raise_by += over + 0.02
        return layout

    def widening(self) -> float:
        """How much wider than its diagram the right column gets for its rows (the left column narrows as much).

        The least extra width at which the right column's rows, wrapped at full size, pass the foot by no
        more than the left column's then do (0 when they fit already); at most half the safe width.
        """
        (_, right), (_, left) = self.columns["right"], self.columns["left"]
        limit = style.safe_width() / 2 - right

        def enough(extra: float) -> bool:
            return self.overflow("right", right + extra) <= max(self.overflow("left", left - extra), 0.0)

        if limit <= 0 or enough(0.0):
            return 0.0
        low, high = 0.0, limit
        for _ in range(6):  # to 1/64 of the range
            low, high = ((low + high) / 2, high) if not enough((low + high) / 2) else (low, (low + high) / 2)
        return high

    def overflow(self, side: str, width: float | None = None) -> float:
        """How far the tallest of ``side``'s columns of rows, wrapped at full size (``width`` wide), passes the foot."""
        width = self.columns[side][1] if width is None else width
        return max(self.legend.laid(legends, width, float("inf")).height for name, legends in self.every_column()
                   if name == side) - (self.rows_top - self.foot)

    def every_column(self) -> list[tuple[str, list]]:
        """Every beat's column of legend rows, as ``(column, legends)``: what the layout must make room for."""
        n = self.numbers
        last = len(n.models) - 1
        columns = [("left", self.bins_legends(b)) for bins in (*n.models, n.fixed.after) for b in bins.filled]
        columns += [("right", self.model_legends(i, i)) for i in range(len(n.models))]
        columns += [("right", self.model_legends(last, after=True))]
        columns += [("left", self.cost_legends(after)) for after in (False, True)]
        return columns + [("left", self.recalibrate_legends())]

    @property
    def card_foot(self) -> float:
        """The cards' inner bottom: a row below it would stick out of its card."""
        return -4.0 + style.EDGE_BUFF

    def placed(self, raise_by: float, widen: float = 0.0) -> VGroup:
        """The layout with the plots' bottom ``raise_by`` above the default, the right column ``widen`` wider."""
        s = self.strings
        where = self.where
        self.head = self.header()
        safe = style.safe_width()
        probe = ReliabilityPlot(self.reliability_title, s["calib_reliability_x_axis"],
                                s["calib_reliability_y_axis"], s["calib_diagonal"], side=2.0)
        left_margin = probe.plot.axes.c2p(0, 0)[0] - probe.plot.get_left()[0]
        bottom = where["plot_bottom"] + raise_by
        top = min(where["plot_top"], self.head.get_bottom()[1] - self.title_gap - 0.25 - probe.plot.title.height)
        for _ in range(2):  # the columns' widths follow the plots' height, the titles' heights the columns
            side = top - bottom
            right_width = left_margin + side + 0.25 + widen
            left_width = safe - right_width - where["gap"]
            self.columns = {"right": (safe / 2 - right_width, right_width), "left": (-safe / 2, left_width)}
            titles = [self.left_title(bins) for bins in self.numbers.models]
            titles += [self.cost_title(False), self.cost_title(True)]
            tallest = max(max(t.height for t in titles), probe.plot.title.height)
            top = min(where["plot_top"], self.head.get_bottom()[1] - self.title_gap - 0.25 - tallest)
            bottom = min(bottom, top - self.least_plot_height)
        self.plot_bottom, self.plot_top = bottom, top
        self.reliability = self.reliability_plot(top - bottom)
        # The left plot area: what sticks out of it (tick labels, y name) inside the left column.
        margin, last = ScoreBins.margins(s["calib_bins_y_axis"], top - bottom)
        cost_margin, cost_last = SplitCurve.margins(self.numbers.cost_axis, s["calib_cost_y_axis"])
        margin, last = max(margin, cost_margin), max(last, cost_last) + 0.1
        self.plot_left = -safe / 2 + margin
        self.plot_width = left_width - margin - last
        panel = self.bins_panel(self.numbers.models[0])
        cost = self.cost_panel(False)
        self.rows_top = min(panel.frame.get_bottom()[1], cost.frame.get_bottom()[1],
                            self.reliability.plot.get_bottom()[1]) - 0.22
        board_top = max(panel.get_top()[1], cost.get_top()[1], self.cost_panel(True).get_top()[1],
                        self.reliability.get_top()[1])
        self.board_top = board_top
        foot = -4.0 + style.EDGE_BUFF
        left_card = card_over(-safe / 2 - 0.15, -safe / 2 + left_width + 0.15, board_top + 0.15, foot - 0.15)
        right_card = card_over(safe / 2 - right_width - 0.15, safe / 2 + 0.15, board_top + 0.15, foot - 0.15)
        self.cards = VGroup(left_card, right_card)
        self.full_card = card_over(-safe / 2 - 0.15, safe / 2 + 0.15, board_top + 0.15, foot - 0.15)
        return VGroup(self.head, self.cards, self.reliability, panel)

    @property
    def reliability_title(self) -> str:
        """The diagram's title; without the split (the header names it) where the whole would wrap."""
        whole = self.strings["calib_reliability_title"].format(**self.words.fields)
        columns = getattr(self, "columns", None)
        if style.narrow() or (columns is not None and style.text_width(whole, style.SIZE_SMALL, weight="BOLD")
                              > columns["right"][1]):
            return self.strings["calib_reliability_title_short"].format(**self.words.fields)
        return whole

    def reliability_plot(self, side: float) -> ReliabilityPlot:
        """The reliability diagram in the right column, its plot's bottom on the plots' line."""
        s = self.strings
        left, width = self.columns["right"]
        plot = ReliabilityPlot(self.reliability_title, s["calib_reliability_x_axis"],
                               s["calib_reliability_y_axis"], s["calib_diagonal"], side=side)
        origin = plot.plot.axes.c2p(0, 0)
        plot.shift([left + width - 0.25 - side - origin[0], self.plot_bottom - origin[1], 0])
        title = plot.plot.title
        if title.width > width:
            words = self.reliability_title
            wrapped = balanced_text(words, width, size=style.SIZE_SMALL, weight="BOLD", align=None)
            wrapped.move_to(title).align_to(title, DOWN)
            plot.plot.remove(title)
            plot.plot.title = wrapped
            plot.plot.add(wrapped)
        plot.plot.title.set_x(left + width / 2)
        return plot

    def fitted_title(self, words: str) -> VGroup:
        """A left board's title: bold on one line if it fits the column, else smaller and wrapped."""
        _, width = self.columns["left"]
        if style.text_width(words, style.SIZE_LABEL, weight="BOLD") <= width:
            return VGroup(style.text(words, size=style.SIZE_LABEL, weight="BOLD"))
        return balanced_text(words, width, size=style.SIZE_SMALL, weight="BOLD", align=None)

    def left_title(self, bins) -> VGroup:
        """The title over a model's score bins."""
        n, w = self.numbers, self.words
        key = "calib_bins_title_sample" if bins.dot_scores.size < bins.n else "calib_bins_title"
        key += "_short" if style.narrow() else ""  # a 4:3 column: the dots are named by their rows
        return self.fitted_title(self.strings[key].format(model=w.model(bins.model), report=w.fields["report"],
                                                          shown=bins.dot_scores.size, n=n.n_report))

    def cost_title(self, after: bool) -> VGroup:
        """The title over the cost curve, before or after recalibrating."""
        w = self.words
        key = "calib_cost_after_title" if after else "calib_cost_title"
        return self.fitted_title(self.strings[key].format(**w.fields))

    def _title_over(self, title: VGroup) -> VGroup:
        left, width = self.columns["left"]
        return title.move_to([left + width / 2, self.plot_top + 0.25 + title.height / 2, 0])

    def bins_panel(self, bins) -> ScoreBins:
        """Score bins of one model (its title over them) in the left plot area."""
        s = self.strings
        title = self._title_over(self.left_title(bins))
        panel = ScoreBins(title, s["calib_bins_x_axis"], s["calib_bins_y_axis"], [b.low for b in bins.bins]
                          + [bins.bins[-1].high], self.plot_width, self.plot_top - self.plot_bottom)
        panel.frame.shift([self.plot_left, self.plot_bottom, 0])
        self._title_over(panel.title)
        return panel

    def cost_panel(self, after: bool) -> SplitCurve:
        """The recalibrated model's cost against θ on the reporting split, in the left plot area."""
        s = self.strings
        title = self.cost_title(after)
        panel = SplitCurve(title, s["calib_cost_x_axis"], s["calib_cost_y_axis"], self.numbers.cost_axis,
                           self.plot_width, self.plot_top - self.plot_bottom)
        panel.frame.shift([self.plot_left, self.plot_bottom, 0])
        self._title_over(panel.title)
        return panel

    # -- rows ---------------------------------------------------------------
    def _drawn(self, column: str, legends) -> VGroup:
        left, width = self.columns[column]
        return self.legend.drawn(legends, left, width, self.rows_top, self.rows_top - self.foot)

    def dot_legends(self) -> list:
        """What the two colours of dots are (the class names; short: the narration says what the dots do).

        Where they do not fit, the negatives' row goes first, then the positives' (the narration says they sink).
        """
        s, legend = self.strings, self.legend.legend
        return [legend(s[f"calib_dots_{kind}"], lambda colour=colour: dot_cloud([[0, 0, 0]], 0.07, colour),
                       short=s[f"calib_dots_{kind}_short"], **{"optional" if kind == "negative" else "sayable": True})
                for kind, colour in (("positive", style.POSITIVE_COLOR), ("negative", style.NEGATIVE_COLOR))]

    def bins_legends(self, b) -> list:
        """Under the bins: bin ``b`` in words (a story number), then the dots' legend."""
        words = self.words.bin_row(b, short=style.narrow())
        return [self.legend.legend(words, size=self.number_size, weight="BOLD", story=True), *self.dot_legends()]

    def bins_rows(self, bins, b) -> VGroup:
        """Under the bins: bin ``b`` in words, then the dots' legend."""
        return self._drawn("left", self.bins_legends(b))

    @property
    def number_size(self) -> float:
        """The rows that carry the story's numbers."""
        return style.SIZE_NUMBER

    def model_glyph(self, index: int):
        """Model ``index``'s marker, as on the reliability diagram."""
        return model_marker(index, style.MODEL_COLORS[index % len(style.MODEL_COLORS)], POINT_SIZE)

    def model_legends(self, upto: int, shape: int | None = None, after: bool = False) -> list:
        """Under the diagram: each model up to ``upto`` with its ECE, then where model ``shape``'s curve lies.

        The recalibrated model's row reads before → after when ``after``; the shape's row may go (the
        narration says it).
        """
        n, w, legend = self.numbers, self.words, self.legend.legend
        key = "calib_diagonal" if style.narrow() else "calib_diagonal_row"
        rows = [legend(self.strings[key], ReliabilityPlot.key_glyph, short=self.strings["calib_diagonal"])]
        for i, bins in enumerate(n.models[:upto + 1]):
            recalibrated = after and bins.model == n.fixed.model  # its ECE before → after: the narration says it
            text = w.model_row_after() if recalibrated else w.model_row(bins)
            rows.append(legend(text, lambda i=i: self.model_glyph(i), sayable=recalibrated))
        if shape is not None:
            rows.append(legend(w.shape(n.models[shape]).rsplit(": ", 1)[-1], color=style.MUTED_TEXT, optional=True))
        return rows

    def model_rows(self, upto: int, shape: int | None = None, after: bool = False) -> VGroup:
        """Under the diagram: :meth:`model_legends` drawn."""
        return self._drawn("right", self.model_legends(upto, shape, after))

    def cost_legends(self, after: bool, panel: SplitCurve | None = None) -> list:
        """Under the cost curve: the rule's θ, the honest alternative or the raw curve, the peek; the headline.

        Where they do not fit, the raw curve's key goes, then the peek's and the alternative's rows (the
        narration says them). The glyphs are ``panel``'s marks (only a drawn row needs its panel).
        """
        n, s, w, legend = self.numbers, self.strings, self.words, self.legend.legend
        f = n.fixed
        short = "_short" if style.narrow() else ""  # a 4:3 column: the opening and narration give the formula

        def dot(colour):
            return lambda: panel.dot(0, panel.axis.low, colour)

        def ring():
            return panel.ring(0, panel.axis.low, style.REDDISH_PURPLE).scale(0.6)
        if not after:
            rows = [legend(s["calib_cost_rule" + short].format(theta=w.theta(n.rule_theta), cost=w.cost(f.rule_raw)),
                           dot(style.COST_THEORY_COLOR)),
                    legend(s["calib_cost_chosen"].format(choose=w.fields["choose"], theta=w.theta(f.chosen_theta),
                                                         cost=w.cost(f.chosen_cost)),
                           dot(style.COST_MIN_COLOR), sayable=True),
                    legend(s["calib_cost_minimum"].format(report=w.fields["report"], theta=w.theta(f.minimum_theta),
                                                          cost=w.cost(f.minimum_cost)), ring,
                           color=style.REDDISH_PURPLE, sayable=True)]
            headline = s["calib_cost_misses" + short].format(rule=w.cost(f.rule_raw), lowest=w.cost(f.minimum_cost))
        else:
            raw = lambda: Line([-0.14, 0, 0], [0.14, 0, 0], color=style.MUTED_TEXT,  # noqa: E731
                               stroke_width=style.STROKE_CURVE)
            rows = [legend(s["calib_cost_raw_curve"], raw, optional=True),
                    legend(s["calib_cost_rule_after" + short].format(theta=w.theta(n.rule_theta),
                                                                     cost=w.cost(f.rule_calibrated),
                                                                     raw=w.cost(f.rule_raw)),
                           dot(style.COST_THEORY_COLOR)),
                    legend(s["calib_cost_minimum_after"].format(theta=w.theta(f.calibrated_minimum_theta),
                                                                cost=w.cost(f.calibrated_minimum_cost)), ring,
                           color=style.REDDISH_PURPLE, sayable=True)]
            headline = s["calib_cost_after" + short].format(raw=w.cost(f.rule_raw),
                                                            calibrated=w.cost(f.rule_calibrated),
                                                            lowest=w.cost(f.calibrated_minimum_cost))
        return rows + [legend(part, size=self.number_size, weight="BOLD", story=True)
                       for part in self._headline_parts(headline)]

    def cost_rows(self, panel: SplitCurve, after: bool) -> VGroup:
        """Under the cost curve: :meth:`cost_legends` drawn."""
        return self._drawn("left", self.cost_legends(after, panel))

    def _headline_parts(self, headline: str) -> list[str]:
        """``headline`` whole if it fits the left column on one line, else one row per `` · ``-separated part."""
        _, width = self.columns["left"]
        one_line = style.text_width(headline, self.number_size, weight="BOLD")
        return [headline] if one_line <= width - self.legend.glyph_room - 0.15 else headline.split(" · ")

    def recalibrate_legends(self) -> list:
        """Under the bins while the scores are recalibrated: what was fitted, and what the dots do."""
        return [self.legend.legend(self.words.fit(), sayable=True),
                self.legend.legend(self.strings["calib_slide"], sayable=True)]

    def recalibrate_rows(self) -> VGroup:
        """:meth:`recalibrate_legends` drawn."""
        return self._drawn("left", self.recalibrate_legends())

    # -- the numbers card ---------------------------------------------------
    def table(self) -> VGroup:
        """Across the frame: the title, each model's ECE, Brier and its parts, log-loss; the lesson under it."""
        n, s, w = self.numbers, self.strings, self.words
        safe = style.safe_width()
        terms = [s[f"calib_table_{key}"] for key in ("ece", "brier", "reliability", "resolution", "uncertainty",
                                                      "within", "log_loss")]
        values = [[w.part(getattr(m, key)) for m in n.models]
                  for key in ("ece", "brier", "reliability", "resolution", "uncertainty", "within_bin")]
        values.append([f"{m.log_loss:.3f}" for m in n.models])
        models = [(w.model(m.model), i, style.MODEL_COLORS[i % len(style.MODEL_COLORS)])
                  for i, m in enumerate(n.models)]
        table = CalibrationTable(terms, values, models, safe - 0.4, [style.SIZE_NUMBER] * len(terms),
                                 breaks={0, 5})
        short = "_short" if style.narrow() else ""  # a 4:3 frame: the title in one line
        title = balanced_text(s["calib_table_title" + short].format(**w.fields), safe - 0.4, size=style.SIZE_LABEL,
                              weight="BOLD", align=None)
        note = balanced_text(s["calib_table_lower"], safe - 0.4, color=style.MUTED_TEXT, align=None)
        lesson = balanced_text(w.takeaway(), safe - 0.4, size=style.SIZE_LABEL, align=None)
        block = VGroup(title, table, note, lesson).arrange(DOWN, buff=0.3)
        room = self.board_top - (self.foot + 0.1)
        if block.height > room:  # a long translation: the rows closer, never the text smaller
            block.arrange(DOWN, buff=0.15)
        # Still too tall (a 4:3 frame): the card takes the header's room too, its title the header's place.
        self.table_over_head = block.height > room
        top = 4.0 - style.EDGE_BUFF - 0.15 if self.table_over_head else self.board_top
        for extra in (lesson, note):  # still too tall: the lesson (the narration says it), then the note, go
            if block.height <= top - (self.foot + 0.1):
                break
            block.remove(extra)
            block.arrange(DOWN, buff=0.15)
        if self.table_over_head:
            safe = style.safe_width()
            self.full_card = card_over(-safe / 2 - 0.15, safe / 2 + 0.15, top + 0.15, -4.0 + style.EDGE_BUFF - 0.15)
        block.move_to([0, (top + self.foot) / 2, 0])
        return block
