"""umbral's command line: report, trace, export scores and render lecture scenes.

Thin on purpose: parse options, load data, call the metrics core or the
renderer, print. Manim, pandas and scikit-learn are imported only by the
commands that need them, so ``--help`` and ``report`` start fast.
"""

from __future__ import annotations

import functools
import json
import math
import sys

import click

EXIT_BAD_INPUT = 2
#: The largest frame umbral renders (8K UHD): bigger ones would only exhaust memory.
MAX_WIDTH, MAX_HEIGHT = 7680, 4320


def _fail(message: str) -> None:
    """Print a one-line error and exit with the bad-input code."""
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


def data_options(command):
    """Options shared by every command that reads a dataset."""
    options = [
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
        click.option("--rescale", type=click.Choice(["minmax", "sigmoid"]),
                     help="Map scores outside [0, 1] into it."),
        click.option("--models", help="Raw table: models to fit, logistic and/or forest, e.g. logistic,forest."),
        click.option("--splits", help="Raw table: held-out shares, stratified, e.g. test=0.3,validation=0.3 "
                                      "(default: the textbook's 70/30 split)."),
        click.option("--model", help="The model a single-model command or scene shows (default: the first)."),
        click.option("--split", help="The split a single-model command or scene shows (default: test)."),
    ]
    return functools.reduce(lambda cmd, option: option(cmd), reversed(options), command)


def choice_options(command):
    """How θ is chosen on one split and reported on another."""
    from metrics.choice import CHOICE_RULES, CHOICE_STEPS, DEFAULT_RESAMPLES

    options = [
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
    ]
    return functools.reduce(lambda cmd, option: option(cmd), reversed(options), command)


def choice_settings(cost_fn: float, cost_fp: float, choose_on, report_on, rule, choice_step, target_recall,
                    target_precision, resamples, bootstrap_seed):
    """The parsed choice options as :class:`metrics.compare.ChoiceSettings`."""
    from metrics.compare import ChoiceSettings

    return ChoiceSettings(rule=rule, step=choice_step, choose_on=choose_on, report_on=report_on, cost_fn=cost_fn,
                          cost_fp=cost_fp, target_recall=target_recall, target_precision=target_precision,
                          resamples=resamples, seed=bootstrap_seed)


def cost_options(command):
    """The two error costs used by the cost rules."""
    command = click.option("--cost-fp", type=float, default=1.0, show_default=True,
                           help="Cost of a false alarm (false positive).")(command)
    return click.option("--cost-fn", type=float, default=10.0, show_default=True,
                        help="Cost of a missed positive (false negative).")(command)


def theme_option(command):
    """``--theme dark|light``: the lecture's look."""
    return click.option("--theme", type=click.Choice(["dark", "light"]), default="dark", show_default=True,
                        help="light: white background, for white slide decks, Beamer and handouts "
                             "(outputs end in -light).")(command)


def vocabulary_options(command):
    """``--positive-name`` / ``--negative-name``: the classes in the lecturer's words."""
    for side, example in (("negative", "healthy patients"), ("positive", "diabetics")):
        command = click.option(f"--{side}-name", f"{side}_name", multiple=True, metavar="NOUN",
                               help=f'The {side} class as a plural noun, e.g. "{example}"; per language: '
                                    f'es=... (repeatable). Default: the data\'s own, else "{side}s".')(command)
    return command


def look_strings(positive_name: tuple[str, ...], negative_name: tuple[str, ...]) -> dict:
    """umbral.toml's ``[strings.<lang>]`` with the class names of the flags (or of the file) on top.

    ``NOUN`` names the class in every language; ``LANG=NOUN`` in that one (it wins over a plain noun).
    """
    from scenes.strings import LANGUAGES, class_name_problem

    tables = {lang: dict(table) for lang, table in _string_overrides().items()}
    for key, values in (("positive_name", positive_name), ("negative_name", negative_name)):
        for value in values:
            problem = class_name_problem(value.partition("=")[2] if value.partition("=")[0] in LANGUAGES else value)
            if problem:
                _fail(f"--{key.replace('_', '-')} {value!r}: {problem}")
        plain = [v for v in values if v.partition("=")[0] not in LANGUAGES or "=" not in v]
        for lang in LANGUAGES:
            for value in plain:
                tables.setdefault(lang, {})[key] = value.strip()
        for value in values:
            lang, equals, noun = value.partition("=")
            if equals and lang in LANGUAGES:
                tables.setdefault(lang, {})[key] = noun.strip()
    return {lang: table for lang, table in tables.items() if table}


