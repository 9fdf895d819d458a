"""Smoothed score distributions of each class: Gaussian KDEs counted in patients.

A kernel density estimate (KDE) puts a Gaussian bump of width ``h`` (the
bandwidth) on every score and adds them up. Here the sum is *not* divided by
the number of scores, so the curve is in **patients per unit score**: the area
under a class's hump over 0..1 is the number of patients in that class.

Scores live in [0, 1], so a bump near 0 or 1 would lose part of its area
outside the range; by default each bump is reflected at 0 and at 1 (the
reflection method), which keeps the whole area inside.

The bandwidth follows Scott's rule, ``h = std * n ** (-1/5)`` with the
sample standard deviation (``ddof=1``), the default of
``scipy.stats.gaussian_kde``; Silverman's rule is available too.

For large data (more than :data:`EXACT_LIMIT` scores) the scores are first
counted in :data:`BINS` equal bins over [0, 1] and the bin counts are
convolved with the sampled kernel, which costs O(bins x kernel width) instead
of O(n x grid).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from umbral.metrics.validation import check_binary_scores, check_finite, check_grid, check_number, check_positive_int

__all__ = ["BINS", "DENSITY_GRID", "EXACT_LIMIT", "ClassDensities", "bandwidth", "class_densities", "kde_counts"]

#: The 401 scores 0.0000, 0.0025, ..., 1.0000 where humps are evaluated.
DENSITY_GRID = np.arange(401) / 400
DENSITY_GRID.setflags(write=False)

#: Above this many scores, ``method="auto"`` bins before smoothing.
EXACT_LIMIT = 5000

#: Number of equal bins over [0, 1] for the binned method.
BINS = 2000

#: Smallest bandwidth: a class with fewer than two scores, or all equal, gets this one.
MIN_BANDWIDTH = 0.02

_SQRT_2PI = np.sqrt(2.0 * np.pi)
# Kernel truncated at this many bandwidths: the tails beyond carry < 1e-6 of the area.
_KERNEL_REACH = 5.0


def bandwidth(scores, rule: str = "scott") -> float:
    """Gaussian kernel bandwidth ``h`` for one class's ``scores``, in score units.

    ``rule`` is Scott's ``std * n ** (-1/5)`` or Silverman's ``std * (3 n / 4) ** (-1/5)``, with
    ``std`` the sample standard deviation (``ddof=1``), as in ``scipy.stats.gaussian_kde``. Never
    below :data:`MIN_BANDWIDTH` (0.02, one lecture grid step): narrower bumps would fall between
    the points of :data:`DENSITY_GRID`. With fewer than two scores, or all equal, it is that minimum.

    Examples
    --------
    >>> round(bandwidth([0.1, 0.3, 0.5, 0.7]), 4)
    0.1957
    >>> bandwidth([0.4])
    0.02
    """
    scores = check_finite(scores, "scores")
    n = scores.size
    if rule not in ("scott", "silverman"):
        raise ValueError(f"unknown bandwidth rule {rule!r}; use 'scott' or 'silverman'")
    if n < 2:
        return MIN_BANDWIDTH
    std = float(np.std(scores, ddof=1))
    if std <= 0.0:
        return MIN_BANDWIDTH
    factor = n ** (-0.2) if rule == "scott" else (n * 3.0 / 4.0) ** (-0.2)
    return max(std * factor, MIN_BANDWIDTH)


def _gaussian(offsets: np.ndarray, h: float) -> np.ndarray:
    return np.exp(-0.5 * (offsets / h) ** 2) / (h * _SQRT_2PI)


def _exact(scores: np.ndarray, grid: np.ndarray, h: float) -> np.ndarray:
    """Sum of one kernel per score, in chunks of scores to bound memory."""
    total = np.zeros(grid.size)
    for start in range(0, scores.size, 2048):
        chunk = scores[start:start + 2048]
        total += _gaussian(grid[:, None] - chunk[None, :], h).sum(axis=1)
    return total


def _binned(scores: np.ndarray, grid: np.ndarray, h: float, reflect: bool, bins: int) -> np.ndarray:
    """Bin counts over [0, 1] convolved with the sampled kernel, read at ``grid``."""
    width = 1.0 / bins
    index = np.clip(np.floor(scores * bins).astype(np.int64), 0, bins - 1)
    counts = np.bincount(index, minlength=bins).astype(float)
    # Bins over [-1, 2]: the mirrored counts at both sides stand for the reflected bumps.
    mirror = counts[::-1] if reflect else np.zeros(bins)
    extended = np.concatenate([mirror, counts, mirror])
    reach = min(int(np.ceil(_KERNEL_REACH * h / width)), bins)
    kernel = _gaussian(np.arange(-reach, reach + 1) * width, h)
    smooth = np.convolve(extended, kernel, mode="same")
    centers = (np.arange(-bins, 2 * bins) + 0.5) * width
    return np.interp(grid, centers, smooth)


def kde_counts(scores, grid=DENSITY_GRID, h: float | None = None, rule: str = "scott",
               reflect: bool = True, method: str = "auto", bins: int = BINS) -> np.ndarray:
    """Gaussian KDE of ``scores`` at ``grid``, in patients per unit score.

    Parameters
    ----------
    scores : array-like of float
        Scores in [0, 1] of one class.
    grid : array-like of float
        Where to evaluate (default :data:`DENSITY_GRID`, 0..1 in steps of 0.0025).
    h : float, optional
        Bandwidth; by default :func:`bandwidth` with ``rule``.
    rule : {"scott", "silverman"}
        Bandwidth rule when ``h`` is not given.
    reflect : bool
        Reflect every bump at 0 and 1 so the area over [0, 1] is the number of
        scores (up to the part of a bump reaching beyond -1 or 2).
    method : {"auto", "exact", "binned"}
        ``exact`` sums one kernel per score; ``binned`` smooths ``bins`` bin
        counts; ``auto`` bins above :data:`EXACT_LIMIT` scores.
    bins : int
        Bins over [0, 1] for the binned method.

    Returns
    -------
    ndarray of float
        Density at each grid point, >= 0, with ``trapezoid(density, grid)``
        close to ``len(scores)``. Empty ``scores`` give zeros.

    Examples
    --------
    >>> grid = np.arange(101) / 100
    >>> density = kde_counts([0.2, 0.4, 0.5], grid)
    >>> round(float(np.trapezoid(density, grid)), 2)
    3.0
    """
    scores = check_finite(scores, "scores")
    grid = check_grid(grid)
    if method not in ("auto", "exact", "binned"):
        raise ValueError(f"unknown method {method!r}; use 'auto', 'exact' or 'binned'")
    bins = check_positive_int(bins, "bins")
    if h is not None and not check_number(h, "h") > 0:
        raise ValueError(f"the bandwidth h must be > 0, not {h!r}")
    if scores.size == 0:
        return np.zeros(grid.shape)
    h = bandwidth(scores, rule) if h is None else float(h)
    if method == "binned" or (method == "auto" and scores.size > EXACT_LIMIT):
        return _binned(scores, grid, h, reflect, bins)
    density = _exact(scores, grid, h)
    if reflect:
        density = density + _exact(-scores, grid, h) + _exact(2.0 - scores, grid, h)
    return density


@dataclass(frozen=True, eq=False)
class ClassDensities:
    """The two humps of a labelled score set, ready to draw.

    Attributes
    ----------
    grid : ndarray
        Scores 0..1 where the humps are evaluated.
    positives, negatives : ndarray
        Patients per unit score of each class at ``grid``; the area under each
        is that class's count.
    method : str
        "exact" or "binned".
    """

    grid: np.ndarray
    positives: np.ndarray
    negatives: np.ndarray
    method: str

    def area(self, which: str) -> float:
        """Trapezoid area under the ``"positives"`` or ``"negatives"`` hump (patients)."""
        return float(np.trapezoid(getattr(self, which), self.grid))


def class_densities(y_true, y_score, grid=DENSITY_GRID, rule: str = "scott",
                    method: str = "auto") -> ClassDensities:
    """Positive and negative humps of ``(y_true, y_score)``, each in patients per unit score.

    ``grid``, ``rule`` and ``method`` are as in :func:`kde_counts`; ``auto`` picks one method for
    both classes from the total number of scores.

    Examples
    --------
    >>> humps = class_densities([1, 1, 0, 0, 0], [0.9, 0.7, 0.2, 0.4, 0.3])
    >>> round(humps.area("positives"), 2), round(humps.area("negatives"), 2)
    (2.0, 3.0)
    """
    y_true, y_score = check_binary_scores(y_true, y_score)
    if method == "auto":
        method = "binned" if y_score.size > EXACT_LIMIT else "exact"
    grid = check_grid(grid)
    positive, negative = y_score[y_true == 1], y_score[y_true != 1]
    return ClassDensities(
        grid=grid,
        positives=kde_counts(positive, grid, h=bandwidth(positive, rule), method=method),
        negatives=kde_counts(negative, grid, h=bandwidth(negative, rule), method=method),
        method=method,
    )
