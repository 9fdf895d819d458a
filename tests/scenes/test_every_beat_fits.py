"""Every scene, played through without drawing: after each play and wait, all fits, reads and fills the frame.

The per-scene tests check chosen moments; this one checks every beat of the
story (tests/scenes/layout_check.py measures it): nothing outside the frame or
on other text, every text at least 2.4 % of the frame height (2.2 % at 4:3)
and every story number 4 %, the content filling the safe area at each pause
point, and only the theme's colours on screen. Every ``make test`` plays every
scene in every language (en, es and the pseudo-locale, 40 % longer) x frame
(16:9, 4:3) x theme x dataset: the whole matrix, so a layout regression fails
the commit that causes it. The scenes that compare models or splits run on
screening8 whatever the dataset, so they play once per language x frame x theme.
Rows are ordered language first: an xdist worker's text cache then serves a run
of rows in one language.
"""

from __future__ import annotations

import itertools

import pytest

from tests.scenes.layout_check import FRAMES, play_through
from tests.scenes.pseudo_locale import PSEUDO, pseudo_language
from umbral.data import load_dataset
from umbral.scenes.facts import facts_for
from umbral.scenes.publish.registry import LECTURE_ORDER, NEEDS

pytestmark = pytest.mark.slow

#: Every (scene, language, frame, theme, data) row, language first; a scene in NEEDS (it compares models or
#: splits) plays on screening8, once per language, frame and theme.
LOOK_ROWS = [(name, lang, frame, theme, "screening8" if name in NEEDS else data)
             for lang, frame, theme, data, name in itertools.product(("en", "es", PSEUDO), FRAMES, ("dark", "light"),
                                                                     ("clinic20", "screening"), LECTURE_ORDER)
             if name not in NEEDS or data == "clinic20"]


def problems_at_every_beat(name: str, facts, lang: str, ratio: float, media_dir, theme: str = "dark") -> list:
    """The problems of ``name`` played through (:func:`~tests.scenes.layout_check.play_through`)."""
    return play_through(name, facts, lang, ratio, media_dir, theme=theme).problems


def several_models_facts():
    """screening8's facts with its comparison and honest choice: two models on three splits."""
    from umbral.data import load_study

    study = load_study("screening8")
    return facts_for(study.select(), study=study)


@pytest.fixture(scope="module")
def datasets():
    return {**{name: facts_for(load_dataset(name)) for name in ("clinic20", "screening")},
            "screening8": several_models_facts()}


@pytest.mark.parametrize("name, lang, frame, theme, data", LOOK_ROWS)
def test_every_beat_fits_reads_and_fills(name, lang, frame, theme, data, datasets, tmp_path):
    with pseudo_language():
        seen = play_through(name, datasets[data], lang, FRAMES[frame], tmp_path, theme=theme)
    print(seen.row())
    assert seen.beats > 5, "the scene was not played through"
    assert seen.pauses == seen.declared_pauses, "the slide breaks are not the declared pause beats, in order"
    assert seen.problems == []
    assert seen.numbers_seen, "no story number is tagged (style.story_number)"


def test_a_lecturers_long_closing_line_goes_through_the_same_layout(datasets, tmp_path):
    """An overridden closing line twice the usual length wraps in the 4:3 frame: on screen, legible, inside."""
    from umbral.scenes import strings

    closing = ("Every threshold trades one kind of mistake for the other, so pick the mistakes your patients "
               "can live with.")
    with strings.overridden({"en": {"closing": closing, "positive_name": "people with diabetes"}}):
        seen = play_through("ThresholdSweep", datasets["clinic20"], "en", FRAMES["4:3"], tmp_path)
    assert seen.problems == []
    shown = "".join(sorted(seen.texts))
    assert "patients" in shown and "livewith." in shown


def test_the_check_sees_text_pushed_off_screen(datasets, tmp_path, monkeypatch):
    """The checker itself: a scene whose title is moved off screen is reported."""
    from umbral.scenes.cost_threshold import CostThreshold

    header = CostThreshold.header

    def off_screen(self, step):
        return header(self, step).shift([20, 0, 0])

    monkeypatch.setattr(CostThreshold, "header", off_screen)
    found = play_through("CostThreshold", datasets["clinic20"], "en", FRAMES["16:9"], tmp_path).problems
    assert found and any(p.get("outside") for p in found)


def test_the_check_sees_text_shrunk_below_the_floor(datasets, tmp_path, monkeypatch):
    """The checker itself: a heading scaled to 70 % (cap height under 2.4 % of the frame) is reported."""
    from umbral.scenes.cost_threshold import CostThreshold

    header = CostThreshold.header

    def shrunk(self, step):
        return header(self, step).scale(0.7)

    monkeypatch.setattr(CostThreshold, "header", shrunk)
    found = play_through("CostThreshold", datasets["clinic20"], "en", FRAMES["16:9"], tmp_path).problems
    assert found and any(p.get("too_small") for p in found)


def test_the_check_sees_a_dark_colour_in_the_light_theme(datasets, tmp_path, monkeypatch):
    """The checker itself: a colour bound at import time (the dark theme's text) is off-theme in light."""
    from umbral.scenes import palette, style
    from umbral.scenes.cost_threshold import CostThreshold

    header = CostThreshold.header

    def dark_text(self, step):
        return header(self, step).set_color(palette.TEXT)

    monkeypatch.setattr(CostThreshold, "header", dark_text)
    found = play_through("CostThreshold", datasets["clinic20"], "en", FRAMES["16:9"], tmp_path, theme="light").problems
    assert any(palette.TEXT.upper() in p.get("off_theme", []) for p in found)
    assert style.theme_name() == "dark"
