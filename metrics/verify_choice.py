"""The lesson's numbers checked against scikit-learn: each model's chosen θ, its counts and its curves."""

from __future__ import annotations

import math

import numpy as np

from umbral.metrics.choice import _pick, _target, lower_is_better, rule_metric
from umbral.metrics.compare import ChoiceSettings, Comparison, compare_models
from umbral.metrics.verify import SklearnCounts, VerificationError, _check, _check_named, _check_roc

__all__ = ["verified_comparison", "verify_comparison"]


def verify_comparison(comparison) -> bool:
    """Recompute every model's choice of θ, its numbers and its curves with scikit-learn.

    The chosen and peeking θs are re-derived from scikit-learn's counts on the same grid;
    the counts at the chosen θ, at 0.5 and at the peek, the AUC, AP and ROC points of the
    reporting split must match, and so must the wobble's range of the metric and the expected
    optimism, recounted by scikit-learn at each resample's θ*. Raises
    :class:`VerificationError` naming the first difference.
    """
    if not isinstance(comparison, Comparison):
        raise ValueError(f"expected the Comparison compare_models returns, not {type(comparison).__name__}")
    s = comparison.settings
    for result in comparison.models:
        c = result.choice
        splits = {"choosing": result.choosing, "reporting": result.reporting}
        exact = c.grid is result.choosing.distinct_scores
        grids = {"choosing": c.grid, "reporting": result.reporting.distinct_scores if exact else c.grid}
        picked, counted = {}, {}
        for split, sweep in splits.items():
            counted[split] = SklearnCounts(sweep.y_true, sweep.y_score)
            counts = counted[split].counts(grids[split])
            metric = rule_metric(s.rule, *counts, s.cost_fn, s.cost_fp)
            index = int(_pick(s.rule, metric, _target(s.rule, s.target_recall, s.target_precision))[0])
            picked[split] = None if index < 0 else float(grids[split][index])
        where = f"model {result.model!r}"
        pairs = (("chosen θ", c.chosen, picked["choosing"]), ("peeking θ", c.peek, picked["reporting"]))
        for name, ours, theirs in pairs:
            if (ours is None) != (theirs is None) or (ours is not None and not math.isclose(ours, theirs)):
                raise VerificationError(f"{where} {name}: umbral {ours!r} != from scikit-learn {theirs!r}")
        if c.at_chosen_choose is not None:
            _check_named([c.at_chosen_choose.as_dict()], counted["choosing"])
        named = [s.as_dict() for s in (c.at_chosen_report, c.at_half_report, c.at_peek_report) if s is not None]
        _check_named(named, counted["reporting"])
        _check_resamples(where, c, counted["reporting"], picked["reporting"])
        _check(f"{where} auc", result.auc, counted["reporting"].auc)
        _check(f"{where} average_precision", result.average_precision, counted["reporting"].average_precision)
        _check_roc(f"{where}: ", counted["reporting"], result.roc_fpr, result.roc_tpr)
    return True


def _check_resamples(where: str, choice, reporting, peek: float | None) -> None:
    """The wobble's metric range and the expected optimism, from scikit-learn's counts at each resample's θ*.

    The resampled θ*s themselves are the wobble's; what is checked is every number read off the
    reporting split at them, and their summaries, recomputed here without :mod:`umbral.metrics.choice`'s.
    """
    thetas = np.asarray(choice.wobble.thetas, dtype=float)
    thetas = thetas[~np.isnan(thetas)]
    honest = rule_metric(choice.rule, *reporting.counts(thetas), choice.cost_fn, choice.cost_fp)

    def quantile(values, q):  # inverted_cdf: the smallest value whose share at or below it reaches q
        ordered = np.sort(values)
        return float(ordered[max(math.ceil(round(q * ordered.size, 9)) - 1, 0)])

    if thetas.size:
        _check(f"{where} wobble metric_low", choice.wobble.metric_low, quantile(honest, 0.05))
        _check(f"{where} wobble metric_high", choice.wobble.metric_high, quantile(honest, 0.95))
    ours = choice.expected_optimism
    if peek is None or not thetas.size:
        if ours is not None:
            raise VerificationError(f"{where} expected optimism: umbral {ours!r} where scikit-learn's counts give none")
        return
    if ours is None:
        raise VerificationError(f"{where} expected optimism: umbral none, scikit-learn's counts give one")
    peeked = float(rule_metric(choice.rule, *reporting.counts([peek]), choice.cost_fn, choice.cost_fp)[0])
    gaps = honest - peeked if lower_is_better(choice.rule) else peeked - honest
    _check(f"{where} expected optimism resamples", ours.resamples, gaps.size)
    _check(f"{where} expected optimism mean", ours.mean, math.fsum(gaps) / gaps.size)
    _check(f"{where} expected optimism 5 %", ours.low, quantile(gaps, 0.05))
    _check(f"{where} expected optimism 95 %", ours.high, quantile(gaps, 0.95))


def verified_comparison(study, settings: ChoiceSettings, required: bool = False,
                        same_rows: bool = False) -> Comparison | None:
    """Every model of ``study`` with θ chosen on one split and reported on another, checked against scikit-learn.

    ``study`` has ``models``, ``splits``, ``is_single``, ``choice_splits`` and ``pairs``
    (:class:`umbral.data.study.Study`). None for one model on one split, and for data with one
    split unless ``required`` (the study then raises its own error for the splits asked for) or
    ``same_rows`` (several models: θ is chosen on the rows it is reported on, and the note says
    so). A disagreement raises :class:`~umbral.metrics.verify.VerificationError`.
    """
    if not all(hasattr(study, name) for name in ("splits", "is_single", "choice_splits", "pairs")):
        raise ValueError(f"study must be a Study (splits, is_single, choice_splits, pairs), not {study!r:.40}")
    if not isinstance(settings, ChoiceSettings):
        raise ValueError(f"settings must be a ChoiceSettings, not {type(settings).__name__}")
    one_split = len(study.splits) < 2
    if one_split and not required and (study.is_single or not same_rows):
        return None
    if one_split and not required:
        choose = report = study.splits[0]
        note = "one split: θ is chosen on the same rows it is reported on"
    else:
        choose, report, note = study.choice_splits(settings.choose_on, settings.report_on)
    comparison = compare_models(study.pairs(choose, report), choose, report, settings, note)
    verify_comparison(comparison)
    return comparison
