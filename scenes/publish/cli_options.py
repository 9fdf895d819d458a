"""The click options several commands share, declared once: data, costs, choice of θ, look, frame.

render.py applies them; :mod:`umbral.data.request`, :mod:`umbral.metrics.published` and
:mod:`umbral.scenes.publish.commands` take what they give. Importing this module imports
neither Manim, pandas nor scikit-learn (``--help`` starts fast).
"""

from __future__ import annotations

import functools

import click

__all__ = ["choice_options", "cost_options", "data_options", "frame_options", "lang_option", "look_options"]


def _apply(command, options):
    """Apply click decorators so that they appear in ``--help`` in the order listed."""
    return functools.reduce(lambda cmd, option: option(cmd), reversed(options), command)


def data_options(command):
    """Options shared by every command that reads a dataset."""
    return _apply(command, [
        click.option("--data", "source", default="screening", show_default=True,
                     help="Built-in dataset name (see `list`) or a CSV/JSON/Parquet file."),
        click.option("--label-col", help="Column holding the true labels (auto-detected if omitted)."),
        click.option("--score-col", multiple=True,
                     help="Column holding the scores (auto-detected if omitted); repeat it for several models, "
                          "e.g. --score-col lr --score-col forest (score_<name> columns are found by themselves)."),
        click.option("--split-col", help="Column naming each row's split: train, validation (val, dev), test "
                                         "(auto-detected as split, set, partition or subset)."),
        click.option("--model-name", "model_name", multiple=True, metavar="COL=NAME",
                     help="Show a model (score column or model value) under another name, e.g. lr=Logistic."),
        click.option("--positive", help="Label value of the positive class when labels are not 0/1."),
        click.option("--target", help="Raw table mode: the label column; the features are scored by "
                                      "a logistic regression on a 70/30 split."),
        click.option("--seed", type=int, help="Split seed for raw tables (9409) or generator seed."),
        click.option("--n", "n", type=int, help="screening: number of patients (231)."),
        click.option("--prevalence", type=float, help="screening: share of positives (0.35)."),
        click.option("--separation", type=float, help="screening: distance between the humps (1.35)."),
        click.option("--rescale", type=click.Choice(["minmax", "sigmoid"]), help="Map scores outside [0, 1] into it."),
        click.option("--models", help="Raw table: models to fit, logistic and/or forest, e.g. logistic,forest."),
        click.option("--splits", help="Raw table: held-out shares, stratified, e.g. test=0.3,validation=0.3 "
                                      "(default: the textbook's 70/30 split)."),
        click.option("--model", help="The model a single-model command or scene shows (default: the first)."),
        click.option("--split", help="The split a single-model command or scene shows (default: test)."),
    ])


def choice_options(command):
    """How θ is chosen on one split and reported on another (:data:`umbral.metrics.published.CHOICE_KEYS`)."""
    from umbral.metrics.choice import CHOICE_RULES, CHOICE_STEPS, DEFAULT_RESAMPLES

    return _apply(command, [
        click.option("--choose-on", help="Split to choose θ on (default: validation, else train)."),
        click.option("--report-on", help="Split to report on with θ fixed (default: test)."),
        click.option("--rule", type=click.Choice(list(CHOICE_RULES)), default="min_cost", show_default=True,
                     help="How θ is chosen: " + "; ".join(f"{k}: {v}" for k, v in CHOICE_RULES.items()) + "."),
        click.option("--choice-step", type=click.Choice(list(CHOICE_STEPS)), default="0.02", show_default=True,
                     help="Grid θ is chosen on: the lecture's 0.02, hundredths, or every distinct score."),
        click.option("--target-recall", type=click.FloatRange(0, 1), default=0.9, show_default=True,
                     help="Recall the target_recall rule must reach."),
        click.option("--target-precision", type=click.FloatRange(0, 1), default=0.9, show_default=True,
                     help="Precision the target_precision rule must reach."),
        click.option("--resamples", type=click.IntRange(1, 100_000), default=DEFAULT_RESAMPLES, show_default=True,
                     help="Bootstrap resamples of the choosing split for the wobble of θ."),
        click.option("--bootstrap-seed", type=click.IntRange(0), default=0, show_default=True,
                     help="Seed of the bootstrap."),
    ])


