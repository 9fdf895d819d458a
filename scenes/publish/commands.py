"""The work of ``render``, ``slides`` and ``lab``: a checked request in, a :class:`PublishResult` out.

Both doors call these: the command line with the data it loads, a notebook's
:class:`umbral.Lecture` with its verified scores in memory (``study=``). Bad input raises a
one-line :class:`umbral.data.DataError` (exit 2), a number that disagrees with scikit-learn a
``VerificationError`` (exit 1), and any other failure of a render or a deck
:class:`PublishFailed` (exit 1). Manim, pandas and scikit-learn are imported only once there
is something to render or load.
"""

from __future__ import annotations

import time
from pathlib import Path

from umbral.data.dataset import DataError
from umbral.scenes.publish.render_run import PublishResult, dataset_summary, run_lecture

__all__ = ["PublishFailed", "PublishResult", "lab_pages", "lecture_plan", "render_lecture", "slide_decks", "summary"]


class PublishFailed(Exception):
    """A render or a deck failed for another reason than its input (a scene bug, an encoder): exit 1."""


def _stills(names: tuple[str, ...], thresholds: tuple[float, ...], quiet: bool, echo) -> frozenset:
    """The scenes that can make the «at» stills (a DataError when none can)."""
    if not thresholds:
        return frozenset()
    from umbral.scenes.publish.registry import scene_class

    stills = frozenset(name for name in names if scene_class(name).supports_stills())
    without = sorted(set(names) - stills)
    verb = "has" if len(without) == 1 else "have"
    if not stills:
        raise DataError(f"«at»: {', '.join(without)} {verb} no threshold stills; use «format=png» for the last frame")
    if without and not quiet:
        echo(f"note: {', '.join(without)} {verb} no threshold stills; use the png format for the last frame")
    return stills


def _multiclass(request) -> dict:
    """MulticlassConfusion's table of true and predicted classes, as scene keywords."""
    if not request.multiclass:
        return {}
    from umbral.data.multiclass import load_multiclass

    return {"multiclass": load_multiclass(request.multiclass, label_col=request.true_col, pred_col=request.pred_col)}


def render_lecture(request, *, strings: dict, echo, study=None, display=None, in_workers: bool = False
                   ) -> PublishResult:
    """Render what of ``request`` (a :class:`~umbral.scenes.publish.requests.RenderRequest`) is not up to date.

    ``study``: the verified scores in memory (else the request's data is loaded); ``strings``:
    umbral.toml's ``[strings.<lang>]``; ``display`` replaces the one ``request.quiet`` picks;
    ``in_workers`` renders in worker processes even for one job.
    """
    from umbral.metrics import VerificationError
    from umbral.scenes.publish.progress import choose_display

    plan = lecture_plan(request, strings=strings, echo=echo, study=study, in_workers=in_workers)
    try:
        return run_lecture(plan, display=display if display is not None else choose_display(request.quiet, echo=echo))
    except (DataError, VerificationError):
        raise
    except Exception as error:  # a scene bug or an encoder failure: report it, exit 1
        raise PublishFailed(f"rendering failed: {type(error).__name__}: {error}") from error


def lecture_plan(request, *, strings: dict, echo, study=None, in_workers: bool = False):
    """What to render and each output's options (:class:`~umbral.scenes.publish.plan.LectureRequest`)."""
    from umbral.scenes.publish.plan import LectureRequest
    from umbral.scenes.publish.registry import LECTURE_ORDER
    from umbral.scenes.publish.runner import RenderOptions

    names = request.scenes or LECTURE_ORDER
    render_options = RenderOptions(
        quality=request.quality, resolution=request.resolution, fps=request.fps, aspect=request.aspect,
        transparent=request.transparent, out_dir=Path(request.out), at=request.at,
        gif_loop=request.gif_loop == "forever", preset=request.preset, subtitles=request.subtitles,
        scene_kwargs=_multiclass(request), strings=request.strings(strings), theme=request.theme)
    return LectureRequest(scenes=names, langs=request.lang, formats=request.format, options=render_options,
                          data_kwargs=request.data_kwargs(), cost_fn=request.cost_fn, cost_fp=request.cost_fp,
                          thresholds=request.at, force=request.force, jobs=request.jobs,
                          stills_supported=_stills(names, request.at, request.quiet, echo), choice=request.choice(),
                          explicit=bool(request.scenes), in_workers=in_workers, study=study)


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


