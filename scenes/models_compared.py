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


def _meet(first, second, gap: float = 0.0) -> bool:
    """True when the boxes of ``first`` and ``second`` come closer than ``gap`` (or overlap)."""
    (a0, a1), (b0, b1) = ((m.get_corner(DOWN + LEFT)[:2] - gap, m.get_corner(UP + RIGHT)[:2]) for m in (first, second))
    return bool((a0 < b1).all() and (b0 < a1).all())


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
    #: In a narrow frame either side of a plot may be up to this many times the other.
    tallest = 1.45

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
        """θ for every model (live) or "each at its own θ", the line under, the caption: the band the pauses show.

        The closing sentence takes the headings' place; where it reaches the caption, that leaves with them
        (``caption_leaves``); only a closing taller than the whole band makes the band room for it.
        """
        s = self.strings
        self.head_sweep = style.story_number(LiveText(s["models_theta_all"], {"theta": rate_slot(weight="BOLD")},
                                                      size=style.SIZE_HEADER, weights={"θ": "BOLD"}))
        # Over the curves, before the sweep: the lesson's title stands in the heading's place.
        self.head_curves = style.text(s["models_opening_title"], size=style.SIZE_HEADER, weight="BOLD")
        self.head_own = style.text(s["models_theta_own"], size=style.SIZE_HEADER, weight="BOLD")
        self.sub_sweep = style.text(s["flag_rule"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        self.sub_own = style.text(self.rule_words(), size=style.SIZE_SMALL, color=style.TEXT)
        self.closing = self.closing_lines()
        self.caption = VGroup(*(style.text(part, size=style.SIZE_SMALL, color=style.MUTED_TEXT)
                                for part in self.caption_parts()))
        corner = [style.SIDE_MARGIN - style.safe_width() / 2, 4.0 - style.EDGE_BUFF, 0]
        for head, sub in ((self.head_sweep, self.sub_sweep), (self.head_own, self.sub_own), self.closing):
            head.move_to(corner, aligned_edge=UP + LEFT)
            sub.next_to(head, DOWN, buff=0.14, aligned_edge=LEFT)
        self.head_curves.move_to(corner, aligned_edge=UP + LEFT)
        heads = VGroup(self.head_sweep, self.head_own, self.head_curves)
        subs = VGroup(self.sub_sweep, self.sub_own)
        right = style.safe_width() / 2
        # The caption's halves sit top right, beside the headings and the line under them if they clear
        # both; else under them, one line, or one line a half where that is wider than the safe width.
        title, where = self.caption
        title.move_to([right, heads.get_top()[1], 0], aligned_edge=UP + RIGHT)
        where.move_to([right, subs.get_top()[1], 0], aligned_edge=UP + RIGHT)
        if title.get_left()[0] < heads.get_right()[0] + 0.4 or where.get_left()[0] < subs.get_right()[0] + 0.4:
            self.caption = style.text(self.caption_words(), size=style.SIZE_SMALL, color=style.MUTED_TEXT)
            if self.caption.width > style.safe_width():
                self.caption = VGroup(*(style.wrapped(part, style.safe_width(), color=style.MUTED_TEXT)
                                        for part in self.caption_parts())).arrange(DOWN, buff=0.12, aligned_edge=LEFT)
            self.caption.next_to(subs, DOWN, buff=0.14).align_to(heads, LEFT)
        band = VGroup(heads, subs, self.caption)
        if band.width > style.safe_width():
            band.scale_to_fit_width(style.safe_width(), about_edge=UP + LEFT)
        self.caption_leaves = _meet(self.closing, self.caption, 0.1)
        if self.closing.get_bottom()[1] < band.get_bottom()[1]:
            band.add(self.closing)
        return band

    def closing_lines(self) -> VGroup:
        """The closing sentence over its second line, at the headings' size, each wrapped to the safe width."""
        key = "models_closing_both" if len(self.numbers.models) == 2 else "models_closing_all"
        title = style.wrapped(self.strings[key], style.safe_width(), size=style.SIZE_HEADER, weight="BOLD")
        sub = style.wrapped(self.strings[f"{key}_sub"], style.safe_width(), color=style.MUTED_TEXT,
                            size=style.SIZE_LABEL * style.SIZE_HEADER / style.SIZE_TITLE)
        return VGroup(*(lines.arrange(DOWN, buff=0.12, aligned_edge=LEFT) for lines in (title, sub))).arrange(
            DOWN, buff=0.14, aligned_edge=LEFT)

    def build_plots(self, side: float, height: float | None = None, inside: bool = False) -> VGroup:
        """Both plots, ``side`` x ``height``, with chance and the baseline (labelled in PR if ``inside`` and clear)."""
        s, n = self.strings, self.numbers
        colors = style.MODEL_COLORS[:len(n.models)]
        room = style.safe_width() / 2 - self.plot_gap / 4 - 2 * CARD_PAD  # an axis name may take its board's width
        self.roc = ModelCurves("roc", s["models_roc_title"], s["fpr_axis"], s["models_tpr_axis"],
                               [(m.roc_fpr, m.roc_tpr) for m in n.models], colors, side=side, height=height,
                               name_room=room)
        self.pr = ModelCurves("pr", s["models_pr_title"], s["recall"], s["precision"],
                              [(m.pr_recall, m.pr_precision) for m in n.models], colors, side=side, height=height,
                              name_room=room, x_color=style.METRIC_COLORS["recall"],
                              y_color=style.METRIC_COLORS["precision"])
        self.roc.add_chance(s["chance"])
        self.pr.add_baseline(n.prevalence, s["models_baseline"].format(prevalence=f"{n.prevalence:.2f}"), inside)
        return VGroup(self.roc, self.pr).arrange(RIGHT, buff=self.plot_gap, aligned_edge=UP)

    def fitted_plots(self, room: float) -> VGroup:
        """Both plots at the largest size that fits ``room`` (height) and the safe width.

        Measured at a probe side, then again as built until they fit (a smaller plot wraps its names). Where
        the width limits them, the baseline's label may go into the PR plot (else two lines beside it) if that
        leaves larger plots. In a narrow frame either side may be up to ``tallest`` times the other.
        """
        stretch = self.tallest if style.narrow() else 1.0
        room_height = room - (self.build_plots(3.0).height - 3.0)
        best = None
        for inside in (False, True):
            wide, tall = (style.safe_width() - (self.build_plots(3.0, inside=inside).width - 6.0)) / 2, room_height
            for _ in range(5):
                side = min(self.max_side, wide, tall * stretch)
                height = min(tall, side * stretch)
                plots = self.build_plots(side, height, inside)
                over_height, over_width = plots.height - room, plots.width - style.safe_width()
                if over_height < 0.01 and over_width < 0.01:
                    break
                tall -= max(over_height, 0.0)
                wide -= max(over_width, 0.0)
            if best is None or side * height > best[0] + 0.05:
                best = (side * height, side, height, inside)
            if wide >= min(self.max_side, tall * stretch):  # not the width: the label may stay where it is
                break
        return self.build_plots(*best[1:])

    def build_layout(self) -> VGroup:
        """Header band; the table on a board at the foot; both plots on boards filling the room between."""
        s, n = self.strings, self.numbers
        band = self.build_header()
        # Two models' rows at the label size if their names fit whole, else (and for more models) smaller.
        sizes = ((style.SIZE_LABEL,) if len(n.models) <= 2 else ()) + (style.SIZE_SMALL,)
        self.table = ModelTable.fitted(
            s, [self.name(m) for m in n.models], style.MODEL_COLORS[:len(n.models)],
            [(m.auc, m.average_precision) for m in n.models], n.n, sizes, style.safe_width() - 2 * CARD_PAD,
            [i for i, m in enumerate(n.models) if m.chosen is None],
            style.text_width(self.no_theta_words(), style.SIZE_MIN_READABLE))
        style.fit_width(self.table)
        half, bottom = style.safe_width() / 2, -4.0 + style.EDGE_BUFF
        self.table.move_to([0, bottom + self.table.height / 2, 0])
        board = card_over(-half, half, self.table.get_top()[1] + CARD_PAD, bottom - CARD_PAD)
        top, low = band.get_bottom()[1] - self.band_gap, board.get_top()[1] + self.table_gap
        plots = self.fitted_plots(top - low - 2 * CARD_PAD)
        plots.move_to([0, (top + low) / 2, 0])
        # Centre on the axes (the baseline label hangs off the right), inside the safe width.
        plots.shift(LEFT * (self.roc.axes.get_left()[0] + self.pr.axes.get_right()[0]) / 2)
        plots.shift(LEFT * max(plots.get_right()[0] - half, 0))
        # Each plot on a board, the two boards reaching across the safe width, over the table's board.
        split = (self.roc.get_right()[0] + self.pr.get_left()[0]) / 2
        self.cards = VGroup(card_over(-half, split - self.plot_gap / 4, top, low),
                            card_over(split + self.plot_gap / 4, half, top, low), board)
        for plot, card in zip((self.roc, self.pr), self.cards, strict=False):  # each plot centred on its board
            plot.shift(RIGHT * (card.get_x() - plot.get_x()))
        self.theta_box = self.theta_frame()
        self.notes = self.missing_notes()
        return VGroup(band, plots, self.table)

    def theta_frame(self) -> VGroup:
        """A box round each chosen θ in the table, lit when each model shows its own θ."""
        return VGroup(*(SurroundingRectangle(theta, color=style.HIGHLIGHT, buff=0.08, stroke_width=style.STROKE_THIN)
                        for theta, model in zip(self.table.thetas, self.numbers.models, strict=True)
                        if model.chosen is not None))

    def no_theta_words(self) -> str:
        """"no θ on validation reaches the target": the note in the row of a model with no chosen θ."""
        return self.strings["models_no_theta"].format(split=split_label(self.numbers.choose_on, self.lang))

    def missing_notes(self) -> VGroup:
        """For each model with no chosen θ: a note across its θ and count cells."""
        notes = VGroup()
        for index, model in enumerate(self.numbers.models):
            if model.chosen is not None:
                continue
            cells = self.table.numbers_of(index)
            note = style.text(self.no_theta_words(), size=style.SIZE_SMALL, color=style.MUTED_TEXT)
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
        leaving = [self.head_own, self.sub_own]
        if self.caption_leaves:  # the closing sentence reaches the caption's line: it leaves with the headings
            shown, at = list(self.mobjects), self.mobjects.index(self.still_layer) + 1
            self.still_layer.remove(self.caption)
            self.remove(*shown)
            self.add(*shown[:at], self.caption, *shown[at:])
            leaving.append(self.caption)
        self.swap(leaving, (self.closing,))