def data_request(data_kwargs: dict) -> dict:
    """Click's data options as :func:`data.load_dataset` arguments (``--model-name A=B`` -> a dict)."""
    kwargs = dict(data_kwargs)
    names = {}
    for item in kwargs.pop("model_name", None) or ():
        key, sep, name = item.partition("=")
        if not sep or not key.strip() or not name.strip():
            _fail(f"--model-name {item!r} must be COLUMN=NAME, e.g. --model-name lr=\"logistic regression\"")
        names[key.strip()] = name.strip()
    kwargs["model_names"] = names or None
    kwargs["score_col"] = tuple(kwargs.get("score_col") or ()) or None
    return kwargs


def load_with_study(**data_kwargs):
    """(study, selected dataset): every model on every split, and the one ``--model``/``--split`` picks."""
    from data import DataError, load_study

    kwargs = data_request(data_kwargs)
    model, split = kwargs.pop("model", None), kwargs.pop("split", None)
    try:
        study = load_study(**kwargs)
        selected = study.select(model, split)
    except DataError as error:
        _fail(str(error))
    _tell_about_columns(study.provenance)
    return study, selected


def writable_out(out_dir: str) -> None:
    """Exit 2 before any work unless ``--out`` is a folder umbral can write in (or make)."""
    from data import DataError
    from scenes.publish.inside import check_out_dir

    try:
        check_out_dir(out_dir)
    except DataError as error:
        _fail(str(error))


def _tell_about_columns(provenance: dict) -> None:
    """On stderr: the raw table's columns that were not used as features, and features that give the label away."""
    for column, why in provenance.get("dropped_columns", {}).items():
        click.echo(f"note: column {column!r} is not used as a feature: it is {why}", err=True)
    for feature in provenance.get("separating_features", []):
        click.echo(f"warning: feature {feature!r} alone separates the classes perfectly; if it is the label "
                   "under another name (a leak), drop it from the table", err=True)


def load(**data_kwargs):
    """Load and validate one model on one split, or exit 2 with a one-line reason."""
    return load_with_study(**data_kwargs)[1]


def verified_comparison(study, settings, required: bool):
    """Every model's θ chosen on one split and reported on another, checked against scikit-learn.

    None when the data has a single split and no choice was asked for (``required`` False).
    """
    from data import DataError
    from metrics import VerificationError
    from metrics.compare import compare_models
    from metrics.verify import verify_comparison

    if len(study.splits) < 2 and not required:
        return None
    try:
        choose, report_on, note = study.choice_splits(settings.choose_on, settings.report_on)
    except DataError as error:
        _fail(str(error))
    comparison = compare_models(study.pairs(choose, report_on), choose, report_on, settings, note)
    try:
        verify_comparison(comparison)
    except VerificationError as error:
        click.echo(f"error: a number disagrees with scikit-learn, refusing to publish it: {error}", err=True)
        sys.exit(1)
    return comparison


def check_costs(cost_fn: float, cost_fp: float) -> None:
    """Exit 2 unless both costs are finite, >= 0 and not both 0."""
    # NaN slips through click's FloatRange and through `< 0`, so test finiteness directly.
    finite = math.isfinite(cost_fn) and math.isfinite(cost_fp)
    if not finite or cost_fn < 0 or cost_fp < 0 or cost_fn + cost_fp == 0:
        _fail("costs must be finite, >= 0 and not both 0; e.g. --cost-fn 10 --cost-fp 1")


