"""The calibration chapter's numbers checked against scikit-learn before they reach a screen.

Bins against ``calibration_curve`` (fractions, mean scores) with counts from ``np.digitize``;
the Brier parts rebuilt from those and ``brier_score_loss``; log-loss against ``log_loss``;
recalibrated scores against ``CalibratedClassifierCV(FrozenEstimator(...))`` (sigmoid) and
``IsotonicRegression(out_of_bounds="clip")``; costs from scikit-learn's counts.
"""

from __future__ import annotations

import math

import numpy as np

from umbral.metrics.calibration_lesson import Recalibrated, SplitCalibration, recalibrate_and_choose, split_calibration
from umbral.metrics.choice import _pick
from umbral.metrics.sweep import GRID
from umbral.metrics.validation import check_number, check_pair, check_probabilities
from umbral.metrics.verify import SklearnCounts, VerificationError, _check, _chunked_mean

__all__ = ["verified_calibrations", "verified_recalibrated", "verify_recalibrated", "verify_split_calibration"]

# scikit-learn fits Platt's sigmoid with L-BFGS to gtol 1e-6; umbral's Newton steps go to the exact
# optimum, so the two calibrated scores agree to about 1e-7, not to the last bit.
_SIGMOID_ATOL = 1e-6


def _check_array(name: str, ours, theirs, atol: float = 1e-12) -> None:
    ours, theirs = np.asarray(ours, dtype=float), np.asarray(theirs, dtype=float)
    if ours.shape != theirs.shape:
        raise VerificationError(f"{name}: umbral has {ours.size} values, scikit-learn {theirs.size}")
    wrong = np.flatnonzero(~np.isclose(ours, theirs, rtol=1e-9, atol=atol))
    if wrong.size:
        i = wrong[0]
        raise VerificationError(f"{name}[{i}]: umbral {float(ours[i])!r} != scikit-learn {float(theirs[i])!r}")


def _checked_verified(verified) -> dict:
    """``verify_split_calibration``'s already-checked numbers: None, or {"brier"/"log_loss": a number or None}."""
    if verified is None:
        return {}
    if not isinstance(verified, dict) or not set(verified) <= {"brier", "log_loss"}:
        raise ValueError(f"verified must be None or a dict with 'brier' and/or 'log_loss', not {verified!r:.60}")
    return {name: None if value is None else check_number(value, f"verified[{name!r}]")
            for name, value in verified.items()}


def verify_split_calibration(calibration, verified: dict | None = None) -> bool:
    """Recompute one split's bins, ECE, Brier parts and log-loss with scikit-learn; True or raise.

    ``verified`` may give this split's ``brier`` and ``log_loss`` as already checked against
    scikit-learn in this run (the report's own), which saves recomputing them at 1e7 rows.
    """
    from sklearn.calibration import calibration_curve
    from sklearn.metrics import brier_score_loss, log_loss

    if not isinstance(calibration, SplitCalibration):
        raise ValueError(f"expected the SplitCalibration split_calibration returns, not {type(calibration).__name__}")
    verified = _checked_verified(verified)
    c, curve = calibration, calibration.curve
    where = f"model {c.model!r} on {c.split}"
    y_true, y_score = c.y_true, c.y_score
    fraction, mean = calibration_curve(y_true, y_score, n_bins=curve.counts.size, strategy=curve.strategy)
    filled = curve.filled
    _check_array(f"{where}: bin fraction positive", curve.fraction_positive[filled], fraction)
    _check_array(f"{where}: bin mean score", curve.mean_score[filled], mean)
    # np.digitize(right=True) puts a score on an inner edge in the bin below, as calibration_curve does.
    counts = np.bincount(np.digitize(y_score, curve.edges[1:-1], right=True), minlength=curve.counts.size)
    _check_array(f"{where}: bin counts", curve.counts, counts)
    weight = counts[counts > 0] / y_true.size
    base_rate = float(np.mean(y_true))
    _check(f"{where}: ECE", curve.ece, float(np.sum(weight * np.abs(fraction - mean))))
    brier = verified.get("brier")
    brier = _chunked_mean(brier_score_loss, y_true, y_score, labels=[0, 1]) if brier is None else brier
    parts = {"brier": brier, "reliability": float(np.sum(weight * (mean - fraction) ** 2)),
             "resolution": float(np.sum(weight * (fraction - base_rate) ** 2)),
             "uncertainty": base_rate * (1.0 - base_rate)}
    parts["within_bin"] = brier - (parts["reliability"] - parts["resolution"] + parts["uncertainty"])
    for name, theirs in parts.items():
        if not math.isclose(getattr(c.parts, name), theirs, rel_tol=1e-9, abs_tol=1e-12):
            raise VerificationError(f"{where}: Brier {name}: umbral {getattr(c.parts, name)!r} != "
                                    f"from scikit-learn {theirs!r}")
    theirs = verified.get("log_loss")
    theirs = _chunked_mean(log_loss, y_true, y_score, labels=[0, 1]) if theirs is None else theirs
    _check(f"{where}: log_loss", c.log_loss, theirs)
    return True


