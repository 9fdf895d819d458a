"""Checks that turn raw cells into validated labels and scores, or a one-line :class:`DataError`.

Every message says what is wrong and how to fix it. Row numbers are 1-based data rows
(the header is not counted).
"""

from __future__ import annotations

import hashlib
import math
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from umbral.data.dataset import DataError

__all__ = [
    "LABEL_NAMES", "RESCALE_MODES", "SCORE_NAMES", "check_path", "parse_labels", "parse_scores",
    "read_bytes", "decode_text", "column_array", "rescale", "resolve_column",
    "check_unique_columns", "sigmoid",
]

#: Column names recognised as labels / scores, case-insensitively, in order of preference.
LABEL_NAMES = ("y_true", "label", "target", "outcome", "class", "y")
SCORE_NAMES = ("y_score", "score", "proba", "probability", "prob", "y_prob", "prediction")
RESCALE_MODES = ("minmax", "sigmoid")
_TRUE, _FALSE = {"1", "true"}, {"0", "false"}


def check_path(path: str | Path, builtins: Iterable[str] = ()) -> Path:
    """Return ``path`` as a :class:`~pathlib.Path` to an existing, non-empty regular file."""
    path = Path(path)
    if not path.exists():
        hint = f" or use a built-in dataset: {', '.join(builtins)}" if builtins else ""
        raise DataError(f"no such file: {path}; check the path{hint}")
    if path.is_dir():
        raise DataError(f"{path} is a directory; give the path of a scores or data file inside it")
    if path.stat().st_size == 0:
        raise DataError(f"{path} is empty (0 bytes); export the scores again or pick another file")
    return path


