"""The lecture's look and words: --theme dark|light and the lecturer's class names, from flag or umbral.toml."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.ceilings import HANG_SECONDS
from umbral.scenes import palette, style
from umbral.scenes.publish.config import ConfigError, read_config
from umbral.scenes.publish.requests import CLI, LabRequest, RenderRequest, SlidesRequest, build
from umbral.scenes.publish.runner import RenderOptions
from umbral.scenes.publish.slides import deck_path

ROOT = Path(__file__).resolve().parents[3]


def _umbral(*args, cwd=ROOT, timeout=HANG_SECONDS):
    return subprocess.run([sys.executable, str(ROOT / "render.py"), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout)


def _in_process(*args):
    """``umbral ARGS`` through click's runner, in this process: for runs whose checks read the files they write."""
    from click.testing import CliRunner

    from umbral.cli import cli

    return CliRunner().invoke(cli, list(args))


def test_themed_draws_in_the_theme_and_restores_the_last():
    assert style.TEXT == palette.THEMES["dark"]["text"] and style.theme_name() == "dark"
    with style.themed("light"):
        assert style.BACKGROUND == "#FFFFFF" and style.TEXT == palette.THEMES["light"]["text"]
        assert style.METRIC_COLORS["f1"] == palette.THEMES["light"]["metric_f1"]
        assert style.MODEL_COLORS[0] == palette.THEMES["light"]["model_1"]
        assert style.text("x").get_fill_color().to_hex().upper() == palette.THEMES["light"]["text"]
    assert style.BACKGROUND == palette.BACKGROUND
    with pytest.raises(ValueError, match="unknown theme 'blue'"):
        with style.themed("blue"):
            pass
    with pytest.raises(AttributeError):
        style.NOT_A_COLOUR  # noqa: B018


def test_every_colour_name_has_a_role_in_both_themes():
    for theme in palette.THEMES.values():
        assert set(style.COLOUR_ROLES.values()) <= set(theme)


@pytest.mark.parametrize(("aspect", "theme", "transparent", "suffix"), [
    ("16:9", "dark", False, ""), ("16:9", "light", False, "-light"), ("4:3", "light", False, "-4x3-light"),
    ("4:3", "dark", True, "-4x3-alpha"), ("16:9", "light", True, "-light-alpha")])
def test_output_names_say_the_theme_beside_the_aspect(aspect, theme, transparent, suffix):
    options = RenderOptions(aspect=aspect, theme=theme, transparent=transparent)
    assert options.variant == suffix
    assert deck_path(Path("out"), "pima", "es", "html", options.variant) == Path(f"out/pima/es/slides{suffix}.html")


def test_the_css_follows_the_theme():
    light = palette.css_variables("light")
    assert "color-scheme: light" in light and "--background: #FFFFFF;" in light
    assert f"--metric-f1: {palette.THEMES['light']['metric_f1']};" in light
    assert "color-scheme: dark" in palette.css_variables()


def _config(tmp_path, text):
    path = tmp_path / "umbral.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_config_takes_a_theme_and_class_names(tmp_path):
    values = read_config(_config(tmp_path, 'theme = "light"\npositive_name = { en = "diabetics", es = "diabéticos" }\n'
                                           'negative_name = "healthy patients"\n'))
    render, lab, slides = (build(kind, {}, CLI, under=(values.options(kind),))
                           for kind in (RenderRequest, LabRequest, SlidesRequest))
    assert render.theme == "light" and lab.theme == "light"
    assert render.positive_name == {"en": "diabetics", "es": "diabéticos"}
    assert slides.negative_name == {"en": "healthy patients", "es": "healthy patients"}


@pytest.mark.parametrize(("text", "message"), [
    ('positive_name = { fr = "diabétiques" }\n',
     "umbral.toml:1: positive_name = { fr = \"diabétiques\" }: unknown language 'fr'"),
    ('positive_name = 3\n', "positive_name = 3: must be text"),
    ('negative_name = { es = "" }\n', "negative_name = { es = \"\" }: '': a class name is a plural noun"),
    ('positive_name = "a {brace}"\n', "a class name is a plural noun"),
])
def test_a_bad_class_name_in_the_config_is_one_error(tmp_path, text, message):
    with pytest.raises(ConfigError) as raised:
        read_config(_config(tmp_path, text))
    assert message in str(raised.value) and "\n" not in str(raised.value)


@pytest.mark.parametrize("args", [["--positive-name", ""], ["--negative-name", "es={x}"], ["--theme", "sepia"]])
def test_bad_look_flags_stop_with_exit_2_and_write_nothing(tmp_path, args):
    result = _umbral("render", "ThresholdSweep", "--data", "clinic20", "--out", str(tmp_path / "out"), *args)
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 or "Usage" in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_a_light_render_with_the_lecturers_words(tmp_path):
    """Light frames on a white background, named -light beside the dark ones; the nouns reach the narration."""
    import av
    import numpy as np

    out = tmp_path / "out"
    command = ["render", "ThresholdSweep", "--data", "clinic20", "--lang", "en,es", "--resolution", "64x36",
               "--fps", "2", "--format", "mp4,gif", "--out", str(out), "--theme", "light",
               "--positive-name", "diabetics", "--positive-name", "es=diabéticos",
               "--negative-name", "en=healthy patients", "--negative-name", "es=personas sanas", "-q"]
    result = _in_process(*command)
    assert result.exit_code == 0, result.output
    video = out / "clinic20" / "en" / "ThresholdSweep-light.mp4"
    with av.open(str(video)) as container:
        frame = next(container.decode(video=0)).to_ndarray(format="rgb24")
    assert np.median(frame.reshape(-1, 3), axis=0).min() > 240, "the light theme's background is white"
    from PIL import Image

    with Image.open(out / "clinic20" / "es" / "ThresholdSweep-light.gif") as gif:
        gif.seek(gif.n_frames // 2)
        pixels = np.asarray(gif.convert("RGB")).reshape(-1, 3)
    assert np.median(pixels, axis=0).min() > 240, "the GIF's palette holds the white background"
    assert len(np.unique(pixels, axis=0)) > 8, "and the theme's colours"
    english = (out / "clinic20" / "en" / "ThresholdSweep-light.txt").read_text(encoding="utf-8")
    spanish = (out / "clinic20" / "es" / "ThresholdSweep-light.txt").read_text(encoding="utf-8")
    assert "diabetics" in english and "sick patients" not in english
    assert "diabéticos" in spanish and "diabetics" not in spanish
    assert "color-scheme: light" in (out / "index.html").read_text(encoding="utf-8")
    again = _in_process(*command)
    assert again.exit_code == 0 and "wrote 0 file(s)" in again.output


def test_the_lab_in_the_light_theme_lives_beside_the_dark_one(tmp_path):
    out = tmp_path / "out"
    for theme in ("dark", "light"):
        result = _in_process("lab", "--data", "clinic20", "--out", str(out), "--theme", theme)
        assert result.exit_code == 0, result.output
    folder = out / "clinic20" / "en"
    light, dark = (folder / "lab-light.html").read_text(encoding="utf-8"), (folder / "lab.html").read_text("utf-8")
    assert "color-scheme: light" in light and "--background: #FFFFFF;" in light
    assert "color-scheme: dark" in dark
    gallery = (out / "index.html").read_text(encoding="utf-8")
    assert "lab-light.html" in gallery and 'lab.html"' in gallery
