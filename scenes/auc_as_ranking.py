"""AucAsRanking: AUC is the share of positive-negative pairs the score puts in the right order.

Small data is shown whole (clinic20: 5 x 15 = 75 pairs). Larger data is
explained on a sample evenly spread over the ranking (no randomness, see
scenes/numbers/auc_as_ranking.py), then the count over all its pairs is
stated. Ties count one half: since the data may have none, a made-up 2 x 2
example computed by the metrics core shows one.
"""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Create,
    FadeIn,
    FadeOut,
    VGroup,
    config,
    linear,
)

from umbral.scenes import style
from umbral.scenes.base import HeldSteps, LectureScene
from umbral.scenes.beats import Beat
from umbral.scenes.components.card import CARD_PAD, card_behind, card_over
from umbral.scenes.components.live_text import LiveText, count_slot
from umbral.scenes.components.pair_grid import PairGrid, pair_mark
from umbral.scenes.numbers.auc_as_ranking import ranking_numbers
from umbral.scenes.strings import grouped
from umbral.scenes.style import story_number

__all__ = ["AucAsRanking"]


class AucAsRanking(LectureScene):
    """Every pair checked live, the count equal to the area under the ROC staircase, a tie worth ½."""

    intro_seconds = 4.4
    count_seconds = 9.0
    staircase_seconds = 6.0
    tie_seconds = 8.0
    all_seconds = 6.0
    grid_width = 4.6
    #: In a 4:3 frame the pair grid narrows, with smaller score labels, to leave the right column readable.
    narrow_grid_width = 3.0
    narrow_label_size = style.SIZE_MIN_READABLE_NARROW
    #: Space between the pair grid and the right column.
    column_gap = 0.45
    grid_height = 4.5
    #: The grid grows to the bottom margin, up to this height.
    tallest_grid = 5.4
    #: Inset of the right column's text from its board's edges.
    board_pad = 0.3
    tie_side = 1.5
    #: Space between the pair grid and the data caption under it.
    caption_gap = 0.25
    #: Space between the blocks of the right column.
    block_gap = 0.4
    #: The tie's lines go under its grid when less than this is left beside it.
    least_tie_text = 2.2

    # -- building -------------------------------------------------------
    def build_layout(self) -> VGroup:
        """Title, pair grid, data line, legend with live counts (all marks hidden); the later blocks built unseen.

        The grid fills the height under the title; the right column is a board down to the bottom
        margin holding the data line, the legend with the live counts, then one slot shown in turn
        under the legend: the equation (which states the counts), the tie example, the count over all
        pairs. When a slot does not fit under the legend (long translations) the slots take the
        legend's place instead. Every line is wrapped to the column's width, never shrunk.
        """
        self.numbers = ranking_numbers(self.facts.sweep, report=self.facts.report, sklearn=self.facts.sklearn)
        layout = self.arrange(title_width=style.safe_width())
        if not self.fits():  # long words: the title over the grid only, the right column from the top margin
            grid = self.grid
            layout = self.arrange(title_width=max(grid.box.get_right()[0], grid.axis_labels.get_right()[0])
                                  - grid.get_left()[0])
        return layout

    def fits(self) -> bool:
        """True when every block of the right column ends above its board's bottom padding."""
        lowest = min(mob.get_bottom()[1] for mob in (self.stage, self.equation, self.tie_block, self.all_block))
        return lowest >= self.floor - 1e-6

    def arrange(self, title_width: float) -> VGroup:
        """The layout of :meth:`build_layout` with the title wrapped to ``title_width``.

        A title as wide as the frame puts the right column's board under it; a narrower one
        (over the grid) lets the board start at the top margin.
        """
        s, n = self.strings, self.numbers
        shown = n.shown
        self.title = self.lines(s["rank_title"], title_width, style.SIZE_HEADER, weight="BOLD")
        self.title.to_corner(UP + LEFT, buff=style.EDGE_BUFF)
        self.grid = self.pair_grid(self.grid_height)
        self.caption = self.part_caption()
        # The grid grows (or shrinks) until its labels, and the data caption under it, reach the bottom margin.
        self.floor = floor = -config.frame_height / 2 + style.EDGE_BUFF
        below = self.caption.height + self.caption_gap if self.caption is not None else 0.0
        short = below - (self.grid.get_bottom()[1] - floor)
        if abs(short) > 0.01:
            self.grid = self.pair_grid(min(self.grid_height - short, self.tallest_grid))
        if self.caption is not None:
            self.caption.next_to(self.grid, DOWN, buff=self.caption_gap, aligned_edge=LEFT)
        rows, columns = shown.outcome.shape
        total = shown.counts.total
        if n.sampled:
            data = s["rank_sample"].format(rows=rows, columns=columns, positives=self.grouped(n.positives),
                                           negatives=self.grouped(n.negatives), total=total)
        else:
            data = s["rank_data"].format(positives=rows, negatives=columns, total=total)
        right = max(self.grid.box.get_right()[0], self.grid.axis_labels.get_right()[0])
        board_left, board_right = right + self.column_gap, config.frame_width / 2 - style.SIDE_MARGIN
        left = board_left + self.board_pad
        self.room = board_right - self.board_pad - left
        beside = title_width < style.safe_width() - 1e-6  # the title stays left of the right column
        top = config.frame_height / 2 - style.EDGE_BUFF - self.board_pad if beside else self.grid.box.get_top()[1]
        board_top = config.frame_height / 2 - style.EDGE_BUFF if beside else self.grid.get_top()[1] + CARD_PAD
        self.board = card_over(board_left, board_right, board_top, floor)
        self.data_line = self.lines(data, self.room, style.SIZE_SMALL, color=style.MUTED_TEXT)
        self.data_line.move_to([left, top, 0], aligned_edge=UP + LEFT)
        self.legend = self.build_legend(total)
        self.checked = LiveText(s["rank_checked"].replace("{total}", str(total)),
                                {"done": count_slot(total)}, size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        self.stage = VGroup(self.legend, self.checked).arrange(DOWN, buff=0.3, aligned_edge=LEFT)
        self.stage.next_to(self.data_line, DOWN, buff=self.block_gap, aligned_edge=LEFT)
        self.show_count(0)
        self.tie_block = self.build_tie()
        self.all_block = self.build_all()
        self.equation = self.build_equation(self.room)
        slot_top = self.legend.get_bottom()[1] - self.block_gap
        blocks = (self.equation, self.tie_block, self.all_block)
        #: True when the slots fit under the legend, which then stays on screen to the end.
        self.keep_legend = max(b.height for b in blocks) <= slot_top - (floor + self.board_pad)
        if not self.keep_legend:
            slot_top = self.stage.get_top()[1]
        #: Blocks too tall even there take the data line's place too (it fades out while they show).
        self.over_data = set()
        for block in blocks:
            block.move_to([left, slot_top, 0], aligned_edge=UP + LEFT)
            if block.get_bottom()[1] < floor - 1e-6:
                block.align_to(self.data_line, UP)
                self.over_data.add(id(block))
        self.grid_board = card_behind(self.grid if self.caption is None else VGroup(self.grid, self.caption))
        layout = VGroup(self.board, self.grid_board, self.title, self.grid, self.data_line, self.stage)
        return layout if self.caption is None else layout.add(self.caption)

    @staticmethod
    def lines(words: str, width: float, size: float, **kwargs):
        """``words`` as one left-aligned Text, broken into the fewest lines no wider than ``width``."""
        weight = {"weight": kwargs["weight"]} if "weight" in kwargs else {}
        broken = "\n".join(style.balanced_lines(words.split(), width, size, **weight))
        return style.text(broken, size=size, line_spacing=0.8, **kwargs)

    def pair_grid(self, height: float) -> PairGrid:
        """The pair grid of the shown pairs, ``height`` tall, under the title at the left edge."""
        s, shown, narrow = self.strings, self.numbers.shown, style.narrow()
        grid = PairGrid(shown.positive_scores, shown.negative_scores, shown.outcome, shown.roc_fpr, shown.roc_tpr,
                        self.narrow_grid_width if narrow else self.grid_width, height, s["rank_x_axis"],
                        s["rank_y_axis"], label_size=self.narrow_label_size if narrow else style.SIZE_SMALL)
        return grid.next_to(self.title, DOWN, buff=0.45).to_edge(LEFT, buff=style.EDGE_BUFF)

    def part_caption(self) -> VGroup | None:
        """Which model and split the pairs come from, wrapped to the grid's width; None for one split."""
        if self.facts.split is None:
            return None
        words, width = self.dataset_name, self.grid.width
        lines = [words]
        if style.text_width(words, style.SIZE_SMALL) > width:  # break after the data's title, then as needed
            head, separator, tail = words.partition(" · ")
            lines = [*style.balanced_lines((head + separator).split(), width, style.SIZE_SMALL),
                     *(style.balanced_lines(tail.split(), width, style.SIZE_SMALL) if tail else ())]
        caption = VGroup(*(style.text(line, size=style.SIZE_SMALL, color=style.MUTED_TEXT) for line in lines))
        return caption.arrange(DOWN, buff=0.12, aligned_edge=LEFT)

    def build_legend(self, total: int) -> VGroup:
        """Per outcome: a sample mark (shape, not only colour), its live count and its meaning."""
        s = self.strings
        rows, self.counts = VGroup(), {}
        for outcome, name, key in ((1.0, "correct", "rank_legend_right"), (0.0, "wrong", "rank_legend_wrong"),
                                   (0.5, "ties", "rank_legend_tie")):
            mark = pair_mark(outcome, 0.36, 0.36)
            swatch = VGroup(pair_mark(1.0, 0.36, 0.36).set_opacity(0).set_stroke(style.GRID_LINE, 1.5, 1), mark)
            count = story_number(LiveText(f"{{{name}}}", {name: count_slot(total, weight="BOLD")},
                                          size=style.SIZE_NUMBER, align="right"))
            self.counts[name] = count
            head = VGroup(swatch, count).arrange(RIGHT, buff=0.2)
            words = self.lines(s[key], self.room - head.width - 0.25, style.SIZE_SMALL)
            rows.add(VGroup(head, words).arrange(RIGHT, buff=0.25))
        return rows.arrange(DOWN, buff=0.22, aligned_edge=LEFT)

    def build_equation(self, width: float) -> VGroup:
        """The count as a share, equal to the area under the staircase, in lines no wider than ``width``."""
        s, shown = self.strings, self.numbers.shown
        c = shown.counts
        share = story_number(self.lines(s["rank_equation"].format(
            correct=c.correct, ties=c.ties, total=c.total, share=f"{c.share:.3f}"), width, style.SIZE_NUMBER,
            weight="BOLD"))
        key = "rank_staircase_sample" if self.numbers.sampled else "rank_staircase"
        area = story_number(self.lines(s[key].format(auc=f"{shown.auc:.3f}"), width, style.SIZE_NUMBER))
        return VGroup(share, area).arrange(DOWN, buff=0.2, aligned_edge=LEFT)

    def build_tie(self) -> VGroup:
        """The made-up tie: a 2 x 2 pair grid with its staircase, and its count (beside it, or under it)."""
        s, tie = self.strings, self.numbers.tie
        grid = PairGrid(tie.positive_scores, tie.negative_scores, tie.outcome, tie.roc_fpr, tie.roc_tpr,
                        self.tie_side, self.tie_side)
        grid.reveal(list(grid.marks))
        grid.show_staircase()
        tied = tie.tied_score
        c = tie.counts
        beside = self.room - grid.width - 0.4
        width = beside if beside >= self.least_tie_text else self.room
        size = style.SIZE_SMALL
        lines = VGroup(
            self.lines(s["rank_tie_title"], width, size, color=style.MUTED_TEXT),
            self.lines(s["rank_tie_pair"].format(score=f"{tied:.2f}"), width, size),
            self.lines(s["rank_equation"].format(correct=c.correct, ties=c.ties, total=c.total,
                                                 share=f"{c.share:.3f}"), width, size, weight="BOLD"),
            self.lines(s["rank_tie_auc"].format(auc=f"{tie.auc:.3f}"), width, size),
        ).arrange(DOWN, buff=0.2, aligned_edge=LEFT)
        self.tie_score = f"{tied:.2f}"
        block = VGroup(grid, lines)
        if width == beside:
            block.arrange(RIGHT, buff=0.4)
        else:
            block.arrange(DOWN, buff=0.3, aligned_edge=LEFT)
            grid.shift(RIGHT * (grid.get_left()[0] - grid.box.get_left()[0]))  # its score labels inside
            lines.align_to(grid, LEFT)
        return block

    def grouped(self, count: int) -> str:
        """A count as shown and said: in digit groups from 10,000 on (:func:`umbral.scenes.strings.grouped`)."""
        return grouped(count, self.lang)

    def build_all(self) -> VGroup:
        """The count over every pair of the data, from the metrics core."""
        s, n = self.strings, self.numbers
        c = n.all_counts
        g = self.grouped
        head = self.lines(s["rank_all"].format(positives=g(n.positives), negatives=g(n.negatives), total=g(c.total),
                                               correct=g(c.correct), ties=g(c.ties)), self.room, style.SIZE_LABEL)
        tail = story_number(self.lines(s["rank_all_auc"].format(correct=g(c.correct), ties=g(c.ties),
                                                                total=g(c.total), auc=f"{n.auc:.3f}"),
                                       self.room, style.SIZE_NUMBER, weight="BOLD"))
        return VGroup(head, tail).arrange(DOWN, buff=0.25, aligned_edge=LEFT)

    def data_line_for(self, old, new) -> list:
        """The data line's fade when block ``new`` replaces ``old`` and only one of them covers its place."""
        before, after = id(old) in self.over_data, id(new) in self.over_data
        if after == before:
            return []
        return [FadeOut(self.data_line) if after else FadeIn(self.data_line)]

    def show_count(self, cells: int) -> None:
        """Reveal the first ``cells`` pairs (column by column) and count them live."""
        shown = self.numbers.shown
        order = shown.reveal_order
        self.grid.reveal(order[len(self.grid.shown_cells):cells])
        correct, ties, wrong = (int(v) for v in shown.running[cells])
        for name, value in (("correct", correct), ("wrong", wrong), ("ties", ties)):
            self.counts[name].set_values(**{name: value})
        self.checked.set_values(done=cells)

    @classmethod
    def beats(cls, **shape) -> tuple[Beat, ...]:
        """Pairs, counted; the count is the staircase's area; a tie is half; the whole data's count."""
        return (Beat("intro", cls.intro_seconds, "the question asked of every positive-negative pair", pause=True),
                Beat("count", cls.count_seconds, "every pair checked, column by column, counted live", pause=True),
                Beat("staircase", cls.staircase_seconds, "the share of right pairs is the area under the ROC staircase",
                     pause=True),
                Beat("tie", cls.tie_seconds, "a tie counts one half: a made-up example", pause=True),
                Beat("all", cls.all_seconds, "the count over every pair of the data: the AUC"))

    # -- the story --------------------------------------------------------
    def play_intro(self, beat):
        """The question asked of every pair."""
        layout = self.build_layout()
        n = self.numbers
        c = n.shown.counts
        if n.sampled:
            self.say("say_rank_intro_sample", n=self.grouped(n.positives + n.negatives),
                     all_total=self.grouped(n.all_counts.total), total=c.total)
        else:
            self.say("say_rank_intro", total=c.total)
        self.play(FadeIn(layout), run_time=self.span(self.fade_seconds))

    def play_count(self, beat):
        """Check every pair, column by column, counting live."""
        self.say("say_rank_count")
        self.play(HeldSteps(VGroup(self.grid.mark_group, self.legend, self.checked),
                            range(self.numbers.shown.counts.total + 1), self.show_count,
                            run_time=self.span(beat.seconds), rate_func=linear))

    def play_staircase(self, beat):
        """The share of right pairs is the area under the ROC staircase."""
        c = self.numbers.shown.counts
        self.say("say_rank_staircase", correct=c.correct, total=c.total, share=f"{c.share:.3f}")
        self.play(Create(self.lift(self.grid.show_staircase())), run_time=self.span(2 * self.fade_seconds))
        leaving = [FadeOut(self.checked)] + ([] if self.keep_legend else [FadeOut(self.legend)])
        self.play(*leaving, FadeIn(self.equation), *self.data_line_for(self.checked, self.equation),
                  run_time=self.span(self.fade_seconds))

    def play_tie(self, beat):
        """A tie counts one half: a made-up example."""
        self.say("say_rank_tie", score=self.tie_score, share=f"{self.numbers.tie.counts.share:.3f}")
        self.play(FadeOut(self.equation), FadeIn(self.tie_block), *self.data_line_for(self.equation, self.tie_block),
                  run_time=self.span(self.fade_seconds))

    def play_all(self, beat):
        """Every pair of the data."""
        n = self.numbers
        a = n.all_counts
        self.say("say_rank_all", correct=self.grouped(a.correct), total=self.grouped(a.total),
                 ties=self.grouped(a.ties), auc=f"{n.auc:.3f}")
        self.play(FadeOut(self.tie_block), FadeIn(self.all_block), *self.data_line_for(self.tie_block, self.all_block),
                  run_time=self.span(self.fade_seconds))
