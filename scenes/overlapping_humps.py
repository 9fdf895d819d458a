"""OverlappingHumps: the two classes' score humps overlap, so every line makes two kinds of error."""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Create,
    FadeIn,
    FadeOut,
    Indicate,
    SurroundingRectangle,
    VGroup,
    Write,
    config,
    linear,
    smooth,
)

from umbral.metrics import class_densities
from umbral.scenes import style
from umbral.scenes.base import HeldSteps, LectureScene
from umbral.scenes.beats import Beat
from umbral.scenes.components.base import steps_between
from umbral.scenes.components.card import CARD_PAD, card_behind
from umbral.scenes.components.score_humps import ErrorReadout, HumpLegend, ScoreHumps
from umbral.scenes.numbers.number_formats import format_theta
from umbral.scenes.strings import grouped

__all__ = ["OverlappingHumps", "accuracy_twins"]


def accuracy_twins(grid, slack: float = 0.1):
    """Two grid snapshots with the same number of errors but a different mix, or None.

    Among thresholds whose errors (FN + FP) are within ``slack`` of the fewest,
    pick the pair with equal errors whose missed counts differ most; each count
    combination is shown at its threshold closest to 0.5. Counts are read from
    the snapshots, nothing is recomputed.
    """
    fewest = min(s.fn + s.fp for s in grid)
    limit = int(fewest * (1 + slack))
    best = None
    for a in grid:
        for b in grid:
            errors = a.fn + a.fp
            if a.threshold >= b.threshold or errors != b.fn + b.fp or errors > limit or a.fn == b.fn:
                continue
            key = (b.fn - a.fn, -errors)
            if best is None or key > best[0]:
                best = (key, (a.fn, a.fp), (b.fn, b.fp))
    if best is None:
        return None

    def closest_to_half(fn, fp):
        return min((s for s in grid if (s.fn, s.fp) == (fn, fp)), key=lambda s: (abs(s.threshold - 0.5), s.threshold))

    return closest_to_half(*best[1]), closest_to_half(*best[2])