def read_bytes(path: Path) -> tuple[bytes, str]:
    """File bytes and their sha256 hex digest (recorded in provenance)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError(f"cannot read {path} ({exc.strerror}); check its permissions") from None
    return raw, hashlib.sha256(raw).hexdigest()


def decode_text(raw: bytes, path: Path) -> str:
    """UTF-8 (or UTF-16 with a BOM) text of a file, a BOM dropped; anything else is a :class:`DataError`.

    The error names the encoding the bytes look like and how to re-save them.
    """
    from umbral.data.dialect import utf8

    return utf8(raw, path)[0].decode("utf-8")


def check_unique_columns(columns: Sequence[str], path: Path) -> None:
    """Reject a header that names the same column twice."""
    seen: set[str] = set()
    for name in columns:
        if name in seen:
            raise DataError(f"column {name!r} appears twice in the header of {path}; rename one of them")
        seen.add(name)


def resolve_column(columns: Sequence[str], given: str | None, role: str, path: Path,
                   names: Sequence[str] | None = None, option: str | None = None, hint: str | None = None) -> str:
    """Pick a column: the one ``given``, else the one recognised by name.

    ``role`` is ``"label"`` or ``"score"`` (or another role with its own
    ``names`` and ``option``). Matching is exact first, then case-insensitive.
    """
    option = option or f"«{role}_col»"
    if hint is None:
        hint = " (or, for a raw table of features, give «target»)" if names is None else ""
    available = ", ".join(columns) or "(none)"
    if given is not None:
        if given in columns:
            return given
        folded = [c for c in columns if c.strip().lower() == given.strip().lower()]
        if len(folded) == 1:
            return folded[0]
        raise DataError(f"no column {given!r} in {path}; available columns: {available}; fix {option}")
    if names is None:
        names = LABEL_NAMES if role == "label" else SCORE_NAMES
    found = [c for c in columns if c.strip().lower() in names]
    if not found:
        raise DataError(
            f"no {role} column found in {path} (looked for {', '.join(names)}); "
            f"available columns: {available}; name it with {option}{hint}"
        )
    if len(found) > 1:
        quoted = " and ".join(repr(c) for c in found)
        raise DataError(f"{quoted} could each be the {role} column in {path}; pick one with {option}")
    return found[0]


def _label_key(value: object) -> str | None:
    """Canonical string for a label cell: ``True``, ``"true"``, ``1.0`` and ``"1"`` are all ``"1"``.

    Text is Unicode-normalised (NFC), so ``"sí"`` typed with a combining accent
    is the same class as ``"sí"`` typed with one character.
    """
    if value is None:
        return None
    if isinstance(value, bool | np.bool_):
        return "1" if value else "0"
    text = unicodedata.normalize("NFC", str(value).strip())
    if not text or text.lower() in {"nan", "none", "null", "na", "<na>"}:
        return None
    if text.lower() in _TRUE | _FALSE:
        return "1" if text.lower() in _TRUE else "0"
    try:
        number = float(text)
    except ValueError:
        return text
    if math.isfinite(number) and number == int(number):
        return str(int(number))
    return text


def column_array(values) -> np.ndarray:
    """A column of cells as a 1-D array: NumPy arrays as they are, anything else as an object array."""
    if isinstance(values, np.ndarray):
        return values
    array = np.empty(len(values), dtype=object)
    array[:] = list(values)
    return array


def _missing_mask(array: np.ndarray, missing) -> np.ndarray | None:
    """Rows known empty (``missing``, e.g. a CSV's blank cells) or holding None."""
    if array.dtype == object:
        nones = np.equal(array, None)
        missing = nones if missing is None else missing | nones
    return None if missing is None or not missing.any() else missing


def _factorize(array: np.ndarray, missing) -> tuple[np.ndarray, np.ndarray]:
    """``(codes, uniques)`` with ``array == uniques[codes]``; code -1 for missing and NaN cells.

    Hash-based, O(n): the Python-level checks then run once per distinct value, never per row.
    """
    kind = array.dtype.kind
    whole_0_1 = kind in "iu" and (array.size == 0 or (array.min() >= 0 and array.max() <= 1))
    if kind == "b" or whole_0_1 or (kind == "f" and ((array == 0) | (array == 1)).all()):
        # Labels already 0/1 (the common case at any size): no hashing at all.
        codes = array.astype(np.intp)
        uniques = np.array([False, True]) if kind == "b" else np.array([0, 1], dtype=array.dtype)
    else:
        codes, uniques = _pandas_factorize(array)
    if missing is not None:
        codes = np.where(missing, -1, codes)
    return codes, uniques


def _pandas_factorize(array: np.ndarray):
    import pandas as pd  # lazy: importing `data` must stay cheap

    codes, uniques = pd.factorize(array, use_na_sentinel=True)
    return codes, np.asarray(uniques, dtype=object)


def parse_labels(values: Sequence[object], positive: object = None, column: str = "label",
                 missing: np.ndarray | None = None, one_vs_rest: bool = False) -> np.ndarray:
    """Labels as int8 0/1.

    Accepts 0/1, booleans, true/false strings, or exactly two values of which ``positive``
    names the positive one (compared as strings, so ``"M"`` and ``2`` both work).
    ``missing`` marks cells known to be empty (a CSV's blank cells). Vectorised: the
    cells are factorised once and each distinct value is read once, so the first empty
    row is still named, at any n. With ``one_vs_rest`` (a raw table's ``--target``),
    more than two classes are fine once ``positive`` names one: the others are negatives.
    """
    array = column_array(values)
    codes, uniques = _factorize(array, _missing_mask(array, missing))
    keys = [_label_key(value) for value in uniques]
    unknown = np.array([key is None for key in keys] + [True], dtype=bool)  # [-1] stands for code -1
    empty = unknown[codes]
    if empty.any():
        row = int(np.argmax(empty)) + 1
        raise DataError(f"empty label in row {row} of column {column!r}; fill it in or drop the row")
    present = np.bincount(codes, minlength=len(keys)) > 0 if len(keys) else np.zeros(0, dtype=bool)
    distinct = sorted({key for key, used in zip(keys, present, strict=True) if used})
    wanted = None if positive is None else _label_key(positive)
    if len(distinct) > 2 and not (one_vs_rest and wanted is not None):
        shown = ", ".join(repr(v) for v in distinct[:5]) + (", ..." if len(distinct) > 5 else "")
        fix = (f"name the positive class with «positive» (e.g. «positive={distinct[-1]}»); every other class "
               "becomes negative" if one_vs_rest else "pick another «label_col» or merge classes")
        raise DataError(
            f"column {column!r} has {len(distinct)} different labels ({shown}), the third first in row "
            f"{_third_label_row(codes, keys)}; a binary classifier needs exactly two: {fix}"
        )
    if positive is not None and wanted not in distinct:
        raise DataError(
            f"«positive={positive}» is not a value of column {column!r} "
            f"(found {', '.join(repr(v) for v in distinct)}); use one of those"
        )
    if not distinct:
        raise DataError(f"column {column!r} has no rows: give labels and scores for at least one positive and "
                        "one negative case")
    if len(distinct) < 2:
        raise DataError(
            f"only one class (all {distinct[0]}) in column {column!r}: "
            "ROC and precision need both positives and negatives"
        )
    if wanted is None and not {k.lower() for k in distinct} <= _TRUE | _FALSE:
        shown = " and ".join(repr(v) for v in distinct)
        raise DataError(
            f"labels in column {column!r} are {shown}, not 0/1; "
            f"name the positive class with «positive» (e.g. «positive={distinct[-1]}»)"
        )
    is_positive = np.array([key == wanted if wanted is not None else key is not None and key.lower() in _TRUE
                            for key in keys], dtype=np.int8)
    return is_positive[codes]


def _third_label_row(codes: np.ndarray, keys: list) -> int:
    """The 1-based row where a third distinct label first appears."""
    _, first_rows = np.unique(codes, return_index=True)  # codes of one label key share it
    seen: set = set()
    for index in np.sort(first_rows):
        seen.add(keys[codes[index]])
        if len(seen) > 2:
            return int(index) + 1
    return int(codes.size)


def _score_error(value: object, row: int, column: str) -> DataError | float:
    """One cell read as a score: its value, or the error that names its row."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return DataError(f"empty score in row {row} of column {column!r}; fill it in or drop the row")
    if isinstance(value, bool | np.bool_):
        return DataError(f"score in row {row} of column {column!r} is a boolean; scores must be numbers")
    try:
        number = float(value)
    except (TypeError, ValueError):
        return DataError(f"score {value!r} in row {row} of column {column!r} is not a number; fix or drop the row")
    except OverflowError:  # a JSON integer too large for a float
        return DataError(f"score in row {row} of column {column!r} is too large; scores must be finite probabilities")
    if math.isnan(number):
        return DataError(f"score in row {row} of column {column!r} is NaN; fill it in or drop the row")
    if math.isinf(number):
        return DataError(f"score in row {row} of column {column!r} is infinite; scores must be finite probabilities")
    return number


def _numbers(array: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(scores, suspect)``: the cells as float64 by vectorised conversion, and the rows to look at.

    A suspect row is one the fast conversion could not vouch for (not finite, text that is
    not a number, a boolean); only those few are read one by one, with Python's ``float``.
    """
    kind = array.dtype.kind
    if kind == "f":
        scores = array.astype(np.float64, copy=False)
        return scores, ~np.isfinite(scores)
    if kind in "iu":
        return array.astype(np.float64), np.zeros(array.size, dtype=bool)
    if kind == "b":
        return np.zeros(array.size), np.ones(array.size, dtype=bool)
    import pandas as pd  # lazy: only text or mixed cells come here

    inferred = pd.api.types.infer_dtype(array, skipna=False)
    if inferred in ("floating", "integer", "mixed-integer-float"):
        try:
            scores = array.astype(np.float64)
            return scores, ~np.isfinite(scores)
        except OverflowError:
            pass
    elif inferred in ("string", "unicode"):
        text = pd.Series(array, dtype=object)
        scores = pd.to_numeric(text, errors="coerce").to_numpy(dtype=np.float64)
        return scores, ~np.isfinite(scores)
    # Mixed Python objects (JSON mixing numbers, text and booleans): every row is a suspect.
    return np.zeros(array.size), np.ones(array.size, dtype=bool)


def parse_scores(values: Sequence[object], column: str = "score", missing: np.ndarray | None = None) -> np.ndarray:
    """Scores as finite float64; the first empty, NaN, inf or non-numeric cell is named by row.

    ``missing`` marks cells known to be empty (a CSV's blank cells). Vectorised; only the
    rows a vectorised conversion flags are read one by one, to name the first bad one.
    """
    array = column_array(values)
    missing = _missing_mask(array, missing)
    scores, suspect = _numbers(array)
    if missing is not None:
        suspect |= missing
    rows = np.flatnonzero(suspect)
    if rows.size:
        scores = scores.copy()
        for index in rows:
            value = None if missing is not None and missing[index] else array[index]
            outcome = _score_error(value, int(index) + 1, column)
            if isinstance(outcome, DataError):
                raise outcome
            scores[index] = outcome  # text Python reads but pandas does not, e.g. "1_000"
    return scores


def sigmoid(x: np.ndarray) -> np.ndarray:
    """Logistic function ``1 / (1 + exp(-x))`` without overflow for large ``|x|``.

    Examples
    --------
    >>> sigmoid(np.array([-1000.0, 0.0, 1000.0])).tolist()
    [0.0, 0.5, 1.0]
    """
    x = np.asarray(x, dtype=np.float64)
    decay = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0 / (1.0 + decay), decay / (1.0 + decay))


