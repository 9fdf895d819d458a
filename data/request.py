"""What a command asked of the data: the study its request loads, and the scores it exports.

Everything here raises a one-line :class:`DataError` on bad input (the CLI prints it as
``error: ...`` and exits 2); no click, no Manim, and pandas or scikit-learn only through
the loaders that need them.
"""

from __future__ import annotations

import sys

from umbral.data.dataset import DataError

__all__ = ["column_notes", "export_study", "load_request"]


def load_request(request):
    """(study, selected dataset) of a command's request: every model on every split, and the one it shows.

    ``request`` has ``load_arguments()`` (:func:`umbral.data.load_study`'s keywords), ``model``
    and ``split``. The raw table's notes (see :func:`column_notes`) go to stderr.
    """
    from umbral.data.load import load_study

    study = load_study(**request.load_arguments())
    selected = study.select(request.model, request.split)
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


def export_study(request) -> str:
    """The ``scores`` command: every model on every split written to ``request.out``; the line saying so."""
    from umbral.data.files import export_scores

    study, _ = load_request(request)
    try:
        export_scores(study, request.out)
    except (DataError, OSError) as error:
        raise DataError(f"cannot write {request.out}: {error}") from error
    rows = sum(part.n for part in study.parts.values())
    what = "" if study.is_single else f" ({len(study.models)} model(s) x {len(study.splits)} split(s))"
    return f"wrote {request.out}: {rows} pairs{what} from {study.title}"
