"""CostThreshold: price the two errors, and the cheapest threshold moves.

The expected cost ``C_FN * FN + C_FP * FP`` over the 51 grid thresholds, for
three cost ratios in turn (see :func:`umbral.scenes.numbers.cost_threshold.cost_steps`:
1:1, 10:1, 50:1 with the default costs; equal costs, the user's, then five
times the user's imbalance when ``--cost-fn``/``--cost-fp`` are given). For
each: the minimum (every tied grid threshold marked, the highest quoted, with
its confusion counts), the default θ = 0.50 and the calibrated-score threshold
``C_FP / (C_FP + C_FN)``. The cost axis rescales between ratios.
"""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Create,
    DashedLine,
    Dot,
    FadeIn,
    FadeOut,
    FadeTransform,
    Square,
    Transform,
    VGroup,
    Write,
    config,
)

from umbral.scenes import style
from umbral.scenes.base import LectureScene
from umbral.scenes.beats import Beat
from umbral.scenes.components.confusion_grid import ConfusionGrid
from umbral.scenes.components.cost_plot import CostPlot
from umbral.scenes.numbers.cost_threshold import DEFAULT_THRESHOLD, cost_threshold_numbers
from umbral.scenes.numbers.number_formats import format_cost, format_count, format_theta
from umbral.scenes.strings import grouped

__all__ = ["CostThreshold"]


