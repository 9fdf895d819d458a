"""Checks that turn raw cells into validated labels and scores, or a one-line :class:`DataError`.

Every message says what is wrong and how to fix it. Row numbers are 1-based data rows
(the header is not counted).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from data.dataset import DataError

__all__ = [
    "LABEL_NAMES", "RESCALE_MODES", "SCORE_NAMES", "check_path", "parse_labels", "parse_scores",
    "read_bytes", "decode_text", "rescale", "resolve_column", "check_unique_columns", "sigmoid",
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
    """UTF-8 text of a file (a BOM is dropped); binary content is a :class:`DataError`."""
    if b"\x00" in raw:
        raise DataError(f"{path} looks binary, not text; give a UTF-8 CSV/JSON file or a .parquet file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataError(
            f"{path} is not UTF-8 text (bad byte at offset {exc.start}); re-save it as UTF-8 CSV"
        ) from None


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
    option = option or f"--{role}-col"
    if hint is None:
        hint = " (or, for a raw table of features, give --target)" if names is None else ""
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
    """Canonical string for a label cell: ``True`` -> ``"true"``, ``1.0`` / ``"1.0"`` -> ``"1"``."""
    if value is None:
        return None
    if isinstance(value, bool | np.bool_):
        return "true" if value else "false"
    text = str(value).strip()
    if not text or text.lower() in {"nan", "none", "null", "na", "<na>"}:
        return None
    if text.lower() in _TRUE | _FALSE:
        return text.lower()
    try:
        number = float(text)
    except ValueError:
        return text
    if math.isfinite(number) and number == int(number):
        return str(int(number))
    return text


def parse_labels(values: Sequence[object], positive: object = None, column: str = "label") -> np.ndarray:
    """Labels as int8 0/1.

    Accepts 0/1, booleans, true/false strings, or exactly two values of which ``positive``
    names the positive one (compared as strings, so ``"M"`` and ``2`` both work).
    """
    keys = [_label_key(v) for v in values]
    for row, key in enumerate(keys, start=1):
        if key is None:
            raise DataError(f"empty label in row {row} of column {column!r}; fill it in or drop the row")
    distinct = sorted(set(keys))
    if len(distinct) > 2:
        shown = ", ".join(repr(v) for v in distinct[:5]) + (", ..." if len(distinct) > 5 else "")
        raise DataError(
            f"column {column!r} has {len(distinct)} different labels ({shown}); "
            "a binary classifier needs exactly two: pick another --label-col or merge classes"
        )
    wanted = None if positive is None else _label_key(positive)
    if positive is not None and wanted not in distinct:
        raise DataError(
            f"--positive {positive} is not a value of column {column!r} "
            f"(found {', '.join(repr(v) for v in distinct)}); use one of those"
        )
    if len(distinct) < 2:
        raise DataError(
            f"only one class (all {distinct[0]}) in column {column!r}: "
            "ROC and precision need both positives and negatives"
        )
    if wanted is not None:
        return np.array([k == wanted for k in keys], dtype=np.int8)
    if not {k.lower() for k in distinct} <= _TRUE | _FALSE:
        shown = " and ".join(repr(v) for v in distinct)
        raise DataError(
            f"labels in column {column!r} are {shown}, not 0/1; "
            f"name the positive class with --positive (e.g. --positive {distinct[-1]})"
        )
    labels = np.array([k.lower() in _TRUE for k in keys], dtype=np.int8)
    return labels


def parse_scores(values: Sequence[object], column: str = "score") -> np.ndarray:
    """Scores as finite float64; the first empty, NaN, inf or non-numeric cell is named by row."""
    scores = np.empty(len(values), dtype=np.float64)
    for row, value in enumerate(values, start=1):
        if value is None or (isinstance(value, str) and not value.strip()):
            raise DataError(f"empty score in row {row} of column {column!r}; fill it in or drop the row")
        if isinstance(value, bool | np.bool_):
            raise DataError(f"score in row {row} of column {column!r} is a boolean; scores must be numbers")
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise DataError(
                f"score {value!r} in row {row} of column {column!r} is not a number; fix or drop the row"
            ) from None
        except OverflowError:  # a JSON integer too large for a float
            raise DataError(
                f"score in row {row} of column {column!r} is too large; scores must be finite probabilities"
            ) from None
        if math.isnan(number):
            raise DataError(f"score in row {row} of column {column!r} is NaN; fill it in or drop the row")
        if math.isinf(number):
            raise DataError(
                f"score in row {row} of column {column!r} is infinite; scores must be finite probabilities"
            )
        scores[row - 1] = number
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
            raise DataError(
                f"scores in column {column!r} run from {low:g} to {high:g}, but the threshold sweep needs "
                "probabilities in [0, 1]; pass --rescale minmax|sigmoid or export probabilities"
            )
        return scores
    if mode == "sigmoid":
        return sigmoid(scores)
    if mode == "minmax":
        low, high = float(scores.min()), float(scores.max())
        if low == high:
            raise DataError(
                f"cannot --rescale minmax: every score in column {column!r} is {low:g}; "
                "constant scores carry no ranking"
            )
        return np.clip((scores - low) / (high - low), 0.0, 1.0)
    raise DataError(f"unknown --rescale {mode!r}; use one of: {', '.join(RESCALE_MODES)}")
