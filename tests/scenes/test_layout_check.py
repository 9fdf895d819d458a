"""The layout check's own measures (cap heights in px, composition) and the pseudo-locale it plays scenes in."""

from __future__ import annotations

import pytest

from tests.scenes.layout_check import NUMBER_FLOOR, TEXT_FLOOR, cap_share, composition
from tests.scenes.pseudo_locale import GROWTH, pseudo, pseudo_tables
from umbral.scenes import strings, style


def _rectangle(x0, y0, x1, y1):
    from manim import Polygon

    return Polygon([x0, y0, 0], [x1, y0, 0], [x1, y1, 0], [x0, y1, 0])


def test_cap_heights_follow_the_pinned_font():
    """Inter's "H" at size 20 is 2.5 % of an 8-unit frame: 18 px at 720p; the floors sit where palette says."""
    assert cap_share(20) == pytest.approx(0.0253, abs=2e-4)
    assert cap_share(style.SIZE_MIN_READABLE) >= TEXT_FLOOR["16:9"] > cap_share(style.SIZE_MIN_READABLE - 0.2)
    assert cap_share(style.SIZE_MIN_READABLE_NARROW) >= TEXT_FLOOR["4:3"]
    assert cap_share(style.SIZE_NUMBER) >= NUMBER_FLOOR > cap_share(style.SIZE_NUMBER - 0.5)


def test_a_full_frame_is_composed_and_an_empty_third_is_seen():
    width, height = 16 / 9 * 8, 8.0
    full = [_rectangle(-7, -3.7, 7, 3.7)]
    assert composition(full, width, height) == pytest.approx((1.0, 1.0, 1.0))
    left_two_thirds = [_rectangle(-6.7, -3.7, 1.5, 3.7)]
    span_w, span_h, third = composition(left_two_thirds, width, height)
    assert span_w == pytest.approx(8.2 / 13.52, abs=0.01) and span_h == pytest.approx(1.0)
    assert third == 0.0  # the right third holds nothing
    title_and_top_panels = [_rectangle(-6.7, 3.3, 6.7, 3.6), _rectangle(-6.7, 0.2, 6.7, 3.0)]
    assert composition(title_and_top_panels, width, height)[2] == 0.0  # the bottom third is empty


def test_the_pseudo_locale_is_longer_accented_and_keeps_every_placeholder():
    assert pseudo("Threshold θ") == "[Ţĥŕéšĥôļđ θ···]"
    tables = pseudo_tables()
    for key, english in strings.EN.items():
        assert strings.placeholders(tables["strings"][key]) == strings.placeholders(english), key
        assert tables["strings"][key].count("\n") == english.count("\n"), key
        if len(english) >= 10 and "{" not in english and "\n" not in english:
            assert len(tables["strings"][key]) >= GROWTH * len(english) - 1, key