def verified_report(dataset, threshold: float, cost_fn: float, cost_fp: float, grid=None) -> tuple:
    """The report and sweep of a dataset, checked against scikit-learn (rules on ``grid``, default 0.02 steps)."""
    from metrics import GRID, VerificationError
    from metrics import verified_report as verified

    grid = GRID if grid is None else grid

    check_costs(cost_fn, cost_fp)
    if not 0.0 <= threshold <= 1.0:
        _fail(f"--threshold {threshold} must lie in [0, 1]; e.g. --threshold 0.5")
    try:
        report, sweep, _ = verified(dataset.y_true, dataset.y_score, threshold, cost_fn, cost_fp, grid)
    except VerificationError as error:
        click.echo(f"error: a number disagrees with scikit-learn, refusing to publish it: {error}", err=True)
        sys.exit(1)
    return report, sweep


def version() -> str:
    """The version of umbral: the installed package's, or pyproject.toml's when run from a checkout."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed_version

    try:
        return installed_version("umbral")
    except PackageNotFoundError:
        import tomllib
        from pathlib import Path

        pyproject = Path(__file__).resolve().parent / "pyproject.toml"
        return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=version(), prog_name="umbral", message="%(prog)s %(version)s")
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="Project settings (default: ./umbral.toml if present). Flags override it.")
@click.pass_context
def cli(context: click.Context, config_path: str | None) -> None:
    """Turn a classifier's scores into lecture-ready animations.

    Run with no command to render the default lecture into out/.
    """
    from pathlib import Path

    from scenes.publish.config import CONFIG_NAME, ConfigError, check_values, default_map, read_config, string_overrides

    path = Path(config_path) if config_path else Path(CONFIG_NAME)
    context.obj = {"strings": {}}
    if config_path or path.is_file():
        try:
            values = read_config(path)
            check_values(path, values, cli.commands)
        except ConfigError as error:
            _fail(str(error))
        context.default_map = default_map(values)
        context.obj["strings"] = string_overrides(values)
    if context.invoked_subcommand is None:
        context.invoke(render)


def _string_overrides() -> dict:
    """umbral.toml's ``[strings.<lang>]`` tables, as cli() read them ({} without a config)."""
    root = click.get_current_context().find_root()
    return (root.obj or {}).get("strings", {})


@cli.command("list")
def list_command() -> None:
    """List the scenes and built-in datasets."""
    from data import BUILTINS
    from scenes.publish.registry import SCENES

    click.echo("Scenes, in lecture order (umbral render NAME ...):")
    for name, (_, description, _) in SCENES.items():
        click.echo(f"  {name:<20} {description}")
    click.echo("")
    click.echo("Datasets (--data NAME, or a path to your own file):")
    for name, description in BUILTINS.items():
        click.echo(f"  {name:<20} {description}")


@cli.command()
@data_options
@cost_options
@choice_options
@click.option("--threshold", type=click.FloatRange(0.0, 1.0), default=0.5, show_default=True,
              help="Decision threshold: positive iff score >= threshold.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--grid-step", type=click.Choice(["0.02", "0.01"]), default="0.02", show_default=True,
              help="The thresholds the rules pick from: the lecture's 0.02 steps, or hundredths (the lab's).")
def report(threshold: float, cost_fn: float, cost_fp: float, as_json: bool, grid_step: str, choose_on, report_on,
           rule, choice_step, target_recall, target_precision, resamples, bootstrap_seed, **data_kwargs) -> None:
    """Every metric at one threshold, verified against scikit-learn.

    With splits (train/validation/test), also every model's θ chosen on one split and
    reported on another, next to θ = 0.5, the peeking θ and the wobble of θ.
    """
    from metrics.report_text import format_choice, format_report

    study, dataset = load_with_study(**data_kwargs)
    from metrics.choice import HUNDREDTHS

    values, _ = verified_report(dataset, threshold, cost_fn, cost_fp, HUNDREDTHS if grid_step == "0.01" else None)
    settings = choice_settings(cost_fn, cost_fp, choose_on, report_on, rule, choice_step, target_recall,
                               target_precision, resamples, bootstrap_seed)
    comparison = verified_comparison(study, settings, required=bool(choose_on or report_on))
    if not study.is_single:
        values.update(dataset.provenance["part"])
    if "read_as" in dataset.provenance:  # a text table: the delimiter, decimal mark and encoding found
        values["read_as"] = dataset.provenance["read_as"]
    if "features" in dataset.provenance:  # a raw table: what the model was fitted on, so a leak shows
        values["features"] = dataset.provenance["features"]
        values["dropped_columns"] = dataset.provenance["dropped_columns"]
    if comparison is not None:
        values["choice"] = comparison.as_dict()
    if as_json:
        click.echo(json.dumps(values, indent=2))
        return
    click.echo(format_report(values, title=dataset.title, cost_fn=cost_fn, cost_fp=cost_fp, grid_step=grid_step))
    if comparison is not None:
        click.echo("")
        click.echo(format_choice(comparison))


