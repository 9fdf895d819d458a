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

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path

from umbral.data.dataset import DataError, worded
from umbral.metrics.calibration import BIN_STRATEGIES, RECALIBRATIONS
from umbral.metrics.choice import CHOICE_RULES, CHOICE_STEPS, DEFAULT_RESAMPLES
from umbral.scenes.strings import LANGUAGES, class_name_problem

__all__ = ["CLI", "OPTIONS", "PYTHON", "BatchRequest", "Door", "LabRequest", "Option", "RenderRequest",
           "ReportRequest", "ScoresRequest", "SlidesRequest", "StillRequest", "TomlDoor", "TraceRequest", "build",
           "check_value", "option_names"]


class Problem(ValueError):
    """What is wrong with one value, in words that do not name the option (the door names it)."""


# --- doors ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Door:
    """Where a value came from, and so how an error names its option: ``cli`` or ``python``."""

    kind: str

    def name(self, option: str, value: str | None = None) -> str:
        """The option (with an example ``value``) as the user writes it at this door."""
        spec = OPTIONS.get(option)
        if self.kind == "python":
            if value is None and spec and spec.switch:
                value = "False" if spec.flag.startswith("--no-") else "True"
            return f"{option}={value}" if value is not None else f"{option}="
        flag = spec.flag if spec else "--" + option.replace("_", "-")
        if spec and spec.switch and value is None:
            return flag
        return f"{flag} {value}" if value is not None else flag

    def where(self, option: str, raw) -> str:
        """The start of a line about ``raw``, the value given for ``option``."""
        if self.kind == "python":
            return f"{option}={raw!r}"
        spec = OPTIONS.get(option)
        if spec and spec.switch:
            return self.name(option)
        shown = ",".join(map(str, raw)) if isinstance(raw, list | tuple) else str(raw)
        return f"{self.name(option)} {shown!r}"

    def words(self, text: str) -> str:
        """``text`` with its «option» marks named as at this door."""
        return worded(text, self.name)


@dataclass(frozen=True)
class TomlDoor(Door):
    """A value from a toml file (umbral.toml, course.toml): named by its key, file and line."""

    kind: str = "toml"
    path: Path = Path("umbral.toml")
    lines: tuple[str, ...] = ()
    dataset: int | None = None

    def name(self, option: str, value: str | None = None) -> str:
        """The option's key (``cost_fn``), or ``cost_fn = 10`` with a value."""
        return f"{option} = {value}" if value is not None else option

    def where(self, option: str, raw) -> str:
        """``course.toml:7: cost_fn = "abc"``."""
        return f"{self.path}:{self.line(option)}: {option} = {toml_shown(raw)}"

    def line(self, key: str) -> int:
        """The line (from 1) defining ``key``: at the top, or in the ``dataset``-th entry of ``datasets``."""
        lines = list(self.lines)
        pattern = re.compile(rf'(^|[{{,\s])"?{re.escape(key)}"?\s*=')
        header = re.compile(r"^\s*\[")
        if self.dataset is not None:
            tables = [i for i, line in enumerate(lines) if re.match(r"^\s*\[\[\s*datasets\s*\]\]", line)]
            if self.dataset < len(tables):
                start = tables[self.dataset]
                following = [i for i in range(start + 1, len(lines)) if header.match(lines[i])]
                end = following[0] if following else len(lines)
                return next((i + 1 for i in range(start, end) if pattern.search(lines[i])), start + 1)
            start = next((i for i, line in enumerate(lines) if re.match(r'^\s*"?datasets"?\s*=', line)), 0)
            return next((i + 1 for i in range(start, len(lines)) if pattern.search(lines[i])), start + 1)
        for i, line in enumerate(lines):
            if header.match(line):
                break
            if re.match(rf'^\s*"?{re.escape(key)}"?\s*=', line):
                return i + 1
        return 1


