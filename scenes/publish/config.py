"""``umbral.toml``: a chapter's settings, so the command line can stay short.

Keys are the long option names with ``_`` for ``-`` (``label_col``,
``cost_fn``...), plus ``data``, ``out`` and ``scenes``. Command-line flags
override the file. An unknown key is an error naming the key, never ignored.

Example::

    data = "scores/chapter3.csv"
    lang = ["en", "es"]
    format = ["mp4", "gif"]
    quality = "high"
    cost_fn = 10
    cost_fp = 1
    scenes = ["OverlappingHumps", "ThresholdSweep"]
    score_col = ["score_lr", "score_forest"]   # several models
    model_name = ["lr=logistic regression"]
    choose_on = "validation"
    rule = "max_f1"

    theme = "light"         # white background: for white decks, Beamer, handouts
    positive_name = { en = "diabetics", es = "diabéticos" }    # the classes in your words
    negative_name = { en = "healthy patients", es = "personas sanas" }

    [strings.en]            # your own wording for any scene string (keys: scenes/locales/en.toml)
    closing = "Pick the mistakes you can live with."
"""

from __future__ import annotations

import tomllib
from pathlib import Path

__all__ = ["CONFIG_NAME", "ConfigError", "KEYS", "check_values", "default_map", "read_config", "string_overrides"]

CONFIG_NAME = "umbral.toml"


class ConfigError(ValueError):
    """The config file is unreadable or has a key or value umbral does not know."""


#: key -> (option name in the commands, the commands that take it)
_DATA = ("render", "report", "trace", "scores", "watch", "slides", "lab")
_CHOICE = ("render", "report", "watch", "slides")
KEYS = {
    "data": ("source", _DATA),
    "label_col": ("label_col", _DATA),
    "score_col": ("score_col", _DATA),
    "split_col": ("split_col", _DATA),
    "model_name": ("model_name", _DATA),
    "models": ("models", _DATA),
    "splits": ("splits", _DATA),
    "model": ("model", ("render", "report", "trace", "watch", "slides", "lab")),
    "split": ("split", ("render", "report", "trace", "watch", "slides", "lab")),
    "choose_on": ("choose_on", _CHOICE),
    "report_on": ("report_on", _CHOICE),
    "rule": ("rule", _CHOICE),
    "choice_step": ("choice_step", _CHOICE),
    "target_recall": ("target_recall", _CHOICE),
    "target_precision": ("target_precision", _CHOICE),
    "resamples": ("resamples", _CHOICE),
    "bootstrap_seed": ("bootstrap_seed", _CHOICE),
    "positive": ("positive", _DATA),
    "target": ("target", _DATA),
    "seed": ("seed", _DATA),
    "n": ("n", _DATA),
    "prevalence": ("prevalence", _DATA),
    "separation": ("separation", _DATA),
    "rescale": ("rescale", _DATA),
    "cost_fn": ("cost_fn", ("render", "report", "watch", "slides", "lab")),
    "cost_fp": ("cost_fp", ("render", "report", "watch", "slides", "lab")),
    "threshold": ("threshold", ("report",)),
    "lang": ("lang", ("render", "watch", "lab")),
    "quality": ("quality", ("render", "watch")),
    "resolution": ("resolution", ("render", "watch")),
    "fps": ("fps", ("render", "watch")),
    "format": ("fmt", ("render", "watch")),
    "aspect": ("aspect", ("render", "watch")),
    "theme": ("theme", ("render", "watch", "slides", "lab")),
    "positive_name": ("positive_name", ("render", "watch", "slides")),
    "negative_name": ("negative_name", ("render", "watch", "slides")),
    "transparent": ("transparent", ("render", "watch")),
    "out": ("out_dir", ("render", "watch", "lab")),
    "at": ("at", ("render", "watch")),
    "gif_loop": ("gif_loop", ("render", "watch")),
    "preset": ("preset", ("render", "watch")),
    "subtitles": ("no_subtitles", ("render", "watch")),
    "jobs": ("jobs", ("render", "watch")),
    "quiet": ("quiet", ("render", "slides")),
    "scenes": ("scene_names", ("render", "watch")),
    "multiclass": ("multiclass_path", ("render", "watch")),
    "pred_col": ("pred_col", ("render", "watch")),
    "true_col": ("true_col", ("render", "watch")),
    # [strings.<lang>] tables: checked here, kept apart from click's defaults (see string_overrides).
    "strings": ("strings", ()),
}

_LISTS = {"lang", "format", "at", "models"}
#: The class names: a noun for every language, or a table of nouns by language.
_NOUNS = {"positive_name", "negative_name"}
#: Keys of options given several times on the command line (``--score-col a --score-col b``).
_REPEATED = {"score_col", "model_name"}


def read_config(path: Path) -> dict:
    """The validated key/value pairs of a config file."""
    try:
        values = tomllib.loads(Path(path).read_bytes().decode("utf-8-sig"))
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path} is not UTF-8 text (byte 0x{error.object[error.start]:02x} at offset {error.start}); "
                          f"re-save it as UTF-8, e.g. iconv -f latin1 -t utf-8 {path} > fixed.toml") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML ({error}); fix the line it names") from None
    values = _resolve_files(Path(path), values)
    unknown = sorted(set(values) - set(KEYS))
    if unknown:
        raise ConfigError(f"{path}: unknown key {unknown[0]!r}; known keys: {', '.join(sorted(KEYS))}")
    for key, value in values.items():
        if key == "strings":
            from umbral.scenes.strings import LocaleError, check_overrides

            try:
                check_overrides(value)
            except LocaleError as error:
                raise ConfigError(f"{path}: {error}") from None
            continue
        if key in _NOUNS:
            _check_noun(path, key, value)
            continue
        if isinstance(value, dict):
            raise ConfigError(f"{path}: {key!r} must be a value, not a table")
        if key == "scenes" and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise ConfigError(f"{path}: 'scenes' must be a list of scene names, e.g. [\"ThresholdSweep\"]")
    return values


