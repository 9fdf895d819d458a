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

import time
from dataclasses import dataclass, replace
from pathlib import Path

from umbral.scenes.publish.config import ConfigError, check_key, read_toml, resolve_files
from umbral.scenes.publish.requests import DATA_OPTIONS, RenderRequest, TomlDoor, build, option_names

__all__ = ["Course", "CourseResult", "plan_course", "read_course", "run_course", "summary"]

#: Keys a dataset's table may hold: the data options, the class names and the costs.
DATASET_KEYS = ("data", "label_col", "score_col", "split_col", "model_name", "models", "splits", "model", "split",
                "positive", "target", "seed", "n", "prevalence", "separation", "rescale",
                "positive_name", "negative_name", "cost_fn", "cost_fp")
#: Only a dataset's table may hold these.
_DATA_ONLY = frozenset(DATA_OPTIONS)
#: The batch file's own keys on top of umbral.toml's render keys.
BATCH_KEYS = ("datasets", "scheduler", "theme")


@dataclass(frozen=True)
class Course:
    """A checked course file: the datasets' tables, the themes, the other values, the scheduler (or None)."""

    path: Path
    datasets: tuple[dict, ...]
    themes: tuple[str, ...]
    values: dict
    scheduler: str | None
    lines: tuple[str, ...] = ()

    def door(self, dataset: int | None = None) -> TomlDoor:
        """What names a value of the file (or of its ``dataset``-th entry) in an error: file, line, key."""
        return TomlDoor(path=self.path, lines=self.lines, dataset=dataset)


def read_course(path: Path) -> Course:
    """The checked course file at ``path``: each value checked as umbral.toml's, by the options' own checks."""
    path = Path(path)
    values, lines = read_toml(path)
    door = TomlDoor(path=path, lines=lines)
    render_keys = {*option_names(RenderRequest), "strings"}
    known = sorted((render_keys - _DATA_ONLY) | set(BATCH_KEYS))
    for key in values:
        if key in _DATA_ONLY:
            raise ConfigError(f"{path}:{door.line(key)}: {key!r} belongs to a dataset: "
                              f"datasets = [{{ data = \"...\", {key} = ... }}]")
        if key not in BATCH_KEYS:
            check_key(door, key, values[key], known)
    top = resolve_files(path, {k: v for k, v in values.items() if k not in BATCH_KEYS})
    top.setdefault("out", "out")
    if isinstance(top["out"], str) and not Path(top["out"]).is_absolute():
        top["out"] = str(path.parent / top["out"])  # the course's output folder, wherever umbral runs
    datasets = _datasets(path, door, values.get("datasets"))
    themes = _themes(door, values.get("theme", "dark"))
    scheduler = values.get("scheduler")
    if scheduler is not None:
        check_key(door, "scheduler", scheduler, ("scheduler",))
    return Course(path, datasets, themes, top, scheduler, lines)


def _datasets(path: Path, door: TomlDoor, given) -> tuple[dict, ...]:
    """``datasets = ["clinic20", { data = "pima.csv", target = "Outcome" }]``, each table checked."""
    where = f"{path}:{door.line('datasets')}"
    if given is None:
        raise ConfigError(f"{path}: no 'datasets'; list them, e.g. datasets = [\"clinic20\", \"screening8\"]")
    if not isinstance(given, list) or not given:
        raise ConfigError(f"{where}: datasets must be a list of names, paths or tables, "
                          "e.g. [\"clinic20\", { data = \"pima.csv\", target = \"Outcome\" }]")
    tables = []
    for number, item in enumerate(given):
        table = {"data": item} if isinstance(item, str) else item
        entry = replace(door, dataset=number)
        if not isinstance(table, dict):
            raise ConfigError(f"{where}: dataset {number + 1} must be a name, a path or a table, "
                              f"not {type(item).__name__}")
        for key in table:
            if key not in DATASET_KEYS:
                raise ConfigError(f"{path}:{entry.line(key)}: unknown key {key!r} in dataset "
                                  f"{number + 1}; a dataset takes {', '.join(DATASET_KEYS)}")
        if not isinstance(table.get("data"), str) or not table["data"].strip():
            raise ConfigError(f"{path}:{entry.line('data')}: dataset {number + 1} needs data = "
                              "\"NAME\" (built-in) or \"PATH\" (relative to the course file)")
        table = resolve_files(path, table)
        for key, value in table.items():
            check_key(entry, key, value, DATASET_KEYS)
        tables.append(table)
    return tuple(tables)


