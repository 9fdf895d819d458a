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

from metrics import PairCounts, VerificationError, count_ordered_pairs, roc_auc, roc_curve

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


def evenly_by_rank(sorted_scores: np.ndarray, keep: int) -> np.ndarray:
    """``keep`` scores evenly spaced by rank: the middle one of each of ``keep`` equal rank groups.

    Middles, not the extremes, so the sample looks like the data.

    >>> evenly_by_rank(np.arange(10)[::-1], 3).tolist()
    [8, 4, 1]
    """
    if sorted_scores.size <= keep:
        return sorted_scores
    return sorted_scores[((np.arange(keep) + 0.5) * sorted_scores.size / keep).astype(int)]


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


def ranking_numbers(y_true, y_score, report: dict | None = None) -> RankingNumbers:
    """Pairs of the data (or of an evenly ranked sample when the data is large), verified."""
    from sklearn.metrics import roc_auc_score

    y_true, y_score = np.asarray(y_true), np.asarray(y_score, float)
    positive_scores = np.sort(y_score[y_true == 1])[::-1]
    negative_scores = np.sort(y_score[y_true == 0])[::-1]
    sampled = positive_scores.size > MAX_ROWS or negative_scores.size > MAX_COLUMNS
    if sampled:
        shown = pair_story(evenly_by_rank(positive_scores, SAMPLE_ROWS),
                           evenly_by_rank(negative_scores, SAMPLE_COLUMNS))
    else:
        shown = pair_story(positive_scores, negative_scores)
    all_counts = count_ordered_pairs(y_true, y_score)
    auc = roc_auc(y_true, y_score)
    checks = {"scikit-learn roc_auc_score": roc_auc_score(y_true, y_score), "roc_auc": auc}
    if report is not None:
        checks["report auc"] = report["auc"]
    for name, theirs in checks.items():
        if not math.isclose(all_counts.share, theirs, rel_tol=1e-9, abs_tol=1e-12):
            raise VerificationError(f"pair share {all_counts.share!r} != {name} {theirs!r}")
    return RankingNumbers(sampled=sampled, positives=int(positive_scores.size),
                          negatives=int(negative_scores.size), shown=shown, tie=tie_example(),
                          all_counts=all_counts, auc=auc)
