"""What a command asked of the data: click's data options as load arguments, checked, and the study they load.

Everything here raises a one-line :class:`DataError` on bad input (the CLI prints it as
``error: ...`` and exits 2); no click, no Manim, and pandas or scikit-learn only through
the loaders that need them.
"""

from __future__ import annotations

import math
import sys

from umbral.data.dataset import DataError

__all__ = ["check_costs", "check_threshold", "column_notes", "data_request", "export_study", "load_with_study"]


def data_request(data_kwargs: dict) -> dict:
    """Click's data options as :func:`umbral.data.load_dataset` arguments (``--model-name A=B`` -> a dict)."""
    kwargs = dict(data_kwargs)
    names = {}
    for item in kwargs.pop("model_name", None) or ():
        key, sep, name = item.partition("=")
        if not sep or not key.strip() or not name.strip():
            raise DataError(f"--model-name {item!r} must be COLUMN=NAME, e.g. --model-name lr=\"logistic regression\"")
        names[key.strip()] = name.strip()
    kwargs["model_names"] = names or None
    kwargs["score_col"] = tuple(kwargs.get("score_col") or ()) or None
    return kwargs


def load_with_study(**data_kwargs):
    """(study, selected dataset): every model on every split, and the one ``--model``/``--split`` picks.

    The raw table's notes (see :func:`column_notes`) go to stderr.
    """
    from umbral.data.load import load_study

    kwargs = data_request(data_kwargs)
    model, split = kwargs.pop("model", None), kwargs.pop("split", None)
    study = load_study(**kwargs)
    selected = study.select(model, split)
    for note in column_notes(study.provenance):
        print(note, file=sys.stderr)
    return study, selected


def column_notes(provenance: dict) -> list[str]:
    """The raw table's columns that were not used as features, and features that give the label away."""
    notes = [f"note: column {column!r} is not used as a feature: it is {why}"
             for column, why in provenance.get("dropped_columns", {}).items()]
    return notes + [f"warning: feature {feature!r} alone separates the classes perfectly; if it is the label "
                    "under another name (a leak), drop it from the table"
                    for feature in provenance.get("separating_features", [])]


def check_costs(cost_fn: float, cost_fp: float) -> None:
    """A :class:`DataError` unless both costs are finite, >= 0 and not both 0."""
    # NaN slips through click's FloatRange and through `< 0`, so test finiteness directly.
    finite = math.isfinite(cost_fn) and math.isfinite(cost_fp)
    if not finite or cost_fn < 0 or cost_fp < 0 or cost_fn + cost_fp == 0:
        raise DataError("costs must be finite, >= 0 and not both 0; e.g. --cost-fn 10 --cost-fp 1")


def check_threshold(threshold: float) -> None:
    """A :class:`DataError` unless ``threshold`` lies in [0, 1] (NaN does not)."""
    if not 0.0 <= threshold <= 1.0:
        raise DataError(f"--threshold {threshold} must lie in [0, 1]; e.g. --threshold 0.5")


def export_study(out_path: str, **data_kwargs) -> str:
    """The ``scores`` command: every model on every split written to ``out_path``; the line saying so."""
    from umbral.data.files import export_scores

    if data_kwargs.get("model") or data_kwargs.get("split"):
        raise DataError("scores exports every model on every split; drop --model and --split")
    study, _ = load_with_study(**data_kwargs)
    try:
        export_scores(study, out_path)
    except (DataError, OSError) as error:
        raise DataError(f"cannot write {out_path}: {error}") from error
    rows = sum(part.n for part in study.parts.values())
    what = "" if study.is_single else f" ({len(study.models)} model(s) x {len(study.splits)} split(s))"
    return f"wrote {out_path}: {rows} pairs{what} from {study.title}"
