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
    Create,
    SurroundingRectangle,
    VGroup,
    linear,
)

from umbral.scenes import style
from umbral.scenes.base import HeldSteps, LectureScene
from umbral.scenes.beats import Beat
from umbral.scenes.components.card import CARD_PAD, card_over
from umbral.scenes.components.live_text import LiveText, rate_slot
from umbral.scenes.components.model_curves import ModelCurves, ModelTable
from umbral.scenes.fades import fade_in, fade_out
from umbral.scenes.numbers.models_compared import glide_steps, models_compared_numbers
from umbral.scenes.numbers.number_formats import format_theta
from umbral.scenes.strings import grouped, model_name, part_caption, split_label

__all__ = ["ModelsCompared"]


class ModelsCompared(LectureScene):
    """ROC and PR curves of 2 to 4 models, one shared θ sweep, then each model at its chosen θ."""

    opening_seconds = 6.0
    draw_seconds = 2.0
    curves_seconds = 7.0
    reference_seconds = 5.0
    sweep_seconds = 12.0
    glide_seconds = 2.0
    chosen_seconds = 9.0
    closing_seconds = 6.0
    #: Steps of the glide from θ = 1 down to each model's own θ.
    glide_count = 30
    #: Largest plot side (frame units); the layout shrinks it to what the frame leaves.
    max_side = 3.4
    plot_gap = 0.7
    #: Gaps between the header band, the plots and the table (frame units).
    band_gap = 0.3
    table_gap = 0.35

    def prepare(self) -> None:
        """Every model's curves and chosen θ."""
        self.numbers = models_compared_numbers(self.facts.comparison)

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
        return " · ".join(self.caption_parts())

    def caption_parts(self) -> tuple[str, str]:
        """The caption's two halves: the data's title, then the split and n."""
        n, title = self.numbers, self.data_title
        split = part_caption(title, None, n.report_on, self.lang)[len(title):].lstrip(" ·")
        count = grouped(n.n, self.lang)
        return title, f"{split} · n = {count}" if split else f"n = {count}"

    # -- building -------------------------------------------------------
    def opening(self) -> VGroup:
        """Title card: the question, the data and split, the models in their colours, the rule."""
        s, n = self.strings, self.numbers
        title = style.text(s["models_opening_title"], size=style.SIZE_TITLE, weight="BOLD")
        data = style.wrapped(s["models_opening_data"].format(
            caption=self.caption_words(), positives=n.positives, prevalence=f"{n.prevalence:.2f}"),
            style.safe_width(), size=style.SIZE_LABEL)
        names = [self.name(m) for m in n.models]
        models = style.text("  ·  ".join(names), size=style.SIZE_LABEL,
                            t2c=dict(zip(names, style.MODEL_COLORS, strict=False)))
        if models.width > style.safe_width():  # long names: one a line, each wrapped if it must be
            models = VGroup(*(style.wrapped(name, style.safe_width(), size=style.SIZE_LABEL, color=color)
                              for name, color in zip(names, style.MODEL_COLORS, strict=False)))
            models.arrange(DOWN, buff=0.16)
        rule = style.wrapped(s["models_opening_rule"].format(
            report=split_label(n.report_on, self.lang), rule=self.rule_words()),
            style.safe_width(), size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        return style.fit_width(VGroup(title, data, models, rule).arrange(DOWN, buff=0.4))

    def build_header(self) -> VGroup:
        """θ for every model (live), "each at its own θ" or the closing sentence; the line under; the caption."""
        s = self.strings
        self.head_sweep = style.story_number(LiveText(s["models_theta_all"], {"theta": rate_slot(weight="BOLD")},
                                                      size=style.SIZE_HEADER, weights={"θ": "BOLD"}))
        # Over the curves, before the sweep: the lesson's title stands in the heading's place.
        self.head_curves = style.text(s["models_opening_title"], size=style.SIZE_HEADER, weight="BOLD")
        self.head_own = style.text(s["models_theta_own"], size=style.SIZE_HEADER, weight="BOLD")
        self.sub_sweep = style.text(s["flag_rule"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        self.sub_own = style.text(self.rule_words(), size=style.SIZE_SMALL, color=style.TEXT)
        # The closing sentence takes the headings' place, at their size, over the plots it speaks of.
        key = "models_closing_both" if len(self.numbers.models) == 2 else "models_closing_all"
        self.closing = self.closing_card(key).scale(style.SIZE_HEADER / style.SIZE_TITLE)
        self.closing.arrange(DOWN, buff=0.14, aligned_edge=LEFT)
        self.caption = VGroup(*(style.text(part, size=style.SIZE_SMALL, color=style.MUTED_TEXT)
                                for part in self.caption_parts()))
        corner = [style.SIDE_MARGIN - style.safe_width() / 2, 4.0 - style.EDGE_BUFF, 0]
        for head, sub in ((self.head_sweep, self.sub_sweep), (self.head_own, self.sub_own), self.closing):
            head.move_to(corner, aligned_edge=UP + LEFT)
            sub.next_to(head, DOWN, buff=0.14, aligned_edge=LEFT)
        self.head_curves.move_to(corner, aligned_edge=UP + LEFT)
        heads = VGroup(self.head_sweep, self.head_own, self.closing[0], self.head_curves)
        subs = VGroup(self.sub_sweep, self.sub_own, self.closing[1])
        right = style.safe_width() / 2
        # The caption's halves sit top right, beside the headings and the line under them if they clear
        # both; else it is one line under them (a 4:3 frame, long Spanish words).
        title, where = self.caption
        title.move_to([right, heads.get_top()[1], 0], aligned_edge=UP + RIGHT)
        where.move_to([right, subs.get_top()[1], 0], aligned_edge=UP + RIGHT)
        if title.get_left()[0] < heads.get_right()[0] + 0.4 or where.get_left()[0] < subs.get_right()[0] + 0.4:
            self.caption = style.text(self.caption_words(), size=style.SIZE_SMALL, color=style.MUTED_TEXT)
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
        # Two models' rows at the label size if their names fit whole, else (and for more models) smaller.
        for size in ((style.SIZE_LABEL,) if len(n.models) <= 2 else ()) + (style.SIZE_SMALL,):
            self.table = ModelTable(s, [self.name(m) for m in n.models], style.MODEL_COLORS[:len(n.models)],
                                    [(m.auc, m.average_precision) for m in n.models], n.n, size=size,
                                    max_width=style.safe_width())
            if not self.table.shrunk:
                break
        style.fit_width(self.table)
        region = self.table.height
        bottom = -4.0 + style.EDGE_BUFF
        top = band.get_bottom()[1] - self.band_gap
        room_height = top - (bottom + region + self.table_gap) - 2 * CARD_PAD
        # Build once to measure what surrounds the axes, then at the side that fills the room.
        probe = self.build_plots(3.0)
        extra_height, extra_width = probe.height - 3.0, probe.width - 2 * 3.0
        side = min(self.max_side, room_height - extra_height, (style.safe_width() - extra_width) / 2)
        plots = self.build_plots(side)
        plots.move_to([0, 0, 0]).align_to([0, top - CARD_PAD, 0], UP)
        # Centre on the axes (the baseline label hangs off the right), inside the safe width.
        shift = -(self.roc.axes.get_left()[0] + self.pr.axes.get_right()[0]) / 2
        plots.shift(RIGHT * shift)
        overflow = max(plots.get_right()[0] - style.safe_width() / 2, 0)
        plots.shift(LEFT * overflow)
        middle = (plots.get_bottom()[1] + bottom) / 2
        self.table.move_to([0, middle, 0])
        # Each plot on a board, the two boards reaching across the safe width.
        low = min(self.roc.get_bottom()[1], self.pr.get_bottom()[1]) - CARD_PAD
        half, split = style.safe_width() / 2, (self.roc.get_right()[0] + self.pr.get_left()[0]) / 2
        self.cards = VGroup(card_over(-half, split - self.plot_gap / 4, top, low),
                            card_over(split + self.plot_gap / 4, half, top, low))
        for plot, card in zip((self.roc, self.pr), self.cards, strict=True):  # each plot centred on its board
            plot.shift(RIGHT * (card.get_x() - plot.get_x()))
        self.theta_box = self.theta_frame()
        self.notes = self.missing_notes()
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
        still = VGroup(self.cards, self.caption, self.sub_sweep, self.roc.plot, self.roc.reference, self.roc.curves,
                       self.pr.plot, self.pr.reference, self.pr.curves, t.header, *t.swatches, *t.names, *t.areas)
        return still, live

    @classmethod
    def beats(cls, **shape) -> tuple[Beat, ...]:
        """Opening, curves, chance lines, one sweep, each model at its θ, closing."""
        return (Beat("opening", cls.opening_seconds, "the data, the split, the models", pause=True,
                     leave=cls.fade_seconds),
                Beat("curves", cls.curves_seconds, "axes, the table's names and areas, every model's ROC and PR curve",
                     pause=True),
                Beat("reference", cls.reference_seconds, "chance: the diagonal on ROC, the prevalence on PR",
                     pause=True),
                Beat("sweep", cls.sweep_seconds, "one θ for every model, swept once over the grid", pause=True),
                Beat("chosen", cls.chosen_seconds, "each model glides down its own curves to the θ chosen for it",
                     pause=True),
                Beat("closing", cls.closing_seconds, "the ROC curves look fine; PR shows what the last positives cost"))

    # -- narration --------------------------------------------------------
    def areas_words(self) -> str:
        """"logistic regression, AUC 0.91 and average precision 0.73; random forest, ..."."""
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
                    model=self.name(m), theta=format_theta(m.chosen), tp=at.tp, positives=n.positives, fp=at.fp))
        return "; ".join(items)

    # -- the story --------------------------------------------------------
    def swap(self, old, new) -> None:
        """Fade ``old`` out, then ``new`` in where it was, in ``fade_seconds`` (no muddle of both)."""
        self.play(*fade_out(*old), run_time=self.span(self.fade_seconds / 2))
        self.play(*fade_in(*new), run_time=self.span(self.fade_seconds / 2))

    def play_opening(self, beat):
        """The data, the split, the models."""
        n = self.numbers
        card = self.opening()
        self.say("models_say_opening", caption=self.caption_words(), count=len(n.models),
                 report=split_label(n.report_on, self.lang), choose=split_label(n.choose_on, self.lang),
                 rule=self.rule_name())
        self.play(*fade_in(card), run_time=self.span(self.fade_seconds))
        return [fade.set_run_time(self.span(beat.leave)) for fade in fade_out(card)]

    def play_curves(self, beat):
        """Axes, the table's names and areas, then every model's two curves."""
        self.build_layout()
        t = self.table
        self.say("models_say_curves", report=split_label(self.numbers.report_on, self.lang), items=self.areas_words())
        self.play(*fade_in(self.cards, self.head_curves, self.caption, self.roc.plot, self.pr.plot, *t.header[:3],
                           *t.swatches, *t.names, *t.areas), run_time=self.span(self.fade_seconds))
        self.play(*(Create(curve) for curve in (*self.roc.curves, *self.pr.curves)),
                  run_time=self.span(self.draw_seconds))

    def play_reference(self, beat):
        """Chance: the diagonal on ROC, the prevalence on PR."""
        self.say("models_say_reference", prevalence=f"{self.numbers.prevalence:.2f}")
        self.play(Create(self.roc.reference[0]), Create(self.pr.reference[0]),
                  *fade_in(self.roc.reference[1], self.pr.reference[1]), run_time=self.span(self.fade_seconds))

    def play_sweep(self, beat):
        """One θ for every model, swept once over the grid."""
        n, t = self.numbers, self.table
        self.show_theta(n.steps[0])
        self.still_layer, self.live_layer = still, live = self.layers()
        third = beat.seconds / 3
        self.say("models_say_sweep_start", third, prevalence=f"{n.prevalence:.2f}")
        self.say("models_say_sweep_middle", third, offset=third)
        self.say("models_say_sweep_end", third, offset=2 * third)
        self.play(*fade_out(self.head_curves), run_time=self.span(self.fade_seconds / 2))
        self.play(*fade_in(self.head_sweep, self.sub_sweep, self.roc.markers, self.pr.markers, *t.header[3:], *t.thetas,
                           *(cell for counts in t.counts for cell in counts.values())),
                  run_time=self.span(self.fade_seconds / 2))
        self.remove(*self.mobjects)
        self.add(still, live)
        self.play(HeldSteps(live, n.steps, self.show_theta, rate_func=linear,
                            run_time=self.span(beat.seconds - self.fade_seconds)))

    def play_chosen(self, beat):
        """Each model glides down its own curves to the θ chosen for it."""
        n, t, still, live = self.numbers, self.table, self.still_layer, self.live_layer
        self.say("models_say_chosen", choose=split_label(n.choose_on, self.lang), rule=self.rule_name(),
                 items=self.chosen_words())
        self.swap((self.head_sweep, self.sub_sweep), (self.head_own, self.sub_own))
        # The faded-out θ heading leaves the layers; HeldSteps would put the live one back whole.
        live.remove(self.head_sweep)
        still.remove(self.sub_sweep)
        self.remove(*self.mobjects)
        self.add(still, self.head_own, self.sub_own, live)
        self.play(HeldSteps(live, glide_steps(n, self.glide_count), self.show, rate_func=linear,
                            run_time=self.span(self.glide_seconds)))
        missing = [cell for i, m in enumerate(n.models) if m.chosen is None for cell in t.numbers_of(i)]
        self.play(*fade_out(*missing), *fade_in(self.notes), Create(self.theta_box),
                  run_time=self.span(self.fade_seconds))

    def play_closing(self, beat):
        """Closing, over every model at its θ: the ROC curves look fine; PR shows what the last positives cost."""
        self.say("models_say_closing_both" if len(self.numbers.models) == 2 else "models_say_closing_all")
        self.swap((self.head_own, self.sub_own), (self.closing,))
