"""Everything a scene shows, computed and verified before Manim starts.

Scenes never compute a metric: they read a :class:`Facts`, built here from
the metrics core and checked against scikit-learn by ``verify``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from metrics import Snapshot, Sweep, build_report, roc_curve, verify

__all__ = ["Facts", "facts_for"]


@dataclass(frozen=True, eq=False)
class Facts:
    """Precomputed numbers of one dataset, ready for any scene.

    ``grid`` holds the 51 snapshots at 0.00, 0.02, ..., 1.00; ``report`` the
    verified report at 0.5 (AUC, thresholds chosen by each rule...);
    ``roc_fpr``/``roc_tpr`` the exact ROC curve.
    """

    name: str
    title: str
    sweep: Sweep
    grid: tuple[Snapshot, ...]
    report: dict
    roc_fpr: np.ndarray
    roc_tpr: np.ndarray
    cost_fn: float
    cost_fp: float

    @property
    def max_f1_threshold(self) -> float:
        """Grid threshold with the highest F1 (the highest one if tied)."""
        return self.report["thresholds"]["max_f1"]

    def at(self, threshold: float) -> Snapshot:
        """Snapshot at any threshold."""
        return self.sweep.at(threshold)


def facts_for(dataset, cost_fn: float = 10.0, cost_fp: float = 1.0) -> Facts:
    """Compute and verify every number the scenes may show for ``dataset``.

    Raises ``metrics.VerificationError`` if any number disagrees with
    scikit-learn, so a drifting formula cannot reach a video.
    """
    sweep = Sweep.from_scores(dataset.y_true, dataset.y_score)
    report = build_report(sweep, threshold=0.5, cost_fn=cost_fn, cost_fp=cost_fp)
    report["verified_against_sklearn"] = verify(sweep, report, cost_fn=cost_fn, cost_fp=cost_fp)
    fpr, tpr, _ = roc_curve(dataset.y_true, dataset.y_score)
    return Facts(
        name=dataset.name, title=dataset.title, sweep=sweep, grid=sweep.grid(), report=report,
        roc_fpr=fpr, roc_tpr=tpr, cost_fn=cost_fn, cost_fp=cost_fp,
    )
