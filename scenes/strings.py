"""Every on-screen string, one table per language, looked up by key.

The strings live in ``scenes/locales/<lang>.toml``, one file per language, read
with the standard library's :mod:`tomllib`; English (``en.toml``) is the
reference every other file must match key for key and ``{placeholder}`` for
``{placeholder}``. Adding a language is adding one file. Terms follow
../shared/GLOSSARY.md. Templates use ``{name}`` for numbers filled from a
Snapshot (live slots) or from the data (constants).
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["CLASS_NAME_KEYS", "DATASET_TITLES", "DIGIT_GROUPS", "EN", "ES", "LANGUAGES", "LOCALES", "LOCALES_DIR",
           "LocaleError", "MODEL_NAMES", "REFERENCE", "SPLIT_NAMES", "check_overrides", "class_name_problem",
           "class_names", "dataset_title", "grouped", "load_locales", "locale_problems", "model_name", "overridden",
           "part_caption", "placeholders", "split_label", "strings_for", "strings_for_raw"]

#: The folder of the locale files shipped with umbral.
LOCALES_DIR = Path(__file__).with_name("locales")
#: The reference language: every locale has exactly its tables, keys and placeholders.
REFERENCE = "en"


class LocaleError(ValueError):
    """A locale file is unreadable, or its keys or placeholders differ from English's."""


def placeholders(template: str) -> set[str]:
    """The ``{name}`` slots of a template, as a set of names.

    Examples
    --------
    >>> sorted(placeholders("recall {recall}: {tp} of {positives} positives caught"))
    ['positives', 'recall', 'tp']
    """
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def _read(path: Path) -> dict[str, dict[str, str]]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise LocaleError(f"{path}: {error}") from None
    for name, table in data.items():
        if not isinstance(table, dict):
            raise LocaleError(f"{path}: {name} must be a table ([{name}]), not a {type(table).__name__}")
        for key, text in table.items():
            if not isinstance(text, str):
                raise LocaleError(f"{path}: [{name}] {key} must be a string, not a {type(text).__name__}")
    return data


def locale_problems(locales: dict[str, dict[str, dict[str, str]]], folder: Path | str = LOCALES_DIR) -> list[str]:
    """Every way a locale differs from English: a missing or extra table or key, or other placeholders.

    One line per problem, naming the file and the key; empty when every locale matches.
    """
    reference = locales[REFERENCE]
    problems = []
    for lang, tables in locales.items():
        path = Path(folder) / f"{lang}.toml"
        for name in reference.keys() - tables.keys():
            problems.append(f"{path}: missing table [{name}]")
        for name in tables.keys() - reference.keys():
            problems.append(f"{path}: extra table [{name}] (not in {REFERENCE}.toml)")
        for name, table in tables.items():
            english = reference.get(name)
            if english is None:
                continue
            problems += [f"{path}: [{name}] missing key {key}" for key in english if key not in table]
            problems += [f"{path}: [{name}] extra key {key} (not in {REFERENCE}.toml)" for key in table
                         if key not in english]
            for key in table.keys() & english.keys():
                try:
                    theirs, ours = placeholders(table[key]), placeholders(english[key])
                except ValueError as error:  # an unmatched brace
                    problems.append(f"{path}: [{name}] {key}: {error}")
                    continue
                if theirs != ours:
                    problems.append(f"{path}: [{name}] {key} has placeholders {{{', '.join(sorted(theirs))}}}, "
                                    f"English has {{{', '.join(sorted(ours))}}}")
    return sorted(problems)


def load_locales(folder: Path | str = LOCALES_DIR, check: bool = True) -> dict[str, dict[str, dict[str, str]]]:
    """Every ``<lang>.toml`` of ``folder``: ``{lang: {table: {key: text}}}``, English first, then by code.

    With ``check``, a locale whose tables, keys or placeholders differ from English's is a
    :class:`LocaleError` listing every difference.

    Examples
    --------
    >>> list(load_locales())[0]
    'en'
    """
    folder = Path(folder)
    files = {path.stem: path for path in folder.glob("*.toml")}
    if REFERENCE not in files:
        raise LocaleError(f"{folder}: no {REFERENCE}.toml, the reference locale")
    locales = {lang: _read(files[lang]) for lang in [REFERENCE, *sorted(files.keys() - {REFERENCE})]}
    problems = locale_problems(locales, folder) if check else []
    if problems:
        raise LocaleError("; ".join(problems))
    return locales


