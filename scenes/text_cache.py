"""Every text made once per process: later copies are cloned from it, and its size is measured from it.

Manim's Text parses pango's whole SVG with svgelements and, on a repeat,
deep-copies the parsed glyphs (``copy.deepcopy`` walks every attribute of every
glyph, its SVG path objects included): that was most of the time a scene took to
build. Here a text's SVG is read for where each glyph goes, and each distinct
glyph outline is parsed by Manim once per process and then cloned into place
(:class:`_GlyphText`, the same points and colours as Manim's own Text). A glyph
does not keep its parsed SVG path (Manim's do, and copying it was most of what
every animation's ``copy()`` of a text cost). A made text is kept, and a repeat
is :func:`clone`: the mobject tree rebuilt with its point and colour arrays
copied and everything immutable (strings, numbers, colours) shared. Layout asks
:func:`size_of`, which reads the glyph outlines' extent from pango's SVG without
making the text at all (exactly the made text's width and height: a Text is its
SVG scaled by Manim's ``TEXT_MOB_SCALE_FACTOR``; tests/scenes/test_text_cache.py).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from pathlib import Path

import numpy as np
import svgelements
from manim import RIGHT, Mobject, Text
from manim.mobject.svg.svg_mobject import VMobjectFromSVGPath
from manim.mobject.text.text_mobject import TEXT_MOB_SCALE_FACTOR

#: Texts kept per process, least recently used dropped first (one is about 5-50 KB of glyph outlines).
KEPT = 4000


def clone(value, memo: dict | None = None):
    """A copy of ``value`` (a mobject, or a list / dict holding them) that shares nothing mutable with it."""
    memo = {} if memo is None else memo
    kind = type(value)
    if kind is np.ndarray:
        return value.copy()
    if kind is list:
        return [clone(item, memo) for item in value]
    if kind is dict:
        return {key: clone(item, memo) for key, item in value.items()}
    if isinstance(value, Mobject):
        seen = memo.get(id(value))
        if seen is not None:
            return seen
        copied = kind.__new__(kind)
        memo[id(value)] = copied
        copied.__dict__ = {key: clone(item, memo) for key, item in value.__dict__.items()}
        return copied
    return value


def made(content: str, options: dict) -> Text:
    """A new Text of ``content`` with Manim ``options`` (font, size, colour, weight ...), cloned after the first."""
    kept = _kept(content, options)
    return clone(kept)


def size_of(content: str, options: dict) -> tuple[float, float]:
    """(width, height) in frame units of ``Text(content, **options)``: colour aside, what layout measures."""
    key = _key(content, _colourless(options))
    if key not in _SIZES:
        try:
            _SvgOnly(content, **options)
        except _Drawn as drawn:
            _SIZES[key] = _extent(Path(drawn.args[0]).read_text(encoding="utf-8"))
    return _SIZES[key]


class _Drawn(Exception):
    """Raised with the SVG file's path once pango has drawn it (nothing parsed)."""


class _SvgOnly(Text):
    """A Text that stops once its SVG is written: Manim's own settings (font, weight, t2c ...) draw it."""

    def init_svg_mobject(self, use_svg_cache):
        raise _Drawn(self.file_name)


_SYMBOL = re.compile(r'<symbol[^>]*id="([^"]+)"[^>]*>\s*<path[^>]*d="([^"]*)"')
_USE = re.compile(r'<use xlink:href="#([^"]+)" x="([^"]+)" y="([^"]+)"')
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?")
#: A path's last move with nothing drawn after it (Manim removes it: PangoUtils.remove_last_M).
_LAST_MOVE = re.compile(r"M[^A-Za-z]*$")