def rescale(scores: np.ndarray, mode: str | None, column: str = "score") -> np.ndarray:
    """Scores mapped into [0, 1] by ``mode``, or checked to already be there when ``mode`` is None.

    ``"minmax"`` maps the smallest score to 0 and the largest to 1, linearly (ranks and
    the ROC curve are unchanged); ``"sigmoid"`` applies ``1 / (1 + exp(-x))`` to logits.
    """
    if mode is None:
        low, high = float(scores.min()), float(scores.max())
        if low < 0.0 or high > 1.0:
            row = int(np.argmax((scores < 0.0) | (scores > 1.0))) + 1
            raise DataError(
                f"scores in column {column!r} run from {low:g} to {high:g} (row {row} is the first outside "
                "[0, 1]), but the threshold sweep needs probabilities in [0, 1]; pass «rescale=minmax» or "
                "«rescale=sigmoid» or export probabilities"
            )
        return scores
    if mode == "sigmoid":
        return sigmoid(scores)
    if mode == "minmax":
        low, high = float(scores.min()), float(scores.max())
        if low == high:
            raise DataError(
                f"cannot «rescale=minmax»: every score in column {column!r} is {low:g}; "
                "constant scores carry no ranking"
            )
        return np.clip((scores - low) / (high - low), 0.0, 1.0)
    raise DataError(f"unknown «rescale={mode!r}»; use one of: {', '.join(RESCALE_MODES)}")
