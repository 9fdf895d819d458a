"""Built-in datasets: the textbook's twenty patients, two simulated screenings, and breast cancer."""

from __future__ import annotations

import math
from numbers import Real

import numpy as np

from umbral.data.dataset import DataError, Dataset
from umbral.data.pipeline import DEFAULT_SPLIT_SEED, check_seed, score_features, study_from_scored
from umbral.data.study import Study
from umbral.data.validate import sigmoid

__all__ = [
    "BUILTINS", "CLINIC20_NEGATIVES", "CLINIC20_POSITIVES", "SCREENING8_RECIPE", "SCREENING_DEFAULTS",
    "breast_cancer", "clinic20", "screening", "screening8",
]

#: Built-in name -> one-line description (``render.py list``).
BUILTINS: dict[str, str] = {
    "clinic20": "the textbook's twenty patients: 5 sick, 15 healthy, hand-picked scores",
    "screening": "simulated screening of 231 people, 35% prevalence, calibrated binormal scores (AUC ~0.83)",
    "breast-cancer": "Wisconsin breast cancer (scikit-learn), malignant = positive, 171-tumour test split",
    "screening8": "simulated screening at 8% prevalence: logistic regression and random forest, "
                  "train/validation/test 1470/630/900",
}

CLINIC20_POSITIVES = (0.95, 0.85, 0.70, 0.55, 0.30)
CLINIC20_NEGATIVES = (
    0.80, 0.60, 0.45, 0.40, 0.35, 0.25, 0.20, 0.18, 0.15, 0.12, 0.10, 0.08, 0.05, 0.04, 0.02,
)

#: n, prevalence, separation d (theoretical AUC Phi(d / sqrt 2) = 0.830 at d = 1.35) and seed.
SCREENING_DEFAULTS = {"n": 231, "prevalence": 0.35, "separation": 1.35, "seed": 20240}


def _is_real(value: object) -> bool:
    """True for ints and floats of any width, False for booleans and anything else."""
    return isinstance(value, Real) and not isinstance(value, bool | np.bool_)


def clinic20() -> Dataset:
    """The textbook's twenty patients, ranked from the highest score down.

    Examples
    --------
    >>> ds = clinic20()
    >>> ds.n, int(ds.y_true.sum()), float(ds.y_score[0])
    (20, 5, 0.95)
    """
    scores = np.array(CLINIC20_POSITIVES + CLINIC20_NEGATIVES)
    labels = np.array([1] * len(CLINIC20_POSITIVES) + [0] * len(CLINIC20_NEGATIVES), dtype=np.int8)
    order = np.argsort(-scores, kind="stable")  # scores are distinct, so the ranking is unique
    return Dataset(
        name="clinic20",
        title="Clinic: twenty patients",
        y_true=labels[order],
        y_score=scores[order],
        provenance={"kind": "builtin", "builtin": "clinic20", "positive_label": "sick"},
    )


