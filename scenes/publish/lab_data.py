"""The lab's numbers: every count the page shows, from the verified core (no Manim).

The page only divides counts. For each model on each split it gets the counts flagged at
every hundredth of θ (what the slider can reach), the exact ROC/PR vertices (the counts at
every distinct score, thinned for drawing when there are many, never at a hundredth), AUC
and AP, the cases themselves when there are few enough to draw as dots, and score bins
for the humps. Everything is checked against scikit-learn before it is returned.
"""

from __future__ import annotations

import numpy as np

from umbral.metrics import Sweep, average_precision, roc_auc
from umbral.metrics.choice import HUNDREDTHS
from umbral.metrics.verify import verify_lab_numbers
from umbral.scenes import strings

__all__ = ["MAX_DOTS", "MAX_DRAWN_VERTICES", "SCORE_BINS", "lab_payload", "part_numbers"]

#: Up to this many cases the score panel draws one dot per case; above it, humps from bins.
MAX_DOTS = 60
#: Score bins of the humps: [k/50, (k+1)/50), a score of 1.0 in the last.
SCORE_BINS = 50
#: Above this many vertices the drawn curve is thinned (the hundredths' vertices always stay).
MAX_DRAWN_VERTICES = 2000
#: Binormal mode's starting point: separation, prevalence (the chapter's), population.
BINORMAL_DEFAULTS = {"d": 1.5, "prevalence": 0.10}
POPULATION = 1000


def _thinned(count: int, keep: np.ndarray) -> np.ndarray:
    """Indices of at most about ``MAX_DRAWN_VERTICES`` vertices, evenly spread, plus ``keep``."""
    if count <= MAX_DRAWN_VERTICES:
        return np.arange(count)
    spread = np.linspace(0, count - 1, MAX_DRAWN_VERTICES).round().astype(np.int64)
    return np.union1d(spread, keep)


def part_numbers(y_true, y_score) -> dict:
    """Counts at every hundredth, the curve's vertices, AUC, AP, dots or bins: verified.

    ``vertices`` run from (0, 0), θ above every score, to (P, N), everyone flagged.
    """
    sweep = Sweep.from_scores(y_true, y_score)
    tp, fp, _, _ = sweep.counts(HUNDREDTHS)
    # positives_at_or_above[i]: flagged at θ = distinct_scores[i], with a trailing 0 above them all.
    vertex_tp = sweep.positives_at_or_above[::-1]
    vertex_fp = sweep.negatives_at_or_above[::-1]
    auc, ap = roc_auc(sweep), average_precision(sweep)  # from the sweep: no second sort
    verify_lab_numbers(sweep.y_true, sweep.y_score, HUNDREDTHS, tp, fp, vertex_tp, vertex_fp, auc, ap)
    at_hundredths = vertex_tp.size - 1 - np.searchsorted(sweep.distinct_scores, HUNDREDTHS, side="left")
    drawn = _thinned(vertex_tp.size, at_hundredths)
    bins = np.minimum((sweep.y_score * SCORE_BINS).astype(np.int64), SCORE_BINS - 1)
    positive = sweep.y_true == 1
    cases = None
    if sweep.n <= MAX_DOTS:
        order = np.argsort(sweep.y_score, kind="stable")
        cases = [[float(sweep.y_score[i]), int(sweep.y_true[i])] for i in order]
    return {
        "n": sweep.n, "positives": sweep.positives, "negatives": sweep.negatives,
        "at_hundredths": {"tp": tp.tolist(), "fp": fp.tolist()},
        "vertices": {"tp": vertex_tp[drawn].tolist(), "fp": vertex_fp[drawn].tolist(),
                     "thinned": bool(drawn.size < vertex_tp.size)},
        "auc": auc, "average_precision": ap,
        "cases": cases,
        "bins": {"positive": np.bincount(bins[positive], minlength=SCORE_BINS).tolist(),
                 "negative": np.bincount(bins[~positive], minlength=SCORE_BINS).tolist()},
    }


def _part_key(model: str, split: str, taken: set) -> str:
    """A URL-safe key for a part, unique among ``taken``."""
    from umbral.data.dataset import slugify

    base = slugify(f"{model}-{split}") or "part"
    key, suffix = base, 2
    while key in taken:
        key, suffix = f"{base}-{suffix}", suffix + 1
    taken.add(key)
    return key


def lab_payload(study, dataset, lang: str, cost_fn: float = 10.0, cost_fp: float = 1.0) -> dict:
    """Everything the lab page needs for ``study`` in ``lang``; ``dataset`` is the part it opens on.

    The cost ratio C_FN / C_FP starts from the lecture's costs (``cost_fp`` must be > 0).
    Schema 2: ``{schema, lang, title, population, defaults: {mode, theta, part, d, prevalence,
    cost_ratio}, calibration, parts: [{key, model, split, calibration, **part_numbers(...)}]}``;
    ``key`` is URL-safe and unique, ``model``/``split`` are display names (None when the data has
    one model / no splits); the two ``calibration`` entries are
    :func:`umbral.scenes.publish.lab_calibration.calibration_numbers`' (with ``fitted_on`` as its display name).
    The page's binormal mode is :mod:`umbral.metrics.binormal`, computed by the script itself.
    """
    from umbral.scenes.publish.lab_calibration import calibration_numbers

    selected = dataset.provenance.get("part", {})
    several_models, has_splits = len(study.models) > 1, study.splits != ("all",)
    parts, taken, default = [], set(), None
    calibration, part_calibration = calibration_numbers(study, cost_fn / cost_fp)
    fitted_on = calibration["fitted_on"]
    calibration["fitted_on"] = strings.split_label(fitted_on, lang) if fitted_on else None
    for model, split in ((model, split) for model in study.models for split in study.splits):
        part = study.parts[(model, split)]
        key = _part_key(model, split, taken)
        if selected.get("model", model) == model and selected.get("split", split) == split and default is None:
            default = key
        parts.append({"key": key,
                      "model": strings.model_name(model, lang) if several_models else None,
                      "split": strings.split_label(split, lang) if has_splits else None,
                      "calibration": part_calibration[(model, split)],
                      **part_numbers(part.y_true, part.y_score)})
    return {
        "schema": 2,
        "lang": lang,
        "dataset": study.name,
        "title": strings.dataset_title(study.name, study.title, lang),
        "population": POPULATION,
        "defaults": {"mode": "data", "theta": 0.5, "part": default or parts[0]["key"], **BINORMAL_DEFAULTS,
                     "cost_ratio": cost_fn / cost_fp},
        "calibration": calibration,
        "parts": parts,
    }
