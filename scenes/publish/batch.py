"""``umbral batch course.toml``: a whole course (datasets x languages x themes x scenes x formats) in one run.

The course file holds umbral.toml's keys, checked as umbral.toml checks them (one line naming
the file, the line, the key and what it must be; exit 2), plus ``datasets`` (names or paths,
relative to the file, or tables with their raw-table options), ``theme`` as a list and
``scheduler``. Every job is planned first, each dataset loaded and verified once (only when a
job needs it), up-to-date outputs skipped through the manifests, and one plan line printed.
Then the jobs run on this machine's ``-j N`` pool or on a Dask cluster (:mod:`umbral.scenes.publish.cluster`);
each finished job is recorded at once, a failed one is named in the summary and undone
(its old output kept), and the others go on unless ``--fail-fast``.
"""

from __future__ import annotations

import re
import time
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from umbral.scenes.publish.config import KEYS, ConfigError, _check_noun, _resolve_files, check_values, default_map

__all__ = ["Course", "CourseResult", "check_scheduler", "plan_course", "read_course", "run_course", "summary"]

#: Keys a dataset's table may hold: the data options, the class names and the costs.
DATASET_KEYS = ("data", "label_col", "score_col", "split_col", "model_name", "models", "splits", "model", "split",
                "positive", "target", "seed", "n", "prevalence", "separation", "rescale",
                "positive_name", "negative_name", "cost_fn", "cost_fp")
#: Only a dataset's table may hold these.
_DATA_ONLY = frozenset(DATASET_KEYS) - {"positive_name", "negative_name", "cost_fn", "cost_fp"}
#: The batch file's own keys on top of umbral.toml's render keys.
BATCH_KEYS = ("datasets", "scheduler", "theme")
_SCHEDULER = re.compile(r"tcp://[A-Za-z0-9.\-\[\]:]+:\d{1,5}")


@dataclass(frozen=True)
class Course:
    """A checked course file: the datasets' tables, the themes, the other values, the scheduler (or None)."""

    path: Path
    datasets: tuple[dict, ...]
    themes: tuple[str, ...]
    values: dict
    scheduler: str | None


def _line_of(lines: list[str], key: str, dataset: int | None = None) -> int:
    """The line (from 1) defining ``key``: at the top, or in the ``dataset``-th entry of ``datasets``."""
    pattern = re.compile(rf'(^|[{{,\s])"?{re.escape(key)}"?\s*=')
    start, header = 0, re.compile(r"^\s*\[")
    if dataset is not None:
        tables = [i for i, line in enumerate(lines) if re.match(r"^\s*\[\[\s*datasets\s*\]\]", line)]
        if dataset < len(tables):
            start = tables[dataset]
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


def read_course(path: Path, commands: dict) -> Course:
    """The checked course file at ``path`` (``commands``: umbral's click commands, whose types check the values)."""
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path} is not UTF-8 text (byte 0x{error.object[error.start]:02x} at offset "
                          f"{error.start}); re-save it as UTF-8") from None
    try:
        values = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML ({error}); fix the line it names") from None
    lines = text.splitlines()
    render_keys = {key for key, (_, names) in KEYS.items() if "render" in names or key == "strings"}
    known = sorted((render_keys - _DATA_ONLY) | set(BATCH_KEYS))
    for key in values:
        where = f"{path}:{_line_of(lines, key)}"
        if key in _DATA_ONLY:
            raise ConfigError(f"{where}: {key!r} belongs to a dataset: datasets = [{{ data = \"...\", {key} = ... }}]")
        if key not in known:
            raise ConfigError(f"{where}: unknown key {key!r}; known keys: {', '.join(known)}")
    top = _resolve_files(path, {k: v for k, v in values.items() if k not in BATCH_KEYS})
    top.setdefault("out", "out")
    if isinstance(top["out"], str) and not Path(top["out"]).is_absolute():
        top["out"] = str(path.parent / top["out"])  # the course's output folder, wherever umbral runs
    for key, value in top.items():
        _check(path, lines, key, value, commands)
    datasets = _datasets(path, lines, values.get("datasets"), commands)
    themes = _themes(path, lines, values.get("theme", "dark"), commands)
    scheduler = values.get("scheduler")
    if scheduler is not None and not (isinstance(scheduler, str) and _SCHEDULER.fullmatch(scheduler)):
        raise ConfigError(f"{path}:{_line_of(lines, 'scheduler')}: scheduler = {scheduler!r}: must be text "
                          "\"tcp://HOST:PORT\", e.g. \"tcp://127.0.0.1:8786\"")
    return Course(path, datasets, themes, top, scheduler)


