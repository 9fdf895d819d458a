"""ModelsCompared: several models' ROC and PR curves; one θ moves every point; each at its own θ.

Every curve, area and count is read on the reporting split (test by default), where all
models score the same rows. θ sweeps the 0.02 grid once, each model's point running along
its own curves with its counts in the table; then each model glides to the θ chosen for it
on the choosing split (validation, lowest cost, by default).
"""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Animation,
    Create,
    Mobject,
    SurroundingRectangle,
    VGroup,
    VMobject,
    linear,
)

from scenes import style
from scenes.base import HeldSteps, LectureScene
from scenes.components.live_text import LiveText, rate_slot
from scenes.components.model_curves import ModelCurves, ModelTable
from scenes.numbers.models_compared import glide_steps, models_compared_numbers
from scenes.strings import dataset_title, model_name, part_caption, split_label

__all__ = ["ModelsCompared", "OpacityFade", "fade_in", "fade_out"]


class OpacityFade(Animation):
    """Fade one mobject in (added) or out (removed) by scaling its parts' own opacities.

    Manim's FadeIn and FadeOut deep-copy the mobject twice when they begin (about 1 s for a
    table of live numbers and four long curves); this keeps no copy, and each part keeps its
    own opacity (a hidden marker stays hidden). After fading out, the opacities are put back.
    """

    def __init__(self, mobject: Mobject, out: bool = False, **kwargs):
        self.out = out
        super().__init__(mobject, introducer=not out, remover=out, **kwargs)

    def create_starting_mobject(self) -> Mobject:
        """An empty stand-in: nothing reads a starting copy."""
        return Mobject()

    def begin(self) -> None:
        """Remember every part's opacities, then start from none (in) or from them (out)."""
        self.saved = [(part, part.fill_rgbas[:, 3].copy(), part.stroke_rgbas[:, 3].copy(),
                       part.background_stroke_rgbas[:, 3].copy())
                      for part in self.mobject.family_members_with_points() if isinstance(part, VMobject)]
        super().begin()

    def interpolate_mobject(self, alpha: float) -> None:
        """Every part at ``level`` times its own opacity."""
        level = self.rate_func(alpha)
        self.set_level(1.0 - level if self.out else level)

    def set_level(self, level: float) -> None:
        """Scale each remembered opacity by ``level``."""
        for part, fill, stroke, background in self.saved:
            part.fill_rgbas[:, 3] = fill * level
            part.stroke_rgbas[:, 3] = stroke * level
            part.background_stroke_rgbas[:, 3] = background * level

    def clean_up_from_scene(self, scene) -> None:
        """Remove a faded-out mobject and give it back its opacities."""
        super().clean_up_from_scene(scene)
        if self.out:
            self.set_level(1.0)


def fade_in(*mobjects: Mobject) -> list[OpacityFade]:
    """One :class:`OpacityFade` in per mobject."""
    return [OpacityFade(mobject) for mobject in mobjects]


def fade_out(*mobjects: Mobject) -> list[OpacityFade]:
    """One :class:`OpacityFade` out per mobject (each must be on screen)."""
    return [OpacityFade(mobject, out=True) for mobject in mobjects]


