"""umbral's command line: report, trace, export scores and render lecture scenes.

Only the click wiring: the options, and which function does each command's work
(umbral.data.request, umbral.metrics.published, umbral.scenes.publish.commands). That work raises a one-line
DataError for bad input (``error: ...``, exit 2) and VerificationError when a number
disagrees with scikit-learn (exit 1). Manim, pandas and scikit-learn are imported only by
the commands that need them, so ``--help`` and ``report`` start fast.
"""

from __future__ import annotations

import sys

import click

from umbral.scenes.publish.cli_options import (
    calibration_options,
    choice_options,
    cost_options,
    data_options,
    frame_options,
    lang_option,
    look_options,
)

EXIT_BAD_INPUT = 2


#: The commands whose line for a number scikit-learn disputes says "refusing to render" (None: the lecture).
RENDERING = (None, "render", "slides")


class Group(click.Group):
    """umbral's commands, keeping the error contract inside the click invocation (so CliRunner sees it too)."""

    def invoke(self, ctx: click.Context):
        """Run the command; DataError -> ``error: ...``, exit 2; VerificationError, PublishFailed -> exit 1."""
        from umbral.data import DataError
        from umbral.metrics import VerificationError
        from umbral.scenes.publish.commands import PublishFailed
        from umbral.scenes.publish.config import ConfigError

        try:
            return super().invoke(ctx)
        except (DataError, ConfigError) as error:
            message, code = str(error), EXIT_BAD_INPUT
        except VerificationError as error:
            what = "render" if ctx.invoked_subcommand in RENDERING else "publish it"
            message, code = f"a number disagrees with scikit-learn, refusing to {what}: {error}", 1
        except PublishFailed as error:
            message, code = str(error), 1
        click.echo(f"error: {message}", err=True)
        sys.exit(code)


def version() -> str:
    """The version of umbral: the installed package's, or pyproject.toml's when run from a checkout."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed_version

    try:
        return installed_version("umbral")
    except PackageNotFoundError:
        import tomllib
        from pathlib import Path

        pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
        return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]


@click.group(cls=Group, invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=version(), prog_name="umbral", message="%(prog)s %(version)s")
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="Project settings (default: ./umbral.toml if present). Flags override it.")
@click.pass_context
def cli(context: click.Context, config_path: str | None) -> None:
    """Turn a classifier's scores into lecture-ready animations.

    Run with no command to render the default lecture into out/.
    """
    from pathlib import Path

    from umbral.scenes.publish.config import CONFIG_NAME, check_values, default_map, read_config, string_overrides

    path = Path(config_path) if config_path else Path(CONFIG_NAME)
    context.obj = {"strings": {}}
    if config_path or path.is_file():
        values = read_config(path)
        check_values(path, values, cli.commands)
        context.default_map = default_map(values)
        context.obj["strings"] = string_overrides(values)
    if context.invoked_subcommand is None:
        context.invoke(render)


def _string_overrides() -> dict:
    """umbral.toml's ``[strings.<lang>]`` tables, as cli() read them ({} without a config)."""
    return (click.get_current_context().find_root().obj or {}).get("strings", {})


@cli.command("list")
def list_command() -> None:
    """List the scenes and built-in datasets."""
    from umbral.data import BUILTINS
    from umbral.scenes.publish.registry import SCENES

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
@calibration_options
@click.option("--threshold", type=click.FloatRange(0.0, 1.0), default=0.5, show_default=True,
              help="Decision threshold: positive iff score >= threshold.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--grid-step", type=click.Choice(["0.02", "0.01"]), default="0.02", show_default=True,
              help="The thresholds the rules pick from: the lecture's 0.02 steps, or hundredths (the lab's).")