class OverlappingHumps(LectureScene):
    """Score humps of positives and negatives, cut into TP / FN / FP / TN by a sliding line."""

    #: Draw every score as a dot when the data has at most this many.
    max_dots = 60
    start_threshold = 0.5
    left_threshold = 0.2
    #: Tallest the humps may be (frame units); they fill the height left between header and readout up to it.
    plot_height_max = 3.6
    #: Space between the header, the humps panel and the readout below it.
    panel_gap = 0.3
    right_threshold = 0.8
    opening_seconds = 4.5
    draw_seconds = 2.5
    look_seconds = 3.0
    line_hold_seconds = 5.0
    indicate_seconds = 1.5
    errors_hold_seconds = 3.5
    glide_seconds = 2.5
    hold_seconds = 3.5
    return_seconds = 1.5
    sweep_seconds = 8.0
    twin_hold_seconds = 3.0
    closing_seconds = 4.0

    def prepare(self) -> None:
        """The two classes' smoothed score densities."""
        # Smoothed before Manim draws anything: the humps come from the metrics core.
        self.humps = class_densities(self.facts.sweep.y_true, self.facts.sweep.y_score)

    # -- building -------------------------------------------------------
    def build_panels(self) -> VGroup:
        """Header, humps and readout laid out at θ = ``start_threshold``. Static parts first."""
        f, s = self.facts, self.strings
        first = f.grid[0]
        title = style.text(s["humps_title"], size=style.SIZE_HEADER, weight="BOLD")
        rule = style.text(s["flag_rule"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        self.header = VGroup(title, rule).arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        self.header.to_corner(UP + LEFT, buff=style.EDGE_BUFF)
        self.caption = self.place_caption(f"{self.dataset_name} · n = {grouped(first.n, self.lang)}", title, rule)
        # Readout and legend as large as story numbers where they fit in one row, else at the readout size.
        self.legend = HumpLegend(s, size=style.SIZE_NUMBER)
        self.readout = ErrorReadout(s, n=first.n, size=style.SIZE_NUMBER)
        if self.readout.width + self.legend.width + 0.5 > style.safe_width():
            self.legend, self.readout = HumpLegend(s), ErrorReadout(s, n=first.n)
        bottom = self.place_bottom()
        top = VGroup(self.header, self.caption).get_bottom()[1] - self.panel_gap
        self.humps_panel = self.fitted_humps(top - bottom.get_top()[1] - self.panel_gap - 2 * CARD_PAD)
        self.humps_panel.align_to([0, top - CARD_PAD, 0], UP)
        self.panels = VGroup(self.humps_panel, self.readout)
        # A board behind the plot, as wide as the safe area, from under the header to over the readout.
        self.board = card_behind(self.humps_panel, height=top - bottom.get_top()[1] - self.panel_gap - 2 * CARD_PAD,
                                 top=top - CARD_PAD)
        self.board.stretch_to_fit_width(style.safe_width()).set_x(0)
        self.show(f.at(self.start_threshold))
        return VGroup(self.board, self.header, self.caption, self.humps_panel, self.readout, self.legend)

    def place_bottom(self) -> VGroup:
        """Readout at the bottom left, legend at the bottom right; in a narrow frame the legend above it."""
        self.readout.to_corner(DOWN + LEFT, buff=style.EDGE_BUFF)
        if self.readout.width + self.legend.width + 0.5 <= style.safe_width():
            self.legend.to_corner(DOWN + RIGHT, buff=style.EDGE_BUFF).align_to(self.readout, DOWN)
        else:
            self.legend.in_a_row(buff=0.5).next_to(self.readout, UP, buff=0.25, aligned_edge=LEFT)
        return VGroup(self.readout, self.legend)

    def fitted_humps(self, room: float) -> ScoreHumps:
        """The humps panel spanning the safe width and ``room`` high, line labels inside at θ = 0 and 1.

        Built once to measure what sticks out of the plot (labels beside the line, dot strips, ticks),
        then again at the size that fills the room: the text keeps its size, only the plot grows.
        """
        f = self.facts
        scores = None
        if f.grid[0].n <= self.max_dots:
            y_true, y_score = f.sweep.y_true, f.sweep.y_score
            scores = {"positives": y_score[y_true == 1], "negatives": y_score[y_true != 1]}

        def build(width: float, height: float):
            panel = ScoreHumps(self.strings, self.humps, scores, n=f.grid[0].n, width=width, height=height)
            ends = []
            for threshold in (0.0, 1.0):
                panel.update_to(f.at(threshold))
                ends += [panel.get_left()[0], panel.get_right()[0]]
            return panel, min(ends), max(ends)

        width, height = 8.0, 2.0
        panel, left, right = build(width, height)
        width = style.safe_width() - 2 * CARD_PAD - (right - left - width)
        height = min(self.plot_height_max, room - (panel.height - height))
        panel, left, right = build(width, height)
        return panel.shift(LEFT * (left + right) / 2)

    def place_caption(self, words: str, title, rule) -> VGroup:
        """The data caption at the top right, beside the title or else beside the rule.

        A long one (which model and split) that fits neither is wrapped beside
        the title within the header's height, or else goes under the header.
        """
        caption = style.text(words, size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        caption.to_corner(UP + RIGHT, buff=style.EDGE_BUFF)
        if caption.get_left()[0] >= title.get_right()[0] + 0.3:
            return caption
        caption.align_to(rule, DOWN)  # narrow (4:3) frame: beside the rule
        if caption.get_left()[0] >= rule.get_right()[0] + 0.3:
            return caption
        if self.facts.split is not None:  # which model and split: wrapped beside the title if it fits there
            words = words.replace(" · ", " ·\n", 1)
            room = config.frame_width / 2 - style.EDGE_BUFF - title.get_right()[0] - 0.3
            caption = style.wrapped(words, room, color=style.MUTED_TEXT).arrange(DOWN, buff=0.12,
                                                                                 aligned_edge=RIGHT)
            if caption.height <= self.header.height:
                return caption.to_corner(UP + RIGHT, buff=style.EDGE_BUFF)
        caption = style.wrapped(words, style.safe_width(), color=style.MUTED_TEXT)
        return caption.arrange(DOWN, buff=0.12, aligned_edge=LEFT).next_to(self.header, DOWN, buff=0.12,
                                                                           aligned_edge=LEFT)

    def show(self, snapshot) -> None:
        """Every panel at ``snapshot`` now."""
        for panel in self.panels:
            panel.update_to(snapshot)

    def glide(self, snapshot, seconds: float, *others) -> None:
        """Step the line over the grid values up to ``snapshot``, counts exact at every step."""
        steps = steps_between(self.facts.grid, self.humps_panel.snapshot.threshold, snapshot)
        self.play(HeldSteps(self.live_layer, steps, self.show, run_time=seconds, rate_func=smooth), *others)

    def split_layers(self) -> None:
        """Replace what was faded in by a still layer (drawn once) under a live layer."""
        self.clear()
        self.still_layer = VGroup(self.board, self.header, self.caption, self.legend,
                                  *(panel.still for panel in self.panels))
        self.live_layer = VGroup(*(panel.live for panel in self.panels))
        self.add(self.still_layer, self.live_layer)

    def opening(self) -> VGroup:
        """Title card: what the humps are and how many cases each holds."""
        first = self.facts.grid[0]
        s = self.strings
        width = style.safe_width()
        title = style.wrapped(s["humps_opening_title"], width, size=style.SIZE_TITLE, weight="BOLD")
        words = s["humps_opening_data"].format(dataset=self.dataset_name, positives=grouped(first.positives, self.lang),
                                               negatives=grouped(first.negatives, self.lang))
        colors = {s["humps_positives"]: style.POSITIVE_COLOR, s["humps_negatives"]: style.NEGATIVE_COLOR}
        data = self.data_line(words, t2c=colors)
        rule = style.wrapped(s["humps_opening_rule"], width, color=style.MUTED_TEXT)
        return VGroup(title, data, rule).arrange(DOWN, buff=0.4)

    def sweep(self) -> None:
        """θ over the 51 grid values, each held for the same share of ``sweep_seconds``."""
        self.play(HeldSteps(self.live_layer, self.facts.grid, self.show, run_time=self.sweep_seconds,
                            rate_func=linear))

    @classmethod
    def beats(cls, **shape) -> tuple[Beat, ...]:
        """Opening, humps, the line and its two errors, slides left and right, sweep, accuracy twins, closing."""
        slide = cls.glide_seconds + cls.hold_seconds
        return (cls.title_beat("what the humps are and how many cases each holds"),
                Beat("humps", cls.fade_seconds + cls.draw_seconds + cls.look_seconds,
                     "axes and score dots, then the two classes' smoothed humps"),
                Beat("line", cls.fade_seconds + cls.line_hold_seconds,
                     "the line at θ = 0.5 splits each hump: TP, FN, FP, TN and the error readout", pause=True,
                     still=True),
                Beat("errors", cls.indicate_seconds + cls.errors_hold_seconds,
                     "the two kinds of error flash: FP right of the line, FN left of it", pause=True),
                Beat("left", slide, "the line slides left: fewer missed, more false alarms", pause=True),
                Beat("right", slide, "the line slides right: the other way round", pause=True),
                Beat("sweep", cls.return_seconds + cls.sweep_seconds, "back to θ = 0, then the whole grid swept"),
                Beat("twins", 2 * (cls.glide_seconds + cls.twin_hold_seconds),
                     "two thresholds with the same accuracy but a different mix of errors", pause=True),
                Beat("closing", cls.closing_seconds, "the trade-off in one sentence"))

    def layout_at(self, snapshot) -> VGroup:
        """Header, humps and readout laid out, showing ``snapshot`` (``render --at``; the ``humps`` beat at θ = 0)."""
        layout = self.build_panels()
        self.show(snapshot)
        return layout

    # -- the story --------------------------------------------------------
    def play_opening(self, beat):
        """Name the data."""
        first = self.facts.grid[0]
        return self.title_card("say_humps_opening", dataset=self.dataset_name, positives=first.positives,
                               negatives=first.negatives)

    def play_humps(self, beat):
        """Axes and dots, then the smoothed curves over them."""
        first = self.facts.grid[0]
        self.layout_at(first)  # before any line is drawn, every dot is plain (filled)
        humps = self.humps_panel
        self.say("say_humps_dots" if humps.dots else "say_humps_smooth", positives=first.positives,
                 negatives=first.negatives)
        self.play(FadeIn(VGroup(self.board, self.header, self.caption, humps.axes, humps.ticks, humps.axis_label,
                                self.legend, *humps.dots.values())), run_time=self.fade_seconds)
        self.play(*(Create(curve) for curve in humps.curves.values()), run_time=self.draw_seconds)

    def play_line(self, beat):
        """The line at the default threshold splits each hump in two."""
        humps, start = self.humps_panel, self.facts.at(self.start_threshold)
        self.say("say_humps_line", threshold=format_theta(start.threshold), tp=start.tp, tn=start.tn)
        self.show(start)
        self.play(FadeIn(VGroup(*humps.regions.values(), humps.line, humps.theta, *humps.labels.values(),
                                self.readout)), run_time=self.fade_seconds)
        self.split_layers()

    def play_errors(self, beat):
        """Two kinds of error: blue right of the line, purple left of it."""
        start, labels = self.facts.at(self.start_threshold), self.humps_panel.labels
        self.say("say_humps_errors", fp=start.fp, fn=start.fn)
        self.play(Indicate(labels["fp"], color=None), Indicate(labels["fn"], color=None),
                  run_time=self.indicate_seconds)

    def play_left(self, beat):
        """Slide left: fewer missed, more false alarms."""
        self.slide_to(self.left_threshold)

    def play_right(self, beat):
        """Slide right: one error shrinks as the other grows."""
        self.slide_to(self.right_threshold)

    def slide_to(self, threshold: float) -> None:
        """The line glides to ``threshold``, narrated by the playing beat's ``say_humps_<name>``."""
        snapshot = self.facts.at(threshold)
        self.say(f"say_humps_{self.playing.name}", threshold=format_theta(threshold), tp=snapshot.tp,
                 fn=snapshot.fn, fp=snapshot.fp, positives=snapshot.positives)
        self.glide(snapshot, self.glide_seconds)

    def play_sweep(self, beat):
        """Sweep the whole grid: no line removes both errors (unless the humps do not overlap)."""
        f = self.facts
        separable = any(g.fn == 0 and g.fp == 0 for g in f.grid)
        self.say("say_humps_sweep_separable" if separable else "say_humps_sweep")
        self.glide(f.grid[0], self.return_seconds)
        self.sweep()

    def play_twins(self, beat):
        """Accuracy collapses the trade-off: same number, different mistakes."""
        f = self.facts
        twins = accuracy_twins(f.grid)
        pair = twins or (f.at(self.start_threshold), f.at(f.max_f1_threshold))
        keys = ("say_humps_twin_a", "say_humps_twin_b" if twins else "say_humps_pair_b")
        self.box = SurroundingRectangle(self.readout, color=style.METRIC_COLORS["accuracy"], buff=0.12,
                                        stroke_width=style.STROKE)
        for index, (key, snapshot) in enumerate(zip(keys, pair, strict=True)):
            self.say(key, beat.seconds / 2, threshold=format_theta(snapshot.threshold),
                     fn=snapshot.fn, fp=snapshot.fp, accuracy=f"{snapshot.accuracy:.2f}")
            self.glide(snapshot, self.glide_seconds, *([FadeIn(self.box)] if index == 0 else []))
            self.hold_until((index + 1) * beat.seconds / 2)

    def play_closing(self, beat):
        """The trade-off in one sentence."""
        closing = self.closing_card("humps_closing")
        self.say("say_humps_closing")
        self.play(FadeOut(self.still_layer, self.live_layer, self.box), Write(closing), run_time=self.fade_seconds)
