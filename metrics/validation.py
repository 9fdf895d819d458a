"""Checks shared by the metrics core: binary labels and finite scores."""

from __future__ import annotations

import numpy as np

__all__ = ["check_binary_scores"]


def check_binary_scores(y_true, y_score):
    """Return ``(labels as int8 0/1, scores as float64)`` or raise ``ValueError``.

    Labels must be 0/1 (or booleans); scores finite; both 1-D and equally long.
    """
    labels = np.asarray(y_true)
    scores = np.asarray(y_score, dtype=float)
    if labels.ndim != 1 or scores.ndim != 1:
        raise ValueError("labels and scores must be 1-D arrays")
    if labels.shape != scores.shape:
        raise ValueError(f"{labels.size} labels but {scores.size} scores")
    if labels.size == 0:
        raise ValueError("no samples")
    if labels.dtype != bool and not ((labels == 0) | (labels == 1)).all():
        raise ValueError("labels must be 0 or 1")
    if not np.isfinite(scores).all():
        raise ValueError("scores must be finite (no NaN or inf)")
    return labels.astype(np.int8), scores
