"""ModelsCompared: numbers equal the comparison, 2 to 4 models fit, every beat fits, a tiny render."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from manim import VGroup

from tests.scenes.conftest import check_tiny_render, describe, outside_frame, overlapping_texts, tiny_render
from tests.scenes.test_every_beat_fits import FRAMES, problems_at_every_beat
from umbral.metrics import GRID
from umbral.metrics.compare import ChoiceSettings, compare_models
from umbral.scenes import style
from umbral.scenes.components.model_curves import ModelTable
from umbral.scenes.models_compared import ModelsCompared
from umbral.scenes.numbers.models_compared import glide_steps, models_compared_numbers
from umbral.scenes.strings import strings_for


@pytest.fixture(scope="module")
def study():
    from umbral.data import load_study

    return load_study("screening8")


@pytest.fixture(scope="module")
def facts8(study):
    from umbral.scenes.facts import facts_for

    return facts_for(study.select(), study=study)


@pytest.fixture(scope="module")
def more_models(study, facts8):
    """Facts with 3 and 4 models: the two of screening8, their average and a noisy, long-named one."""
    pairs = study.pairs("validation", "test")
    (lc, lr), (fc, fr) = pairs["logistic"], pairs["forest"]
    rng = np.random.default_rng(0)

    def noisy(y_score):
        return np.clip(y_score + rng.normal(0, 0.15, y_score.size), 0, 1)

    scores = {**pairs, "average": ((lc[0], (lc[1] + fc[1]) / 2), (lr[0], (lr[1] + fr[1]) / 2)),
              "gradient boosting (tuned, v2)": ((fc[0], noisy(fc[1])), (fr[0], noisy(fr[1])))}
    built = {}
    for count in (3, 4):
        comparison = compare_models(dict(list(scores.items())[:count]), "validation", "test",
                                    ChoiceSettings(resamples=5))
        built[count] = replace(facts8, comparison=comparison)
    return built


def without_choice(facts, index):
    """The same facts with model ``index``'s θ never reached (as a target rule may leave it)."""
    models = list(facts.comparison.models)
    choice = replace(models[index].choice, chosen=None, at_chosen_choose=None, at_chosen_report=None)
    models[index] = replace(models[index], choice=choice)
    return replace(facts, comparison=replace(facts.comparison, models=tuple(models)))


def stages(scene):
    """What is on screen in the sweep (θ = 0.5), then at the end (each at its θ, the closing sentence)."""
    scene.build_layout()
    n = scene.numbers
    still, live = scene.layers()
    scene.show_theta(n.steps[25])
    yield VGroup(still, live)
    scene.show(glide_steps(n, 5)[-1])
    missing = [cell for i, m in enumerate(n.models) if m.chosen is None for cell in scene.table.numbers_of(i)]
    live.remove(scene.head_sweep, *missing)
    still.remove(scene.sub_sweep)
    if scene.caption_leaves:  # the closing sentence reaches the caption's line: it left with the headings
        still.remove(scene.caption)
    yield VGroup(still, live, scene.closing, scene.theta_box, scene.notes)


def texts(mobject):
    from manim import Text

    return [m.text for m in mobject.get_family() if isinstance(m, Text)]


# -- numbers ------------------------------------------------------------------
def test_numbers_come_from_the_comparison(facts8):
    c = facts8.comparison
    n = models_compared_numbers(c)
    assert (n.choose_on, n.report_on, n.rule) == ("validation", "test", "min_cost")
    assert (n.n, n.positives, n.prevalence) == (900, 76, c.prevalence)
    assert len(n.steps) == len(GRID) == 51
    for k in (0, 17, 25, 50):
        for i, result in enumerate(c.models):
            assert n.steps[k][i] == result.reporting.at(GRID[k])
    assert [m.chosen for m in n.models] == [r.choice.chosen for r in c.models] == [0.12, 0.16]
    steps = glide_steps(n, 30)
    for i, result in enumerate(c.models):
        thetas = [step[i].threshold for step in steps]
        assert thetas[0] == 1.0 and steps[-1][i] == result.choice.at_chosen_report
        assert thetas == sorted(thetas, reverse=True)  # down the curve, never back


def test_two_to_four_models_only(facts8):
    one = replace(facts8.comparison, models=facts8.comparison.models[:1])
    with pytest.raises(ValueError, match="2 to 4"):
        models_compared_numbers(one)
    with pytest.raises(ValueError, match="two or more models"):
        ModelsCompared(replace(facts8, comparison=None))


