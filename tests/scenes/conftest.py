"""Shared fixtures for scene tests: verified facts and a small Manim config."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from data import load_dataset
from scenes.facts import facts_for


@pytest.fixture(scope="session", params=["clinic20", "screening"])
def facts(request):
    return facts_for(load_dataset(request.param))


@pytest.fixture(scope="session")
def clinic20_facts():
    return facts_for(load_dataset("clinic20"))


@pytest.fixture
def small_config(tmp_path):
    """Manim settings for building scenes without rendering (16:9, cache off, private media folder)."""
    from manim import tempconfig

    with tempconfig({"pixel_width": 427, "pixel_height": 240, "frame_rate": 5, "disable_caching": True,
                     "format": "none", "verbosity": "ERROR", "progress_bar": "none",
                     "media_dir": str(tmp_path / "media")}):
        yield


def text_units(mobject):
    """Every Text and LiveText in the tree, not descending into them."""
    from manim import Text

    from scenes.components.live_text import LiveText

    if isinstance(mobject, (Text, LiveText)):
        return [mobject]
    return [unit for child in mobject.submobjects for unit in text_units(child)]


def boxes_overlap(a, b, tolerance: float = 0.01) -> bool:
    """True when the bounding boxes of two mobjects overlap by more than ``tolerance``."""
    (ax0, ay0), (ax1, ay1) = a.get_corner([-1, -1, 0])[:2], a.get_corner([1, 1, 0])[:2]
    (bx0, by0), (bx1, by1) = b.get_corner([-1, -1, 0])[:2], b.get_corner([1, 1, 0])[:2]
    return min(ax1, bx1) - max(ax0, bx0) > tolerance and min(ay1, by1) - max(ay0, by0) > tolerance


def overlapping_texts(mobject):
    """Pairs of text units whose boxes overlap, described for a failure message."""
    units = [u for u in text_units(mobject) if len(u.get_all_points())]
    return [(a, b) for a, b in itertools.combinations(units, 2) if boxes_overlap(a, b)]


def outside_frame(mobject, margin: float = 0.02):
    """Leaf mobjects that reach outside the frame."""
    from manim import config

    half_w, half_h = config.frame_width / 2 + margin, config.frame_height / 2 + margin
    bad = []
    for leaf in mobject.family_members_with_points():
        points = leaf.points
        if np.any(np.abs(points[:, 0]) > half_w) or np.any(np.abs(points[:, 1]) > half_h):
            bad.append(leaf)
    return bad
