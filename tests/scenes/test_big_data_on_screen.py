"""A million scores on screen: every data scene plays through the layout check, numbers in a readable form.

Counts and costs from 100,000 are shown in thousands ("300k"), pair counts in digit groups
("210,143,471,119"), curves thinned for drawing. One sample per scene (English, 16:9): the
layout rules do not depend on the language once the numbers have their form. Composition (a
third of the frame at 27-29 % in CostThreshold's ratio beats, as with the lecture's data) is not
what this file checks.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from tests.scenes.layout_check import FRAMES, play_through
from umbral.data.dataset import Dataset
from umbral.scenes.facts import facts_for

pytestmark = pytest.mark.slow

LAYOUT_KINDS = ("outside", "overlapping", "too_small", "numbers_too_small", "off_theme")


@pytest.fixture(scope="module")
def million():
    rng = np.random.default_rng(7)
    y = (rng.random(1_000_000) < 0.3).astype(np.int8)
    scores = np.clip(rng.normal(0.35 + 0.3 * y, 0.18), 0, 1).round(4)
    return facts_for(Dataset("million", "A million scores", y, scores, {"kind": "test"}))


#: What each scene must show for a million scores (Manim's Text drops the spaces).
EXPECTED = {
    "ThresholdSweep": r"of1000kdecisionsright|of1000k",
    "CostThreshold": r"\d+k",
    "AucAsRanking": r"\d{1,3}(,\d{3}){3}pairs",
    "OverlappingHumps": r"",
    "RocPrCurves": r"AUC0\.\d\d",
    "PrevalenceEffect": r"",
}


@pytest.mark.parametrize("name", list(EXPECTED))
def test_a_million_scores_fit_the_frame(name, million, tmp_path):
    seen = play_through(name, million, "en", FRAMES["16:9"], tmp_path)
    assert seen.beats > 5
    layout = [{kind: problem[kind] for kind in LAYOUT_KINDS if problem.get(kind)}
              for problem in seen.problems if any(problem.get(kind) for kind in LAYOUT_KINDS)]
    assert layout == []
    shown = " ".join(sorted(seen.texts)).replace(" ", "")
    assert re.search(EXPECTED[name], shown), shown[:400]
    assert not re.search(r"(?<![\d,.])\d{7,}", shown), "a seven-digit number on screen"
