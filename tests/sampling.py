"""Which rows of a big test matrix run: every row under ``make test-all``, a fixed sample under ``make test``.

The sample is the same on every commit (a failure shows on the commit that causes it): a covering
part in which every value of every axis appears at least once (every scene, language, frame and
theme), plus rows spread evenly over the rest of the matrix. ``UMBRAL_EVERY_COMBINATION=1`` (what
``make test-all`` sets) runs them all. Every xdist worker computes the same rows.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

EVERYTHING = os.environ.get("UMBRAL_EVERY_COMBINATION") == "1"


def covering(axes: Sequence[Sequence], count: int | None = None) -> list[tuple]:
    """``count`` rows (default: the longest axis) in which every value of every axis appears at least once.

    Row ``i`` takes value ``i mod len(axis)`` of each axis, so axes of coprime lengths also mix.
    """
    count = max(len(axis) for axis in axes) if count is None else count
    return [tuple(axis[i % len(axis)] for axis in axes) for i in range(count)]


def sample(rows: Sequence, fixed: Sequence, spread: int = 0) -> list:
    """``fixed`` plus ``spread`` other rows of ``rows``, evenly spaced; every row under ``make test-all``.

    The other rows taken are ``0, step, 2 step, ...`` of the rest (``step = ceil(others / spread)``): the same
    rows on every run.
    """
    rows, fixed = list(rows), list(fixed)
    assert all(row in rows for row in fixed), "a fixed row is not in the matrix"
    if EVERYTHING:
        return rows
    rest = [row for row in rows if row not in fixed]
    if not rest or spread <= 0:
        return fixed
    step = -(-len(rest) // min(spread, len(rest)))
    return fixed + rest[::step]
