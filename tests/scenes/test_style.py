"""The pinned font is really used; colours are distinct and readable on the background."""

from __future__ import annotations

import manimpango
import pytest
from manim import Text

from umbral.scenes import style
from umbral.scenes.strings import EN, ES

SAMPLE = "Hamburgefonstiv 0123456789 θ"
#: A font of other widths (Debian's fonts-dejavu-core, which fontconfig brings): were it missing, pango would draw
#: it with a fallback, maybe the pinned font itself.
OTHER_FONT = "DejaVu Serif"


def test_pinned_font_is_installed():
    assert style.FONT in manimpango.list_fonts(), "install the font (Debian: fonts-inter); `make setup` does"


def test_text_really_uses_the_pinned_font():
    if OTHER_FONT not in manimpango.list_fonts():
        pytest.skip(f"{OTHER_FONT}, the font this compares the pinned one with, is not installed on this machine")
    ours = style.text(SAMPLE, size=48)
    pinned = Text(SAMPLE, font=style.FONT, font_size=48, disable_ligatures=True)
    fallback = Text(SAMPLE, font=OTHER_FONT, font_size=48, disable_ligatures=True)
    assert ours.width == pytest.approx(pinned.width)
    assert abs(ours.width - fallback.width) > 0.05 * fallback.width


def _luminance(hex_color: str) -> float:
    channels = [int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("color", [style.TEXT, style.MUTED_TEXT, style.HIGHLIGHT])
def test_text_colours_meet_wcag_aa_on_the_background(color):
    assert contrast(color, style.BACKGROUND) >= 4.5


@pytest.mark.parametrize("metric", ["accuracy", "precision", "recall", "f1"])
def test_metric_colours_are_readable_as_large_text(metric):
    assert contrast(style.METRIC_COLORS[metric], style.BACKGROUND) >= 3.0


def test_each_headline_metric_has_its_own_colour():
    colours = [style.METRIC_COLORS[m] for m in ("accuracy", "precision", "recall", "f1")]
    assert len(set(colours)) == 4


def test_both_languages_have_the_same_keys():
    assert EN.keys() == ES.keys()
    assert (EN["tp"], EN["tn"], ES["tp"], ES["tn"]) == ("TP", "TN", "VP", "VN")


def test_wrapped_keeps_lines_that_fit():
    lines = style.wrapped("radiology and\ndiagnostic tests", 10.0)
    assert [line.text for line in lines] == ["radiologyand", "diagnostictests"]  # Text drops spaces in .text


def test_wrapped_rewraps_into_the_fewest_even_lines_that_fit():
    words = "F1, the harmonic mean:\none knob for\nranking systems"
    width = style.text("F1, the harmonic mean:", size=style.SIZE_SMALL).width * 0.8
    lines = style.wrapped(words, width)
    assert all(line.width <= width + 0.05 for line in lines)
    as_given = sum(1 for _ in words.split("\n"))
    assert len(lines) <= as_given + 1
    assert "".join(line.text for line in lines) == words.replace("\n", "").replace(" ", "")


def test_text_width_is_the_width_of_the_text_drawn(small_config):
    """The measured (and remembered) width equals a Text's, whatever its colour, size or weight."""
    for words, size, options in [("sensibilidad", style.SIZE_SMALL, {}), ("F1 0.672", style.SIZE_HEADER,
                                 {"weight": "BOLD"}), ("macro", style.SIZE_LABEL, {"t2c": {"ma": "#FF0000"}}),
                                 ("macro", style.SIZE_LABEL, {"color": "#FF0000"})]:
        drawn = style.text(words, size=size, **options).width
        assert style.text_width(words, size, **options) == drawn
        assert style.text_width(words, size, **options) == drawn  # the second answer comes from the cache
    assert style.text_width("x", style.SIZE_LABEL, weight="BOLD") > style.text_width("x", style.SIZE_LABEL)
    assert style.text_width("xx", style.SIZE_LABEL) > style.text_width("x", style.SIZE_LABEL)


def test_balanced_lines_prefer_even_widths_to_greedy_ones():
    words = "aaaa bb cc dddd".split()
    limit = style.text("aaaa bb cc", size=style.SIZE_SMALL).width + 0.05  # greedy: "aaaa bb cc" / "dddd"
    assert style.balanced_lines(words, limit, style.SIZE_SMALL) == ["aaaa bb", "cc dddd"]
    assert style.balanced_lines(words, 100.0, style.SIZE_SMALL) == ["aaaa bb cc dddd"]
    assert style.balanced_lines(["unbreakable"], 0.1, style.SIZE_SMALL) == ["unbreakable"]


@pytest.mark.parametrize("caption", ["Simulated screening · test split · n = 900",
                                     "bin 0.9–1.0: 16 of 17 positive, share = 0.94, mean score = 0.97"])
def test_no_line_starts_with_a_separator_or_breaks_around_an_equals_sign(caption):
    from umbral.scenes.components.legend_rows import balanced_text

    for width in (2.0, 3.0, 4.5, 6.0):
        drawn = [line.text for line in balanced_text(caption, width, align=None)]
        for lines in (style.balanced_lines(caption.split(), width, style.SIZE_SMALL), drawn):
            assert len(lines) > 1 or width >= 4.5, lines
            assert not any(line.startswith(("·", "=")) or line.endswith("=") for line in lines), lines
            assert " ".join(lines).replace(" ", "") == caption.replace(" ", "")


def test_live_text_reports_the_size_it_is_drawn_at():
    from umbral.scenes.components.live_text import LiveText, rate_slot

    line = LiveText("recall {r}: caught", {"r": rate_slot()}, size=24)
    assert line.font_size == pytest.approx(24)
    line.scale(0.5).set_values(r=0.61)
    assert line.font_size == pytest.approx(12)


def test_a_formula_wider_than_the_column_still_breaks_rather_than_shrinks():
    from umbral.scenes.components.legend_rows import balanced_text

    formula = "cost = C_FN × FN + C_FP × FP"
    narrow = style.text_width("C_FN × FN +", style.SIZE_SMALL) + 0.05
    lines = style.balanced_lines(formula.split(), narrow, style.SIZE_SMALL)
    assert len(lines) > 1 and all(style.text_width(line, style.SIZE_SMALL) <= narrow for line in lines), lines
    block = balanced_text(formula, narrow)
    assert len(block) > 1 and block.width <= narrow + 1e-6
    assert all(abs(line.font_size - style.SIZE_SMALL) < 1e-6 for line in block), "shrunk instead of broken"