def check_scheduler(address: str) -> None:
    """A :class:`ConfigError` unless ``address`` reads ``tcp://HOST:PORT``."""
    if not _SCHEDULER.fullmatch(address):
        raise ConfigError(f"--scheduler {address!r}: must be tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786")


def _check(path: Path, lines: list[str], key: str, value, commands: dict, dataset: int | None = None) -> None:
    """One value checked as umbral.toml checks it, the error naming the file and line."""
    where = f"{path}:{_line_of(lines, key, dataset)}"
    if key == "strings":
        from umbral.scenes.strings import LocaleError, check_overrides

        try:
            check_overrides(value)
        except LocaleError as error:
            raise ConfigError(f"{where}: {error}") from None
        return
    if key in ("positive_name", "negative_name"):
        _check_noun(where, key, value)
        return
    if isinstance(value, dict):
        raise ConfigError(f"{where}: {key!r} must be a value, not a table")
    if key == "scenes":
        from umbral.scenes.publish.registry import SCENES

        if not (isinstance(value, list) and value and all(isinstance(v, str) for v in value)):
            raise ConfigError(f"{where}: 'scenes' must be a list of scene names, e.g. [\"ThresholdSweep\"]")
        unknown = [name for name in value if name not in SCENES]
        if unknown:
            raise ConfigError(f"{where}: unknown scene {unknown[0]!r}; choose from {', '.join(SCENES)}")
        return
    check_values(where, {key: value}, commands)


def _datasets(path: Path, lines: list[str], given, commands: dict) -> tuple[dict, ...]:
    """``datasets = ["clinic20", { data = "pima.csv", target = "Outcome" }]``, each table checked."""
    where = f"{path}:{_line_of(lines, 'datasets')}"
    if given is None:
        raise ConfigError(f"{path}: no 'datasets'; list them, e.g. datasets = [\"clinic20\", \"screening8\"]")
    if not isinstance(given, list) or not given:
        raise ConfigError(f"{where}: datasets must be a list of names, paths or tables, "
                          "e.g. [\"clinic20\", { data = \"pima.csv\", target = \"Outcome\" }]")
    tables = []
    for number, item in enumerate(given):
        table = {"data": item} if isinstance(item, str) else item
        if not isinstance(table, dict):
            raise ConfigError(f"{where}: dataset {number + 1} must be a name, a path or a table, "
                              f"not {type(item).__name__}")
        for key in table:
            if key not in DATASET_KEYS:
                raise ConfigError(f"{path}:{_line_of(lines, key, number)}: unknown key {key!r} in dataset "
                                  f"{number + 1}; a dataset takes {', '.join(DATASET_KEYS)}")
        if not isinstance(table.get("data"), str) or not table["data"].strip():
            raise ConfigError(f"{path}:{_line_of(lines, 'data', number)}: dataset {number + 1} needs data = "
                              "\"NAME\" (built-in) or \"PATH\" (relative to the course file)")
        table = _resolve_files(path, table)
        for key, value in table.items():
            _check(path, lines, key, value, commands, number)
        tables.append(table)
    return tuple(tables)