def toml_shown(value) -> str:
    """A value as TOML writes it (``true``, ``"no"``, ``1.5``, ``["en", "es"]``)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_shown(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {toml_shown(item)}" for key, item in value.items()) + " }"
    return f'"{value}"' if isinstance(value, str) else repr(value)


CLI = Door("cli")
PYTHON = Door("python")


# --- the checks, one per kind of value --------------------------------------------------------


def _items(value) -> list:
    """A comma list or a list/tuple as its items (``"en,es"`` and ``["en", "es"]`` alike)."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if isinstance(value, list | tuple):
        return [item.strip() if isinstance(item, str) else item for item in value]
    return [value]


def text(value) -> str:
    """Any text."""
    if not isinstance(value, str):
        raise Problem(f"must be text, not {_kind(value)}")
    return value


def filled(value) -> str:
    """Text that is not empty: a name or a path."""
    if not text(value).strip():
        raise Problem("is empty; give a built-in dataset's name (see `umbral list`) or a file's path")
    return value


def _kind(value) -> str:
    return {bool: "true/false", list: "a list", tuple: "a list", dict: "a table"}.get(type(value),
                                                                                    type(value).__name__)


def number(example: str, low: float | None = None, high: float | None = None):
    """A finite number in [low, high], from text or a number."""
    def parse(value) -> float:
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise Problem(f"must be a number, not {_kind(value)}; e.g. {example}")
        try:
            result = float(value)
        except ValueError:
            raise Problem(f"must be a number, e.g. {example}") from None
        if not math.isfinite(result):
            raise Problem(f"must be a finite number, e.g. {example}")
        if (low is not None and result < low) or (high is not None and result > high):
            span = f"in [{low:g}, {high:g}]" if high is not None else f">= {low:g}"
            raise Problem(f"must be {span}, e.g. {example}")
        return result
    parse.metavar = "NUMBER"
    return parse


def integer(example: str, low: int | None = None, high: int | None = None):
    """A whole number in [low, high], from text or an integer (``1.5`` is refused, not cut)."""
    def parse(value) -> int:
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise Problem(f"must be a whole number, not {_kind(value)}; e.g. {example}")
        try:
            result = int(value)
        except ValueError:
            raise Problem(f"must be a whole number, e.g. {example}") from None
        if (low is not None and result < low) or (high is not None and result > high):
            span = f"in [{low}, {high}]" if high is not None else f">= {low}"
            raise Problem(f"must be a whole number {span}, e.g. {example}")
        return result
    parse.metavar = "INTEGER"
    return parse


def choice(*allowed: str):
    """One of ``allowed``."""
    def parse(value) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise Problem(f"choose one of {', '.join(allowed)}")
        return value
    parse.metavar = "[" + "|".join(allowed) + "]"
    return parse


def several(allowed: tuple[str, ...], example: str):
    """One or more of ``allowed`` (a comma list or a list), each once, in the order given."""
    def parse(value) -> tuple[str, ...]:
        chosen = tuple(dict.fromkeys(_items(value)))
        if not chosen or any(item not in allowed for item in chosen):
            raise Problem(("is empty; " if not chosen else "")
                          + f"choose from {', '.join(allowed)} (several with commas, e.g. {example})")
        return chosen
    return parse


def switch(value) -> bool:
    """On or off: ``true``/``false`` (a flag on the command line)."""
    if not isinstance(value, bool):
        raise Problem("must be true or false")
    return value


def repeated(value) -> tuple[str, ...]:
    """Text, or several texts (a repeated flag, a list)."""
    items = list(value) if isinstance(value, list | tuple) else [value]
    if not items:
        raise Problem("the list is empty; give at least one value or leave it out")
    if not all(isinstance(item, str) for item in items):
        raise Problem("must be text or a list of text")
    return tuple(items)


def model_names(value) -> dict[str, str]:
    """``COL=NAME`` pairs (``lr=Logistic``): a model's column or value shown under another name."""
    names = {}
    for item in repeated(value):
        key, sep, name = item.partition("=")
        if not sep or not key.strip() or not name.strip():
            raise Problem(f"{item!r} must be COLUMN=NAME, e.g. lr=\"logistic regression\"")
        names[key.strip()] = name.strip()
    return names


