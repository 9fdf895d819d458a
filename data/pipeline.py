"""Raw tables to scores: the textbook's logistic-regression pipeline.

Split 70/30 with ``train_test_split(test_size=0.3, random_state=seed)`` (not stratified),
fit ``StandardScaler`` on the training rows only, fit
``LogisticRegression(max_iter=1000, random_state=0)`` and score the test rows with
``predict_proba[:, 1]``. With seed 9409 on the Pima Indians Diabetes table this reproduces
the reference chapter: 231 test patients, 80 diabetic, TP/FP/FN/TN 49/23/31/128 at 0.5,
ROC AUC 0.8295.

Every split is scored, train included, so a lecture can choose θ on train (the pulsar
lecture) or on a validation split (``--splits test=0.3,validation=0.3``, stratified), and
``--models logistic,forest`` adds a random forest beside the logistic regression.
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from umbral.data import validate
from umbral.data.dataset import DataError, Dataset, folder_name, titleize
from umbral.data.dialect import DELIMITER_NAMES, text_table
from umbral.data.records import RowsRead, checked_count, reference_rows
from umbral.data.study import Study
from umbral.data.tables import _lines, count_vouches_for_arrow, file_kind, read_excel_frame, stem_of

__all__ = [
    "DEFAULT_SPLIT_SEED", "MODEL", "MODELS", "SCALER", "TEST_SIZE", "load_raw_table", "make_model",
    "parse_models", "parse_splits", "score_features", "split_rows", "study_from_scored",
]

DEFAULT_SPLIT_SEED = 9409
TEST_SIZE = 0.3
MODEL = "LogisticRegression(max_iter=1000, random_state=0)"
SCALER = "StandardScaler (fit on training rows only)"


def check_seed(seed: object) -> int:
    """``seed`` as a non-negative int, or a :class:`DataError`."""
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise DataError(f"seed must be a non-negative integer, not {seed!r}; e.g. «seed=9409»")
    return int(seed)


#: Model key -> (what it is, how it is built). ``logistic`` is the textbook's pipeline.
MODELS = {
    "logistic": "StandardScaler + LogisticRegression(max_iter=1000, random_state=0)",
    "forest": "RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=0)",
}


def make_model(key: str):
    """An unfitted scikit-learn estimator for a key of :data:`MODELS`."""
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    if key == "logistic":
        return make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000, random_state=0))
    if key == "forest":
        return RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=0)
    raise DataError(f"unknown model {key!r}; choose from {', '.join(MODELS)} (several with commas)")


def fit_model(key: str, x_train, y_train):
    """Fit the model for ``key`` on the training rows.

    A forest grows its trees on every core (each tree's seed is drawn before, so the trees do
    not depend on it), then predicts on one: threads would add the trees' votes in a varying
    order and change the scores' last digit.
    """
    model = make_model(key)
    if "n_jobs" not in model.get_params():
        return model.fit(x_train, y_train)
    return model.set_params(n_jobs=-1).fit(x_train, y_train).set_params(n_jobs=None)


def parse_models(value: str | None) -> tuple[str, ...]:
    """``"logistic,forest"`` -> ``("logistic", "forest")``, each checked; None -> ``("logistic",)``."""
    if value is None:
        return ("logistic",)
    keys = tuple(dict.fromkeys(part.strip().lower() for part in str(value).split(",") if part.strip()))
    bad = [key for key in keys if key not in MODELS]
    if bad or not keys:
        raise DataError(f"«models={value!r}»: choose from {', '.join(MODELS)} "
                        "(several with commas, e.g. logistic,forest)")
    return keys


def parse_splits(value: str | None) -> dict[str, float] | None:
    """``"test=0.3,validation=0.3"`` -> shares of the held-out splits; None keeps the two-way 70/30 split.

    ``test`` is required; ``validation`` is optional. Each share lies strictly between 0 and 1.
    """
    if value is None:
        return None
    shares = {}
    for part in str(value).split(","):
        name, _, share = part.partition("=")
        name = name.strip().lower()
        name = {"val": "validation", "valid": "validation", "dev": "validation"}.get(name, name)
        try:
            number = float(share)
        except ValueError:
            number = math.nan
        if name not in ("test", "validation") or not 0 < number < 1 or name in shares:
            raise DataError(f"«splits={value!r}»: give test=SHARE and optionally validation=SHARE, each "
                            "between 0 and 1, e.g. «splits=test=0.3,validation=0.3»")
        shares[name] = number
    if "test" not in shares:
        raise DataError(f"«splits={value!r}» has no test share; e.g. «splits=test=0.3,validation=0.3»")
    return shares


def split_rows(features, labels, seed: int, shares: dict[str, float] | None, source: str) -> dict:
    """Split name -> (features, labels), in the order train, validation, test.

    Without ``shares``: the textbook's two-way split, ``train_test_split(test_size=0.3,
    random_state=seed)``, not stratified. With shares: the test share comes off the whole
    table first, then the validation share of the rest, both stratified by the label.
    """
    from sklearn.model_selection import train_test_split

    try:
        if shares is None:
            x_train, x_test, y_train, y_test = train_test_split(
                features, labels, test_size=TEST_SIZE, random_state=seed)
            return {"train": (x_train, y_train), "test": (x_test, y_test)}
        x_rest, x_test, y_rest, y_test = train_test_split(
            features, labels, test_size=shares["test"], random_state=seed, stratify=labels)
        if "validation" not in shares:
            return {"train": (x_rest, y_rest), "test": (x_test, y_test)}
        x_train, x_val, y_train, y_val = train_test_split(
            x_rest, y_rest, test_size=shares["validation"], random_state=seed, stratify=y_rest)
    except ValueError as exc:
        raise DataError(f"cannot split {source} ({exc}); it needs more rows of each class") from None
    return {"train": (x_train, y_train), "validation": (x_val, y_val), "test": (x_test, y_test)}


def score_features(
    features: np.ndarray, labels: np.ndarray, seed: int, source: str,
    models: tuple[str, ...] = ("logistic",), shares: dict[str, float] | None = None,
) -> tuple[dict, dict]:
    """Fit each model (keys of :data:`MODELS`) on the train split and score every split, train included.

    ``shares`` are the held-out shares (see :func:`split_rows`; None: the textbook's 70/30 split),
    ``seed`` their ``random_state``; ``source`` is named in error messages. Returns ``scored``,
    ``(model, split)`` -> (int8 labels, float64 probabilities of class 1), and ``parameters``:
    splits, seed, stratify, models, the split sizes (JSON-serialisable).
    """
    rows = split_rows(features, labels, seed, shares, source)
    for split, (_, y) in rows.items():
        if np.unique(y).size < 2:
            raise DataError(
                f"the {split} split of {source} has only one class ({y.size} rows); "
                "use a larger table or another «seed»"
            )
    x_train, y_train = rows["train"]
    scored = {}
    for key in models:
        fitted = fit_model(key, x_train, y_train)
        for split, (x, y) in rows.items():
            scored[(key, split)] = (np.asarray(y, dtype=np.int8),
                                    np.asarray(fitted.predict_proba(x)[:, 1], dtype=np.float64))
    parameters = {
        "test_size": TEST_SIZE if shares is None else shares["test"],
        "splits": {"test": TEST_SIZE} if shares is None else shares,
        "seed": seed,
        "stratify": shares is not None,
        "models": {key: MODELS[key] for key in models},
        "model": MODELS[models[0]] if len(models) == 1 else None,
        "scaler": SCALER if "logistic" in models else None,
        "sizes": {split: int(len(y)) for split, (_, y) in rows.items()},
        "n_train": int(len(y_train)),
        "n_test": int(len(rows["test"][1])),
    }
    return scored, parameters


def study_from_scored(name: str, title: str, scored: dict, provenance: dict, model_names=None) -> Study:
    """A :class:`~umbral.data.study.Study` from :func:`score_features` output (``model_names`` renames keys)."""
    model_names = model_names or {}
    parts = {}
    for (key, split), (y, scores) in scored.items():
        model = model_names.get(key, key)
        part = {"model": model, "split": split}
        parts[(model, split)] = Dataset(name, title, y, scores, {**provenance, "part": part})
    return Study(name, title, parts, provenance)


def _read_frame(path: Path, raw: bytes):
    """The raw table as a pandas DataFrame, with the same header checks as scores files."""
    import pandas as pd  # lazy: importing `data` must stay cheap

    kind = file_kind(path)
    if kind == ".parquet":
        try:
            frame = pd.read_parquet(path)
        except Exception as exc:  # pyarrow raises many types for a damaged file
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise DataError(f"cannot read {path} as Parquet ({reason}); re-export it or use CSV") from None
        validate.check_unique_columns([str(c) for c in frame.columns], path)
    elif kind == ".xlsx":
        frame = read_excel_frame(raw, path)
        validate.check_unique_columns(list(frame.columns), path)
    elif kind in (".csv", ".tsv"):
        data, dialect = text_table(raw, path)
        text = data.decode("utf-8")
        header = next(csv.reader(io.StringIO(text), delimiter=dialect.delimiter), [])
        validate.check_unique_columns([name.strip() for name in header], path)
        count = checked_count(data, path, dialect.delimiter)
        records = count.records
        if not count_vouches_for_arrow(count):
            # Quoting the count cannot vouch for: the strict reference reader names a bad line, or counts.
            records = len(reference_rows(text, dialect.delimiter, path)[0])
        try:
            frame = pd.read_csv(io.StringIO(text), skipinitialspace=True, sep=dialect.delimiter,
                                decimal=dialect.decimal)
        except (pd.errors.ParserError, pd.errors.EmptyDataError) as exc:
            reason = str(exc).strip().splitlines()[0]
            raise DataError(f"{path} is not a readable table ({reason}); check the delimiter "
                            f"({DELIMITER_NAMES[dialect.delimiter]}) and quoting") from None
        if len(frame) != records - 1:
            raise DataError(f"{path}: pandas read {len(frame):,} rows but the file holds {records - 1:,} records "
                            "under its header; check its quoting and line ends")
        frame.attrs["dialect"] = dialect
        frame.attrs["rows"] = RowsRead(len(frame), _lines(count, dialect), header=True, sep_line=dialect.sep_line,
                                       blank_lines=count.blank_lines)
    else:
        raise DataError(f"{path} is JSON; a raw table for «target» must be .csv, .tsv, .xlsx or .parquet")
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


def row_index_columns(frame, columns: Sequence[str]) -> dict[str, str]:
    """The columns that number the rows rather than describe them: ``{column: why}``.

    pandas writes its index as a leading unnamed column (``Unnamed: 0``); a
    column holding exactly 0..n-1 or 1..n is a row number too. On a table
    sorted by the target either one predicts the label perfectly, so it is
    never a feature.
    """
    from pandas.api.types import is_numeric_dtype

    found = {}
    n = len(frame)
    for column in columns:
        if re.fullmatch(r"Unnamed: \d+|", column):
            found[column] = "a column without a name (pandas' saved index)"
            continue
        values = frame[column]
        if n > 2 and is_numeric_dtype(values) and not values.isna().any():
            numbers = values.to_numpy(dtype=np.float64)
            for start in (0, 1):
                if np.array_equal(numbers, np.arange(start, start + n)):
                    found[column] = f"the row numbers {start}..{start + n - 1}"
    return found


def separating_features(matrix: np.ndarray, labels: np.ndarray, features: Sequence[str]) -> list[str]:
    """Features that alone split the classes without a single mistake: a sign the label leaked into the table.

    Every positive lies above every negative on such a feature, or below.
    """
    positive, negative = matrix[labels == 1], matrix[labels == 0]
    if not len(positive) or not len(negative):
        return []
    apart = (positive.min(axis=0) > negative.max(axis=0)) | (positive.max(axis=0) < negative.min(axis=0))
    return [feature for feature, alone in zip(features, apart, strict=True) if alone]


def load_raw_table(
    path: str | Path,
    target: str,
    *,
    positive: object = None,
    seed: int | None = None,
    models: str | None = None,
    splits: str | None = None,
    builtins: Iterable[str] = (),
) -> Study:
    """Score a raw table with the pipeline: every model on every split, as a :class:`~umbral.data.study.Study`.

    ``path`` holds numeric feature columns and the label column ``target`` (exact name, else
    matched case-insensitively); ``positive`` names its positive class unless labels are 0/1.
    ``seed`` defaults to 9409, which reproduces the reference chapter; ``models`` is
    ``"logistic,forest"`` (default logistic only); ``splits`` is ``"test=0.3,validation=0.3"``
    (see :func:`split_rows`; default the two-way 70/30 split). ``builtins`` are suggested
    when the file does not exist.
    """
    path = validate.check_path(path, builtins)
    seed = DEFAULT_SPLIT_SEED if seed is None else check_seed(seed)
    keys, shares = parse_models(models), parse_splits(splits)
    raw, sha256 = validate.read_bytes(path)
    frame = _read_frame(path, raw)
    columns = list(frame.columns)
    matches = [c for c in columns if c == target]
    matches = matches or [c for c in columns if c.lower() == target.strip().lower()]
    if len(matches) != 1:
        raise DataError(f"no target column {target!r} in {path}; available columns: {', '.join(columns)}")
    target = matches[0]
    dropped = row_index_columns(frame, [c for c in columns if c != target])
    features = [c for c in columns if c != target and c not in dropped]
    if not features:
        raise DataError(f"{path} has only the target column {target!r}"
                        f"{' and a row index' if dropped else ''}; the model needs feature columns")
    matrix = _check_features(frame, features, path)
    labels = validate.parse_labels(frame[target].tolist(), positive, column=target, one_vs_rest=True)
    scored, parameters = score_features(matrix, labels, seed, str(path), keys, shares)
    provenance = {
        "kind": "raw-table",
        "path": str(path),
        "sha256": sha256,
        "target": target,
        "positive_label": "1" if positive is None else str(positive),
        **({"read_rows": frame.attrs["rows"].as_dict()} if "rows" in frame.attrs else {}),
        **({"read_as": frame.attrs["dialect"].describe()} if "dialect" in frame.attrs else {}),
        "features": features,
        "dropped_columns": dropped,
        "separating_features": separating_features(matrix, labels, features),
        **parameters,
    }
    return study_from_scored(folder_name(stem_of(path)), titleize(stem_of(path)), scored, provenance)
