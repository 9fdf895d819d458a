"""Last-frame pixel baselines of ThresholdSweep (few on purpose: valid for one cairo/pango/font stack).

On another stack (not Debian 12 after `make setup`) they skip, naming what this machine draws with.

Regenerate after an intended visual change with
``python -m pytest tests/scenes/test_pixel_baselines.py --set_test`` and look at the frames.
"""

from __future__ import annotations

import shutil
import subprocess

import cairo
import manimpango
import pytest
from manim.utils.testing import frames_comparison as frames_module
from manim.utils.testing.frames_comparison import frames_comparison

from umbral.data import load_dataset
from umbral.scenes import style
from umbral.scenes.facts import facts_for
from umbral.scenes.threshold_sweep import ThresholdSweep

# Debian 12 ships cairo 1.16; Manim skips graphical tests below 1.18 unless told otherwise.
frames_module.MIN_CAIRO_VERSION = 0

__module_test__ = "threshold_sweep"

#: What the baselines were drawn with: Debian 12's cairo, pango and fonts-inter, as `make setup` installs them.
BASELINE_STACK = "cairo 1.16.0, pango 1.50.12, Inter 3.019"


def drawing_stack() -> str:
    """This machine's cairo, pango and pinned font (its version as fontconfig reads it), as in BASELINE_STACK."""
    fc_match = shutil.which("fc-match")
    found = subprocess.run([fc_match, "-f", "%{family[0]}|%{fontversion}", style.FONT], capture_output=True,
                           text=True, timeout=60).stdout if fc_match else ""
    family, _, version = found.partition("|")
    font = f"{family} {int(version) / 65536:.3f}" if family == style.FONT and version.isdigit() else "no " + style.FONT
    return f"cairo {cairo.cairo_version_string()}, pango {manimpango.pango_version()}, {font}"


STACK = drawing_stack()
pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    STACK != BASELINE_STACK, reason=f"the baselines hold for {BASELINE_STACK} only; this machine draws with {STACK}")]

_FACTS = {}


def clinic20():
    if "clinic20" not in _FACTS:
        _FACTS["clinic20"] = facts_for(load_dataset("clinic20"))
    return _FACTS["clinic20"]


def panels_at(scene, lang: str, threshold: float) -> None:
    """Add the ThresholdSweep panels at ``threshold`` to the test's scene."""
    facts = clinic20()
    source = ThresholdSweep(facts, lang)
    layout = source.build_panels()
    for panel in source.panels:
        panel.update_to(facts.at(threshold))
    scene.camera.background_color = source.camera.background_color
    scene.add(layout)


@frames_comparison(last_frame=True)
def test_clinic20_en_at_half(scene):
    panels_at(scene, "en", 0.5)


@frames_comparison(last_frame=True)
def test_clinic20_es_at_zero(scene):
    panels_at(scene, "es", 0.0)


@frames_comparison(last_frame=True)
def test_clinic20_en_at_max_f1(scene):
    panels_at(scene, "en", clinic20().max_f1_threshold)
