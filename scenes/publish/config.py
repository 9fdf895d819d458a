"""``umbral.toml``: a chapter's settings, so the command line can stay short.

Keys are the options' Python names (:data:`umbral.scenes.publish.requests.OPTIONS`:
``label_col``, ``cost_fn``, ``data``, ``out``, ``scenes``...), checked by the same code as
the flags and keywords, an error naming the file, the line and the key. Command-line flags
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

from umbral.scenes.publish.requests import OPTIONS, TomlDoor, check_value, option_names

__all__ = ["CONFIG_NAME", "ConfigError", "Config", "read_config", "read_toml", "resolve_files"]

CONFIG_NAME = "umbral.toml"


class ConfigError(ValueError):
    """The config file is unreadable or has a key or value umbral does not know."""


class Config(dict):
    """A checked umbral.toml: its values by key, the door that names them (file and line), its strings."""

    def __init__(self, values: dict, door: TomlDoor):
        super().__init__(values)
        self.door = door

    @property
    def strings(self) -> dict[str, dict[str, str]]:
        """The ``[strings.<lang>]`` tables: ``{lang: {key: text}}`` for :func:`umbral.scenes.strings.overridden`."""
        return self.get("strings", {})

    def options(self, request_type) -> tuple[dict, TomlDoor]:
        """The values ``request_type`` takes, with the door naming them (for ``build(..., under=...)``)."""
        known = option_names(request_type)
        return {key: value for key, value in self.items() if key in known}, self.door


def read_toml(path: Path) -> tuple[dict, tuple[str, ...]]:
    """A toml file's values and lines; a ConfigError in one line if it cannot be read."""
    try:
        text = Path(path).read_bytes().decode("utf-8-sig")
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path} is not UTF-8 text (byte 0x{error.object[error.start]:02x} at offset {error.start}); "
                          f"re-save it as UTF-8, e.g. iconv -f latin1 -t utf-8 {path} > fixed.toml") from None
    try:
        return tomllib.loads(text), tuple(text.splitlines())
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML ({error}); fix the line it names") from None


#: Options a config file cannot hold: the batch command's own, and what only a command line says.
_NOT_IN_CONFIG = frozenset({"course", "dry_run", "fail_fast", "scheduler", "json", "to", "one_file", "with_lab"})
KEYS = tuple(sorted({*OPTIONS, "strings"} - _NOT_IN_CONFIG))


def read_config(path: Path) -> Config:
    """The checked values of a config file: each parsed as its flag would be, or a ConfigError naming its line."""
    values, lines = read_toml(path)
    door = TomlDoor(path=Path(path), lines=lines)
    values = resolve_files(Path(path), values)
    for key, value in values.items():
        check_key(door, key, value, KEYS)
    return Config(values, door)


def check_key(door: TomlDoor, key: str, value, known) -> None:
    """A ConfigError unless ``key`` is known (and, for ``strings``, its tables are)."""
    from umbral.data import DataError

    where = f"{door.path}:{door.line(key)}"
    if key not in known:
        raise ConfigError(f"{where}: unknown key {key!r}; known keys: {', '.join(sorted(known))}")
    if key == "strings":
        from umbral.scenes.strings import LocaleError, check_overrides

        try:
            check_overrides(value)
        except LocaleError as error:
            raise ConfigError(f"{where}: {error}") from None
        return
    try:
        check_value(key, value, door)
    except DataError as error:
        raise ConfigError(str(error)) from None


#: Keys naming input files: a relative path is read from the config file's folder, wherever umbral runs.
_FILES = ("data", "multiclass")


def resolve_files(path: Path, values: dict) -> dict:
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