#: Every locale file's tables, by language: strings, dataset_titles, model_names, split_names, lab.
LOCALES = load_locales()
LANGUAGES = tuple(LOCALES)

_TABLES = {lang: tables["strings"] for lang, tables in LOCALES.items()}
EN = _TABLES["en"]
ES = _TABLES["es"]

#: Titles of the built-in datasets; a user's file keeps its own name.
DATASET_TITLES = {lang: tables["dataset_titles"] for lang, tables in LOCALES.items()}

#: Names of the pipeline's models and the standard splits on screen; other names are shown as given.
MODEL_NAMES = {lang: tables["model_names"] for lang, tables in LOCALES.items()}
SPLIT_NAMES = {lang: tables["split_names"] for lang, tables in LOCALES.items()}

#: The two class-name keys: plural nouns any string may use as ``{positive_name}`` / ``{negative_name}``.
CLASS_NAME_KEYS = ("positive_name", "negative_name")
#: A built-in dataset's own class names, by language: {"positive_name": {dataset: noun}, ...}.
DATASET_CLASS_NAMES = {lang: {"positive_name": tables["positive_names"], "negative_name": tables["negative_names"]}
                       for lang, tables in LOCALES.items()}
#: (lang, key) pairs a lecturer's override has set now (see :func:`overridden`).
_OVERRIDDEN: set[tuple[str, str]] = set()


#: The digit-group separator of each language, used from five digits on ("210,143,471,119"). Spanish too uses a
#: comma, as in Mexico: the lecture writes decimals with a point in both languages ("AUC 0.830"), so "12.150"
#: would read as twelve point one five.
DIGIT_GROUPS = {"en": ",", "es": ","}


def grouped(value: int, lang: str) -> str:
    """A whole count in digit groups of three from 10,000 on, so a 12-digit pair count can be read aloud.

    >>> [grouped(v, "en") for v in (231, 9999, 10_000, 210_143_471_119)]
    ['231', '9999', '10,000', '210,143,471,119']
    >>> grouped(699_641, "es")
    '699,641'
    """
    value = int(value)
    if abs(value) < 10_000:
        return f"{value:d}"
    return f"{value:,d}".replace(",", DIGIT_GROUPS.get(lang, ","))


def class_names(lang: str, dataset: str | None = None) -> dict[str, str]:
    """The class nouns in ``lang``: the lecturer's, else the built-in dataset's, else the locale's.

    Examples
    --------
    >>> class_names("en", "breast-cancer")["positive_name"]
    'malignant tumours'
    >>> class_names("es", "my_scores")["negative_name"]
    'negativos'
    """
    table = strings_for_raw(lang)
    own = DATASET_CLASS_NAMES.get(lang, {})
    return {key: table[key] if (lang, key) in _OVERRIDDEN or dataset not in own.get(key, {}) else own[key][dataset]
            for key in CLASS_NAME_KEYS}


def strings_for_raw(lang: str) -> dict:
    """The string table of ``lang`` as written, ``{positive_name}`` and ``{negative_name}`` unfilled."""
    try:
        return _TABLES[lang]
    except KeyError:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGUAGES)}") from None


def strings_for(lang: str, dataset: str | None = None) -> dict:
    """The string table of ``lang``, one of :data:`LANGUAGES` ("en", "es"...), with the class names filled.

    ``{positive_name}`` and ``{negative_name}`` in every string become the nouns of
    :func:`class_names` for ``dataset``; every other ``{placeholder}`` stays for the scene to fill.

    Examples
    --------
    >>> any("{positive_name}" in text for text in strings_for("es", "clinic20").values())
    False
    >>> strings_for("en", "breast-cancer")["positive_name"]
    'malignant tumours'
    """
    table = strings_for_raw(lang)
    names = class_names(lang, dataset)
    filled = {}
    for key, text in table.items():
        if "_name}" in text:
            for name, noun in names.items():
                text = text.replace(f"{{{name}}}", noun)
        filled[key] = text
    filled.update(names)  # the keys themselves: the nouns in use, not the locale's defaults
    return filled


def dataset_title(name: str, fallback: str, lang: str) -> str:
    """On-screen title of a dataset in ``lang``."""
    return DATASET_TITLES.get(lang, {}).get(name, fallback)


def model_name(model: str, lang: str) -> str:
    """On-screen name of a model: the pipeline's in ``lang``, any other as the data names it."""
    return MODEL_NAMES.get(lang, {}).get(model, model)


