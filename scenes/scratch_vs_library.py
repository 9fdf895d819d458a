"""ScratchVsLibrary: our metrics and scikit-learn's, pair by pair, equal to the last digit."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, FadeIn, GrowFromEdge, VGroup

from scenes import style
from scenes.base import LectureScene
from scenes.components.live_text import Slot
from scenes.components.paired_bars import PairedBars
from scenes.numbers.scratch_vs_library import (
    METRICS,
    difference_bound,
    format_difference,
    scratch_vs_library_numbers,
)

__all__ = ["ScratchVsLibrary"]

#: Digits after the point: enough to show the two agree far past any rounding on screen.
DECIMALS = 12


class ScratchVsLibrary(LectureScene):
    """Paired bars (ours solid, scikit-learn striped) for five metrics, with the gap of each pair."""

    threshold = 0.5
    fade_seconds = 0.8
    grow_seconds = 1.5
    intro_seconds = 4.0
    ours_seconds = 5.0
    theirs_seconds = 5.0
    delta_seconds = 5.0
    guard_seconds = 6.0
    closing_seconds = 2.5
    table_gap = 0.35

    def __init__(self, facts, lang: str = "en", still_at: float | None = None, **kwargs):
        super().__init__(facts, lang, still_at=still_at, **kwargs)
        self.numbers = scratch_vs_library_numbers(facts.sweep, self.threshold)

    # -- building -------------------------------------------------------
    def build_layout(self) -> VGroup:
        """Title, paired bars with every value set, the |Δ| column, the match line and the guard note."""
        s, numbers = self.strings, self.numbers
        self.title = style.text(s["svl_title"], size=style.SIZE_HEADER, weight="BOLD")
        words = s["svl_subtitle"].format(dataset=self.dataset_name, threshold=f"{numbers.threshold:.2f}")
        self.subtitle = style.text(words, size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        if self.facts.split is not None and self.subtitle.width > style.safe_width():  # with model and split
            self.subtitle = style.wrapped(words.replace(f"{self.dataset_name} · ", f"{self.dataset_name} ·\n", 1),
                                          style.safe_width(), color=style.MUTED_TEXT).arrange(
                DOWN, buff=0.12, aligned_edge=LEFT)
        heading = VGroup(self.title, self.subtitle).arrange(DOWN, buff=0.15, aligned_edge=LEFT)
        style.fit_width(heading).to_corner(UP + LEFT, buff=style.EDGE_BUFF)
        names = {metric: s["svl_auc"] if metric == "auc" else s[metric] for metric in METRICS}
        slot = Slot("0." + "0" * DECIMALS, f"{{:.{DECIMALS}f}}")
        self.bars = PairedBars(METRICS, names, (s["svl_ours"], s["svl_theirs"]), slot,
                               bar_length=3.4, bar_height=0.26, row_gap=0.8)
        self.bars.update_to({row.metric: (row.ours, row.theirs) for row in numbers.rows})
        # One |Δ| per metric, right of the values, centred on the pair.
        value_right = max(value.get_right()[0] for value in self.bars.values.values())
        self.deltas = VGroup()
        for index, row in enumerate(numbers.rows):
            y = self.bars.names[index].get_y()
            delta = style.text(format_difference(row.difference), size=style.SIZE_LABEL, color=style.TEXT)
            self.deltas.add(delta.move_to([value_right + 0.9, y, 0]))
        delta_header = style.text(s["svl_delta_header"], size=style.SIZE_LABEL, color=style.MUTED_TEXT)
        delta_header.next_to(self.deltas[0], UP, buff=0.3)
        self.delta_column = VGroup(delta_header, self.deltas)
        self.match = style.text(s["svl_match"].format(bound=difference_bound(numbers.max_difference)),
                                size=style.SIZE_LABEL, color=style.HIGHLIGHT)
        self.guard = style.text(s["svl_guard"].format(version=numbers.sklearn_version),
                                size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        notes = VGroup(self.match, self.guard).arrange(DOWN, buff=0.25)
        style.fit_width(notes)
        notes.to_edge(DOWN, buff=style.EDGE_BUFF)
        # The table fills the room between the heading and the notes.
        table = VGroup(self.bars, self.delta_column)
        room = heading.get_bottom()[1] - notes.get_top()[1] - 2 * self.table_gap
        table.scale(min(1.0, style.safe_width() / table.width, room / table.height))
        table.next_to(heading, DOWN, buff=self.table_gap).set_x(0)
        self.heading = heading
        return VGroup(heading, table, notes)

    @classmethod
    def duration(cls) -> float:
        """Length of the video in seconds."""
        return (cls.intro_seconds + cls.ours_seconds + cls.theirs_seconds + cls.delta_seconds
                + cls.guard_seconds + cls.closing_seconds)

    # -- the story --------------------------------------------------------
    def construct(self):
        """Heading, our bars, scikit-learn's bars, the gaps, the guard."""
        numbers = self.numbers
        layout = self.build_layout()
        if self.still_at is not None:
            self.add(layout)
            return
        shown = {row.metric: f"{row.ours:.2f}" for row in numbers.rows}
        bound = difference_bound(numbers.max_difference)
        # Heading and the empty rows.
        self.say("say_svl_intro", self.intro_seconds, threshold=f"{numbers.threshold:.2f}")
        self.play(FadeIn(self.heading), FadeIn(self.bars.static_parts()), run_time=self.fade_seconds)
        self.hold(self.intro_seconds - self.fade_seconds)
        self.beat("intro")
        # Ours (solid), then scikit-learn's (striped), grown from zero.
        for index, key, seconds in ((0, "say_svl_ours", self.ours_seconds),
                                    (1, "say_svl_theirs", self.theirs_seconds)):
            self.say(key, seconds, **shown)
            series = self.bars.series(index)
            self.play(*(GrowFromEdge(pair[0], LEFT) for pair in series), run_time=self.grow_seconds)
            self.play(*(FadeIn(pair[1], shift=RIGHT * 0.1) for pair in series), run_time=self.fade_seconds)
            self.hold(seconds - self.grow_seconds - self.fade_seconds)
            self.beat(("ours", "theirs")[index])
        # The gap of every pair.
        self.say("say_svl_delta", self.delta_seconds, bound=bound)
        self.play(FadeIn(self.delta_column), run_time=self.fade_seconds)
        self.play(FadeIn(self.match, shift=UP * 0.1), run_time=self.fade_seconds)
        self.hold(self.delta_seconds - 2 * self.fade_seconds)
        self.beat("delta")
        # The guard: verify runs before every render.
        self.say("say_svl_guard", self.guard_seconds)
        self.play(FadeIn(self.guard, shift=UP * 0.1), run_time=self.fade_seconds)
        self.hold(self.guard_seconds - self.fade_seconds + self.closing_seconds)
