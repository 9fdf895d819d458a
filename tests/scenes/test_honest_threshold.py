"""HonestThreshold: the numbers shown are the comparison's, other rules, no θ*, every beat, a tiny render."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from manim import Text, VGroup

from tests.scenes.conftest import (
    check_tiny_render,
    describe,
    overlapping_texts,
    text_units,
    tiny_render,
)
from tests.scenes.test_every_beat_fits import FRAMES, problems_at_every_beat
from tests.shared_data import write_raw_table
from umbral.data import load_study
from umbral.metrics.compare import ChoiceSettings, compare_models
from umbral.scenes.facts import facts_for
from umbral.scenes.honest_threshold import HonestThreshold
from umbral.scenes.numbers.honest_threshold import honest_numbers


def shown(*mobjects) -> str:
    """Every Text in ``mobjects`` (wrapped lines run on), without spaces (Manim drops them from ``Text.text``)."""
    return "".join(m.text for mob in mobjects for m in mob.get_family() if isinstance(m, Text))


def squeeze(words: str) -> str:
    return words.replace(" ", "")


@pytest.fixture(scope="module")
def study():
    return load_study("screening8")


@pytest.fixture(scope="module")
def facts(study):
    return facts_for(study.select(), study=study)


@pytest.fixture(scope="module")
def pima_facts(tmp_path_factory):
    """A Pima-like raw table the test writes: one model, θ chosen on train (the raw-table default)."""
    pima = load_study(str(write_raw_table(tmp_path_factory.mktemp("raw") / "raw.csv")), target="Outcome")
    return facts_for(pima.select(), study=pima, choice=ChoiceSettings(rule="max_f1"))


@pytest.fixture(scope="module")
def unreached_facts(facts):
    """A target precision of 1 that no θ on the choosing split reaches (its top score is a negative)."""
    y = np.array([1, 0, 0, 1, 0, 1, 0, 0])
    s = np.array([0.3, 0.9, 0.2, 0.6, 0.1, 0.7, 0.4, 0.5])
    settings = ChoiceSettings(rule="target_precision", target_precision=1.0, resamples=50)
    comparison = compare_models({"logistic": ((y, s), (y, s[::-1]))}, "validation", "test", settings)
    return replace(facts, comparison=comparison)


def every_part(scene) -> dict:
    """Build the layout and each beat's marks the way construct() does; the parts by beat name."""
    boards = scene.boards
    parts = {"layout": boards.build_layout(), "choose": boards.choose_marks()}
    if scene.numbers.chosen is not None:
        parts["carry"] = boards.carry_marks()
        parts["peek"] = boards.peek_marks()
        parts["wobble"] = boards.wobble_marks()
    return parts


@pytest.fixture(scope="module")
def built(facts, tmp_path_factory):
    """``built(model, lang, frame)``: (scene, every_part(scene)) on screening8, each built once (Texts are slow)."""
    from manim import tempconfig

    media = str(tmp_path_factory.mktemp("media"))
    cache = {}

    def build(model: str, lang: str, frame: str = "16:9"):
        if (model, lang, frame) not in cache:
            with tempconfig({"pixel_width": round(240 * FRAMES[frame]), "pixel_height": 240, "frame_rate": 5,
                             "frame_width": 8.0 * FRAMES[frame], "frame_height": 8.0, "disable_caching": True,
                             "format": "none", "verbosity": "ERROR", "media_dir": media}):
                scene = HonestThreshold(replace(facts, model=model), lang)
                cache[model, lang, frame] = scene, every_part(scene)
        return cache[model, lang, frame]

    return build


