"""The lab page, "Where do I put the threshold?": one self-contained HTML file (issue 12).

:func:`render_lab_page` fills ``lab/lab.html`` with the palette's CSS variables, ``lab/lab.css``,
the script (the files of :data:`SCRIPTS`, see :func:`lab_script`), the payload (see
:func:`umbral.scenes.publish.lab_data.lab_payload`) and the strings of its language, all inline. The page makes
no request of any kind (no CDN, no fetch, no module), so it works from ``file://``, inside an iframe and
as a reveal.js slide.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path

from umbral.scenes import palette
from umbral.scenes.lab_strings import lab_strings

__all__ = ["GUIDE", "SCRIPTS", "lab_script", "render_lab_page", "script_json"]

_ASSETS = Path(__file__).with_name("lab")
#: The parts of the page's script, files of ``lab/``, in the order they run (see :func:`lab_script`).
SCRIPTS = ("format.js", "models.js", "binormal.js", "metrics.js", "scores.js", "curves.js", "calibration.js",
           "words.js", "state.js", "controls.js", "start.js")
#: The guide's seven exercises: the key of their strings and the hash their "set it up" link opens.
GUIDE = (
    ("ex1", "mode=data&theta=0.50"),
    ("ex2", "mode=data&theta=0.30"),
    ("ex3", "mode=data&theta=0.99"),
    ("ex4", "mode=binormal&theta=0.50&d=1.5&pi=0.1"),
    ("ex5", "mode=binormal&theta=0.50&d=1.5&pi=0.01"),
    ("ex6", "mode=binormal&theta=0.50&d=1.5&pi=0.1&ratio=1"),
    ("ex7", "mode=binormal&theta=0.50&d=0&pi=0.1"),
)
#: Answers the script fills from the data (the others are plain text).
_FILLED_BY_SCRIPT = {"ex1_answer"}
_SLOT = re.compile(r"\{\{(s:)?(\w+)\}\}")


@cache
def _asset(name: str) -> str:
    return (_ASSETS / name).read_text(encoding="utf-8")


@cache
def lab_script() -> str:
    """The page's one script: the files of :data:`SCRIPTS`, in order, inside one strict function.

    One classic script, one scope: a part's top-level code may use what an earlier part defines, its
    functions anything any part defines, and nothing leaks into the page's globals (the script itself
    sets ``window.umbralLab``).
    """
    parts = "\n".join(f"/* ---------- lab/{name} ---------- */\n{_asset(name)}" for name in SCRIPTS)
    return f'(function () {{\n"use strict";\n\n{parts}}})();\n'


def script_json(value) -> str:
    r"""``value`` as JSON that is safe inside a ``<script>`` element.

    ``</`` is written ``<\/`` and ``<!--`` as ``<\u0021--``: both still parse to the same text,
    and neither can end or derail the script element.

    Examples
    --------
    >>> script_json({"title": "a</script>b"})
    '{"title":"a<\\/script>b"}'
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.replace("</", "<\\/").replace("<!--", "<\\u0021--")


def _exercise(key: str, hash_: str, strings: dict) -> str:
    """One exercise of the guide: title, task, "set it up" link and the answer folded away."""
    answer_key = f"{key}_answer"
    answer = "" if answer_key in _FILLED_BY_SCRIPT else html.escape(strings[answer_key])
    title = html.escape(strings[f"{key}_title"])
    return (f'<li><h3 id="{key}-title">{title}</h3><p>{html.escape(strings[key])}</p>'
            f'<a class="setup" href="#{html.escape(hash_)}" aria-describedby="{key}-title">'
            f'{html.escape(strings["set_it_up"])}</a>'
            f'<details><summary>{html.escape(strings["see_answer"])}</summary>'
            f'<p data-fill="{answer_key}">{answer}</p></details></li>')


def render_lab_page(payload: dict, theme: str = "dark") -> str:
    """The lab page for ``payload`` (schema 1, from :func:`~umbral.scenes.publish.lab_data.lab_payload`), as HTML.

    Everything is inline: CSS (theme ``theme``'s custom properties first), the script, the payload as
    ``<script type="application/json" id="lab-data">`` and the strings of ``payload["lang"]``.

    Raises
    ------
    ValueError
        When ``payload["lang"]`` is not a language of :data:`umbral.scenes.lab_strings.LAB`.
    """
    strings = lab_strings(payload["lang"], payload.get("dataset"))
    slots = {
        "lang": payload["lang"],
        "page_title": html.escape(f"{strings['heading']} · {payload['title']}"),
        "dataset_title": html.escape(payload["title"]),
        "style": palette.css_variables(theme) + "\n" + _asset("lab.css"),
        "script": lab_script(),
        "data": script_json(payload),
        "strings": script_json(strings),
        "guide": "".join(_exercise(key, hash_, strings) for key, hash_ in GUIDE),
    }

    def fill(match: re.Match) -> str:
        is_string, name = match.groups()
        return html.escape(strings[name]) if is_string else slots[name]

    return _SLOT.sub(fill, _asset("lab.html"))
