"""One typed request per command, built alike from the command line, a toml file and Python keywords.

Every option is declared once in :data:`OPTIONS`: its name, default, help and the check that
turns what a user gave into its typed value. :func:`build` makes a command's request (a frozen
dataclass: :class:`ReportRequest`, :class:`RenderRequest`, ...) from any of three doors, later
sources overriding earlier ones. A bad value is one :class:`~umbral.data.DataError` line naming
the option as the user wrote it (see :class:`Door`): ``--cost-fn`` on the command line,
``cost_fn=`` in Python, ``cost_fn`` with its file and line in a toml. No click, no Manim.

>>> request = build(ReportRequest, {"cost_fn": 5, "threshold": "0.3"})
>>> request.cost_fn, request.threshold, request.rule
(5.0, 0.3, 'min_cost')
>>> build(ReportRequest, {"cost_fn": "abc"}, CLI)
Traceback (most recent call last):
umbral.data.dataset.DataError: --cost-fn 'abc': must be a number, e.g. 10
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from umbral.data.dataset import DataError
from umbral.metrics.choice import DEFAULT_RESAMPLES
from umbral.scenes.publish.option_table import CLI, OPTIONS, PYTHON, Door, Option, Problem, TomlDoor, check_value

__all__ = ["CLI", "DATA_OPTIONS", "OPTIONS", "PYTHON", "BatchRequest", "Door", "LabRequest", "Option", "RenderRequest",
           "ReportRequest", "ScoresRequest", "SlidesRequest", "StillRequest", "TomlDoor", "TraceRequest", "build",
           "check_value", "option_names"]


# --- the requests -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Data:
    """The data options: which scores, read how, and the model and split a single-model view shows."""

    data: str = "screening"
    label_col: str | None = None
    score_col: tuple[str, ...] = ()
    split_col: str | None = None
    model_name: dict = field(default_factory=dict)
    positive: str | None = None
    target: str | None = None
    seed: int | None = None
    n: int | None = None
    prevalence: float | None = None
    separation: float | None = None
    rescale: str | None = None
    models: str | None = None
    splits: str | None = None
    model: str | None = None
    split: str | None = None

    def load_arguments(self) -> dict:
        """The data options as :func:`umbral.data.load_study`'s keywords (without model and split)."""
        return {"source": self.data, "label_col": self.label_col, "score_col": self.score_col or None,
                "split_col": self.split_col, "model_names": self.model_name or None, "positive": self.positive,
                "target": self.target, "seed": self.seed, "n": self.n, "prevalence": self.prevalence,
                "separation": self.separation, "rescale": self.rescale, "models": self.models, "splits": self.splits}

    def data_kwargs(self) -> dict:
        """:meth:`load_arguments` with ``model`` and ``split`` (what the lecture's plan records)."""
        return {**self.load_arguments(), "model": self.model, "split": self.split}


#: The data options' names: the options that read data, and the model and split shown.
DATA_OPTIONS = tuple(item.name for item in fields(_Data))


@dataclass(frozen=True)
class _Costs:
    cost_fn: float = 10.0
    cost_fp: float = 1.0

    def _check_costs(self) -> None:
        if self.cost_fn + self.cost_fp == 0:
            raise Problem("«cost_fn» and «cost_fp» are both 0; give a cost to at least one, e.g. «cost_fn=10» "
                          "«cost_fp=1»")


@dataclass(frozen=True)
class _Choice(_Costs):
    choose_on: str | None = None
    report_on: str | None = None
    rule: str = "min_cost"
    choice_step: str = "0.02"
    target_recall: float = 0.9
    target_precision: float = 0.9
    resamples: int = DEFAULT_RESAMPLES
    bootstrap_seed: int = 0

    def choice(self):
        """How θ is chosen, as :class:`umbral.metrics.compare.ChoiceSettings`."""
        from umbral.metrics.compare import ChoiceSettings

        return ChoiceSettings(rule=self.rule, step=self.choice_step, choose_on=self.choose_on,
                              report_on=self.report_on, cost_fn=self.cost_fn, cost_fp=self.cost_fp,
                              target_recall=self.target_recall, target_precision=self.target_precision,
                              resamples=self.resamples, seed=self.bootstrap_seed)


@dataclass(frozen=True)
class _Look:
    lang: tuple[str, ...] = ("en",)
    theme: str = "dark"
    positive_name: dict = field(default_factory=dict)
    negative_name: dict = field(default_factory=dict)
    out: str = "out"

    def strings(self, overrides: dict) -> dict:
        """umbral.toml's ``[strings.<lang>]`` (``overrides``) with the class names on top: ``{lang: {key: text}}``."""
        tables = {lang: dict(table) for lang, table in overrides.items()}
        for key, nouns in (("positive_name", self.positive_name), ("negative_name", self.negative_name)):
            for lang, noun in nouns.items():
                tables.setdefault(lang, {})[key] = noun
        return {lang: table for lang, table in tables.items() if table}

    def _check_out(self) -> None:
        from umbral.scenes.publish.inside import out_dir_problem

        problem = out_dir_problem(self.out)
        if problem:
            raise Problem(problem)


@dataclass(frozen=True)
class _Frames(_Look):
    quality: str = "medium"
    resolution: tuple[int, int] | None = None
    fps: float | None = None
    aspect: str = "16:9"
    preset: str = "medium"
    quiet: bool = False


