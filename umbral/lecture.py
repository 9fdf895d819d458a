"""The notebook's way in: :class:`Lecture`, in scikit-learn's words, over the same functions as the command line.

Every method takes the command line's options as keywords with the same names and defaults
(``lang="es"``, ``quality="low"``, ``cost_fn=10``, ``out="out"``), builds the same typed
request (:mod:`umbral.scenes.publish.requests`) and hands it, with the verified scores in
memory, to the same functions, so a cell writes exactly what the ``umbral`` command writes
(same files, same manifests, same skip when up to date). Errors name the keywords.
"""

from __future__ import annotations

from pathlib import Path

from umbral.data.dataset import DataError

__all__ = ["Lecture"]


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
        from umbral.predictions import study_from_estimators

        return cls(_quietly(study_from_estimators, estimators, train=train, validation=validation, test=test,
                            response_method=response_method, pos_label=pos_label, title=title))

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
        from umbral.metrics.published import report_values
        from umbral.report_tables import report_text
        from umbral.scenes.publish.requests import ReportRequest
        from umbral.shown import Report

        request = self._request(ReportRequest, {"threshold": threshold, **options})
        dataset = _quietly(self.study.select, request.model, request.split)
        values, comparison = _quietly(report_values, self.study, dataset, request.threshold, request.choice(),
                                      request.grid_step, request.calibration())
        return Report(values, report_text(values, comparison, dataset.title, request.choice(), request.grid_step))

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
        this kernel's Manim config is untouched; the worker is kept for the session's next renders.

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
        from umbral.scenes.publish.requests import RenderRequest
        from umbral.shown import Videos

        request = self._request(RenderRequest, {"scenes": scenes, **options})
        result = self._render(request)
        kinds = {f".{fmt}" for fmt in request.format}
        order = list(request.scenes or LECTURE_ORDER)
        paths = [path for path in dict.fromkeys((*result.written, *result.up_to_date))
                 if path.suffix in kinds and path.stem.split("-")[0] in order]
        paths.sort(key=lambda path: order.index(path.stem.split("-")[0]))  # stable: languages, formats stay
        return Videos(tuple(paths), lang=request.lang[0])

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
        from umbral.scenes.publish.requests import StillRequest
        from umbral.shown import Still

        request = self._request(StillRequest, {"scenes": (scene,), "at": threshold, **options})
        result = self._render(request)
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
        from umbral.scenes.publish.requests import LabRequest
        from umbral.shown import LabPage

        request = self._request(LabRequest, options)
        result = _quietly(lab_pages, request, strings={}, echo=lambda line: None, study=self.study)
        return LabPage(result.written[0])

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
        from umbral.scenes.publish.requests import SlidesRequest

        request = self._request(SlidesRequest, {"scenes": scenes, **options})
        return list(_quietly(slide_decks, request, strings={}, echo=print, study=self.study).written)

    # --- plumbing -------------------------------------------------------------------------

    def _request(self, request_type, options: dict):
        """``request_type`` from Python keywords; the lecture is the data, so the data's options are refused."""
        from umbral.scenes.publish.requests import DATA_OPTIONS, PYTHON, build, option_names

        # The options that read data (model= and split= only choose a part of the lecture's).
        data_only = set(option_names(request_type)) & set(DATA_OPTIONS) - {"model", "split"}
        given = sorted(set(options) & data_only)
        if given:
            raise DataError(f"{given[0]}= reads data; this lecture already holds its scores (choose a part with "
                            "model= and split=, or build another Lecture)") from None
        return _quietly(build, request_type, options, PYTHON)

    def _render(self, request):
        from umbral.scenes.publish.commands import render_lecture
        from umbral.scenes.publish.jobs import kept_worker
        from umbral.scenes.publish.progress import notebook_display

        kept_worker().start()  # the worker starts while the numbers are checked here
        return _quietly(render_lecture, request, strings={}, echo=print, study=self.study, in_workers=True,
                        display=notebook_display(request.quiet))


def _quietly(function, *args, **kwargs):
    """``function(...)``, its DataError raised afresh in Python's words: one line, options named as keywords."""
    from umbral.scenes.publish.requests import PYTHON

    try:
        return function(*args, **kwargs)
    except DataError as error:
        raise DataError(error.worded(PYTHON.name)) from None
