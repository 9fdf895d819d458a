"""Text whose numbers change every frame without building a new ``Text``.

Building a ``Text`` costs about 30 ms; a sweep changes a dozen numbers 51
times. :class:`LiveText` renders its sentence once with placeholder digits,
then swaps the points of the placeholder glyphs for cached digit glyphs of
the same font and size. Static words keep their place; when a number has
fewer digits than its placeholder, the words after it close the gap.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np
from manim import VGroup, VMobject

from umbral.scenes import style
from umbral.scenes.numbers.number_formats import COMPACT_FROM, compact_count

__all__ = ["LiveText", "Slot", "count_slot", "rate_slot", "signed_rate_slot"]

_GLYPHS = "0123456789.-+%k"


@dataclass(frozen=True)
class Slot:
    """A live number in a sentence.

    ``placeholder`` reserves the widest text the slot may show; ``fmt`` turns a
    value into that text (never longer than the placeholder).
    """

    placeholder: str
    fmt: str | Callable[[float], str] = "{:.2f}"
    color: str | None = None
    weight: str = "NORMAL"

    def render(self, value) -> str:
        """The text shown for ``value``."""
        shown = self.fmt(value) if callable(self.fmt) else self.fmt.format(value)
        if len(shown) > len(self.placeholder):
            raise ValueError(f"{shown!r} does not fit the slot {self.placeholder!r}")
        return shown


def rate_slot(color: str | None = None, weight: str = "NORMAL") -> Slot:
    """A rate in 0..1 shown with two decimals, e.g. ``0.61``."""
    return Slot("0.00", "{:.2f}", color, weight)


def signed_rate_slot(color: str | None = None, weight: str = "NORMAL") -> Slot:
    """A value in -1..1 with two decimals; positives keep an empty sign cell (MCC)."""
    return Slot("-0.00", "{: .2f}", color, weight)


def count_slot(largest: int, color: str | None = None, weight: str = "NORMAL") -> Slot:
    """A whole count from 0 to ``largest``, as :func:`~umbral.scenes.numbers.number_formats.format_count` writes it."""
    if int(largest) >= COMPACT_FROM:
        return Slot("0" * len(str(round(int(largest) / 1000))) + "k", compact_count, color, weight)
    return Slot("0" * len(str(int(largest))), "{:d}", color, weight)


@cache
def _glyph_sheet(font: str, size: float, weight: str):
    """Every digit glyph once, with each glyph's bottom relative to '0'."""
    sheet = style.text(_GLYPHS, size=size, weight=weight)
    sheet.font = font
    zero_bottom = sheet[0].get_bottom()[1]
    glyphs = {}
    for char, mob in zip(_GLYPHS, sheet, strict=True):
        points = mob.points.copy()
        center = mob.get_center()
        glyphs[char] = (points - center, center[1] - zero_bottom)
    return glyphs, sheet[0].height


