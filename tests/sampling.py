"""Which rows of a big test matrix run: every row under ``make test-all``, a sample under ``make test``.

The sample is a fixed part that covers every value of every axis at least once (every scene,
language, frame and theme), plus a rotating part: ``ROTATING`` more rows picked by the commit
under test, so that successive commits check every row in turn. ``UMBRAL_EVERY_COMBINATION=1``
(what ``make test-all`` sets) runs them all; ``UMBRAL_ROTATION=N`` replays the rotation of
another run (the run's header prints it). Every xdist worker computes the same rows.
"""

from __future__ import annotations

import functools
import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EVERYTHING = os.environ.get("UMBRAL_EVERY_COMBINATION") == "1"


@functools.cache
def rotation() -> int:
    """The rotation of this run: ``UMBRAL_ROTATION``, else the number of commits up to HEAD (0 outside git)."""
    if os.environ.get("UMBRAL_ROTATION"):
        return int(os.environ["UMBRAL_ROTATION"])
    try:
        found = subprocess.run(["git", "rev-list", "--count", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                               timeout=30, check=True).stdout
        return int(found.strip())
    except (OSError, subprocess.SubprocessError, ValueError):
        return 0


def covering(axes: Sequence[Sequence], count: int | None = None) -> list[tuple]:
    """``count`` rows (default: the longest axis) in which every value of every axis appears at least once.

    Row ``i`` takes value ``i mod len(axis)`` of each axis, so axes of coprime lengths also mix.
    """
    count = max(len(axis) for axis in axes) if count is None else count
    return [tuple(axis[i % len(axis)] for axis in axes) for i in range(count)]


def sample(rows: Sequence, fixed: Sequence, rotating: int) -> list:
    """``fixed`` plus ``rotating`` other rows of ``rows``, spread over the matrix; all of them under ``make test-all``.

    Run ``r`` takes the other rows ``r, r + step, r + 2 step, ...`` (``step = ceil(others / rotating)``), so
    ``step`` successive commits check every row.
    """
    rows, fixed = list(rows), list(fixed)
    assert all(row in rows for row in fixed), "a fixed row is not in the matrix"
    if EVERYTHING:
        return rows
    rest = [row for row in rows if row not in fixed]
    if not rest:
        return fixed
    rotating = min(rotating, len(rest))
    if rotating == 0:
        return fixed
    step = -(-len(rest) // rotating)
    start = rotation() % step
    return fixed + [rest[start + k * step] for k in range(rotating) if start + k * step < len(rest)]
