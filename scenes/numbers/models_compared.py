"""Numbers of the ModelsCompared scene: every model's snapshots on the grid and at its chosen θ.

Pure Python over a :class:`umbral.metrics.compare.Comparison`, no Manim: the scene only reads
snapshots from here. Every model is read on the reporting split, whose rows all models share.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from umbral.metrics import GRID, Snapshot
from umbral.metrics.compare import Comparison

__all__ = ["ComparedModel", "ModelsComparedNumbers", "glide_steps", "models_compared_numbers", "nobody_flagged"]

#: Most models one scene compares (one colour and one marker shape each).
MAX_MODELS = 4


@dataclass(frozen=True, eq=False)
class ComparedModel:
    """One model on the reporting split: curves, areas, the 51 grid snapshots and the chosen one.

    ``chosen`` is the θ picked on the choosing split (None when a target rule never reached
    its target there); ``at_chosen`` the reporting split's snapshot at it.
    """

    model: str
    roc_fpr: object
    roc_tpr: object
    pr_recall: object
    pr_precision: object
    auc: float
    average_precision: float
    grid: tuple[Snapshot, ...]
    chosen: float | None
    at_chosen: Snapshot | None


@dataclass(frozen=True, eq=False)
class ModelsComparedNumbers:
    """What ModelsCompared draws and says.

    ``steps[k]`` is one model snapshot per model at ``GRID[k]`` (the shared sweep);
    ``n``, ``positives`` and ``prevalence`` describe the reporting split.
    """

    choose_on: str
    report_on: str
    rule: str
    target: float | None
    n: int
    positives: int
    prevalence: float
    models: tuple[ComparedModel, ...]
    steps: tuple[tuple[Snapshot, ...], ...]


def models_compared_numbers(comparison: Comparison) -> ModelsComparedNumbers:
    """Read every model's grid snapshots and chosen θ out of ``comparison``.

    Raises ``ValueError`` for fewer than two or more than :data:`MAX_MODELS` models.
    """
    results = comparison.models
    if not 2 <= len(results) <= MAX_MODELS:
        raise ValueError(f"ModelsCompared shows 2 to {MAX_MODELS} models; the comparison has {len(results)}")
    models = tuple(
        ComparedModel(model=r.model, roc_fpr=r.roc_fpr, roc_tpr=r.roc_tpr, pr_recall=r.pr_recall,
                      pr_precision=r.pr_precision, auc=float(r.auc), average_precision=float(r.average_precision),
                      grid=r.reporting.grid(GRID), chosen=r.choice.chosen, at_chosen=r.choice.at_chosen_report)
        for r in results)
    reporting = results[0].reporting
    steps = tuple(zip(*(m.grid for m in models), strict=True))
    return ModelsComparedNumbers(
        choose_on=comparison.choose_on, report_on=comparison.report_on, rule=comparison.settings.rule,
        target=results[0].choice.target, n=reporting.n, positives=reporting.positives,
        prevalence=comparison.prevalence, models=models, steps=steps)


def nobody_flagged(snapshot: Snapshot) -> bool:
    """True when no sample is flagged: precision is then 0/0 and the PR point is not drawn."""
    return snapshot.tp + snapshot.fp == 0


def glide_steps(numbers: ModelsComparedNumbers, count: int) -> tuple[tuple[Snapshot | None, ...], ...]:
    """``count`` steps walking each model from θ = 1 down its own curve to its chosen θ.

    Each model passes through the grid snapshots between 1 and its chosen θ (so its point
    moves along its curve, never across it) and ends on ``at_chosen`` exactly, which may lie
    between grid values. A model with no chosen θ is None at every step.

    >>> from umbral.metrics import Sweep
    >>> from umbral.metrics.compare import ChoiceSettings, compare_models
    >>> pair = (([0, 1, 0, 1], [0.1, 0.9, 0.3, 0.6]),) * 2
    >>> c = compare_models({"a": pair, "b": pair}, "v", "t", ChoiceSettings(resamples=2))
    >>> steps = glide_steps(models_compared_numbers(c), 5)
    >>> [s[0].threshold for s in steps][0], steps[-1][0].threshold == c.models[0].choice.chosen
    (1.0, True)
    """
    paths = []
    for model in numbers.models:
        if model.at_chosen is None:
            paths.append(None)
            continue
        # Grid indices from the top (θ = 1) down to the last one at or above the chosen θ.
        low = max(0, math.ceil(model.chosen * (len(GRID) - 1) - 1e-9))
        path = [model.grid[k] for k in range(len(GRID) - 1, low - 1, -1)] + [model.at_chosen]
        paths.append(path)
    steps = []
    for k in range(count):
        share = k / (count - 1) if count > 1 else 1.0
        steps.append(tuple(None if path is None else path[round(share * (len(path) - 1))] for path in paths))
    return tuple(steps)
