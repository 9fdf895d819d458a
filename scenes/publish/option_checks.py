"""The checks that turn what a user gave for an option into its typed value, one per kind of value.

Each raises :class:`Problem` in words that do not name the option: the door that received the
value names it (:mod:`umbral.scenes.publish.option_table`). No click, no Manim.
"""

from __future__ import annotations

import math
import re

from umbral.scenes.strings import LANGUAGES, class_name_problem

__all__ = ["FORMATS", "MAX_HEIGHT", "MAX_WIDTH", "Problem", "choice", "class_names", "filled", "integer",
           "model_names", "number", "repeated", "resolution", "scene_list", "scheduler", "several", "switch", "text",
           "thresholds"]


class Problem(ValueError):
    """What is wrong with one value, in words that do not name the option (the door names it)."""


# --- the checks, one per kind of value --------------------------------------------------------


def _items(value) -> list:
    """A comma list or a list/tuple as its items (``"en,es"`` and ``["en", "es"]`` alike)."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if isinstance(value, list | tuple):
        return [item.strip() if isinstance(item, str) else item for item in value]
    return [value]


def text(value) -> str:
    """Any text."""
    if not isinstance(value, str):
        raise Problem(f"must be text, not {_kind(value)}")
    return value


def filled(value) -> str:
    """Text that is not empty: a name or a path."""
    if not text(value).strip():
        raise Problem("is empty; give a built-in dataset's name (see `umbral list`) or a file's path")
    return value


def _kind(value) -> str:
    return {bool: "true/false", list: "a list", tuple: "a list", dict: "a table"}.get(type(value),
                                                                                    type(value).__name__)


def number(example: str, low: float | None = None, high: float | None = None):
    """A finite number in [low, high], from text or a number."""
    def parse(value) -> float:
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise Problem(f"must be a number, not {_kind(value)}; e.g. {example}")
        try:
            result = float(value)
        except ValueError:
            raise Problem(f"must be a number, e.g. {example}") from None
        if not math.isfinite(result):
            raise Problem(f"must be a finite number, e.g. {example}")
        if (low is not None and result < low) or (high is not None and result > high):
            span = f"in [{low:g}, {high:g}]" if high is not None else f">= {low:g}"
            raise Problem(f"must be {span}, e.g. {example}")
        return result
    parse.metavar = "NUMBER"
    return parse


def integer(example: str, low: int | None = None, high: int | None = None):
    """A whole number in [low, high], from text or an integer (``1.5`` is refused, not cut)."""
    def parse(value) -> int:
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise Problem(f"must be a whole number, not {_kind(value)}; e.g. {example}")
        try:
            result = int(value)
        except ValueError:
            raise Problem(f"must be a whole number, e.g. {example}") from None
        if (low is not None and result < low) or (high is not None and result > high):
            span = f"in [{low}, {high}]" if high is not None else f">= {low}"
            raise Problem(f"must be a whole number {span}, e.g. {example}")
        return result
    parse.metavar = "INTEGER"
    return parse


def choice(*allowed: str):
    """One of ``allowed``."""
    def parse(value) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise Problem(f"choose one of {', '.join(allowed)}")
        return value
    parse.metavar = "[" + "|".join(allowed) + "]"
    return parse


def several(allowed: tuple[str, ...], example: str):
    """One or more of ``allowed`` (a comma list or a list), each once, in the order given."""
    def parse(value) -> tuple[str, ...]:
        chosen = tuple(dict.fromkeys(_items(value)))
        if not chosen or any(item not in allowed for item in chosen):
            raise Problem(("is empty; " if not chosen else "")
                          + f"choose from {', '.join(allowed)} (several with commas, e.g. {example})")
        return chosen
    return parse


def switch(value) -> bool:
    """On or off: ``true``/``false`` (a flag on the command line)."""
    if not isinstance(value, bool):
        raise Problem("must be true or false")
    return value


def repeated(value) -> tuple[str, ...]:
    """Text, or several texts (a repeated flag, a list)."""
    items = list(value) if isinstance(value, list | tuple) else [value]
    if not items:
        raise Problem("the list is empty; give at least one value or leave it out")
    if not all(isinstance(item, str) for item in items):
        raise Problem("must be text or a list of text")
    return tuple(items)


def model_names(value) -> dict[str, str]:
    """``COL=NAME`` pairs (``lr=Logistic``): a model's column or value shown under another name."""
    names = {}
    for item in repeated(value):
        key, sep, name = item.partition("=")
        if not sep or not key.strip() or not name.strip():
            raise Problem(f"{item!r} must be COLUMN=NAME, e.g. lr=\"logistic regression\"")
        names[key.strip()] = name.strip()
    return names