class LiveText(VGroup):
    """A one-line sentence with live number slots.

    Parameters
    ----------
    template : str
        Sentence with ``{name}`` for each live slot, e.g.
        ``"recall {recall}: {tp} of 80 positives caught"``.
    slots : dict
        ``name -> Slot``.
    size, color : float, str
        Font size and colour of the words.
    colors : dict, optional
        Substring -> colour for words (Manim's ``t2c``).
    align : {"left", "center", "right"}
        Which edge stays put when numbers change width.
    """

    def __init__(self, template: str, slots: dict, size: float = style.SIZE_READOUT,
                 color: str | None = None, colors: dict | None = None, weights: dict | None = None,
                 align: str = "left", **kwargs):
        super().__init__(**kwargs)
        self.template = template
        self.slot_specs = dict(slots)
        self.align = align
        self.size = size
        pieces = list(string.Formatter().parse(template))
        full = "".join(literal + (self.slot_specs[name].placeholder if name else "")
                       for literal, name, _, _ in pieces)
        t2c = dict(colors or {})
        t2w = dict(weights or {})
        sentence = style.text(full, size=size, color=color, t2c=t2c, t2w=t2w)
        chars = list(sentence.submobjects)
        # Walk the template: literal words become static segments, each
        # placeholder becomes a slot of glyph mobjects.
        self.parts: list[tuple[str | None, VGroup]] = []
        self.slots: dict[str, VGroup] = {}
        cursor = 0
        for literal, name, _, _ in pieces:
            count = len(literal)  # with ligatures off, every char (spaces too) is a submobject
            if count:
                self.parts.append((None, VGroup(*chars[cursor:cursor + count])))
                cursor += count
            if name:
                spec = self.slot_specs[name]
                glyphs = VGroup(*chars[cursor:cursor + len(spec.placeholder)])
                if spec.color:
                    glyphs.set_fill(spec.color)
                cursor += len(spec.placeholder)
                self.parts.append((name, glyphs))
                self.slots[name] = glyphs
        for _, group in self.parts:
            self.add(group)
        # An invisible ruler per slot remembers where the placeholder glyphs
        # sat; it moves and scales with the text, so slots can be redrawn
        # after the sentence was positioned or resized.
        self._rulers = {name: self._ruler(group, self.slot_specs[name].placeholder)
                        for name, group in self.slots.items()}
        for name, group in self.parts:
            if name is not None:
                group.add(self._rulers[name])
        # A slot's ruler scales with the sentence: its height now against at birth gives the drawn size.
        self._size_ruler = next(((r, r.height) for r in self._rulers.values() if r.height > 0), None)
        self._shown = {name: spec.placeholder for name, spec in self.slot_specs.items()}
        for name, spec in self.slot_specs.items():  # placeholders in the slot's weight, like later values
            self._draw_slot(name, spec.placeholder)
        # Horizontal offset of each part, in units of the '0' glyph height.
        self._offsets = [0.0] * len(self.parts)

    @property
    def font_size(self) -> float:
        """The size the sentence is drawn at now: ``size`` times any scaling since it was built."""
        if self._size_ruler is None:  # no live number: nothing to measure by
            return self.size
        ruler, built_height = self._size_ruler
        return self.size * ruler.height / built_height

    @staticmethod
    def _ruler(glyphs: VGroup, placeholder: str) -> VMobject:
        """Degenerate curves at each glyph's bottom centre plus one at a digit's top.

        Heights and baselines are taken from the first digit of the placeholder
        (a leading '-' or '.' would give the wrong size).
        """
        digit = glyphs[next(i for i, char in enumerate(placeholder) if char.isdigit())]
        bottom = digit.get_bottom()[1]
        marks = [[g.get_center()[0], bottom, 0.0] for g in glyphs]
        marks.append([digit.get_center()[0], bottom + digit.height, 0.0])
        ruler = VMobject(stroke_opacity=0.0, fill_opacity=0.0, stroke_width=0.0)
        ruler.points = np.repeat(np.array(marks), 4, axis=0)
        return ruler

    def _geometry(self, name: str):
        """Current centres, bottom, '0' height and advance of a slot's glyphs."""
        marks = self._rulers[name].points[::4]
        centers, bottom = marks[:-1, 0], marks[0, 1]
        height = marks[-1, 1] - bottom
        advance = float(np.diff(centers).mean()) if len(centers) > 1 else 0.62 * height
        return centers, bottom, height, advance

    def set_values(self, **values) -> LiveText:
        """Show new values; only slots whose text changed are touched."""
        changed = False
        for name, value in values.items():
            shown = self.slot_specs[name].render(value)
            if shown != self._shown[name]:
                self._draw_slot(name, shown)
                self._shown[name] = shown
                changed = True
        if changed:
            self._relayout()
        return self

    def shown(self, name: str) -> str:
        """The text currently displayed in slot ``name``."""
        return self._shown[name]

    def _draw_slot(self, name: str, shown: str) -> None:
        spec = self.slot_specs[name]
        glyphs, zero_height = _glyph_sheet(style.FONT, self.size, spec.weight)
        centers, zero_bottom, height, _ = self._geometry(name)
        scale = height / zero_height
        for index, mob in enumerate(self.slots[name][:-1]):
            if index >= len(shown) or shown[index] == " ":  # a space keeps its cell, empty
                mob.points = np.zeros((0, 3))
                continue
            offsets, center_above_bottom = glyphs[shown[index]]
            target = np.array([centers[index], zero_bottom + center_above_bottom * scale, 0.0])
            mob.points = offsets * scale + target

    def _relayout(self) -> None:
        """Close gaps left by short numbers, keeping the anchored edge fixed."""
        unit = None
        shift = 0.0
        targets = []
        for name, _group in self.parts:
            targets.append(shift)
            if name is not None:
                _, _, height, advance = self._geometry(name)
                unit = unit or height
                unused = len(self.slot_specs[name].placeholder) - len(self._shown[name])
                shift -= unused * advance / height
        if self.align == "right":
            targets = [t - shift for t in targets]
        elif self.align == "center":
            targets = [t - shift / 2 for t in targets]
        for index, ((_, group), target) in enumerate(zip(self.parts, targets, strict=True)):
            if target != self._offsets[index]:
                group.shift([(target - self._offsets[index]) * unit, 0, 0])
                self._offsets[index] = target
