"""Numbers of the AucAsRanking scene: every positive-negative pair, counted.

Pure NumPy and the metrics core, no Manim. Small data (at most
``MAX_ROWS`` positives and ``MAX_COLUMNS`` negatives) is shown whole. Larger
data is explained on a sample picked without randomness: positives and
negatives evenly spaced by rank (the middle of equal rank groups), and
the scene then states the count over every pair of the full data.

The pair grid is the ROC unit square: column i is the i-th highest negative
(one step right), row j the j-th highest positive (one step up, row 0 at the
bottom). A cell lies under the ROC staircase exactly when its positive
outscores its negative; a tie is cut in half by a diagonal step.

>>> numbers = ranking_numbers([1, 1, 0, 0], [0.9, 0.4, 0.4, 0.1])
>>> numbers.shown.counts, numbers.shown.auc
(PairCounts(correct=3, ties=1, total=4), 0.875)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from umbral.metrics import PairCounts, Sweep, VerificationError, count_ordered_pairs, roc_auc, roc_curve
from umbral.metrics.verify import SklearnCounts

__all__ = ["MAX_COLUMNS", "MAX_ROWS", "PairStory", "RankingNumbers", "ranking_numbers", "tie_example"]

MAX_ROWS = 8
MAX_COLUMNS = 16
SAMPLE_ROWS = 5
SAMPLE_COLUMNS = 15
#: The illustrative tie: two positives and two negatives, one positive tied with one negative.
TIE_POSITIVES = (0.7, 0.4)
TIE_NEGATIVES = (0.4, 0.2)


@dataclass(frozen=True, eq=False)
class PairStory:
    """A pair grid with its counts: scores shown, each cell's outcome, the ROC staircase over it.

    ``outcome[j, i]`` is 1.0 when positive j outscores negative i, 0.5 for a
    tie, 0.0 when the negative is higher. ``running`` holds the counts
    (correct, ties, wrong) after each cell in reveal order (column by column,
    bottom to top), starting from zero.
    """

    positive_scores: np.ndarray
    negative_scores: np.ndarray
    outcome: np.ndarray
    counts: PairCounts
    auc: float
    roc_fpr: np.ndarray
    roc_tpr: np.ndarray
    running: np.ndarray

    @property
    def tied_score(self) -> float | None:
        """The score of the first tied pair, or None when no pair is tied."""
        rows, _ = np.nonzero(self.outcome == 0.5)
        return float(self.positive_scores[rows[0]]) if rows.size else None

    @property
    def reveal_order(self) -> list[tuple[int, int]]:
        """(row, column) of each cell in the order it is checked."""
        rows, columns = self.outcome.shape
        return [(row, column) for column in range(columns) for row in range(rows)]


@dataclass(frozen=True, eq=False)
class RankingNumbers:
    """What AucAsRanking shows: the pair grid (maybe a sample), the tie example and the full count."""

    sampled: bool
    positives: int
    negatives: int
    shown: PairStory
    tie: PairStory
    all_counts: PairCounts
    auc: float


def even_ranks(count: int, keep: int) -> np.ndarray:
    """``keep`` ranks evenly spaced among ``count``: the middle one of each of ``keep`` equal rank groups.

    Middles, not the extremes, so the sample looks like the data; every rank when ``count <= keep``.

    >>> even_ranks(10, 3).tolist(), even_ranks(2, 3).tolist()
    ([1, 5, 8], [0, 1])
    """
    if count <= keep:
        return np.arange(count)
    return ((np.arange(keep) + 0.5) * count / keep).astype(int)


def pair_story(positive_scores, negative_scores) -> PairStory:
    """Count and verify the pairs of the given positives and negatives (scores sorted descending)."""
    from sklearn.metrics import roc_auc_score

    positive_scores = np.sort(np.asarray(positive_scores, float))[::-1]
    negative_scores = np.sort(np.asarray(negative_scores, float))[::-1]
    y_true = np.r_[np.ones(positive_scores.size, int), np.zeros(negative_scores.size, int)]
    y_score = np.r_[positive_scores, negative_scores]
    counts = count_ordered_pairs(y_true, y_score)
    outcome = np.where(positive_scores[:, None] > negative_scores[None, :], 1.0,
                       np.where(positive_scores[:, None] == negative_scores[None, :], 0.5, 0.0))
    auc = roc_auc(y_true, y_score)
    fpr, tpr, _ = roc_curve(y_true, y_score)
    column_major = outcome.T.ravel()
    running = np.zeros((column_major.size + 1, 3), dtype=int)
    running[1:, 0] = np.cumsum(column_major == 1.0)
    running[1:, 1] = np.cumsum(column_major == 0.5)
    running[1:, 2] = np.cumsum(column_major == 0.0)
    if (counts.correct, counts.ties) != (int((outcome == 1).sum()), int((outcome == 0.5).sum())):
        raise VerificationError(f"pair grid disagrees with count_ordered_pairs {counts}")
    for name, theirs in (("roc_auc", auc), ("scikit-learn roc_auc_score", roc_auc_score(y_true, y_score))):
        if not math.isclose(counts.share, theirs, rel_tol=1e-9, abs_tol=1e-12):
            raise VerificationError(f"pair share {counts.share!r} != {name} {theirs!r}")
    return PairStory(positive_scores, negative_scores, outcome, counts, auc, fpr, tpr, running)


def tie_example() -> PairStory:
    """The illustrative tie: ``TIE_POSITIVES`` against ``TIE_NEGATIVES``."""
    return pair_story(TIE_POSITIVES, TIE_NEGATIVES)


def _scores_by_rank(sweep: Sweep, positive: bool, keep: int) -> np.ndarray:
    """One class's scores at :func:`even_ranks`, highest first, read off the sweep (no sort).

    The score at rank r (0 = highest) is the highest distinct score with more than r of the
    class at or above it.
    """
    at_or_above = (sweep.positives_at_or_above if positive else sweep.negatives_at_or_above)[:-1]
    ranks = even_ranks(int(at_or_above[0]), keep)
    above = np.searchsorted(-at_or_above, -ranks, side="left")  # distinct scores with more than r at or above
    return sweep.distinct_scores[above - 1]


def ranking_numbers(y_true, y_score=None, report: dict | None = None,
                    sklearn: SklearnCounts | None = None) -> RankingNumbers:
    """Pairs of the data (or of an evenly ranked sample when the data is large), verified.

    Takes a :class:`umbral.metrics.Sweep` or ``(y_true, y_score)``; ``sklearn`` is the split's
    scikit-learn counts (the facts carry them; else counted here). The count over all pairs
    comes from the sweep's counts per distinct score (exact, no pair drawn or sampled).
    """
    sweep = y_true if isinstance(y_true, Sweep) and y_score is None else Sweep.from_scores(y_true, y_score)
    sklearn = sklearn if sklearn is not None else SklearnCounts(sweep.y_true, sweep.y_score)
    sampled = sweep.positives > MAX_ROWS or sweep.negatives > MAX_COLUMNS
    rows, columns = (SAMPLE_ROWS, SAMPLE_COLUMNS) if sampled else (MAX_ROWS, MAX_COLUMNS)
    shown = pair_story(_scores_by_rank(sweep, True, rows), _scores_by_rank(sweep, False, columns))
    all_counts = count_ordered_pairs(sweep)
    auc = roc_auc(sweep)
    checks = {"scikit-learn roc_auc_score": sklearn.auc, "roc_auc": auc}
    if report is not None:
        checks["report auc"] = report["auc"]
    for name, theirs in checks.items():
        if not math.isclose(all_counts.share, theirs, rel_tol=1e-9, abs_tol=1e-12):
            raise VerificationError(f"pair share {all_counts.share!r} != {name} {theirs!r}")
    return RankingNumbers(sampled=sampled, positives=sweep.positives, negatives=sweep.negatives, shown=shown,
                          tie=tie_example(), all_counts=all_counts, auc=auc)
