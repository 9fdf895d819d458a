"""Cross-check every number against scikit-learn before it reaches a screen."""

from __future__ import annotations

import math

import numpy as np

from metrics.curves import roc_curve
from metrics.sweep import GRID, Sweep
from metrics.thresholds import thresholds_from_rates

__all__ = ["VerificationError", "verify", "verify_comparison"]

# Relative tolerance: the two implementations sum in different orders.
_RTOL = 1e-9
_ATOL = 1e-12


class VerificationError(AssertionError):
    """A number of ours disagrees with scikit-learn's."""


def _check(name: str, ours, theirs) -> None:
    if not math.isclose(float(ours), float(theirs), rel_tol=_RTOL, abs_tol=_ATOL):
        raise VerificationError(f"{name}: umbral {ours!r} != scikit-learn {theirs!r}")


def _check_snapshot(values: dict, y_true, y_score, skm) -> dict:
    """Compare the per-threshold numbers in ``values`` with scikit-learn's; return theirs."""
    t = values["threshold"]
    y_pred = (y_score >= t).astype(np.int8)
    (tn, fp), (fn, tp) = skm.confusion_matrix(y_true, y_pred, labels=[0, 1])
    where = f"at threshold {t:g}"
    for name, theirs in (("tp", tp), ("fp", fp), ("fn", fn), ("tn", tn)):
        _check(f"{name} {where}", values[name], theirs)
    zero = {"zero_division": 0}
    expected = {
        "accuracy": skm.accuracy_score(y_true, y_pred),
        "precision": skm.precision_score(y_true, y_pred, **zero),
        "recall": skm.recall_score(y_true, y_pred, **zero),
        "specificity": skm.recall_score(y_true, y_pred, pos_label=0, **zero),
        "npv": skm.precision_score(y_true, y_pred, pos_label=0, **zero),
        "f1": skm.f1_score(y_true, y_pred, **zero),
        "mcc": skm.matthews_corrcoef(y_true, y_pred),
        "fpr": 1.0 - skm.recall_score(y_true, y_pred, pos_label=0, **zero) if fp + tn else 0.0,
    }
    if tp + fn and fp + tn:  # scikit-learn warns and differs when a class is absent
        expected["balanced_accuracy"] = skm.balanced_accuracy_score(y_true, y_pred)
    positives = int(np.sum(y_true == 1))
    expected.update(n=y_true.size, positives=positives, negatives=y_true.size - positives,
                    prevalence=positives / y_true.size)
    for name, theirs in expected.items():
        if name in values:
            _check(f"{name} {where}", values[name], theirs)
    return {**expected, "fn": fn, "fp": fp}


def verify(sweep: Sweep, report: dict | None = None, grid=GRID, cost_fn: float = 10.0, cost_fp: float = 1.0,
           target_recall: float = 0.9, target_precision: float = 0.9) -> bool:
    """Recompute the report and every grid snapshot with scikit-learn.

    The report's chosen thresholds are re-derived from scikit-learn's own
    numbers on the grid (pass the costs and targets the report was built with).
    Returns True, or raises :class:`VerificationError` naming the first
    number that differs. scikit-learn is imported here, not at module load,
    so the metrics core itself never depends on it.
    """
    from sklearn import metrics as skm

    y_true, y_score = sweep.y_true, sweep.y_score
    theirs = [_check_snapshot(snapshot.as_dict(), y_true, y_score, skm) for snapshot in sweep.grid(grid)]
    fpr, tpr, _ = skm.roc_curve(y_true, y_score, drop_intermediate=False)
    our_fpr, our_tpr, _ = roc_curve(y_true, y_score)
    same = fpr.shape == our_fpr.shape and np.allclose(fpr, our_fpr, rtol=_RTOL, atol=_ATOL)
    if not (same and np.allclose(tpr, our_tpr, rtol=_RTOL, atol=_ATOL)):
        raise VerificationError("ROC curve points differ from scikit-learn's roc_curve")
    if report is None:
        return True
    _check_snapshot(report, y_true, y_score, skm)
    _check("majority_baseline_accuracy", report["majority_baseline_accuracy"],
           max(np.mean(y_true), 1 - np.mean(y_true)))
    _check("auc", report["auc"], skm.roc_auc_score(y_true, y_score))
    _check("average_precision", report["average_precision"], skm.average_precision_score(y_true, y_score))
    _check("log_loss", report["log_loss"], skm.log_loss(y_true, y_score, labels=[0, 1]))
    _check("brier", report["brier"], skm.brier_score_loss(y_true, y_score))
    rates = {key: np.array([row[key] for row in theirs], dtype=float)
             for key in ("f1", "recall", "fpr", "precision", "fn", "fp")}
    expected = thresholds_from_rates(rates, cost_fn, cost_fp, target_recall, target_precision, grid)
    for rule, value in expected.items():
        ours = report["thresholds"].get(rule)
        if (ours is None) != (value is None) or (value is not None and not math.isclose(ours, value)):
            raise VerificationError(f"thresholds[{rule}]: umbral {ours!r} != from scikit-learn {value!r}")
    return True


