"""ScratchVsLibrary: our metrics and scikit-learn's, pair by pair, equal to the last digit."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, GrowFromEdge, Rectangle, VGroup, config

from umbral.scenes import style
from umbral.scenes.base import LectureScene
from umbral.scenes.beats import Beat
from umbral.scenes.components.live_text import Slot
from umbral.scenes.components.paired_bars import PairedBars
from umbral.scenes.numbers.number_formats import format_theta
from umbral.scenes.numbers.scratch_vs_library import (
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
    grow_seconds = 1.5
    intro_seconds = 4.0
    ours_seconds = 5.0
    theirs_seconds = 5.0
    delta_seconds = 5.0
    guard_seconds = 6.0
    closing_seconds = 2.5
    #: Room between the bands (heading, key, bars, notes) and before the |Δ| column.
    band_gap = 0.25
    delta_gap = 0.4
    #: Room inside a |Δ| cell on each side of its number.
    cell_pad = 0.15
    bar_height = 0.36
    pair_gap = 0.08
    #: The twelve-digit values: large enough to compare digit by digit from the back of the room.
    value_size = style.SIZE_CELL_COUNT
    narrow_value_size = style.SIZE_NUMBER
    most_row_gap = 1.1
    #: Least room between one pair of bars and the next.
    least_row_space = 0.05

    def prepare(self) -> None:
        """Our metrics and scikit-learn's at ``threshold``, pair by pair."""
        self.numbers = scratch_vs_library_numbers(self.facts.sweep, self.threshold, sklearn=self.facts.sklearn)

    # -- building -------------------------------------------------------
    def build_layout(self) -> VGroup:
        """Heading and key, paired bars across the frame with the |Δ| column, the match line (later the guard)."""
        s, numbers = self.strings, self.numbers
        width = style.safe_width()
        left, top = -width / 2, config.frame_height / 2 - style.EDGE_BUFF
        self.title = style.wrapped(s["svl_title"], width, size=style.SIZE_HEADER, weight="BOLD")
        words = s["svl_subtitle"].format(dataset=self.dataset_name, threshold=format_theta(numbers.threshold))
        self.subtitle = style.wrapped(words.replace(" · ", " ·\n", 1) if style.text(words, size=style.SIZE_SMALL)
                                      .width > width else words, width, color=style.MUTED_TEXT)
        heading = VGroup(self.title.arrange(DOWN, buff=0.1, aligned_edge=LEFT),
                         self.subtitle.arrange(DOWN, buff=0.1, aligned_edge=LEFT))
        self.heading = heading.arrange(DOWN, buff=0.15, aligned_edge=LEFT).move_to([left, top, 0],
                                                                                  aligned_edge=UP + LEFT)
        # Bottom band: the match line, then the guard in its place.
        self.match = style.wrapped(s["svl_match"].format(bound=difference_bound(numbers.max_difference)), width,
                                   size=style.SIZE_LABEL, color=style.HIGHLIGHT)
        self.guard = style.wrapped(s["svl_guard"].format(version=numbers.sklearn_version).strip(), width,
                                   color=style.MUTED_TEXT)
        upper = self.heading.get_bottom()[1] - self.band_gap
        band = max(self.match.height, self.guard.height)
        # A guard too tall to leave the rows apart (long words in a 4:3 frame) takes the heading's place instead.
        self.guard_replaces = VGroup(self.match)
        if self._row_gap(upper, -top + band + self.band_gap) < self._pair() + self.least_row_space:
            band = self.match.height
            self.guard_replaces = VGroup(self.title, self.subtitle)
        for note in (self.match, self.guard):
            note.move_to([0, -top + band / 2, 0])
        if len(self.guard_replaces) == 2:
            self.guard.move_to([0, top, 0], aligned_edge=UP)
        # Middle: the bars and the |Δ| column between the two bands.
        lower = -top + band + self.band_gap
        self.bars, self.key = self._bars(width, upper, lower)
        self.heading.add(self.key)
        self.delta_column = self._deltas()
        return VGroup(self.heading, self.bars, self.delta_column, self.match)

    def _pair(self) -> float:
        """Height of one pair of bars."""
        return 2 * self.bar_height + self.pair_gap

    def _key_height(self) -> float:
        return style.text(self.strings["svl_theirs"], size=style.SIZE_SMALL).height + self.band_gap

    def _row_gap(self, upper: float, lower: float) -> float:
        """Distance between the rows of the bars when they and the key fill ``upper`` .. ``lower``."""
        room = upper - lower - self._key_height() - self._pair()
        return min(room / (len(METRICS) - 1), self.most_row_gap)

    def _bars(self, width: float, upper: float, lower: float) -> tuple[PairedBars, VGroup]:
        """The bars (series named in a key over them), tracks as long as the |Δ| column allows."""
        s, numbers = self.strings, self.numbers
        names = {metric: s["svl_auc"] if metric == "auc" else s[metric] for metric in METRICS}
        slot = Slot("0." + "0" * DECIMALS, f"{{:.{DECIMALS}f}}")
        series = (s["svl_ours"], s["svl_theirs"])
        delta_width = 2 * self.cell_pad + max(
            style.text_width(text, style.SIZE_NUMBER)
            for text in [s["svl_delta_header"], *(format_difference(r.difference) for r in numbers.rows)])
        key_height = self._key_height()
        row_gap = self._row_gap(upper, lower)

        value_size = self.narrow_value_size if style.narrow() else self.value_size

        def build(length: float) -> PairedBars:
            return PairedBars(METRICS, names, series, slot, bar_length=length, bar_height=self.bar_height,
                              pair_gap=self.pair_gap, row_gap=row_gap, value_size=value_size, labelled=False)

        bars = build(1.0)
        bars = build(1.0 + width - bars.width - self.delta_gap - delta_width)
        bars.update_to({row.metric: (row.ours, row.theirs) for row in numbers.rows})
        for value in bars.values.values():
            style.story_number(value)
        middle = (upper + lower - key_height) / 2  # bars and key centred in the room
        bars.move_to([-width / 2, middle, 0], aligned_edge=LEFT)
        key = bars.key(series).next_to(bars.tracks, UP, buff=self.band_gap)
        key.align_to(max(bars.values.values(), key=lambda v: v.get_right()[0]), RIGHT)
        return bars, key

    def _deltas(self) -> VGroup:
        """One |Δ| per metric right of the values, centred on its pair, under a header level with the key.

        Each |Δ| sits in an outlined cell shown (empty) from the first beat, like the bars' tracks.
        """
        right = style.safe_width() / 2
        pair = self._pair()
        self.deltas, self.delta_cells = VGroup(), VGroup()
        for index, row in enumerate(self.numbers.rows):
            delta = style.text(format_difference(row.difference), size=style.SIZE_NUMBER, color=style.TEXT)
            self.deltas.add(delta.move_to([right - self.cell_pad, self.bars.names[index].get_y(), 0],
                                          aligned_edge=RIGHT))
        style.story_number(self.deltas)
        self.delta_header = style.text(self.strings["svl_delta_header"], size=style.SIZE_LABEL,
                                       color=style.MUTED_TEXT)
        self.delta_header.move_to([right - self.cell_pad, self.key.get_y(), 0], aligned_edge=RIGHT)
        width = max(self.deltas.width, self.delta_header.width) + 2 * self.cell_pad
        for delta in self.deltas:
            self.delta_cells.add(Rectangle(width=width, height=pair, stroke_width=style.STROKE_THIN,
                                           stroke_color=style.PANEL_STROKE)
                                 .move_to([right - width / 2, delta.get_y(), 0]))
        return VGroup(self.delta_header, self.delta_cells, self.deltas)

    @classmethod
    def beats(cls, **shape) -> tuple[Beat, ...]:
        """Heading, our bars, scikit-learn's bars, the gaps, the guard (held to the end)."""
        return (Beat("intro", cls.intro_seconds, "heading and the empty rows", pause=True),
                Beat("ours", cls.ours_seconds, "our metrics as solid bars, grown from zero", pause=True),
                Beat("theirs", cls.theirs_seconds, "scikit-learn's as striped bars beside them", pause=True),
                Beat("delta", cls.delta_seconds, "the gap of every pair, and that they match", pause=True),
                Beat("guard", cls.guard_seconds + cls.closing_seconds,
                     "the guard: verify runs before every render; held to the end"))

    # -- the story --------------------------------------------------------
    def play_intro(self, beat):
        """Heading and the empty rows."""
        self.build_layout()
        self.say("say_svl_intro", threshold=format_theta(self.numbers.threshold))
        self.play(FadeIn(self.heading), FadeIn(self.bars.static_parts()), FadeIn(self.delta_header),
                  FadeIn(self.delta_cells), run_time=self.fade_seconds)

    def play_ours(self, beat):
        """Ours (solid), grown from zero."""
        self.grow_series(0)

    def play_theirs(self, beat):
        """scikit-learn's (striped), grown from zero."""
        self.grow_series(1)

    def grow_series(self, index: int) -> None:
        """One series' bars grow, then their numbers fade in, narrated by ``say_svl_<beat>``."""
        self.say(f"say_svl_{self.playing.name}", **{row.metric: f"{row.ours:.2f}" for row in self.numbers.rows})
        series = self.bars.series(index)
        self.play(*(GrowFromEdge(pair[0], LEFT) for pair in series), run_time=self.grow_seconds)
        self.play(*(FadeIn(pair[1], shift=RIGHT * 0.1) for pair in series), run_time=self.fade_seconds)

    def play_delta(self, beat):
        """The gap of every pair."""
        self.say("say_svl_delta", bound=difference_bound(self.numbers.max_difference))
        self.play(FadeIn(self.deltas), run_time=self.fade_seconds)
        self.play(FadeIn(self.match, shift=UP * 0.1), run_time=self.fade_seconds)

    def play_guard(self, beat):
        """The guard: verify runs before every render."""
        self.say("say_svl_guard", self.guard_seconds)
        self.play(FadeOut(self.guard_replaces), FadeIn(self.guard, shift=UP * 0.1), run_time=self.fade_seconds)
