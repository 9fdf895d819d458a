"""Checks shared by the metrics core: every public function's arguments, one ``ValueError`` each.

Each check returns the value in the form the caller computes with (float arrays, a Python int...)
and names the argument, what it must be, and what it got.
"""

from __future__ import annotations

import numbers

import numpy as np

__all__ = [
    "check_binary_scores",
    "check_costs",
    "check_counts",
    "check_finite",
    "check_grid",
    "check_name",
    "check_nonnegative",
    "check_number",
    "check_numbers",
    "check_pair",
    "check_positive_int",
    "check_probabilities",
    "check_rate",
]


def check_binary_scores(y_true, y_score):
    """Return ``(labels as int8 0/1, scores as float64)`` or raise ``ValueError``.

    Labels must be 0/1 (or booleans); scores finite; both 1-D and equally long.
    """
    labels = np.asarray(y_true)
    scores = _numbers(y_score, "scores")
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


def check_probabilities(y_true, y_score, function: str):
    """:func:`check_binary_scores`, and the scores must be probabilities in [0, 1] (as scikit-learn)."""
    labels, scores = check_binary_scores(y_true, y_score)
    if scores.min() < 0 or scores.max() > 1:
        raise ValueError(f"{function} needs probabilities in [0, 1]; got scores from {scores.min():g} "
                         f"to {scores.max():g}")
    return labels, scores


def check_numbers(values, name: str):
    """Numbers (a float or an array; inf allowed), refusing text, None and other objects."""
    array = _numbers(values, name)
    return float(array) if array.ndim == 0 else array


def _numbers(values, name: str) -> np.ndarray:
    """``values`` as a float array; text, None and other objects are refused (booleans count as 0/1)."""
    array = np.asarray(values)
    if array.dtype.kind == "O":  # e.g. a pandas object column of numbers; None would become NaN
        try:
            if not any(value is None or isinstance(value, str) for value in array.ravel()):
                return array.astype(float)
        except (TypeError, ValueError):
            pass
    elif array.dtype.kind in "biuf":
        return array.astype(float, copy=False)
    raise ValueError(f"{name} must be numbers, not {_shown(values)}")


def _shown(value) -> str:
    """A short repr of an argument for an error message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_number(value, name: str) -> float:
    """One finite number (not an array, text or None), as a Python float."""
    array = _numbers(value, name)
    if array.ndim or not np.isfinite(array):
        raise ValueError(f"{name} must be one finite number, not {_shown(value)}")
    return float(array)


def check_nonnegative(value, name: str):
    """``value`` (a number or an array of them) as float, finite and >= 0: costs, counts, a population."""
    array = _numbers(value, name)
    if not np.isfinite(array).all() or (array < 0).any():
        raise ValueError(f"{name} must be finite and >= 0, not {_shown(value)}")
    return float(array) if array.ndim == 0 else array


def check_counts(tp, fp, fn, tn):
    """The four cells of a 2x2 grid (numbers or arrays of the same shape), as float arrays.

    Counts may be fractional (expected counts at another prevalence) but never negative,
    NaN or infinite; arrays must broadcast to one shape (one entry per threshold).
    """
    names = ("tp", "fp", "fn", "tn")
    arrays = [check_nonnegative(value, name) for value, name in zip((tp, fp, fn, tn), names, strict=True)]
    try:
        np.broadcast_shapes(*(np.shape(a) for a in arrays))
    except ValueError:
        shapes = ", ".join(f"{name} {np.shape(a)}" for name, a in zip(names, arrays, strict=True))
        raise ValueError(f"the counts must have one shape (one entry per threshold); got {shapes}") from None
    return arrays


def check_rate(value, name: str, *, open_interval: bool = False):
    """A rate or share in 0..1 (strictly inside when ``open_interval``), as float or float array."""
    array = _numbers(value, name)
    inside = (array > 0) & (array < 1) if open_interval else (array >= 0) & (array <= 1)
    if not inside.all():
        bounds = "strictly between 0 and 1" if open_interval else "between 0 and 1"
        raise ValueError(f"{name} must lie {bounds}, not {_shown(value)}")
    return float(array) if array.ndim == 0 else array


def check_positive_int(value, name: str) -> int:
    """A whole number >= 1 (a number of steps, bins or people)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
        raise ValueError(f"{name} must be a whole number >= 1, not {_shown(value)}")
    return int(value)


def check_finite(values, name: str) -> np.ndarray:
    """Numbers with no NaN or inf, as a flat float array (may be empty)."""
    array = _numbers(values, name).ravel()
    if not np.isfinite(array).all():
        raise ValueError(f"{name} must be finite (no NaN or inf)")
    return array


def check_grid(grid) -> np.ndarray:
    """Thresholds to evaluate at: a non-empty 1-D array of finite numbers."""
    array = _numbers(grid, "grid")
    if array.ndim != 1 or array.size == 0 or not np.isfinite(array).all():
        raise ValueError(f"grid must be a non-empty 1-D array of finite thresholds, not {_shown(grid)}")
    return array


def check_costs(cost_fn, cost_fp) -> tuple[float, float]:
    """The cost of a miss and of a false alarm: single numbers >= 0, not both 0."""
    cost_fn = check_nonnegative(check_number(cost_fn, "cost_fn"), "cost_fn")
    cost_fp = check_nonnegative(check_number(cost_fp, "cost_fp"), "cost_fp")
    if cost_fn + cost_fp == 0:
        raise ValueError("cost_fn and cost_fp are both 0: nothing costs anything, so no threshold is better")
    return cost_fn, cost_fp


def check_name(value, name: str) -> str:
    """A non-empty text naming something shown on screen (a model, a split)."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name} must be a non-empty name, not {_shown(value)}")
    return value


def check_pair(value, name: str) -> tuple:
    """``(y_true, y_score)``: a tuple or list of two (each checked by the caller)."""
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise ValueError(f"{name} must be a pair (y_true, y_score), not {_shown(value)}")
    return tuple(value)
