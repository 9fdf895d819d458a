"""scenes.colour_checks against published reference values."""

from __future__ import annotations

import pytest

from umbral.scenes.colour_checks import (
    DEFICIENCIES,
    MACHADO_2009,
    ciede2000,
    colour_difference,
    contrast_ratio,
    lab,
    linear_rgb,
    relative_luminance,
    simulate,
    simulate_linear,
)

# --- WCAG 2.x -------------------------------------------------------------------------------------------------------


def test_black_on_white_is_21_to_1_and_order_does_not_matter():
    assert contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast_ratio("#FFFFFF", "#000000") == pytest.approx(21.0)
    assert contrast_ratio("#3A7BD5", "#3A7BD5") == pytest.approx(1.0)


@pytest.mark.parametrize(("color", "ratio"), [
    ("#767676", 4.54),  # the lightest grey that passes AA on white (WebAIM's contrast checker)
    ("#777777", 4.48),  # one step lighter fails
    ("#FF0000", 4.00),  # pure red on white: 3.998:1
    ("#0000FF", 8.59),
    ("#808080", 3.95),
])
def test_known_pairs_on_white(color, ratio):
    assert round(contrast_ratio(color, "#FFFFFF"), 2) == ratio


def test_luminance_of_the_primaries_is_the_wcag_weights():
    assert relative_luminance("#FF0000") == pytest.approx(0.2126)
    assert relative_luminance("#00FF00") == pytest.approx(0.7152)
    assert relative_luminance("#0000FF") == pytest.approx(0.0722)
    assert relative_luminance("#000000") == 0.0 and relative_luminance("#FFFFFF") == pytest.approx(1.0)


# --- CIELAB and CIEDE2000 -------------------------------------------------------------------------------------------


def test_cielab_of_srgb_white_and_red():
    assert lab("#FFFFFF") == pytest.approx((100.0, 0.0, 0.0), abs=1e-9)
    # sRGB red, D65 (Lindbloom's calculator): L* 53.2408, a* 80.0925, b* 67.2032.
    assert lab("#FF0000") == pytest.approx((53.2408, 80.0925, 67.2032), abs=1e-3)


#: Sharma, Wu & Dalal (2005), Table 1: all 34 pairs (L1, a1, b1, L2, a2, b2, ΔE00).
SHARMA_2005 = [
    (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
    (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
    (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
    (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
    (50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461),
    (50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065),
    (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
    (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
    (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
    (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000),
    (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
    (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
    (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
    (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
    (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
    (36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146),
    (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
    (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
    (6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377),
    (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
]


@pytest.mark.parametrize("row", SHARMA_2005, ids=[f"pair{i}" for i in range(1, len(SHARMA_2005) + 1)])
def test_ciede2000_matches_sharma_wu_dalal(row):
    first, second, expected = row[:3], row[3:6], row[6]
    assert ciede2000(first, second) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(second, first) == pytest.approx(expected, abs=1e-4)  # symmetric


def test_identical_colours_differ_by_nothing():
    assert ciede2000((40, 10, -20), (40, 10, -20)) == 0.0
    assert colour_difference("#1B1D22", "#1B1D22", "tritanopia") == 0.0


# --- Machado, Oliveira & Fernandes (2009) ---------------------------------------------------------------------------


def test_each_matrix_keeps_greys_grey():
    for deficiency in DEFICIENCIES:
        assert MACHADO_2009[deficiency].sum(axis=1) == pytest.approx([1, 1, 1], abs=2e-6), deficiency
        for grey in ("#000000", "#5A5A5A", "#808080", "#FFFFFF"):
            assert simulate(grey, deficiency) == grey, (deficiency, grey)


def test_published_entries():
    # Severity 1.0 rows as printed in the paper's supplement (and reproduced by colorspacious, DaltonLens).
    assert MACHADO_2009["protanopia"][0] == pytest.approx([0.152286, 1.052583, -0.204868])
    assert MACHADO_2009["deuteranopia"][1] == pytest.approx([0.280085, 0.672501, 0.047413])
    assert MACHADO_2009["tritanopia"][2] == pytest.approx([0.004733, 0.691367, 0.303900])


def test_a_primary_becomes_the_matrix_column_in_linear_rgb():
    # A primary is (1, 0, 0) etc. in linear RGB too, so the simulated colour is that column of the matrix
    # (a negative entry is clipped to 0).
    assert simulate_linear("#FF0000", "protanopia") == pytest.approx([0.152286, 0.114503, 0.0])
    assert simulate_linear("#00FF00", "deuteranopia") == pytest.approx([0.860646, 0.672501, 0.042940])
    assert simulate_linear("#0000FF", "tritanopia") == pytest.approx([0.0, 0.147602, 0.303900])


def test_pure_red_under_protanopia_by_hand():
    # R: 0.152286 ** (1 / 2.4) * 1.055 - 0.055 = 0.42659 -> 108.8 -> 0x6D
    # G: 0.114503 ** (1 / 2.4) * 1.055 - 0.055 = 0.37267 ->  95.0 -> 0x5F
    # B: -0.003882 clipped to 0                          ->   0   -> 0x00
    assert simulate("#FF0000", "protanopia") == "#6D5F00"


def test_a_mixed_colour_by_hand():
    # #FF8000: linear (1, 0.21586, 0). Deuteranopia, row by row:
    #   R = 0.367322 + 0.860646 * 0.21586 = 0.553099,  G = 0.280085 + 0.672501 * 0.21586 = 0.425249,
    #   B = -0.011820 + 0.042940 * 0.21586 = -0.002551 -> 0.
    g = float(linear_rgb("#FF8000")[1])
    assert g == pytest.approx(0.21586, abs=1e-5)
    assert simulate_linear("#FF8000", "deuteranopia") == pytest.approx([0.553099, 0.425249, 0.0], abs=1e-5)


def test_red_and_green_collapse_for_red_green_deficiencies_not_for_tritanopia():
    normal = colour_difference("#D55E00", "#009E73")
    assert normal > 50
    assert colour_difference("#FF0000", "#00FF00", "protanopia") < colour_difference("#FF0000", "#00FF00")
    # Blue and green look alike to a tritanope (the blue-yellow axis is missing).
    assert (colour_difference("#0072B2", "#009E73", "tritanopia")
            < colour_difference("#0072B2", "#009E73", "deuteranopia"))


def test_unknown_inputs_are_refused():
    with pytest.raises(ValueError):
        contrast_ratio("#FFF", "#000000")
    with pytest.raises(KeyError):
        simulate("#FF0000", "achromatopsia")
