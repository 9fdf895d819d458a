"""The threshold header (θ with a slider) and the plain-words readout."""

from __future__ import annotations

import string

from manim import DOWN, LEFT, PI, RIGHT, UP, Line, Triangle, VGroup

from umbral.scenes import style
from umbral.scenes.components.base import SnapshotPanel
from umbral.scenes.components.live_text import LiveText, count_slot, rate_slot
from umbral.scenes.numbers.number_formats import format_count

__all__ = ["Readout", "ThresholdHeader"]


class ThresholdHeader(SnapshotPanel, VGroup):
    """"threshold θ = 0.34", the rule it applies, and a 0..1 slider with a pointer.

    Parts: ``value`` (live θ), ``rule``, ``track`` (static slider with ticks),
    ``pointer`` (moves to θ).
    """

    def __init__(self, strings: dict, track_length: float = 3.6):
        VGroup.__init__(self)
        self.value = LiveText(strings["threshold_header"], {"threshold": rate_slot(weight="BOLD")},
                              size=style.SIZE_HEADER, weights={"θ": "BOLD"})
        style.story_number(self.value)
        self.rule = style.text(strings["flag_rule"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        self.rule.next_to(self.value, DOWN, buff=0.12, aligned_edge=LEFT)
        line = Line([0, 0, 0], [track_length, 0, 0], color=style.GRID_LINE, stroke_width=style.STROKE)
        ticks = VGroup()
        for value in (0, 0.5, 1):
            x = value * track_length
            ticks.add(Line([x, -0.08, 0], [x, 0.08, 0], color=style.GRID_LINE, stroke_width=style.STROKE))
            ticks.add(style.text(f"{value:g}", size=style.SIZE_SMALL, color=style.MUTED_TEXT)
                      .move_to([x, -0.3, 0]))
        self.track = VGroup(line, ticks)
        self.track.next_to(self.value, RIGHT, buff=0.9).align_to(self.value, UP).shift(DOWN * 0.2)
        self.pointer = Triangle(color=style.HIGHLIGHT, fill_opacity=1.0, stroke_width=0)
        self.pointer.rotate(PI).scale(0.12)
        self.pointer.next_to(line.get_start(), UP, buff=0.04)
        self.still = VGroup(self.rule, self.track)
        self.live = VGroup(self.value, self.pointer)
        self.add(self.still, self.live)

    def show(self, snapshot) -> None:
        """θ of ``snapshot`` in the number and on the slider."""
        self.value.set_values(threshold=snapshot.threshold)
        line = self.track[0]
        x = line.get_start()[0] + snapshot.threshold * (line.get_end()[0] - line.get_start()[0])
        self.pointer.set_x(x)


def live_lines(template: str, slots: dict, width: float, size: float = style.SIZE_READOUT,
               colors: dict | None = None) -> VGroup:
    """``template`` as one :class:`LiveText` per line, the words balanced into lines no wider than ``width``.

    Each line holds the slots that fall in it; widths are measured with the
    slots' placeholders (the widest numbers they show).
    """
    words = template.split(" ")
    measured = [string.Formatter().vformat(word, (), {k: v.placeholder for k, v in slots.items()})
                for word in words]
    counts = [len(line.split(" ")) for line in style.balanced_lines(measured, width, size)]
    lines, start = VGroup(), 0
    for count in counts:
        part = " ".join(words[start:start + count])
        start += count
        names = {name for _, name, _, _ in string.Formatter().parse(part) if name}
        lines.add(LiveText(part, {name: slots[name] for name in names}, size=size,
                           colors={k: v for k, v in (colors or {}).items() if k in part}))
    return lines.arrange(DOWN, buff=0.12, aligned_edge=LEFT)


class Readout(SnapshotPanel, VGroup):
    """Three sentences reading recall, precision and accuracy in plain words, each wrapped to ``width``.

    Every number comes from the snapshot: "recall 0.61: 49 of 80 sick patients caught".
    """

    def __init__(self, strings: dict, n: int, positives: int, width: float, line_gap: float = 0.16,
                 size: float = style.SIZE_READOUT):
        VGroup.__init__(self)
        colors = style.METRIC_COLORS
        sentences = {
            "recall": (strings["read_recall"].replace("{positives}", format_count(positives, n)),
                       {"recall": rate_slot(colors["recall"], "BOLD"), "tp": count_slot(n)}),
            "precision": (strings["read_precision"],
                          {"precision": rate_slot(colors["precision"], "BOLD"), "tp": count_slot(n),
                           "flagged": count_slot(n)}),
            "accuracy": (strings["read_accuracy"].replace("{n}", format_count(n, n)),
                         {"accuracy": rate_slot(colors["accuracy"], "BOLD"), "correct": count_slot(n)}),
        }
        self.lines = {name: live_lines(template, slots, width, size, colors={strings[name]: colors[name]})
                      for name, (template, slots) in sentences.items()}
        self.still = VGroup()
        self.live = VGroup(*self.lines.values()).arrange(DOWN, buff=line_gap, aligned_edge=LEFT)
        self.add(self.still, self.live)

    def show(self, snapshot) -> None:
        """The three sentences for ``snapshot``."""
        s = snapshot
        values = {"recall": {"recall": s.recall, "tp": s.tp},
                  "precision": {"precision": s.precision, "tp": s.tp, "flagged": s.tp + s.fp},
                  "accuracy": {"accuracy": s.accuracy, "correct": s.tp + s.tn}}
        for name, lines in self.lines.items():
            for line in lines:
                line.set_values(**{slot: values[name][slot] for slot in line.slot_specs})

    def sentences(self) -> dict:
        """The numbers each sentence displays now, for tests."""
        return {name: {slot: line.shown(slot) for line in lines for slot in line.slot_specs}
                for name, lines in self.lines.items()}