# -- numbers ------------------------------------------------------------------
@pytest.mark.parametrize("model", ["logistic", "forest"])
def test_numbers_shown_are_the_choice(facts, model, built):
    c = next(r for r in facts.comparison.models if r.model == model).choice
    scene, parts = built(model, "en")
    n = scene.numbers
    assert (n.chosen, n.peek, n.optimism) == (c.chosen, c.peek, c.optimism)
    assert n.value_report == c.metric(c.at_chosen_report) and n.value_half == c.metric(c.at_half_report)
    assert (n.theta_low, n.theta_high, n.metric_low, n.metric_high) == (
        c.wobble.theta_low, c.wobble.theta_high, c.wobble.metric_low, c.wobble.metric_high)
    assert sum(tick.count for tick in n.strip) == int(np.sum(~np.isnan(c.wobble.thetas)))
    words = squeeze(shown(*parts.values()))
    assert f"θ*={c.chosen:.2f}:bestcost,{c.metric(c.at_chosen_choose):.0f}" in words
    assert f"ontest:cost{c.metric(c.at_chosen_report):.0f}" in words
    assert f"default:cost{c.metric(c.at_half_report):.0f}" in words
    saved = c.metric(c.at_half_report) - c.metric(c.at_chosen_report)
    assert f"θ*saves{saved:.0f}({100 * saved / c.metric(c.at_half_report):.0f}%)" in words
    assert f"peekingattest:θ={c.peek:.2f},cost{c.metric(c.at_peek_report):.0f}" in words
    assert (f"looks{c.optimism:.0f}better" if c.peek != c.chosen else "itisθ*itself:nogapthistime") in words
    # After this split's own gap, the gap expected over the wobble's resamples.
    e = c.expected_optimism
    assert (n.optimism_mean, n.optimism_low, n.optimism_high) == (e.mean, e.low, e.high)
    assert (f"over{e.resamples}resamplesofvalidation,peekinglooks{e.mean:.1f}betteronaverage"
            f"(5–95%:{e.low:.0f}to{e.high:.0f})") in words
    assert f"{c.wobble.theta_low:.2f}to{c.wobble.theta_high:.2f}" in words
    assert f"{c.wobble.metric_low:.0f}to{c.wobble.metric_high:.0f}" in words
    # The curves pass through the marked points: θ* on both splits.
    dot = scene.boards.report_panel.point(c.chosen, c.metric(c.at_chosen_report))
    assert np.min(np.linalg.norm(scene.boards.curve("report").get_anchors() - dot, axis=1)) < 1e-6


def test_screening8_logistic_matches_the_lecture(facts):
    """The lecture's numbers (C_FN 10, C_FP 1): θ* 0.12, test cost 236 against 337 at 0.50; peeking agrees."""
    n = honest_numbers(facts.comparison, "logistic")
    assert (n.chosen, n.value_report, n.value_half, n.peek) == (0.12, 236.0, 337.0, 0.12)
    assert round(n.half_percent) == 30 and n.n_choose == 630 and n.n_report == 900
    forest = honest_numbers(facts.comparison, "forest")
    assert (forest.peek, forest.value_peek, forest.value_report, forest.optimism) == (0.28, 175.0, 176.0, 1.0)
    # Peeking lands on θ* itself here, yet over the wobble's resamples it flatters the cost by 9.2 on average.
    assert (n.optimism, n.optimism_mean, n.optimism_low, n.optimism_high) == (0.0, 9.175, 0.0, 26.0)
    assert (forest.optimism_mean, forest.optimism_low, forest.optimism_high) == (4.415, 1.0, 16.0)


