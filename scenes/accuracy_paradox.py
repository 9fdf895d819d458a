"""AccuracyParadox: a model that calls everyone negative wins on accuracy as the disease gets rare."""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    FadeIn,
    FadeOut,
    GrowFromEdge,
    Rectangle,
    VGroup,
    Write,
    config,
    linear,
)

from umbral.scenes import style
from umbral.scenes.base import HeldSteps, LectureScene
from umbral.scenes.beats import Beat
from umbral.scenes.components.live_text import LiveText, Slot, rate_slot, signed_rate_slot
from umbral.scenes.components.paired_bars import PairedBars
from umbral.scenes.components.prevalence_slider import PrevalenceSlider
from umbral.scenes.numbers.accuracy_paradox import COMPARED, accuracy_paradox_numbers
from umbral.scenes.numbers.number_formats import format_theta

__all__ = ["AccuracyParadox"]

PER_COUNT = Slot("0000", "{:.0f}")


class AccuracyParadox(LectureScene):
    """Paired bars (model solid, do-nothing striped), then the prevalence slides down to 1 %."""

    threshold = 0.5
    lowest_prevalence = 0.01
    grow_seconds = 1.2
    intro_seconds = 4.5
    accuracy_seconds = 5.0
    others_seconds = 6.0
    slide_seconds = 10.0
    hold_seconds = 5.0
    closing_seconds = 4.0
    slider_length = 3.6
    #: Room between the heading and the slider, and between the bands (heading, bars, verdict, readout).
    column_gap = 0.5
    band_gap = 0.25
    #: Bar thickness (thinner in a 4:3 frame, where the rows have less height) and the gap within a pair.
    bar_height = 0.34
    narrow_bar_height = 0.3
    pair_gap = 0.1
    most_row_gap = 1.3
    #: A metric name wider than this wraps ("balanced / accuracy").
    name_width = 2.6

    def prepare(self) -> None:
        """The two models' numbers at every prevalence down to ``lowest_prevalence``."""
        self.numbers = accuracy_paradox_numbers(self.facts.sweep, self.threshold, self.lowest_prevalence,
                                               sklearn=self.facts.sklearn)

    # -- building -------------------------------------------------------
    def build_layout(self) -> VGroup:
        """Heading and slider on top, the paired bars across the frame, the per-1000 readout at the bottom."""
        s, numbers = self.strings, self.numbers
        width = style.safe_width()
        left, right = -width / 2, width / 2
        top = config.frame_height / 2 - style.EDGE_BUFF
        # Top right: the slider, its π a headline number.
        self.slider = PrevalenceSlider(s, track_length=self.slider_length, value_size=style.SIZE_NUMBER)
        style.story_number(self.slider.value)
        self.slider.move_to([right, top, 0], aligned_edge=UP + RIGHT)
        # Top left: title and legend beside the slider; if either would have to wrap, the title goes above both.
        room = self.slider.get_left()[0] - self.column_gap - left
        legend = s["ap_legend"].format(threshold=format_theta(numbers.threshold)).replace("   ·   ", "\n")
        natural = max(style.text_width(line, style.SIZE_SMALL) for line in legend.split("\n"))
        title = style.wrapped(s["ap_title"], width, size=style.SIZE_HEADER, weight="BOLD")
        title.arrange(DOWN, buff=0.1, aligned_edge=LEFT).move_to([left, top, 0], aligned_edge=UP + LEFT)
        if max(title.width, natural) > room:
            self.slider.align_to(title.get_bottom() + DOWN * 0.2, UP)
        self.legend = self.left_block(legend, room, style.SIZE_SMALL, style.MUTED_TEXT)
        self.legend.align_to(self.slider if max(title.width, natural) > room else title.get_bottom() + DOWN * 0.15,
                             UP)
        self.heading = VGroup(title, self.legend)
        if self.facts.split is not None:  # which model and split: a last heading line, wrapped if need be
            self.heading.add(self.left_block(self.dataset_name.replace(" · ", " ·\n", 1), room, style.SIZE_SMALL,
                                             style.MUTED_TEXT).next_to(self.legend, DOWN, buff=0.15,
                                                                       aligned_edge=LEFT))
        # At the end the verdict takes the legend's place, beside the slider at 1 %.
        # (in the legend's size if a label's size would reach below the legend and the slider).
        verdict = " ".join(s["ap_verdict"].split())
        floor = min(self.legend.get_bottom()[1], self.slider.get_bottom()[1])
        self.verdict = self.left_block(verdict, room, style.SIZE_LABEL, style.HIGHLIGHT).align_to(self.legend, UP)
        if self.verdict.get_bottom()[1] < floor:
            self.verdict = self.left_block(verdict, room, style.SIZE_SMALL, style.HIGHLIGHT).align_to(self.legend, UP)
        # Bottom: the per-1000 readout (one line each, shrunk no further than legible).
        self.readout = self._readout()
        if self.readout.width > width:
            self.readout.scale(max(width / self.readout.width, style.min_readable() / style.SIZE_READOUT))
        self.readout.move_to([left, -top, 0], aligned_edge=DOWN + LEFT)
        # Middle: the bars fill the width and the height between the two.
        upper = min(self.heading.get_bottom()[1], self.slider.get_bottom()[1], self.verdict.get_bottom()[1])
        upper -= self.band_gap
        lower = self.readout.get_top()[1] + self.band_gap
        self.bars = self._bars(width, upper - lower)
        self.bars.move_to([0, (upper + lower) / 2, 0])
        layout = VGroup(self.heading, self.slider, self.bars, self.readout)
        self.show_step(0)
        return layout

    @staticmethod
    def left_block(words: str, width: float, size: float, color: str) -> VGroup:
        """``words`` wrapped to ``width``, lines flush left at the safe area's left edge."""
        block = style.wrapped(words, width, size=size, color=color).arrange(DOWN, buff=0.1, aligned_edge=LEFT)
        return block.align_to([-style.safe_width() / 2, 0, 0], LEFT)

    def _bars(self, width: float, height: float) -> PairedBars:
        """The paired bars, their tracks as long as ``width`` allows, the rows spread over ``height``."""
        s = self.strings
        names = {metric: s.get(metric, s.get(f"ap_{metric}")) for metric in COMPARED}
        bar_height = self.narrow_bar_height if style.narrow() else self.bar_height
        pair = 2 * bar_height + self.pair_gap
        row_gap = min((height - pair) / (len(COMPARED) - 1), self.most_row_gap)

        def build(length: float) -> PairedBars:
            # Two decimals with a sign cell: MCC is negative for a model worse than chance.
            return PairedBars(COMPARED, names, (s["ap_model"], s["ap_trivial"]), signed_rate_slot(),
                              bar_length=length, bar_height=bar_height, pair_gap=self.pair_gap,
                              row_gap=row_gap, value_size=style.SIZE_NUMBER, name_width=self.name_width)

        bars = build(1.0)
        bars = build(1.0 + width - bars.width)
        for value in bars.values.values():
            style.story_number(value)
        return bars

    def _readout(self) -> VGroup:
        s = self.strings
        self.lines = {
            "cases": LiveText(s["ap_per_cases"], {"sick": PER_COUNT, "healthy": PER_COUNT}),
            "trivial": LiveText(s["ap_per_trivial"], {"sick": PER_COUNT,
                                                      "accuracy": rate_slot(style.METRIC_COLORS["accuracy"], "BOLD")},
                                colors={s["accuracy"]: style.METRIC_COLORS["accuracy"]}),
            "model": LiveText(s["ap_per_model"], {"tp": PER_COUNT, "fp": PER_COUNT,
                                                  "precision": Slot("0.000", "{:.3f}", style.METRIC_COLORS["precision"],
                                                                    "BOLD")},
                              colors={s["precision"]: style.METRIC_COLORS["precision"]}),
        }
        return VGroup(*self.lines.values()).arrange(DOWN, buff=0.2, aligned_edge=LEFT)

    def show_step(self, index: int) -> None:
        """Every moving part at step ``index`` of the prevalence path."""
        numbers = self.numbers
        model, trivial = numbers.model_path.at(index), numbers.do_nothing_path.at(index)
        self.slider.update_to(float(numbers.prevalences[index]))
        self.bars.update_to(numbers.pair(index))
        self.lines["cases"].set_values(sick=trivial["fn"], healthy=trivial["tn"])
        self.lines["trivial"].set_values(sick=trivial["fn"], accuracy=trivial["accuracy"])
        self.lines["model"].set_values(tp=model["tp"], fp=model["fp"], precision=model["precision"])

    def slide_animation(self) -> HeldSteps:
        """Prevalence down the log-spaced path, each step shown for the same share of time.

        Held steps: a frame is drawn only when the step changes, and reused until the next.
        """
        return HeldSteps(self.live_layer, range(self.numbers.prevalences.size), self.show_step,
                         run_time=self.slide_seconds, rate_func=linear)

    def verdict_marks(self) -> VGroup:
        """Boxes round the accuracy and recall rows, and the verdict (it replaces the legend)."""
        rows = [self.bars.row(metric) for metric in ("accuracy", "recall")]
        left = min(row.get_left()[0] for row in rows) - 0.1
        right = max(row.get_right()[0] for row in rows) + 0.1
        boxes = VGroup()
        for row in rows:
            box = Rectangle(width=right - left, height=row.height + 0.16, color=style.HIGHLIGHT,
                            stroke_width=style.STROKE_THIN)
            boxes.add(box.move_to([(left + right) / 2, row.get_y(), 0]))
        return VGroup(boxes, self.verdict)

    @classmethod
    def beats(cls, **shape) -> tuple[Beat, ...]:
        """The two models at the data's prevalence, then the prevalence slides to 1 %."""
        return (Beat("intro", cls.intro_seconds, "heading, the prevalence slider at the data's, empty rows",
                     pause=True),
                Beat("accuracy", cls.accuracy_seconds, "accuracy of both models: both look fine", pause=True),
                Beat("others", cls.others_seconds, "recall, balanced accuracy, MCC expose the do-nothing model",
                     pause=True),
                Beat("slide", cls.fade_seconds + cls.slide_seconds, "the disease gets rarer: the slider goes to 1 %"),
                Beat("verdict", cls.hold_seconds, "at the lowest prevalence: how many sick the do-nothing model misses",
                     pause=True),
                Beat("closing", cls.closing_seconds, "the lesson, on a closing card"))

    # -- the story --------------------------------------------------------
    def play_intro(self, beat):
        """Heading, slider at the data's prevalence, empty rows."""
        self.layout = self.build_layout()
        self.say("say_ap_intro", dataset=self.dataset_name, threshold=format_theta(self.numbers.threshold))
        self.play(FadeIn(self.heading), FadeIn(self.slider), FadeIn(self.bars.static_parts()), FadeIn(self.readout),
                  run_time=self.fade_seconds)

    def play_accuracy(self, beat):
        """Accuracy: both look fine."""
        first = self.numbers.pair(0)
        self.say("say_ap_accuracy", model=f"{first['accuracy'][0]:.2f}", trivial=f"{first['accuracy'][1]:.2f}")
        self.reveal(("accuracy",))

    def play_others(self, beat):
        """Recall, balanced accuracy, MCC: the do-nothing model is exposed."""
        self.say("say_ap_others")
        self.reveal(COMPARED[1:])

    def play_slide(self, beat):
        """The disease gets rarer."""
        numbers = self.numbers
        last = numbers.pair(-1)
        half = beat.seconds / 2
        self.say("say_ap_slide", half)
        self.say("say_ap_slide_end", half, offset=half, prevalence=f"{numbers.prevalences[-1]:.2f}",
                 trivial=f"{last['accuracy'][1]:.2f}", model=f"{last['accuracy'][0]:.2f}")
        self.hold(self.fade_seconds)
        bars, slider = self.bars, self.slider
        self.live_layer = self.lift(slider.value, slider.pointer, *bars.bars.values(), *bars.values.values(),
                                    self.readout)
        self.play(self.slide_animation())

    def play_verdict(self, beat):
        """Hold at the lowest prevalence: the verdict."""
        self.marks = self.verdict_marks()
        self.say("say_ap_hold", sick=f"{self.numbers.do_nothing_path.fn[-1]:.0f}")
        self.play(FadeOut(self.legend), FadeIn(self.marks), run_time=self.fade_seconds)

    def play_closing(self, beat):
        """The lesson."""
        closing = self.closing_card("ap_closing")
        self.say("say_ap_closing")
        self.play(FadeOut(self.layout), FadeOut(self.marks), Write(closing), run_time=self.fade_seconds)

    def reveal(self, metrics) -> None:
        """Grow both bars of each row in ``metrics``, then show their numbers."""
        bars = [self.bars.bars[(m, i)] for m in metrics for i in (0, 1)]
        values = [self.bars.values[(m, i)] for m in metrics for i in (0, 1)]
        self.play(*(GrowFromEdge(bar, LEFT) for bar in bars), run_time=self.grow_seconds)
        self.play(*(FadeIn(value, shift=RIGHT * 0.1) for value in values), run_time=self.fade_seconds)
