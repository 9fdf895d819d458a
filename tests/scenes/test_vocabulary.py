"""The lecturer's class names: where they come from, and Spanish that agrees with any noun."""

from __future__ import annotations

import re

import pytest

from umbral.scenes import strings

#: Spanish words that agree in gender or number with a noun next to them: none may touch a class name.
AGREEING = {"el", "la", "los", "las", "un", "una", "unos", "unas", "todos", "todas", "detectados", "detectadas",
            "perdidos", "perdidas", "ellos", "ellas", "muchos", "muchas", "pocos", "pocas", "sanos", "sanas",
            "enfermos", "enfermas", "positivos", "positivas", "negativos", "negativas", "marcados", "marcadas",
            "ordenados", "ordenadas", "otro", "otra", "otros", "otras", "mismos", "mismas", "del", "al",
            "cuántos", "cuántas", "ninguno", "ninguna", "alguno", "alguna", "estos", "estas", "esos", "esas"}
#: Noun pairs of both genders the Spanish templates must read right with.
PAIRS = [("diabéticos", "sanos"), ("personas enfermas", "personas sanas"), ("tumores malignos", "tumores benignos")]
NOUN_KEYS = strings.CLASS_NAME_KEYS


def _neighbours(template: str, key: str, reach: int = 2) -> list[str]:
    """The ``reach`` words on each side of every ``{key}`` in ``template``, within its clause (lower case).

    A comma, colon, semicolon, full stop or bracket ends the clause: words past it do not agree with the noun.
    """
    found = []
    for match in re.finditer(r"\{" + key + r"\}", template):
        before = re.split(r"[.,;:!?()\n]", template[:match.start()])[-1]
        after = re.split(r"[.,;:!?()\n]", template[match.end():])[0]
        words = r"[\wáéíóúñü]+"
        found += re.findall(words, before.lower())[-reach:] + re.findall(words, after.lower())[:reach]
    return found


def _using_names(lang: str) -> dict[str, str]:
    return {key: text for key, text in strings.strings_for_raw(lang).items()
            if any(f"{{{name}}}" in text for name in NOUN_KEYS)}


def test_the_lecture_names_the_classes_in_both_languages():
    """Grid labels, readouts and narration use the class names, in English and Spanish alike."""
    english, spanish = _using_names("en"), _using_names("es")
    assert len(english) >= 15, sorted(english)
    assert set(english) == set(spanish)  # placeholders match key by key (test_locales), so the keys do too
    said = [key for key in english if key.startswith("say_") or "_say_" in key]
    assert len(said) >= 5, "the narration names the classes too"


@pytest.mark.parametrize("key", sorted(_using_names("es")))
def test_no_spanish_word_agrees_with_a_class_name(key):
    """The noun stands where agreement does not change: no article, adjective or participle touches it."""
    template = strings.strings_for_raw("es")[key]
    for name in NOUN_KEYS:
        clashing = sorted(set(_neighbours(template, name)) & AGREEING)
        assert not clashing, f"es {key}: {clashing} next to {{{name}}} in {template!r}"


@pytest.mark.parametrize(("positive", "negative"), PAIRS)
def test_spanish_sentences_fill_with_nouns_of_either_gender(positive, negative):
    with strings.overridden({"es": {"positive_name": positive, "negative_name": negative}}):
        table = strings.strings_for("es", "clinic20")
    for key in _using_names("es"):
        assert "{positive_name}" not in table[key] and "{negative_name}" not in table[key]
        assert positive in table[key] or negative in table[key], key
        words = re.findall(r"[\wáéíóúñü]+", table[key].lower())
        assert not {"el personas", "los personas"} & {" ".join(pair) for pair in zip(words, words[1:], strict=False)}


def test_where_the_names_come_from():
    """The lecturer's names win; else a built-in dataset's own; else "positives"/"negatives"."""
    assert strings.class_names("en", "breast-cancer") == {"positive_name": "malignant tumours",
                                                          "negative_name": "benign tumours"}
    assert strings.class_names("es", "screening")["positive_name"] == "pacientes enfermos"
    assert strings.class_names("en", "my_scores") == {"positive_name": "positives", "negative_name": "negatives"}
    with strings.overridden({"en": {"positive_name": "diabetics"}}):
        assert strings.class_names("en", "screening") == {"positive_name": "diabetics",
                                                          "negative_name": "healthy patients"}
        assert strings.class_names("es", "screening")["positive_name"] == "pacientes enfermos"
    assert strings.class_names("en", "screening")["positive_name"] == "sick patients"


def test_every_built_in_dataset_has_its_names():
    from umbral.data.builtins import BUILTINS

    for lang in strings.LANGUAGES:
        for key in NOUN_KEYS:
            assert set(strings.DATASET_CLASS_NAMES[lang][key]) == set(BUILTINS), (lang, key)


@pytest.mark.parametrize("noun", ["", "   ", "a" * 41, "two\nlines", "{braces}"])
def test_a_bad_class_name_is_refused(noun):
    with pytest.raises(strings.LocaleError, match="a class name is a plural noun"):
        strings.check_overrides({"en": {"positive_name": noun}})