@pytest.mark.parametrize("lang, same, tie", [
    ("en", "optimistic, though here it is θ* itself: no gap this time",
     "optimistic, though here its θ ties with θ* on cost: no gap this time"),
    ("es", "optimista, aunque aquí da el mismo θ*: esta vez sin diferencia",
     "optimista, aunque aquí su θ empata con θ* en costo: esta vez sin diferencia"),
])
def test_no_gap_is_said_for_what_it_is_then_the_expected_gap(facts, lang, same, tie):
    """The same θ as θ*, or another θ with the same cost: each said as such, then the gap expected on average."""
    from umbral.scenes.numbers.honest_words import HonestWords
    from umbral.scenes.strings import strings_for

    n = honest_numbers(facts.comparison, "logistic")
    words = HonestWords(n, strings_for(lang), lang, "screening8")
    expected = "over 200 resamples of validation, peeking looks 9.2 better on average (5–95%: 0 to 26)" \
        if lang == "en" else "en 200 remuestreos de validación, mirar parece 9.2 mejor en promedio (5–95 %: de 0 a 26)"
    assert words.peek_key() == "say_honest_peek_same" and words.peek_gap() == f"{same}; {expected}"
    tied = HonestWords(replace(n, peek=0.14), strings_for(lang), lang, "screening8")  # a θ apart, at the same cost
    assert tied.peek_key() == "say_honest_peek_tie" and tied.peek_gap() == f"{tie}; {expected}"
    apart = HonestWords(replace(n, peek=0.14, optimism=3.0), strings_for(lang), lang, "screening8")
    assert apart.peek_key() == "say_honest_peek" and apart.peek_gap().endswith(f"; {expected}")
    # A target rule's peek meets its target by construction: no average to quote.
    target = HonestWords(replace(n, target=0.9), strings_for(lang), lang, "screening8")
    assert target.expected_values() is None and ";" not in target.peek_gap()


def test_max_f1_chosen_on_train_says_train_is_optimistic(pima_facts, small_config):
    scene = HonestThreshold(pima_facts, "en")
    n, c = scene.numbers, pima_facts.comparison.models[0].choice
    assert n.on_train and n.rule == "max_f1" and n.chosen == c.chosen
    parts = every_part(scene)
    words = squeeze(shown(*parts.values()))
    assert "Train:chooseθ*" in words and "optimistic)" in words
    assert f"ontest:F1{c.metric(c.at_chosen_report):.3f}" in words
    assert f"looks{c.optimism:.3f}better" in words
    assert "Trainisoptimistic" in squeeze(shown(scene.opening(), scene.closing()))
    es = HonestThreshold(pima_facts, "es")
    es.boards.build_layout()
    assert "optimista" in shown(es.boards.choose_panel.title, es.opening(), es.closing())


def test_a_target_never_reached_is_said_and_the_story_stops(unreached_facts, small_config):
    scene = HonestThreshold(unreached_facts, "en")
    assert scene.numbers.chosen is None
    assert scene.planned_seconds() == HonestThreshold.duration(chosen=False) < HonestThreshold.duration()
    parts = every_part(scene)
    assert "Noθonvalidationreachesprecision≥1.00" in squeeze(shown(*parts.values()))
    assert "Noθreachesthetarget" in squeeze(shown(scene.closing()))


def test_data_without_two_splits_is_refused(facts):
    with pytest.raises(ValueError, match="split to choose"):
        HonestThreshold(replace(facts, comparison=None), "en")


# -- layout -------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "frame"), [("en", "16:9"), ("es", "4:3")])
def test_peek_and_wobble_beats_fit(lang, frame, built):
    """The fast check: forest, whose peek is apart from θ*, at its two fullest beats."""
    from umbral.scenes.style import SIDE_MARGIN

    _, parts = built("forest", lang, frame)
    inside = 8.0 * FRAMES[frame] / 2 - SIDE_MARGIN + 0.02
    for last in ("peek", "wobble"):
        beat = VGroup(parts["layout"], parts["choose"], parts["carry"], parts[last])
        assert not describe(overlapping_texts(beat))
        # Text keeps inside the side margins, not just the frame (a title touching the edge looks cut).
        assert all(abs(t.get_left()[0]) <= inside and abs(t.get_right()[0]) <= inside for t in text_units(beat))
        assert all(abs(t.get_bottom()[1]) <= 4.0 and abs(t.get_top()[1]) <= 4.0 for t in text_units(beat))


