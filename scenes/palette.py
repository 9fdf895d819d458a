"""Every colour, font size and the font name, as plain data (hex strings and numbers).

The one source of umbral's look: :mod:`scenes.style` builds Manim objects from
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
GRID_LINE = "#5A5F6B"
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
    "f1": VERMILLION,
    "specificity": SKY_BLUE,
    "fpr": SKY_BLUE,
    "auc": "#D9D9D9",
    "balanced_accuracy": "#A9A3E6",
    "mcc": "#D4B483",
    # The lab's two more metric cards (it draws no model comparison, so a model colour is free).
    "npv": MODEL_COLORS[2],
    "cost": COST_CURVE_COLOR,
}

# Font sizes (Manim units: 48 is Manim's default). 20 is the smallest used;
# at 480p it is about 12 px high, at 1080p about 27 px.
SIZE_TITLE = 40
SIZE_HEADER = 36
SIZE_LABEL = 24
SIZE_SMALL = 20
#: The least a panel may shrink text to fit a narrow (4:3) frame or long Spanish words.
SIZE_MIN_READABLE = 12
SIZE_NUMBER = 30
SIZE_CELL_COUNT = 40
SIZE_READOUT = 24


def css_variables() -> str:
    """The palette as CSS custom properties on ``:root`` (``--background``, ``--metric-f1``, ...).

    Examples
    --------
    >>> "--background: #15171C;" in css_variables()
    True
    """
    named = {"background": BACKGROUND, "panel-fill": PANEL_FILL, "text": TEXT, "muted-text": MUTED_TEXT,
             "grid-line": GRID_LINE, "panel-stroke": PANEL_STROKE, "highlight": HIGHLIGHT, "link": LINK,
             "positive": POSITIVE_COLOR, "negative": NEGATIVE_COLOR, "font": FONT_STACK,
             # The lab's confusion matrix: right decisions and errors (each cell says which in words too).
             "correct": BLUISH_GREEN, "error": VERMILLION}
    named.update({f"metric-{name.replace('_', '-')}": color for name, color in METRIC_COLORS.items()})
    return ":root{" + " ".join(f"--{name}: {value};" for name, value in named.items()) + "}"

