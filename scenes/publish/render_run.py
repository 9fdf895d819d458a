"""Render a lecture: plan the outputs, skip what is up to date, render the rest.

Planning and the up-to-date check read only small files (manifests, the
data file's bytes, source code), so a re-run with nothing changed finishes
without importing Manim or loading the data. Manim, pandas and scikit-learn
are imported only when something must be rendered.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path

from umbral.scenes.publish import manifest
from umbral.scenes.publish.plan import Job, LectureRequest, job_options, plan_jobs
from umbral.scenes.publish.progress import JobInfo, LineDisplay
from umbral.scenes.publish.registry import SCENES, data_shape, unmet_need
from umbral.scenes.publish.runner import output_path, write_trace

__all__ = ["Job", "LectureRequest", "PublishResult", "plan_jobs", "run_lecture"]

#: Formats that are videos (their frames count as video seconds rendered).
VIDEO_FORMATS = ("mp4", "gif", "webm", "mov")


@dataclass(frozen=True)
class PublishResult:
    """What a render, a deck or a lab did: files written, outputs up to date, scenes skipped and why, timings."""

    written: tuple[Path, ...]
    up_to_date: tuple[Path, ...]
    seconds: float
    video_seconds: float = 0.0
    #: (scene, why) for each scene the data cannot feed.
    skipped: tuple[tuple[str, str], ...] = ()


def _fingerprint(request: LectureRequest) -> str | None:
    """Data fingerprint of a request: its numbers when given in memory, else its source and load options.

    None when the source cannot be read (load it to get the real error).
    """
    from umbral.data import BUILTINS

    if request.study is not None:
        return manifest.study_fingerprint(request.study)
    source = request.data_kwargs.get("source") or "screening"
    options = {k: v for k, v in request.data_kwargs.items() if k != "source" and v is not None}
    try:
        return manifest.data_fingerprint(str(source), options, builtin=source in BUILTINS)
    except OSError:
        return None


class Lecture:
    """One run of the render command: plan, check, render, record."""

    def __init__(self, request: LectureRequest, display=None):
        self.request = request
        self.display = display if display is not None else LineDisplay()
        self.out_dir = Path(request.options.out_dir)
        self.fingerprint = _fingerprint(request)
        self.known = manifest.load_json(self.out_dir / manifest.DATASETS_FILE).get(self.fingerprint or "", {})
        self.facts = None
        self.study = self.dataset = None
        self.skipped: list[tuple[str, str]] = []
        self._code = {}

    def code_sha(self, scene: str) -> str:
        """Hash of the code that draws ``scene`` (cached per run)."""
        if scene not in self._code:
            self._code[scene] = manifest.code_hash(SCENES[scene][0])
        return self._code[scene]

    def data_sha(self, scene: str) -> str:
        """What the scene read: the data's own numbers (whichever door gave them), or nothing for scenes without data.

        The data's content hash is recorded beside its source's fingerprint once it has been
        loaded, so a re-run finds it without loading the data again.
        """
        return self.known.get("content", self.fingerprint) if SCENES[scene][2] else "no-data"

    def path(self, job: Job) -> Path:
        """Where ``job`` writes (in the folder of the data's name: known once planning has checked the data)."""
        return output_path(self.out_dir, self.known["name"], job.lang, job.scene, job.ext, job.still_at,
                           self.request.options.variant)

    def stale(self, jobs: list[Job]) -> list[Job]:
        """Jobs whose output is missing, changed or made from other inputs."""
        if self.request.force or not self.known or self.fingerprint is None:
            return list(jobs)
        return [job for job in jobs if not manifest.is_up_to_date(
            self.path(job), job.scene, job_options(self.request, job), self.data_sha(job.scene),
            self.code_sha(job.scene))]

    def to_render(self, jobs: list[Job], force: bool) -> list[Job]:
        """The stale ``jobs``, checked again once new or changed data is loaded (it is needed anyway).

        The second check knows the data's real name, so scenes that read no data can still be found up to date.
        """
        todo = self.stale(jobs)
        if todo and self.facts is None and (not force or not self.known):
            self.load_facts()
            todo = self.stale(jobs)
        return todo

    def load_facts(self):
        """Load and verify the data (DataError / VerificationError propagate to the CLI)."""
        from umbral.data import load_study
        from umbral.scenes.facts import facts_for

        kwargs = dict(self.request.data_kwargs)
        model, split = kwargs.pop("model", None), kwargs.pop("split", None)
        study = self.request.study if self.request.study is not None else load_study(**kwargs)
        dataset = study.select(model, split)
        self.study, self.dataset = study, dataset
        self.facts = facts_for(dataset, cost_fn=self.request.cost_fn, cost_fp=self.request.cost_fp, study=study,
                               choice=self.request.choice)
        if self.fingerprint is None:
            self.fingerprint = _fingerprint(self.request)
        self.known = {**dataset_summary(self.facts), "content": manifest.study_fingerprint(study)}
        if dataset.rows_read:
            self.display.note(dataset.rows_read)
        return self.facts

    def remember_dataset(self) -> None:
        """Record the loaded data's summary in OUT/datasets.json (the gallery and the next run read it)."""
        datasets = manifest.load_json(self.out_dir / manifest.DATASETS_FILE)
        datasets[self.fingerprint] = self.known
        manifest.save_json(self.out_dir / manifest.DATASETS_FILE, datasets)

    def labs(self) -> tuple[list[Path], list[Path]]:
        """Write the lab in every language of the request unless up to date: (written, up to date)."""
        from umbral.scenes.publish.lab import is_fresh, lab_options, lab_path, write_lab

        r = self.request
        if not self.known or r.cost_fp <= 0:  # the lab's cost ratio C_FN / C_FP needs C_FP > 0
            return [], []
        theme = r.options.theme
        words = r.options.strings
        model, split = r.data_kwargs.get("model"), r.data_kwargs.get("split")
        options = lab_options(r.cost_fn, r.cost_fp, model, split, theme, words)
        paths = {lang: lab_path(self.out_dir, self.known["name"], lang, theme) for lang in r.langs}
        content = self.known.get("content", self.fingerprint)
        fresh = [path for path in paths.values() if not r.force and is_fresh(path, options, content)]
        todo = [lang for lang, path in paths.items() if path not in fresh]
        if todo and self.study is None:
            self.load_facts()
        written = [write_lab(self.study, self.dataset, lang, self.out_dir, r.cost_fn, r.cost_fp, content, options,
                             theme, words) for lang in todo]
        return written, fresh

    def drop_unmet(self, jobs: list[Job]) -> list[Job]:
        """``jobs`` without the scenes this data cannot feed, saying once per scene what they need.

        A scene named on the command line whose data is missing is an error instead.
        """
        from umbral.data import DataError

        unmet = {job.scene: unmet_need(job.scene, self.known) for job in jobs}
        for scene, reason in unmet.items():
            if reason and self.request.explicit:
                raise DataError(f"cannot render {reason}")
            if reason:
                self.display.note(f"skipped {reason}")
                self.skipped.append((scene, reason))
        return [job for job in jobs if not unmet[job.scene]]

    def record(self, job: Job, options, result) -> tuple[list[Path], float]:
        """Record a finished job in its manifest (ThresholdSweep's video gets its trace.json) and show it done.

        Returns its files and the seconds of video they hold.
        """
        files = list(result.files)
        if job.scene == "ThresholdSweep" and job.still_at is None:
            files = [*files, write_trace(self.facts, files[0].with_name("trace.json"))]
        manifest.record(files[0], job.scene, job_options(self.request, job), self.data_sha(job.scene),
                        self.code_sha(job.scene), companions=files[1:])
        self.display.finish(self.display.jobs[result.index], result.seconds, files)
        return files, (result.frames / options.size()[2] if job.ext in VIDEO_FORMATS else 0.0)

    def render(self, jobs: list[Job]) -> tuple[list[Path], float]:
        """Render ``jobs`` (in ``request.jobs`` processes), recording each in its manifest as it finishes.

        Returns the files written, in job order, and the seconds of video they hold.
        """
        from umbral.scenes.publish.jobs import run_jobs

        tasks = [(index, job, replace(self.request.options, lang=job.lang, fmt=job.fmt))
                 for index, job in enumerate(jobs, start=1)]
        for index, job, options in tasks:
            short = f"{job.lang} " + (f"@{job.still_at:.2f}" if job.still_at is not None else job.fmt)
            self.display.add(JobInfo(index, len(tasks), job.scene, _label(job, options, self.facts.name),
                                     f"{job.lang}, {job.ext}", short))
        by_index: dict[int, list[Path]] = {}
        video_seconds = 0.0
        with self.display:
            for result in run_jobs(tasks, self.facts, self.request.jobs, self.display,
                                   in_workers=self.request.in_workers):
                _, job, options = tasks[result.index - 1]
                by_index[result.index], seconds = self.record(job, options, result)
                video_seconds += seconds
        # A file two jobs wrote (trace.json beside the mp4 and the png) is listed once.
        written = dict.fromkeys(path for index in sorted(by_index) for path in by_index[index])
        return list(written), video_seconds


def dataset_summary(facts) -> dict:
    """What the gallery shows about a dataset: name, title and its key numbers at 0.5."""
    r, c = facts.report, facts.comparison
    return {"name": facts.name, "title": facts.title, "n": r["n"], "positives": r["positives"],
            "prevalence": r["prevalence"], "auc": r["auc"], "average_precision": r["average_precision"],
            "accuracy": r["accuracy"], "precision": r["precision"], "recall": r["recall"], "f1": r["f1"],
            "model": facts.model, "split": facts.split, **data_shape(c)}


def _label(job: Job, options, dataset: str) -> str:
    """'clinic20, en, 1280x720@30, mp4' (or 'still at 0.50')."""
    what = f"still at {job.still_at:.2f}" if job.still_at is not None else job.fmt
    width, height, fps = options.size()
    return f"{dataset}, {job.lang}, {width}x{height}@{fps:g}, {what}"


def run_lecture(request: LectureRequest, display=None) -> PublishResult:
    """Render what is stale, reporting to ``display`` (plain lines by default).

    All or nothing: if any job fails (or the run is interrupted), every file the run placed in
    OUT is put back as it was (:mod:`umbral.scenes.publish.undo`), so OUT holds no new file.
    """
    from umbral.scenes.publish.undo import undoable

    with undoable(request.options.out_dir):
        return _run_lecture(request, display)


def _run_lecture(request: LectureRequest, display) -> PublishResult:
    started = time.perf_counter()
    lecture = Lecture(request, display)
    jobs = plan_jobs(request)
    todo = lecture.to_render(jobs, request.force)
    if lecture.known:
        jobs = lecture.drop_unmet(jobs)
        todo = [job for job in todo if job in jobs]
    fresh = [job for job in jobs if job not in todo]
    up_to_date = [lecture.path(job) for job in fresh]
    for path in up_to_date:
        lecture.display.note(f"up to date: {path}")
    written, video_seconds = [], 0.0
    if todo:
        if lecture.facts is None:
            lecture.load_facts()
        written, video_seconds = lecture.render(todo)
    if lecture.facts is not None:  # only once the renders went through: a failed run leaves OUT as it was
        lecture.remember_dataset()
    if not request.explicit:  # the whole lecture comes with its lab
        labs_written, labs_fresh = lecture.labs()
        written, up_to_date = [*written, *labs_written], [*up_to_date, *labs_fresh]
        for path in labs_fresh:
            lecture.display.note(f"up to date: {path}")
    if lecture.out_dir.is_dir():
        from umbral.scenes.publish.gallery import build_gallery

        lecture.display.note(f"gallery: {build_gallery(lecture.out_dir, request.options.theme)}")
    return PublishResult(tuple(written), tuple(up_to_date), time.perf_counter() - started, video_seconds,
                         tuple(lecture.skipped))