@cli.command()
@data_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the default is a table).")
def trace(as_json: bool, **data_kwargs) -> None:
    """The counts and rates at each of the 51 grid thresholds 0.00..1.00."""
    from metrics import Snapshot
    from metrics.report_text import format_trace

    dataset = load(**data_kwargs)
    _, sweep = verified_report(dataset, 0.5, 10.0, 1.0)
    rows = [s.as_dict(Snapshot.PER_THRESHOLD_KEYS) for s in sweep.grid()]
    click.echo(json.dumps(rows, indent=2) if as_json else format_trace(rows))


@cli.command()
@data_options
@click.option("--out", "out_path", required=True, type=click.Path(dir_okay=False),
              help="JSON file to write (validated pairs plus provenance).")
def scores(out_path: str, **data_kwargs) -> None:
    """Export the validated scores of every model on every split (split, model, y_true, y_score) with provenance."""
    from data import DataError, export_scores

    if data_kwargs.get("model") or data_kwargs.get("split"):
        _fail("scores exports every model on every split; drop --model and --split")
    study, _ = load_with_study(**data_kwargs)
    try:
        export_scores(study, out_path)
    except (DataError, OSError) as error:
        _fail(f"cannot write {out_path}: {error}")
    rows = sum(part.n for part in study.parts.values())
    what = "" if study.is_single else f" ({len(study.models)} model(s) x {len(study.splits)} split(s))"
    click.echo(f"wrote {out_path}: {rows} pairs{what} from {study.title}")


def _parse_resolution(value: str | None):
    if value is None:
        return None
    try:
        width, height = (int(part) for part in value.lower().split("x"))
    except ValueError:
        _fail(f"--resolution {value!r} is not WIDTHxHEIGHT; e.g. --resolution 1280x720")
    if width < 16 or height < 16 or width % 2 or height % 2:
        _fail(f"--resolution {value}: width and height must be even and at least 16")
    if width > MAX_WIDTH or height > MAX_HEIGHT:
        _fail(f"--resolution {value}: at most {MAX_WIDTH}x{MAX_HEIGHT} (8K); e.g. --resolution 3840x2160")
    return width, height


def _parse_thresholds(value: str | None) -> tuple[float, ...]:
    if value is None:
        return ()
    if not value.strip(" ,"):
        _fail(f"--at {value!r} names no threshold; give one or more, e.g. --at 0.3,0.5 (or leave --at out)")
    try:
        thresholds = tuple(float(part) for part in value.split(","))
    except ValueError:
        _fail(f"--at {value!r} must be thresholds separated by commas; e.g. --at 0.3,0.5")
    if any(not 0.0 <= t <= 1.0 for t in thresholds):
        _fail(f"--at {value}: thresholds must lie in [0, 1]")
    return thresholds


def _parse_languages(value: str) -> tuple[str, ...]:
    """``--lang en,es`` checked against the locale files there are (scenes/locales/<lang>.toml)."""
    from scenes.strings import LANGUAGES

    return _parse_choices(value, LANGUAGES, "--lang")


def _parse_choices(value: str, allowed: tuple[str, ...], option: str) -> tuple[str, ...]:
    """'en,es' -> ('en', 'es'), each checked against ``allowed``."""
    chosen = tuple(dict.fromkeys(part.strip() for part in value.split(",") if part.strip()))
    bad = [part for part in chosen if part not in allowed]
    if bad or not chosen:
        _fail(f"{option} {value!r}: choose from {', '.join(allowed)} (several with commas, e.g. en,es)")
    return chosen


