"""Manim objects in umbral's look: text in the pinned font, widths, layout anchors.

The colours, font sizes and font name are plain data in :mod:`umbral.scenes.palette`
(shared with the gallery and the lab page) and are re-exported here, so a
scene reads ``style.TEXT`` or ``style.SIZE_LABEL``; what only Manim needs
(stroke widths, opacities, positions in frame units) is set here.
"""

from __future__ import annotations

from contextlib import contextmanager

from manim import Text

from umbral.scenes import palette
from umbral.scenes.palette import (  # noqa: F401  (re-exported: scenes read every size from style)
    FONT,
    SIZE_CELL_COUNT,
    SIZE_HEADER,
    SIZE_LABEL,
    SIZE_MIN_READABLE,
    SIZE_MIN_READABLE_NARROW,
    SIZE_NUMBER,
    SIZE_READOUT,
    SIZE_SMALL,
    SIZE_TITLE,
    THEMES,
)

#: Colour constant -> its role in :data:`umbral.scenes.palette.THEMES`. ``style.TEXT`` and the rest are read from the
#: active theme each time they are used (module ``__getattr__``), so one render can be dark and the next light.
COLOUR_ROLES = {
    "BACKGROUND": "background", "PANEL_FILL": "panel_fill", "TEXT": "text", "MUTED_TEXT": "muted_text",
    "GRID_LINE": "grid_line", "PANEL_STROKE": "panel_stroke", "HIGHLIGHT": "highlight", "LINK": "link",
    "POSITIVE_COLOR": "positive", "NEGATIVE_COLOR": "negative", "ROC_DOT_COLOR": "roc_dot",
    "CHANCE_COLOR": "chance", "BASELINE_COLOR": "baseline", "COST_CURVE_COLOR": "cost_curve",
    "COST_MIN_COLOR": "cost_min", "COST_DEFAULT_COLOR": "cost_default", "COST_THEORY_COLOR": "cost_theory",
    "ORANGE": "orange", "SKY_BLUE": "sky_blue", "BLUISH_GREEN": "bluish_green", "YELLOW": "yellow",
    "BLUE": "blue", "VERMILLION": "vermillion", "REDDISH_PURPLE": "reddish_purple",
}

_active = {"theme": "dark"}


def theme_name() -> str:
    """The theme scenes are drawn in now: "dark" (the default) or "light"."""
    return _active["theme"]


@contextmanager
def themed(name: str):
    """Draw in theme ``name`` ("dark" or "light") inside the block; the previous theme after it."""
    if name not in THEMES:
        raise ValueError(f"unknown theme {name!r}: use one of {', '.join(THEMES)}")
    previous = _active["theme"]
    _active["theme"] = name
    try:
        yield
    finally:
        _active["theme"] = previous


def __getattr__(name: str):
    """``TEXT``, ``METRIC_COLORS``, ``MODEL_COLORS`` ...: the active theme's colour for that role."""
    roles = THEMES[_active["theme"]]
    if name in COLOUR_ROLES:
        return roles[COLOUR_ROLES[name]]
    if name == "METRIC_COLORS":
        return {metric: roles[f"metric_{metric}"] for metric in palette.METRIC_COLORS}
    if name == "MODEL_COLORS":
        return tuple(roles[f"model_{i}"] for i in range(1, len(palette.MODEL_COLORS) + 1))
    raise AttributeError(f"module 'umbral.scenes.style' has no attribute {name!r}")


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


def story_number(mobject):
    """Mark ``mobject`` (a number or a group of them) as a number that carries the story. Returns it.

    Grid counts, metric values, θ, AUC/AP and costs: the layout check holds their cap height to at
    least 4 % of the frame height (every other text to 2.4 %, 2.2 % at 4:3).
    """
    mobject.story_number = True
    return mobject


def safe_width() -> float:
    """Usable width of the current frame (16:9 or 4:3) inside the side margins."""
    from manim import config

    return config.frame_width - 2 * SIDE_MARGIN


def fit_width(mobject):
    """Shrink ``mobject`` to the safe width if it is wider; never enlarge it. Returns it."""
    if mobject.width > safe_width():
        mobject.scale_to_fit_width(safe_width())
    return mobject


def min_readable() -> float:
    """The least font size any text may shrink to in the current frame (16:9 or 4:3)."""
    return SIZE_MIN_READABLE_NARROW if narrow() else SIZE_MIN_READABLE


def narrow() -> bool:
    """True in a 4:3 frame (10.67 x 8 units), where side-by-side panels must shrink."""
    from manim import config

    return config.frame_width / config.frame_height < 1.5


