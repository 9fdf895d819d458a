"""The calibration chapter's numbers: each split's reliability, and the cost rule before and after recalibrating.

The rule θ = C_FP / (C_FP + C_FN) minimises the expected cost *if* the scores are
calibrated probabilities. On uncalibrated scores it misses; recalibrating the scores on
the choosing split (validation) and applying the map to the reporting split (test) makes
the rule land near the cost minimum again. Pure NumPy, like the rest of the core. ``umbral report``,
the Calibration scene and the lab take their numbers, checked, from
:func:`umbral.metrics.verify_calibration.verified_calibrations` and ``verified_recalibrated``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from umbral.metrics import curves
from umbral.metrics.calibration import (
    BIN_STRATEGIES,
    RECALIBRATIONS,
    BrierParts,
    Recalibration,
    Reliability,
    brier_parts,
    fit_recalibration,
    reliability,
)
from umbral.metrics.choice import choose_threshold, rule_metric
from umbral.metrics.sweep import GRID, Snapshot, Sweep
from umbral.metrics.thresholds import cost_ratio_threshold
from umbral.metrics.validation import check_costs, check_grid, check_name, check_pair, check_positive_int

__all__ = ["CalibrationSettings", "Recalibrated", "SplitCalibration", "recalibrate_and_choose",
           "split_calibration"]


@dataclass(frozen=True)
class CalibrationSettings:
    """How the scores are binned (``n_bins``, ``strategy``) and, optionally, recalibrated (``method``)."""

    n_bins: int = 10
    strategy: str = "uniform"
    method: str | None = None

    def __post_init__(self) -> None:
        check_positive_int(self.n_bins, "n_bins")
        if self.strategy not in BIN_STRATEGIES:
            raise ValueError(f"unknown bin strategy {self.strategy!r}; use one of {', '.join(BIN_STRATEGIES)}")
        if self.method is not None and self.method not in RECALIBRATIONS:
            raise ValueError(f"unknown recalibration {self.method!r}; use one of {', '.join(RECALIBRATIONS)}")


@dataclass(frozen=True, eq=False)
class SplitCalibration:
    """One model's scores on one split: the reliability curve, the Brier score's parts and the log-loss."""

    model: str
    split: str
    y_true: np.ndarray
    y_score: np.ndarray
    curve: Reliability
    parts: BrierParts
    log_loss: float

    def as_dict(self) -> dict:
        """``report --json``'s entry: the bins, ECE, Brier and its parts, log-loss."""
        return {"model": self.model, "split": self.split, "n": int(self.y_true.size), **self.curve.as_dict(),
                **self.parts.as_dict(), "log_loss": self.log_loss}


def split_calibration(model: str, split: str, y_true, y_score, n_bins: int = 10,
                      strategy: str = "uniform") -> SplitCalibration:
    """How calibrated one model's scores are on one split.

    Examples
    --------
    >>> c = split_calibration("m", "all", [0, 0, 1, 1], [0.1, 0.3, 0.35, 0.9], n_bins=2)
    >>> round(c.curve.ece, 4), round(c.parts.brier, 4)
    (0.0875, 0.1331)
    """
    model, split = check_name(model, "model"), check_name(split, "split")
    curve = reliability(y_true, y_score, n_bins, strategy)
    y_true, y_score = np.asarray(y_true), np.asarray(y_score, dtype=float)
    return SplitCalibration(model=model, split=split, y_true=y_true, y_score=y_score, curve=curve,
                            parts=brier_parts(y_true, y_score, curve), log_loss=curves.log_loss(y_true, y_score))