def _themes(door: TomlDoor, given) -> tuple[str, ...]:
    """``theme = "dark"`` or ``theme = ["dark", "light"]``."""
    themes = given if isinstance(given, list) else [given]
    if not themes or not all(isinstance(theme, str) for theme in themes):
        raise ConfigError(f"{door.path}:{door.line('theme')}: theme must be text or a list of text, "
                          "e.g. [\"dark\", \"light\"]")
    for theme in themes:
        check_key(door, "theme", theme, ("theme",))
    return tuple(dict.fromkeys(themes))


# --- planning ---------------------------------------------------------------------------------


def _course_lecture(request, display, loaded: list):
    """A Lecture whose data loads once per dataset, however many themes share it (``loaded``: the lecture that did)."""
    from umbral.scenes.publish.render_run import Lecture

    class CourseLecture(Lecture):
        def load_facts(self):
            if not loaded:
                super().load_facts()
                loaded.append(self)
            else:
                first = loaded[0]
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


def _request(course: Course, number: int, theme: str, force: bool, jobs: int | None, echo):
    """The LectureRequest of one dataset in one theme: render's defaults, the course's values, the dataset's."""
    from umbral.scenes.publish.commands import lecture_plan

    top = {key: value for key, value in course.values.items() if key != "strings"}
    given = {"theme": theme, "force": force or None, "jobs": jobs}
    request = build(RenderRequest, given, under=((top, course.door()),
                                                 (course.datasets[number], course.door(number))))
    plan = lecture_plan(request, strings=course.values.get("strings", {}), echo=echo)
    return replace(plan, explicit=False)


def plan_course(course: Course, display, force: bool = False, jobs: int | None = None, echo=print) -> CoursePlan:
    """Plan every job; load (and verify) each dataset that has one to render, once; say what was found."""
    from umbral.data import DataError
    from umbral.scenes.publish.plan import plan_jobs
    from umbral.scenes.publish.registry import unmet_need

    groups, notes = [], []
    for number in range(len(course.datasets)):
        loaded = []  # the dataset's load, done once for all its themes
        for theme in course.themes:
            request = _request(course, number, theme, force, jobs, echo)
            lecture = _course_lecture(request, display, loaded)
            planned = plan_jobs(request)
            todo = lecture.to_render(planned, force)
            unmet = {}
            if lecture.known:
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
            path = lecture.path(job)
            tasks.append((group, CourseTask(index, str(group.dataset), job, options, journal_name(path.absolute()))))
            short = f"{name} {job.lang} " + (f"@{job.still_at:.2f}" if job.still_at is not None else job.fmt)
            kind = f"{name}, {job.lang}, {job.ext}" + ("" if group.theme == "dark" else f", {group.theme}")
            infos.append(JobInfo(index, count, job.scene, _label(job, options, name), kind, short))
    return tasks, infos


def run_course(course: Course, display, *, dry_run: bool = False, fail_fast: bool = False,
               scheduler: str | None = None, jobs: int | None = None, force: bool = False, echo=print) -> CourseResult:
    """Plan, print the plan line, render what is stale here or on ``scheduler``, record it; the result."""
    from umbral.scenes.publish.cluster import DaskEngine, LocalEngine, run_tasks

    started = time.perf_counter()
    plan = plan_course(course, display, force=force, jobs=jobs, echo=echo)
    for note in plan.notes:
        echo(note)
    echo(plan.line)
    up_to_date = tuple(g.lecture.path(job) for g in plan.groups for job in g.jobs if job not in g.todo)
    tasks, infos = _tasks(plan)
    scheduler = scheduler or course.scheduler
    processes = max(g.lecture.request.jobs for g in plan.groups)
    where = f"the Dask cluster at {scheduler}" if scheduler else f"{processes} local process(es)"
    if dry_run:
        for group, task in tasks:
            echo(f"  would render {group.lecture.path(task.job)}")
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
                    path = group.lecture.path(task.job)
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
                    # this process is the manifests' one writer
                    files, seconds = group.lecture.record(task.job, task.options, outcome.result)
                    video_seconds += seconds
                    written += files
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
