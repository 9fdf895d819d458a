"""A notebook's labels and scores (arrays, lists, pandas Series, fitted estimators) as a validated Study.

The arrays become a table and go through the very checks a scores file does
(:func:`umbral.data.files.study_from_table`), so a bad label, a score outside [0, 1], a
missing value or a split with one class gets the command line's one-line message.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from umbral.data.dataset import DataError, folder_name
from umbral.data.files import study_from_table
from umbral.data.tables import Table

__all__ = ["estimator_scores", "study_from_estimators", "study_from_predictions"]

#: How the arrays are named in messages.
WHERE = Path("the arrays")
LABEL, SCORE, SPLIT, MODEL = "y_true", "y_score", "split", "model"
DEFAULT_TITLE = "Scores"


def _column(values, what: str) -> np.ndarray:
    """A 1-D array of ``values`` (list, array, pandas Series), or a DataError saying what to pass."""
    if hasattr(values, "to_numpy"):
        values = values.to_numpy()
    array = np.asarray(values, dtype=object if isinstance(values, list | tuple) else None)
    if array.ndim != 1:
        hint = " (predict_proba gives one column per class: take the positive one, e.g. proba[:, 1])" \
            if what == SCORE and array.ndim == 2 else ""
        raise DataError(f"{what} must be one value per row (a 1-D array), not an array of shape {array.shape}{hint}")
    return array


def _rows(y_true, y_score, split, model):
    """(labels, {model: scores} or scores, split names or None, model names or None) as arrays."""
    scores = ({str(name): _column(values, SCORE) for name, values in y_score.items()} if isinstance(y_score, dict)
              else _column(y_score, SCORE))
    return (_column(y_true, LABEL), scores, None if split is None else _column(split, SPLIT),
            None if model is None or isinstance(model, str) else _column(model, MODEL))


def _joined_splits(splits: dict):
    """``{"validation": (y, s), "test": (y, s)}`` as one set of columns with a split column."""
    if not isinstance(splits, dict) or not splits:
        raise DataError('splits must be a dict such as {"validation": (y_val, s_val), "test": (y_test, s_test)}')
    labels, scores, names = [], [], []
    for name, pair in splits.items():
        if not isinstance(pair, tuple | list) or len(pair) != 2:
            raise DataError(f"splits[{name!r}] must be a pair (y_true, y_score)")
        y, s, _, _ = _rows(*pair, None, None)
        labels.append(y)
        scores.append(s)
        names.append(np.full(len(y), str(name), dtype=object))
    if any(isinstance(s, dict) for s in scores):
        if not all(isinstance(s, dict) and list(s) == list(scores[0]) for s in scores):
            raise DataError("every split must score the same models, in the same order")
        score = {model: np.concatenate([s[model] for s in scores]) for model in scores[0]}
    else:
        score = np.concatenate(scores)
    return np.concatenate(labels), score, np.concatenate(names)


def study_from_predictions(y_true=None, y_score=None, *, pos_label=None, name=None, split=None, model=None,
                           splits=None, title=None):
    """A :class:`~umbral.data.Study` from labels and scores; see :meth:`umbral.Lecture.from_predictions`."""
    if splits is not None:
        if y_true is not None or y_score is not None or split is not None:
            raise DataError("give either y_true, y_score (and split) or splits=, not both")
        y_true, y_score, split = _joined_splits(splits)
    elif y_true is None or y_score is None:
        raise DataError("give y_true and y_score (or splits={name: (y_true, y_score)})")
    labels, scores, split_names, model_names = _rows(y_true, y_score, split, model)
    if isinstance(scores, dict) and (name is not None or model_names is not None):
        raise DataError("y_score is a dict, whose keys name the models; drop name= and model=")
    if isinstance(scores, dict) and not scores:
        raise DataError('y_score is an empty dict; give {"model name": scores, ...}')
    score_columns = dict(scores) if isinstance(scores, dict) else {SCORE: scores}
    taken = {LABEL, SPLIT, MODEL} & set(score_columns)
    if taken:
        raise DataError(f"a model cannot be called {sorted(taken)[0]!r}; give it another name")
    cells = {LABEL: labels, **score_columns}
    if split_names is not None:
        cells[SPLIT] = split_names
    if model_names is not None:
        cells[MODEL] = model_names
    single = name if name is not None else model if isinstance(model, str) else None
    shown = title if title is not None else DEFAULT_TITLE
    rows = len(labels)
    provenance = {"kind": "predictions",  # what report --json says of a file: how many rows were read
                  "read_rows": {"rows": rows, "lines": None, "text": f"from arrays: {rows:,} rows"}}
    return study_from_table(Table(list(cells), cells), WHERE, folder_name(shown), shown, provenance,
                            label_col=LABEL, score_col=tuple(score_columns), split_col=SPLIT if split is not None
                            else None, model_names={"model": str(single)} if single is not None else None,
                            positive=pos_label)


def _estimator_name(estimator) -> str:
    """scikit-learn's way: the class name (of a pipeline's last step)."""
    steps = getattr(estimator, "steps", None)
    return type(steps[-1][1] if steps else estimator).__name__


def estimator_scores(estimator, X, *, response_method: str = "auto", pos_label=None) -> tuple[np.ndarray, object]:
    """(scores in [0, 1] for the positive class, that class): ``predict_proba``'s column for ``pos_label``.

    ``pos_label`` defaults to the last of ``estimator.classes_``, as in scikit-learn's displays.
    """
    name = _estimator_name(estimator)
    if response_method not in ("auto", "predict_proba"):
        raise DataError(f"response_method={response_method!r}: umbral's θ runs over [0, 1], so it needs "
                        "probabilities (response_method='auto' or 'predict_proba')")
    if not hasattr(estimator, "predict_proba"):
        raise DataError(f"{name} has no predict_proba and umbral's θ runs over [0, 1]: wrap it as "
                        f"CalibratedClassifierCV({name}(...)) to get probabilities (or pass scores in [0, 1] "
                        "to from_predictions)")
    classes = getattr(estimator, "classes_", None)
    if classes is None:
        raise DataError(f"{name} is not fitted; call .fit(X_train, y_train) first")
    if len(classes) != 2:
        raise DataError(f"{name} has {len(classes)} classes; umbral's lessons need a binary classifier")
    chosen = classes[-1] if pos_label is None else pos_label
    matches = [index for index, value in enumerate(classes) if str(value) == str(chosen)]
    if not matches:
        raise DataError(f"pos_label={pos_label!r} is not one of {name}'s classes ({classes[0]!r}, {classes[1]!r})")
    return np.asarray(estimator.predict_proba(X))[:, matches[0]], chosen


def study_from_estimators(estimators: dict, *, train=None, validation=None, test=None, response_method="auto",
                          pos_label=None, title=None):
    """A :class:`~umbral.data.Study` of fitted classifiers on splits; see :meth:`umbral.Lecture.from_estimators`."""
    if not isinstance(estimators, dict) or not estimators:
        raise DataError('estimators must be a dict such as {"logistic": lr, "forest": rf}')
    given = {name: rows for name, rows in (("train", train), ("validation", validation), ("test", test))
             if rows is not None}
    if not given:
        raise DataError("give the rows of at least one split, e.g. validation=(X_val, y_val), test=(X_test, y_test)")
    splits, positive = {}, pos_label
    for split, rows in given.items():
        if not isinstance(rows, tuple | list) or len(rows) != 2:
            raise DataError(f"{split}= must be a pair (X, y)")
        X, y = rows
        scores = {}
        for model, estimator in estimators.items():
            scores[str(model)], positive = estimator_scores(estimator, X, response_method=response_method,
                                                            pos_label=pos_label)
        splits[split] = (y, scores)
    return study_from_predictions(splits=splits, pos_label=positive, title=title)
