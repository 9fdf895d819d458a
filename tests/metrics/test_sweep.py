"""Sweep and Snapshot: thresholds anywhere, immutable values."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from umbral.metrics import GRID, Snapshot, Sweep


def brute_force_counts(y_true, y_score, threshold):
    y_true, predicted = np.asarray(y_true), np.asarray(y_score) >= threshold
    return (
        int(np.sum(predicted & (y_true == 1))),
        int(np.sum(predicted & (y_true == 0))),
        int(np.sum(~predicted & (y_true == 1))),
        int(np.sum(~predicted & (y_true == 0))),
    )


@pytest.mark.parametrize("threshold", [0.333, 0.5, 0.7, 0.299999, 0.30, 0.955, 1.0, 1.5, -1.0, 0.0, -0.0])
def test_at_any_threshold(clinic20, clinic20_sweep, threshold):
    snapshot = clinic20_sweep.at(threshold)
    assert (snapshot.tp, snapshot.fp, snapshot.fn, snapshot.tn) == brute_force_counts(*clinic20, threshold)
    assert snapshot.threshold == threshold


def test_above_and_below_every_score(clinic20_sweep):
    above, below = clinic20_sweep.at(1.5), clinic20_sweep.at(-1)
    assert (above.tp, above.fp, above.precision, above.recall, above.fpr) == (0, 0, 0.0, 0.0, 0.0)
    assert (below.fn, below.tn, below.recall, below.fpr, below.npv) == (0, 0, 1.0, 1.0, 0.0)


def test_snapshot_holds_plain_python_numbers(clinic20_sweep):
    for name, value in clinic20_sweep.at(0.5).as_dict().items():
        assert type(value) in (int, float), name
    assert set(Snapshot.PER_THRESHOLD_KEYS) <= set(clinic20_sweep.at(0.5).as_dict())
    assert clinic20_sweep.at(0.5).as_dict(["tp", "f1"]) == {"tp": 4, "f1": pytest.approx(8 / 11)}


def test_grid_snapshots(clinic20_sweep):
    snapshots = clinic20_sweep.grid()
    assert len(snapshots) == 51
    assert [s.threshold for s in snapshots] == GRID.tolist()
    assert snapshots[25] == clinic20_sweep.at(0.5)


def test_snapshot_is_frozen(clinic20_sweep):
    snapshot = clinic20_sweep.at(0.5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        snapshot.tp = 5


def test_sweep_is_frozen(clinic20_sweep):
    with pytest.raises(dataclasses.FrozenInstanceError):
        clinic20_sweep.y_score = np.zeros(20)


@pytest.mark.parametrize(
    "name", ["y_true", "y_score", "distinct_scores", "positives_at_or_above", "negatives_at_or_above"]
)
def test_sweep_arrays_are_read_only(clinic20_sweep, name):
    array = getattr(clinic20_sweep, name)
    assert not array.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        array[0] = 0


def test_sweep_leaves_the_callers_arrays_alone():
    y_true, y_score = np.array([0, 1, 1, 0]), np.array([0.1, 0.8, 0.4, 0.3])
    sweep = Sweep.from_scores(y_true, y_score)
    assert y_true.flags.writeable and y_score.flags.writeable
    # A later change to the caller's data must not reach into the frozen sweep.
    y_score[0], y_true[0] = 0.9, 1
    assert sweep.y_score[0] == 0.1 and sweep.y_true[0] == 0
    assert sweep.distinct_scores[-1] == 0.8


def test_sweep_ignores_later_writes_through_a_view():
    base = np.array([0.1, 0.8, 0.4, 0.3])
    sweep = Sweep.from_scores([0, 1, 1, 0], base[:])
    base[:] = 0.5
    assert sweep.y_score.tolist() == [0.1, 0.8, 0.4, 0.3]


def test_counts_structure(clinic20_sweep):
    sweep = clinic20_sweep
    assert (sweep.n, sweep.positives, sweep.negatives) == (20, 5, 15)
    assert np.all(np.diff(sweep.distinct_scores) > 0)
    assert sweep.positives_at_or_above[-1] == 0 and sweep.negatives_at_or_above[-1] == 0
    assert sweep.positives_at_or_above.size == sweep.distinct_scores.size + 1


def test_boolean_labels():
    sweep = Sweep.from_scores(np.array([True, False, True]), [0.9, 0.2, 0.4])
    assert (sweep.positives, sweep.negatives) == (2, 1)
    assert sweep.at(0.4).tp == 2