@dataclass(frozen=True)
class ReportRequest(_Data, _Choice):
    """``umbral report``: every metric at one threshold, verified; with splits, θ chosen honestly."""

    threshold: float = 0.5
    json: bool = False
    grid_step: str = "0.02"
    calibrate: str | None = None
    bins: int = 10
    binning: str = "uniform"

    def calibration(self):
        """The calibration options as :class:`umbral.metrics.calibration_lesson.CalibrationSettings`."""
        from umbral.metrics.calibration_lesson import CalibrationSettings

        return CalibrationSettings(n_bins=self.bins, strategy=self.binning, method=self.calibrate)

    def _checks(self) -> None:
        self._check_costs()


@dataclass(frozen=True)
class TraceRequest(_Data):
    """``umbral trace``: the counts and rates at each of the 51 grid thresholds."""

    json: bool = False


@dataclass(frozen=True)
class ScoresRequest(_Data):
    """``umbral scores``: every model on every split written to a file."""

    out: str | None = None

    def _checks(self) -> None:
        if not self.out:
            raise Problem("«out» is missing: name the file to write, e.g. «out=chapter3.csv» (.json, .csv, .parquet)")
        if self.model or self.split:
            raise Problem("scores exports every model on every split; drop «model» and «split»")


@dataclass(frozen=True)
class RenderRequest(_Data, _Choice, _Frames):
    """``umbral render``: scenes into OUT/<dataset>/<lang>/<Scene>.<ext>, skipping what is up to date."""

    scenes: tuple[str, ...] = ()
    format: tuple[str, ...] = ("mp4",)
    transparent: bool = False
    at: tuple[float, ...] = ()
    gif_loop: str = "forever"
    subtitles: bool = True
    force: bool = False
    jobs: int = 1
    multiclass: str | None = None
    pred_col: str | None = None
    true_col: str | None = None

    def _checks(self) -> None:
        self._check_costs()
        if self.transparent and set(self.format) - {"webm", "mov"}:
            raise Problem("«transparent» needs «format=webm» or «format=mov» (mp4 and gif have no alpha)")
        if (self.pred_col or self.true_col) and not self.multiclass:
            raise Problem("«pred_col» and «true_col» need «multiclass=FILE» (the table of true and predicted "
                          "classes)")
        self._check_out()


@dataclass(frozen=True)
class StillRequest(RenderRequest):
    """One PNG of one scene with θ at ``at`` (``umbral render SCENE --at θ``)."""

    def _checks(self) -> None:
        if len(self.scenes) != 1 or len(self.at) != 1:
            raise Problem("a still is one scene at one threshold, e.g. «scenes=ThresholdSweep» «at=0.3»")
        super()._checks()


@dataclass(frozen=True)
class SlidesRequest(_Data, _Choice, _Frames):
    """``umbral slides``: a deck per language, breaking at each story beat."""

    scenes: tuple[str, ...] = ()
    to: str = "html"
    one_file: bool = False
    with_lab: bool = False

    def _checks(self) -> None:
        self._check_costs()
        if self.with_lab and self.to != "html":
            raise Problem(f"«with_lab» needs «to=html»: a {self.to} deck cannot hold a live page (use `umbral lab`)")
        if self.with_lab:
            _lab_cost(self)
        self._check_out()


@dataclass(frozen=True)
class LabRequest(_Data, _Costs, _Look):
    """``umbral lab``: the students' offline page in every language, then the gallery."""

    def _checks(self) -> None:
        self._check_costs()
        _lab_cost(self)
        self._check_out()


def _lab_cost(request) -> None:
    if request.cost_fp <= 0:
        raise Problem("the lab's cost ratio C_FN / C_FP needs «cost_fp» > 0; e.g. «cost_fn=10» «cost_fp=1»")


@dataclass(frozen=True)
class BatchRequest:
    """``umbral batch COURSE.toml``: a whole course, every dataset x language x theme x scene x format."""

    course: str | None = None
    dry_run: bool = False
    fail_fast: bool = False
    scheduler: str | None = None
    jobs: int | None = None
    force: bool = False
    quiet: bool = False

    def _checks(self) -> None:
        if not self.course:
            raise Problem("name the course file, e.g. umbral batch course.toml")


def option_names(request_type) -> tuple[str, ...]:
    """The options a request type takes, in declaration order."""
    return tuple(item.name for item in fields(request_type))


def build(request_type, values: dict, door: Door = PYTHON, *, under: tuple = ()):
    """A checked ``request_type`` from ``values`` given at ``door``, over ``under``'s ``(values, door)`` pairs.

    ``values`` override ``under`` (the command line over umbral.toml); ``None`` (and, from the
    command line, an empty repeat) means not given. An option the command does
    not take, a bad value or a bad combination is one DataError line naming the options as they
    were written.
    """
    known = option_names(request_type)
    chosen: dict[str, tuple[object, Door]] = {}
    for given, at in (*under, (values, door)):
        for name, raw in given.items():
            if name not in known:
                if at.kind == "python":
                    raise DataError(f"takes no option {name!r}; it takes {', '.join(known)}")
                raise DataError(f"{at.name(name)} is not an option here; this takes "
                                + ", ".join(at.name(option) for option in known))
            if raw is None or (at.kind == "cli" and raw == ()):
                continue
            chosen[name] = (raw, at)
    request = request_type(**{name: check_value(name, raw, at) for name, (raw, at) in chosen.items()})
    checks = getattr(request, "_checks", None)
    if checks:
        try:
            checks()
        except Problem as problem:
            raise DataError(door.words(str(problem))) from None
    return request
