"""Every option of every command, declared once: its name, help, flag, and the check that types its value.

A :class:`Door` says where a value came from and so how an error names it: ``--cost-fn`` on the
command line, ``cost_fn=`` in Python, ``cost_fn`` with its file and line in a toml
(:class:`TomlDoor`). :func:`check_value` turns what a user gave into the typed value or one
:class:`~umbral.data.DataError` line. The requests built from these live in
:mod:`umbral.scenes.publish.requests`. No click, no Manim.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from umbral.data.dataset import DataError, worded
from umbral.metrics.calibration import BIN_STRATEGIES, RECALIBRATIONS
from umbral.metrics.choice import CHOICE_RULES, CHOICE_STEPS
from umbral.scenes.publish.option_checks import (
    FORMATS,
    Problem,
    choice,
    class_names,
    filled,
    integer,
    model_names,
    number,
    repeated,
    resolution,
    scene_list,
    scheduler,
    several,
    switch,
    text,
    thresholds,
)
from umbral.scenes.strings import LANGUAGES

__all__ = ["CLI", "OPTIONS", "PYTHON", "Door", "Option", "Problem", "TomlDoor", "check_value"]


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


def _noun_help(side: str, example: str) -> str:
    return (f'The {side} class as a plural noun, e.g. "{example}"; per language: es=... (repeatable). '
            f'Default: the data\'s own, else "{side}s".')


OPTIONS: dict[str, Option] = {option.name: option for option in (
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
)}


def check_value(name: str, raw, door: Door):
    """``raw`` checked as option ``name``'s typed value; a DataError naming it at ``door`` if it is bad."""
    try:
        return OPTIONS[name].parse(raw)
    except Problem as problem:
        raise DataError(f"{door.where(name, raw)}: {door.words(str(problem))}") from None
