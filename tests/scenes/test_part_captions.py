"""Single-model scenes name the model and split they show, on screen, only when the data has splits."""

from __future__ import annotations

import pytest

from tests.scenes.conftest import text_units
from tests.scenes.test_every_beat_fits import FRAMES, problems_at_every_beat
from umbral.data import load_study
from umbral.scenes.facts import facts_for
from umbral.scenes.publish.registry import scene_class
from umbral.scenes.strings import part_caption

#: Scene -> the method building what it shows with the data caption.
BUILDERS = {
    "RocPrCurves": "build_layout",
    "PrevalenceEffect": "build_layout",
    "AucAsRanking": "build_layout",
    "AccuracyParadox": "build_layout",
    "ThresholdSweep": "build_panels",
    "OverlappingHumps": "build_panels",
    "ScratchVsLibrary": "build_layout",
    "CostThreshold": "opening",
}
#: Scenes that show no data caption at all without splits.
CAPTIONED_ONLY_WITH_SPLITS = ("RocPrCurves", "PrevalenceEffect", "AucAsRanking", "AccuracyParadox")


@pytest.fixture(scope="module")
def forest_validation():
    """screening8's random forest on its validation split: a caption naming both."""
    study = load_study("screening8")
    return facts_for(study.select("forest", "validation"), study=study)


@pytest.fixture(scope="module")
def shown(forest_validation, clinic20_facts, tmp_path_factory):
    """``{(scene, data, lang): (dataset_name, every text built)}``, both without spaces (as ``Text.text``).

    Built in a small 16:9 config: with splits in Spanish (the longer words), without in English (no caption
    path reads the language); the every-beat check below covers English 16:9 for the scenes without one.
    """
    from manim import tempconfig

    found = {}
    with tempconfig({"pixel_width": 427, "pixel_height": 240, "format": "none", "disable_caching": True,
                     "verbosity": "ERROR", "media_dir": str(tmp_path_factory.mktemp("media"))}):
        for name, builder in BUILDERS.items():
            for data, facts, lang in (("splits", forest_validation, "es"), ("clinic20", clinic20_facts, "en")):
                scene = scene_class(name)(facts, lang)
                built = getattr(scene, builder)()
                found[name, data, lang] = (scene.dataset_name.replace(" ", ""),
                                           "".join(getattr(unit, "text", "") for unit in text_units(built)))
    return found


@pytest.mark.parametrize("lang", ["es"])
@pytest.mark.parametrize("name", BUILDERS)
def test_caption_names_model_and_split_with_splits(name, lang, shown):
    caption, words = shown[name, "splits", lang]
    assert caption.endswith(part_caption("", "forest", "validation", lang).replace(" ", ""))
    assert caption in words


@pytest.mark.parametrize("name", BUILDERS)
def test_no_part_caption_without_splits(name, shown):
    title, words = shown[name, "clinic20", "en"]
    for split in ("train", "validation", "test"):
        assert part_caption("", None, split, "en").replace(" ", "") not in words
    if name in CAPTIONED_ONLY_WITH_SPLITS:
        assert title not in words


@pytest.mark.slow
@pytest.mark.parametrize("lang, frame", [("es", "4:3")])
@pytest.mark.parametrize("name", CAPTIONED_ONLY_WITH_SPLITS)
def test_every_beat_fits_with_the_long_caption(name, lang, frame, forest_validation, tmp_path):
    assert problems_at_every_beat(name, forest_validation, lang, FRAMES[frame], tmp_path) == []