def split_label(split: str, lang: str) -> str:
    """On-screen name of a split in ``lang`` ("test" -> "prueba"); other names as given."""
    return SPLIT_NAMES.get(lang, {}).get(split, split)


def part_caption(dataset: str, model: str | None, split: str | None, lang: str) -> str:
    """"Pima · test split", or with a model, "Screening · random forest, test split"."""
    if split is None:
        return dataset
    table = _TABLES[lang]
    if split == "all":  # several models, no split column
        return dataset if model is None else f"{dataset} · {model_name(model, lang)}"
    where = table["part_split"].format(split=split_label(split, lang))
    if model is None:
        return f"{dataset} · {where}"
    return f"{dataset} · {model_name(model, lang)}, {where}"


def check_overrides(overrides: object) -> dict[str, dict[str, str]]:
    """``{lang: {key: text}}`` replacing scene strings, checked; a :class:`LocaleError` names the first fault.

    A key must be one of the English ``[strings]``; the text may drop a
    placeholder of the English template but not bring one it does not have.

    Examples
    --------
    >>> check_overrides({"en": {"closing": "Pick the mistakes you can live with."}})
    {'en': {'closing': 'Pick the mistakes you can live with.'}}
    >>> check_overrides({"en": {"closing": "{n} thresholds"}})
    Traceback (most recent call last):
    ...
    umbral.scenes.strings.LocaleError: [strings.en] closing: {n} is not a placeholder of the English text (it has none)
    """
    if not isinstance(overrides, dict):
        raise LocaleError("[strings] must be a table of languages, e.g. [strings.en]")
    english = _TABLES[REFERENCE]
    for lang, table in overrides.items():
        if lang not in _TABLES:
            raise LocaleError(f"[strings.{lang}]: unknown language {lang!r}; use one of {', '.join(LANGUAGES)}")
        if not isinstance(table, dict):
            raise LocaleError(f"[strings.{lang}] must be a table of key = \"text\"")
        for key, text in table.items():
            if key not in english:
                raise LocaleError(f"[strings.{lang}] unknown key {key!r} (the keys of scenes/locales/en.toml)")
            if not isinstance(text, str):
                raise LocaleError(f"[strings.{lang}] {key} must be a string, not a {type(text).__name__}")
            problem = class_name_problem(text) if key in CLASS_NAME_KEYS else None
            if problem:
                raise LocaleError(f"[strings.{lang}] {key} = {text!r}: {problem}")
            try:
                extra = sorted(placeholders(text) - placeholders(english[key]))
            except ValueError as error:  # an unmatched brace
                raise LocaleError(f"[strings.{lang}] {key}: {error}; write {{{{ and }}}} for a brace") from None
            if extra:
                allowed = ", ".join(f"{{{name}}}" for name in sorted(placeholders(english[key]))) or "none"
                raise LocaleError(f"[strings.{lang}] {key}: {{{extra[0]}}} is not a placeholder of the English text "
                                  f"(it has {allowed})")
    return overrides


def class_name_problem(noun: str) -> str | None:
    """What is wrong with ``noun`` as a class name (a plural noun on one line), or None.

    Examples
    --------
    >>> class_name_problem("diabetics") is None
    True
    >>> class_name_problem("")
    'a class name is a plural noun of 1 to 40 characters on one line, without braces, e.g. "diabetics"'
    """
    if 0 < len(noun.strip()) <= 40 and not any(char in noun for char in "{}\n\r\t"):
        return None
    return 'a class name is a plural noun of 1 to 40 characters on one line, without braces, e.g. "diabetics"'


@contextmanager
def overridden(overrides: dict[str, dict[str, str]]) -> Iterator[None]:
    """The string tables with ``overrides`` (see :func:`check_overrides`) in place; restored on exit.

    Examples
    --------
    >>> with overridden({"en": {"closing": "Pick your mistakes."}}):
    ...     strings_for("en")["closing"]
    'Pick your mistakes.'
    >>> strings_for("en")["closing"]
    'No threshold makes every bar tall.'
    """
    check_overrides(overrides)
    saved = {lang: {key: _TABLES[lang][key] for key in table} for lang, table in overrides.items()}
    marked = {(lang, key) for lang, table in overrides.items() for key in table} - _OVERRIDDEN
    try:
        for lang, table in overrides.items():
            _TABLES[lang].update(table)
        _OVERRIDDEN.update(marked)
        yield
    finally:
        _OVERRIDDEN.difference_update(marked)
        for lang, table in saved.items():
            _TABLES[lang].update(table)
