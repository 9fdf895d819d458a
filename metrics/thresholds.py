"""Rules that pick a decision threshold, all evaluated on the lecture's grid.

Every rule looks only at the 51 grid thresholds (``GRID``), the values a
lecture can show, except :func:`cost_ratio_threshold`, which is a formula.
When several grid thresholds tie for best, the highest one is chosen (it
flags the fewest samples) and :func:`tied_thresholds` gives the whole range.
"""

from __future__ import annotations

import numpy as np

from umbral.metrics import point
from umbral.metrics.choice import TIE
from umbral.metrics.sweep import GRID, Sweep, check_choice
from umbral.metrics.validation import check_costs

__all__ = [
    "RULES",
    "choose_thresholds",
    "cost_ratio_threshold",
    "grid_scores",
    "tied_thresholds",
]

#: Rule names, in the order reports list them.
RULES = (
    "max_f1",
    "youden_j",
    "closest_to_top_left",
    "min_expected_cost",
    "cost_ratio",
    "target_recall",
    "target_precision",
)


def rule_scores(rule: str, rates: dict, cost_fn: float = 10.0, cost_fp: float = 1.0):
    """The value each threshold gets under ``rule``; higher is better.

    ``rates`` maps "f1", "recall", "fpr" (arrays over thresholds) and "fn",
    "fp" (counts); verify() feeds scikit-learn's numbers through the same rules.
    """
    if rule == "max_f1":
        return np.asarray(rates["f1"], dtype=float)
    if rule == "youden_j":
        return np.asarray(rates["recall"], dtype=float) - rates["fpr"]
    if rule == "closest_to_top_left":
        return -np.hypot(rates["fpr"], 1.0 - np.asarray(rates["recall"], dtype=float))
    if rule == "min_expected_cost":
        return -(cost_fn * np.asarray(rates["fn"], dtype=float) + cost_fp * np.asarray(rates["fp"], dtype=float))
    raise ValueError(f"unknown grid rule {rule!r}")


def grid_rates(sweep: Sweep, grid=GRID) -> dict:
    """F1, recall, FPR, precision and the error counts at each grid threshold."""
    tp, fp, fn, tn = sweep.counts(grid)
    return {
        "f1": point.f1_score(tp, fp, fn, tn),
        "recall": point.recall(tp, fp, fn, tn),
        "fpr": point.false_positive_rate(tp, fp, fn, tn),
        "precision": point.precision(tp, fp, fn, tn),
        "fn": fn,
        "fp": fp,
    }


def grid_scores(sweep: Sweep, rule: str, cost_fn: float = 10.0, cost_fp: float = 1.0, grid=GRID):
    """The value each grid threshold gets under ``rule``; higher is better."""
    check_choice(sweep, cost_fn, cost_fp, grid)
    return rule_scores(rule, grid_rates(sweep, grid), cost_fn, cost_fp)


def _best(values, grid) -> np.ndarray:
    """Grid thresholds whose value ties for the best."""
    return np.asarray(grid)[values >= values.max() - TIE]


def tied_thresholds(sweep: Sweep, rule: str, cost_fn: float = 10.0, cost_fp: float = 1.0, grid=GRID):
    """All grid thresholds that score best under ``rule``, in increasing order.

    Examples
    --------
    >>> sweep = Sweep.from_scores([0, 1, 0, 1], [0.1, 0.3, 0.5, 0.9])
    >>> tied_thresholds(sweep, "min_expected_cost", cost_fn=3, cost_fp=1).tolist()
    [0.12, 0.14, 0.16, 0.18, 0.2, 0.22, 0.24, 0.26, 0.28, 0.3]
    """
    return _best(grid_scores(sweep, rule, cost_fn, cost_fp, grid), grid)


def cost_ratio_threshold(cost_fn: float, cost_fp: float) -> float:
    """The threshold ``C_FP / (C_FP + C_FN)`` that minimises cost for calibrated scores.

    Flag a sample when its probability p of being positive makes a miss cost
    more than a false alarm: ``p * C_FN >= (1 - p) * C_FP``.

    Examples
    --------
    >>> round(cost_ratio_threshold(cost_fn=10, cost_fp=1), 4)
    0.0909

    Both costs must be numbers >= 0, not both 0 (a ``ValueError`` otherwise).
    """
    cost_fn, cost_fp = check_costs(cost_fn, cost_fp)
    return cost_fp / (cost_fp + cost_fn)


def _target_threshold(values, target: float, grid, highest: bool):
    reaching = np.asarray(grid)[np.asarray(values) >= target - TIE]
    if reaching.size == 0:
        return None
    return float(reaching.max() if highest else reaching.min())


def thresholds_from_rates(rates: dict, cost_fn: float, cost_fp: float, target_recall: float,
                          target_precision: float, grid) -> dict:
    """The threshold each rule in :data:`RULES` picks, given ``rates`` on ``grid``.

    ``target_recall`` is the highest grid threshold whose recall still reaches
    the target; ``target_precision`` the lowest whose precision reaches it
    (keeping as much recall as possible). Either is ``None`` when no grid
    threshold reaches its target. Ties go to the highest threshold.
    """
    chosen = {
        rule: float(_best(rule_scores(rule, rates, cost_fn, cost_fp), grid).max())
        for rule in ("max_f1", "youden_j", "closest_to_top_left", "min_expected_cost")
    }
    chosen["cost_ratio"] = cost_ratio_threshold(cost_fn, cost_fp)
    chosen["target_recall"] = _target_threshold(rates["recall"], target_recall, grid, highest=True)
    chosen["target_precision"] = _target_threshold(rates["precision"], target_precision, grid, highest=False)
    return {rule: chosen[rule] for rule in RULES}


def choose_thresholds(
    sweep: Sweep,
    cost_fn: float = 10.0,
    cost_fp: float = 1.0,
    target_recall: float = 0.9,
    target_precision: float = 0.9,
    grid=GRID,
) -> dict:
    """The threshold each rule in :data:`RULES` picks for ``sweep`` (see :func:`thresholds_from_rates`)."""
    check_choice(sweep, cost_fn, cost_fp, grid, target_recall=target_recall, target_precision=target_precision)
    return thresholds_from_rates(grid_rates(sweep, grid), cost_fn, cost_fp, target_recall, target_precision, grid)
