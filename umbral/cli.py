"""umbral's command line: report, trace, export scores and render lecture scenes.

Only the click wiring: the options, and which function does each command's work
(umbral.data.request, umbral.metrics.published, umbral.scenes.publish.commands). That work raises a one-line
DataError for bad input (``error: ...``, exit 2) and VerificationError when a number
disagrees with scikit-learn (exit 1). Manim, pandas and scikit-learn are imported only by
the commands that need them, so ``--help`` and ``report`` start fast.
"""

from __future__ import annotations

import sys
from dataclasses import MISSING, fields

import click

from umbral.scenes.publish.requests import (
    CLI,
    OPTIONS,
    BatchRequest,
    LabRequest,
    RenderRequest,
    ReportRequest,
    ScoresRequest,
    SlidesRequest,
    TomlDoor,
    TraceRequest,
    build,
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

    from umbral.scenes.publish.config import CONFIG_NAME, Config, read_config

    path = Path(config_path) if config_path else Path(CONFIG_NAME)
    # Without a file, an empty config: no values under the flags, no strings.
    context.obj = read_config(path) if config_path or path.is_file() else Config({}, TomlDoor(path=path))
    if context.invoked_subcommand is None:
        context.invoke(render)


def options_of(request_type, *, first: tuple[str, ...] = (), skip: tuple[str, ...] = (), helps: dict | None = None):
    """Click options for every option of ``request_type`` (:data:`OPTIONS`), ``first`` ones first in ``--help``.

    They hand click's strings to :func:`build` unchecked: each check lives once, in the option's table.
    """
    defaults = {field.name: field.default for field in fields(request_type)}
    names = list(dict.fromkeys(name for name in (*first, *OPTIONS) if name in defaults and name not in skip))

    def decorate(command):
        for name in reversed(names):
            spec, default = OPTIONS[name], defaults[name]
            declared = [spec.flag, *([spec.short] if spec.short else []), name]
            help_text = (helps or {}).get(name, spec.help)
            if not (spec.switch or default is None or default is MISSING or default == ()):  # the request's own
                shown = ",".join(default) if isinstance(default, tuple) else default
                help_text = f"{help_text}  [default: {shown}]".strip()
            if spec.switch:
                value = not spec.flag.startswith("--no-")
                command = click.option(*declared, flag_value=value, default=None, help=help_text or None)(command)
            else:
                command = click.option(*declared, multiple=spec.repeat, metavar=spec.metavar,
                                       help=help_text or None)(command)
        return command
    return decorate


def _config():
    """The run's umbral.toml, checked (:class:`~umbral.scenes.publish.config.Config`; empty without one)."""
    return click.get_current_context().find_root().obj


def build_request(request_type, given: dict):
    """``request_type`` from the flags ``given`` over umbral.toml's values (if there is one)."""
    return build(request_type, given, CLI, under=(_config().options(request_type),))


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
@options_of(ReportRequest)
def report(**given) -> None:
    """Every metric at one threshold, verified against scikit-learn.

    With splits (train/validation/test), also every model's θ chosen on one split and
    reported on another, next to θ = 0.5, the peeking θ and the wobble of θ. Always, how
    calibrated each model's scores are on each split; with --calibrate, the cost rule's θ
    before and after recalibrating on the choose-on split.
    """
    from umbral.data.request import load_request
    from umbral.report_tables import report_output

    request = build_request(ReportRequest, given)
    study, dataset = load_request(request)
    click.echo(report_output(study, dataset, request.threshold, request.choice(), request.json, request.grid_step,
                             request.calibration()))


@cli.command()
@options_of(TraceRequest, helps={"json": "Print JSON (the default is a table)."})
def trace(**given) -> None:
    """The counts and rates at each of the 51 grid thresholds 0.00..1.00."""
    from umbral.data.request import load_request
    from umbral.report_tables import trace_output

    request = build_request(TraceRequest, given)
    dataset = load_request(request)[1]
    if dataset.rows_read:  # on stderr under --json, so the JSON stays one document
        click.echo(dataset.rows_read, err=request.json)
    click.echo(trace_output(dataset, request.json))


@cli.command()
@options_of(ScoresRequest, helps={"out": "File to write: .json (with the name and provenance), .csv or .parquet."})
def scores(**given) -> None:
    """Export the validated scores of every model on every split (split, model, y_true, y_score) with provenance."""
    from umbral.data.request import export_study

    click.echo(export_study(build_request(ScoresRequest, given)))


_RENDER_HELP = {"out": "Output folder: OUT/<dataset>/<lang>/<Scene>.<ext>."}


@cli.command()
@click.argument("scenes", nargs=-1, metavar="[SCENE]...")
@options_of(RenderRequest, skip=("scenes",), helps=_RENDER_HELP)
def render(**given) -> None:
    """Render scenes (default: the whole lecture, in order) into OUT; skip what is up to date."""
    from umbral.scenes.publish.commands import render_lecture, summary

    request = build_request(RenderRequest, given)
    click.echo(summary(render_lecture(request, strings=_config().strings, echo=click.echo), request.out))


@cli.command()
@click.argument("scenes", nargs=-1, metavar="[SCENE]...")
@options_of(SlidesRequest, first=("data",), skip=("scenes",),
            helps={"out": "Decks go to OUT/<dataset>/<lang>/slides.<to>.",
                   "quiet": "Print only errors and the decks written."})
def slides(**given) -> None:
    """Build a slide deck through manim-slides, breaking at each story beat (holds, reveals)."""
    from umbral.scenes.publish.commands import slide_decks

    slide_decks(build_request(SlidesRequest, given), strings=_config().strings, echo=click.echo)


@cli.command()
@options_of(LabRequest, first=("data",),
            helps={"out": "The lab goes to OUT/<dataset>/<lang>/lab.html (lab-light.html with --theme light)."})
def lab(**given) -> None:
    """Write the lab: one offline page where students move θ themselves, with the videos' verified numbers."""
    from umbral.scenes.publish.commands import lab_pages

    lab_pages(build_request(LabRequest, given), strings=_config().strings, echo=click.echo)


@cli.command()
@click.argument("course", metavar="COURSE.toml")
@options_of(BatchRequest, skip=("course",), helps={"jobs": "Local processes (overrides the file's jobs).",
                                                  "quiet": "Print only the plan line, errors and the summary."})
def batch(**given) -> None:
    """A whole course from one file: every dataset x language x theme x scene x format, skipping what is up to date."""
    from umbral.scenes.publish.batch import read_course, run_course, summary
    from umbral.scenes.publish.commands import PublishFailed
    from umbral.scenes.publish.progress import LiveDisplay, choose_display

    request = build(BatchRequest, given, CLI)
    course = read_course(request.course)
    display = choose_display(request.quiet, echo=click.echo)
    if isinstance(display, LiveDisplay):
        display.title = "course"
    result = run_course(course, display, dry_run=request.dry_run, fail_fast=request.fail_fast,
                        scheduler=request.scheduler, jobs=request.jobs, force=request.force, echo=click.echo)
    click.echo(summary(result, course.values.get("out", "out"), request.dry_run))
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

