"""Raw tables to scores: the textbook's logistic-regression pipeline.

Split 70/30 with ``train_test_split(test_size=0.3, random_state=seed)`` (not stratified),
fit ``StandardScaler`` on the training rows only, fit
``LogisticRegression(max_iter=1000, random_state=0)`` and score the test rows with
``predict_proba[:, 1]``. With seed 9409 on the Pima Indians Diabetes table this reproduces
the reference chapter: 231 test patients, 80 diabetic, TP/FP/FN/TN 49/23/31/128 at 0.5,
ROC AUC 0.8295.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from data import validate
from data.dataset import DataError, Dataset, slugify, titleize

__all__ = ["DEFAULT_SPLIT_SEED", "MODEL", "SCALER", "TEST_SIZE", "load_raw_table", "score_features"]

DEFAULT_SPLIT_SEED = 9409
TEST_SIZE = 0.3
MODEL = "LogisticRegression(max_iter=1000, random_state=0)"
SCALER = "StandardScaler (fit on training rows only)"


def check_seed(seed: object) -> int:
    """``seed`` as a non-negative int, or a :class:`DataError`."""
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise DataError(f"seed must be a non-negative integer, not {seed!r}; e.g. --seed 9409")
    return int(seed)


def score_features(
    features: np.ndarray, labels: np.ndarray, seed: int, source: str
) -> tuple[np.ndarray, np.ndarray, dict]:
    """Test-split labels, their predicted probabilities, and the pipeline's parameters.

    Parameters
    ----------
    features : numpy.ndarray
        Numeric matrix, one row per sample.
    labels : numpy.ndarray
        0/1 labels, one per row.
    seed : int
        ``random_state`` of the train/test split.
    source : str
        Named in error messages.

    Returns
    -------
    y_test : numpy.ndarray
        int8 labels of the test rows.
    scores : numpy.ndarray
        float64 probabilities of class 1 for the test rows, in [0, 1].
    parameters : dict
        test_size, seed, stratify, model, scaler, n_train, n_test (JSON-serialisable).
    """
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.preprocessing import StandardScaler

    try:
        x_train, x_test, y_train, y_test = train_test_split(
            features, labels, test_size=TEST_SIZE, random_state=seed
        )
    except ValueError as exc:
        raise DataError(f"cannot split {source} 70/30 ({exc}); it needs more rows") from None
    for part, y in (("training", y_train), ("test", y_test)):
        if np.unique(y).size < 2:
            raise DataError(
                f"the {part} split of {source} has only one class ({y.size} rows); "
                "use a larger table or another --seed"
            )
    scaler = StandardScaler().fit(x_train)
    model = LogisticRegression(max_iter=1000, random_state=0).fit(scaler.transform(x_train), y_train)
    scores = model.predict_proba(scaler.transform(x_test))[:, 1]
    parameters = {
        "test_size": TEST_SIZE,
        "seed": seed,
        "stratify": False,
        "model": MODEL,
        "scaler": SCALER,
        "n_train": int(len(y_train)),
        "n_test": int(len(y_test)),
    }
    return np.asarray(y_test, dtype=np.int8), np.asarray(scores, dtype=np.float64), parameters


def _read_frame(path: Path, raw: bytes):
    """The raw table as a pandas DataFrame, with the same header checks as scores files."""
    import pandas as pd  # lazy: importing `data` must stay cheap

    suffix = path.suffix.lower()
    if suffix == ".parquet":
        try:
            frame = pd.read_parquet(path)
        except Exception as exc:  # pyarrow raises many types for a damaged file
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise DataError(f"cannot read {path} as Parquet ({reason}); re-export it or use CSV") from None
        validate.check_unique_columns([str(c) for c in frame.columns], path)
    elif suffix == ".csv":
        text = validate.decode_text(raw, path)
        header = next(csv.reader(io.StringIO(text)), [])
        validate.check_unique_columns([name.strip() for name in header], path)
        try:
            frame = pd.read_csv(io.StringIO(text), skipinitialspace=True)
        except (pd.errors.ParserError, pd.errors.EmptyDataError) as exc:
            reason = str(exc).strip().splitlines()[0]
            raise DataError(
                f"{path} is not a readable CSV ({reason}); check the delimiter and quoting"
            ) from None
    else:
        raise DataError(
            f"unknown file type {suffix or '(no extension)'!r} for raw table {path}; use .csv or .parquet"
        )
    frame.columns = [str(c).strip() for c in frame.columns]
    if frame.empty:
        raise DataError(f"{path} has no data rows, only column names; give a table with rows")
    return frame


def _check_features(frame, features: Sequence[str], path: Path) -> np.ndarray:
    from pandas.api.types import is_bool_dtype, is_numeric_dtype

    bad = [c for c in features if not (is_numeric_dtype(frame[c]) or is_bool_dtype(frame[c]))]
    if bad:
        raise DataError(
            f"non-numeric feature columns in {path}: {', '.join(repr(c) for c in bad)}; "
            "encode them as numbers or drop them"
        )
    matrix = frame[list(features)].to_numpy(dtype=np.float64)
    finite = np.isfinite(matrix)
    if not finite.all():
        row, col = np.argwhere(~finite)[0]
        raise DataError(
            f"empty or infinite cell in feature column {features[col]!r} (row {row + 1}) of {path}; "
            "fill it in or drop the row"
        )
    return matrix


def load_raw_table(
    path: str | Path,
    target: str,
    *,
    positive: object = None,
    seed: int | None = None,
    builtins: Iterable[str] = (),
) -> Dataset:
    """Score a raw table with the pipeline and return its test split as a :class:`Dataset`.

    Parameters
    ----------
    path : str or pathlib.Path
        CSV (or Parquet) with numeric feature columns and a ``target`` column.
    target : str
        The label column (exact name, else matched case-insensitively).
    positive : object, optional
        Value of ``target`` that is the positive class; needed unless labels are 0/1.
    seed : int, optional
        Split seed; default 9409, the seed that reproduces the reference chapter.
    builtins : iterable of str
        Built-in names suggested when the file does not exist.
    """
    path = validate.check_path(path, builtins)
    seed = DEFAULT_SPLIT_SEED if seed is None else check_seed(seed)
    raw, sha256 = validate.read_bytes(path)
    frame = _read_frame(path, raw)
    columns = list(frame.columns)
    matches = [c for c in columns if c == target]
    matches = matches or [c for c in columns if c.lower() == target.strip().lower()]
    if len(matches) != 1:
        raise DataError(f"no target column {target!r} in {path}; available columns: {', '.join(columns)}")
    target = matches[0]
    features = [c for c in columns if c != target]
    if not features:
        raise DataError(f"{path} has only the target column {target!r}; the model needs feature columns")
    matrix = _check_features(frame, features, path)
    labels = validate.parse_labels(frame[target].tolist(), positive, column=target)
    y_test, scores, parameters = score_features(matrix, labels, seed, str(path))
    provenance = {
        "kind": "raw-table",
        "path": str(path),
        "sha256": sha256,
        "target": target,
        "positive_label": "1" if positive is None else str(positive),
        "features": features,
        **parameters,
    }
    return Dataset(
        name=slugify(path.stem),
        title=f"{titleize(path.stem)} (test split)",
        y_true=y_test,
        y_score=scores,
        provenance=provenance,
    )