def report(threshold: float, cost_fn: float, cost_fp: float, as_json: bool, grid_step: str, **options) -> None:
    """Every metric at one threshold, verified against scikit-learn.

    With splits (train/validation/test), also every model's θ chosen on one split and
    reported on another, next to θ = 0.5, the peeking θ and the wobble of θ. Always, how
    calibrated each model's scores are on each split; with --calibrate, the cost rule's θ
    before and after recalibrating on the choose-on split.
    """
    from umbral.data.request import check_costs, check_threshold, load_with_study
    from umbral.metrics.published import calibration_settings, choice_settings
    from umbral.report_tables import report_output

    settings = choice_settings(cost_fn, cost_fp, options)
    calibration = calibration_settings(options)
    study, dataset = load_with_study(**options)
    check_costs(cost_fn, cost_fp)
    check_threshold(threshold)
    click.echo(report_output(study, dataset, threshold, settings, as_json, grid_step, calibration))


@cli.command()
@data_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the default is a table).")
def trace(as_json: bool, **data_kwargs) -> None:
    """The counts and rates at each of the 51 grid thresholds 0.00..1.00."""
    from umbral.data.request import load_with_study
    from umbral.report_tables import trace_output

    dataset = load_with_study(**data_kwargs)[1]
    if dataset.rows_read:  # on stderr under --json, so the JSON stays one document
        click.echo(dataset.rows_read, err=as_json)
    click.echo(trace_output(dataset, as_json))


@cli.command()
@data_options
@click.option("--out", "out_path", required=True, type=click.Path(dir_okay=False),
              help="File to write: .json (with the name and provenance), .csv or .parquet.")
def scores(out_path: str, **data_kwargs) -> None:
    """Export the validated scores of every model on every split (split, model, y_true, y_score) with provenance."""
    from umbral.data.request import export_study

    click.echo(export_study(out_path, **data_kwargs))


@cli.command()
@click.argument("scene_names", nargs=-1, metavar="[SCENE]...")
@data_options
@cost_options
@frame_options(
    "lang", "quality", "resolution", "fps",
    click.option("--format", "fmt", default="mp4", show_default=True,
                 help="mp4, gif, png (last frame), webm or mov; several with commas: mp4,gif."),
    "aspect", "look",
    click.option("--transparent", is_flag=True, help="Transparent background (webm or mov only)."),
    "out",
    click.option("--at", "at", help="PNG stills at these thresholds instead of a video, e.g. 0.3,0.5."),
    click.option("--gif-loop", type=click.Choice(["forever", "once"]), default="forever", show_default=True),
    "preset",
    click.option("--no-subtitles", is_flag=True, help="Do not write .srt/.vtt subtitles (the transcript stays)."),
    click.option("--force", is_flag=True, help="Render even outputs that are up to date."),
    click.option("-j", "--jobs", type=click.IntRange(1, 32), default=1, show_default=True,
                 help="Render in N processes."),
    click.option("--multiclass", "multiclass_path", type=click.Path(dir_okay=False),
                 help="MulticlassConfusion: a table of true and predicted classes (3 to 6 classes)."),
    click.option("--pred-col", help="MulticlassConfusion: the predicted-class column of --multiclass."),
    click.option("--true-col", help="MulticlassConfusion: the true-class column of --multiclass (auto-detected)."),
    "quiet", detailed=True, out_help="Output folder: OUT/<dataset>/<lang>/<Scene>.<ext>.",
    quiet_help="Print only errors and the final summary.")
@choice_options
def render(scene_names: tuple[str, ...], **options) -> None:
    """Render scenes (default: the whole lecture, in order) into OUT; skip what is up to date."""
    from umbral.scenes.publish.commands import render_scenes

    click.echo(render_scenes(scene_names, overrides=_string_overrides(), echo=click.echo, **options))


@cli.command()
@click.argument("scene_names", nargs=-1, metavar="[SCENE]...")
@data_options
@cost_options
@click.option("--to", "deck_format", type=click.Choice(["html", "pptx", "pdf"]), default="html", show_default=True,
              help="html (reveal.js), pptx (a video per slide, with speaker notes) or pdf (a still per slide).")
@click.option("--one-file", is_flag=True, help="html only: embed the videos in one self-contained file.")
@click.option("--with-lab", is_flag=True, help="html only: end the deck with the lab, live (see `umbral lab`).")
@frame_options("lang", "quality", "resolution", "fps", "aspect", "look", "preset", "out", "quiet", detailed=False,
               out_help="Decks go to OUT/<dataset>/<lang>/slides.<to>.",
               quiet_help="Print only errors and the decks written.")