def screening(
    n: int | None = None,
    prevalence: float | None = None,
    separation: float | None = None,
    seed: int | None = None,
) -> Dataset:
    """A seeded, simulated screening population with calibrated probabilities.

    Latent scores are binormal: negatives ``N(0, 1)``, positives ``N(d, 1)``. Each is turned
    into the exact posterior probability of disease at prevalence ``pi``:
    ``p = sigmoid(d * x - d**2 / 2 + logit(pi))``. The number of positives is
    ``round(n * prevalence)`` exactly; the theoretical AUC is ``Phi(d / sqrt(2))``. ``n`` >= 2
    people, ``prevalence`` strictly between 0 and 1, ``separation`` d >= 0 in standard deviations
    and the ``np.random.default_rng`` seed default to :data:`SCREENING_DEFAULTS`.

    Examples
    --------
    >>> ds = screening()
    >>> ds.n, int(ds.y_true.sum())
    (231, 81)
    """
    n = SCREENING_DEFAULTS["n"] if n is None else n
    prevalence = SCREENING_DEFAULTS["prevalence"] if prevalence is None else prevalence
    separation = SCREENING_DEFAULTS["separation"] if separation is None else separation
    seed = check_seed(SCREENING_DEFAULTS["seed"] if seed is None else seed)
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 2:
        raise DataError(f"screening needs a whole number n >= 2 of people, not {n!r}; e.g. «n=231»")
    if not _is_real(prevalence) or not 0 < prevalence < 1:
        raise DataError(
            f"prevalence must be strictly between 0 and 1, not {prevalence!r}; e.g. «prevalence=0.35»"
        )
    if not _is_real(separation) or not math.isfinite(separation) or separation < 0:
        raise DataError(
            f"separation must be a finite number >= 0, not {separation!r}; e.g. «separation=1.35»"
        )
    n_pos = round(n * prevalence)
    if not 0 < n_pos < n:
        raise DataError(
            f"n={n} at prevalence {prevalence} gives {n_pos} positives and {n - n_pos} negatives; "
            "raise n or move the prevalence away from 0 and 1"
        )
    rng = np.random.default_rng(seed)
    labels = np.zeros(n, dtype=np.int8)
    labels[rng.permutation(n)[:n_pos]] = 1
    latent = rng.standard_normal(n) + separation * labels
    logit_prevalence = math.log(prevalence / (1 - prevalence))
    scores = sigmoid(separation * latent - separation**2 / 2 + logit_prevalence)
    parameters = {"n": int(n), "prevalence": float(prevalence), "separation": float(separation), "seed": seed}
    auc = 0.5 * math.erfc(-separation / 2)  # Phi(d / sqrt 2)
    return Dataset(
        name="screening",
        title=f"Simulated screening ({n} people, {prevalence:.0%} prevalence)",
        y_true=labels,
        y_score=scores,
        provenance={
            "kind": "builtin",
            "builtin": "screening",
            "generator": "binormal, calibrated: p = sigmoid(d*x - d^2/2 + logit(prevalence))",
            **parameters,
            "theoretical_auc": round(auc, 6),
            "positive_label": "disease",
        },
    )


def breast_cancer(seed: int | None = None) -> Study:
    """Wisconsin breast cancer, scored by the raw-table pipeline; malignant is the positive class.

    scikit-learn codes malignant as 0, so the target is flipped. The table ships with
    scikit-learn (no network). The test split has 171 of the 569 tumours; train is scored too.
    """
    from sklearn import __version__ as sklearn_version
    from sklearn.datasets import load_breast_cancer

    seed = DEFAULT_SPLIT_SEED if seed is None else check_seed(seed)
    bunch = load_breast_cancer()
    malignant = (bunch.target == 0).astype(np.int8)
    scored, parameters = score_features(bunch.data, malignant, seed, "breast-cancer")
    provenance = {
        "kind": "builtin",
        "builtin": "breast-cancer",
        "source": f"sklearn.datasets.load_breast_cancer (scikit-learn {sklearn_version})",
        "positive_label": "malignant",
        "target_flipped": "sklearn codes malignant as 0; here malignant = 1",
        **parameters,
    }
    return study_from_scored("breast-cancer", "Breast Cancer Wisconsin, malignant = positive", scored, provenance)


#: make_classification arguments of ``screening8`` (the textbook's realistic case).
SCREENING8_RECIPE = {
    "n_samples": 3000, "n_features": 12, "n_informative": 6, "n_redundant": 2,
    "weights": [0.92, 0.08], "flip_y": 0.01, "class_sep": 1.0, "random_state": 11,
}


def screening8() -> Study:
    """The textbook's realistic case: a simulated screening at about 8 % prevalence, two models, three splits.

    ``make_classification(**SCREENING8_RECIPE)``; test = 30 % stratified, then validation = 30 %
    of the rest stratified (``random_state=0`` both), giving 1470 / 630 / 900 rows; a
    logistic regression (``make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))``)
    and a random forest, both fitted on train and scored on every split.

    Examples
    --------
    >>> study = screening8()  # doctest: +SKIP
    >>> study.models, study.splits  # doctest: +SKIP
    (('logistic', 'forest'), ('train', 'validation', 'test'))
    """
    from sklearn import __version__ as sklearn_version
    from sklearn.datasets import make_classification

    features, labels = make_classification(**SCREENING8_RECIPE)
    shares = {"test": 0.3, "validation": 0.3}
    scored, parameters = score_features(features, labels.astype(np.int8), 0, "screening8",
                                        ("logistic", "forest"), shares)
    provenance = {
        "kind": "builtin",
        "builtin": "screening8",
        "generator": f"sklearn.datasets.make_classification (scikit-learn {sklearn_version})",
        "recipe": SCREENING8_RECIPE,
        "positive_label": "disease",
        **parameters,
    }
    return study_from_scored("screening8", "Simulated screening at 8% prevalence", scored, provenance)