@pytest.mark.slow
@pytest.mark.parametrize("case", ["pima", "forest", "unreached"])
def test_every_beat_fits_in_spanish_4x3(case, facts, pima_facts, unreached_facts, tmp_path):
    data = {"pima": pima_facts, "forest": replace(facts, model="forest"), "unreached": unreached_facts}[case]
    assert problems_at_every_beat("HonestThreshold", data, "es", FRAMES["4:3"], tmp_path) == []


#: A lecturer's own, longer words for the gap expected over the resamples (``--strings``).
LONG_EXPECTED = ("across {resamples} bootstrap resamples of the {choose} split, choosing θ by peeking at the "
                 "test split makes the cost look {mean} better on average, and between {low} and {high} in "
                 "the middle 90% of them")
#: Longer: at 16:9 too, both gaps together no longer fit under the choosing column's row.
WIDE_EXPECTED = LONG_EXPECTED + ", the gap that tuning θ on the test split hides"
#: Longer still: at 4:3 even the row of its own does not fit under the choosing column.
LONGER_EXPECTED = LONG_EXPECTED + (", which is the number to quote whenever a colleague reports the cost they "
                                   "found by tuning θ on the test split itself")


@pytest.mark.slow
@pytest.mark.parametrize("frame, template, placement", [("16:9", WIDE_EXPECTED, "in_turn"),
                                                        ("4:3", LONG_EXPECTED, "in_turn"),
                                                        ("4:3", LONGER_EXPECTED, "said")])
def test_a_long_expected_gap_takes_its_turn_or_is_said(facts, frame, template, placement, tmp_path):
    """No room for both gaps under the choosing column: the expected one replaces this split's own gap as the
    narration reaches it, or, with no room even for that, it is said and not shown; nothing leaves the frame."""
    from manim import tempconfig

    from tests.scenes.layout_check import play_through
    from umbral.scenes.strings import overridden

    n = honest_numbers(facts.comparison, "logistic")
    expected = template.format(resamples=n.resamples, choose="validation", mean=f"{n.optimism_mean:.1f}",
                                    low=f"{n.optimism_low:.0f}", high=f"{n.optimism_high:.0f}")
    with overridden({"en": {"honest_row_peek_expected": template}}):
        with tempconfig({"pixel_width": round(240 * FRAMES[frame]), "pixel_height": 240, "dry_run": True,
                         "frame_width": 8.0 * FRAMES[frame], "frame_height": 8.0, "verbosity": "ERROR",
                         "media_dir": str(tmp_path)}):
            boards = HonestThreshold(facts, "en").boards
            boards.build_layout()
            assert boards.peek_placement == placement
            assert boards.lowest_row() >= boards.foot - 1e-6
        seen = play_through("HonestThreshold", facts, "en", FRAMES[frame], tmp_path)
    assert seen.problems == []
    on_screen = squeeze("".join(sorted(seen.texts)))
    assert squeeze("no gap this time") in on_screen  # this split's own gap is shown in every placement
    words_shown = [word in on_screen for word in expected.split()]
    assert all(words_shown) if placement == "in_turn" else not all(words_shown)


# -- render -------------------------------------------------------------------
def test_tiny_render(facts, tmp_path):
    info, cues = tiny_render("HonestThreshold", facts, tmp_path, lang="es")
    check_tiny_render(info, cues, HonestThreshold.duration(), 8)
    assert "θ* = 0.12" in cues[1].content
    # The peek's own cue (the same θ as θ*: no gap), then the gap expected over the resamples.
    e = next(r for r in facts.comparison.models if r.model == "logistic").choice.expected_optimism
    spoken = " ".join(" ".join(cue.content.split()) for cue in cues)  # a long sentence may span two cues
    same, expected = spoken.index("el mismo que θ*"), spoken.index(f"en {e.mean:.1f} en promedio")
    assert same < expected < spoken.index(f"entre {e.low:.0f} y {e.high:.0f}")