def _their_calibrated(method: str, y_fit, score_fit, score_apply) -> np.ndarray:
    """scikit-learn's recalibration of ``score_apply``, fitted on (``y_fit``, ``score_fit``)."""
    if method == "isotonic":
        from sklearn.isotonic import IsotonicRegression

        return IsotonicRegression(out_of_bounds="clip").fit(score_fit, y_fit).predict(score_apply)
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.frozen import FrozenEstimator

    frozen = FrozenEstimator(_given_scores().fit(score_fit[:, None], y_fit))
    calibrated = CalibratedClassifierCV(frozen, method=method).fit(score_fit[:, None], y_fit)
    return calibrated.predict_proba(np.asarray(score_apply, dtype=float)[:, None])[:, 1]


def _given_scores():
    """A classifier scoring by its one feature, its class made on first use so the core never imports scikit-learn."""
    from sklearn.base import BaseEstimator, ClassifierMixin

    class GivenScores(ClassifierMixin, BaseEstimator):
        """A fitted classifier whose probability of the positive class is its one feature: the scores."""

        def fit(self, X, y):
            self.classes_ = np.array([0, 1])
            return self

        def predict_proba(self, X):
            return np.column_stack([1.0 - X[:, 0], X[:, 0]])

        def predict(self, X):
            return (X[:, 0] >= 0.5).astype(int)

    return GivenScores()