class CostThreshold(LectureScene):
    """Cost curve per cost ratio, its minimum with the counts there, 0.50 and the theory line."""

    draw_seconds = 1.6
    rescale_seconds = 1.6
    mark_seconds = 0.6
    hold_seconds = 5.0
    closing_seconds = 4.0
    #: Where the plot's origin sits, its size, the grid's cell size and centre (frame units); 16:9, then 4:3.
    #: The grid is never scaled (its text would shrink below the floor): its cells are sized instead.
    wide_layout = {"plot_origin": (-5.55, -1.45, 0.0), "plot_size": (6.6, 3.55), "grid_cell": (1.4, 1.15),
                   "grid_center": (4.3, 0.75, 0.0)}
    #: 16:9: taller cells tried first (the grid then reaches the frame's upper and lower thirds), lowered as they
    #: grow; the first whose notes leave the legend's rows unwrapped and the frame's top clear is kept.
    wide_grid_heights = ((1.6, 0.45), (1.45, 0.55), (1.3, 0.65))
    narrow_layout = {"plot_origin": (-3.9, -1.45, 0.0), "plot_size": (4.0, 3.55), "grid_cell": (1.3, 1.1),
                     "grid_center": (2.75, 0.75, 0.0)}
    legend_gap = 0.48

    def prepare(self) -> None:
        """Each cost ratio's step: the cost curve, its minimum and the theory's θ."""
        f = self.facts
        self.steps = cost_threshold_numbers(f.sweep, f.cost_fn, f.cost_fp, f.sklearn)

    # -- building -------------------------------------------------------
    def opening(self) -> VGroup:
        """Title card: the question, the formula, the data."""
        s, f = self.strings, self.facts
        width = style.safe_width()
        title = style.wrapped(s["cost_opening_title"], width, size=style.SIZE_TITLE, weight="BOLD")
        formula = style.wrapped(s["cost_formula"], width, size=style.SIZE_HEADER, color=style.COST_CURVE_COLOR)
        words = s["cost_opening_data"].format(dataset=self.dataset_name, n=grouped(f.sweep.n, self.lang),
                                              positives=grouped(f.sweep.positives, self.lang))
        data = self.data_line(words)
        rule = style.wrapped(s["cost_opening_rule"], width, size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        return VGroup(title, formula, data, rule).arrange(DOWN, buff=0.4)

    def build_layout(self) -> VGroup:
        """Static axes and the grid at the first step's minimum; legend glyphs placed (shown with the legend)."""
        s = self.strings
        first = self.steps[0]
        where = self.narrow_layout if style.narrow() else self.wide_layout
        self.formula = style.text(s["cost_formula"], size=style.SIZE_LABEL, color=style.MUTED_TEXT)
        self.plot = CostPlot(s, *where["plot_size"])
        self.plot.shift(where["plot_origin"])
        dot = Dot(radius=0.08, color=style.COST_MIN_COLOR)
        square = Square(side_length=0.2, color=style.COST_DEFAULT_COLOR, fill_opacity=1.0, stroke_width=0)
        dash = DashedLine(DOWN * 0.2, UP * 0.2, color=style.COST_THEORY_COLOR, stroke_width=style.STROKE,
                          dash_length=0.08)
        legend_top = self.plot.frame.get_bottom()[1] - 0.35
        self.legend_glyphs = VGroup(dot, square, dash)
        left = max(where["plot_origin"][0] - 0.9, 0.1 - style.safe_width() / 2)
        for row, glyph in enumerate(self.legend_glyphs):
            glyph.move_to([left, legend_top - row * self.legend_gap, 0])
        self.still = VGroup(self.plot)
        cell_width, cell_height = where["grid_cell"]
        tries = () if style.narrow() else self.wide_grid_heights
        for height, y in (*tries, (cell_height, where["grid_center"][1])):
            self.grid_panel = ConfusionGrid(s, n=self.facts.sweep.n, cell_width=cell_width, cell_height=height,
                                            label_width=1.3)
            self.grid_panel.move_to([where["grid_center"][0], y, 0.0])
            if self._notes_clear_the_legend():
                break
        self.grid_panel.update_to(first.at_min)
        return VGroup(self.still, self.grid_panel)

    def _notes_clear_the_legend(self) -> bool:
        """True when, at every step, the grid's notes stay inside the frame and no legend row wraps for them."""
        top = config.frame_height / 2 - style.EDGE_BUFF
        for step in self.steps:
            self.head = self.header(step)
            self.grid_panel.update_to(step.at_min)
            notes = self.grid_notes(step)
            alone, beside = self.legend(step), self.legend(step, notes)
            if notes.get_top()[1] > top or [len(row[1]) for row in alone] != [len(row[1]) for row in beside]:
                return False
        return True

    def header(self, step) -> VGroup:
        """"C_FN : C_FP = 10 : 1" with the formula under it, top left."""
        ratio = style.text(self.strings["cost_ratio"].format(cost_fn=format_cost(step.cost_fn),
                                                             cost_fp=format_cost(step.cost_fp)),
                           size=style.SIZE_HEADER, weight="BOLD")
        group = VGroup(ratio, self.formula.copy()).arrange(DOWN, buff=0.15, aligned_edge=LEFT)
        return group.to_corner(UP + LEFT, buff=style.EDGE_BUFF)

    def legend(self, step, notes: VGroup | None = None) -> VGroup:
        """Three legend rows (glyph and words): minimum, default, theory; a row beside ``notes`` wraps short of them."""
        s = self.strings
        if len(step.tied) == 1:
            minimum = s["cost_legend_min_one"].format(cost=format_cost(step.min_cost),
                                                      threshold=format_theta(step.quoted))
        else:
            minimum = s["cost_legend_min_tied"].format(
                cost=format_cost(step.min_cost), count=len(step.tied), first=format_theta(step.tied[0]),
                last=format_theta(step.tied[-1]), threshold=format_theta(step.quoted))
        default = s["cost_legend_default"].format(threshold=format_theta(DEFAULT_THRESHOLD),
                                                  cost=format_cost(step.default_cost))
        theory = s["cost_legend_theory"].format(theory=format_theta(step.ratio_threshold))
        contents = (minimum, default, theory)
        # Words a little smaller when long, never under the floor; still too long, they wrap.
        room = style.safe_width() / 2 - self.legend_glyphs.get_right()[0] - 0.25
        widest = max(style.text_width(content, style.SIZE_LABEL) for content in contents)
        size = max(style.SIZE_LABEL * min(1.0, room / widest), style.min_readable() + 0.1)
        lines, y = VGroup(), self.legend_glyphs[0].get_y()
        for glyph, content in zip(self.legend_glyphs, contents, strict=True):
            words = style.wrapped(content, room, size=size)
            beside = notes is not None and words.get_top()[1] - words[0].get_y() + y > notes.get_bottom()[1] - 0.1
            if beside and self.legend_glyphs.get_right()[0] + 0.25 + words.width > notes.get_left()[0] - 0.3:
                words = style.wrapped(content, notes.get_left()[0] - 0.55 - self.legend_glyphs.get_right()[0],
                                      size=size)
            for line in words:
                line.align_to(words, LEFT)
            glyph = glyph.copy().set_y(y)
            words.next_to(glyph, RIGHT, buff=0.25).shift(UP * (y - words[0].get_y()))
            lines.add(VGroup(glyph, words))
            y -= self.legend_gap + words.height - words[0].height
        return lines

    def grid_notes(self, step) -> VGroup:
        """Above the grid: where it is read; below: the cost worked out from its counts."""
        s = self.strings
        at = step.at_min
        right = style.safe_width() / 2
        room = 2 * (right - self.grid_panel.get_center()[0])
        caption = style.wrapped(s["cost_grid_caption"].format(threshold=format_theta(step.quoted)), room,
                                size=style.SIZE_LABEL, color=style.COST_MIN_COLOR)
        caption.next_to(self.grid_panel, UP, buff=0.25)
        n = at.tp + at.fp + at.tn + at.fn
        total = style.wrapped(s["cost_sum"].format(cost_fn=format_cost(step.cost_fn), fn=format_count(at.fn, n),
                                                   cost_fp=format_cost(step.cost_fp), fp=format_count(at.fp, n),
                                                   cost=format_cost(step.min_cost)), room, size=style.SIZE_LABEL)
        total.next_to(self.grid_panel, DOWN, buff=0.3)
        for note in (caption, total):
            note.set_x(min(note.get_x(), right - note.width / 2))
        # A caption that would run into the ratio (long words in a 4:3 frame) goes: the legend's first row
        # and the ring say the same.
        head = self.head[0]
        if caption.get_left()[0] < head.get_right()[0] and caption.get_bottom()[1] < head.get_top()[1]:
            return VGroup(total)
        return VGroup(caption, total)

    def marks(self, step) -> VGroup:
        """On the plot: bands and dots at the minimum, the 0.50 square, the theory line."""
        p = self.plot
        return VGroup(p.minimum_marks(step), p.theory_mark(step), p.default_mark(step, DEFAULT_THRESHOLD))

    def step_layout(self, step) -> VGroup:
        """Everything that belongs to one step, over the static layout: ticks, curve, labels, marks."""
        self.ticks = self.plot.y_ticks(step)
        self.curve = self.plot.curve(step)
        self.head = self.header(step)
        self.grid_panel.update_to(step.at_min)
        notes = self.grid_notes(step)
        self.labels = VGroup(self.legend(step, notes), notes)
        self.mark = self.marks(step)
        return VGroup(self.ticks, self.curve, self.head, self.labels, self.mark)

    @classmethod
    def beats(cls, steps: int = 3, **shape) -> tuple[Beat, ...]:
        """Opening, the first curve, then per cost ratio (``steps`` of them): minimum, 0.50, theory; closing."""
        ratios = tuple(Beat(f"ratio_{index + 1}",
                            2 * cls.mark_seconds + cls.hold_seconds + (cls.rescale_seconds if index else 0.0),
                            "a cost ratio: its minimum, the cost at 0.50 and the theory line; the grid at the minimum"
                            + ("; the axis rescales and the curve morphs to it first" if index else ""),
                            pause=True, leave=cls.mark_seconds) for index in range(steps))
        return (cls.title_beat("the question and the expected-cost formula"),
                Beat("curve", cls.fade_seconds + cls.draw_seconds, "axes and grid, then the first ratio's cost curve"),
                *ratios,
                Beat("closing", cls.closing_seconds, "the lesson, on a closing card"))

    def shape(self) -> dict:
        """One ratio beat per cost ratio shown."""
        return {"steps": len(self.steps)}

    # -- the story --------------------------------------------------------
    def say_step(self, step, seconds: float) -> None:
        """Two cues for one ratio: where the minimum is, then the theory threshold."""
        values = {"cost_fn": format_cost(step.cost_fn), "cost_fp": format_cost(step.cost_fp),
                  "cost": format_cost(step.min_cost), "threshold": format_theta(step.quoted),
                  "default": format_theta(DEFAULT_THRESHOLD), "default_cost": format_cost(step.default_cost)}
        if len(step.tied) == 1:
            self.say("say_cost_min_one", seconds / 2, **values)
        else:
            self.say("say_cost_min_tied", seconds / 2, count=len(step.tied), first=format_theta(step.tied[0]),
                     last=format_theta(step.tied[-1]), **values)
        self.say("say_cost_theory", seconds / 2, offset=seconds / 2, theory=format_theta(step.ratio_threshold),
                 threshold=format_theta(step.quoted))

    def rescale(self, old, new) -> None:
        """Morph the curve to the new ratio while the cost axis rescales."""
        new_ticks = self.plot.y_ticks(new)
        new_curve = self.plot.curve(new)
        new_head = self.header(new)
        old_ticks = self.ticks
        self.play(
            Transform(self.curve, new_curve),
            old_ticks.animate.become(self.plot.rescaled(old_ticks, old, new)).set_opacity(0),
            FadeIn(new_ticks, shift=DOWN * 0.6),
            FadeTransform(self.head, new_head),
            self.grid_panel.glide_to(new.at_min, self.facts.grid),
            run_time=self.rescale_seconds,
        )
        self.remove(old_ticks)
        self.ticks, self.head = new_ticks, new_head

    def play_opening(self, beat):
        """The question and the formula."""
        f = self.facts
        return self.title_card("say_cost_opening", dataset=self.dataset_name, n=grouped(f.sweep.n, self.lang))

    def play_curve(self, beat):
        """Axes, grid and the first ratio's scale, then its cost curve drawn."""
        self.layout = self.build_layout()
        self.step_layout(self.steps[0])
        self.play(FadeIn(self.layout), FadeIn(self.ticks), FadeIn(self.head), run_time=self.fade_seconds)
        self.play(Create(self.curve), run_time=self.draw_seconds)

    def play_ratio(self, beat):
        """A new ratio (the axis rescales, the curve morphs); the minimum, the default and the theory line marked."""
        index, step = beat.index, self.steps[beat.index]
        self.say_step(step, beat.seconds)
        if index:
            self.rescale(self.steps[index - 1], step)
        # The grid reads the minimum.
        notes = self.grid_notes(step)
        self.labels = VGroup(self.legend(step, notes), notes)
        self.mark = self.marks(step)
        self.play(FadeIn(self.mark), FadeIn(self.labels), self.grid_panel.glide_to(step.at_min, self.facts.grid),
                  run_time=self.mark_seconds)
        return FadeOut(self.mark, run_time=beat.leave), FadeOut(self.labels, run_time=beat.leave)

    def play_closing(self, beat):
        """The lesson."""
        closing = self.closing_card("cost_closing")
        self.say("say_cost_closing")
        self.play(FadeOut(self.layout, self.ticks, self.curve, self.head), Write(closing), run_time=self.fade_seconds)
