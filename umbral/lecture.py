"""The notebook's way in: :class:`Lecture`, in scikit-learn's words, over the command line's own work.

Every method takes the command line's options as keywords with the same names and
defaults (``lang="es"``, ``quality="low"``, ``cost_fn=10``, ``out="out"``), parsed by the
same click options, and calls the same functions, so a cell writes exactly what the
``umbral`` command writes (same files, same manifests, same skip when up to date).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from umbral.data.dataset import DataError
from umbral.options import command_params

__all__ = ["Lecture"]

SCORES_FILE = "scores.json"


class Lecture:
    """Labels and scores of one or more models on one or more splits, ready to report and render.

    Build one with :meth:`from_predictions`, :meth:`from_estimator` or :meth:`from_estimators`.

    Parameters
    ----------
    study : umbral.data.Study
        The validated scores: ``study.models``, ``study.splits``, ``study.parts[(model, split)]``.

    Examples
    --------
    >>> lecture = Lecture.from_predictions([0, 1, 1, 0], [0.2, 0.9, 0.6, 0.4], name="logistic")
    >>> lecture.study.models
    ('logistic',)
    """

    def __init__(self, study):
        self.study = study

    def __repr__(self) -> str:
        rows = sum(part.n for part in self.study.parts.values())
        return (f"Lecture({self.study.title!r}: {len(self.study.models)} model(s) {', '.join(self.study.models)}; "
                f"split(s) {', '.join(self.study.splits)}; {rows} scores)")

    # --- building -------------------------------------------------------------------------

    @classmethod
    def from_predictions(cls, y_true=None, y_score=None, *, pos_label=None, name=None, split=None, model=None,
                         splits=None, title=None) -> Lecture:
        """A lecture from labels and scores.

        Parameters
        ----------
        y_true : array-like
            True labels (0/1, or any two values with ``pos_label``).
        y_score : array-like or dict
            Scores in [0, 1]; a dict ``{"logistic": s1, "forest": s2}`` for several models.
        pos_label : optional
            The positive class's label, for labels that are not 0/1.
        name : str, optional
            The model's name (one model), as in scikit-learn's displays.
        split, model : array-like, optional
            Per row: the split (``train``, ``validation``, ``test``) and the model (a long table).
        splits : dict, optional
            ``{"validation": (y, s), "test": (y, s)}`` instead of ``y_true``, ``y_score``, ``split``.
        title : str, optional
            The data's name on screen; its slug names the output folder (default ``Scores``).

        Returns
        -------
        Lecture
            The validated scores, every check of ``umbral --data`` passed.

        Raises
        ------
        umbral.DataError
            One line saying what is wrong, as the command line says it.

        Examples
        --------
        >>> Lecture.from_predictions([0, 1, 1, 0], [0.2, 0.9, 0.6, 0.4]).study.parts[("model", "all")].n
        4
        """
        from umbral.predictions import study_from_predictions

        return cls(_quietly(study_from_predictions, y_true, y_score, pos_label=pos_label, name=name, split=split,
                            model=model, splits=splits, title=title))

    @classmethod
    def from_estimator(cls, estimator, X, y, *, response_method="auto", pos_label=None, name=None,
                       title=None) -> Lecture:
        """A lecture from a fitted binary classifier's ``predict_proba`` on ``X``, with labels ``y``.

        Parameters
        ----------
        estimator : classifier
            A fitted scikit-learn classifier (or pipeline) with ``predict_proba``.
        X : array-like of shape (n_samples, n_features)
            The rows to score.
        y : array-like of shape (n_samples,)
            Their true labels.
        response_method : {"auto", "predict_proba"}, default="auto"
            Where the scores come from; umbral's θ runs over [0, 1], so only probabilities do
            (a ``decision_function``-only model gets a one-line error saying how to calibrate it).
        pos_label : optional
            The positive class; default the estimator's last class (``classes_[-1]``).
        name : str, optional
            The model's name on screen; default the estimator's class name.
        title : str, optional
            The data's name on screen (default ``Scores``).

        Returns
        -------
        Lecture
            One model on one split named ``all``.

        Raises
        ------
        umbral.DataError
            The estimator is not fitted, not binary or has no ``predict_proba``; or the data's checks fail.

        Examples
        --------
        >>> from sklearn.linear_model import LogisticRegression
        >>> X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]
        >>> Lecture.from_estimator(LogisticRegression().fit(X, y), X, y).study.models
        ('LogisticRegression',)
        """
        from umbral.predictions import _estimator_name, estimator_scores

        scores, positive = _quietly(estimator_scores, estimator, X, response_method=response_method,
                                    pos_label=pos_label)
        return cls.from_predictions(y, scores, pos_label=positive, title=title,
                                    name=name if name is not None else _estimator_name(estimator))

    @classmethod
    def from_estimators(cls, estimators: dict, *, train=None, validation=None, test=None, response_method="auto",
                        pos_label=None, title=None) -> Lecture:
        """Several fitted classifiers scored on several splits: the honest-θ lesson's data.

        Parameters
        ----------
        estimators : dict
            ``{"logistic": lr, "forest": rf}``: display name -> fitted classifier.
        train, validation, test : (X, y), optional
            The rows of each split; give at least two to choose θ on one and report on another.
        response_method : {"auto", "predict_proba"}, default="auto"
            As in :meth:`from_estimator`.
        pos_label : optional
            The positive class; default each estimator's last class.
        title : str, optional
            The data's name on screen (default ``Scores``).

        Returns
        -------
        Lecture
            Every model on every split given, in the order train, validation, test.

        Examples
        --------
        >>> from sklearn.linear_model import LogisticRegression
        >>> X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]
        >>> lr = LogisticRegression().fit(X, y)
        >>> Lecture.from_estimators({"lr": lr}, validation=(X, y), test=(X, y)).study.splits
        ('validation', 'test')
        """
        from umbral.predictions import estimator_scores

        if not isinstance(estimators, dict) or not estimators:
            raise DataError('estimators must be a dict such as {"logistic": lr, "forest": rf}') from None
        given = {name: rows for name, rows in (("train", train), ("validation", validation), ("test", test))
                 if rows is not None}
        if not given:
            raise DataError("give the rows of at least one split, e.g. validation=(X_val, y_val), "
                            "test=(X_test, y_test)") from None
        splits, positive = {}, pos_label
        for split, rows in given.items():
            if not isinstance(rows, tuple | list) or len(rows) != 2:
                raise DataError(f"{split}= must be a pair (X, y)") from None
            X, y = rows
            scores = {}
            for model, estimator in estimators.items():
                scores[str(model)], positive = _quietly(estimator_scores, estimator, X,
                                                        response_method=response_method, pos_label=pos_label)
            splits[split] = (y, scores)
        return cls.from_predictions(splits=splits, pos_label=positive, title=title)

    # --- numbers --------------------------------------------------------------------------

    def report(self, threshold: float = 0.5, **options):
        """Every metric at ``threshold``, verified; with splits, every model's θ chosen honestly.

        Parameters
        ----------
        threshold : float, default=0.5
            The decision threshold θ: a case is called positive when its score is at least θ.
        **options
            ``umbral report``'s options by their Python names: ``cost_fn``, ``cost_fp``,
            ``choose_on``, ``report_on``, ``rule``, ``model``, ``split``, ``grid_step``,
            ``calibrate`` (``"sigmoid"`` or ``"isotonic"``), ``bins``, ...

        Returns
        -------
        umbral.Report
            ``.to_dict()`` equals ``umbral report --json``; ``.to_frame()`` is a pandas table;
            Jupyter shows it as an HTML table.

        Examples
        --------
        >>> lecture = Lecture.from_predictions([0, 1, 1, 0], [0.2, 0.9, 0.6, 0.4])
        >>> lecture.report(threshold=0.5).to_dict()["precision"]
        1.0
        """
        from umbral.data.request import check_costs, check_threshold
        from umbral.metrics.published import calibration_settings, choice_settings, report_values
        from umbral.report_tables import report_text
        from umbral.shown import Report

        params = _quietly(command_params, "report", {"threshold": threshold, **options})
        settings = choice_settings(params["cost_fn"], params["cost_fp"], params)
        calibration = _quietly(calibration_settings, params)
        dataset = _quietly(self.study.select, params["model"], params["split"])
        _quietly(check_costs, params["cost_fn"], params["cost_fp"])
        _quietly(check_threshold, params["threshold"])
        values, comparison = _quietly(report_values, self.study, dataset, params["threshold"], settings,
                                      params["grid_step"], calibration)
        return Report(values, report_text(values, comparison, dataset.title, settings, params["grid_step"]))

    def to_scores(self, path) -> Path:
        """Write every model on every split to ``path`` for ``umbral --data``.

        Parameters
        ----------
        path : str or pathlib.Path
            A ``.json``, ``.csv`` or ``.parquet`` file (the extension chooses the format), with
            the columns ``split``, ``model``, ``y_true``, ``y_score``.

        Returns
        -------
        pathlib.Path
            The file written.
        """
        from umbral.data.files import export_scores

        _quietly(export_scores, self.study, path)
        return Path(path)

    # --- pictures -------------------------------------------------------------------------

    def render(self, *scenes: str, **options):
        """Render ``scenes`` (default: the lecture) as ``umbral render`` does; the videos, shown inline.

        Outputs that are up to date are not rendered again. Manim runs in a worker process, so
        this kernel's Manim config is untouched.

        Parameters
        ----------
        *scenes : str
            Scene names (``"ThresholdSweep"``, ``"HonestThreshold"``, ...); none for the whole lecture.
        **options
            ``umbral render``'s options: ``lang``, ``quality``, ``theme``, ``out``, ``format``,
            ``aspect``, ``cost_fn``, ``force``, ``jobs``, ...

        Returns
        -------
        umbral.Videos
            The videos (written or already up to date), each shown with its subtitles, in
            the order of the scenes; a ``format="png"`` render's last frames as images.
        """
        from umbral.scenes.publish.registry import LECTURE_ORDER
        from umbral.shown import Videos

        result, params = self._render(scenes, options)
        kinds = {f".{fmt}" for fmt in params["fmt"].split(",")}
        order = list(scenes or LECTURE_ORDER)
        paths = [path for path in dict.fromkeys((*result.written, *result.up_to_date))
                 if path.suffix in kinds and path.stem.split("-")[0] in order]
        paths.sort(key=lambda path: order.index(path.stem.split("-")[0]))  # stable: languages, formats stay
        return Videos(tuple(paths), lang=params["lang"].split(",")[0])

    def still(self, scene: str, threshold: float, **options):
        """One PNG of ``scene`` with θ at ``threshold`` (``umbral render SCENE --at θ``), shown inline.

        Parameters
        ----------
        scene : str
            The scene to stop.
        threshold : float
            The θ to show, in [0, 1] (rounded to hundredths).
        **options
            As :meth:`render`'s.

        Returns
        -------
        umbral.Still
            The PNG.
        """
        from umbral.shown import Still

        result, _ = self._render((scene,), {**options, "at": f"{threshold:.2f}"})
        (path,) = [p for p in (*result.written, *result.up_to_date) if p.suffix == ".png"][:1] or [None]
        return Still(path)

    def lab(self, **options):
        """The students' lab (``umbral lab``), shown inline; ``.save(path)`` writes a copy.

        Parameters
        ----------
        **options
            ``umbral lab``'s options: ``lang``, ``theme``, ``out``, ``cost_fn``, ``cost_fp``, ...

        Returns
        -------
        umbral.LabPage
            The offline page, shown in an iframe.
        """
        from umbral.scenes.publish.commands import lab_pages
        from umbral.shown import LabPage

        written = []
        params = self._data_params("lab", options)
        _quietly(lab_pages, overrides={}, echo=written.append, **params)
        pages = [Path(line.removeprefix("wrote ")) for line in written if line.startswith("wrote ")]
        return LabPage(pages[0])

    def slides(self, *scenes: str, **options) -> list[Path]:
        """A slide deck, as ``umbral slides``: one slide per beat of each scene.

        Parameters
        ----------
        *scenes : str
            Scene names; none for the whole lecture.
        **options
            ``umbral slides``'s options: ``to`` (``"html"``, ``"pptx"`` or ``"pdf"``), ``lang``, ``out``, ...

        Returns
        -------
        list of pathlib.Path
            The decks written.
        """
        from umbral.scenes.publish.commands import slide_decks

        lines = []
        params = self._data_params("slides", options)
        _quietly(slide_decks, scenes, overrides={}, echo=lines.append, **params)
        return [Path(line.removeprefix("wrote ")) for line in lines if line.startswith("wrote ")]

    # --- plumbing -------------------------------------------------------------------------

    def _render(self, scenes, options):
        from umbral.scenes.publish.commands import render_lecture
        from umbral.scenes.publish.progress import notebook_display

        params = self._data_params("render", options)
        display = notebook_display(params["quiet"])
        return _quietly(render_lecture, scenes, overrides={}, echo=print, in_workers=True, display=display,
                        **params), params

    def _data_params(self, command: str, options: dict) -> dict:
        """``command``'s parsed options with ``--data`` naming this lecture's scores file in OUT."""
        params = _quietly(command_params, command, options)
        out = Path(params.get("out_dir") or "out")
        params["source"] = str(self._scores_file(out))
        return params

    def _scores_file(self, out: Path) -> Path:
        """OUT/<name>/scores.json holding these scores, rewritten only when they changed (so renders skip)."""
        from umbral.data.files import export_scores

        folder = out / self.study.name
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / SCORES_FILE
        handle, temp = tempfile.mkstemp(prefix=".scores.", suffix=".json", dir=folder)
        os.close(handle)
        try:
            _quietly(export_scores, self.study, temp)
            if path.is_file() and _sha256(path) == _sha256(Path(temp)):
                return path
            os.replace(temp, path)
        finally:
            Path(temp).unlink(missing_ok=True)
        return path


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _quietly(function, *args, **kwargs):
    """``function(...)``, its DataError raised afresh: one line in the notebook, without the chain behind it."""
    try:
        return function(*args, **kwargs)
    except DataError as error:
        raise DataError(str(error)) from None