@dataclass(frozen=True, eq=False)
class Recalibrated:
    """One model's scores recalibrated on the choosing split and the cost rule's θ on the reporting split.

    Costs are C_FN·FN + C_FP·FP on the reporting split. ``at_rule_raw``/``at_rule_calibrated``:
    the rule's θ on the raw and on the recalibrated scores; ``at_chosen``: the θ that minimises
    the cost on the choosing split's raw scores (``grid``), the honest alternative;
    ``at_minimum``: the reporting split's own cheapest grid θ on the raw scores (a peek, shown
    as the floor no rule can beat). ``cost_raw``/``cost_calibrated`` are the cost curves over
    ``grid``; ``before``/``after`` the reporting split's calibration.
    """

    model: str
    method: str
    fit: Recalibration
    cost_fn: float
    cost_fp: float
    grid: np.ndarray
    rule_theta: float
    before: SplitCalibration
    after: SplitCalibration
    cost_raw: np.ndarray
    cost_calibrated: np.ndarray
    at_rule_raw: Snapshot
    at_rule_calibrated: Snapshot
    chosen_theta: float
    at_chosen: Snapshot
    minimum_theta: float
    at_minimum: Snapshot

    def cost(self, snapshot: Snapshot) -> float:
        """C_FN·FN + C_FP·FP at one snapshot."""
        return snapshot.cost(self.cost_fn, self.cost_fp)

    @property
    def sure(self) -> np.ndarray:
        """True for the reporting cases whose recalibrated score is exactly 0 or 1 (isotonic's flat ends)."""
        return (self.after.y_score == 0.0) | (self.after.y_score == 1.0)

    @property
    def sure_misses(self) -> np.ndarray:
        """True for the sure cases that are wrong: a positive scored 0 or a negative scored 1.

        Each costs ``-ln(eps)`` = 36.04 nats in log-loss (scores are clipped to float64's eps),
        so a few of them can raise the log-loss while Brier and the costs barely move.
        """
        return self.sure & (self.after.y_score != self.after.y_true)

    @property
    def sure_miss_share(self) -> float:
        """The sure misses' share of the recalibrated log-loss on the reporting split (0 when it is 0)."""
        total = self.after.log_loss * self.after.y_true.size
        misses = self.sure_misses
        if not misses.any() or total == 0:
            return 0.0
        return curves.log_loss(self.after.y_true[misses], self.after.y_score[misses]) * int(misses.sum()) / total

    def as_dict(self) -> dict:
        """``report --calibrate --json``'s entry for this model."""
        keys = ("threshold", "tp", "fp", "fn", "tn")

        def point(snapshot):
            return {**snapshot.as_dict(keys), "cost": self.cost(snapshot)}

        return {"model": self.model, "fit": self.fit.as_dict(), "rule_theta": self.rule_theta,
                "rule_raw": point(self.at_rule_raw), "rule_calibrated": point(self.at_rule_calibrated),
                "chosen_theta": self.chosen_theta, "chosen": point(self.at_chosen),
                "minimum_theta": self.minimum_theta, "minimum": point(self.at_minimum),
                "ece_before": self.before.curve.ece, "ece_after": self.after.curve.ece,
                "brier_before": self.before.parts.brier, "brier_after": self.after.parts.brier,
                "log_loss_before": self.before.log_loss, "log_loss_after": self.after.log_loss,
                "sure": int(self.sure.sum()), "sure_misses": int(self.sure_misses.sum()),
                "sure_miss_share": self.sure_miss_share}


def recalibrate_and_choose(model: str, choosing: tuple, reporting: tuple, method: str, report_on: str,
                           cost_fn: float = 10.0, cost_fp: float = 1.0, grid=GRID, n_bins: int = 10,
                           strategy: str = "uniform") -> Recalibrated:
    """Fit ``method`` on ``choosing`` = (y_true, y_score), apply it to ``reporting``, cost the rule's θ there.

    Examples
    --------
    >>> y, s = [0, 0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.6, 0.7]
    >>> r = recalibrate_and_choose("m", (y, s), (y, s), "isotonic", "test")
    >>> r.rule_theta, r.cost(r.at_rule_raw), r.cost(r.at_rule_calibrated)
    (0.09090909090909091, 3.0, 1.0)
    """
    model, report_on = check_name(model, "model"), check_name(report_on, "report_on")
    choosing, reporting = check_pair(choosing, "choosing"), check_pair(reporting, "reporting")
    cost_fn, cost_fp = check_costs(cost_fn, cost_fp)
    grid = check_grid(grid)
    fit = fit_recalibration(*choosing, method)
    y_report, raw_report = np.asarray(reporting[0]), np.asarray(reporting[1], dtype=float)
    calibrated_report = fit.apply(raw_report)
    rule_theta = cost_ratio_threshold(cost_fn, cost_fp)
    raw_sweep, calibrated_sweep = Sweep.from_scores(y_report, raw_report), Sweep.from_scores(y_report,
                                                                                            calibrated_report)
    chosen = choose_threshold(Sweep.from_scores(*choosing), "min_cost", grid, cost_fn, cost_fp)
    minimum = choose_threshold(raw_sweep, "min_cost", grid, cost_fn, cost_fp)
    cost_raw = rule_metric("min_cost", *raw_sweep.counts(grid), cost_fn, cost_fp)
    cost_calibrated = rule_metric("min_cost", *calibrated_sweep.counts(grid), cost_fn, cost_fp)
    for values in (cost_raw, cost_calibrated, calibrated_report):
        values.setflags(write=False)
    return Recalibrated(
        model=model, method=method, fit=fit, cost_fn=cost_fn, cost_fp=cost_fp, grid=grid, rule_theta=rule_theta,
        before=split_calibration(model, report_on, y_report, raw_report, n_bins, strategy),
        after=split_calibration(model, report_on, y_report, calibrated_report, n_bins, strategy),
        cost_raw=cost_raw, cost_calibrated=cost_calibrated,
        at_rule_raw=raw_sweep.at(rule_theta), at_rule_calibrated=calibrated_sweep.at(rule_theta),
        chosen_theta=chosen, at_chosen=raw_sweep.at(chosen), minimum_theta=minimum,
        at_minimum=raw_sweep.at(minimum))
