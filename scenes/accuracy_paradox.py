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
    UpdateFromAlphaFunc,
    VGroup,
    Write,
    config,
    linear,
)

from scenes import style
from scenes.base import LectureScene
from scenes.components.live_text import LiveText, Slot, rate_slot, signed_rate_slot
from scenes.components.paired_bars import PairedBars
from scenes.components.prevalence_slider import PrevalenceSlider
from scenes.numbers.accuracy_paradox import COMPARED, accuracy_paradox_numbers

__all__ = ["AccuracyParadox"]

PER_COUNT = Slot("0000", "{:.0f}")


class AccuracyParadox(LectureScene):
    """Paired bars (model solid, do-nothing striped), then the prevalence slides down to 1 %."""

    threshold = 0.5
    lowest_prevalence = 0.01
    fade_seconds = 0.8
    grow_seconds = 1.2
    intro_seconds = 4.5
    accuracy_seconds = 5.0
    others_seconds = 6.0
    slide_seconds = 10.0
    hold_seconds = 5.0
    closing_seconds = 4.0

    def __init__(self, facts, lang: str = "en", still_at: float | None = None, **kwargs):
        super().__init__(facts, lang, still_at=still_at, **kwargs)
        self.numbers = accuracy_paradox_numbers(facts.sweep, self.threshold, self.lowest_prevalence)

    # -- building -------------------------------------------------------
    def build_layout(self) -> VGroup:
        """Heading, slider, paired bars and the per-1000 readout, at the data's prevalence."""
        s, numbers = self.strings, self.numbers
        title = style.text(s["ap_title"], size=style.SIZE_HEADER, weight="BOLD")
        legend = style.text(s["ap_legend"].format(threshold=f"{numbers.threshold:.2f}"),
                            size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        self.heading = VGroup(title, legend)
        if self.facts.split is not None:  # which model and split: a last heading line, wrapped if need be
            words = self.dataset_name
            if style.text(words, size=style.SIZE_SMALL).width > style.safe_width():
                words = words.replace(" · ", " ·\n", 1)
            self.heading.add(style.wrapped(words, style.safe_width(), color=style.MUTED_TEXT).arrange(
                DOWN, buff=0.12, aligned_edge=LEFT))
        self.heading.arrange(DOWN, buff=0.15, aligned_edge=LEFT)
        self.heading.to_corner(UP + LEFT, buff=style.EDGE_BUFF)
        names = {metric: s.get(metric, s.get(f"ap_{metric}")) for metric in COMPARED}
        # Two decimals with a sign cell: MCC is negative for a model worse than chance.
        self.bars = PairedBars(COMPARED, names, (s["ap_model"], s["ap_trivial"]), signed_rate_slot(),
                               bar_length=3.4, bar_height=0.3, row_gap=0.92, value_size=style.SIZE_NUMBER)
        self.bars.next_to(self.heading, DOWN, buff=0.55).to_edge(LEFT, buff=style.EDGE_BUFF)
        # Right column: the slider level with the first row, the verdict under it.
        self.slider = PrevalenceSlider(s, track_length=3.4)
        self.slider.next_to(self.bars, RIGHT, buff=0.7).align_to(self.bars, UP)
        self.verdict = style.text(s["ap_verdict"], size=style.SIZE_LABEL, color=style.HIGHLIGHT)
        self.verdict.next_to(self.slider, DOWN, buff=0.8, aligned_edge=LEFT)
        self.readout = self._readout()
        style.fit_width(self.readout)
        self.readout.to_corner(DOWN + LEFT, buff=style.EDGE_BUFF)
        self.moving = VGroup(self.slider, self.bars, self.readout)
        layout = VGroup(self.heading, self.slider, self.bars, self.readout)
        # A narrow (4:3) frame: shrink the middle band about its left edge.
        middle = VGroup(self.bars, self.slider, self.verdict)
        room = config.frame_width / 2 - style.SIDE_MARGIN - middle.get_left()[0]
        if middle.width > room:
            middle.scale(room / middle.width, about_edge=LEFT)
        self.show_step(0)
        return layout

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

    def slide_animation(self) -> UpdateFromAlphaFunc:
        """Prevalence down the log-spaced path, each step shown for the same share of time."""
        last = self.numbers.prevalences.size - 1

        def step(_, alpha):
            self.show_step(min(round(alpha * last), last))

        return UpdateFromAlphaFunc(self.moving, step, run_time=self.slide_seconds, rate_func=linear)

    def verdict_marks(self) -> VGroup:
        """Boxes round the accuracy and recall rows, and the verdict beside the bars."""
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
    def duration(cls) -> float:
        """Length of the video in seconds."""
        return (cls.intro_seconds + cls.accuracy_seconds + cls.others_seconds + cls.fade_seconds
                + cls.slide_seconds + cls.hold_seconds + cls.closing_seconds)

    # -- the story --------------------------------------------------------
    def construct(self):
        """The two models at the data's prevalence, then the prevalence slides to 1 %."""
        numbers = self.numbers
        layout = self.build_layout()
        if self.still_at is not None:
            self.add(layout)
            return
        first, last = numbers.pair(0), numbers.pair(-1)
        two = {"model": f"{first['accuracy'][0]:.2f}", "trivial": f"{first['accuracy'][1]:.2f}"}
        # Heading, slider at the data's prevalence, empty rows.
        self.say("say_ap_intro", self.intro_seconds, dataset=self.dataset_name,
                 threshold=f"{numbers.threshold:.2f}")
        self.play(FadeIn(self.heading), FadeIn(self.slider), FadeIn(self.bars.static_parts()),
                  run_time=self.fade_seconds)
        self.hold(self.intro_seconds - self.fade_seconds)
        self.beat("intro")
        # Accuracy: both look fine.
        self.say("say_ap_accuracy", self.accuracy_seconds, **two)
        self.reveal(("accuracy",))
        self.hold(self.accuracy_seconds - self.grow_seconds - self.fade_seconds)
        self.beat("accuracy")
        # Recall, balanced accuracy, MCC: the do-nothing model is exposed.
        self.say("say_ap_others", self.others_seconds)
        self.reveal(COMPARED[1:])
        self.hold(self.others_seconds - self.grow_seconds - self.fade_seconds)
        self.beat("others")
        # Per 1000 patients, then the disease gets rarer.
        half = (self.fade_seconds + self.slide_seconds) / 2
        self.say("say_ap_slide", half)
        self.say("say_ap_slide_end", half, offset=half, prevalence=f"{numbers.prevalences[-1]:.2f}",
                 trivial=f"{last['accuracy'][1]:.2f}", model=f"{last['accuracy'][0]:.2f}")
        self.play(FadeIn(self.readout), run_time=self.fade_seconds)
        self.play(self.slide_animation())
        # Hold at the lowest prevalence: the verdict.
        marks = self.verdict_marks()
        self.say("say_ap_hold", self.hold_seconds, sick=f"{numbers.do_nothing_path.fn[-1]:.0f}")
        self.play(FadeIn(marks), run_time=self.fade_seconds)
        self.hold(self.hold_seconds - self.fade_seconds)
        self.beat("verdict")
        # Closing.
        closing = self.closing_card("ap_closing")
        self.say("say_ap_closing", self.closing_seconds)
        self.play(FadeOut(layout), FadeOut(marks), Write(closing), run_time=self.fade_seconds)
        self.hold(self.closing_seconds - self.fade_seconds)

    def reveal(self, metrics) -> None:
        """Grow both bars of each row in ``metrics``, then show their numbers."""
        bars = [self.bars.bars[(m, i)] for m in metrics for i in (0, 1)]
        values = [self.bars.values[(m, i)] for m in metrics for i in (0, 1)]
        self.play(*(GrowFromEdge(bar, LEFT) for bar in bars), run_time=self.grow_seconds)
        self.play(*(FadeIn(value, shift=RIGHT * 0.1) for value in values), run_time=self.fade_seconds)
