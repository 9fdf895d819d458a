"""Several models scored on several splits of one dataset: a :class:`Study` of :class:`Dataset` parts.

A split is where the rows were held out for: ``train`` (the model was fitted on them),
``validation`` (choose hyperparameters such as θ) and ``test`` (report, with θ fixed).
Data with no split column has one split, ``all``; data with one score column has one
model, ``model``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from umbral.data.dataset import DataError, Dataset

__all__ = ["ALL_ROWS", "ONE_MODEL", "SPLIT_ALIASES", "SPLIT_ORDER", "Study", "split_name"]

ALL_ROWS = "all"
ONE_MODEL = "model"
SPLIT_ORDER = ("train", "validation", "test")
#: Spellings read as the three standard splits (case-insensitive); any other value is its own split.
SPLIT_ALIASES = {
    "train": "train", "training": "train",
    "validation": "validation", "val": "validation", "valid": "validation", "dev": "validation",
    "test": "test", "testing": "test",
}


def split_name(value: object) -> str:
    """Canonical split name of a cell: ``"Val"`` -> ``"validation"``; others stripped, as given.

    Examples
    --------
    >>> split_name(" DEV "), split_name("holdout-2024")
    ('validation', 'holdout-2024')
    """
    text = str(value).strip()
    return SPLIT_ALIASES.get(text.lower(), text)


def _ordered_splits(names) -> tuple[str, ...]:
    """train, validation, test first, then other names in the order first seen."""
    names = list(dict.fromkeys(names))
    return tuple([n for n in SPLIT_ORDER if n in names] + [n for n in names if n not in SPLIT_ORDER])


@dataclass(frozen=True, eq=False)
class Study:
    """Scores of ``models`` on ``splits``; ``parts[(model, split)]`` is one validated :class:`Dataset`.

    Every model is scored on the same rows of each split (same labels, same order), which
    the constructor checks, so models can be compared row for row.
    """

    name: str
    title: str
    parts: dict
    provenance: dict = field(default_factory=dict)
    models: tuple = ()
    splits: tuple = ()

    def __post_init__(self) -> None:
        models = tuple(dict.fromkeys(model for model, _ in self.parts))
        splits = _ordered_splits(split for _, split in self.parts)
        for split in splits:
            first = self.parts.get((models[0], split))
            for model in models:
                part = self.parts.get((model, split))
                if part is None:
                    raise DataError(f"model {model!r} has no scores on the {split} split; "
                                    "give every model a score for every row")
                if part.n != first.n or not np.array_equal(part.y_true, first.y_true):
                    raise DataError(
                        f"the rows of models {models[0]!r} and {model!r} do not line up on the {split} split "
                        f"({first.n} and {part.n} rows, or different labels); give every model the same rows "
                        "in the same order")
        object.__setattr__(self, "models", models)
        object.__setattr__(self, "splits", splits)

    @classmethod
    def single(cls, dataset: Dataset) -> Study:
        """One model on one split (``all``): what every older source gives."""
        return cls(dataset.name, dataset.title, {(ONE_MODEL, ALL_ROWS): dataset}, dict(dataset.provenance))

    def content_sha256(self) -> str:
        """sha256 of what a render reads: the names, and every label and score, in order.

        Two studies with equal numbers hash alike wherever they came from (arrays, an
        estimator, a file), so the two doors find each other's renders up to date. The
        provenance (where the numbers came from) is left out: no frame shows it.
        """
        import hashlib

        digest = hashlib.sha256(repr((self.name, self.title, self.models, self.splits)).encode())
        for key in sorted(self.parts):
            part = self.parts[key]
            digest.update(repr(key).encode())
            digest.update(np.ascontiguousarray(part.y_true, dtype=np.int8).tobytes())
            digest.update(np.ascontiguousarray(part.y_score, dtype=np.float64).tobytes())
        return digest.hexdigest()

    @property
    def is_single(self) -> bool:
        """True when there is nothing to compare: one model, one split."""
        return len(self.models) == 1 and len(self.splits) == 1

    def report_split(self, split: str | None, option: str) -> str:
        """``split`` checked, or by default ``test`` if present, else the only split."""
        if split is not None:
            return self.check_split(split, option)
        if "test" in self.splits:
            return "test"
        if len(self.splits) == 1:
            return self.splits[0]
        raise DataError(f"the data has splits {', '.join(self.splits)} but no test split; "
                        f"name the one to show with «{option}»")

    def default_choose_split(self, report_on: str) -> str | None:
        """``validation`` if present, else ``train``, else None (never the reporting split)."""
        for split in ("validation", "train"):
            if split in self.splits and split != report_on:
                return split
        return None

    def check_split(self, split: str, option: str) -> str:
        """``split`` in canonical form, or a :class:`DataError` naming the splits there are."""
        canonical = split_name(split)
        if canonical not in self.splits:
            raise DataError(f"«{option}={split}»: there is no {split!r} split; the data has "
                            f"{', '.join(self.splits)}")
        return canonical

    def check_model(self, model: str) -> str:
        """``model`` as named in the data (exact, else case-insensitive), or a :class:`DataError`."""
        if model in self.models:
            return model
        folded = [m for m in self.models if m.lower() == str(model).strip().lower()]
        if len(folded) == 1:
            return folded[0]
        raise DataError(f"«model={model}»: there is no model {model!r}; the data has {', '.join(self.models)}")

    def select(self, model: str | None = None, split: str | None = None) -> Dataset:
        """One model on one split as a :class:`Dataset` (default: the first model, the reporting split).

        The dataset keeps the study's name, so its outputs go to the same folder; its title
        names the split (and the model when there are several).
        """
        model = self.models[0] if model is None else self.check_model(model)
        split = self.report_split(split, "split")
        if self.is_single:
            return self.parts[(model, split)]
        part = self.parts[(model, split)]
        what = f"{split} split" if split != ALL_ROWS else "all rows"
        title = f"{self.title}, {model} ({what})" if len(self.models) > 1 else f"{self.title} ({what})"
        provenance = {**self.provenance, "part": {"model": model, "split": split}}
        return Dataset(self.name, title, part.y_true, part.y_score, provenance)

    def _need_two_splits(self, why: str) -> None:
        """A :class:`DataError` saying ``why`` a second split is needed, when the data has one split."""
        if len(self.splits) < 2:
            had = "no split column" if self.splits == (ALL_ROWS,) else f"a single split ({self.splits[0]!r})"
            raise DataError(f"{why}, but the data has {had}; add a split column (train/validation/test) or, "
                            "for a raw table, «splits=test=0.3,validation=0.3»")

    def choice_splits(self, choose_on: str | None = None, report_on: str | None = None) -> tuple[str, str, str | None]:
        """(choosing split, reporting split, note) for choosing θ on one split and reporting on another.

        Defaults: report on ``test``; choose on ``validation``, else ``train`` (with a note
        that train is optimistic: the model was fitted on those rows).
        """
        self._need_two_splits("choosing θ on one split and reporting on another needs two splits")
        report = self.report_split(report_on, "report_on")
        if choose_on is None:
            choose = self.default_choose_split(report)
            if choose is None:
                raise DataError(f"no validation or train split to choose θ on (the data has "
                                f"{', '.join(self.splits)}); name one with «choose_on»")
        else:
            choose = self.check_split(choose_on, "choose_on")
        if choose == report:
            raise DataError(f"«choose_on» and «report_on» are both {choose}: choosing θ on the split you report "
                            "is peeking; choose on validation (or train) and report on test")
        note = None
        if choose == "train":
            note = ("θ is chosen on train, the rows the model was fitted on, so the numbers there are "
                    "optimistic; a validation split is better («splits=test=0.3,validation=0.3»)")
        return choose, report, note

    def calibration_splits(self, choose_on: str | None = None,
                           report_on: str | None = None) -> tuple[str, str, str | None]:
        """(fitting split, reporting split, note) for recalibrating scores on one split and reporting on another.

        As :meth:`choice_splits`, with its own one-line error when there is a single split.
        """
        self._need_two_splits("«calibrate»: calibration needs a second split to fit the recalibration on")
        return self.choice_splits(choose_on, report_on)

    def pairs(self, choose: str, report: str) -> dict:
        """Model -> ((y_true, y_score) on ``choose``, (y_true, y_score) on ``report``), in model order."""
        return {model: ((self.parts[(model, choose)].y_true, self.parts[(model, choose)].y_score),
                        (self.parts[(model, report)].y_true, self.parts[(model, report)].y_score))
                for model in self.models}