def slide_decks(request, *, strings: dict, echo, study=None) -> PublishResult:
    """The ``slides`` command: a deck per language of ``request``, breaking at each story beat."""
    started = time.perf_counter()
    if request.one_file and request.to != "html":
        echo(f"note: one file only changes html decks; a {request.to} deck is always one file")
    selected = _loaded(request, study, echo)

    from umbral.metrics import VerificationError
    from umbral.scenes.facts import facts_for
    from umbral.scenes.publish.progress import choose_display
    from umbral.scenes.publish.registry import LECTURE_ORDER, unmet_need
    from umbral.scenes.publish.slides import build_deck
    from umbral.scenes.strings import overridden

    study, dataset = selected
    names = request.scenes or LECTURE_ORDER
    words = request.strings(strings)
    facts = facts_for(dataset, cost_fn=request.cost_fn, cost_fp=request.cost_fp, study=study, choice=request.choice())
    unmet = {name: unmet_need(name, dataset_summary(facts)) for name in names}
    if request.scenes and any(unmet.values()):
        raise DataError(f"cannot render {next(reason for reason in unmet.values() if reason)}")
    skipped = tuple((name, reason) for name, reason in unmet.items() if reason)
    for _, reason in skipped:
        if not request.quiet:
            echo(f"skipped {reason}")
    names = tuple(name for name in names if not unmet[name])
    written = []
    try:
        for code in request.lang:
            if not request.quiet:
                echo(f"building the {request.to} deck ({code}): {', '.join(names)} ...")
            page = None
            with overridden(words):
                if request.with_lab:
                    from umbral.scenes.publish.lab_data import lab_payload
                    from umbral.scenes.publish.lab_page import render_lab_page

                    page = render_lab_page(lab_payload(study, dataset, code, request.cost_fn, request.cost_fp),
                                           request.theme)
                path = build_deck(names, facts, code, request.to, Path(request.out), request.one_file,
                                  quality=request.quality, resolution=request.resolution, fps=request.fps,
                                  aspect=request.aspect, preset=request.preset,
                                  display=choose_display(request.quiet, echo=echo), lab_page=page,
                                  theme=request.theme)
            echo(f"wrote {path}")
            written.append(Path(path))
    except VerificationError:
        raise
    except Exception as error:  # a scene bug or a converter failure: report it, exit 1
        raise PublishFailed(f"building slides failed: {type(error).__name__}: {error}") from error
    return PublishResult(tuple(written), (), time.perf_counter() - started, skipped=skipped)


def lab_pages(request, *, strings: dict, echo, study=None) -> PublishResult:
    """The ``lab`` command: the students' page in every language of ``request``, then the gallery."""
    started = time.perf_counter()
    study, dataset = _loaded(request, study, echo)

    from umbral.scenes.publish.gallery import build_gallery
    from umbral.scenes.publish.lab import lab_options, write_lab
    from umbral.scenes.publish.manifest import study_fingerprint

    fingerprint = study_fingerprint(study)
    words = request.strings(strings)
    settings = lab_options(request.cost_fn, request.cost_fp, request.model, request.split, request.theme, words)
    written = []
    for code in request.lang:
        path = write_lab(study, dataset, code, Path(request.out), request.cost_fn, request.cost_fp, fingerprint,
                         settings, request.theme, words)
        echo(f"wrote {path}")
        written.append(Path(path))
    build_gallery(Path(request.out), request.theme)
    return PublishResult(tuple(written), (), time.perf_counter() - started)


def _loaded(request, study, echo) -> tuple:
    """(study, the dataset the request shows): ``study`` as given, else the request's data loaded."""
    if study is not None:
        return study, study.select(request.model, request.split)
    from umbral.data.request import load_request

    study, dataset = load_request(request)
    if dataset.rows_read:
        echo(dataset.rows_read)
    return study, dataset
