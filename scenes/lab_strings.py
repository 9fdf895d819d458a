"""Every string of the lab page ("Where do I put the threshold?"), one table per language.

The page's own strings are the ``[lab]`` and ``[lab_calibration]`` (its calibration panel) tables
of each ``scenes/locales/<lang>.toml`` (see :mod:`umbral.scenes.strings`); the terms it shares with the
scenes (the cell labels TP/FN/FP/TN, their meanings, axis names) are taken from the scenes' ``[strings]``,
so a term has one home. Terms follow ../shared/GLOSSARY.md. Templates use ``{name}``,
filled by the page's script; ``{{`` never appears. Every language has the same keys
and the same ``{name}`` slots in every string (tests/lab and tests/scenes/test_locales.py check it).
"""

from __future__ import annotations

from umbral.scenes import strings

__all__ = ["CALIBRATION", "LAB", "lab_strings"]

# Reused as the scenes write them, so a term has one home.
_FROM_SCENES = ("tp", "fn", "fp", "tn", "tp_meaning", "fn_meaning", "fp_meaning", "tn_meaning", "truth", "prediction",
                "positive", "negative", "fpr_axis", "tpr_axis", "chance", "flag_rule", "part_split",
                "humps_positives", "humps_negatives", "opening_data", "cost_legend_min_one")

#: The calibration panel's strings, by language (the ``[lab_calibration]`` table).
CALIBRATION = {lang: tables["lab_calibration"] for lang, tables in strings.LOCALES.items()}
#: Every string of the lab page but the calibration panel's, by language, as written (``{positive_name}``
#: unfilled: see :func:`lab_strings`).
LAB = {lang: {**tables["lab"], **{key: strings.strings_for_raw(lang)[key] for key in _FROM_SCENES}}
       for lang, tables in strings.LOCALES.items()}
EN = LAB["en"]
ES = LAB["es"]


def lab_strings(lang: str, dataset: str | None = None) -> dict:
    """The lab's string table for ``lang``, one of :data:`umbral.scenes.strings.LANGUAGES`, with the class names filled.

    The terms shared with the scenes are read now, so a lecturer's override
    (:func:`umbral.scenes.strings.overridden`) and ``dataset``'s class names reach the page as they reach the videos.

    Examples
    --------
    >>> lab_strings("es")["heading"]
    '¿Dónde pongo el umbral?'
    >>> lab_strings("en", "breast-cancer")["legend_positive"]
    'malignant tumours'
    """
    if lang not in LAB:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LAB)}")
    scene_strings = strings.strings_for(lang, dataset)
    names = strings.class_names(lang, dataset)
    own = {}
    for key, text in {**strings.LOCALES[lang]["lab"], **CALIBRATION[lang]}.items():
        for name, noun in names.items():
            text = text.replace(f"{{{name}}}", noun)
        own[key] = text
    return {**own, **{key: scene_strings[key] for key in _FROM_SCENES}}