class ModelsCompared(LectureScene):
    """ROC and PR curves of 2 to 4 models, one shared θ sweep, then each model at its chosen θ."""

    fade_seconds = 0.8
    opening_seconds = 5.0
    draw_seconds = 2.0
    curves_seconds = 7.0
    reference_seconds = 5.0
    sweep_seconds = 12.0
    glide_seconds = 2.0
    chosen_seconds = 8.0
    closing_seconds = 6.0
    glide_steps = 30
    #: Largest plot side (frame units); the layout shrinks it to what the frame leaves.
    max_side = 3.4
    plot_gap = 0.7
    #: Gaps between the header band, the plots and the table (frame units).
    band_gap = 0.3
    table_gap = 0.35

    def __init__(self, facts, lang: str = "en", still_at: float | None = None, **kwargs):
        super().__init__(facts, lang, still_at=still_at, **kwargs)
        if facts.comparison is None:
            raise ValueError("ModelsCompared needs scores of two or more models (e.g. --data screening8)")
        self.numbers = models_compared_numbers(facts.comparison)

    # -- words ------------------------------------------------------------
    def name(self, model) -> str:
        """A model's name on screen."""
        return model_name(model.model, self.lang)

    def rule_name(self) -> str:
        """The rule that chose θ, in words: "lowest cost", "recall of at least 0.90"."""
        n = self.numbers
        target = "" if n.target is None else f"{n.target:.2f}"
        return self.strings.get(f"models_rule_{n.rule}", n.rule).format(target=target)

    def rule_words(self) -> str:
        """"θ chosen on validation by lowest cost" (or the rule and split in use)."""
        return self.strings["models_chosen_by"].format(split=split_label(self.numbers.choose_on, self.lang),
                                                       rule=self.rule_name())

    def caption_words(self) -> str:
        """The data and the reporting split: "Simulated screening · test split · n = 900"."""
        f, n = self.facts, self.numbers
        title = dataset_title(f.name, f.base_title or f.title, self.lang)
        return f"{part_caption(title, None, n.report_on, self.lang)} · n = {n.n}"

    # -- building -------------------------------------------------------
    def opening(self) -> VGroup:
        """Title card: the question, the data and split, the models in their colours, the rule."""
        s, n = self.strings, self.numbers
        title = style.text(s["models_opening_title"], size=style.SIZE_TITLE, weight="BOLD")
        data = style.text(s["models_opening_data"].format(
            caption=self.caption_words(), positives=n.positives, prevalence=f"{n.prevalence:.2f}"),
            size=style.SIZE_LABEL)
        names = [self.name(m) for m in n.models]
        models = style.text("  ·  ".join(names), size=style.SIZE_LABEL,
                            t2c=dict(zip(names, style.MODEL_COLORS, strict=False)))
        rule = style.wrapped(s["models_opening_rule"].format(
            report=split_label(n.report_on, self.lang), rule=self.rule_words()),
            style.safe_width(), size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        return style.fit_width(VGroup(title, data, models, rule).arrange(DOWN, buff=0.4))

    def build_header(self) -> VGroup:
        """θ for every model (live), "each at its own θ" or the closing sentence; the line under; the caption."""
        s = self.strings
        self.head_sweep = LiveText(s["models_theta_all"], {"theta": rate_slot(weight="BOLD")},
                                   size=style.SIZE_HEADER, weights={"θ": "BOLD"})
        self.head_own = style.text(s["models_theta_own"], size=style.SIZE_HEADER, weight="BOLD")
        self.sub_sweep = style.text(s["flag_rule"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        self.sub_own = style.text(self.rule_words(), size=style.SIZE_SMALL, color=style.TEXT)
        # The closing sentence takes the headings' place, at their size, over the plots it speaks of.
        key = "models_closing_both" if len(self.numbers.models) == 2 else "models_closing_all"
        self.closing = self.closing_card(key).scale(style.SIZE_HEADER / style.SIZE_TITLE)
        self.closing.arrange(DOWN, buff=0.14, aligned_edge=LEFT)
        self.caption = style.text(self.caption_words(), size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        corner = [style.SIDE_MARGIN - style.safe_width() / 2, 4.0 - style.EDGE_BUFF, 0]
        for head, sub in ((self.head_sweep, self.sub_sweep), (self.head_own, self.sub_own), self.closing):
            head.move_to(corner, aligned_edge=UP + LEFT)
            sub.next_to(head, DOWN, buff=0.14, aligned_edge=LEFT)
        heads = VGroup(self.head_sweep, self.head_own, self.closing[0])
        subs = VGroup(self.sub_sweep, self.sub_own, self.closing[1])
        right = style.safe_width() / 2
        # The caption sits top right if it clears the headings, else right of the line under them, else below.
        self.caption.move_to([right, heads.get_top()[1], 0], aligned_edge=UP + RIGHT)
        if self.caption.get_left()[0] < heads.get_right()[0] + 0.4:
            self.caption.move_to([right, subs.get_top()[1], 0], aligned_edge=UP + RIGHT)
            if self.caption.get_left()[0] < subs.get_right()[0] + 0.4:
                self.caption.next_to(subs, DOWN, buff=0.14).align_to(heads, LEFT)
        band = VGroup(heads, subs, self.caption)
        if band.width > style.safe_width():
            band.scale_to_fit_width(style.safe_width(), about_edge=UP + LEFT)
        return band

    def build_plots(self, side: float) -> VGroup:
        """The ROC and PR plots of every model, side by side, with chance and the prevalence baseline."""
        s, n = self.strings, self.numbers
        colors = style.MODEL_COLORS[:len(n.models)]
        self.roc = ModelCurves("roc", s["models_roc_title"], s["fpr_axis"], s["models_tpr_axis"],
                               [(m.roc_fpr, m.roc_tpr) for m in n.models], colors, side=side)
        self.pr = ModelCurves("pr", s["models_pr_title"], s["recall"], s["precision"],
                              [(m.pr_recall, m.pr_precision) for m in n.models], colors, side=side,
                              x_color=style.METRIC_COLORS["recall"], y_color=style.METRIC_COLORS["precision"])
        self.roc.add_chance(s["chance"])
        self.pr.add_baseline(n.prevalence, s["models_baseline"].format(prevalence=f"{n.prevalence:.2f}"))
        for plot in (self.roc, self.pr):  # a long title shrinks to its plot's width, down to the small size
            title, room = plot.plot.title, side + 0.5
            if title.width > room:
                title.scale(max(room / title.width, style.SIZE_SMALL / style.SIZE_LABEL))
        return VGroup(self.roc, self.pr).arrange(RIGHT, buff=self.plot_gap, aligned_edge=UP)

    def build_layout(self) -> VGroup:
        """Header band, both plots at the largest side that fits, the table under them."""
        s, n = self.strings, self.numbers
        band = self.build_header()
        size = style.SIZE_LABEL if len(n.models) <= 2 else style.SIZE_SMALL
        self.table = ModelTable(s, [self.name(m) for m in n.models], style.MODEL_COLORS[:len(n.models)],
                                [(m.auc, m.average_precision) for m in n.models], n.n, size=size,
                                max_width=style.safe_width())
        style.fit_width(self.table)
        region = self.table.height
        bottom = -4.0 + style.EDGE_BUFF
        top = band.get_bottom()[1] - self.band_gap
        room_height = top - (bottom + region + self.table_gap)
        # Build once to measure what surrounds the axes, then at the side that fills the room.
        probe = self.build_plots(3.0)
        extra_height, extra_width = probe.height - 3.0, probe.width - 2 * 3.0
        side = min(self.max_side, room_height - extra_height, (style.safe_width() - extra_width) / 2)
        plots = self.build_plots(side)
        plots.move_to([0, 0, 0]).align_to([0, top, 0], UP)
        # Centre on the axes (the baseline label hangs off the right), inside the safe width.
        shift = -(self.roc.axes.get_left()[0] + self.pr.axes.get_right()[0]) / 2
        plots.shift(RIGHT * shift)
        overflow = max(plots.get_right()[0] - style.safe_width() / 2, 0)
        plots.shift(LEFT * overflow)
        middle = (plots.get_bottom()[1] + bottom) / 2
        self.table.move_to([0, middle, 0])
        self.theta_box = self.theta_frame()
        self.notes = self.missing_notes()
        self.band = band
        return VGroup(band, plots, self.table)

    def theta_frame(self) -> VGroup:
        """A box round each chosen θ in the table, lit when each model shows its own θ."""
        return VGroup(*(SurroundingRectangle(theta, color=style.HIGHLIGHT, buff=0.08, stroke_width=style.STROKE_THIN)
                        for theta, model in zip(self.table.thetas, self.numbers.models, strict=True)
                        if model.chosen is not None))

    def missing_notes(self) -> VGroup:
        """For each model with no chosen θ: a note across its θ and count cells."""
        n, s = self.numbers, self.strings
        notes = VGroup()
        for index, model in enumerate(n.models):
            if model.chosen is not None:
                continue
            cells = self.table.numbers_of(index)
            note = style.text(s["models_no_theta"].format(split=split_label(n.choose_on, self.lang)),
                              size=style.SIZE_SMALL, color=style.MUTED_TEXT)
            if note.width > cells.width:
                note.scale(max(cells.width / note.width, style.SIZE_MIN_READABLE / style.SIZE_SMALL))
            notes.add(note.move_to(cells))
        return notes

    def show(self, snapshots) -> None:
        """Every model's markers and table row at its snapshot (None: left as it is)."""
        for panel in (self.roc, self.pr, self.table):
            panel.update_to(snapshots)

    def show_theta(self, snapshots) -> None:
        """One shared θ: the header reads it too."""
        self.show(snapshots)
        self.head_sweep.set_values(theta=snapshots[0].threshold)

    def layers(self) -> tuple[VGroup, VGroup]:
        """What never changes once drawn, and what the sweep moves (drawn over it)."""
        t = self.table
        live = VGroup(self.head_sweep, self.roc.markers, self.pr.markers, *t.thetas,
                      *(cell for counts in t.counts for cell in counts.values()))
        still = VGroup(self.caption, self.sub_sweep, self.roc.plot, self.roc.reference, self.roc.curves, self.pr.plot,
                       self.pr.reference, self.pr.curves, t.header, *t.swatches, *t.names, *t.areas)
        return still, live

    @classmethod
    def duration(cls) -> float:
        """Length of the video in seconds."""
        return (cls.opening_seconds + cls.curves_seconds + cls.reference_seconds + cls.sweep_seconds
                + cls.chosen_seconds + cls.closing_seconds)

    # -- narration --------------------------------------------------------
    def areas_words(self) -> str:
        """"logistic regression: AUC 0.91, AP 0.73; random forest: ..."."""
        item = self.strings["models_say_curve_item"]
        return "; ".join(item.format(model=self.name(m), auc=f"{m.auc:.2f}", ap=f"{m.average_precision:.2f}")
                         for m in self.numbers.models)

    def chosen_words(self) -> str:
        """Each model's θ and what it catches there, or that no θ reached the target."""
        s, n = self.strings, self.numbers
        items = []
        for m in n.models:
            if m.at_chosen is None:
                items.append(s["models_say_no_theta"].format(model=self.name(m),
                                                             split=split_label(n.choose_on, self.lang)))
            else:
                at = m.at_chosen
                items.append(s["models_say_chosen_item"].format(
                    model=self.name(m), theta=f"{m.chosen:.2f}", tp=at.tp, positives=n.positives, fp=at.fp))
        return "; ".join(items)

    # -- the story --------------------------------------------------------
    def swap(self, old, new) -> None:
        """Fade ``old`` out, then ``new`` in where it was, in ``fade_seconds`` (no muddle of both)."""
        self.play(*fade_out(*old), run_time=self.span(self.fade_seconds / 2))
        self.play(*fade_in(*new), run_time=self.span(self.fade_seconds / 2))

    def construct(self):
        """Opening, curves, chance lines, one sweep, each model at its θ, closing."""
        n = self.numbers
        report = split_label(n.report_on, self.lang)
        # Opening: the data, the split, the models.
        card = self.opening()
        choose = split_label(n.choose_on, self.lang)
        self.say("models_say_opening", self.opening_seconds, caption=self.caption_words(), count=len(n.models),
                 report=report, choose=choose, rule=self.rule_name())
        self.play(*fade_in(card), run_time=self.span(self.fade_seconds))
        self.hold(self.opening_seconds - 2 * self.fade_seconds)
        self.beat("opening")
        self.play(*fade_out(card), run_time=self.span(self.fade_seconds))
        # Axes, the table's names and areas, then every model's two curves.
        self.build_layout()
        t = self.table
        self.say("models_say_curves", self.curves_seconds, report=report, items=self.areas_words())
        self.play(*fade_in(self.caption, self.roc.plot, self.pr.plot, *t.header[:3], *t.swatches, *t.names, *t.areas),
                  run_time=self.span(self.fade_seconds))
        self.play(*(Create(curve) for curve in (*self.roc.curves, *self.pr.curves)),
                  run_time=self.span(self.draw_seconds))
        self.hold(self.curves_seconds - self.fade_seconds - self.draw_seconds)
        self.beat("curves")
        # Chance: the diagonal on ROC, the prevalence on PR.
        self.say("models_say_reference", self.reference_seconds, prevalence=f"{n.prevalence:.2f}")
        self.play(Create(self.roc.reference[0]), Create(self.pr.reference[0]),
                  *fade_in(self.roc.reference[1], self.pr.reference[1]), run_time=self.span(self.fade_seconds))
        self.hold(self.reference_seconds - self.fade_seconds)
        self.beat("reference")
        # One θ for every model, swept once over the grid.
        self.show_theta(n.steps[0])
        still, live = self.layers()
        third = self.sweep_seconds / 3
        self.say("models_say_sweep_start", third, prevalence=f"{n.prevalence:.2f}")
        self.say("models_say_sweep_middle", third, offset=third)
        self.say("models_say_sweep_end", third, offset=2 * third)
        self.play(*fade_in(self.head_sweep, self.sub_sweep, self.roc.markers, self.pr.markers, *t.header[3:], *t.thetas,
                           *(cell for counts in t.counts for cell in counts.values())),
                  run_time=self.span(self.fade_seconds))
        self.remove(*self.mobjects)
        self.add(still, live)
        self.play(HeldSteps(live, n.steps, self.show_theta, rate_func=linear,
                            run_time=self.span(self.sweep_seconds - self.fade_seconds)))
        self.beat("sweep")
        # Each model glides down its own curves to the θ chosen for it.
        self.say("models_say_chosen", self.chosen_seconds, choose=choose, rule=self.rule_name(),
                 items=self.chosen_words())
        self.swap((self.head_sweep, self.sub_sweep), (self.head_own, self.sub_own))
        self.play(HeldSteps(live, glide_steps(n, self.glide_steps), self.show, rate_func=linear,
                            run_time=self.span(self.glide_seconds)))
        missing = [cell for i, m in enumerate(n.models) if m.chosen is None for cell in t.numbers_of(i)]
        self.play(*fade_out(*missing), *fade_in(self.notes), Create(self.theta_box),
                  run_time=self.span(self.fade_seconds))
        self.hold(self.chosen_seconds - self.glide_seconds - 2 * self.fade_seconds)
        self.beat("chosen")
        # Closing, over every model at its θ: the ROC curves look fine; PR shows what the last positives cost.
        key = "models_say_closing_both" if len(n.models) == 2 else "models_say_closing_all"
        self.say(key, self.closing_seconds)
        self.swap((self.head_own, self.sub_own), (self.closing,))
        self.hold(self.closing_seconds - self.fade_seconds)