def class_names(value) -> dict[str, str]:
    """The class as a plural noun: ``NOUN`` for every language, ``LANG=NOUN`` (or a table) for one: {lang: noun}."""
    if isinstance(value, dict):
        pairs = []
        for lang, noun in value.items():
            if lang not in LANGUAGES:
                raise Problem(f"unknown language {lang!r}; use one of {', '.join(LANGUAGES)}")
            if not isinstance(noun, str):
                raise Problem(f"({lang}) must be text such as \"diabetics\", not a {type(noun).__name__}")
            pairs.append((lang, noun))
    else:
        pairs = []
        for item in repeated(value):
            lang, equals, noun = item.partition("=")
            pairs.append((lang, noun) if equals and lang in LANGUAGES else (None, item))
    nouns = {}
    for lang, noun in sorted(pairs, key=lambda pair: pair[0] is not None):  # a LANG=NOUN wins over a plain NOUN
        problem = class_name_problem(noun)
        if problem:
            raise Problem(f"{noun!r}: {problem}")
        for code in (LANGUAGES if lang is None else (lang,)):
            nouns[code] = noun.strip()
    return nouns


def resolution(value) -> tuple[int, int]:
    """``WIDTHxHEIGHT``, even, at least 16 and at most 8K."""
    try:
        width, height = (int(part) for part in text(value).lower().split("x"))
    except (ValueError, Problem):
        raise Problem("is not WIDTHxHEIGHT; e.g. 1280x720") from None
    if width < 16 or height < 16 or width % 2 or height % 2:
        raise Problem("width and height must be even and at least 16")
    if width > MAX_WIDTH or height > MAX_HEIGHT:
        raise Problem(f"at most {MAX_WIDTH}x{MAX_HEIGHT} (8K); e.g. 3840x2160")
    return width, height


def thresholds(value) -> tuple[float, ...]:
    """One or more thresholds in [0, 1] (``0.3,0.5`` or a list)."""
    items = _items(value)
    if not items:
        raise Problem("names no threshold; give one or more, e.g. 0.3,0.5 (or leave it out)")
    if isinstance(value, str) and len(items) != len(value.split(",")):
        raise Problem("must be thresholds separated by commas, none left empty; e.g. 0.3,0.5")
    try:
        found = tuple(float(item) for item in items if not isinstance(item, bool))
    except (TypeError, ValueError):
        found = ()
    if len(found) != len(items):
        raise Problem("must be thresholds separated by commas; e.g. 0.3,0.5")
    if any(not 0.0 <= t <= 1.0 for t in found):
        raise Problem("thresholds must lie in [0, 1]")
    return found


def scene_list(value) -> tuple[str, ...]:
    """Scene names, each one umbral has (none: the whole lecture)."""
    from umbral.scenes.publish.registry import SCENES

    names = tuple(_items(value))
    unknown = [name for name in names if name not in SCENES]
    if unknown:
        raise Problem(f"unknown scene {unknown[0]!r}; choose from {', '.join(SCENES)} (see `umbral list`)")
    return names


def scheduler(value) -> str:
    """A Dask scheduler's address, ``tcp://HOST:PORT``."""
    if not isinstance(value, str) or not _SCHEDULER.fullmatch(value):
        raise Problem("must be tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786")
    return value


#: The largest frame umbral renders (8K UHD): bigger ones would only exhaust memory.
MAX_WIDTH, MAX_HEIGHT = 7680, 4320
#: What ``render --format`` makes.
FORMATS = ("mp4", "gif", "png", "webm", "mov")
_SCHEDULER = re.compile(r"tcp://[A-Za-z0-9.\-\[\]:]+:\d{1,5}")
