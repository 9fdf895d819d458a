"""RocPrCurves: the ROC staircase built from the ranking, its area, and the PR curve beside it."""

from __future__ import annotations

import numpy as np
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
    UpdateFromAlphaFunc,
    VGroup,
    VMobject,
    linear,
)

from umbral.scenes import style
from umbral.scenes.base import LectureScene
from umbral.scenes.beats import Beat
from umbral.scenes.components.card import CARD_PAD, card_behind, card_over
from umbral.scenes.components.live_text import LiveText, count_slot
from umbral.scenes.components.unit_axes import UnitAxes
from umbral.scenes.numbers.roc_pr_curves import roc_pr_numbers

__all__ = ["RocPrCurves"]

#: The metric whose colour each curve takes (read from the active theme when drawn).
ROC_METRIC, PR_METRIC = "auc", "precision"


def _boxes_meet(a, b, gap: float = 0.05) -> bool:
    """True when the bounding boxes of ``a`` and ``b`` come within ``gap`` of each other."""
    return (a.get_left()[0] < b.get_right()[0] + gap and b.get_left()[0] < a.get_right()[0] + gap
            and a.get_bottom()[1] < b.get_top()[1] + gap and b.get_bottom()[1] < a.get_top()[1] + gap)


class RocPrCurves(LectureScene):
    """ROC built step by step, AUC shaded, chance diagonal; PR steps with the prevalence baseline and AP."""

    intro_seconds = 3.6
    build_seconds = 8.0
    area_seconds = 4.6
    read_auc_seconds = 4.6
    pr_build_seconds = 5.0
    baseline_seconds = 6.0
    read_pr_seconds = 5.0
    closing_seconds = 4.0
    area_opacity = 0.28
    #: Largest plot side (frame units); the layout takes what the frame leaves, up to this.
    max_side = 4.6
    #: Least space between the plots, between the plots and the legend, between the legend and the caption.
    plot_gap = 0.9
    legend_gap = 0.35
    #: In a 4:3 frame a plot may be this many times taller than wide.
    tallest = 1.45
    caption_gap = 0.25
    #: The chance label runs along at most this share of the diagonal (longer, it is left to the narration).
    chance_share = 0.65
    #: The readings keep this much of the safe width free: the board's padding and the colour bar.
    reading_inset = 1.0

    # -- building -------------------------------------------------------
    @staticmethod
    def colour(metric: str) -> str:
        """``metric``'s colour in the active theme."""
        return style.METRIC_COLORS[metric]

    def build_layout(self) -> VGroup:
        """Both empty plots across the safe width, the step legend and the live counter; curves built, not added.

        Every text keeps its size: the plots' side is what the frame leaves once the labels, the
        baseline label (right of PR) and the legend under them are measured.
        """
        s = self.strings
        self.numbers = n = roc_pr_numbers(self.facts.sweep, report=self.facts.report, sklearn=self.facts.sklearn)
        self.caption = self.part_caption()
        top, bottom = 4.0 - style.EDGE_BUFF, -4.0 + style.EDGE_BUFF
        if self.caption is not None:
            bottom = self.caption.get_top()[1] + self.caption_gap
        self.baseline_label = style.text(s["rocpr_baseline"].format(prevalence=f"{n.prevalence:.2f}"),
                                         size=style.SIZE_SMALL, line_spacing=0.8)
        # Measure what surrounds the axes at a probe side, then build at the side that fills the frame.
        probe = self.build_plots(3.0)
        legend = self.build_legend()
        extra_width, extra_height = probe.width - 2 * 3.0 - self.plot_gap, probe.height - 3.0
        width = style.safe_width() - 2 * CARD_PAD  # the cards' padding stays inside the safe area
        top -= CARD_PAD
        across = (width - extra_width - self.plot_gap) / 2
        # In a narrow frame the live counts fit in the empty PR plot, leaving the room under the plots to the rule.
        inside = style.narrow() and legend[1].width <= min(across, self.max_side) - 0.3
        # The room under the plots holds the legend, then the readings in its place.
        legend_height = max(legend[0].height if inside else legend.height, self.reading_lines().height)
        room = top - bottom - extra_height - self.legend_gap - legend_height - 2 * CARD_PAD
        side = min(self.max_side, across, room)
        # A narrow frame leaves height to spare: the plots grow taller than wide.
        plots = self.build_plots(side, min(room, side * self.tallest) if style.narrow() else side)
        # The gap takes what the side left over, so the plots reach from one side of the safe area to the other.
        spare = width - plots.width
        self.pr_block.shift(RIGHT * spare)
        plots.move_to([0, 0, 0]).align_to([0, top, 0], UP)
        self.baseline_label.align_to(self.pr_axes.point(1, n.prevalence), DOWN).shift(
            DOWN * self.baseline_label.height / 2)
        low = min(self.roc_axes.get_bottom()[1], self.pr_axes.get_bottom()[1])
        self.cards = VGroup(card_behind(self.roc_axes, height=top - low, top=top),
                            card_behind(self.pr_block, height=top - low, top=top))
        self.bottom = low - CARD_PAD - self.legend_gap
        self.floor = bottom
        # A third board under the plots, down to the foot, holds the legend and then the two readings.
        self.cards.add(card_over(self.cards.get_left()[0], self.cards.get_right()[0], self.bottom + CARD_PAD,
                                 bottom - CARD_PAD))
        self.legend = self.build_legend(inside)
        self.curves = self.build_curves()
        layout = VGroup(self.cards, self.roc_axes, self.pr_axes, self.legend)
        return layout if self.caption is None else layout.add(self.caption)

    def build_plots(self, side: float, height: float | None = None) -> VGroup:
        """The two empty plots (``side`` wide, ``height`` tall) side by side, the baseline label right of PR."""
        s = self.strings
        self.roc_axes = UnitAxes(s["rocpr_roc_title"], s["fpr_axis"], s["tpr_axis"], side=side, height=height)
        self.pr_axes = UnitAxes(s["rocpr_pr_title"], s["recall"], s["precision"], side=side, height=height)
        # The label sits outside the plot, at the baseline's height: the curve never reaches it there.
        self.baseline_label.next_to(self.pr_axes.point(1, self.numbers.prevalence), RIGHT, buff=0.2)
        self.pr_block = VGroup(self.pr_axes, self.baseline_label)
        plots = VGroup(self.roc_axes, self.pr_block).arrange(RIGHT, buff=self.plot_gap, aligned_edge=UP)
        # Level the axes themselves (the titles' descenders differ).
        self.pr_block.shift(UP * (self.roc_axes.axes.get_top()[1] - self.pr_axes.axes.get_top()[1]))
        return plots

    def part_caption(self) -> VGroup | None:
        """Which model and split the curves show, bottom right (wrapped in a narrow frame); None for one split."""
        if self.facts.split is None:
            return None
        words = self.dataset_name
        if style.text_width(words, style.SIZE_SMALL) > style.safe_width():
            words = words.replace(" · ", " ·\n", 1)
        caption = style.wrapped(words, style.safe_width(), color=style.MUTED_TEXT)
        return caption.arrange(DOWN, buff=0.12, aligned_edge=RIGHT).to_corner(DOWN + RIGHT, buff=style.EDGE_BUFF)

    def build_legend(self, inside: bool = False) -> VGroup:
        """How a step is taken (left, under ROC) and a live count of the samples passed (right, under PR)."""
        s, n = self.strings, self.numbers
        steps = VGroup(
            style.text(s["rocpr_step_up"].format(positives=n.positives), size=style.SIZE_SMALL,
                       t2c={"↑": style.POSITIVE_COLOR}),
            style.text(s["rocpr_step_right"].format(negatives=n.negatives), size=style.SIZE_SMALL,
                       t2c={"→": style.NEGATIVE_COLOR}),
            style.text(s["rocpr_step_tie"], size=style.SIZE_SMALL),
        ).arrange(DOWN, buff=0.14, aligned_edge=LEFT)
        self.passed = {
            "tp": LiveText(s["rocpr_passed_positives"].replace("{positives}", str(n.positives)),
                           {"tp": count_slot(n.positives, style.POSITIVE_COLOR, "BOLD")}, size=style.SIZE_SMALL),
            "fp": LiveText(s["rocpr_passed_negatives"].replace("{negatives}", str(n.negatives)),
                           {"fp": count_slot(n.negatives, style.NEGATIVE_COLOR, "BOLD")}, size=style.SIZE_SMALL),
        }
        # Under the rule in a narrow frame: the two counts alone, their heading left to the narration.
        counter = VGroup(style.text(s["rocpr_passed"], size=style.SIZE_SMALL, color=style.MUTED_TEXT),
                         *self.passed.values()).arrange(DOWN, buff=0.14, aligned_edge=LEFT)
        right = style.safe_width() / 2 - 2 * CARD_PAD  # inside the board under the plots
        steps.move_to([-right, getattr(self, "bottom", 0.0), 0], aligned_edge=UP + LEFT)
        counter.move_to([right, steps.get_top()[1], 0], aligned_edge=UP + RIGHT)
        if inside:  # a narrow frame: in the PR plot, empty while the ROC is built
            counter.move_to(self.pr_axes.axes)
        elif counter.get_left()[0] < steps.get_right()[0] + 0.5:  # long lines: under the rule
            counter.next_to(steps, DOWN, buff=0.2, aligned_edge=LEFT)
        self.show_passed(0)
        return VGroup(steps, counter)

    def build_curves(self) -> dict:
        """Every curve, area and label of the story, positioned on the plots."""
        s, n, roc, pr = self.strings, self.numbers, self.roc_axes, self.pr_axes
        chance_value = f"{n.chance_auc:.1f}"
        parts = {
            "roc": roc.polyline(n.roc_fpr, n.roc_tpr, self.colour(ROC_METRIC)),
            "roc_area": roc.region(n.roc_fpr, n.roc_tpr, self.colour(ROC_METRIC), self.area_opacity),
            "pr": pr.polyline(n.pr_recall, n.pr_precision, self.colour(PR_METRIC)),
            "pr_area": pr.region(n.pr_recall, n.pr_precision, self.colour(PR_METRIC), self.area_opacity),
        }
        parts["tip"] = Dot(roc.point(0, 0), radius=0.08, color=style.HIGHLIGHT)
        diagonal = DashedLine(roc.point(0, 0), roc.point(1, 1), color=style.CHANCE_COLOR,
                              stroke_width=style.STROKE, dash_length=0.1)
        # One line along the upper half of the diagonal, clear of the AUC label.
        diagonal_length = float(np.linalg.norm(roc.point(1, 1) - roc.point(0, 0)))
        chance = style.text(s["rocpr_chance"].format(chance=chance_value), size=style.SIZE_SMALL)
        fits = chance.width <= diagonal_length * self.chance_share
        chance.rotate(roc.diagonal_angle()).move_to(roc.point(0.7, 0.7)).shift((RIGHT + DOWN) * 0.2)
        parts["auc_label"] = self.area_label(s["rocpr_auc_label"].format(auc=f"{n.auc:.2f}"))
        parts["auc_label"].move_to(roc.point(0.96, 0.04), aligned_edge=DOWN + RIGHT)
        # A long translation or a narrow plot: the diagonal stays, the narration names it.
        if not fits or _boxes_meet(chance, parts["auc_label"]):
            chance = VGroup()
        parts["chance"] = VGroup(diagonal, chance)
        baseline = DashedLine(pr.point(0, n.prevalence), pr.point(1, n.prevalence), color=style.BASELINE_COLOR,
                              stroke_width=style.STROKE, dash_length=0.1)
        parts["baseline"] = VGroup(baseline, self.baseline_label)
        parts["ap_label"] = self.area_label(s["rocpr_ap_label"].format(ap=f"{n.average_precision:.2f}"))
        # Under the baseline if it fits there, else just over it (a low prevalence).
        parts["ap_label"].move_to(pr.point(0.04, 0.04), aligned_edge=DOWN + LEFT)
        if parts["ap_label"].get_top()[1] > pr.point(0, n.prevalence)[1] - 0.1:
            parts["ap_label"].move_to(pr.point(0.04, n.prevalence) + UP * 0.12, aligned_edge=DOWN + LEFT)
        parts["read_auc"], parts["read_pr"] = self.readings()
        return parts

    def area_label(self, words: str) -> VGroup:
        """"AUC 0.89" in big bold figures (a story number), on two lines if wider than the plot."""
        room = self.roc_axes.axes.width - 0.3
        label = style.wrapped(words, room, size=style.SIZE_NUMBER, weight="BOLD")
        return style.story_number(label.arrange(DOWN, buff=0.1, aligned_edge=RIGHT))

    def readings(self) -> tuple:
        """The two sentences read with the data's numbers, full width under the plots."""
        group = self.reading_lines()
        # Centred in the room under the plots (a 4:3 frame leaves much), else from the plots down.
        group.move_to([0, min((self.bottom + self.floor) / 2, self.bottom - group.height / 2), 0])
        return tuple(group)

    def reading_lines(self) -> VGroup:
        """The two sentences, each behind a bar of its curve's colour, one under the other (not placed)."""
        s, n = self.strings, self.numbers
        values = {"auc": f"{n.auc:.2f}", "percent": n.auc_percent, "prevalence": f"{n.prevalence:.2f}",
                  "chance": f"{n.chance_auc:.1f}", "ap": f"{n.average_precision:.2f}"}
        lines = []
        for key, color in (("rocpr_read_auc", self.colour(ROC_METRIC)), ("rocpr_read_pr", self.colour(PR_METRIC))):
            line = style.wrapped(s[key].format(**values), style.safe_width() - self.reading_inset,
                                 size=style.SIZE_LABEL)
            line.arrange(DOWN, buff=0.12, aligned_edge=LEFT)
            mark = VMobject()  # a coloured bar ties each sentence to its curve
            mark.set_points_as_corners([[0, 0, 0], [0, line.height, 0]]).set_stroke(color, width=6)
            lines.append(VGroup(mark, line).arrange(RIGHT, buff=0.18))
        return VGroup(*lines).arrange(DOWN, buff=0.3, aligned_edge=LEFT)

    def show_passed(self, vertex: int) -> None:
        """Counts of positives and negatives passed at ROC vertex ``vertex``."""
        n = self.numbers
        self.passed["tp"].set_values(tp=int(n.roc_tp[vertex]))
        self.passed["fp"].set_values(fp=int(n.roc_fp[vertex]))

    def reveal_roc(self, alpha: float) -> None:
        """The ROC polyline drawn up to fraction ``alpha`` of its steps, the tip dot and counts following."""
        full, curve = self.curves["roc"], self.live_roc
        steps = len(self.numbers.roc_fpr) - 1
        if alpha <= 0:
            curve.points = full.points[:0]
            self.curves["tip"].move_to(full.get_start())
        else:
            curve.pointwise_become_partial(full, 0, alpha)
            self.curves["tip"].move_to(curve.get_end())
        self.show_passed(min(int(alpha * steps + 1e-9), steps))

    @classmethod
    def beats(cls, **shape) -> tuple[Beat, ...]:
        """Build ROC, shade AUC, read it; draw PR, baseline and AP, read it."""
        return (Beat("intro", cls.intro_seconds, "two empty plots and the rule of a step", pause=True),
                Beat("build", cls.build_seconds, "the ROC staircase, equal time per distinct score"),
                Beat("area", cls.area_seconds, "the area under it shaded; the diagonal is chance", pause=True),
                Beat("read_auc", cls.read_auc_seconds, "the AUC read as a ranking", pause=True),
                Beat("pr_build", cls.pr_build_seconds, "the PR curve over the same scores, as the steps AP sums"),
                Beat("baseline", cls.baseline_seconds, "PR's baseline is the prevalence; its area the AP",
                     pause=True),
                Beat("read_pr", cls.read_pr_seconds, "the PR baseline read", pause=True),
                Beat("closing", cls.closing_seconds, "what each curve answers"))

    def said(self) -> dict:
        """The numbers the narration quotes."""
        n = self.numbers
        return {"auc": f"{n.auc:.2f}", "percent": n.auc_percent, "prevalence": f"{n.prevalence:.2f}",
                "chance": f"{n.chance_auc:.1f}", "ap": f"{n.average_precision:.2f}",
                "positives": n.positives, "negatives": n.negatives}

    # -- the story --------------------------------------------------------
    def play_intro(self, beat):
        """Two empty plots and the rule of a step."""
        layout = self.build_layout()
        self.say("say_rocpr_intro")
        self.play(FadeIn(layout), run_time=self.span(self.fade_seconds))

    def play_build(self, beat):
        """Build the ROC staircase, equal time per distinct score."""
        parts = self.curves
        self.live_roc = parts["roc"].copy()
        self.reveal_roc(0)
        # What grows is drawn last, so the plots and the legend's words stay in the cached background.
        growing = self.lift(self.live_roc, parts["tip"], self.legend[1])
        self.say("say_rocpr_build", **self.said())
        self.play(UpdateFromAlphaFunc(growing,
                                      lambda _, alpha: self.reveal_roc(alpha)),
                  run_time=self.span(beat.seconds), rate_func=linear)

    def play_area(self, beat):
        """Shade the area under it; the diagonal is chance."""
        parts = self.curves
        self.say("say_rocpr_area", **self.said())
        self.remove(parts["tip"])
        self.add(parts["roc_area"], self.live_roc)
        self.play(FadeIn(parts["roc_area"]), FadeIn(parts["auc_label"]), Create(parts["chance"][0]),
                  FadeIn(parts["chance"][1]), run_time=self.span(self.fade_seconds * 2))

    def play_read_auc(self, beat):
        """Read the AUC as a ranking."""
        self.say("say_rocpr_read_auc", **self.said())
        self.play(FadeOut(self.legend), FadeIn(self.curves["read_auc"]), run_time=self.span(self.fade_seconds))

    def play_pr_build(self, beat):
        """The PR curve over the same scores, as the steps AP sums."""
        self.say("say_rocpr_pr_build")
        self.play(Create(self.curves["pr"]), run_time=self.span(beat.seconds), rate_func=linear)

    def play_baseline(self, beat):
        """Its baseline is the prevalence; its area the average precision."""
        parts = self.curves
        self.say("say_rocpr_baseline", **self.said())
        self.add(parts["pr_area"], parts["pr"])
        self.play(Create(parts["baseline"][0]), FadeIn(parts["baseline"][1]),
                  run_time=self.span(self.fade_seconds * 2))
        self.play(FadeIn(parts["pr_area"]), FadeIn(parts["ap_label"]), run_time=self.span(self.fade_seconds))

    def play_read_pr(self, beat):
        """Read the PR baseline."""
        self.say("say_rocpr_read_pr", **self.said())
        self.play(FadeIn(self.curves["read_pr"]), run_time=self.span(self.fade_seconds))

    def play_closing(self, beat):
        """What each curve answers."""
        self.say("say_rocpr_closing")