@cli.command()
@click.argument("scene_names", nargs=-1, metavar="[SCENE]...")
@data_options
@cost_options
@click.option("--lang", default="en", show_default=True, help="en, es, or both: en,es.")
@click.option("--quality", type=click.Choice(["low", "medium", "high", "4k"]), default="medium",
              show_default=True, help="480p15, 720p30, 1080p60 or 2160p60.")
@click.option("--resolution", help="WIDTHxHEIGHT, overrides --quality (e.g. 192x108).")
@click.option("--fps", type=click.FloatRange(1, 120), help="Frame rate, overrides --quality.")
@click.option("--format", "fmt", default="mp4", show_default=True,
              help="mp4, gif, png (last frame), webm or mov; several with commas: mp4,gif.")
@click.option("--aspect", type=click.Choice(["16:9", "4:3"]), default="16:9", show_default=True)
@theme_option
@vocabulary_options
@click.option("--transparent", is_flag=True, help="Transparent background (webm or mov only).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="out", show_default=True,
              help="Output folder: OUT/<dataset>/<lang>/<Scene>.<ext>.")
@click.option("--at", "at", help="PNG stills at these thresholds instead of a video, e.g. 0.3,0.5.")
@click.option("--gif-loop", type=click.Choice(["forever", "once"]), default="forever", show_default=True)
@click.option("--preset", type=click.Choice(["veryfast", "medium", "slow"]), default="medium",
              show_default=True, help="x264 speed/size trade-off for mp4.")
@click.option("--no-subtitles", is_flag=True, help="Do not write .srt/.vtt subtitles (the transcript stays).")
@click.option("--force", is_flag=True, help="Render even outputs that are up to date.")
@click.option("-j", "--jobs", type=click.IntRange(1, 32), default=1, show_default=True,
              help="Render in N processes.")
@click.option("--multiclass", "multiclass_path", type=click.Path(dir_okay=False),
              help="MulticlassConfusion: a table of true and predicted classes (3 to 6 classes).")
