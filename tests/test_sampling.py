"""The sampling of the big matrices: the fixed part covers every axis, the spread is the same on every run."""

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


def test_the_spread_rows_are_even_distinct_and_the_same_every_run(monkeypatch):
    rows = list(itertools.product(*AXES))
    fixed = sampling.covering(AXES)
    monkeypatch.setattr(sampling, "EVERYTHING", False)
    chosen = sampling.sample(rows, fixed, spread=12)
    assert chosen[:12] == fixed and len(chosen) == 24 and len(set(chosen)) == 24
    assert chosen == sampling.sample(rows, fixed, spread=12)
    rest = [row for row in rows if row not in fixed]
    positions = [rest.index(row) for row in chosen[12:]]
    assert positions == list(range(0, len(rest), 11))  # 132 other rows, 12 taken: every 11th


def test_test_all_runs_every_row(monkeypatch):
    rows = list(itertools.product(*AXES))
    monkeypatch.setattr(sampling, "EVERYTHING", True)
    assert sampling.sample(rows, sampling.covering(AXES), spread=1) == rows


def test_a_fixed_row_outside_the_matrix_is_a_mistake():
    with pytest.raises(AssertionError):
        sampling.sample([(1,), (2,)], [(3,)], spread=1)


def test_nothing_in_the_sample_depends_on_git():
    assert not hasattr(sampling, "rotation")
