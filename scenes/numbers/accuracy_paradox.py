"""Numbers of the AccuracyParadox scene: a model that flags no one against the real one.

Pure NumPy and the metrics core (scikit-learn only inside the check); no
Manim. At other prevalences each model keeps its sensitivity and FPR; its
metrics are those of the expected counts per 1000 cases
(:func:`umbral.metrics.expected_counts`). The check reweights the real data to
that prevalence and asks scikit-learn's metric functions (its counts, weighted).

>>> import numpy as np
>>> from umbral.metrics import Sweep
>>> sweep = Sweep.from_scores(np.array([1, 0, 0, 0]), np.array([0.9, 0.6, 0.2, 0.1]))
>>> numbers = accuracy_paradox_numbers(sweep, steps=3)
>>> numbers.prevalences.round(3).tolist()
[0.25, 0.05, 0.01]
>>> numbers.do_nothing_path.accuracy.round(2).tolist(), numbers.do_nothing_path.recall.tolist()
([0.75, 0.95, 0.99], [0.0, 0.0, 0.0])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from umbral.metrics import (
    Snapshot,
    Sweep,
    VerificationError,
    accuracy,
    balanced_accuracy,
    expected_counts,
    matthews_corrcoef,
    precision,
    recall,
)
from umbral.metrics.verify import SklearnCounts, sklearn_metrics

__all__ = ["COMPARED", "AccuracyParadoxNumbers", "ModelPath", "accuracy_paradox_numbers"]

#: Metrics shown side by side, in screen order.
COMPARED = ("accuracy", "recall", "balanced_accuracy", "mcc")
#: Cases the expected counts are given per.
PER = 1000


@dataclass(frozen=True, eq=False)
class ModelPath:
    """A model's metrics along the prevalence path (arrays, one entry per prevalence).

    ``tp, fp, fn, tn``: expected counts per :data:`PER` cases (floats).
    """

    accuracy: np.ndarray
    recall: np.ndarray
    balanced_accuracy: np.ndarray
    mcc: np.ndarray
    precision: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    fn: np.ndarray
    tn: np.ndarray

    def at(self, index: int) -> dict:
        """Every number at one step of the path, as plain floats."""
        return {name: float(getattr(self, name)[index])
                for name in ("accuracy", "recall", "balanced_accuracy", "mcc", "precision", "tp", "fp", "fn", "tn")}


@dataclass(frozen=True, eq=False)
class AccuracyParadoxNumbers:
    """The two models at the data's prevalence and along a path down to ``prevalences[-1]``."""

    threshold: float
    model: Snapshot
    do_nothing: Snapshot
    prevalences: np.ndarray
    model_path: ModelPath
    do_nothing_path: ModelPath
    per: int = PER

    def pair(self, index: int) -> dict:
        """``metric -> (model, do-nothing)`` at one step of the path."""
        ours, trivial = self.model_path.at(index), self.do_nothing_path.at(index)
        return {metric: (ours[metric], trivial[metric]) for metric in COMPARED}


def _path(sensitivity: float, fpr: float, prevalences: np.ndarray) -> ModelPath:
    tp, fp, fn, tn = expected_counts(sensitivity, fpr, prevalences, n=PER)
    return ModelPath(
        accuracy=accuracy(tp, fp, fn, tn), recall=recall(tp, fp, fn, tn),
        balanced_accuracy=balanced_accuracy(tp, fp, fn, tn), mcc=matthews_corrcoef(tp, fp, fn, tn),
        precision=precision(tp, fp, fn, tn), tp=tp, fp=fp, fn=fn, tn=tn)


def _check_with_sklearn(sklearn: SklearnCounts, threshold: float, path: ModelPath, prevalences, indices) -> None:
    """Reweight the real cases to each prevalence; scikit-learn must agree with the path.

    scikit-learn's metric functions run on its own counts at ``threshold`` with every positive
    weighted ``pi / own`` and every negative ``(1 - pi) / (1 - own)``: the same as passing
    that ``sample_weight`` with the full arrays, in O(1) per prevalence.
    """
    tp, fp, fn, tn = (float(c[0]) for c in sklearn.counts([threshold]))
    own = sklearn.positives / (sklearn.positives + sklearn.negatives)
    for index in indices:
        pi = prevalences[index]
        up, down = pi / own, (1 - pi) / (1 - own)
        theirs = sklearn_metrics(tp * up, fp * down, fn * up, tn * down)
        for name in ("accuracy", "recall", "precision", "mcc", "balanced_accuracy"):
            ours, value = getattr(path, name)[index], theirs[name]
            if not np.isclose(ours, value, rtol=1e-9, atol=1e-12):
                raise VerificationError(f"{name} at prevalence {pi:.4g}: umbral {ours!r} != scikit-learn {value!r}")


def accuracy_paradox_numbers(sweep: Sweep, threshold: float = 0.5, lowest: float = 0.01,
                             steps: int = 121, sklearn: SklearnCounts | None = None) -> AccuracyParadoxNumbers:
    """The model at ``threshold`` and the do-nothing model, from the data's prevalence to ``lowest``.

    The do-nothing model is the sweep at a threshold above every score: it
    flags no one. The path is log-spaced (``steps`` prevalences, both ends exact).
    ``sklearn``: the split's scikit-learn counts (the facts carry them; else counted here).
    """
    if sweep.positives == 0 or sweep.negatives == 0:
        raise ValueError("the accuracy paradox needs both classes in the data")
    model = sweep.at(threshold)
    do_nothing = sweep.at(float(np.nextafter(sweep.y_score.max(), np.inf)))
    prevalences = np.geomspace(model.prevalence, lowest, steps)
    paths = [_path(s.recall, s.fpr, prevalences) for s in (model, do_nothing)]
    ends = (0, steps // 2, steps - 1)
    sklearn = sklearn if sklearn is not None else SklearnCounts(sweep.y_true, sweep.y_score)
    for snapshot, path in zip((model, do_nothing), paths, strict=True):
        _check_with_sklearn(sklearn, snapshot.threshold, path, prevalences, ends)
    return AccuracyParadoxNumbers(float(threshold), model, do_nothing, prevalences, *paths)
