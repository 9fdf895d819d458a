"""Render a lecture: plan the outputs, skip what is up to date, render the rest.

Planning and the up-to-date check read only small files (manifests, the
data file's bytes, source code), so a re-run with nothing changed finishes
without importing Manim or loading the data. Manim, pandas and scikit-learn
are imported only when something must be rendered.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from scenes.publish import manifest
from scenes.publish.plan import Job, LectureRequest, job_options, plan_jobs
from scenes.publish.registry import SCENES
from scenes.publish.runner import RenderOptions, output_path

__all__ = ["Job", "LectureRequest", "plan_jobs", "run_lecture"]


def _fingerprint(request: LectureRequest) -> str | None:
    """Data fingerprint, or None when the source cannot be read (load it to get the real error)."""
    from data import BUILTINS

    source = request.data_kwargs.get("source") or "screening"
    options = {k: v for k, v in request.data_kwargs.items() if k != "source" and v is not None}
    try:
        return manifest.data_fingerprint(str(source), options, builtin=source in BUILTINS)
    except OSError:
        return None


class Lecture:
    """One run of the render command: plan, check, render, record."""

    def __init__(self, request: LectureRequest, echo=print):
        self.request = request
        self.echo = echo
        self.out_dir = Path(request.options.out_dir)
        self.fingerprint = _fingerprint(request)
        self.known = manifest.load_json(self.out_dir / manifest.DATASETS_FILE).get(self.fingerprint or "", {})
        self.facts = None
        self._code = {}

    def code_sha(self, scene: str) -> str:
        """Hash of the code that draws ``scene`` (cached per run)."""
        if scene not in self._code:
            self._code[scene] = manifest.code_hash(SCENES[scene][0])
        return self._code[scene]

    def data_sha(self, scene: str) -> str:
        """What the scene read: the data fingerprint, or nothing for scenes without data."""
        return self.fingerprint if SCENES[scene][2] else "no-data"

    def path(self, job: Job, dataset_name: str) -> Path:
        """Where ``job`` writes."""
        return output_path(self.out_dir, dataset_name, job.lang, job.scene, job.ext, job.still_at,
                           self.request.options.variant)

    def stale(self, jobs: list[Job]) -> list[Job]:
        """Jobs whose output is missing, changed or made from other inputs."""
        if self.request.force or not self.known or self.fingerprint is None:
            return list(jobs)
        name = self.known["name"]
        return [job for job in jobs if not manifest.is_up_to_date(
            self.path(job, name), job.scene, job_options(self.request, job), self.data_sha(job.scene),
            self.code_sha(job.scene))]

    def load_facts(self):
        """Load and verify the data (DataError / VerificationError propagate to the CLI)."""
        from data import load_dataset
        from scenes.facts import facts_for

        dataset = load_dataset(**self.request.data_kwargs)
        self.facts = facts_for(dataset, cost_fn=self.request.cost_fn, cost_fp=self.request.cost_fp)
        if self.fingerprint is None:
            self.fingerprint = _fingerprint(self.request)
        self.known = _dataset_summary(self.facts)
        datasets = manifest.load_json(self.out_dir / manifest.DATASETS_FILE)
        datasets[self.fingerprint] = self.known
        manifest.save_json(self.out_dir / manifest.DATASETS_FILE, datasets)
        return self.facts

    def render(self, jobs: list[Job]) -> list[Path]:
        """Render ``jobs`` (in ``request.jobs`` processes) and record each in its manifest."""
        tasks = [(job, replace(self.request.options, lang=job.lang, fmt=job.fmt)) for job in jobs]
        written = []
        results = _run_tasks(tasks, self.facts, self.request.jobs, self.echo)
        for (job, _), (files, seconds) in zip(tasks, results, strict=True):
            files = list(files)
            if job.scene == "ThresholdSweep" and job.still_at is None:
                from scenes.publish.runner import write_trace

                files.append(write_trace(self.facts, files[0].with_name("trace.json")))
            manifest.record(files[0], job.scene, job_options(self.request, job), self.data_sha(job.scene),
                            self.code_sha(job.scene), companions=files[1:])
            self.echo(f"      {job.scene} ({job.lang}, {job.ext}) done in {seconds:.1f} s: "
                      f"{', '.join(str(f) for f in files)}")
            written += files
        return written


def _dataset_summary(facts) -> dict:
    """What the gallery shows about a dataset: name, title and its key numbers at 0.5."""
    r = facts.report
    return {"name": facts.name, "title": facts.title, "n": r["n"], "positives": r["positives"],
            "prevalence": r["prevalence"], "auc": r["auc"], "average_precision": r["average_precision"],
            "accuracy": r["accuracy"], "precision": r["precision"], "recall": r["recall"], "f1": r["f1"]}


def _render_one(job: Job, options: RenderOptions, facts) -> tuple[list[Path], float]:
    from scenes.publish.runner import render_scene

    started = time.perf_counter()
    files = render_scene(job.scene, facts, options, still_at=job.still_at)
    return files, time.perf_counter() - started


def _run_tasks(tasks, facts, processes: int, echo):
    """Render every task; in worker processes (spawned, one Manim media folder each) when asked."""
    for index, (job, options) in enumerate(tasks, start=1):
        what = f"still at {job.still_at:.2f}" if job.still_at is not None else job.fmt
        width, height, fps = options.size()
        echo(f"[{index}/{len(tasks)}] {job.scene}: {facts.name}, {job.lang}, {width}x{height}@{fps:g}, {what}")
    if processes <= 1 or len(tasks) <= 1:
        return [_render_one(job, options, facts) for job, options in tasks]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=processes, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = [pool.submit(_render_one, job, options, facts) for job, options in tasks]
        return [future.result() for future in futures]


def run_lecture(request: LectureRequest, echo=print) -> tuple[list[Path], list[Path]]:
    """Render what is stale; return (written, up to date) output paths."""
    lecture = Lecture(request, echo)
    jobs = plan_jobs(request)
    todo = lecture.stale(jobs)
    if todo and not request.force and lecture.facts is None:
        # New or changed data: load it (it is needed anyway), then check again with its
        # real name, so scenes that read no data can still be found up to date.
        lecture.load_facts()
        todo = lecture.stale(jobs)
    fresh = [job for job in jobs if job not in todo]
    name = lecture.known.get("name")
    up_to_date = [lecture.path(job, name) for job in fresh]
    for path in up_to_date:
        echo(f"up to date: {path}")
    written = []
    if todo:
        if lecture.facts is None:
            lecture.load_facts()
        written = lecture.render(todo)
    if lecture.out_dir.is_dir():
        from scenes.publish.gallery import build_gallery

        echo(f"gallery: {build_gallery(lecture.out_dir)}")
    return written, up_to_date
