"""The locale files: one TOML file per language, English the reference (fast, no Manim)."""

from __future__ import annotations

import shutil
import string
import tomllib

import pytest

from umbral.scenes import lab_strings, strings
from umbral.scenes.strings import LOCALES_DIR, REFERENCE, LocaleError, load_locales, locale_problems

FILES = sorted(LOCALES_DIR.glob("*.toml"))
TABLES = ("strings", "dataset_titles", "positive_names", "negative_names", "model_names", "split_names", "lab",
          "lab_calibration")


def _raw(path):
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _slots(template):
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


ENGLISH = _raw(LOCALES_DIR / f"{REFERENCE}.toml")


def test_the_shipped_languages():
    assert strings.LANGUAGES[0] == "en"
    assert strings.LANGUAGES == ("en", *sorted(path.stem for path in FILES if path.stem != "en"))
    assert {"en", "es"} <= set(strings.LANGUAGES)


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_file_reads_and_holds_only_strings(path):
    data = _raw(path)
    assert set(data) == set(TABLES), f"{path.name}: tables {sorted(data)}"
    for name, table in data.items():
        assert isinstance(table, dict), f"{path.name}: {name} is not a table"
        for key, text in table.items():
            assert isinstance(text, str), f"{path.name}: [{name}] {key} is a {type(text).__name__}"
            assert text.strip(), f"{path.name}: [{name}] {key} is empty"


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_locale_has_exactly_the_english_keys(path):
    data = _raw(path)
    for name, english in ENGLISH.items():
        table = data.get(name, {})
        missing = [key for key in english if key not in table]
        extra = [key for key in table if key not in english]
        assert not missing, f"{path.name}: [{name}] missing {missing}"
        assert not extra, f"{path.name}: [{name}] extra {extra}"


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_string_has_the_english_placeholders(path):
    data = _raw(path)
    for name, english in ENGLISH.items():
        for key, template in english.items():
            if key in data.get(name, {}):
                theirs, ours = _slots(data[name][key]), _slots(template)
                assert theirs == ours, f"{path.name}: [{name}] {key} has {sorted(theirs)}, English {sorted(ours)}"


def test_strings_py_exposes_the_files():
    for lang in strings.LANGUAGES:
        data = _raw(LOCALES_DIR / f"{lang}.toml")
        assert strings.strings_for_raw(lang) == data["strings"]
        assert list(strings.strings_for(lang)) == list(ENGLISH["strings"])  # the scenes' order, in every language
        assert strings.DATASET_TITLES[lang] == data["dataset_titles"]
        assert strings.MODEL_NAMES[lang] == data["model_names"]
        assert strings.SPLIT_NAMES[lang] == data["split_names"]
        own = {key: text for key, text in lab_strings.LAB[lang].items() if key not in lab_strings._FROM_SCENES}
        assert own == data["lab"]
    assert strings.EN is strings.strings_for_raw("en") and strings.ES is strings.strings_for_raw("es")
    assert lab_strings.EN is lab_strings.LAB["en"] and lab_strings.ES is lab_strings.LAB["es"]


def test_the_tables_read_as_before_the_move():
    """Spot checks of what strings.py held as Python dicts (the whole tables were compared once, at the move)."""
    assert strings.EN["tp"] == "TP" and strings.ES["tp"] == "VP"
    assert strings.ES["part_split"] == "conjunto de {split}"
    assert strings.DATASET_TITLES["es"]["screening8"] == "Tamizaje simulado, prevalencia 8 %"
    assert strings.split_label("test", "es") == "prueba"
    assert strings.part_caption("Pima", "forest", "test", "es") == "Pima · bosque aleatorio, conjunto de prueba"


def _copy_locales(tmp_path):
    folder = tmp_path / "locales"
    shutil.copytree(LOCALES_DIR, folder)
    return folder


def test_a_new_language_is_one_file(tmp_path):
    folder = _copy_locales(tmp_path)
    shutil.copy(folder / "es.toml", folder / "ca.toml")
    shutil.copy(folder / "en.toml", folder / "zz.toml")
    locales = load_locales(folder)
    assert list(locales) == ["en", "ca", "es", "zz"]
    assert locales["ca"]["strings"]["closing"] == strings.ES["closing"]


def test_a_missing_or_extra_key_names_the_key_and_the_file(tmp_path):
    folder = _copy_locales(tmp_path)
    text = (folder / "es.toml").read_text(encoding="utf-8")
    text = text.replace('\nclosing = "Ningún umbral hace altas todas las barras."\n', "\n", 1)
    text = text.replace("[model_names]\n", '[model_names]\nsvm = "máquina de vectores de soporte"\n', 1)
    (folder / "es.toml").write_text(text, encoding="utf-8")
    problems = locale_problems(load_locales(folder, check=False), folder)
    assert problems == [f"{folder / 'es.toml'}: [model_names] extra key svm (not in en.toml)",
                        f"{folder / 'es.toml'}: [strings] missing key closing"]
    with pytest.raises(LocaleError, match=r"es\.toml: \[strings\] missing key closing"):
        load_locales(folder)


def test_a_renamed_placeholder_names_the_key(tmp_path):
    folder = _copy_locales(tmp_path)
    text = (folder / "es.toml").read_text(encoding="utf-8")
    (folder / "es.toml").write_text(text.replace("umbral θ = {threshold}", "umbral θ = {umbral}", 1),
                                    encoding="utf-8")
    with pytest.raises(LocaleError, match=r"\[strings\] threshold_header has placeholders \{umbral\}, "
                                          r"English has \{threshold\}"):
        load_locales(folder)


def test_a_number_instead_of_a_string_is_refused(tmp_path):
    folder = _copy_locales(tmp_path)
    (folder / "xx.toml").write_text("[strings]\nclosing = 3\n", encoding="utf-8")
    with pytest.raises(LocaleError, match=r"xx\.toml: \[strings\] closing must be a string"):
        load_locales(folder)


def test_no_english_no_locales(tmp_path):
    (tmp_path / "es.toml").write_bytes((LOCALES_DIR / "es.toml").read_bytes())
    with pytest.raises(LocaleError, match="no en.toml"):
        load_locales(tmp_path)