def verify_recalibrated(result, choosing: tuple) -> bool:
    """Check a :class:`umbral.metrics.calibration_lesson.Recalibrated` with scikit-learn; True or raise.

    ``choosing`` is the (y_true, y_score) the map was fitted on.
    """
    if not isinstance(result, Recalibrated):
        raise ValueError(f"expected the Recalibrated recalibrate_and_choose returns, not {type(result).__name__}")
    check_probabilities(*check_pair(choosing, "choosing"), "verify_recalibrated")
    where = f"model {result.model!r} ({result.method})"
    y_fit, score_fit = np.asarray(choosing[0]), np.asarray(choosing[1], dtype=float)
    before, after = result.before, result.after
    atol = _SIGMOID_ATOL if result.method == "sigmoid" else 1e-12
    theirs = _their_calibrated(result.method, y_fit, score_fit, before.y_score)
    _check_array(f"{where}: recalibrated scores", after.y_score, theirs, atol=atol)
    verify_split_calibration(before)
    verify_split_calibration(after)
    raw, calibrated = SklearnCounts(before.y_true, before.y_score), SklearnCounts(after.y_true, theirs)

    def cost(counts, thresholds):
        tp, fp, fn, tn = counts.counts(np.atleast_1d(thresholds))
        return result.cost_fn * fn + result.cost_fp * fp

    _check_array(f"{where}: cost curve of the raw scores", result.cost_raw, cost(raw, result.grid))
    _check_array(f"{where}: cost curve of the recalibrated scores", result.cost_calibrated,
                 cost(calibrated, result.grid))
    _check(f"{where}: cost at the rule's θ (raw)", result.cost(result.at_rule_raw),
           cost(raw, result.rule_theta)[0])
    _check(f"{where}: cost at the rule's θ (recalibrated)", result.cost(result.at_rule_calibrated),
           cost(calibrated, result.rule_theta)[0])
    chosen_on = SklearnCounts(y_fit, score_fit)
    picked = {"chosen": (chosen_on, result.chosen_theta), "minimum": (raw, result.minimum_theta)}
    for name, (counts, ours) in picked.items():
        theirs_theta = float(result.grid[int(_pick("min_cost", cost(counts, result.grid), None)[0])])
        if not math.isclose(ours, theirs_theta):
            raise VerificationError(f"{where}: {name} θ: umbral {ours!r} != from scikit-learn {theirs_theta!r}")
    _check(f"{where}: cost at the chosen θ", result.cost(result.at_chosen), cost(raw, result.chosen_theta)[0])
    _check(f"{where}: cost at the test minimum", result.cost(result.at_minimum), cost(raw, result.minimum_theta)[0])
    _verify_sure_misses(where, result, theirs)
    return True


def _verify_sure_misses(where: str, result, theirs: np.ndarray) -> None:
    """The recalibrated scores at exactly 0 or 1, the wrong ones and their share of log-loss, by scikit-learn."""
    from sklearn.metrics import log_loss

    y_true = result.after.y_true
    sure = (theirs == 0.0) | (theirs == 1.0)
    misses = sure & (theirs != y_true)
    _check(f"{where}: scores at exactly 0 or 1", int(result.sure.sum()), int(sure.sum()))
    _check(f"{where}: sure misses", int(result.sure_misses.sum()), int(misses.sum()))
    share = 0.0
    if misses.any():
        share = (log_loss(y_true[misses], theirs[misses], labels=[0, 1]) * int(misses.sum())
                 / (log_loss(y_true, theirs, labels=[0, 1]) * y_true.size))
    _check(f"{where}: the sure misses' share of log-loss", result.sure_miss_share, share)


def verified_calibrations(parts: dict, n_bins: int = 10, strategy: str = "uniform",
                          verified: dict | None = None) -> dict:
    """{(model, split): :func:`split_calibration`} for ``parts``' (model, split) -> (y_true, y_score), verified.

    ``verified``: (model, split) -> its ``brier`` and ``log_loss`` already checked in this run.
    A disagreement with scikit-learn raises :class:`~umbral.metrics.verify.VerificationError`.
    """
    if not isinstance(parts, dict) or not parts or not all(isinstance(k, tuple) and len(k) == 2 for k in parts):
        raise ValueError("parts must be a non-empty dict: (model, split) -> (y_true, y_score)")
    found = {}
    for (model, split), pair in parts.items():
        y_true, y_score = check_pair(pair, f"parts[{(model, split)!r}]")
        found[(model, split)] = split_calibration(model, split, y_true, y_score, n_bins, strategy)
        verify_split_calibration(found[(model, split)], (verified or {}).get((model, split)))
    return found


def verified_recalibrated(model: str, choosing: tuple, reporting: tuple, method: str, report_on: str,
                          cost_fn: float = 10.0, cost_fp: float = 1.0, grid=GRID, n_bins: int = 10,
                          strategy: str = "uniform") -> Recalibrated:
    """:func:`recalibrate_and_choose`, checked against scikit-learn (its scores, bins and costs)."""
    result = recalibrate_and_choose(model, choosing, reporting, method, report_on, cost_fn, cost_fp, grid, n_bins,
                                    strategy)
    verify_recalibrated(result, choosing)
    return result
