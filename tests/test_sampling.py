"""The sampling of the big matrices: the fixed part covers every axis, the rotation reaches every row."""

from __future__ import annotations

import itertools

import pytest

from tests import sampling

AXES = (tuple(f"scene{i}" for i in range(12)), ("en", "es", "qps"), ("16:9", "4:3"), ("dark", "light"))


def test_the_covering_rows_hold_every_value_of_every_axis():
    rows = sampling.covering(AXES)
    assert len(rows) == 12
    for k, axis in enumerate(AXES):
        assert {row[k] for row in rows} == set(axis)


def test_successive_rotations_check_every_row(monkeypatch):
    rows = list(itertools.product(*AXES))
    fixed = sampling.covering(AXES)
    monkeypatch.setattr(sampling, "EVERYTHING", False)
    seen, runs = set(), 0
    while len(seen) < len(rows):
        monkeypatch.setattr(sampling, "rotation", lambda runs=runs: runs)
        chosen = sampling.sample(rows, fixed, rotating=12)
        assert len(chosen) == 24 and set(fixed) <= set(chosen)
        seen |= set(chosen)
        runs += 1
    assert runs == -(-(len(rows) - len(fixed)) // 12)  # 132 other rows, 12 a run: 11 commits


def test_test_all_runs_every_row(monkeypatch):
    rows = list(itertools.product(*AXES))
    monkeypatch.setattr(sampling, "EVERYTHING", True)
    assert sampling.sample(rows, sampling.covering(AXES), rotating=1) == rows


def test_a_fixed_row_outside_the_matrix_is_a_mistake():
    with pytest.raises(AssertionError):
        sampling.sample([(1,), (2,)], [(3,)], rotating=1)


def test_the_rotation_is_an_integer_and_can_be_replayed(monkeypatch):
    assert isinstance(sampling.rotation(), int)
    sampling.rotation.cache_clear()
    monkeypatch.setenv("UMBRAL_ROTATION", "17")
    try:
        assert sampling.rotation() == 17
    finally:
        sampling.rotation.cache_clear()
