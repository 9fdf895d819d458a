"""Everything a scene shows, computed and verified before Manim starts.

Scenes never compute a metric: they read a :class:`Facts`, built here from
the metrics core and checked against scikit-learn by ``verify``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from umbral.metrics import Snapshot, Sweep, roc_curve, verified_report
from umbral.metrics.compare import ChoiceSettings, Comparison
from umbral.metrics.verify import SklearnCounts
from umbral.metrics.verify_choice import verified_comparison

__all__ = ["Facts", "facts_for"]


@dataclass(frozen=True, eq=False)
class Facts:
    """Precomputed numbers of one dataset, ready for any scene.

    ``grid`` holds the 51 snapshots at 0.00, 0.02, ..., 1.00; ``report`` the
    verified report at 0.5 (AUC, thresholds chosen by each rule...);
    ``roc_fpr``/``roc_tpr`` the exact ROC curve; ``sklearn`` scikit-learn's counts at every
    distinct score, made while verifying, for the scenes' own checks. For data with several models or splits,
    ``model`` and ``split`` name the part shown (None otherwise), ``base_title`` is the
    data's title without them, and ``comparison`` holds every model's θ chosen on one split
    and reported on another (:func:`umbral.metrics.verify_choice.verified_comparison`); None for one
    model on one split.
    """

    name: str
    title: str
    sweep: Sweep
    grid: tuple[Snapshot, ...]
    report: dict
    roc_fpr: np.ndarray
    roc_tpr: np.ndarray
    sklearn: SklearnCounts
    cost_fn: float
    cost_fp: float
    model: str | None = None
    split: str | None = None
    base_title: str | None = None
    comparison: Comparison | None = None

    @property
    def max_f1_threshold(self) -> float:
        """Grid threshold with the highest F1 (the highest one if tied)."""
        return self.report["thresholds"]["max_f1"]

    def at(self, threshold: float) -> Snapshot:
        """Snapshot at any threshold."""
        return self.sweep.at(threshold)

    @property
    def grid_vertices(self) -> np.ndarray:
        """Index into ``roc_fpr``/``roc_tpr`` of the vertex each of the 51 grid θs lands on."""
        from umbral.scenes.numbers.thinning import grid_vertex_indices

        return grid_vertex_indices(np.r_[np.inf, self.sweep.distinct_scores[::-1]])


def facts_for(dataset, cost_fn: float = 10.0, cost_fp: float = 1.0, study=None,
              choice: ChoiceSettings | None = None) -> Facts:
    """Compute and verify every number the scenes may show for ``dataset``.

    ``study`` (the :class:`umbral.data.Study` that ``dataset`` was selected from) adds the
    comparison of its models, chosen by ``choice`` (default: min cost with these costs).
    Raises ``metrics.VerificationError`` if any number disagrees with scikit-learn, so a
    drifting formula cannot reach a video.
    """
    report, sweep, sklearn = verified_report(dataset.y_true, dataset.y_score, cost_fn=cost_fn, cost_fp=cost_fp)
    fpr, tpr, _ = roc_curve(sweep)  # from the sweep: no second sort of the scores
    several = study is not None and not study.is_single
    choice = choice or ChoiceSettings(cost_fn=cost_fn, cost_fp=cost_fp)
    return Facts(
        name=dataset.name, title=dataset.title, sweep=sweep, grid=sweep.grid(), report=report,
        roc_fpr=fpr, roc_tpr=tpr, sklearn=sklearn, cost_fn=cost_fn, cost_fp=cost_fp,
        model=dataset.provenance["part"]["model"] if several else None,
        split=dataset.provenance["part"]["split"] if several else None,
        base_title=study.title if several else dataset.title,
        comparison=verified_comparison(study, choice, same_rows=True) if several else None,
    )
