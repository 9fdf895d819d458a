"""The one style module: palette, font, sizes and layout anchors.

Colours come from the Okabe-Ito palette (safe for the common colour-vision
deficiencies); colour is never the only cue, every cell, bar and region also
carries a text label. A metric keeps its colour in every scene.
"""

from __future__ import annotations

from manim import Text

# The pinned font, installed by the set-up (Debian package fonts-inter).
# tests/scenes checks that Pango really resolves it (a missing font falls
# back silently to DejaVu).
FONT = "Inter"

# Okabe-Ito.
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"

BACKGROUND = "#15171C"
TEXT = "#ECECEC"
MUTED_TEXT = "#A9ADB6"
GRID_LINE = "#5A5F6B"
PANEL_STROKE = "#3A3E48"
HIGHLIGHT = "#FFFFFF"

#: One fixed colour per metric, the same in every scene.
METRIC_COLORS = {
    "accuracy": YELLOW,
    "precision": ORANGE,
    "recall": BLUISH_GREEN,
    "f1": VERMILLION,
    "specificity": SKY_BLUE,
    "fpr": SKY_BLUE,
    "auc": "#D9D9D9",
}

#: The two true classes: positives purple, negatives blue (as in OverlappingHumps).
POSITIVE_COLOR = REDDISH_PURPLE
NEGATIVE_COLOR = SKY_BLUE
ROC_DOT_COLOR = HIGHLIGHT
CHANCE_COLOR = MUTED_TEXT
BASELINE_COLOR = HIGHLIGHT

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

# Stroke widths.
STROKE_THIN = 1.5
STROKE = 3.0
STROKE_CURVE = 4.0

# Cell fill opacity for an empty cell and for a cell holding every sample.
CELL_MIN_OPACITY = 0.08
CELL_MAX_OPACITY = 0.6

# Layout of the 16:9 frame (14.22 x 8 units): header, three panels, readout.
EDGE_BUFF = 0.45
SIDE_MARGIN = 0.35
PANEL_TOP = 2.45
PANEL_GAP = 0.4


def safe_width() -> float:
    """Usable width of the current frame (16:9 or 4:3) inside the side margins."""
    from manim import config

    return config.frame_width - 2 * SIDE_MARGIN


def fit_width(mobject):
    """Shrink ``mobject`` to the safe width if it is wider; never enlarge it. Returns it."""
    if mobject.width > safe_width():
        mobject.scale_to_fit_width(safe_width())
    return mobject


def narrow() -> bool:
    """True in a 4:3 frame (10.67 x 8 units), where side-by-side panels must shrink."""
    from manim import config

    return config.frame_width / config.frame_height < 1.5


def text(content: str, size: float = SIZE_LABEL, color: str = TEXT, **kwargs) -> Text:
    """A Text in the pinned font (never the Manim default serif).

    Pango draws the glyphs on a canvas the size of the output video, so at a
    tiny resolution (192x108) a long line would be clipped; the canvas is
    widened while the glyphs are made. The result does not depend on it.
    """
    from manim import config

    width, height = config.pixel_width, config.pixel_height
    config.pixel_width, config.pixel_height = max(width, 3840), max(height, 2160)
    try:
        return Text(content, font=FONT, font_size=size, color=color, disable_ligatures=True, **kwargs)
    finally:
        config.pixel_width, config.pixel_height = width, height


def wrapped(words: str, width: float, size: float = SIZE_SMALL, color: str = TEXT, **kwargs):
    """A VGroup of centred Texts, one per line (a multi-line Text is left-aligned).

    Lines break at the given newlines; if one of them is wider than ``width``
    (the columns of a 4:3 frame are narrow), the words are rewrapped into the
    fewest lines that fit, as even in width as possible. ``kwargs`` go to
    :func:`text` (``weight="BOLD"`` for a title).
    """
    from manim import DOWN, VGroup

    given = words.split("\n")
    lines = [text(line, size=size, color=color, **kwargs) for line in given]
    if max(line.width for line in lines) > width:
        lines = [text(line, size=size, color=color, **kwargs)
                 for line in balanced_lines(" ".join(given).split(), width, size, **kwargs)]
    return VGroup(*lines).arrange(DOWN, buff=0.12)


def balanced_lines(words: list[str], width: float, size: float, **kwargs) -> list[str]:
    """``words`` in the fewest lines no wider than ``width``, the widest line as narrow as can be.

    Widths are summed from single words and spaces (kerning across words ignored).
    """
    sizes = [text(word, size=size, **kwargs).width for word in words]
    space = text("x x", size=size, **kwargs).width - text("xx", size=size, **kwargs).width

    def span(i: int, j: int) -> float:  # width of words[i:j] on one line
        return sum(sizes[i:j]) + space * (j - i - 1)

    n = len(words)
    for count in range(1, n + 1):
        # widest[m][j]: narrowest possible widest line, words[:j] in m lines; cut[m][j]: where the last starts.
        widest = [[float("inf")] * (n + 1) for _ in range(count + 1)]
        cut = [[0] * (n + 1) for _ in range(count + 1)]
        widest[0][0] = 0.0
        for m in range(1, count + 1):
            for j in range(1, n + 1):
                for i in range(m - 1, j):
                    candidate = max(widest[m - 1][i], span(i, j))
                    if candidate < widest[m][j]:
                        widest[m][j], cut[m][j] = candidate, i
        if widest[count][n] <= width or count == n:
            lines, j = [], n
            for m in range(count, 0, -1):
                lines.insert(0, " ".join(words[cut[m][j]:j]))
                j = cut[m][j]
            return lines
    return words


# --- ScratchVsLibrary, AccuracyParadox, PrevalenceEffect ---
# Two more metrics get their fixed colour (setdefault: an earlier choice wins).
METRIC_COLORS.setdefault("balanced_accuracy", "#A9A3E6")
METRIC_COLORS.setdefault("mcc", "#D4B483")
#: Gap between the vertical stripes that mark the second bar of a pair.
STRIPE_GAP = 0.11
#: Prevalence slider: log scale from the rarest to the most common base rate shown.
PREVALENCE_RANGE = (0.01, 0.5)

# --- CostThreshold, MulticlassConfusion ---
#: Cost curve and its marks (the shapes and legend carry the meaning too).
COST_CURVE_COLOR = TEXT
COST_MIN_COLOR = YELLOW
COST_DEFAULT_COLOR = ORANGE
COST_THEORY_COLOR = BLUISH_GREEN
#: One-vs-rest cell fills: the lit class's row is the positive truth, the other rows the negative.
OVR_OPACITY = {"tp": 0.65, "fn": 0.3, "fp": 0.4, "tn": 0.1}
