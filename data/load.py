"""One entry point: a built-in name or a path in, a validated :class:`Study` (or one :class:`Dataset`) out."""

from __future__ import annotations

from pathlib import Path

from umbral.data import builtins
from umbral.data.dataset import DataError, Dataset
from umbral.data.files import load_scores_file
from umbral.data.pipeline import load_raw_table
from umbral.data.study import Study

__all__ = ["load_dataset", "load_study"]

# Which options each kind of source uses; any other option given is an error, never ignored.
_USES = {
    "clinic20": set(),
    "screening": {"n", "prevalence", "separation", "seed"},
    "breast-cancer": {"seed"},
    "screening8": set(),
    "raw-table": {"target", "positive", "seed", "models", "splits"},
    "scores-file": {"label_col", "score_col", "split_col", "model_names", "positive", "rescale"},
}
_EXPLAIN = {
    "clinic20": "the built-in clinic20 has fixed scores",
    "screening": "the built-in screening takes only n, prevalence, separation and seed",
    "breast-cancer": "the built-in breast-cancer takes only seed",
    "screening8": "the built-in screening8 has a fixed recipe",
    "raw-table": "a raw table (with «target») takes only positive, seed, models and splits",
    "scores-file": "a scores file takes only label-col, score-col, split-col, model-name, positive and rescale "
    "(give «target» to fit the model on a raw table)",
}


def load_study(
    source: str = "screening",
    *,
    label_col: str | None = None,
    score_col: str | tuple[str, ...] | None = None,
    split_col: str | None = None,
    model_names: dict[str, str] | None = None,
    positive: object = None,
    target: str | None = None,
    seed: int | None = None,
    n: int | None = None,
    prevalence: float | None = None,
    separation: float | None = None,
    rescale: str | None = None,
    models: str | None = None,
    splits: str | None = None,
) -> Study:
    """Validated scores of every model on every split, from a built-in dataset or a file.

    Parameters
    ----------
    source : str
        A name from :data:`umbral.data.BUILTINS` (``clinic20``, ``screening``, ``breast-cancer``,
        ``screening8``) or a path. With ``target`` the path is a raw table scored by
        :mod:`umbral.data.pipeline`; without it, a scores file (CSV, JSON or Parquet) read by :mod:`umbral.data.files`.
    label_col, score_col, split_col : optional
        Columns of a scores file; found by name when omitted. ``score_col`` may name one
        column per model.
    model_names : dict, optional
        Scores file: model name or score column -> display name.
    positive : object, optional
        Label value of the positive class (compared as a string), for labels that are not 0/1.
    target : str, optional
        Label column of a raw table.
    seed : int, optional
        Generator seed for ``screening``; split seed (default 9409) for raw tables and ``breast-cancer``.
    n, prevalence, separation : optional
        ``screening`` population size, share of positives and class separation ``d``.
    rescale : {"minmax", "sigmoid"}, optional
        Map a scores file's scores into [0, 1] when they are not probabilities.
    models, splits : str, optional
        Raw table: ``"logistic,forest"`` and ``"test=0.3,validation=0.3"`` (see :mod:`umbral.data.pipeline`).

    Raises
    ------
    DataError
        One line saying what is wrong and how to fix it, including options the source
        does not use.

    Examples
    --------
    >>> load_study("clinic20").splits
    ('all',)
    """
    options = {
        "label_col": label_col, "score_col": score_col or None, "split_col": split_col,
        "model_names": model_names or None, "positive": positive, "target": target, "seed": seed, "n": n,
        "prevalence": prevalence, "separation": separation, "rescale": rescale, "models": models, "splits": splits,
    }
    if not isinstance(source, str | Path):
        raise DataError(f"source must be a built-in name or a path, not {source!r}")
    source = str(source)
    if source in builtins.BUILTINS:
        kind = source
    else:
        kind = "raw-table" if target is not None else "scores-file"
    unused = [name for name, value in options.items() if value is not None and name not in _USES[kind]]
    if unused:
        flags = ", ".join("--" + name.replace("_", "-").removesuffix("s" if name == "model_names" else "")
                          for name in unused)
        raise DataError(f"{flags} does not apply here: {_EXPLAIN[kind]}; drop it")
    names = list(builtins.BUILTINS)
    if kind == "clinic20":
        return Study.single(builtins.clinic20())
    if kind == "screening":
        return Study.single(builtins.screening(n=n, prevalence=prevalence, separation=separation, seed=seed))
    if kind == "breast-cancer":
        return builtins.breast_cancer(seed=seed)
    if kind == "screening8":
        return builtins.screening8()
    if kind == "raw-table":
        return load_raw_table(source, target, positive=positive, seed=seed, models=models, splits=splits,
                              builtins=names)
    return load_scores_file(source, label_col=label_col, score_col=score_col, split_col=split_col,
                            model_names=model_names, positive=positive, rescale=rescale, builtins=names)


def load_dataset(source: str = "screening", *, model: str | None = None, split: str | None = None,
                 **options) -> Dataset:
    """One model on one split (default: the first model on the test split) as a :class:`Dataset`.

    Takes the options of :func:`load_study`.

    Examples
    --------
    >>> load_dataset("clinic20").n
    20
    """
    return load_study(source, **options).select(model, split)