def class_names(value) -> dict[str, str]:
    """The class as a plural noun: ``NOUN`` for every language, ``LANG=NOUN`` (or a table) for one: {lang: noun}."""
    if isinstance(value, dict):
        pairs = []
        for lang, noun in value.items():
            if lang not in LANGUAGES:
                raise Problem(f"unknown language {lang!r}; use one of {', '.join(LANGUAGES)}")
            if not isinstance(noun, str):
                raise Problem(f"({lang}) must be text such as \"diabetics\", not a {type(noun).__name__}")
            pairs.append((lang, noun))
    else:
        pairs = []
        for item in repeated(value):
            lang, equals, noun = item.partition("=")
            pairs.append((lang, noun) if equals and lang in LANGUAGES else (None, item))
    nouns = {}
    for lang, noun in sorted(pairs, key=lambda pair: pair[0] is not None):  # a LANG=NOUN wins over a plain NOUN
        problem = class_name_problem(noun)
        if problem:
            raise Problem(f"{noun!r}: {problem}")
        for code in (LANGUAGES if lang is None else (lang,)):
            nouns[code] = noun.strip()
    return nouns


def resolution(value) -> tuple[int, int]:
    """``WIDTHxHEIGHT``, even, at least 16 and at most 8K."""
    try:
        width, height = (int(part) for part in text(value).lower().split("x"))
    except (ValueError, Problem):
        raise Problem("is not WIDTHxHEIGHT; e.g. 1280x720") from None
    if width < 16 or height < 16 or width % 2 or height % 2:
        raise Problem("width and height must be even and at least 16")
    if width > MAX_WIDTH or height > MAX_HEIGHT:
        raise Problem(f"at most {MAX_WIDTH}x{MAX_HEIGHT} (8K); e.g. 3840x2160")
    return width, height


def thresholds(value) -> tuple[float, ...]:
    """One or more thresholds in [0, 1] (``0.3,0.5`` or a list)."""
    items = _items(value)
    if not items:
        raise Problem("names no threshold; give one or more, e.g. 0.3,0.5 (or leave it out)")
    if isinstance(value, str) and len(items) != len(value.split(",")):
        raise Problem("must be thresholds separated by commas, none left empty; e.g. 0.3,0.5")
    try:
        found = tuple(float(item) for item in items if not isinstance(item, bool))
    except (TypeError, ValueError):
        found = ()
    if len(found) != len(items):
        raise Problem("must be thresholds separated by commas; e.g. 0.3,0.5")
    if any(not 0.0 <= t <= 1.0 for t in found):
        raise Problem("thresholds must lie in [0, 1]")
    return found


def scene_list(value) -> tuple[str, ...]:
    """Scene names, each one umbral has (none: the whole lecture)."""
    from umbral.scenes.publish.registry import SCENES

    names = tuple(_items(value))
    unknown = [name for name in names if name not in SCENES]
    if unknown:
        raise Problem(f"unknown scene {unknown[0]!r}; choose from {', '.join(SCENES)} (see `umbral list`)")
    return names


def scheduler(value) -> str:
    """A Dask scheduler's address, ``tcp://HOST:PORT``."""
    if not isinstance(value, str) or not _SCHEDULER.fullmatch(value):
        raise Problem("must be tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786")
    return value


#: The largest frame umbral renders (8K UHD): bigger ones would only exhaust memory.
MAX_WIDTH, MAX_HEIGHT = 7680, 4320
#: What ``render --format`` makes.
FORMATS = ("mp4", "gif", "png", "webm", "mov")
_SCHEDULER = re.compile(r"tcp://[A-Za-z0-9.\-\[\]:]+:\d{1,5}")


