"""Numbers of the PrevalenceEffect scene: one test, its PR curve at many prevalences.

Pure NumPy and the metrics core (scikit-learn only inside the check); no
Manim. The operating point keeps its sensitivity and FPR; the PR curve at a
prevalence comes from the exact ROC points (:func:`umbral.metrics.pr_curve_at_prevalence`),
checked against scikit-learn's counts read as its ``precision_recall_curve`` reads them, with the
negatives and positives reweighted to that prevalence. A large curve keeps only the points a plot
can show.

>>> import numpy as np
>>> from umbral.metrics import Sweep
>>> sweep = Sweep.from_scores(np.array([0, 1, 1, 0]), np.array([0.1, 0.8, 0.6, 0.7]))
>>> numbers = prevalence_effect_numbers(sweep, up_steps=2, down_steps=3)
>>> numbers.prevalences.round(3).tolist()
[0.5, 0.5, 0.071, 0.01]
>>> numbers.operating_precision.round(3).tolist()
[0.667, 0.667, 0.132, 0.02]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from umbral.metrics import Snapshot, Sweep, VerificationError, ppv_at_prevalence, pr_curve_at_prevalence, roc_curve
from umbral.metrics.verify import SklearnCounts
from umbral.scenes.numbers.thinning import thin_indices

__all__ = ["PrevalenceEffectNumbers", "prevalence_effect_numbers"]


@dataclass(frozen=True, eq=False)
class PrevalenceEffectNumbers:
    """The operating point and the PR curve at each prevalence of the path.

    ``prevalences``: the data's own, up to ``highest``, then down to
    ``lowest`` (log-spaced; ``turn`` is the index of ``highest``).
    ``pr_precision[k]`` is the PR curve at ``prevalences[k]`` over the
    recalls ``pr_recall`` (the ROC's TPR, which never changes; for a large curve only at
    the points drawn);
    ``operating_precision[k]`` is precision at ``threshold`` there.
    """

    threshold: float
    operating: Snapshot
    roc_fpr: np.ndarray
    roc_tpr: np.ndarray
    prevalences: np.ndarray
    turn: int
    pr_recall: np.ndarray
    pr_precision: np.ndarray
    operating_precision: np.ndarray

    @property
    def operating_per_hundred(self) -> np.ndarray:
        """Expected sick people among every 100 flagged: precision in percent."""
        return 100.0 * self.operating_precision


def _check_with_sklearn(sklearn: SklearnCounts, precision: np.ndarray, prevalence: float) -> None:
    """scikit-learn's PR curve on the data reweighted to ``prevalence`` must match ours (every ROC point)."""
    own = sklearn.positives / (sklearn.positives + sklearn.negatives)
    theirs = sklearn.precision_curve(prevalence / own, (1 - prevalence) / (1 - own))
    if theirs.shape != precision.shape or not np.allclose(theirs, precision, rtol=1e-9, atol=1e-12):
        raise VerificationError(f"PR curve at prevalence {prevalence:.4g} differs from scikit-learn's")


#: Curves with more ROC points than this are thinned for drawing once, for every prevalence at once.
THIN_ABOVE = 10_000
#: How many prevalences of the path (evenly spread, both ends included) choose the vertices kept.
THINNING_PREVALENCES = 9


def _drawn_vertices(fpr: np.ndarray, tpr: np.ndarray, prevalences: np.ndarray) -> np.ndarray:
    """Indices of the ROC points drawn: all of a small curve; of a large one, those any of a few curves needs.

    Each curve of the path is the same points with precision a monotone function of FPR/TPR,
    so the vertices that the curves at a handful of prevalences keep
    (:func:`~umbral.scenes.numbers.thinning.thin_indices`) draw every curve between them as well.
    """
    if fpr.size <= THIN_ABOVE:
        return np.arange(fpr.size)
    picks = np.unique(np.linspace(0, prevalences.size - 1, THINNING_PREVALENCES).round().astype(int))
    kept = [thin_indices(tpr, pr_curve_at_prevalence(fpr, tpr, float(prevalences[i]))[0]) for i in picks]
    return np.unique(np.concatenate(kept))


def prevalence_effect_numbers(sweep: Sweep, threshold: float = 0.5, highest: float = 0.5, lowest: float = 0.01,
                              up_steps: int = 41, down_steps: int = 121,
                              sklearn: SklearnCounts | None = None) -> PrevalenceEffectNumbers:
    """Operating point at ``threshold`` and PR curves along data prevalence -> ``highest`` -> ``lowest``.

    ``sklearn``: the split's scikit-learn counts (the facts carry them; else counted here).
    Each curve is checked on every ROC point at the data's prevalence, at ``highest`` and at
    ``lowest``; the curves kept are those points a plot can show (all of them for small data).
    """
    if sweep.positives == 0 or sweep.negatives == 0:
        raise ValueError("a PR curve needs both classes in the data")
    operating = sweep.at(threshold)
    fpr, tpr, _ = roc_curve(sweep)
    up = np.geomspace(operating.prevalence, highest, up_steps)
    down = np.geomspace(highest, lowest, down_steps)
    prevalences = np.r_[up, down[1:]]
    sklearn = sklearn if sklearn is not None else SklearnCounts(sweep.y_true, sweep.y_score)
    for index in (0, up_steps - 1, prevalences.size - 1):
        pi = float(prevalences[index])
        _check_with_sklearn(sklearn, pr_curve_at_prevalence(fpr, tpr, pi)[0], pi)
    drawn = _drawn_vertices(fpr, tpr, prevalences)
    curves = np.array([pr_curve_at_prevalence(fpr[drawn], tpr[drawn], pi)[0] for pi in prevalences])
    operating_precision = ppv_at_prevalence(operating.recall, operating.fpr, prevalences)
    return PrevalenceEffectNumbers(
        threshold=float(threshold), operating=operating, roc_fpr=fpr, roc_tpr=tpr, prevalences=prevalences,
        turn=up_steps - 1, pr_recall=tpr[drawn], pr_precision=curves, operating_precision=operating_precision)