def _themes(path: Path, lines: list[str], given, commands: dict) -> tuple[str, ...]:
    """``theme = "dark"`` or ``theme = ["dark", "light"]``."""
    themes = given if isinstance(given, list) else [given]
    where = f"{path}:{_line_of(lines, 'theme')}"
    if not themes or not all(isinstance(theme, str) for theme in themes):
        raise ConfigError(f"{where}: theme must be text or a list of text, e.g. [\"dark\", \"light\"]")
    for theme in themes:
        check_values(where, {"theme": theme}, commands)
    return tuple(dict.fromkeys(themes))


# --- planning ---------------------------------------------------------------------------------


class _Shared:
    """A dataset's load, done once for all its themes."""

    def __init__(self):
        self.loaded = None


def _course_lecture(request, display, shared: _Shared):
    """A Lecture whose data loads once per dataset, however many themes share it."""
    from umbral.scenes.publish.render_run import Lecture

    class CourseLecture(Lecture):
        def load_facts(self):
            if shared.loaded is None:
                super().load_facts()
                shared.loaded = self
            else:
                first = shared.loaded
                self.facts, self.study, self.dataset = first.facts, first.study, first.dataset
                self.known, self.fingerprint = first.known, first.fingerprint
            return self.facts

    return CourseLecture(request, display)


@dataclass
class _Group:
    """One dataset in one theme: its lecture, its jobs, the jobs to render."""

    dataset: int
    theme: str
    lecture: object
    jobs: list
    todo: list


@dataclass(frozen=True)
class CoursePlan:
    """Every group of a course, the notes planning made, and the counts of the plan line."""

    groups: tuple[_Group, ...]
    notes: tuple[str, ...]
    line: str


def _request(course: Course, table: dict, theme: str, commands: dict, force: bool, jobs: int | None, echo):
    """The LectureRequest of one dataset in one theme: render's defaults, the course's values, the dataset's."""
    from umbral.scenes.publish.commands import lecture_request

    values = {**course.values, **table, "theme": theme}
    command = commands["render"]
    context = command.make_context("render", [], default_map=default_map(values).get("render", {}))
    params = dict(context.params)
    params["force"] = force
    if jobs is not None:
        params["jobs"] = jobs
    request = lecture_request(params.pop("scene_names"), overrides=values.get("strings", {}), echo=echo, **params)
    return replace(request, explicit=False)


def plan_course(course: Course, commands: dict, display, force: bool = False, jobs: int | None = None,
                echo=print) -> CoursePlan:
    """Plan every job; load (and verify) each dataset that has one to render, once; say what was found."""
    from umbral.data import DataError

    groups, notes = [], []
    for number, table in enumerate(course.datasets):
        shared = _Shared()
        for theme in course.themes:
            request = _request(course, table, theme, commands, force, jobs, echo)
            lecture = _course_lecture(request, display, shared)
            from umbral.scenes.publish.plan import plan_jobs

            planned = plan_jobs(request)
            todo = lecture.stale(planned)
            if todo and lecture.facts is None and (not force or not lecture.known):
                lecture.load_facts()
                todo = lecture.stale(planned)
            unmet = {}
            if lecture.known:
                from umbral.scenes.publish.registry import unmet_need

                unmet = {job.scene: unmet_need(job.scene, lecture.known) for job in planned}
            for reason in dict.fromkeys(filter(None, unmet.values())):
                if theme == course.themes[0]:
                    notes.append(f"skipped on {lecture.known['name']}: {reason}")
            planned = [job for job in planned if not unmet.get(job.scene)]
            groups.append(_Group(number, theme, lecture, planned, [job for job in todo if job in planned]))
    names: dict[str, int] = {}
    for group in groups:
        name = group.lecture.known.get("name")
        if name is not None and names.setdefault(name, group.dataset) != group.dataset:
            raise DataError(f"{course.path}: datasets {names[name] + 1} and {group.dataset + 1} are both named "
                            f"{name!r}, so their outputs would share OUT/{name}/; list each dataset once")
    total = sum(len(g.jobs) for g in groups)
    todo = sum(len(g.todo) for g in groups)
    first = groups[0].lecture.request
    axes = (f"{len(course.datasets)} dataset(s) x {len(first.langs)} language(s) x {len(course.themes)} theme(s) "
            f"x {len(first.scenes)} scene(s) x {len(first.thresholds) or len(first.formats)} "
            f"{'still(s)' if first.thresholds else 'format(s)'}")
    line = f"plan: {total} jobs ({axes}), {total - todo} up to date, {todo} to render"
    return CoursePlan(tuple(groups), tuple(notes), line)