@click.option("--pred-col", help="MulticlassConfusion: the predicted-class column of --multiclass.")
@click.option("--true-col", help="MulticlassConfusion: the true-class column of --multiclass (auto-detected).")
@click.option("-q", "--quiet", is_flag=True, help="Print only errors and the final summary.")
@choice_options
def render(scene_names, cost_fn, cost_fp, lang, quality, resolution, fps, fmt, aspect, theme, positive_name,
           negative_name, transparent,
           out_dir, at, gif_loop, preset, no_subtitles, force, jobs, multiclass_path, pred_col, true_col, quiet,
           choose_on, report_on, rule, choice_step, target_recall, target_precision, resamples, bootstrap_seed,
           **data_kwargs) -> None:
    """Render scenes (default: the whole lecture, in order) into OUT; skip what is up to date."""
    from pathlib import Path

    from scenes.publish.registry import LECTURE_ORDER, SCENES

    names = tuple(scene_names) or LECTURE_ORDER
    unknown = [name for name in names if name not in SCENES]
    if unknown:
        _fail(f"unknown scene {unknown[0]!r}; choose from {', '.join(SCENES)} (see `umbral list`)")
    langs = _parse_languages(lang)
    formats = _parse_choices(fmt, ("mp4", "gif", "png", "webm", "mov"), "--format")
    if transparent and set(formats) - {"webm", "mov"}:
        _fail("--transparent needs --format webm or --format mov (mp4 and gif have no alpha)")
    thresholds = _parse_thresholds(at)
    size = _parse_resolution(resolution)
    check_costs(cost_fn, cost_fp)
    if fps is not None and not math.isfinite(fps):
        _fail("--fps must be a number such as 30")
    writable_out(out_dir)

    from data import DataError
    from metrics import VerificationError
    from scenes.publish.lecture import LectureRequest, run_lecture
    from scenes.publish.progress import choose_display
    from scenes.publish.runner import RenderOptions

    stills = frozenset()
    if thresholds:
        from scenes.publish.registry import scene_class

        stills = frozenset(name for name in names if scene_class(name).supports_stills)
        without = sorted(set(names) - stills)
        if not stills:
            _fail(f"--at: {', '.join(without)} {'has' if len(without) == 1 else 'have'} no threshold stills; "
                  "use --format png for the last frame")
        if without and not quiet:
            click.echo(f"note: {', '.join(without)} {'has' if len(without) == 1 else 'have'} no threshold stills; "
                       "use --format png for the last frame")
    scene_kwargs = {}
    if multiclass_path:
        from data.multiclass import load_multiclass

        try:
            scene_kwargs["multiclass"] = load_multiclass(multiclass_path, label_col=true_col, pred_col=pred_col)
        except DataError as error:
            _fail(str(error))
    elif pred_col or true_col:
        _fail("--pred-col and --true-col need --multiclass FILE (the table of true and predicted classes)")
    options = RenderOptions(quality=quality, resolution=size, fps=fps, aspect=aspect, transparent=transparent,
                            out_dir=Path(out_dir), at=thresholds, gif_loop=gif_loop == "forever", preset=preset,
                            subtitles=not no_subtitles, scene_kwargs=scene_kwargs,
                            strings=look_strings(positive_name, negative_name), theme=theme)
    choice = choice_settings(cost_fn, cost_fp, choose_on, report_on, rule, choice_step, target_recall,
                             target_precision, resamples, bootstrap_seed)
    request = LectureRequest(scenes=names, langs=langs, formats=formats, options=options,
                             data_kwargs=data_request(data_kwargs), cost_fn=cost_fn, cost_fp=cost_fp,
                             thresholds=thresholds, force=force, jobs=jobs, stills_supported=stills, choice=choice,
                             explicit=bool(scene_names))
    try:
        result = run_lecture(request, display=choose_display(quiet, echo=click.echo))
    except DataError as error:
        _fail(str(error))
    except VerificationError as error:
        click.echo(f"error: a number disagrees with scikit-learn, refusing to render: {error}", err=True)
        sys.exit(1)
    except Exception as error:  # a scene bug or an encoder failure: report it, exit 1
        click.echo(f"error: rendering failed: {type(error).__name__}: {error}", err=True)
        sys.exit(1)
    click.echo(_summary(result, out_dir))


def _summary(result, out_dir: str) -> str:
    """The last lines of a render: counts, wall time, video seconds made, then every file written."""
    lines = [f"wrote {len(result.written)} file(s), {len(result.up_to_date)} output(s) already up to date, "
             f"under {out_dir}/ in {_duration(result.seconds)} ({_duration(result.video_seconds)} of video rendered)"]
    lines += [f"  {path}" for path in result.written]
    return "\n".join(lines)


def _duration(seconds: float) -> str:
    """'48.2 s' or '6 min 23 s'."""
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s"


@cli.command()
@click.argument("scene_names", nargs=-1, metavar="[SCENE]...")
@data_options
@cost_options
@click.option("--to", "deck_format", type=click.Choice(["html", "pptx", "pdf"]), default="html", show_default=True,
              help="html (reveal.js), pptx (a video per slide, with speaker notes) or pdf (a still per slide).")
@click.option("--one-file", is_flag=True, help="html only: embed the videos in one self-contained file.")
@click.option("--with-lab", is_flag=True, help="html only: end the deck with the lab, live (see `umbral lab`).")
@click.option("--lang", default="en", show_default=True, help="en, es, or both: en,es.")
@click.option("--quality", type=click.Choice(["low", "medium", "high", "4k"]), default="medium", show_default=True)
@click.option("--resolution", help="WIDTHxHEIGHT, overrides --quality.")
@click.option("--fps", type=click.FloatRange(1, 120), help="Frame rate, overrides --quality.")
@click.option("--aspect", type=click.Choice(["16:9", "4:3"]), default="16:9", show_default=True)
@theme_option
@vocabulary_options
@click.option("--preset", type=click.Choice(["veryfast", "medium", "slow"]), default="medium", show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="out", show_default=True,
              help="Decks go to OUT/<dataset>/<lang>/slides.<to>.")
