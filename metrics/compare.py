"""Several models, each with θ chosen on one split and reported on another, side by side: the honest choice's numbers.

Pure NumPy: the caller hands in each model's labels and scores on the choosing and reporting
splits; this module knows nothing of files or splits' names beyond the two strings it records.
``umbral report`` and the scenes' facts (:mod:`umbral.scenes.facts`) both take their comparison,
checked, from :func:`umbral.metrics.verify_choice.verified_comparison`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from umbral.metrics import curves
from umbral.metrics.choice import DEFAULT_RESAMPLES, ThresholdChoice, choice_grid, choose_then_report, lower_is_better
from umbral.metrics.sweep import Sweep

__all__ = ["ChoiceSettings", "Comparison", "ModelResult", "compare_models"]


@dataclass(frozen=True)
class ChoiceSettings:
    """How θ is chosen: the rule, its grid step, costs, targets and the bootstrap.

    ``choose_on``/``report_on`` name the splits (None: the data's defaults, validation or
    train / test).
    """

    rule: str = "min_cost"
    step: str = "0.02"
    choose_on: str | None = None
    report_on: str | None = None
    cost_fn: float = 10.0
    cost_fp: float = 1.0
    target_recall: float = 0.9
    target_precision: float = 0.9
    resamples: int = DEFAULT_RESAMPLES
    seed: int = 0


@dataclass(frozen=True, eq=False)
class ModelResult:
    """One model: its choice, its two splits' sweeps and its exact curves on the reporting split."""

    model: str
    choice: ThresholdChoice
    choosing: Sweep
    reporting: Sweep
    roc_fpr: np.ndarray
    roc_tpr: np.ndarray
    pr_precision: np.ndarray
    pr_recall: np.ndarray
    auc: float
    average_precision: float


@dataclass(frozen=True, eq=False)
class Comparison:
    """Every model's honest choice of θ, with the splits and settings that made it."""

    choose_on: str
    report_on: str
    settings: ChoiceSettings
    models: tuple[ModelResult, ...]
    note: str | None = None

    @property
    def prevalence(self) -> float:
        """Share of positives on the reporting split (every model sees the same rows)."""
        reporting = self.models[0].reporting
        return reporting.positives / reporting.n

    def as_dict(self) -> dict:
        """The JSON of ``umbral report --json`` for split data (schema in docs/numbers.md)."""
        return {
            "choose_on": self.choose_on, "report_on": self.report_on, "rule": self.settings.rule,
            "lower_is_better": lower_is_better(self.settings.rule), "choice_step": self.settings.step,
            "cost_fn": self.settings.cost_fn, "cost_fp": self.settings.cost_fp,
            "target": self.models[0].choice.target, "note": self.note,
            "models": [_model_dict(result) for result in self.models],
        }


def _snapshot_dict(choice: ThresholdChoice, snapshot) -> dict | None:
    if snapshot is None:
        return None
    keys = ("threshold", "tp", "fp", "fn", "tn", "precision", "recall", "f1", "fpr")
    return {**snapshot.as_dict(keys), "metric": choice.metric(snapshot),
            "cost": snapshot.cost(choice.cost_fn, choice.cost_fp)}


def _model_dict(result: ModelResult) -> dict:
    c = result.choice
    return {
        "model": result.model, "n_choose": result.choosing.n, "n_report": result.reporting.n,
        "auc": result.auc, "average_precision": result.average_precision,
        "theta": c.chosen,
        "on_choosing": _snapshot_dict(c, c.at_chosen_choose),
        "on_reporting": _snapshot_dict(c, c.at_chosen_report),
        "at_half_on_reporting": _snapshot_dict(c, c.at_half_report),
        "peek_theta": c.peek,
        "peek_on_reporting": _snapshot_dict(c, c.at_peek_report),
        "optimism": c.optimism,
        "expected_optimism": None if c.expected_optimism is None else c.expected_optimism.as_dict(),
        "wobble": c.wobble.as_dict(),
    }


def _model_result(model: str, choosing, reporting, settings: ChoiceSettings) -> ModelResult:
    choosing_sweep = Sweep.from_scores(*choosing)
    reporting_sweep = Sweep.from_scores(*reporting)
    choice = choose_then_report(
        choosing_sweep, reporting_sweep, settings.rule, choice_grid(settings.step, choosing_sweep),
        settings.cost_fn, settings.cost_fp, settings.target_recall, settings.target_precision,
        settings.resamples, settings.seed)
    fpr, tpr, _ = curves.roc_curve(reporting_sweep)
    precision, recall, _ = curves.precision_recall_curve(reporting_sweep)
    for values in (fpr, tpr, precision, recall):
        values.setflags(write=False)
    return ModelResult(model=model, choice=choice, choosing=choosing_sweep, reporting=reporting_sweep,
                       roc_fpr=fpr, roc_tpr=tpr, pr_precision=precision, pr_recall=recall,
                       auc=curves.roc_auc(reporting_sweep), average_precision=curves.average_precision(reporting_sweep))


def compare_models(scores: dict, choose_on: str, report_on: str, settings: ChoiceSettings,
                   note: str | None = None) -> Comparison:
    """Choose and report θ for each model of ``scores``, in display order.

    ``scores`` maps model name -> ((y_true, y_score) on the choosing split, (y_true, y_score) on
    the reporting split); the splits' names are recorded for captions and JSON, and ``note`` is
    one line shown with the result (e.g. that choosing on train is optimistic).
    """
    if not isinstance(scores, dict) or not scores:
        raise ValueError("scores must be a non-empty dict: model name -> ((y_true, y_score) to choose on, "
                         "(y_true, y_score) to report on)")
    if not isinstance(settings, ChoiceSettings):
        raise ValueError(f"settings must be a ChoiceSettings, not {type(settings).__name__}")
    for model, splits in scores.items():
        if not (isinstance(splits, tuple | list) and len(splits) == 2 and all(len(pair) == 2 for pair in splits)):
            raise ValueError(f"model {model!r}: give ((y_true, y_score) to choose on, (y_true, y_score) to report on)")
    results = tuple(_model_result(model, choosing, reporting, settings)
                    for model, (choosing, reporting) in scores.items())
    return Comparison(choose_on=choose_on, report_on=report_on, settings=settings, models=results, note=note)
