"""Curves thinned for drawing: sub-pixel vertices dropped, the ones a scene points at kept exactly.

Pure NumPy. A ROC of 1e7 distinct scores has 1e7 vertices; drawn on a plot a few hundred pixels
wide, all but a few thousand fall within a thousandth of the unit square of their neighbour.
"""

from __future__ import annotations

import numpy as np

from umbral.metrics.sweep import GRID

__all__ = ["THIN_RESOLUTION", "grid_vertex_indices", "thin_indices"]

#: Vertices closer than this (in unit-square coordinates, either axis) to the last kept one are
#: dropped: 1/1000 of a plot's side, under half a pixel on a 1080p frame.
THIN_RESOLUTION = 1e-3


def thin_indices(x: np.ndarray, y: np.ndarray, resolution: float = THIN_RESOLUTION, keep=()) -> np.ndarray:
    """Sorted indices of the vertices to draw, in one vectorised pass.

    Kept: both ends, every index in ``keep``, and each vertex whose cell of side ``resolution``
    differs from the previous vertex's.

    Examples
    --------
    >>> x = np.linspace(0, 1, 10001)
    >>> thin_indices(x, x).size, thin_indices(x, x, keep=[5]).tolist()[:3]
    (1001, [0, 5, 10])
    """
    x, y = np.asarray(x, float), np.asarray(y, float)
    if x.size <= 2:
        return np.arange(x.size)
    cell_x, cell_y = np.floor(x / resolution), np.floor(y / resolution)
    changed = np.flatnonzero((cell_x[1:] != cell_x[:-1]) | (cell_y[1:] != cell_y[:-1])) + 1
    required = np.asarray(keep, dtype=np.intp).ravel()
    return np.unique(np.r_[0, changed, required[(required >= 0) & (required < x.size)], x.size - 1])


def grid_vertex_indices(descending_thresholds: np.ndarray, grid=GRID) -> np.ndarray:
    """Index of the ROC vertex each grid θ lands on, for a curve from ``roc_curve``.

    ``descending_thresholds`` is ``roc_curve``'s third array (``+inf`` first, then the distinct
    scores from the highest down): vertex k flags the samples scoring at or above its threshold,
    so θ lands on the vertex whose count of distinct scores ``>= θ`` equals k.
    """
    scores = np.asarray(descending_thresholds, float)[1:]
    return np.searchsorted(-scores, -np.asarray(grid, float), side="right")