# --- running ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CourseResult:
    """What a batch did: files written, outputs up to date, jobs failed (with why), jobs retried, time."""

    written: tuple[Path, ...]
    up_to_date: tuple[Path, ...]
    failed: tuple[tuple[Path, str], ...]
    not_run: tuple[Path, ...]
    retried: tuple[Path, ...]
    jobs: int
    seconds: float
    video_seconds: float
    where: str


def _tasks(plan: CoursePlan):
    """Every job to render as a CourseTask, numbered from 1, with its group; the display's JobInfo for each."""
    from umbral.scenes.publish.cluster import CourseTask, journal_name
    from umbral.scenes.publish.progress import JobInfo
    from umbral.scenes.publish.render_run import _label

    count = sum(len(g.todo) for g in plan.groups)
    tasks, infos, index = [], [], 0
    for group in plan.groups:
        lecture = group.lecture
        name = lecture.known["name"]
        out_dir = Path(lecture.request.options.out_dir).absolute()  # workers may run elsewhere: same path
        for job in group.todo:
            index += 1
            options = replace(lecture.request.options, lang=job.lang, fmt=job.fmt, out_dir=out_dir)
            path = lecture.path(job, name)
            tasks.append((group, CourseTask(index, str(group.dataset), job, options, journal_name(path.absolute()))))
            short = f"{name} {job.lang} " + (f"@{job.still_at:.2f}" if job.still_at is not None else job.fmt)
            kind = f"{name}, {job.lang}, {job.ext}" + ("" if group.theme == "dark" else f", {group.theme}")
            infos.append(JobInfo(index, count, job.scene, _label(job, options, name), kind, short))
    return tasks, infos


def _record(group: _Group, task, files: list[Path]) -> tuple[list[Path], float]:
    """Record a finished job in its manifest (this process is the manifests' one writer)."""
    from umbral.scenes.publish import manifest
    from umbral.scenes.publish.plan import job_options
    from umbral.scenes.publish.render_run import VIDEO_FORMATS

    lecture, job = group.lecture, task.job
    if job.scene == "ThresholdSweep" and job.still_at is None:
        from umbral.scenes.publish.runner import write_trace

        files.append(write_trace(lecture.facts, files[0].with_name("trace.json")))
    manifest.record(files[0], job.scene, job_options(lecture.request, job), lecture.data_sha(job.scene),
                    lecture.code_sha(job.scene), companions=files[1:])
    return files, 0.0 if job.ext not in VIDEO_FORMATS else task.options.size()[2]


