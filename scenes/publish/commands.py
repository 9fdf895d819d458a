"""The work of ``render``, ``slides`` and ``lab``: check the options, load, verify, write, say what was written.

render.py only wires click to these. Bad input raises a one-line :class:`umbral.data.DataError`
(exit 2), a number that disagrees with scikit-learn a ``VerificationError`` (exit 1), and
any other failure of a render or a deck :class:`PublishFailed` (exit 1). Manim, pandas
and scikit-learn are imported only once there is something to render or load.
"""

from __future__ import annotations

from pathlib import Path

from umbral.data.dataset import DataError
from umbral.data.request import check_costs, data_request, load_with_study
from umbral.scenes.publish.inside import check_out_dir
from umbral.scenes.publish.options import (
    FORMATS,
    look_strings,
    parse_choices,
    parse_languages,
    parse_resolution,
    parse_thresholds,
    scene_names,
)

__all__ = ["PublishFailed", "lab_pages", "lecture_request", "render_lecture", "render_scenes", "slide_decks", "summary"]

_LAB_COST = "the lab's cost ratio C_FN / C_FP needs --cost-fp > 0; e.g. --cost-fn 10 --cost-fp 1"


class PublishFailed(Exception):
    """A render or a deck failed for another reason than its input (a scene bug, an encoder): exit 1."""


def _stills(names: tuple[str, ...], thresholds: tuple[float, ...], quiet: bool, echo) -> frozenset:
    """The scenes that can make the ``--at`` stills (a DataError when none can)."""
    if not thresholds:
        return frozenset()
    from umbral.scenes.publish.registry import scene_class

    stills = frozenset(name for name in names if scene_class(name).supports_stills)
    without = sorted(set(names) - stills)
    verb = "has" if len(without) == 1 else "have"
    if not stills:
        raise DataError(f"--at: {', '.join(without)} {verb} no threshold stills; use --format png for the last frame")
    if without and not quiet:
        echo(f"note: {', '.join(without)} {verb} no threshold stills; use --format png for the last frame")
    return stills


def _multiclass(path: str | None, pred_col: str | None, true_col: str | None) -> dict:
    """MulticlassConfusion's table of true and predicted classes, as scene keywords."""
    if path:
        from umbral.data.multiclass import load_multiclass

        return {"multiclass": load_multiclass(path, label_col=true_col, pred_col=pred_col)}
    if pred_col or true_col:
        raise DataError("--pred-col and --true-col need --multiclass FILE (the table of true and predicted classes)")
    return {}


def render_scenes(given_scenes, **options) -> str:
    """The ``render`` command: render what is not up to date; return the summary (see :func:`summary`)."""
    return summary(render_lecture(given_scenes, **options), options["out_dir"])


def render_lecture(given_scenes, cost_fn, cost_fp, lang, quality, resolution, fps, fmt, aspect, theme, positive_name,
                   negative_name, transparent, out_dir, at, gif_loop, preset, no_subtitles, force, jobs,
                   multiclass_path, pred_col, true_col, quiet, overrides: dict, echo, in_workers: bool = False,
                   display=None, **options):
    """Render what is not up to date; the :class:`~umbral.scenes.publish.render_run.LectureResult`.

    ``options``: the choice options and the data options, as click passes them. ``display``
    replaces the one ``quiet`` picks; ``in_workers`` renders in worker processes even for one job.
    """
    from umbral.metrics import VerificationError
    from umbral.scenes.publish.progress import choose_display
    from umbral.scenes.publish.render_run import run_lecture

    request = lecture_request(
        given_scenes, cost_fn, cost_fp, lang, quality, resolution, fps, fmt, aspect, theme, positive_name,
        negative_name, transparent, out_dir, at, gif_loop, preset, no_subtitles, force, jobs, multiclass_path,
        pred_col, true_col, quiet, overrides, echo, in_workers, **options)
    try:
        return run_lecture(request, display=display if display is not None else choose_display(quiet, echo=echo))
    except (DataError, VerificationError):
        raise
    except Exception as error:  # a scene bug or an encoder failure: report it, exit 1
        raise PublishFailed(f"rendering failed: {type(error).__name__}: {error}") from error


def lecture_request(given_scenes, cost_fn, cost_fp, lang, quality, resolution, fps, fmt, aspect, theme, positive_name,
                    negative_name, transparent, out_dir, at, gif_loop, preset, no_subtitles, force, jobs,
                    multiclass_path, pred_col, true_col, quiet, overrides: dict, echo, in_workers: bool = False,
                    **options):
    """The :class:`~umbral.scenes.publish.plan.LectureRequest` of ``render``'s options, checked (DataError if not)."""
    import math

    from umbral.metrics.published import choice_settings

    names = scene_names(given_scenes)
    langs = parse_languages(lang)
    formats = parse_choices(fmt, FORMATS, "--format")
    if transparent and set(formats) - {"webm", "mov"}:
        raise DataError("--transparent needs --format webm or --format mov (mp4 and gif have no alpha)")
    thresholds = parse_thresholds(at)
    size = parse_resolution(resolution)
    check_costs(cost_fn, cost_fp)
    if fps is not None and not math.isfinite(fps):
        raise DataError("--fps must be a number such as 30")
    check_out_dir(out_dir)

    from umbral.scenes.publish.render_run import LectureRequest
    from umbral.scenes.publish.runner import RenderOptions

    stills = _stills(names, thresholds, quiet, echo)
    render_options = RenderOptions(
        quality=quality, resolution=size, fps=fps, aspect=aspect, transparent=transparent, out_dir=Path(out_dir),
        at=thresholds, gif_loop=gif_loop == "forever", preset=preset, subtitles=not no_subtitles,
        scene_kwargs=_multiclass(multiclass_path, pred_col, true_col),
        strings=look_strings(positive_name, negative_name, overrides), theme=theme)
    choice = choice_settings(cost_fn, cost_fp, options)
    request = LectureRequest(scenes=names, langs=langs, formats=formats, options=render_options,
                             data_kwargs=data_request(options), cost_fn=cost_fn, cost_fp=cost_fp,
                             thresholds=thresholds, force=force, jobs=jobs, stills_supported=stills, choice=choice,
                             explicit=bool(given_scenes), in_workers=in_workers)
    return request