@choice_options
def slides(scene_names: tuple[str, ...], **options) -> None:
    """Build a slide deck through manim-slides, breaking at each story beat (holds, reveals)."""
    from umbral.scenes.publish.commands import slide_decks

    slide_decks(scene_names, overrides=_string_overrides(), echo=click.echo, **options)


@cli.command()
@data_options
@cost_options
@lang_option
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="out", show_default=True,
              help="The lab goes to OUT/<dataset>/<lang>/lab.html (lab-light.html with --theme light).")
@look_options
def lab(**options) -> None:
    """Write the lab: one offline page where students move θ themselves, with the videos' verified numbers."""
    from umbral.scenes.publish.commands import lab_pages

    lab_pages(overrides=_string_overrides(), echo=click.echo, **options)


@cli.command()
@click.argument("course_file", metavar="COURSE.toml", type=click.Path(dir_okay=False))
@click.option("--dry-run", is_flag=True, help="Print the plan (and what would render), render nothing.")
@click.option("--fail-fast", is_flag=True, help="Stop at the first failed job (running jobs finish and are kept).")
@click.option("--scheduler", metavar="tcp://HOST:PORT",
              help="Render on this Dask scheduler's workers (pip install 'umbral[dask]'; they need OUT at the same "
                   "path). Overrides the file's scheduler.")
@click.option("-j", "--jobs", type=click.IntRange(1, 32), help="Local processes (overrides the file's jobs).")
@click.option("--force", is_flag=True, help="Render even outputs that are up to date.")
@click.option("-q", "--quiet", is_flag=True, help="Print only the plan line, errors and the summary.")
def batch(course_file: str, dry_run: bool, fail_fast: bool, scheduler: str | None, jobs: int | None, force: bool,
          quiet: bool) -> None:
    """A whole course from one file: every dataset x language x theme x scene x format, skipping what is up to date."""
    from umbral.scenes.publish.batch import read_course, run_course, summary
    from umbral.scenes.publish.commands import PublishFailed
    from umbral.scenes.publish.progress import LiveDisplay, choose_display

    course = read_course(course_file, cli.commands)
    if scheduler is not None:
        from umbral.scenes.publish.batch import check_scheduler

        check_scheduler(scheduler)
    display = choose_display(quiet, echo=click.echo)
    if isinstance(display, LiveDisplay):
        display.title = "course"
    result = run_course(course, cli.commands, display, dry_run=dry_run, fail_fast=fail_fast, scheduler=scheduler,
                        jobs=jobs, force=force, echo=click.echo)
    click.echo(summary(result, course.values.get("out", "out"), dry_run))
    if result.failed or result.not_run:
        raise PublishFailed(f"{len(result.failed)} of {result.jobs} job(s) failed: "
                            + ", ".join(str(path) for path, _ in result.failed))


@cli.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.option("--interval", type=click.FloatRange(0.1, 60), default=0.5, show_default=True,
              help="Seconds between checks of the watched files.")
@click.option("--debounce", type=click.FloatRange(0, 60), default=1.0, show_default=True,
              help="Wait until the files have been quiet this long before re-rendering.")
@click.argument("render_args", nargs=-1, type=click.UNPROCESSED)
@click.pass_context
def watch(context: click.Context, interval: float, debounce: float, render_args: tuple[str, ...]) -> None:
    """Re-render when the data file or umbral.toml changes (RENDER_ARGS go to `render`). Ctrl-C stops."""
    from umbral.scenes.publish.watch import watch_and_render

    config = context.parent.params.get("config_path") if context.parent else None
    try:
        watch_and_render(list(render_args), config, interval=interval, debounce=debounce, echo=click.echo)
    except KeyboardInterrupt:
        click.echo("stopped watching")


def _prog_name() -> str:
    """'umbral' as the installed command, 'python -m umbral' as a module, 'render.py' as a checkout's script."""
    from pathlib import Path

    name = Path(sys.argv[0]).name
    return {"umbral": "umbral", "__main__.py": "python -m umbral"}.get(name, "render.py")


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

