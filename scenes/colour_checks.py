"""Colour arithmetic for checking a palette: contrast, colour-vision simulation, colour difference.

Pure functions on hex colours (``"#RRGGBB"``; the leading ``#`` is optional, and
the examples here leave it out because tests/scenes/test_palette.py allows a
written colour only in :mod:`umbral.scenes.palette`). NumPy only, no Manim.

- :func:`contrast_ratio`: the WCAG 2.x contrast ratio, 1 (no contrast) to 21
  (black on white). WCAG AA asks 4.5 for text, 3 for large text and for the
  lines and shapes one needs to read a figure (success criteria 1.4.3, 1.4.11).
- :func:`simulate`: how a colour looks to a dichromat (protanopia,
  deuteranopia, tritanopia), after Machado, Oliveira & Fernandes (2009).
- :func:`ciede2000`, :func:`colour_difference`: the CIEDE2000 difference
  ΔE00; about 1 is just noticeable side by side, 10 or more tells two colours
  apart at a glance (used here as the floor for colours that share a panel).
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["DEFICIENCIES", "MACHADO_2009", "ciede2000", "colour_difference", "contrast_ratio", "hex_to_rgb",
           "lab", "linear_rgb", "relative_luminance", "rgb_to_hex", "simulate", "simulate_linear"]

#: Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation of color vision
#: deficiency", IEEE TVCG 15(6):1291-1298, supplementary table of matrices, severity 1.0 (dichromacy).
#: They act on linear RGB (as in colorspacious' ``sRGB1+CVD`` and DaltonLens); each row sums to 1, so
#: greys stay grey. Rows give the simulated R, G, B.
MACHADO_2009 = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
#: The simulated deficiencies, in a fixed order.
DEFICIENCIES = tuple(MACHADO_2009)

# Linear sRGB to CIE XYZ (IEC 61966-2-1, D65; the matrix as given by B. Lindbloom). The white point is
# taken as the matrix's row sums, so that sRGB white is exactly L* = 100, a* = b* = 0.
_RGB_TO_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375],
                        [0.2126729, 0.7151522, 0.0721750],
                        [0.0193339, 0.1191920, 0.9503041]])
_WHITE = _RGB_TO_XYZ.sum(axis=1)


def hex_to_rgb(color: str) -> tuple[float, float, float]:
    """The colour's sRGB channels, each 0 to 1 (gamma-encoded, as written).

    Examples
    --------
    >>> hex_to_rgb("FF8000")
    (1.0, 0.5019607843137255, 0.0)
    """
    digits = color.removeprefix("#")
    if len(digits) != 6:
        raise ValueError(f"not a #RRGGBB colour: {color!r}")
    return tuple(int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))


def rgb_to_hex(rgb) -> str:
    """``#RRGGBB`` for sRGB channels 0 to 1 (clipped into range, rounded to the nearest step)."""
    channels = np.clip(np.asarray(rgb, dtype=float), 0.0, 1.0)
    return "#" + "".join(f"{round(float(c) * 255):02X}" for c in channels)


def linear_rgb(color: str) -> np.ndarray:
    """The colour's linear-light RGB (the sRGB transfer curve undone), each 0 to 1.

    Examples
    --------
    >>> [round(float(c), 4) for c in linear_rgb("FF8000")]
    [1.0, 0.2159, 0.0]
    """
    c = np.array(hex_to_rgb(color))
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _encode(linear: np.ndarray) -> np.ndarray:
    """Linear-light RGB back to gamma-encoded sRGB (clipped to 0..1 first)."""
    c = np.clip(linear, 0.0, 1.0)
    return np.where(c <= 0.0031308, 12.92 * c, 1.055 * c ** (1 / 2.4) - 0.055)


