"""Numbers of the PrevalenceEffect scene: one test, its PR curve at many prevalences.

Pure NumPy and the metrics core (scikit-learn only inside the check); no
Manim. The operating point keeps its sensitivity and FPR; the PR curve at a
prevalence comes from the exact ROC points (:func:`metrics.pr_curve_at_prevalence`),
checked against scikit-learn's ``precision_recall_curve`` with the negatives
and positives reweighted to that prevalence.

>>> import numpy as np
>>> from metrics import Sweep
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

from metrics import Snapshot, Sweep, VerificationError, ppv_at_prevalence, pr_curve_at_prevalence, roc_curve

__all__ = ["PrevalenceEffectNumbers", "prevalence_effect_numbers"]


@dataclass(frozen=True, eq=False)
class PrevalenceEffectNumbers:
    """The operating point and the PR curve at each prevalence of the path.

    ``prevalences``: the data's own, up to ``highest``, then down to
    ``lowest`` (log-spaced; ``turn`` is the index of ``highest``).
    ``pr_precision[k]`` is the PR curve at ``prevalences[k]`` over the
    recalls ``pr_recall`` (the ROC's TPR, which never changes);
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

    @property
    def data_prevalence(self) -> float:
        """The prevalence of the data, where the path starts."""
        return float(self.prevalences[0])

    def precision_at(self, prevalence: float) -> float:
        """Precision at the operating point for any prevalence (Bayes' rule)."""
        return float(ppv_at_prevalence(self.operating.recall, self.operating.fpr, prevalence))


def _check_with_sklearn(sweep: Sweep, precision: np.ndarray, prevalence: float) -> None:
    """scikit-learn's PR curve on the data reweighted to ``prevalence`` must match ours."""
    from sklearn.metrics import precision_recall_curve as sk_pr_curve

    y_true, y_score = sweep.y_true, sweep.y_score
    own = sweep.positives / sweep.n
    weight = np.where(y_true == 1, prevalence / own, (1 - prevalence) / (1 - own))
    theirs, _, _ = sk_pr_curve(y_true, y_score, sample_weight=weight)
    # scikit-learn lists thresholds ascending and appends (recall 0, precision 1).
    theirs = theirs[::-1]
    if theirs.shape != precision.shape or not np.allclose(theirs, precision, rtol=1e-9, atol=1e-12):
        raise VerificationError(f"PR curve at prevalence {prevalence:.4g} differs from scikit-learn's")


def prevalence_effect_numbers(sweep: Sweep, threshold: float = 0.5, highest: float = 0.5, lowest: float = 0.01,
                              up_steps: int = 41, down_steps: int = 121) -> PrevalenceEffectNumbers:
    """Operating point at ``threshold`` and PR curves along data prevalence -> ``highest`` -> ``lowest``."""
    if sweep.positives == 0 or sweep.negatives == 0:
        raise ValueError("a PR curve needs both classes in the data")
    operating = sweep.at(threshold)
    fpr, tpr, _ = roc_curve(sweep.y_true, sweep.y_score)
    up = np.geomspace(operating.prevalence, highest, up_steps)
    down = np.geomspace(highest, lowest, down_steps)
    prevalences = np.r_[up, down[1:]]
    curves = np.array([pr_curve_at_prevalence(fpr, tpr, pi)[0] for pi in prevalences])
    for index in (0, up_steps - 1, prevalences.size - 1):
        _check_with_sklearn(sweep, curves[index], float(prevalences[index]))
    operating_precision = ppv_at_prevalence(operating.recall, operating.fpr, prevalences)
    return PrevalenceEffectNumbers(
        threshold=float(threshold), operating=operating, roc_fpr=fpr, roc_tpr=tpr, prevalences=prevalences,
        turn=up_steps - 1, pr_recall=tpr.copy(), pr_precision=curves, operating_precision=operating_precision)
