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


def _oracle(mobjects) -> dict:
    """The screen measured the slow way, one tree walk per question (the helpers of tests/scenes/conftest.py)."""
    from manim import Group

    from tests.scenes.conftest import describe, outside_frame, overlapping_texts, text_units

    def drawn(leaf):
        return leaf.get_fill_opacity() > 0.05 or leaf.get_stroke_opacity() > 0.05

    shown = Group(*[m for m in mobjects if any(drawn(part) for part in m.family_members_with_points())])
    units = [t for t in text_units(shown) if len(t.get_all_points())]
    outside = [getattr(t, "text", type(t).__name__) for t in units if outside_frame(t)]
    if not outside and outside_frame(shown):
        outside = ["a drawing"]
    story = {id(unit) for member in shown.get_family() if getattr(member, "story_number", False)
             for unit in text_units(member)}
    leaves = [leaf for leaf in shown.family_members_with_points() if drawn(leaf)]
    colours = set()
    for leaf in leaves:
        pairs = [(leaf.get_fill_color(), leaf.get_fill_opacity()), (leaf.get_stroke_color(), leaf.get_stroke_opacity())]
        colours |= {colour.to_hex().upper()[:7] for colour, opacity in pairs[:1 + (leaf.get_stroke_width() != 0)]
                    if colour is not None and opacity > 0.05}
    boxes = {(round(float(leaf.points[:, 0].min()), 9), round(float(leaf.points[:, 1].min()), 9),
              round(float(leaf.points[:, 0].max()), 9), round(float(leaf.points[:, 1].max()), 9)) for leaf in leaves}
    return {"units": [(id(u), id(u) in story) for u in units], "outside": outside,
            "overlapping": describe(overlapping_texts(shown)), "colours": colours, "boxes": boxes}


@pytest.mark.slow
def test_the_one_walk_screen_equals_the_slow_helpers_at_every_play(tmp_path, monkeypatch):
    """tests/scenes/screen.py answers what the conftest helpers answer, on a scene pushed partly off screen
    over other text and drawn in an off-theme colour, after every play and wait."""
    from manim import config

    from tests.scenes import screen
    from tests.scenes.layout_check import FRAMES, play_through
    from umbral.data import load_dataset
    from umbral.scenes import palette
    from umbral.scenes.cost_threshold import CostThreshold
    from umbral.scenes.facts import facts_for

    header = CostThreshold.header
    monkeypatch.setattr(CostThreshold, "header",
                        lambda self, step: header(self, step).shift([5.0, -1.4, 0]).set_color(palette.TEXT))
    compared, theme = [], "light"

    class Checked(screen.Screen):
        def __init__(self, mobjects):
            super().__init__(mobjects)
            slow = _oracle(mobjects)
            half_w, half_h = config.frame_width / 2 + 0.02, config.frame_height / 2 + 0.02
            assert [(id(u), story) for u, _, _, story, _ in self.units] == slow["units"]
            for unit, first, stop, *_ in self.units:
                assert self.font_size(unit, first, stop) == pytest.approx(unit.font_size, rel=1e-9)
            assert self.outside(half_w, half_h) == slow["outside"]
            assert self.overlapping() == slow["overlapping"]
            assert self.colours() == slow["colours"]
            assert {tuple(round(float(v), 9) for v in row) for row in self.drawn_boxes()} == slow["boxes"]
            compared.append(bool(slow["outside"] or slow["overlapping"]))

    monkeypatch.setattr(screen, "Screen", Checked)
    seen = play_through("CostThreshold", facts_for(load_dataset("clinic20")), "en", FRAMES["16:9"], tmp_path,
                        theme=theme)
    assert len(compared) > 10 and any(compared), "the moved header should reach outside or over other text"
    assert any(p["off_theme"] for p in seen.problems)