@click.option("-q", "--quiet", is_flag=True, help="Print only errors and the decks written.")
@choice_options
def slides(scene_names, cost_fn, cost_fp, deck_format, one_file, with_lab, lang, quality, resolution, fps, aspect,
           theme, positive_name, negative_name, preset, out_dir, quiet, choose_on, report_on, rule, choice_step,
           target_recall, target_precision, resamples, bootstrap_seed, **data_kwargs) -> None:
    """Build a slide deck through manim-slides, breaking at each story beat (holds, reveals)."""
    from pathlib import Path

    from scenes.publish.registry import LECTURE_ORDER, SCENES

    names = tuple(scene_names) or LECTURE_ORDER
    unknown = [name for name in names if name not in SCENES]
    if unknown:
        _fail(f"unknown scene {unknown[0]!r}; choose from {', '.join(SCENES)} (see `umbral list`)")
    langs = _parse_languages(lang)
    size = _parse_resolution(resolution)
    check_costs(cost_fn, cost_fp)
    if one_file and deck_format != "html":
        click.echo(f"note: --one-file only changes html decks; a {deck_format} deck is always one file")
    if with_lab and deck_format != "html":
        _fail(f"--with-lab needs --to html: a {deck_format} deck cannot hold a live page (use `umbral lab`)")
    if with_lab and cost_fp <= 0:
        _fail("the lab's cost ratio C_FN / C_FP needs --cost-fp > 0; e.g. --cost-fn 10 --cost-fp 1")
    writable_out(out_dir)
    study, dataset = load_with_study(**data_kwargs)

    from data import DataError
    from metrics import VerificationError
    from scenes.facts import facts_for
    from scenes.publish.lecture import dataset_summary
    from scenes.publish.progress import choose_display
    from scenes.publish.registry import unmet_need
    from scenes.publish.slides import build_deck
    from scenes.strings import overridden

    choice = choice_settings(cost_fn, cost_fp, choose_on, report_on, rule, choice_step, target_recall,
                             target_precision, resamples, bootstrap_seed)
    overrides = look_strings(positive_name, negative_name)
    try:
        facts = facts_for(dataset, cost_fn=cost_fn, cost_fp=cost_fp, study=study, choice=choice)
    except DataError as error:
        _fail(str(error))
    except VerificationError as error:
        click.echo(f"error: a number disagrees with scikit-learn, refusing to render: {error}", err=True)
        sys.exit(1)
    unmet = {name: unmet_need(name, dataset_summary(facts)) for name in names}
    if scene_names and any(unmet.values()):
        _fail(f"cannot render {next(reason for reason in unmet.values() if reason)}")
    for reason in filter(None, unmet.values()):
        if not quiet:
            click.echo(f"skipped {reason}")
    names = tuple(name for name in names if not unmet[name])
    try:
        for code in langs:
            if not quiet:
                click.echo(f"building the {deck_format} deck ({code}): {', '.join(names)} ...")
            page = None
            with overridden(overrides):
                if with_lab:
                    from scenes.publish.lab_data import lab_payload
                    from scenes.publish.lab_page import render_lab_page

                    page = render_lab_page(lab_payload(study, dataset, code, cost_fn, cost_fp), theme)
                path = build_deck(names, facts, code, deck_format, Path(out_dir), one_file, quality=quality,
                                  resolution=size, fps=fps, aspect=aspect, preset=preset,
                                  display=choose_display(quiet, echo=click.echo), lab_page=page, theme=theme)
            click.echo(f"wrote {path}")
    except VerificationError as error:
        click.echo(f"error: a number disagrees with scikit-learn, refusing to render: {error}", err=True)
        sys.exit(1)
    except Exception as error:  # a scene bug or a converter failure: report it, exit 1
        click.echo(f"error: building slides failed: {type(error).__name__}: {error}", err=True)
        sys.exit(1)