def summary(result, out_dir: str) -> str:
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


def slide_decks(given_scenes, cost_fn, cost_fp, deck_format, one_file, with_lab, lang, quality, resolution, fps,
                aspect, theme, positive_name, negative_name, preset, out_dir, quiet, overrides: dict, echo,
                **options) -> None:
    """The ``slides`` command: a deck per language, breaking at each story beat; ``echo`` says what was written."""
    from umbral.metrics.published import choice_settings

    names = scene_names(given_scenes)
    langs = parse_languages(lang)
    size = parse_resolution(resolution)
    check_costs(cost_fn, cost_fp)
    if one_file and deck_format != "html":
        echo(f"note: --one-file only changes html decks; a {deck_format} deck is always one file")
    if with_lab and deck_format != "html":
        raise DataError(f"--with-lab needs --to html: a {deck_format} deck cannot hold a live page (use `umbral lab`)")
    if with_lab and cost_fp <= 0:
        raise DataError(_LAB_COST)
    check_out_dir(out_dir)
    choice = choice_settings(cost_fn, cost_fp, options)
    study, dataset = load_with_study(**options)

    from umbral.metrics import VerificationError
    from umbral.scenes.facts import facts_for
    from umbral.scenes.publish.progress import choose_display
    from umbral.scenes.publish.registry import unmet_need
    from umbral.scenes.publish.render_run import dataset_summary
    from umbral.scenes.publish.slides import build_deck
    from umbral.scenes.strings import overridden

    words = look_strings(positive_name, negative_name, overrides)
    facts = facts_for(dataset, cost_fn=cost_fn, cost_fp=cost_fp, study=study, choice=choice)
    unmet = {name: unmet_need(name, dataset_summary(facts)) for name in names}
    if given_scenes and any(unmet.values()):
        raise DataError(f"cannot render {next(reason for reason in unmet.values() if reason)}")
    for reason in filter(None, unmet.values()):
        if not quiet:
            echo(f"skipped {reason}")
    names = tuple(name for name in names if not unmet[name])
    try:
        for code in langs:
            if not quiet:
                echo(f"building the {deck_format} deck ({code}): {', '.join(names)} ...")
            page = None
            with overridden(words):
                if with_lab:
                    from umbral.scenes.publish.lab_data import lab_payload
                    from umbral.scenes.publish.lab_page import render_lab_page

                    page = render_lab_page(lab_payload(study, dataset, code, cost_fn, cost_fp), theme)
                path = build_deck(names, facts, code, deck_format, Path(out_dir), one_file, quality=quality,
                                  resolution=size, fps=fps, aspect=aspect, preset=preset,
                                  display=choose_display(quiet, echo=echo), lab_page=page, theme=theme)
            echo(f"wrote {path}")
    except VerificationError:
        raise
    except Exception as error:  # a scene bug or a converter failure: report it, exit 1
        raise PublishFailed(f"building slides failed: {type(error).__name__}: {error}") from error


def lab_pages(cost_fn: float, cost_fp: float, lang: str, out_dir: str, theme: str, positive_name, negative_name,
              overrides: dict, echo, **data_kwargs) -> None:
    """The ``lab`` command: the students' page in every language, then the gallery; ``echo`` says what was written."""
    langs = parse_languages(lang)
    check_costs(cost_fn, cost_fp)
    if cost_fp <= 0:
        raise DataError(_LAB_COST)
    check_out_dir(out_dir)
    request = data_request(data_kwargs)
    study, dataset = load_with_study(**data_kwargs)
    if dataset.rows_read:
        echo(dataset.rows_read)

    from umbral.scenes.publish.gallery import build_gallery
    from umbral.scenes.publish.lab import lab_options, write_lab
    from umbral.scenes.publish.render_run import data_fingerprint

    fingerprint = data_fingerprint(request)
    words = look_strings(positive_name, negative_name, overrides)
    lab_settings = lab_options(cost_fn, cost_fp, request.get("model"), request.get("split"), theme, words)
    for code in langs:
        path = write_lab(study, dataset, code, Path(out_dir), cost_fn, cost_fp, fingerprint, lab_settings, theme, words)
        echo(f"wrote {path}")
    build_gallery(Path(out_dir), theme)
