"""Shared fixtures for scene tests: verified facts and a small Manim config."""

from __future__ import annotations

import atexit
import itertools
import shutil
import tempfile

import numpy as np
import pytest

from umbral.data import load_dataset
from umbral.scenes.facts import facts_for

#: Text SVGs of this test process, kept for all its layout tests (Manim reuses an SVG whose text and style it has
#: made before: a fresh folder per test made pango draw every word again, most of a layout test's time). One folder
#: per process: a folder shared between processes gets corrupted. Renders keep their own media folders.
TEXT_DIR = tempfile.mkdtemp(prefix="umbral-test-texts-")
atexit.register(shutil.rmtree, TEXT_DIR, True)

#: How long a run took, as its summary line says it: "48.2 s", or "1 min 53 s" past a minute (a loaded machine).
TOOK = r"(?:\d+\.\d s|\d+ min \d+ s)"


@pytest.fixture(scope="session", params=["clinic20", "screening"])
def facts(request):
    return facts_for(load_dataset(request.param))


@pytest.fixture(scope="session")
def clinic20_facts():
    return facts_for(load_dataset("clinic20"))


def small_settings(media_dir):
    """Manim settings for building scenes without rendering (16:9, cache off, media under ``media_dir``)."""
    from manim import tempconfig

    return tempconfig({"pixel_width": 427, "pixel_height": 240, "frame_rate": 5, "disable_caching": True,
                       "format": "none", "verbosity": "ERROR", "progress_bar": "none",
                       "media_dir": str(media_dir), "text_dir": TEXT_DIR})


@pytest.fixture
def small_config(tmp_path):
    """:func:`small_settings` with a private media folder, for one test."""
    with small_settings(tmp_path / "media"):
        yield


def shared_builds(tmp_path_factory, build):
    """``get(facts, lang)``: ``build(facts, lang)``, made once per data and language in :func:`small_settings`.

    For a module's tests that only read a built scene (building its texts is most of a test's time).
    """
    built = {}

    def get(facts, lang):
        key = (id(facts), lang)
        if key not in built:
            with small_settings(tmp_path_factory.mktemp("media")):
                built[key] = facts, build(facts, lang)  # facts kept alive: its id is not reused
        return built[key][1]

    return get


def frame_at(ratio: float, media_dir):
    """A tempconfig for a small frame of aspect ``ratio`` (8 units tall, 240 px), media under ``media_dir``."""
    from manim import tempconfig

    return tempconfig({"frame_width": 8.0 * ratio, "frame_height": 8.0, "pixel_width": round(240 * ratio),
                       "pixel_height": 240, "media_dir": str(media_dir), "text_dir": TEXT_DIR})


def text_units(mobject):
    """Every Text and LiveText in the tree, not descending into them."""
    from manim import Text

    from umbral.scenes.components.live_text import LiveText

    if isinstance(mobject, (Text, LiveText)):
        return [mobject]
    return [unit for child in mobject.submobjects for unit in text_units(child)]


def box(mobject) -> tuple[float, float, float, float]:
    """``(x0, y0, x1, y1)``: a mobject's bounding box in the frame."""
    (x0, y0), (x1, y1) = mobject.get_corner([-1, -1, 0])[:2], mobject.get_corner([1, 1, 0])[:2]
    return x0, y0, x1, y1


def boxes_overlap(a, b, tolerance: float = 0.01) -> bool:
    """True when two boxes (or the boxes of two mobjects) overlap by more than ``tolerance``."""
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = (v if isinstance(v, tuple) else box(v) for v in (a, b))
    return min(ax1, bx1) - max(ax0, bx0) > tolerance and min(ay1, by1) - max(ay0, by0) > tolerance


def drawn_box(unit) -> tuple[float, float, float, float] | None:
    """The box of what ``unit`` draws: its leaves with some opacity (a LiveText's invisible rulers
    span the widest number its slot may show, wider than "70k" in a grid cell), or None."""
    leaves = [leaf for leaf in unit.family_members_with_points()
              if leaf.get_fill_opacity() > 0.05 or leaf.get_stroke_opacity() > 0.05]
    if not leaves:
        return None
    points = np.concatenate([leaf.points for leaf in leaves])
    (x0, y0), (x1, y1) = points[:, :2].min(axis=0), points[:, :2].max(axis=0)
    return float(x0), float(y0), float(x1), float(y1)


def overlapping_texts(mobject):
    """Pairs of text units whose drawn boxes overlap, described for a failure message."""
    drawn = [(unit, drawn_box(unit)) for unit in text_units(mobject) if len(unit.get_all_points())]
    units, boxes = [u for u, b in drawn if b is not None], [b for _, b in drawn if b is not None]
    return [(units[i], units[j]) for i, j in itertools.combinations(range(len(units)), 2)
            if boxes_overlap(boxes[i], boxes[j])]


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


def describe(pairs):
    """Text pairs from ``overlapping_texts``, by their words, for a failure message."""
    return [(getattr(a, "text", type(a).__name__), getattr(b, "text", type(b).__name__)) for a, b in pairs]


def small_texts(mobject):
    """Texts shrunk below the smallest size the style allows."""
    from manim import Text

    from umbral.scenes import style

    return [t for t in mobject.get_family() if isinstance(t, Text) and t.font_size < style.SIZE_SMALL - 0.05]


def all_files(folder):
    """Every file below ``folder``, sorted."""
    return sorted(p for p in folder.rglob("*") if p.is_file())


@pytest.fixture(scope="module")
def private_media(tmp_path_factory):
    """Text SVGs in a folder of this module: a media folder shared with other processes gets corrupted."""
    from manim import tempconfig

    with tempconfig({"media_dir": str(tmp_path_factory.mktemp("media")), "text_dir": TEXT_DIR}):
        yield


@pytest.fixture
def private_tmp(tmp_path, monkeypatch):
    """Point tempfile at a folder of the test, so leftover media folders can be seen."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    return scratch


def layouts_in_both_languages(scene_class, facts, tmp_path_factory):
    """For a module fixture: ``{lang: (scene, scene.build_layout())}`` in a small config with private media."""
    from manim import tempconfig

    media = tmp_path_factory.mktemp("media")
    with tempconfig({"pixel_width": 427, "pixel_height": 240, "format": "none", "disable_caching": True,
                     "media_dir": str(media), "text_dir": TEXT_DIR}):
        built = {}
        for lang in ("en", "es"):
            scene = scene_class(facts, lang)
            built[lang] = (scene, scene.build_layout())
        yield built


def tiny_render(scene_name, facts, tmp_path, fps=5, **options):
    """Render ``scene_name`` at 192x108; its video's probe and its subtitle cues."""
    import srt

    from umbral.scenes.publish.media_convert import probe
    from umbral.scenes.publish.runner import RenderOptions, render_scene

    written = render_scene(scene_name, facts, RenderOptions(resolution=(192, 108), fps=fps, out_dir=tmp_path,
                                                            **options))
    video = next(p for p in written if p.suffix == ".mp4")
    return probe(video), list(srt.parse(video.with_suffix(".srt").read_text(encoding="utf-8")))


def check_tiny_render(info, cues, expected, count, fps=5, slack=0.2):
    """192x108, ``expected`` seconds to 3 frames, ``count`` cues all inside the video (plus ``slack``)."""
    assert (info["width"], info["height"]) == (192, 108)
    assert info["frames"] == pytest.approx(expected * fps, abs=3)
    assert info["duration"] == pytest.approx(expected, abs=3 / fps)
    assert len(cues) == count
    assert all(0 <= c.start.total_seconds() < c.end.total_seconds() <= expected + slack for c in cues)
