"""Every colour, font size and the font name, as plain data (hex strings and numbers).

The one source of umbral's look: :mod:`umbral.scenes.style` builds Manim objects from
it and the HTML pages (the gallery; any later page too) write it into their
CSS, so a colour or a size is set once for videos and pages alike. Imports
nothing, Manim least of all.

Colours come from the Okabe-Ito palette (safe for the common colour-vision
deficiencies); colour is never the only cue, every cell, bar and region also
carries a text label. A metric keeps its colour in every scene and page.
"""

from __future__ import annotations

__all__ = ["css_variables"]

# The pinned font, installed by the set-up (Debian package fonts-inter).
# tests/scenes checks that Pango really resolves it (a missing font falls
# back silently to DejaVu).
FONT = "Inter"
#: What pages ask for: the pinned font first, then the system's sans-serif.
FONT_STACK = f"{FONT}, system-ui, sans-serif"

# Okabe-Ito.
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"

BACKGROUND = "#15171C"
#: A card or panel lifted off the background (gallery figures).
PANEL_FILL = "#1E2128"
TEXT = "#ECECEC"
MUTED_TEXT = "#A9ADB6"
GRID_LINE = "#666C79"  # 3.4:1 on the background: axes and tracks carry meaning
PANEL_STROKE = "#3A3E48"
HIGHLIGHT = "#FFFFFF"
LINK = SKY_BLUE


#: The two true classes: positives purple, negatives blue (as in OverlappingHumps).
POSITIVE_COLOR = REDDISH_PURPLE
NEGATIVE_COLOR = SKY_BLUE
ROC_DOT_COLOR = HIGHLIGHT
CHANCE_COLOR = MUTED_TEXT
BASELINE_COLOR = HIGHLIGHT

#: Up to four models compared (ModelsCompared), apart from the metric colours; each curve is also
#: labelled with its model's name, so colour is never the only cue (Paul Tol's light scheme).
MODEL_COLORS = ("#77AADD", "#EE8866", "#BBCC33", "#FFAABB")

#: Cost curve and its marks (the shapes and legend carry the meaning too).
COST_CURVE_COLOR = TEXT
COST_MIN_COLOR = YELLOW
COST_DEFAULT_COLOR = ORANGE
COST_THEORY_COLOR = BLUISH_GREEN

#: One fixed colour per metric, the same in every scene.
METRIC_COLORS = {
    "accuracy": YELLOW,
    "precision": ORANGE,
    "recall": BLUISH_GREEN,
    "f1": "#DB6819",  # Okabe-Ito vermillion, a shade lighter: 4.6:1 as text on a panel
    "specificity": "#C0DAF9",  # pale sky: apart from balanced accuracy under protan/deutan vision
    "fpr": SKY_BLUE,
    "auc": "#D0D0CD",  # a barely warm grey: apart from the white ROC dot and the chance line
    "balanced_accuracy": "#A9A3E6",
    "mcc": "#D4B483",
    # The lab's two more metric cards.
    "npv": "#96869C",
    "cost": COST_CURVE_COLOR,
}

# Font sizes (Manim units: 48 is Manim's default). Inter's cap height is 0.0101 frame units per unit of
# size and the frame is 8 units high, so size 20 is a cap height of 2.5 % of the frame (18 px at 720p).
# Floors (tests/scenes/layout_check.py measures them at every beat): any text 2.4 % (2.2 % at 4:3),
# the numbers that carry the story 4 %.
SIZE_TITLE = 40
SIZE_HEADER = 36
SIZE_LABEL = 24
SIZE_SMALL = 20
#: The least a text may shrink to in a 16:9 frame (cap height 2.4 % of the frame height) ...
SIZE_MIN_READABLE = 19.1
#: ... and in a 4:3 frame (2.2 %).
SIZE_MIN_READABLE_NARROW = 17.5
#: Story numbers (grid counts, metric values, θ, AUC/AP, costs): never below this (4 %).
SIZE_NUMBER = 32
SIZE_CELL_COUNT = 40
SIZE_READOUT = 24