def calibration_options(command):
    """How the scores are binned for the calibration section and, optionally, recalibrated."""
    from umbral.metrics.calibration import BIN_STRATEGIES, RECALIBRATIONS

    return _apply(command, [
        click.option("--calibrate", type=click.Choice(list(RECALIBRATIONS)),
                     help="Recalibrate every model's scores on the choose-on split and report the cost rule's "
                          "θ = C_FP/(C_FP+C_FN) on the report-on split before and after: "
                          + "; ".join(f"{k}: {v}" for k, v in RECALIBRATIONS.items()) + "."),
        click.option("--bins", type=click.IntRange(1, 100), default=10, show_default=True,
                     help="Score bins of the reliability diagram."),
        click.option("--binning", type=click.Choice(list(BIN_STRATEGIES)), default="uniform", show_default=True,
                     help="uniform: bins of equal width over [0, 1]; quantile: bins of equal counts."),
    ])


def cost_options(command):
    """The two error costs used by the cost rules."""
    return _apply(command, [
        click.option("--cost-fn", type=float, default=10.0, show_default=True,
                     help="Cost of a missed positive (false negative)."),
        click.option("--cost-fp", type=float, default=1.0, show_default=True,
                     help="Cost of a false alarm (false positive)."),
    ])


def look_options(command):
    """``--theme dark|light`` and ``--positive-name``/``--negative-name``: the lecture's look and words."""
    nouns = [click.option(f"--{side}-name", f"{side}_name", multiple=True, metavar="NOUN",
                          help=f'The {side} class as a plural noun, e.g. "{example}"; per language: es=... '
                               f'(repeatable). Default: the data\'s own, else "{side}s".')
             for side, example in (("positive", "diabetics"), ("negative", "healthy patients"))]
    return _apply(command, [click.option("--theme", type=click.Choice(["dark", "light"]), default="dark",
                                         show_default=True, help="light: white background, for white slide decks, "
                                                                 "Beamer and handouts (outputs end in -light)."),
                            *nouns])


lang_option = click.option("--lang", default="en", show_default=True, help="en, es, or both: en,es.")


def frame_options(*order, detailed: bool, out_help: str, quiet_help: str):
    """The options render and slides share, in ``order``: a name picks a shared one, a decorator is the command's."""
    shared = {
        "lang": lang_option,
        "quality": click.option("--quality", type=click.Choice(["low", "medium", "high", "4k"]), default="medium",
                                show_default=True, help="480p15, 720p30, 1080p60 or 2160p60." if detailed else None),
        "resolution": click.option("--resolution", help="WIDTHxHEIGHT, overrides --quality"
                                                        + (" (e.g. 192x108)." if detailed else ".")),
        "fps": click.option("--fps", type=click.FloatRange(1, 120), help="Frame rate, overrides --quality."),
        "aspect": click.option("--aspect", type=click.Choice(["16:9", "4:3"]), default="16:9", show_default=True),
        "look": look_options,
        "preset": click.option("--preset", type=click.Choice(["veryfast", "medium", "slow"]), default="medium",
                               show_default=True, help="x264 speed/size trade-off for mp4." if detailed else None),
        "out": click.option("--out", "out_dir", type=click.Path(file_okay=False), default="out", show_default=True,
                            help=out_help),
        "quiet": click.option("-q", "--quiet", is_flag=True, help=quiet_help),
    }
    options = [shared.pop(item) if isinstance(item, str) else item for item in order]
    if shared:
        raise TypeError(f"frame_options: {', '.join(shared)} missing from the order")
    return lambda command: _apply(command, options)
