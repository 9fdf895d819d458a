"""The lab page without a browser: self-contained, offline, its data and strings inline and complete."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from umbral.scenes.lab_strings import CALIBRATION, LAB, lab_strings
from umbral.scenes.publish import lab_data
from umbral.scenes.publish.lab_page import GUIDE, SCRIPTS, lab_script, render_lab_page, script_json

ASSETS = Path(__file__).resolve().parents[2] / "scenes" / "publish" / "lab"
SCRIPT = lab_script()
TEMPLATE = (ASSETS / "lab.html").read_text(encoding="utf-8")
STYLE = (ASSETS / "lab.css").read_text(encoding="utf-8")
# A title that would end the JSON's <script> early if it were not escaped.
HOSTILE_TITLE = 'Tricky </script><!-- "data" & <b>'
HOOKS = ("theta-range", "theta-number", "d-range", "d-number", "pi-range", "pi-number", "ratio-range", "ratio-number",
         "min-cost", "theta-half", "part", "auc", "ap", "live")


def payload(lang: str, n: int = 1000, parts: int = 1) -> dict:
    """A payload as lab_data writes it, for ``n`` seeded random scores (distinct: the most vertices).

    The check against scikit-learn is lab_data's own test; skipping it here keeps these tests fast.
    """
    rng = np.random.default_rng(12)
    labels = (rng.random(n) < 0.2).astype(np.int8)
    scores = np.clip(rng.normal(0.35 + 0.3 * labels, 0.18), 0, 1)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lab_data, "verify_lab_numbers", lambda *args: None)
        numbers = lab_data.part_numbers(labels, scores)
    return {"schema": 1, "lang": lang, "title": HOSTILE_TITLE, "population": 1000,
            "defaults": {"mode": "data", "theta": 0.5, "part": "p0", "d": 1.5, "prevalence": 0.1, "cost_ratio": 10.0},
            "parts": [{"key": f"p{i}", "model": "m" if parts > 1 else None, "split": None, **numbers}
                      for i in range(parts)]}


@pytest.fixture(scope="module", params=("en", "es"))
def page(request) -> tuple[str, dict]:
    data = payload(request.param)
    return render_lab_page(data), data


def inline_json(page: str, element_id: str):
    match = re.search(rf'<script type="application/json" id="{element_id}">(.*?)</script>', page, re.S)
    assert match, f"no inline #{element_id}"
    return json.loads(match.group(1))


def test_the_page_asks_for_nothing(page):
    text, _ = page
    for pattern in (r"https?:", r"\bfetch\s*\(", r"\bimport\s*[\s(\"'{*]", r"XMLHttpRequest", r"<link\b",
                    r"<script[^>]*\bsrc=", r"@import", r"\burl\(\s*['\"]?(?!#)", r"<iframe", r"\bsrc=", r"WebSocket",
                    r"sendBeacon", r'type="module"'):
        assert not re.search(pattern, text), f"the page contains {pattern!r}"


def test_data_and_strings_round_trip(page):
    text, data = page
    assert inline_json(text, "lab-data") == data
    assert inline_json(text, "lab-strings") == lab_strings(data["lang"])
    assert "{positive_name}" not in text and "{negative_name}" not in text
    assert f'<html lang="{data["lang"]}">' in text
    assert text.count("</script>") == 3, "a </script> inside the data ended a script element early"


def test_the_class_names_reach_the_page():
    """The data's own class names, or the lecturer's, fill the legend and the scores' description."""
    from umbral.scenes import strings

    data = {**payload("es", n=20), "dataset": "breast-cancer"}
    shown = inline_json(render_lab_page(data), "lab-strings")
    assert shown["legend_positive"] == "tumores malignos" and "tumores benignos" in shown["scores_aria"]
    with strings.overridden({"en": {"positive_name": "diabetics"}}):
        shown = inline_json(render_lab_page(payload("en", n=20)), "lab-strings")
    assert shown["legend_positive"] == "diabetics" and shown["legend_negative"] == "negatives"


def test_no_slot_is_left_unfilled(page):
    text, _ = page
    assert not re.search(r"\{\{(s:)?\w+\}\}", text)


def test_every_hook_of_the_contract_is_there(page):
    text, _ = page
    for hook in HOOKS:
        assert f'id="{hook}"' in text, f"#{hook} is missing"
    assert text.count('name="mode"') == 2 and 'value="data"' in text and 'value="binormal"' in text
    for count in ("tp", "fp", "fn", "tn"):
        assert f'data-count="{count}"' in text
    assert 'aria-live="polite"' in text


