"""Pseudo-localisation: a made-up language whose every string is 40 % longer, with accents and wide letters.

The standard check that a layout survives translation (German and Spanish run
30-40 % longer than English): ``"Threshold θ"`` becomes ``"[Ţĥŕéšĥôļđ θ····]"``.
Placeholders (``{tp}``), line breaks and the characters scenes split on stay
as they are, so every template still fills. :func:`pseudo_language` installs it
as language :data:`PSEUDO` for the duration of a block.
"""

from __future__ import annotations

import math
import re
from contextlib import contextmanager

from umbral.scenes import strings

#: The language code (the code Windows uses for its pseudo-locale).
PSEUDO = "qps"
#: How much longer every string gets.
GROWTH = 1.4
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥïĵķļɱñôþǫŕšţûṽŵẋýžÁƁÇĐÉƑĜĤÏĴĶĻṀÑÔÞǪŔŠŢÛṼŴẊÝŽ")
_PIECES = re.compile(r"(\{[^{}]*\}|\n)")


def pseudo(text: str) -> str:
    """``text`` accented, each line padded with ``·`` to 40 % more characters and bracketed."""
    lines = []
    for line in text.split("\n"):
        if not line.strip():
            lines.append(line)
            continue
        parts = _PIECES.split(line)
        body = "".join(part if _PIECES.fullmatch(part) else part.translate(_ACCENTED) for part in parts)
        visible = len(_PIECES.sub("0000", line))  # a placeholder shows about four characters
        padding = max(math.ceil(visible * GROWTH) - visible - 2, 1)
        lines.append(f"[{body}{'·' * padding}]")
    return "\n".join(lines)


def pseudo_tables() -> dict[str, dict[str, str]]:
    """The English tables, pseudo-localised: same keys, same placeholders."""
    return {name: {key: pseudo(text) for key, text in table.items()}
            for name, table in strings.LOCALES[strings.REFERENCE].items()}


@contextmanager
def pseudo_language():
    """Language :data:`PSEUDO` can be rendered inside the block (strings, titles, model and split names)."""
    tables = pseudo_tables()
    registries = [(strings._TABLES, tables["strings"]), (strings.DATASET_TITLES, tables["dataset_titles"]),
                  (strings.MODEL_NAMES, tables["model_names"]), (strings.SPLIT_NAMES, tables["split_names"]),
                  (strings.DATASET_CLASS_NAMES, {"positive_name": tables["positive_names"],
                                                 "negative_name": tables["negative_names"]})]
    for registry, table in registries:
        registry[PSEUDO] = table
    try:
        yield PSEUDO
    finally:
        for registry, _ in registries:
            registry.pop(PSEUDO, None)