def _extent(svg: str) -> tuple[float, float]:
    """(width, height) in frame units of the glyphs placed in pango's ``svg``: the extent of every outline point.

    Manim's width is the extent of a mobject's points, Bezier handles included, and its Text keeps
    every point of pango's paths (straight segments get handles between their ends): so the extent of
    the numbers in the paths, each glyph moved to where it is used, is the made text's, scaled.
    """
    glyphs = {}
    for name, path in _SYMBOL.findall(svg):
        numbers = np.array(_NUMBER.findall(_LAST_MOVE.sub("", path.strip())), dtype=float).reshape(-1, 2)
        if len(numbers):
            glyphs[name] = (*numbers.min(axis=0), *numbers.max(axis=0))
    boxes = np.array([(left + float(x), top + float(y), right + float(x), bottom + float(y))
                      for name, x, y in _USE.findall(svg) if name in glyphs
                      for left, top, right, bottom in [glyphs[name]]])
    if not len(boxes):
        return 0.0, 0.0
    return (float(boxes[:, 2].max() - boxes[:, 0].min()) * TEXT_MOB_SCALE_FACTOR,
            float(boxes[:, 3].max() - boxes[:, 1].min()) * TEXT_MOB_SCALE_FACTOR)


class _GlyphText(Text):
    """Manim's Text, its glyphs placed from pango's SVG by :func:`_glyph` outlines instead of a full parse."""

    def generate_mobject(self):
        svg = Path(self.file_name).read_text(encoding="utf-8")
        outlines = dict(_SYMBOL.findall(svg))
        glyphs = []
        for style, uses in _GROUP.findall(svg):
            fill = _fill(style)
            for name, x, y in _USE.findall(uses):
                outline = _glyph(outlines[name])
                if outline is not None:
                    glyph = clone(outline)
                    glyph.points[:, :2] += (float(x), float(y))
                    glyph.set_style(stroke_width=0, fill_color=fill["fill"], fill_opacity=fill["fill-opacity"])
                    glyphs.append(glyph)
        self.add(*glyphs)
        self.id_to_vgroup_dict = {}  # the SVG's groups by id: nothing reads them, and every copy would carry them
        self.flip(RIGHT)  # SVG's y points down
        return self


_GROUP = re.compile(r'<g style="([^"]*fill:[^"]*)">(.*?)</g>', re.S)
_PERCENT = re.compile(r"rgb\(([\d.]+)%,([\d.]+)%,([\d.]+)%\)")


def _fill(style: str) -> dict:
    """A pango glyph group's fill colour (hex, as svgelements rounds it) and opacity."""
    values = dict(part.split(":", 1) for part in style.split(";") if ":" in part)
    colour = svgelements.Color(values["fill"])
    return {"fill": colour.hexrgb, "fill-opacity": float(values.get("fill-opacity", 1))}


def _glyph(path: str):
    """One glyph's outline at the origin, as Manim makes it from its SVG path (None for a blank)."""
    if path not in _OUTLINES:
        outline = VMobjectFromSVGPath(svgelements.Path(path))
        outline.path_obj = None  # read once, to make the points: kept, it was most of what every copy copied
        _OUTLINES[path] = outline if outline.has_points() else None
    return _OUTLINES[path]


#: Glyph outlines by SVG path (the same glyph at the same size and weight draws the same path).
_OUTLINES: dict[str, VMobjectFromSVGPath | None] = {}


def _colourless(options: dict) -> dict:
    return {name: value for name, value in options.items() if name != "color"}


def _kept(content: str, options: dict) -> Text:
    key = _key(content, options)
    kept = _TEXTS.get(key)
    if kept is None:
        kept = _TEXTS[key] = _GlyphText(content, **options, use_svg_cache=False)
        _SIZES.setdefault(_key(content, _colourless(options)), (float(kept.width), float(kept.height)))
        if len(_TEXTS) > KEPT:
            _TEXTS.popitem(last=False)
    else:
        _TEXTS.move_to_end(key)
    return kept


def _key(content: str, options: dict) -> tuple:
    return content, repr(sorted((name, str(value)) for name, value in options.items()))


_TEXTS: OrderedDict[tuple, Text] = OrderedDict()
#: Sizes by content and options without colour (a text's size does not depend on it).
_SIZES: dict[tuple, tuple[float, float]] = {}
