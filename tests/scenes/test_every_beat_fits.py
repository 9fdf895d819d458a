"""Every scene, played through without drawing: after each play and wait, all fits the frame.

The per-scene tests check chosen moments; this one checks every beat of the
story, in both languages and in both the 16:9 and the 4:3 frame (stills for
Beamer and handouts), so a long Spanish label or a narrow frame cannot push
text off screen, onto other text, or below the smallest readable size at a
moment nobody looked at.

To keep the suite short, each scene runs in two samples, English 16:9 and
Spanish 4:3 (the longest words in the narrowest frame); ``UMBRAL_EVERY_COMBINATION=1``
runs all four language x frame combinations. Scenes that compare models or
splits run on screening8 in their own test modules.
"""

from __future__ import annotations

import os

import pytest

from data import load_dataset
from scenes.facts import facts_for
from scenes.publish.registry import LECTURE_ORDER, NEEDS, scene_class
from tests.scenes.conftest import describe, outside_frame, overlapping_texts, text_units

pytestmark = pytest.mark.slow

FRAMES = {"16:9": 16 / 9, "4:3": 4 / 3}
#: (language, frame) samples per scene; every combination on request.
SAMPLES = ([(lang, frame) for lang in ("en", "es") for frame in FRAMES]
           if os.environ.get("UMBRAL_EVERY_COMBINATION") == "1" else [("en", "16:9"), ("es", "4:3")])
#: The scenes that read one model on one split.
SINGLE = [name for name in LECTURE_ORDER if name not in NEEDS]


def visible(mobjects):
    """Mobjects drawn now: faded-out leftovers (opacity 0) are not on screen."""
    def drawn(part):
        return part.get_fill_opacity() > 0.05 or part.get_stroke_opacity() > 0.05

    return [m for m in mobjects if any(drawn(part) for part in m.family_members_with_points())]


def problems_at_every_beat(name: str, facts, lang: str, ratio: float, media_dir) -> list:
    """Play the scene without writing frames; after each play/wait, what sticks out or overlaps."""
    from manim import Group, Text, tempconfig

    from scenes import style
    from scenes.components.live_text import LiveText

    found = []
    with tempconfig({"pixel_width": round(240 * ratio), "pixel_height": 240, "frame_width": 8.0 * ratio,
                     "frame_height": 8.0, "frame_rate": 5, "dry_run": True, "disable_caching": True,
                     "format": "none", "verbosity": "ERROR", "progress_bar": "none", "media_dir": str(media_dir)}):
        scene = scene_class(name)(facts, lang)
        beats = []

        def checked(method):
            def run(*args, **kwargs):
                result = method(*args, **kwargs)
                beats.append(method.__name__)
                shown = Group(*visible(scene.mobjects))
                outside = [getattr(t, "text", type(t).__name__) for t in text_units(shown) if outside_frame(t)]
                if not outside and outside_frame(shown):
                    outside = ["a drawing"]
                overlaps = describe(overlapping_texts(shown))
                texts = [t for t in shown.get_family() if isinstance(t, (Text, LiveText)) and len(t.get_all_points())]
                tiny = [(getattr(t, "text", getattr(t, "template", "")), round(t.font_size, 1)) for t in texts
                        if t.font_size < style.SIZE_MIN_READABLE - 0.05]
                if outside or overlaps or tiny:
                    found.append({"beat": len(beats), "after": method.__name__, "outside": outside,
                                  "overlapping": overlaps, "too_small": tiny})
                return result
            return run

        scene.play, scene.wait = checked(scene.play), checked(scene.wait)
        scene.render()
    assert len(beats) > 5, "the scene was not played through"
    return found


@pytest.fixture(scope="module")
def datasets():
    return {name: facts_for(load_dataset(name)) for name in ("clinic20", "screening")}


@pytest.mark.parametrize("lang, frame", SAMPLES)
@pytest.mark.parametrize("name", SINGLE)
def test_every_beat_fits_on_clinic20(name, lang, frame, datasets, tmp_path):
    assert problems_at_every_beat(name, datasets["clinic20"], lang, FRAMES[frame], tmp_path) == []


@pytest.mark.parametrize("name", [n for n in SINGLE if n not in ("RadarHistory", "MulticlassConfusion")])
def test_every_beat_fits_on_screening_in_spanish_4x3(name, datasets, tmp_path):
    """The default data (n = 231: three-digit counts) in the narrowest case: Spanish words, 4:3."""
    assert problems_at_every_beat(name, datasets["screening"], "es", FRAMES["4:3"], tmp_path) == []


def test_the_check_sees_text_pushed_off_screen(datasets, tmp_path, monkeypatch):
    """The checker itself: a scene whose title is moved off screen is reported."""
    from scenes.cost_threshold import CostThreshold

    header = CostThreshold.header

    def off_screen(self, step):
        return header(self, step).shift([20, 0, 0])

    monkeypatch.setattr(CostThreshold, "header", off_screen)
    found = problems_at_every_beat("CostThreshold", datasets["clinic20"], "en", FRAMES["16:9"], tmp_path)
    assert found and any(p["outside"] for p in found)


def test_the_check_sees_text_shrunk_too_far(datasets, tmp_path, monkeypatch):
    """The checker itself: a heading scaled to a quarter is reported as too small."""
    from scenes.cost_threshold import CostThreshold

    header = CostThreshold.header

    def shrunk(self, step):
        return header(self, step).scale(0.25)

    monkeypatch.setattr(CostThreshold, "header", shrunk)
    found = problems_at_every_beat("CostThreshold", datasets["clinic20"], "en", FRAMES["16:9"], tmp_path)
    assert found and any(p["too_small"] for p in found)