def _counts_from_sklearn(skm, y_true, y_score, thresholds):
    """TP, FP, FN, TN at each threshold from scikit-learn's confusion_matrix_at_thresholds."""
    tns, fps, fns, tps, cuts = skm.confusion_matrix_at_thresholds(y_true, y_score)
    # cuts decrease; the counts at θ are those of the smallest cut >= θ (none: nothing flagged).
    ascending = cuts[::-1]
    index = np.searchsorted(ascending, np.asarray(thresholds, dtype=float), side="left")
    above = index < ascending.size
    pick = np.where(above, ascending.size - 1 - np.minimum(index, ascending.size - 1), 0)
    tp = np.where(above, tps[pick], 0)
    fp = np.where(above, fps[pick], 0)
    positives, negatives = tps[-1], fps[-1]
    return tp, fp, positives - tp, negatives - fp


def verify_comparison(comparison) -> bool:
    """Recompute every model's choice of θ, its numbers and its curves with scikit-learn.

    The chosen and peeking θs are re-derived from scikit-learn's counts on the same grid;
    the counts at the chosen θ, at 0.5 and at the peek, the AUC, AP and ROC points of the
    reporting split must match. Raises :class:`VerificationError` naming the first difference.
    """
    from sklearn import metrics as skm

    from metrics.choice import _pick, _target, rule_metric

    s = comparison.settings
    for result in comparison.models:
        c = result.choice
        splits = {"choosing": result.choosing, "reporting": result.reporting}
        exact = c.grid is result.choosing.distinct_scores
        grids = {"choosing": c.grid, "reporting": result.reporting.distinct_scores if exact else c.grid}
        picked = {}
        for split, sweep in splits.items():
            counts = _counts_from_sklearn(skm, sweep.y_true, sweep.y_score, grids[split])
            metric = rule_metric(s.rule, *counts, s.cost_fn, s.cost_fp)
            index = int(_pick(s.rule, metric, _target(s.rule, s.target_recall, s.target_precision))[0])
            picked[split] = None if index < 0 else float(grids[split][index])
        where = f"model {result.model!r}"
        pairs = (("chosen θ", c.chosen, picked["choosing"]), ("peeking θ", c.peek, picked["reporting"]))
        for name, ours, theirs in pairs:
            if (ours is None) != (theirs is None) or (ours is not None and not math.isclose(ours, theirs)):
                raise VerificationError(f"{where} {name}: umbral {ours!r} != from scikit-learn {theirs!r}")
        for snapshot, sweep in ((c.at_chosen_choose, result.choosing), (c.at_chosen_report, result.reporting),
                                (c.at_half_report, result.reporting), (c.at_peek_report, result.reporting)):
            if snapshot is not None:
                _check_snapshot(snapshot.as_dict(), sweep.y_true, sweep.y_score, skm)
        y_true, y_score = result.reporting.y_true, result.reporting.y_score
        _check(f"{where} auc", result.auc, skm.roc_auc_score(y_true, y_score))
        _check(f"{where} average_precision", result.average_precision, skm.average_precision_score(y_true, y_score))
        fpr, tpr, _ = skm.roc_curve(y_true, y_score, drop_intermediate=False)
        same = fpr.shape == result.roc_fpr.shape and np.allclose(fpr, result.roc_fpr)
        if not (same and np.allclose(tpr, result.roc_tpr)):
            raise VerificationError(f"{where}: ROC curve points differ from scikit-learn's roc_curve")
    return True
