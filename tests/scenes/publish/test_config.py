"""umbral.toml: read from the working folder, overridden by flags, strict about keys."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ceilings import HANG_SECONDS
from umbral.scenes.publish.config import ConfigError, read_config
from umbral.scenes.publish.requests import CLI, RenderRequest, SlidesRequest, build

ROOT = Path(__file__).resolve().parents[3]


def run(cwd, *args):
    return subprocess.run([sys.executable, str(ROOT / "render.py"), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=HANG_SECONDS)


def test_config_sets_defaults_and_flags_override(tmp_path):
    (tmp_path / "umbral.toml").write_text('data = "clinic20"\nthreshold = 0.3\ncost_fn = 1\ncost_fp = 1\n')
    from_file = json.loads(run(tmp_path, "report", "--json").stdout)
    assert (from_file["n"], from_file["threshold"], from_file["tp"]) == (20, 0.3, 5)
    assert from_file["thresholds"]["cost_ratio"] == 0.5
    overridden = json.loads(run(tmp_path, "report", "--json", "--threshold", "0.5").stdout)
    assert (overridden["threshold"], overridden["tp"]) == (0.5, 4)


def test_unknown_key_is_an_error_naming_it(tmp_path):
    (tmp_path / "umbral.toml").write_text('data = "clinic20"\nlanguage = "es"\n')
    result = run(tmp_path, "report")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "unknown key 'language'" in result.stderr


def test_bad_values_and_bad_toml_are_errors(tmp_path):
    (tmp_path / "umbral.toml").write_text('quality = "ultra"\n')
    result = run(tmp_path, "render", "--out", str(tmp_path / "out"))
    assert result.returncode == 2 and "ultra" in result.stderr
    assert not (tmp_path / "out").exists()
    (tmp_path / "umbral.toml").write_text("data = \n")
    result = run(tmp_path, "report")
    assert result.returncode == 2 and "not valid TOML" in result.stderr


def test_explicit_config_path_and_lists(tmp_path):
    config = tmp_path / "chapter.toml"
    config.write_text('lang = ["en", "es"]\nformat = ["mp4", "gif"]\nscenes = ["ThresholdSweep"]\nsubtitles = false\n'
                      'quiet = true\n')
    values = read_config(config)
    render = build(RenderRequest, {}, CLI, under=(values.options(RenderRequest),))
    slides = build(SlidesRequest, {}, CLI, under=(values.options(SlidesRequest),))
    assert render.quiet is True and slides.quiet is True
    assert render.lang == ("en", "es") and render.format == ("mp4", "gif")
    assert render.scenes == ("ThresholdSweep",) and render.subtitles is False
    flags = build(RenderRequest, {"lang": "es", "subtitles": None}, CLI, under=(values.options(RenderRequest),))
    assert flags.lang == ("es",) and flags.subtitles is False
    missing = run(tmp_path, "--config", str(tmp_path / "nope.toml"), "report")
    assert missing.returncode == 2 and "cannot read" in missing.stderr


def test_scenes_are_names_umbral_has(tmp_path):
    config = tmp_path / "umbral.toml"
    config.write_text('scenes = "ThresholdSweep"\n')
    assert build(RenderRequest, {}, CLI, under=(read_config(config).options(RenderRequest),)).scenes == (
        "ThresholdSweep",)
    config.write_text('lang = "en"\nscenes = ["ThresholdSweep", "Nope"]\n')
    with pytest.raises(ConfigError, match=r"umbral.toml:2: scenes = \["):
        read_config(config)
