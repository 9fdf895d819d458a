"""umbral.toml's [strings.<lang>] tables: a lecturer's own lines, checked against the English templates."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.ceilings import HANG_SECONDS
from umbral.scenes import strings
from umbral.scenes.publish.config import ConfigError, read_config
from umbral.scenes.publish.requests import CLI, RenderRequest, build

ROOT = Path(__file__).resolve().parents[3]


def _config(tmp_path, text):
    path = tmp_path / "umbral.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_overrides_are_read_and_kept_apart_from_the_options(tmp_path):
    path = _config(tmp_path, 'lang = ["en", "es"]\n\n[strings.en]\nclosing = "Pick the mistakes you can live with."\n'
                             'roc_title = "ROC · {auc}"\n\n[strings.es]\nsay_closing = "Elige tus errores."\n')
    values = read_config(path)
    assert values.strings == {"en": {"closing": "Pick the mistakes you can live with.",
                                               "roc_title": "ROC · {auc}"},
                                        "es": {"say_closing": "Elige tus errores."}}
    assert build(RenderRequest, {}, CLI, under=(values.options(RenderRequest),)).lang == ("en", "es")
    assert "strings" not in values.options(RenderRequest)[0]
    assert read_config(_config(tmp_path, 'lang = "en"\n')).strings == {}


@pytest.mark.parametrize(("text", "message"), [
    ('[strings.en]\nclosin = "x"\n', "[strings.en] unknown key 'closin'"),
    ('[strings.es]\nroc_title = "ROC {area}"\n', "[strings.es] roc_title: {area} is not a placeholder of the English "
                                                 "text (it has {auc})"),
    ('[strings.fr]\nclosing = "x"\n', "[strings.fr]: unknown language 'fr'"),
    ('[strings.en]\nclosing = 3\n', "[strings.en] closing must be a string"),
    ('[strings.en]\nclosing = "a {brace"\n', "[strings.en] closing: "),
    ('strings = "closing"\n', "[strings] must be a table of languages"),
])
def test_a_bad_override_is_one_error_naming_it(tmp_path, text, message):
    with pytest.raises(ConfigError) as raised:
        read_config(_config(tmp_path, text))
    assert message in str(raised.value) and "\n" not in str(raised.value)
    assert str(raised.value).startswith(str(tmp_path / "umbral.toml"))


def test_an_override_may_drop_a_placeholder(tmp_path):
    values = read_config(_config(tmp_path, '[strings.en]\nroc_title = "ROC curve"\nclosing = "{{braces}} are fine"\n'))
    assert values.strings["en"]["roc_title"] == "ROC curve"


def test_the_cli_stops_with_exit_2_and_one_line(tmp_path):
    _config(tmp_path, 'data = "clinic20"\n\n[strings.en]\nclosing_line = "x"\n')
    result = subprocess.run([sys.executable, str(ROOT / "render.py"), "report"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=HANG_SECONDS)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "unknown key 'closing_line'" in result.stderr


def test_overridden_tables_are_restored():
    before = dict(strings.strings_for("es"))
    with strings.overridden({"es": {"part_split": "partición {split}", "closing": "Otra frase."}}):
        assert strings.ES["closing"] == "Otra frase."
        assert strings.part_caption("Pima", None, "test", "es") == "Pima · partición prueba"
        assert strings.strings_for("en")["closing"] == "No threshold makes every bar tall."
    assert strings.strings_for("es") == before
    with pytest.raises(strings.LocaleError, match="unknown key 'nope'"):
        with strings.overridden({"es": {"nope": "x"}}):
            pass
    assert strings.strings_for("es") == before


def test_an_override_reaches_the_rendered_narration_and_only_its_language(tmp_path):
    """umbral.toml's [strings.es] line is in the Spanish transcript; English keeps its own; a rerun is up to date."""

    config = tmp_path / "umbral.toml"
    config.write_text('[strings.es]\nsay_closing = "Elegir θ es elegir con qué errores vivir, dijo la profesora."\n',
                      encoding="utf-8")
    from click.testing import CliRunner

    from umbral.cli import cli

    command = ["--config", str(config), "render", "ThresholdSweep", "--data", "clinic20", "--lang", "en,es",
               "--resolution", "64x36", "--fps", "2", "--out", str(tmp_path / "out")]
    first = CliRunner().invoke(cli, command)  # in this process: the check reads what it wrote
    assert first.exit_code == 0, first.output
    spanish = (tmp_path / "out" / "clinic20" / "es" / "ThresholdSweep.txt").read_text(encoding="utf-8")
    english = (tmp_path / "out" / "clinic20" / "en" / "ThresholdSweep.txt").read_text(encoding="utf-8")
    assert "dijo la profesora" in spanish and "dijo la profesora" not in english
    assert "No threshold makes every bar tall" in english
    again = CliRunner().invoke(cli, command)
    assert again.exit_code == 0 and "wrote 0 file(s)" in again.output