#: Keys naming input files: a relative path is read from the config file's folder, wherever umbral runs.
_FILES = ("data", "multiclass")


def _resolve_files(path: Path, values: dict) -> dict:
    """``data``/``multiclass`` paths relative to the config's folder, ``~`` expanded (also in ``out``).

    A built-in dataset name (``data = "screening"``) is left alone: only a
    value that looks like a path (a separator, a suffix, ``~``) or names a file
    next to the config is resolved.
    """
    resolved = dict(values)
    for key in (*_FILES, "out"):
        value = values.get(key)
        if not isinstance(value, str) or not value.strip():
            continue
        given = Path(value).expanduser()
        if key in _FILES and not given.is_absolute() and (
                "/" in value or "\\" in value or given.suffix or (path.parent / given).exists()):
            given = path.parent / given
        if given != Path(value):
            resolved[key] = str(given)
    return resolved


def _check_noun(path: Path, key: str, value) -> None:
    """``positive_name = "diabetics"`` or ``positive_name = { en = "diabetics", es = "diabéticos" }``."""
    from umbral.scenes.strings import LANGUAGES, class_name_problem

    table = value if isinstance(value, dict) else {"every language": value}
    for lang, noun in table.items():
        if isinstance(value, dict) and lang not in LANGUAGES:
            raise ConfigError(f"{path}: {key}: unknown language {lang!r}; use one of {', '.join(LANGUAGES)}")
        if not isinstance(noun, str):
            raise ConfigError(f"{path}: {key} ({lang}) must be text such as \"diabetics\", not a "
                              f"{type(noun).__name__}")
        problem = class_name_problem(noun)
        if problem:
            raise ConfigError(f"{path}: {key} = {noun!r}: {problem}")


def check_values(path: Path, values: dict, commands: dict) -> None:
    """Every value parses as its command-line flag would, with the flag's own message, or a :class:`ConfigError`.

    ``commands`` maps command names to click commands. Switches (``subtitles``,
    ``transparent``, ``quiet``) must be ``true`` or ``false``; a number is
    read from its text, so ``seed = 1.5`` fails exactly as ``--seed 1.5`` does
    instead of being cut to 1.
    """
    import click

    for key, value in values.items():
        if key in ("strings", "scenes") or key in _NOUNS:  # checked by read_config
            continue
        option, names = KEYS[key]
        param = next(p for name in names if name in commands for p in commands[name].params if p.name == option)
        where = f"{path}: {key} = {_shown(value)}"
        if getattr(param, "is_flag", False):
            if not isinstance(value, bool):
                raise ConfigError(f"{where}: must be true or false")
            continue
        several = key in _LISTS or key in _REPEATED
        if isinstance(value, list) and not several:
            raise ConfigError(f"{where}: must be one value, not a list")
        items = value if isinstance(value, list) else [value]
        if not items and several:
            raise ConfigError(f"{where}: the list is empty; give at least one value or leave the key out")
        if any(isinstance(item, bool) or not isinstance(item, (str, int, float)) for item in items):
            raise ConfigError(f"{where}: must be {'a list of values' if several else 'a number or text'}, "
                              f"not {'a table' if isinstance(value, dict) else _kind(value)}")
        try:
            for text in ([",".join(map(str, items))] if key in _LISTS else [str(item) for item in items]):
                param.type.convert(text, param, None)
        except click.BadParameter as error:
            raise ConfigError(f"{where}: {error.message}") from None


def _shown(value) -> str:
    """A value as TOML writes it (``true``, ``"no"``, ``1.5``)."""
    if isinstance(value, bool):
        return str(value).lower()
    return f'"{value}"' if isinstance(value, str) else repr(value)


def _kind(value) -> str:
    return {bool: "true/false", list: "a list of lists"}.get(type(value), type(value).__name__)


def string_overrides(values: dict) -> dict[str, dict[str, str]]:
    """The ``[strings.<lang>]`` tables: ``{lang: {key: text}}`` for :func:`umbral.scenes.strings.overridden`."""
    return values.get("strings", {})


def default_map(values: dict) -> dict:
    """Build click's ``default_map``: per command, option name -> value from the file."""
    commands: dict[str, dict] = {}
    for key, value in values.items():
        option, names = KEYS[key]
        if key in _LISTS and isinstance(value, list):
            value = ",".join(str(v) for v in value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)  # parsed from its text, as the flag is (check_values has checked it)
        if key == "subtitles":
            value = not value
        if key == "scenes":
            value = tuple(value)
        if key in _REPEATED:
            value = tuple(value) if isinstance(value, list) else (value,)
        if key in _NOUNS:  # as the repeatable flag takes them: NOUN, or LANG=NOUN
            value = tuple(f"{lang}={noun}" for lang, noun in value.items()) if isinstance(value, dict) else (value,)
        for name in names:
            commands.setdefault(name, {})[option] = value
    return commands
