from __future__ import annotations

import json

import numpy as np
import pytest

from umbral.data import DataError, Dataset, load_dataset
from umbral.metrics import roc_auc


def test_clinic20_exact_scores():
    ds = load_dataset("clinic20")
    positives = sorted(ds.y_score[ds.y_true == 1].tolist(), reverse=True)
    negatives = sorted(ds.y_score[ds.y_true == 0].tolist(), reverse=True)
    assert positives == [0.95, 0.85, 0.70, 0.55, 0.30]
    assert negatives == [0.80, 0.60, 0.45, 0.40, 0.35, 0.25, 0.20, 0.18, 0.15, 0.12, 0.10, 0.08, 0.05,
                         0.04, 0.02]
    assert ds.name == "clinic20"
    assert ds.y_true.dtype == np.int8 and ds.y_score.dtype == np.float64


def test_clinic20_order_is_stable():
    first, second = load_dataset("clinic20"), load_dataset("clinic20")
    np.testing.assert_array_equal(first.y_score, second.y_score)
    np.testing.assert_array_equal(first.y_true, second.y_true)
    assert np.all(np.diff(first.y_score) < 0)  # ranked from the highest score down


def test_screening_is_the_default_with_documented_defaults():
    ds = load_dataset()
    assert ds.name == "screening"
    assert ds.n == 231
    assert int(ds.y_true.sum()) == 81  # round(231 * 0.35)
    assert 0.75 < roc_auc(ds.y_true, ds.y_score) < 0.9
    assert ds.provenance["separation"] == 1.35 and ds.provenance["prevalence"] == 0.35
    json.dumps(ds.provenance)


def test_screening_same_seed_same_arrays_different_seed_differs():
    first, again = load_dataset("screening", seed=7), load_dataset("screening", seed=7)
    other = load_dataset("screening", seed=8)
    np.testing.assert_array_equal(first.y_score, again.y_score)
    np.testing.assert_array_equal(first.y_true, again.y_true)
    assert not np.array_equal(first.y_score, other.y_score)


@pytest.mark.parametrize(("n", "prevalence"), [(10, 0.5), (100, 0.1), (231, 0.35), (7, 0.3)])
def test_screening_positive_count_is_exact(n, prevalence):
    ds = load_dataset("screening", n=n, prevalence=prevalence, seed=1)
    assert ds.n == n and int(ds.y_true.sum()) == round(n * prevalence)


def test_screening_scores_are_calibrated_on_a_large_population():
    ds = load_dataset("screening", n=200_000, prevalence=0.2, separation=2.0, seed=3)
    assert abs(ds.y_score.mean() - 0.2) < 0.005  # calibrated scores average to the prevalence
    assert ds.y_score.min() >= 0.0 and ds.y_score.max() <= 1.0


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"n": 1}, "n >= 2"),
        ({"n": 2.5}, "n >= 2"),
        ({"prevalence": 0.0}, "strictly between 0 and 1"),
        ({"prevalence": 1.0}, "strictly between 0 and 1"),
        ({"separation": -0.1}, "separation must be"),
        ({"separation": float("inf")}, "separation must be"),
        ({"n": 3, "prevalence": 0.1}, "0 positives"),
        ({"seed": -1}, "seed must be a non-negative integer"),
    ],
)
def test_screening_rejects_bad_parameters(options, fragment):
    with pytest.raises(DataError, match=fragment):
        load_dataset("screening", **options)


def test_screening_zero_separation_is_allowed_and_uninformative():
    ds = load_dataset("screening", separation=0.0)
    assert np.allclose(ds.y_score, 0.35)


@pytest.mark.parametrize(
    ("source", "options", "fragment"),
    [
        ("clinic20", {"seed": 3}, "--seed does not apply"),
        ("clinic20", {"positive": "1"}, "--positive does not apply"),
        ("screening", {"label_col": "y"}, "--label-col does not apply"),
        ("screening", {"target": "Outcome"}, "--target does not apply"),
        ("breast-cancer", {"n": 50}, "--n does not apply"),
        ("breast-cancer", {"rescale": "minmax"}, "--rescale does not apply"),
    ],
)
def test_options_a_builtin_does_not_use_are_errors(source, options, fragment):
    with pytest.raises(DataError, match=fragment):
        load_dataset(source, **options)


def test_breast_cancer_malignant_is_positive():
    ds = load_dataset("breast-cancer")
    assert ds.n == 171  # ceil(569 * 0.3)
    assert 0 < int(ds.y_true.sum()) < ds.n
    assert "malignant" in ds.title.lower() and ds.positive_label == "malignant"
    assert ds.provenance["n_train"] == 398 and ds.provenance["seed"] == 9409
    assert roc_auc(ds.y_true, ds.y_score) > 0.9  # flipped target: malignant scores high


def test_dataset_is_frozen_and_read_only():
    ds = load_dataset("clinic20")
    with pytest.raises(AttributeError):
        ds.name = "other"
    with pytest.raises(ValueError):
        ds.y_score[0] = 0.5


@pytest.mark.parametrize(
    ("labels", "scores", "fragment"),
    [
        ([0, 1], [0.1], "2 labels but 1 scores"),
        ([0, 2], [0.1, 0.2], "must be 0 or 1"),
        ([0, 1], [0.1, 1.5], r"in \[0, 1\]"),
        ([1, 1], [0.1, 0.2], "only one class"),
    ],
)
def test_dataset_validates_its_arrays(labels, scores, fragment):
    with pytest.raises(DataError, match=fragment):
        Dataset("x", "X", labels, scores, {})