def test_the_guide_has_seven_exercises_each_with_a_link(page):
    text, _ = page
    links = re.findall(r'<a class="setup" href="#([^"]+)"', text)
    assert len(links) == len(GUIDE) == 7
    for link in links:
        params = dict(pair.split("=") for pair in link.replace("&amp;", "&").split("&"))
        assert params["mode"] in ("data", "binormal") and 0 <= float(params["theta"]) <= 1


def test_a_1000_score_page_is_small():
    text = render_lab_page(payload("es", n=1000))
    assert len(text.encode()) < 300_000
    assert len((SCRIPT + STYLE).encode()) < 60_000


@pytest.mark.parametrize("table", (LAB, CALIBRATION), ids=("lab", "lab_calibration"))
def test_both_languages_have_the_same_keys_and_slots(table):
    assert set(table["en"]) == set(table["es"])
    slots = re.compile(r"\{(\w+)\}")
    for key in table["en"]:
        assert set(slots.findall(table["en"][key])) == set(slots.findall(table["es"][key])), key
        assert table["es"][key].strip(), key


def test_every_key_the_page_uses_exists():
    used = set(re.findall(r'\bt\("(\w+)"', SCRIPT)) | set(re.findall(r"\{\{s:(\w+)\}\}", TEMPLATE))
    metrics = set(re.findall(r'rate\("(\w+)"', SCRIPT)) | set(re.findall(r'\bkey: "(\w+)"', SCRIPT))
    assert len(metrics) == 9
    used |= metrics | {f"{key}_meaning" for key in metrics}
    for key, _ in GUIDE:
        used |= {key, f"{key}_title", f"{key}_answer"}
    # The calibration panel's keys are built from the scores shown: cal_raw, cal_fit_isotonic, ...
    used |= {f"cal_{scores}" for scores in ("raw", "isotonic", "sigmoid")} | {f"cal_fit_{scores}" for scores in
                                                                              ("raw", "isotonic", "sigmoid")}
    used -= {"cal_", "cal_fit_"}
    for lang, table in LAB.items():
        own = {**table, **CALIBRATION[lang]}
        assert not used - set(own), f"{lang} lacks {sorted(used - set(own))}"


def test_spanish_cells_read_as_the_scenes():
    from umbral.scenes import strings

    for key in ("tp", "fn", "fp", "tn", "tp_meaning", "fn_meaning", "fp_meaning", "tn_meaning"):
        assert LAB["es"][key] == strings.ES[key]
    assert LAB["es"]["heading"] == "¿Dónde pongo el umbral?"
    assert LAB["es"]["min_cost"] == "Ir al umbral de mínimo costo"


def test_every_colour_comes_from_the_palette():
    assert not re.search(r"#[0-9A-Fa-f]{3,8}\b", SCRIPT + STYLE + TEMPLATE), "write colours in scenes/palette.py"


def test_the_script_is_every_part_once_in_order_each_short():
    """Issue 28: the script's parts are the lab folder's .js files, each listed once and under 300 lines."""
    assert sorted(SCRIPTS) == sorted(path.name for path in ASSETS.glob("*.js")) and len(set(SCRIPTS)) == len(SCRIPTS)
    texts = [(ASSETS / name).read_text(encoding="utf-8") for name in SCRIPTS]
    assert all(len(text.splitlines()) < 300 for text in texts)
    places = [SCRIPT.index(text) for text in texts]
    assert places == sorted(places) and SCRIPT.count("(function () {") == 1 and SCRIPT.endswith("})();\n")


def test_the_script_cannot_end_its_own_element():
    assert "</script" not in SCRIPT.lower() and "<!--" not in SCRIPT
    assert "</style" not in STYLE.lower()


def test_script_json_escapes_what_would_end_a_script():
    text = script_json({"a": "</script>", "b": "<!-- x"})
    assert "</" not in text and "<!--" not in text
    assert json.loads(text) == {"a": "</script>", "b": "<!-- x"}


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        render_lab_page({**payload("en", n=20), "lang": "fr"})


def test_several_parts_keep_their_keys():
    text = render_lab_page(payload("en", n=40, parts=3))
    assert [part["key"] for part in inline_json(text, "lab-data")["parts"]] == ["p0", "p1", "p2"]
