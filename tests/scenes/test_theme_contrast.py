"""Both themes, computed from the palette data: WCAG contrast and colours kept apart under colour-vision deficiencies.

Text needs 4.5:1 against what it sits on (WCAG 2.x AA, 1.4.3), lines and shapes that carry meaning 3:1
(1.4.11). Colours that share a panel must differ by CIEDE2000 >= 10 in normal vision and under simulated
protanopia, deuteranopia and tritanopia (Machado et al. 2009, severity 1). Which roles are text, which are
meaningful graphics and which colours share a panel is written out below, from where the scenes and pages
draw them.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from umbral.scenes import palette
from umbral.scenes.colour_checks import DEFICIENCIES, colour_difference, contrast_ratio, hex_to_rgb, rgb_to_hex

THEMES = palette.THEMES
TEXT_MIN = 4.5
GRAPHIC_MIN = 3.0
DELTA_E_MIN = 10.0

#: Where text sits: scenes and pages on the background; the gallery's figures, the lab's panels and controls
#: on the panel fill. Every text role is checked on both.
SURFACES = ("background", "panel_fill")

#: Colours that are drawn as text, and where.
TEXT_ROLES = {
    "text": "all body text, titles, counts",
    "muted_text": "captions, axis ticks, rules, legends",
    "link": "page links, the lab's <summary>",
    "highlight": "verdicts and held labels (AccuracyParadox, ThresholdSweep, PrevalenceEffect)",
    "chance": "the 'chance' label on the ROC diagonal",
    "positive": "class labels and scores (OverlappingHumps, ConfusionGrid, PairGrid)",
    "negative": "class labels and scores (OverlappingHumps, ConfusionGrid, PairGrid)",
    "metric_accuracy": "metric names and values (MetricBars, readouts, PairedBars)",
    "metric_precision": "metric names and values (MetricBars, readouts, PR axis)",
    "metric_recall": "metric names and values (MetricBars, readouts, ROC/PR axes)",
    "metric_f1": "metric names and values (MetricBars, MulticlassConfusion table)",
    "metric_fpr": "RadarHistory readout, ROC x axis",
    "metric_auc": "HistoryTimeline row header, ScratchVsLibrary bars",
    "metric_balanced_accuracy": "AccuracyParadox paired bars",
    "metric_mcc": "AccuracyParadox paired bars",
    "metric_cost": "the lab's cost card (the text colour)",
    "model_1": "model names (ModelsCompared table)",
    "model_2": "model names (ModelsCompared table)",
    "model_3": "model names (ModelsCompared table)",
    "model_4": "model names (ModelsCompared table)",
    "cost_min": "CostThreshold's caption over the grid",
    "yellow": "RadarHistory's operating-point label",
    "reddish_purple": "HonestThreshold's peek rows",
}
# Not text anywhere: metric_specificity and metric_npv (the lab writes every metric's name and value in the
# text colour, its swatch is a border and a bar), cost_default and cost_theory (legend glyphs, the words beside
# them are text-coloured), the remaining Okabe-Ito hues, grid and panel strokes.

#: Lines, fills and marks that carry meaning, against the background and the panel fill (the lab draws its
#: plots on the panel fill).
GRAPHIC_ROLES = (
    # Metric bars, curves and swatches (all of them: the lab's cards show each metric's swatch and bar).
    *(f"metric_{name}" for name in palette.METRIC_COLORS),
    "positive", "negative",  # humps, score dots, grid cells
    "model_1", "model_2", "model_3", "model_4",  # ModelsCompared curves and markers
    "cost_curve", "cost_min", "cost_default", "cost_theory",  # CostThreshold curve and marks
    "roc_dot", "baseline", "chance", "highlight",  # operating point, baselines, chance diagonal, θ line and pointer
    # Axes, the θ and prevalence tracks, confusion-grid outlines: without them a plot cannot be read, so they
    # carry meaning. (panel_stroke does not: panel borders, faint helper lines and empty bar tracks, where the
    # bar itself is what is read.)
    "grid_line",
    "vermillion",  # PairGrid's crosses
    "bluish_green",  # RadarHistory's scope
    "correct", "error",  # the lab's confusion-matrix cell borders
)

#: The colours that share a panel (normal vision and each simulated deficiency: CIEDE2000 >= 10 for every pair).
GROUPS = {
    # ThresholdSweep's MetricBars: four bars and the dashed majority-baseline mark.
    "metric bars": ("metric_accuracy", "metric_precision", "metric_recall", "metric_f1", "baseline"),
    # OverlappingHumps, ConfusionGrid, PairGrid, the lab's scores panel.
    "the two classes": ("positive", "negative"),
    # ModelsCompared: up to four curves, markers and names.
    "model colours": ("model_1", "model_2", "model_3", "model_4"),
    # CostThreshold: the cost curve, its minimum, the default threshold's square and the theory line.
    "cost curve marks": ("cost_curve", "cost_min", "cost_default", "cost_theory"),
    # The lab page's metric cards (METRICS in lab/metrics.js), side by side in one grid.
    "lab metric cards": ("metric_accuracy", "metric_precision", "metric_recall", "metric_specificity", "metric_f1",
                         "metric_balanced_accuracy", "metric_mcc", "metric_npv", "metric_cost"),
    # AccuracyParadox's paired bars.
    "accuracy paradox bars": ("metric_accuracy", "metric_recall", "metric_balanced_accuracy", "metric_mcc"),
    # ScratchVsLibrary's paired bars.
    "scratch vs library bars": ("metric_accuracy", "metric_precision", "metric_recall", "metric_f1", "metric_auc"),
    # The lab's confusion matrix: right decisions and errors (solid and dashed borders say it too).
    "lab matrix": ("correct", "error"),
    # RadarHistory's readout and the ROC trace's axes: hits (recall) and false alarms (fpr).
    "hits and false alarms": ("metric_recall", "metric_fpr"),
    # RocPrCurves / RadarHistory ROC panel: the curve, the operating point riding on it, the chance diagonal.
    "ROC panel": ("metric_auc", "roc_dot", "chance"),
}
VISIONS = (None, *DEFICIENCIES)


def vision_name(vision: str | None) -> str:
    return vision or "normal vision"


def tint(color: str, amount: float, base: str) -> str:
    """CSS ``color-mix(in srgb, color amount, base)``: a mix of the gamma-encoded channels."""
    mixed = amount * np.array(hex_to_rgb(color)) + (1 - amount) * np.array(hex_to_rgb(base))
    return rgb_to_hex(mixed)


def contrast_cases(roles):
    return [pytest.param(theme, role, surface, id=f"{theme}-{role}-on-{surface}")
            for theme in THEMES for role in roles for surface in SURFACES]


def group_cases():
    return [pytest.param(theme, group, vision, id=f"{theme}-{group.replace(' ', '_')}-{vision_name(vision)}")
            for theme in THEMES for group in GROUPS for vision in VISIONS]


def test_both_themes_name_the_same_roles_in_hex():
    assert set(THEMES) == {"dark", "light"}
    assert set(THEMES["dark"]) == set(THEMES["light"])
    for theme, roles in THEMES.items():
        for role, color in roles.items():
            assert isinstance(color, str) and len(color) == 7 and color == color.upper() and color[0] == "#", (
                theme, role, color)
            hex_to_rgb(color)


def test_the_dark_theme_is_todays_palette():
    dark = THEMES["dark"]
    assert dark["background"] == palette.BACKGROUND and dark["text"] == palette.TEXT
    assert dark["positive"] == palette.POSITIVE_COLOR and dark["negative"] == palette.NEGATIVE_COLOR
    assert [dark[f"model_{i}"] for i in range(1, 5)] == list(palette.MODEL_COLORS)
    assert {name: dark[f"metric_{name}"] for name in palette.METRIC_COLORS} == palette.METRIC_COLORS
    # Every colour the pages get as a CSS variable is the dark role of that name.
    for part in palette.css_variables().removeprefix(":root{").removesuffix("}").split(";"):
        name, _, value = part.strip().partition(": ")
        if value.startswith("#"):
            assert dark[name.removeprefix("--").replace("-", "_")] == value, name


def test_every_role_in_the_checks_exists():
    named = set(TEXT_ROLES) | set(GRAPHIC_ROLES) | {role for roles in GROUPS.values() for role in roles}
    assert named <= set(THEMES["dark"])


@pytest.mark.parametrize(("theme", "role", "surface"), contrast_cases(TEXT_ROLES))
def test_text_contrast(theme, role, surface):
    color, under = THEMES[theme][role], THEMES[theme][surface]
    ratio = contrast_ratio(color, under)
    assert ratio >= TEXT_MIN, (f"{theme}: text {role} {color} on {surface} {under}: {ratio:.2f}:1 < {TEXT_MIN}:1 "
                               f"({TEXT_ROLES[role]})")


@pytest.mark.parametrize(("theme", "role", "surface"), contrast_cases(GRAPHIC_ROLES))
def test_graphic_contrast(theme, role, surface):
    color, under = THEMES[theme][role], THEMES[theme][surface]
    ratio = contrast_ratio(color, under)
    assert ratio >= GRAPHIC_MIN, f"{theme}: graphic {role} {color} on {surface} {under}: {ratio:.2f}:1 < 3:1"


@pytest.mark.parametrize("theme", THEMES)
def test_the_labs_text_on_its_tinted_surfaces(theme):
    """Matrix cells (lab.css: correct 18 %, error 16 % over the panel fill) and hovered buttons (panel stroke)."""
    roles = THEMES[theme]
    surfaces = {"correct cell": tint(roles["correct"], 0.18, roles["panel_fill"]),
                "error cell": tint(roles["error"], 0.16, roles["panel_fill"]),
                "hovered button": roles["panel_stroke"]}
    failures = [f"{theme}: text {roles['text']} on the lab's {name} {under}: {ratio:.2f}:1 < {TEXT_MIN}:1"
                for name, under in surfaces.items()
                if (ratio := contrast_ratio(roles["text"], under)) < TEXT_MIN]
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(("theme", "group", "vision"), group_cases())
def test_colours_that_share_a_panel_stay_apart(theme, group, vision):
    roles = THEMES[theme]
    failures = []
    for first, second in combinations(GROUPS[group], 2):
        difference = colour_difference(roles[first], roles[second], vision)
        if difference < DELTA_E_MIN:
            failures.append(f"{theme}, {vision_name(vision)}, {group}: {first} {roles[first]} vs {second} "
                            f"{roles[second]}: CIEDE2000 {difference:.1f} < {DELTA_E_MIN:g}")
    assert not failures, "\n".join(failures)