def run_course(course: Course, commands: dict, display, *, dry_run: bool = False, fail_fast: bool = False,
               scheduler: str | None = None, jobs: int | None = None, force: bool = False, echo=print) -> CourseResult:
    """Plan, print the plan line, render what is stale here or on ``scheduler``, record it; the result."""
    from umbral.scenes.publish.cluster import DaskEngine, LocalEngine, run_tasks

    started = time.perf_counter()
    plan = plan_course(course, commands, display, force=force, jobs=jobs, echo=echo)
    for note in plan.notes:
        echo(note)
    echo(plan.line)
    up_to_date = tuple(g.lecture.path(job, g.lecture.known["name"]) for g in plan.groups for job in g.jobs
                       if job not in g.todo)
    tasks, infos = _tasks(plan)
    scheduler = scheduler or course.scheduler
    processes = max(g.lecture.request.jobs for g in plan.groups)
    where = f"the Dask cluster at {scheduler}" if scheduler else f"{processes} local process(es)"
    if dry_run:
        for group, task in tasks:
            echo(f"  would render {group.lecture.path(task.job, group.lecture.known['name'])}")
        return CourseResult((), up_to_date, (), (), (), len(tasks), time.perf_counter() - started, 0.0, where)
    written, failed, not_run, retried, video_seconds = [], [], [], [], 0.0
    for group in plan.groups:  # --force on data rendered before: planning needed no load, the jobs do
        if group.todo and group.lecture.facts is None:
            group.lecture.load_facts()
    if tasks:
        facts = {str(g.dataset): g.lecture.facts for g in plan.groups if g.todo}
        engine = (DaskEngine(scheduler, facts) if scheduler
                  else LocalEngine(min(processes, len(tasks)), facts))
        by_index = {task.index: (group, task) for group, task in tasks}
        for info in infos:
            display.add(info)
        try:
            with display:
                for outcome in run_tasks(engine, [task for _, task in tasks], display, fail_fast=fail_fast):
                    group, task = by_index[outcome.task.index]
                    path = group.lecture.path(task.job, group.lecture.known["name"])
                    info = display.jobs[task.index]
                    if outcome.attempts > 1:
                        retried.append(path)
                    if outcome.result is None and outcome.error is None:
                        not_run.append(path)
                        display.fail(info, "not started (--fail-fast)")
                        continue
                    if outcome.error is not None:
                        failed.append((path, outcome.error))
                        display.fail(info, outcome.error)
                        continue
                    files, fps = _record(group, task, list(outcome.result.files))
                    if fps:
                        video_seconds += outcome.result.frames / fps
                    written += files
                    display.finish(info, outcome.result.seconds, files)
        finally:
            engine.close()
    _finish(plan, written, up_to_date)
    return CourseResult(tuple(dict.fromkeys(written)), up_to_date, tuple(failed), tuple(not_run), tuple(retried),
                        len(tasks), time.perf_counter() - started, video_seconds, where)


def _finish(plan: CoursePlan, written: list, up_to_date: tuple) -> None:
    """Each loaded dataset's summary into OUT/datasets.json, then the gallery of every theme."""
    from umbral.scenes.publish.gallery import build_gallery

    remembered = set()
    for group in plan.groups:
        lecture = group.lecture
        if lecture.facts is not None and group.dataset not in remembered:
            lecture.remember_dataset()
            remembered.add(group.dataset)
    for theme in dict.fromkeys(g.theme for g in plan.groups):
        out_dir = plan.groups[0].lecture.out_dir
        if out_dir.is_dir():
            build_gallery(out_dir, theme)


def summary(result: CourseResult, out_dir: Path, dry_run: bool = False) -> str:
    """The last lines of a batch: the counts, then each failure named (and each job retried)."""
    from umbral.scenes.publish.commands import _duration

    if dry_run:
        return f"dry run: {result.jobs} job(s) would render on {result.where}; nothing written"
    lines = [f"batch: {result.jobs - len(result.failed) - len(result.not_run)} of {result.jobs} job(s) rendered on "
             f"{result.where}, {len(result.up_to_date)} up to date, {len(result.failed)} failed; "
             f"{len(result.written)} file(s) written under {out_dir}/ in {_duration(result.seconds)} "
             f"({_duration(result.video_seconds)} of video)"]
    lines += [f"  retried: {path} (its worker was lost)" for path in result.retried
              if path not in {p for p, _ in result.failed}]
    lines += [f"  FAILED: {path}: {why}" for path, why in result.failed]
    lines += [f"  not started: {path}" for path in result.not_run]
    return "\n".join(lines)