def css_variables(theme: str = "dark") -> str:
    """Theme ``theme``'s palette as CSS custom properties on ``:root`` (``--background``, ``--metric-f1``, ...).

    Also sets ``color-scheme`` (form controls and scroll bars follow the theme).

    Examples
    --------
    >>> "--background: #15171C;" in css_variables()
    True
    >>> "--background: #FFFFFF;" in css_variables("light")
    True
    """
    roles = THEMES[theme]
    keys = ("background", "panel_fill", "text", "muted_text", "grid_line", "panel_stroke", "highlight", "link",
            "positive", "negative",
            # The lab's confusion matrix: right decisions and errors (each cell says which in words too).
            "correct", "error")
    named = {key.replace("_", "-"): roles[key] for key in keys}
    named["font"] = FONT_STACK
    named.update({f"metric-{name.replace('_', '-')}": roles[f"metric_{name}"] for name in METRIC_COLORS})
    return (":root{color-scheme: " + theme + "; "
            + " ".join(f"--{name}: {value};" for name, value in named.items()) + "}")



# --- Themes -------------------------------------------------------------------------------------------------------
# Every colour by its role, per theme: "dark" is read from the constants above (so it cannot drift from them),
# "light" is for white slide decks, Beamer and printed handouts: white background, dark text, the same hue
# families darkened until text reaches 4.5:1 and lines 3:1 on white and on the light panel fill
# (tests/scenes/test_theme_contrast.py computes both, and keeps the colours that share a panel apart under
# simulated colour-vision deficiencies). Roles that alias each other in "dark" mostly alias in "light" too; the lab-only
# metric_specificity and metric_npv have their own colours there, so that the nine metric cards stay apart.


def _dark_theme() -> dict:
    """The dark theme, role by role, from today's constants."""
    roles = {
        "background": BACKGROUND, "panel_fill": PANEL_FILL, "text": TEXT, "muted_text": MUTED_TEXT,
        "grid_line": GRID_LINE, "panel_stroke": PANEL_STROKE, "highlight": HIGHLIGHT, "link": LINK,
        "positive": POSITIVE_COLOR, "negative": NEGATIVE_COLOR, "roc_dot": ROC_DOT_COLOR, "chance": CHANCE_COLOR,
        "baseline": BASELINE_COLOR,
        "cost_curve": COST_CURVE_COLOR, "cost_min": COST_MIN_COLOR, "cost_default": COST_DEFAULT_COLOR,
        "cost_theory": COST_THEORY_COLOR,
        "orange": ORANGE, "sky_blue": SKY_BLUE, "bluish_green": BLUISH_GREEN, "yellow": YELLOW, "blue": BLUE,
        "vermillion": VERMILLION, "reddish_purple": REDDISH_PURPLE,
        # The lab's confusion matrix (css_variables' --correct and --error).
        "correct": BLUISH_GREEN, "error": VERMILLION,
    }
    roles.update({f"model_{i}": color for i, color in enumerate(MODEL_COLORS, start=1)})
    roles.update({f"metric_{name}": color for name, color in METRIC_COLORS.items()})
    return roles


def _light_theme() -> dict:
    """The light theme, role by role (the same roles as the dark one)."""
    text, muted = "#1B1D22", "#59525F"
    yellow, orange, green, vermillion = "#906800", "#893A00", "#00816C", "#B54A4D"
    sky_blue, purple, blue = "#00517C", "#BA38B2", "#0072B2"
    highlight = "#000000"
    models = ("#0074C8", "#9B2702", "#7B7335", "#CA2C90")
    roles = {
        "background": "#FFFFFF", "panel_fill": "#F7F8FA", "text": text, "muted_text": muted,
        "grid_line": "#7D828C", "panel_stroke": "#D5D8DE", "highlight": highlight, "link": sky_blue,
        "positive": purple, "negative": sky_blue, "roc_dot": highlight, "chance": muted, "baseline": highlight,
        "cost_curve": text, "cost_min": yellow, "cost_default": orange, "cost_theory": green,
        "orange": orange, "sky_blue": sky_blue, "bluish_green": green, "yellow": yellow, "blue": blue,
        "vermillion": vermillion, "reddish_purple": purple,
        "correct": green, "error": vermillion,
    }
    roles.update({f"model_{i}": color for i, color in enumerate(models, start=1)})
    roles.update({
        "metric_accuracy": yellow, "metric_precision": orange, "metric_recall": green, "metric_f1": vermillion,
        "metric_specificity": "#015F95", "metric_fpr": sky_blue, "metric_auc": "#343D3B",
        "metric_balanced_accuracy": "#7054DD", "metric_mcc": "#5B412C", "metric_npv": "#5DA001",
        "metric_cost": text,
    })
    return roles


#: Theme name -> role -> "#RRGGBB". Roles: the names of css_variables (with "_"), the seven Okabe-Ito hues,
#: "roc_dot", "chance", "baseline", "cost_*", "model_1".."model_4" and "metric_<name>" for each METRIC_COLORS key.
THEMES = {"dark": _dark_theme(), "light": _light_theme()}
