"""Shared data for the metrics tests: the lecture's textbook example."""

from __future__ import annotations

import numpy as np
import pytest

from umbral.metrics import Sweep

# "clinic20": 5 patients with the disease, 15 without, scored by a screening model.
CLINIC20_POSITIVE_SCORES = (0.95, 0.85, 0.70, 0.55, 0.30)
CLINIC20_NEGATIVE_SCORES = (
    0.80, 0.60, 0.45, 0.40, 0.35, 0.25, 0.20, 0.18, 0.15, 0.12, 0.10, 0.08, 0.05, 0.04, 0.02,
)


@pytest.fixture
def clinic20():
    """``(y_true, y_score)`` of the textbook example, positives first."""
    y_true = np.r_[np.ones(5, dtype=int), np.zeros(15, dtype=int)]
    y_score = np.array(CLINIC20_POSITIVE_SCORES + CLINIC20_NEGATIVE_SCORES)
    return y_true, y_score


@pytest.fixture
def clinic20_sweep(clinic20):
    return Sweep.from_scores(*clinic20)
