"""The one value every data source produces: a validated :class:`Dataset`."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field

import numpy as np

__all__ = ["DataError", "Dataset", "flag", "folder_name", "is_folder_name", "slugify", "titleize", "worded"]

#: An option named in a message, «cost_fn» or with an example value «cost_fn=10»: each door names it its own way.
_OPTION_MARK = re.compile(r"«([a-z_]+)(?:=([^»]*))?»")


def flag(option: str, value: str | None = None) -> str:
    """The option as the command line writes it: ``--cost-fn``, or ``--cost-fn 10`` with a value."""
    name = "--" + option.replace("_", "-")
    return name if value is None else f"{name} {value}"


def worded(message: str, name=flag) -> str:
    """``message`` with each «option» mark named by ``name(option, value)``.

    >>> worded("pass «rescale=minmax»")
    'pass --rescale minmax'
    """
    return _OPTION_MARK.sub(lambda mark: name(mark[1], mark[2]), message)


class DataError(ValueError):
    """Bad input data, explained in one line: what is wrong and how to fix it.

    The CLI prints it as ``error: <message>`` and exits with status 2. Options named in it are
    marked «option» (see :func:`worded`): ``str()`` names them as flags, the notebook as keywords.
    """

    def __str__(self) -> str:
        return worded(super().__str__())

    def worded(self, name) -> str:
        """The message with each «option» named another way (a notebook's keywords, a toml's keys).

        Parameters
        ----------
        name : callable
            ``name(option, value)``: how to write the option (and an example value, or None).

        Returns
        -------
        str
            The message, every «option» mark named by ``name``.
        """
        return worded(super().__str__(), name)


@dataclass(frozen=True, eq=False)
class Dataset:
    """Binary labels and probability scores, ready for the threshold sweep.

    Parameters
    ----------
    name : str
        Short slug used in output paths, e.g. ``"clinic20"`` or ``"pima-indians-diabetes"``: lower-case
        letters, digits and single hyphens (:func:`folder_name` makes one from any text).
    title : str
        Human-readable title, e.g. ``"Pima Indians Diabetes (test split)"``.
    y_true : numpy.ndarray
        Labels, int8, 1 for the positive class and 0 otherwise. Read-only.
    y_score : numpy.ndarray
        Scores, float64 in [0, 1]; higher means more likely positive. Read-only.
    provenance : dict
        JSON-serialisable record of where the numbers came from (source kind, path,
        sha256, pipeline and generator parameters).

    Notes
    -----
    Equality is identity (``eq=False``): comparing arrays element-wise has no single truth value.

    Examples
    --------
    >>> ds = Dataset("tiny", "Tiny", [0, 1], [0.2, 0.9], {"kind": "example"})
    >>> ds.y_true.dtype.name, ds.y_score.dtype.name, ds.positive_label
    ('int8', 'float64', '1')
    """

    name: str
    title: str
    y_true: np.ndarray
    y_score: np.ndarray
    provenance: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not is_folder_name(self.name):
            raise DataError(f"dataset name {self.name!r} cannot name a folder; make it with data.dataset.folder_name")
        labels, scores = _owned(self.y_true), _owned(self.y_score, np.float64)
        if labels.ndim != 1 or scores.ndim != 1 or labels.shape != scores.shape:
            raise DataError(
                f"dataset {self.name!r} has {labels.size} labels but {scores.size} scores; "
                "give one label per score"
            )
        if labels.dtype != bool and labels.size and not (
                (labels.min() >= 0 and labels.max() <= 1) if labels.dtype.kind in "iu"
                else ((labels == 0) | (labels == 1)).all()):
            raise DataError(f"dataset {self.name!r} labels must be 0 or 1; map the positive class to 1")
        if not np.isfinite(scores).all() or scores.min(initial=0.0) < 0 or scores.max(initial=0.0) > 1:
            raise DataError(f"dataset {self.name!r} scores must be probabilities in [0, 1]; rescale them")
        labels = labels.astype(np.int8, copy=False)
        if labels.size < 2 or labels.min() == labels.max():
            raise DataError(
                f"dataset {self.name!r} has only one class: "
                "ROC and precision need both positives and negatives"
            )
        try:
            json.dumps(self.provenance, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise DataError(f"dataset {self.name!r} provenance is not JSON-serialisable ({exc})") from None
        labels.setflags(write=False)
        scores.setflags(write=False)
        object.__setattr__(self, "y_true", labels)
        object.__setattr__(self, "y_score", scores)

    @property
    def positive_label(self) -> str:
        """The original value of the class coded 1 (``"1"`` unless the source said otherwise)."""
        return str(self.provenance.get("positive_label", "1"))

    @property
    def n(self) -> int:
        """Number of samples."""
        return int(self.y_true.size)

    @property
    def rows_read(self) -> str | None:
        """``"NAME: read 30 rows (34 lines: a header, ...)"`` for data read from a file, None for built-ins.

        Every command that reads a file prints it before its numbers, so a lecturer sees
        the count (and why it differs from the file's lines) first.
        """
        read = self.provenance.get("read_rows")
        return f"{self.name}: {read['text']}" if read else None


def slugify(text: str) -> str:
    """Lower-case slug safe in file names: letters, digits and single hyphens.

    Examples
    --------
    >>> slugify("My Scores_v2 (final)")
    'my-scores-v2-final'
    """
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug or "dataset"


#: The longest folder name made from data (the slug part, before the hash suffix).
FOLDER_NAME_LIMIT = 48
#: Names Windows reserves for devices (a folder ``con`` cannot be made there).
_RESERVED = frozenset({"con", "prn", "aux", "nul", *(f"{port}{i}" for port in ("com", "lpt") for i in range(10))})


def is_folder_name(name: object) -> bool:
    """True for a safe folder name: 1-64 lower-case ASCII letters, digits and single inner hyphens."""
    return isinstance(name, str) and 0 < len(name) <= FOLDER_NAME_LIMIT + 7 and slugify(name) == name


def folder_name(text: str) -> str:
    """The folder a dataset called ``text`` (a file's stem, a JSON ``name``) writes to, inside OUT.

    A name that is already a short slug is kept; any other name (path
    separators, dots, capitals, spaces, non-ASCII, reserved or very long) is
    slugified and given a 6-hex hash of the original, so that two different
    names never share a folder. The result never contains a path separator
    or dots.

    Examples
    --------
    >>> folder_name("pima-test"), folder_name("../../elsewhere"), folder_name("données")
    ('pima-test', 'elsewhere-d801ba', 'donn-es-a08317')
    >>> folder_name("日本語"), folder_name(".."), folder_name("con")
    ('dataset-77710a', 'dataset-5ec1f7', 'con-1143da')
    """
    if is_folder_name(text) and len(text) <= FOLDER_NAME_LIMIT and text not in _RESERVED:
        return text
    digest = hashlib.sha256(str(text).encode("utf-8", "surrogatepass")).hexdigest()[:6]
    return f"{slugify(str(text))[:FOLDER_NAME_LIMIT].strip('-')}-{digest}"


def titleize(stem: str) -> str:
    """Readable title from a file stem.

    Examples
    --------
    >>> titleize("pima-indians-diabetes")
    'Pima Indians Diabetes'
    """
    words = re.split(r"[-_\s]+", stem.strip())
    return " ".join(w[:1].upper() + w[1:] for w in words if w) or stem


def _owned(values, dtype=None) -> np.ndarray:
    """``values`` as an array no one else can change.

    A frozen array that owns its data is taken as it is (a second Dataset of the same
    arrays costs nothing at n = 1e7); anything else is copied.
    """
    if (isinstance(values, np.ndarray) and not values.flags.writeable and values.flags.owndata
            and (dtype is None or values.dtype == dtype)):
        return values
    return np.array(values, dtype=dtype)