def text(content: str, size: float = SIZE_LABEL, color: str | None = None, **kwargs) -> Text:
    """A Text in the pinned font (never the Manim default serif), made once per process, cloned after.

    The text is kept by :mod:`~umbral.scenes.text_cache`. Pango draws the glyphs on
    a canvas the size of the output video, so at a tiny resolution (192x108) a long
    line would be clipped; the canvas is widened while the glyphs are made. The
    result does not depend on it.
    """
    from umbral.scenes.text_cache import made

    with _wide_canvas():
        return made(content, _options(size, color or __getattr__("TEXT"), kwargs))


def _options(size: float, color, kwargs: dict) -> dict:
    """The Manim Text options of :func:`text`."""
    return {"font": FONT, "font_size": float(size), "color": color, "disable_ligatures": True, **kwargs}


@contextmanager
def _wide_canvas():
    """Pango's canvas at least 4K while glyphs are made (it is the output video's size otherwise)."""
    from manim import config

    width, height = config.pixel_width, config.pixel_height
    config.pixel_width, config.pixel_height = max(width, 3840), max(height, 2160)
    try:
        yield
    finally:
        config.pixel_width, config.pixel_height = width, height


def wrapped(words: str, width: float, size: float = SIZE_SMALL, color: str | None = None, exact: bool = False,
            **kwargs):
    """A VGroup of centred Texts, one per line (a multi-line Text is left-aligned).

    Lines break at the given newlines; if one of them is wider than ``width``
    (the columns of a 4:3 frame are narrow), the words are rewrapped into the
    fewest lines that fit, as even in width as possible. ``kwargs`` go to
    :func:`text` (``weight="BOLD"`` for a title). ``exact`` measures the rewrapped lines as drawn
    (see :func:`balanced_lines`).
    """
    from manim import DOWN, VGroup

    given = words.split("\n")
    if max(text_width(line, size, **kwargs) for line in given) > width:
        given = balanced_lines(" ".join(given).split(), width, size, exact=exact, **kwargs)
    return VGroup(*(text(line, size=size, color=color, **kwargs) for line in given)).arrange(DOWN, buff=0.12)


def text_width(content: str, size: float = SIZE_LABEL, **kwargs) -> float:
    """The width, in frame units, of ``text(content, size, **kwargs)``, from the one cache of measured texts.

    A text's width does not depend on its colour or on the frame. (``t2c`` does change it, by a
    hair: pango shapes coloured spans apart, so it stays part of what is measured.)
    """
    return text_size(content, size, **kwargs)[0]


def text_size(content: str, size: float = SIZE_LABEL, **kwargs) -> tuple[float, float]:
    """(width, height), in frame units, of ``text(content, size, **kwargs)``; measured once per process."""
    from umbral.scenes.text_cache import size_of

    kwargs = {name: value for name, value in kwargs.items() if name != "color"}
    with _wide_canvas():
        return size_of(content, _options(size, __getattr__("TEXT"), kwargs))


def baseline(line: Text) -> float:
    """The frame y of a one-line Text's baseline: the lowest bottom of its glyphs that do not descend."""
    import numpy as np

    descending = set("gjpqyç,;()[]{}|/Q")
    bottoms = [glyph.get_bottom()[1] for char, glyph in zip(line.text, line.submobjects, strict=False)
               if char not in descending and len(glyph.points)]
    return float(np.median(bottoms)) if bottoms else float(line.get_bottom()[1])


def balanced_lines(words: list[str], width: float, size: float, exact: bool = False, **kwargs) -> list[str]:
    """``words`` in the fewest lines no wider than ``width``, the widest line as narrow as can be.

    A line never starts with a separator nor breaks around "="
    (:func:`~umbral.scenes.numbers.line_breaks.kept_together`).
    Widths are summed from single words and spaces (kerning across words ignored); with ``exact`` the
    chosen lines are also measured as drawn (the sum can come out a little short of a long line of short
    words, which matters where the line ends at the frame's edge).
    """
    from umbral.scenes.numbers.line_breaks import even_lines, kept_together

    kept = kept_together(words)
    if all(text_width(word, size, **kwargs) <= width for word in kept):  # else a formula wider than ``width`` breaks
        words = kept
    sizes = [text_width(word, size, **kwargs) for word in words]
    space = text_width("x x", size, **kwargs) - text_width("xx", size, **kwargs)

    for count in range(1, len(words) + 1):
        widest, lines = even_lines(words, sizes, space, count)
        if count == len(words):
            return lines
        if widest <= width and (not exact or max(text_width(line, size, **kwargs) for line in lines) <= width):
            return lines
    return words


# --- ScratchVsLibrary, AccuracyParadox, PrevalenceEffect ---
#: Gap between the vertical stripes that mark the second bar of a pair.
STRIPE_GAP = 0.11
#: Prevalence slider: log scale from the rarest to the most common base rate shown.
PREVALENCE_RANGE = (0.01, 0.5)

# --- MulticlassConfusion ---
#: One-vs-rest cell fills: the lit class's row is the positive truth, the other rows the negative.
OVR_OPACITY = {"tp": 0.65, "fn": 0.3, "fp": 0.4, "tn": 0.1}