@cli.command()
@data_options
@cost_options
@click.option("--lang", default="en", show_default=True, help="en, es, or both: en,es.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="out", show_default=True,
              help="The lab goes to OUT/<dataset>/<lang>/lab.html (lab-light.html with --theme light).")
@theme_option
@vocabulary_options
def lab(cost_fn: float, cost_fp: float, lang: str, out_dir: str, theme: str, positive_name, negative_name,
        **data_kwargs) -> None:
    """Write the lab: one offline page where students move θ themselves, with the videos' verified numbers."""
    from pathlib import Path

    langs = _parse_languages(lang)
    check_costs(cost_fn, cost_fp)
    if cost_fp <= 0:
        _fail("the lab's cost ratio C_FN / C_FP needs --cost-fp > 0; e.g. --cost-fn 10 --cost-fp 1")
    writable_out(out_dir)
    request = data_request(data_kwargs)
    study, dataset = load_with_study(**data_kwargs)

    from metrics import VerificationError
    from scenes.publish.gallery import build_gallery
    from scenes.publish.lab import lab_options, write_lab
    from scenes.publish.lecture import data_fingerprint

    fingerprint = data_fingerprint(request)
    words = look_strings(positive_name, negative_name)
    options = lab_options(cost_fn, cost_fp, request.get("model"), request.get("split"), theme, words)
    try:
        for code in langs:
            path = write_lab(study, dataset, code, Path(out_dir), cost_fn, cost_fp, fingerprint, options, theme,
                             words)
            click.echo(f"wrote {path}")
    except VerificationError as error:
        click.echo(f"error: a number disagrees with scikit-learn, refusing to publish it: {error}", err=True)
        sys.exit(1)
    build_gallery(Path(out_dir), theme)


@cli.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.option("--interval", type=click.FloatRange(0.1, 60), default=0.5, show_default=True,
              help="Seconds between checks of the watched files.")
@click.option("--debounce", type=click.FloatRange(0, 60), default=1.0, show_default=True,
              help="Wait until the files have been quiet this long before re-rendering.")
@click.argument("render_args", nargs=-1, type=click.UNPROCESSED)
@click.pass_context
def watch(context: click.Context, interval: float, debounce: float, render_args: tuple[str, ...]) -> None:
    """Re-render when the data file or umbral.toml changes (RENDER_ARGS go to `render`). Ctrl-C stops."""
    from scenes.publish.watch import watch_and_render

    config = context.parent.params.get("config_path") if context.parent else None
    try:
        watch_and_render(list(render_args), config, interval=interval, debounce=debounce, echo=click.echo)
    except KeyboardInterrupt:
        click.echo("stopped watching")


def _prog_name() -> str:
    """'umbral' when run as the installed command, 'render.py' when run as a script."""
    from pathlib import Path

    return "umbral" if Path(sys.argv[0]).name == "umbral" else "render.py"


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; usage errors become one ``error:`` line and exit code 2."""
    try:
        result = cli.main(args=argv, prog_name=_prog_name(), standalone_mode=False)
    except click.UsageError as error:
        hint = f" (see `{error.ctx.command_path} --help`)" if error.ctx else ""
        click.echo(f"error: {error.format_message()}{hint}", err=True)
        return EXIT_BAD_INPUT
    except click.Abort:
        click.echo("interrupted", err=True)
        return 130
    return result if isinstance(result, int) else 0


def run() -> None:
    """The ``umbral`` command: :func:`main`, then leave without tearing down native thread pools.

    pyarrow's CPU thread pool can abort the process while C++ statics are destroyed at exit
    ("terminate called without an active exception", apache/arrow#34314), turning a finished
    run or a one-line error into a crash. Once the Python exit handlers have run and output is
    flushed there is nothing left to tear down, so the process ends with :func:`os._exit`.
    """
    import atexit
    import os

    try:
        code = main()
    except SystemExit as leaving:
        code = leaving.code if isinstance(leaving.code, int) else (0 if leaving.code is None else 1)
        if not isinstance(leaving.code, (int, type(None))):
            click.echo(leaving.code, err=True)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


if __name__ == "__main__":
    run()