def relative_luminance(color: str) -> float:
    """WCAG 2.x relative luminance: 0 for black, 1 for white.

    WCAG writes the threshold of the transfer curve as 0.03928 rather than
    sRGB's 0.04045; no 8-bit value lies between the two, so they agree here.

    Examples
    --------
    >>> relative_luminance("000000"), relative_luminance("FFFFFF")
    (0.0, 1.0)
    >>> round(relative_luminance("808080"), 4)
    0.2159
    """
    r, g, b = linear_rgb(color)
    return float(0.2126 * r + 0.7152 * g + 0.0722 * b)


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2.x contrast ratio (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1 to 21, order-free.

    At least 4.5 for text and 3 for meaningful lines and shapes (WCAG AA).

    Examples
    --------
    >>> round(contrast_ratio("000000", "FFFFFF"), 2)
    21.0
    >>> round(contrast_ratio("777777", "FFFFFF"), 2)
    4.48
    """
    a, b = relative_luminance(first), relative_luminance(second)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def simulate_linear(color: str, deficiency: str) -> np.ndarray:
    """The Machado (2009) matrix for ``deficiency`` applied to the colour's linear RGB, clipped to 0..1.

    Clipping (as DaltonLens does) keeps the result a displayable colour; for
    the sRGB primaries it changes a channel by at most 0.05 (blue under
    protanopia), for palette colours by much less.

    Examples
    --------
    >>> [round(float(c), 6) for c in simulate_linear("FF0000", "protanopia")]
    [0.152286, 0.114503, 0.0]
    """
    return np.clip(MACHADO_2009[deficiency] @ linear_rgb(color), 0.0, 1.0)


def simulate(color: str, deficiency: str) -> str:
    """How ``color`` looks with ``deficiency`` (``"protanopia"``, ``"deuteranopia"``, ``"tritanopia"``), as hex.

    Examples
    --------
    >>> simulate("FF0000", "protanopia")[1:]
    '6D5F00'
    >>> simulate("808080", "tritanopia")[1:]  # greys stay grey
    '808080'
    """
    return rgb_to_hex(_encode(simulate_linear(color, deficiency)))


def _lab_from_linear(linear: np.ndarray) -> tuple[float, float, float]:
    xyz = _RGB_TO_XYZ @ linear / _WHITE
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return float(116 * f[1] - 16), float(500 * (f[0] - f[1])), float(200 * (f[1] - f[2]))


def lab(color: str, deficiency: str | None = None) -> tuple[float, float, float]:
    """CIELAB (L*, a*, b*; D65) of the colour, or of how it looks with ``deficiency``.

    L* is lightness, 0 (black) to 100 (white); a* runs green to red, b* blue to yellow.

    Examples
    --------
    >>> [round(v, 2) for v in lab("FFFFFF")]
    [100.0, 0.0, 0.0]
    >>> [round(v, 2) for v in lab("FF0000")]
    [53.24, 80.09, 67.2]
    """
    linear = linear_rgb(color) if deficiency is None else simulate_linear(color, deficiency)
    return _lab_from_linear(linear)


def ciede2000(lab1, lab2, k_l: float = 1.0, k_c: float = 1.0, k_h: float = 1.0) -> float:
    """CIEDE2000 colour difference ΔE00 between two CIELAB colours.

    Follows Sharma, Wu & Dalal (2005), "The CIEDE2000 color-difference formula:
    implementation notes, supplementary test data, and mathematical observations",
    Color Res. Appl. 30(1):21-30, including their notes on hue angles near 0°/360°.
    About 1 is just noticeable; 10 or more tells two colours apart at a glance.

    Examples
    --------
    >>> round(ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)), 4)  # Sharma et al., pair 1
    2.0425
    """
    l1, a1, b1 = map(float, lab1)
    l2, a2, b2 = map(float, lab2)
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0

    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    big_dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))

    l_bar = (l1 + l2) / 2
    cp_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hp_bar = (h1p + h2p + 360) / 2
    else:
        hp_bar = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hp_bar - 30)) + 0.24 * math.cos(math.radians(2 * hp_bar))
         + 0.32 * math.cos(math.radians(3 * hp_bar + 6)) - 0.20 * math.cos(math.radians(4 * hp_bar - 63)))
    d_theta = 30 * math.exp(-(((hp_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    terms = dl / (k_l * s_l), dc / (k_c * s_c), big_dh / (k_h * s_h)
    return math.sqrt(terms[0] ** 2 + terms[1] ** 2 + terms[2] ** 2 + r_t * terms[1] * terms[2])


def colour_difference(first: str, second: str, deficiency: str | None = None) -> float:
    """CIEDE2000 between two hex colours as a viewer with ``deficiency`` (None: normal vision) sees them.

    Examples
    --------
    >>> round(colour_difference("FF0000", "00FF00"), 1)
    86.6
    >>> colour_difference("FF0000", "00FF00", "deuteranopia") < 20  # red and green, to a deuteranope
    True
    """
    return ciede2000(lab(first, deficiency), lab(second, deficiency))