# --- the options ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One option of one or more commands: its Python name (also its toml key) and how it is checked."""

    name: str
    parse: Callable = text
    help: str = ""
    #: The command line's flag (default ``--`` and the name with ``-`` for ``_``).
    flag: str = ""
    short: str = ""
    #: An on/off flag on the command line (``--force``); ``true``/``false`` elsewhere.
    switch: bool = False
    #: Given several times on the command line (``--score-col a --score-col b``).
    repeat: bool = False
    metavar: str | None = None

    def __post_init__(self):
        if not self.flag:
            object.__setattr__(self, "flag", "--" + self.name.replace("_", "-"))
        if self.metavar is None:
            object.__setattr__(self, "metavar", getattr(self.parse, "metavar", "TEXT"))


def _options(*options: Option) -> dict[str, Option]:
    return {option.name: option for option in options}


def _noun_help(side: str, example: str) -> str:
    return (f'The {side} class as a plural noun, e.g. "{example}"; per language: es=... (repeatable). '
            f'Default: the data\'s own, else "{side}s".')


OPTIONS: dict[str, Option] = _options(
    # the data
    Option("data", filled, help="Built-in dataset name (see `list`) or a CSV/JSON/Parquet file."),
    Option("label_col", help="Column holding the true labels (auto-detected if omitted)."),
    Option("score_col", repeated, repeat=True,
           help="Column holding the scores (auto-detected if omitted); repeat it for several models, "
                "e.g. --score-col lr --score-col forest (score_<name> columns are found by themselves)."),
    Option("split_col", help="Column naming each row's split: train, validation (val, dev), test "
                             "(auto-detected as split, set, partition or subset)."),
    Option("model_name", model_names, repeat=True, metavar="COL=NAME",
           help="Show a model (score column or model value) under another name, e.g. lr=Logistic."),
    Option("positive", help="Label value of the positive class when labels are not 0/1."),
    Option("target", help="Raw table mode: the label column; the features are scored by "
                          "a logistic regression on a 70/30 split."),
    Option("seed", integer("9409", 0), help="Split seed for raw tables (9409) or generator seed."),
    Option("n", integer("231", 2), help="screening: number of patients (231)."),
    Option("prevalence", number("0.35"), help="screening: share of positives (0.35)."),
    Option("separation", number("1.35"), help="screening: distance between the humps (1.35)."),
    Option("rescale", choice("minmax", "sigmoid"), help="Map scores outside [0, 1] into it: minmax or sigmoid."),
    Option("models", help="Raw table: models to fit, logistic and/or forest, e.g. logistic,forest."),
    Option("splits", help="Raw table: held-out shares, stratified, e.g. test=0.3,validation=0.3 "
                          "(default: the textbook's 70/30 split)."),
    Option("model", help="The model a single-model command or scene shows (default: the first)."),
    Option("split", help="The split a single-model command or scene shows (default: test)."),
    # costs and the choice of θ
    Option("cost_fn", number("10", 0), help="Cost of a missed positive (false negative)."),
    Option("cost_fp", number("1", 0), help="Cost of a false alarm (false positive)."),
    Option("choose_on", help="Split to choose θ on (default: validation, else train)."),
    Option("report_on", help="Split to report on with θ fixed (default: test)."),
    Option("rule", choice(*CHOICE_RULES),
           help="How θ is chosen: " + "; ".join(f"{k}: {v}" for k, v in CHOICE_RULES.items()) + "."),
    Option("choice_step", choice(*CHOICE_STEPS),
           help="Grid θ is chosen on: the lecture's 0.02, hundredths, or every distinct score."),
    Option("target_recall", number("0.9", 0, 1), help="Recall the target_recall rule must reach."),
    Option("target_precision", number("0.9", 0, 1),
           help="Precision the target_precision rule must reach."),
    Option("resamples", integer("200", 1, 100_000),
           help="Bootstrap resamples of the choosing split for the wobble of θ."),
    Option("bootstrap_seed", integer("0", 0), help="Seed of the bootstrap."),
    Option("calibrate", choice(*RECALIBRATIONS),
           help="Recalibrate every model's scores on the choose-on split and report the cost rule's "
                "θ = C_FP/(C_FP+C_FN) on the report-on split before and after: "
                + "; ".join(f"{k}: {v}" for k, v in RECALIBRATIONS.items()) + "."),
    Option("bins", integer("10", 1, 100), help="Score bins of the reliability diagram."),
    Option("binning", choice(*BIN_STRATEGIES),
           help="uniform: bins of equal width over [0, 1]; quantile: bins of equal counts."),
    # report, trace, scores
    Option("threshold", number("0.5", 0, 1),
           help="Decision threshold: positive iff score >= threshold."),
    Option("json", switch, switch=True, help="Print JSON instead of a table."),
    Option("grid_step", choice("0.02", "0.01"),
           help="The thresholds the rules pick from: the lecture's 0.02 steps, or hundredths (the lab's)."),
    # what to draw and how
    Option("scenes", scene_list, help="The scenes, in order (default: the whole lecture)."),
    Option("lang", several(LANGUAGES, "en,es"), help="en, es, or both: en,es."),
    Option("quality", choice("low", "medium", "high", "4k"),
           help="480p15, 720p30, 1080p60 or 2160p60."),
    Option("resolution", resolution, help="WIDTHxHEIGHT, overrides --quality (e.g. 192x108)."),
    Option("fps", number("30", 1, 120), help="Frame rate, overrides --quality."),
    Option("format", several(FORMATS, "mp4,gif"),
           help="mp4, gif, png (last frame), webm or mov; several with commas: mp4,gif."),
    Option("aspect", choice("16:9", "4:3")),
    Option("theme", choice("dark", "light"),
           help="light: white background, for white slide decks, Beamer and handouts (outputs end in -light)."),
    Option("positive_name", class_names, repeat=True, metavar="NOUN", help=_noun_help("positive", "diabetics")),
    Option("negative_name", class_names, repeat=True, metavar="NOUN", help=_noun_help("negative", "healthy patients")),
    Option("transparent", switch, switch=True, help="Transparent background (webm or mov only)."),
    Option("out", help="Output folder: OUT/<dataset>/<lang>/<Scene>.<ext>."),
    Option("at", thresholds, help="PNG stills at these thresholds instead of a video, e.g. 0.3,0.5."),
    Option("gif_loop", choice("forever", "once")),
    Option("preset", choice("veryfast", "medium", "slow"),
           help="x264 speed/size trade-off for mp4."),
    Option("subtitles", switch, flag="--no-subtitles", switch=True,
           help="Do not write .srt/.vtt subtitles (the transcript stays)."),
    Option("force", switch, switch=True, help="Render even outputs that are up to date."),
    Option("jobs", integer("2", 1, 32), short="-j", help="Render in N processes."),
    Option("multiclass", help="MulticlassConfusion: a table of true and predicted classes (3 to 6 classes)."),
    Option("pred_col", help="MulticlassConfusion: the predicted-class column of --multiclass."),
    Option("true_col", help="MulticlassConfusion: the true-class column of --multiclass (auto-detected)."),
    Option("quiet", switch, switch=True, short="-q", help="Print only errors and the final summary."),
    # slides
    Option("to", choice("html", "pptx", "pdf"),
           help="html (reveal.js), pptx (a video per slide, with speaker notes) or pdf (a still per slide)."),
    Option("one_file", switch, switch=True, help="html only: embed the videos in one self-contained file."),
    Option("with_lab", switch, switch=True, help="html only: end the deck with the lab, live (see `umbral lab`)."),
    # batch
    Option("course", help="The course file."),
    Option("dry_run", switch, switch=True, help="Print the plan (and what would render), render nothing."),
    Option("fail_fast", switch, switch=True,
           help="Stop at the first failed job (running jobs finish and are kept)."),
    Option("scheduler", scheduler, metavar="tcp://HOST:PORT",
           help="Render on this Dask scheduler's workers (pip install 'umbral[dask]'; they need OUT at the same "
                "path). Overrides the file's scheduler."),
)


def check_value(name: str, raw, door: Door):
    """``raw`` checked as option ``name``'s typed value; a DataError naming it at ``door`` if it is bad."""
    try:
        return OPTIONS[name].parse(raw)
    except Problem as problem:
        raise DataError(f"{door.where(name, raw)}: {door.words(str(problem))}") from None


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
