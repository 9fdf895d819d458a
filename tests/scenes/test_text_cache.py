"""The one cache of texts: a text built from cached glyph outlines is Manim's own Text (points, colours, chars),
a repeat is an independent copy, and a measured size is the made text's, to 1e-9."""

from __future__ import annotations

import random

import numpy as np
import pytest
from manim import Text

from umbral.scenes import style
from umbral.scenes.text_cache import _GlyphText, clone, size_of

WORDS = ("Expected calibration error 0.043 across ten bins θ = C_FP / (C_FP + C_FN) ñandú Ángel precisión "
         "12 % → ≈ · — (g) jqy VP FN 0,93").split()


def _strings(count: int, seed: int = 45):
    rng = random.Random(seed)
    for n in range(count):
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 6)))
        options = {"font": style.FONT, "font_size": rng.choice([14.0, 20.0, 24.5, 30.0, 48.0]),
                   "disable_ligatures": True, "weight": rng.choice(["NORMAL", "BOLD"])}
        if n % 5 == 0:
            options["t2c"] = {words.split()[0]: "#FF0000"}
        yield words, options


@pytest.mark.parametrize("content, options", list(_strings(40)))
def test_a_measured_size_is_the_made_texts(content, options):
    made = Text(content, **options)
    assert size_of(content, options) == pytest.approx((made.width, made.height), abs=1e-9)


@pytest.mark.parametrize("content, options", list(_strings(30, seed=9)))
def test_a_text_from_cached_glyphs_is_manims_text(content, options):
    options = {**options, "color": "#1A2B3C" if len(content) % 2 else "#FFFFFF"}
    ours, manims = _GlyphText(content, **options), Text(content, **options)
    assert ours.text == manims.text and len(ours.chars) == len(manims.chars)
    assert len(ours.submobjects) == len(manims.submobjects)
    for glyph, expected in zip(ours.family_members_with_points(), manims.family_members_with_points(), strict=True):
        assert np.allclose(glyph.points, expected.points, atol=1e-9)
        assert np.allclose(glyph.fill_rgbas, expected.fill_rgbas)
        assert np.allclose(glyph.stroke_rgbas, expected.stroke_rgbas) and glyph.stroke_width == expected.stroke_width


def test_a_text_measured_is_the_same_whatever_its_colour():
    options = {"font": style.FONT, "font_size": 30.0, "disable_ligatures": True}
    assert size_of("AUC 0.93", {**options, "color": "#FFFFFF"}) == size_of("AUC 0.93", {**options, "color": "#000000"})


def test_blank_text_measures_nothing():
    assert size_of(" ", {"font": style.FONT, "font_size": 30.0}) == (0.0, 0.0)


def test_a_repeat_is_a_copy_that_shares_nothing_mutable():
    first = style.text("recall 0.75", size=30)
    again = style.text("recall 0.75", size=30)
    assert again is not first and again.submobjects[0] is not first.submobjects[0]
    assert np.array_equal(again.points, first.points) and again.text == first.text
    again.shift([3, 0, 0]).set_color("#FF0000")
    assert first.get_center()[0] == pytest.approx(0.0) and again.get_center()[0] == pytest.approx(3.0)
    assert first.submobjects[0].get_fill_color() != again.submobjects[0].get_fill_color()
    assert again.chars[0] is again.submobjects[0]  # shared parts stay shared inside the copy


def test_clone_keeps_lists_and_dicts_apart():
    group = {"texts": [style.text("x")]}
    copied = clone(group)
    assert copied["texts"] is not group["texts"] and copied["texts"][0] is not group["texts"][0]