def test_what_is_shown_equals_the_comparison(facts8, small_config):
    c = facts8.comparison
    scene = ModelsCompared(facts8, "en")
    scene.build_layout()
    areas = [texts(group) for group in scene.table.areas]
    assert areas == [[f"{r.auc:.2f}", f"{r.average_precision:.2f}"] for r in c.models] == [["0.91", "0.73"],
                                                                                              ["0.94", "0.84"]]
    assert texts(VGroup(*scene.table.names)) == ["logisticregression", "randomforest"]
    for k in (0, 10, 25, 40):
        scene.show_theta(scene.numbers.steps[k])
        assert scene.head_sweep.shown("theta") == f"{GRID[k]:.2f}"
        for i, result in enumerate(c.models):
            at = result.reporting.at(GRID[k])
            assert scene.table.shown(i) == {"theta": f"{GRID[k]:.2f}", "tp": str(at.tp), "fp": str(at.fp),
                                            "fn": str(at.fn), "tn": str(at.tn)}
            assert scene.roc.marker_coordinates(i) == pytest.approx((at.fpr, at.recall), abs=1e-9)
            assert scene.pr.marker_coordinates(i) == pytest.approx((at.recall, at.precision), abs=1e-9)
    scene.show(glide_steps(scene.numbers, 5)[-1])
    assert [scene.table.shown(i) for i in range(2)] == [
        {"theta": "0.12", "tp": "62", "fp": "96", "fn": "14", "tn": "728"},
        {"theta": "0.16", "tp": "65", "fp": "66", "fn": "11", "tn": "758"}]
    assert scene.sub_own.text.replace(" ", "") == "θchosenonvalidationbylowestcost"
    caption = "".join(texts(scene.caption))
    assert caption.startswith("Simulatedscreening") and "testsplit" in caption and "n=900" in caption


# -- layout -------------------------------------------------------------------
def test_the_table_is_laid_out_from_measured_words():
    """Names whole while they fit, the columns closer first; then wrapped at their spaces, then shrunk to the floor."""
    names, areas = ["logistic regression", "gradient boosting (tuned, v2)"], [(0.91, 0.73), (0.94, 0.84)]
    plans = {width: ModelTable.plan(strings_for("es"), names, areas, 900, (style.SIZE_LABEL, style.SIZE_SMALL), width)
             for width in (12.0, 9.0, 8.0)}
    assert [(plan.size, plan.names.why) for plan in plans.values()] == [
        (style.SIZE_LABEL, ("wrap",)), (style.SIZE_SMALL, ("wrap",)), (style.SIZE_SMALL, ("wrap", "shrink"))]
    assert [placed.lines for placed in plans[12.0].names.rows] == [(name,) for name in names]
    assert plans[9.0].names.rows[1].lines == ("gradient boosting", "(tuned, v2)")
    for width, plan in plans.items():
        assert sum(plan.widths) + plan.gap * (len(plan.widths) - 1) <= width + 1e-6
        assert ModelTable.tight_gap <= plan.gap <= ModelTable.column_gap
        assert [" ".join(placed.lines) for placed in plan.names.rows] == names
        assert min(placed.size for placed in plan.names.rows) >= style.min_readable()


@pytest.mark.parametrize(("count", "lang"), [(3, "en"), (4, "es")])
def test_three_and_four_models_fit(more_models, count, lang, small_config):
    facts = without_choice(more_models[count], 2) if count == 4 else more_models[count]
    scene = ModelsCompared(facts, lang)
    for shown in stages(scene):
        assert not outside_frame(shown)
        assert not describe(overlapping_texts(shown))
    assert len(scene.roc.curves) == len(scene.table.rows) == count
    colors = {curve.get_stroke_color().to_hex().upper() for curve in scene.roc.curves}
    assert len(colors) == count
    if count == 4:  # the third model reached no θ: a note in its row, no point on either plot
        assert texts(scene.notes) == ["ningúnθenvalidaciónalcanzalameta"]
        assert scene.roc.markers[2].get_fill_opacity() == 0 == scene.pr.markers[2].get_fill_opacity()
        assert scene.roc.markers[0].get_fill_opacity() == 1
        assert "average: ningún θ en validación alcanza la meta" in scene.chosen_words()
        assert len(scene.theta_box) == 3


@pytest.mark.slow
def test_every_beat_fits_with_four_models_in_spanish_4x3(more_models, tmp_path):
    facts = without_choice(more_models[4], 3)
    assert problems_at_every_beat("ModelsCompared", facts, "es", FRAMES["4:3"], tmp_path) == []


# -- render -------------------------------------------------------------------
def test_tiny_render(facts8, tmp_path):
    info, cues = tiny_render("ModelsCompared", facts8, tmp_path, lang="es")
    check_tiny_render(info, cues, ModelsCompared.duration(), 8, slack=0.01)
    assert info["frames"] == round(ModelsCompared.duration() * 5)
    assert "0.12" in cues[6].content and "0.16" in cues[6].content and "validación" in cues[6].content
