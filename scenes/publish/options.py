"""The render, slides and lab options click cannot check by itself, parsed or refused in one line.

Scene names, ``--resolution``, ``--at``, ``--lang`` and ``--format`` (comma lists), and the
class names of ``--positive-name``/``--negative-name`` on top of umbral.toml's strings. Each
refusal is a :class:`umbral.data.DataError` naming the option and an example that works. No Manim.
"""

from __future__ import annotations

from umbral.data.dataset import DataError

__all__ = ["FORMATS", "MAX_HEIGHT", "MAX_WIDTH", "look_strings", "parse_choices", "parse_languages",
           "parse_resolution", "parse_thresholds", "scene_names"]

#: The largest frame umbral renders (8K UHD): bigger ones would only exhaust memory.
MAX_WIDTH, MAX_HEIGHT = 7680, 4320
#: What ``render --format`` makes.
FORMATS = ("mp4", "gif", "png", "webm", "mov")


def scene_names(given: tuple[str, ...]) -> tuple[str, ...]:
    """The scenes asked for (default: the whole lecture, in order), each one umbral has."""
    from umbral.scenes.publish.registry import LECTURE_ORDER, SCENES

    names = tuple(given) or LECTURE_ORDER
    unknown = [name for name in names if name not in SCENES]
    if unknown:
        raise DataError(f"unknown scene {unknown[0]!r}; choose from {', '.join(SCENES)} (see `umbral list`)")
    return names


def parse_resolution(value: str | None) -> tuple[int, int] | None:
    """``--resolution 1280x720`` -> (1280, 720); None when not given."""
    if value is None:
        return None
    try:
        width, height = (int(part) for part in value.lower().split("x"))
    except ValueError:
        raise DataError(f"--resolution {value!r} is not WIDTHxHEIGHT; e.g. --resolution 1280x720") from None
    if width < 16 or height < 16 or width % 2 or height % 2:
        raise DataError(f"--resolution {value}: width and height must be even and at least 16")
    if width > MAX_WIDTH or height > MAX_HEIGHT:
        raise DataError(f"--resolution {value}: at most {MAX_WIDTH}x{MAX_HEIGHT} (8K); e.g. --resolution 3840x2160")
    return width, height


def parse_thresholds(value: str | None) -> tuple[float, ...]:
    """``--at 0.3,0.5`` -> (0.3, 0.5); () when not given."""
    if value is None:
        return ()
    if not value.strip(" ,"):
        raise DataError(f"--at {value!r} names no threshold; give one or more, e.g. --at 0.3,0.5 (or leave --at out)")
    try:
        thresholds = tuple(float(part) for part in value.split(","))
    except ValueError:
        raise DataError(f"--at {value!r} must be thresholds separated by commas; e.g. --at 0.3,0.5") from None
    if any(not 0.0 <= t <= 1.0 for t in thresholds):
        raise DataError(f"--at {value}: thresholds must lie in [0, 1]")
    return thresholds


def parse_languages(value: str) -> tuple[str, ...]:
    """``--lang en,es`` checked against the locale files there are (scenes/locales/<lang>.toml)."""
    from umbral.scenes.strings import LANGUAGES

    return parse_choices(value, LANGUAGES, "--lang")


def parse_choices(value: str, allowed: tuple[str, ...], option: str) -> tuple[str, ...]:
    """'en,es' -> ('en', 'es'), each checked against ``allowed``."""
    chosen = tuple(dict.fromkeys(part.strip() for part in value.split(",") if part.strip()))
    bad = [part for part in chosen if part not in allowed]
    if bad or not chosen:
        raise DataError(f"{option} {value!r}: choose from {', '.join(allowed)} (several with commas, e.g. en,es)")
    return chosen


def look_strings(positive_name: tuple[str, ...], negative_name: tuple[str, ...], overrides: dict) -> dict:
    """umbral.toml's ``[strings.<lang>]`` (``overrides``) with the class names of the flags on top.

    ``NOUN`` names the class in every language; ``LANG=NOUN`` in that one (it wins over a plain noun).
    """
    from umbral.scenes.strings import LANGUAGES, class_name_problem

    tables = {lang: dict(table) for lang, table in overrides.items()}
    for key, values in (("positive_name", positive_name), ("negative_name", negative_name)):
        for value in values:
            problem = class_name_problem(value.partition("=")[2] if value.partition("=")[0] in LANGUAGES else value)
            if problem:
                raise DataError(f"--{key.replace('_', '-')} {value!r}: {problem}")
        plain = [v for v in values if v.partition("=")[0] not in LANGUAGES or "=" not in v]
        for lang in LANGUAGES:
            for value in plain:
                tables.setdefault(lang, {})[key] = value.strip()
        for value in values:
            lang, equals, noun = value.partition("=")
            if equals and lang in LANGUAGES:
                tables.setdefault(lang, {})[key] = noun.strip()
    return {lang: table for lang, table in tables.items() if table}
