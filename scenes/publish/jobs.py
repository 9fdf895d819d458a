"""Run render jobs in this process or in N worker processes, reporting frames to a display.

Workers are spawned (never forked: Manim's config is global) and each render
gets its own Manim media folder (see :mod:`umbral.scenes.publish.runner`). Results
are handed back as each job finishes, so its files are recorded and
announced at once rather than when the whole lecture is done.
"""

from __future__ import annotations

import multiprocessing
import queue as queue_module
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

from umbral.scenes.publish.progress import FrameReporter

__all__ = ["SPAWN", "Events", "JobResult", "WorkerPool", "kept_worker", "main_script_hidden", "run_jobs"]

#: A worker's queue to the main process's display and the facts every job renders from (a batch's:
#: by dataset key), set by :class:`WorkerPool`'s initializer: the facts cross to each worker once,
#: not once per job; at n = 1e7 they hold half a gigabyte of arrays.
_worker_sink = None
_worker_facts = None
#: How long the main process waits for a finished job's last progress message (seconds).
_END_TIMEOUT = 10.0


@dataclass(frozen=True)
class JobResult:
    """What one job made: its files, how long it took and how many video frames it wrote."""

    index: int
    files: tuple[Path, ...]
    seconds: float
    frames: int


def _render_one(index: int, job, options, facts=None, sink=None, where: str | None = None,
                journal: str | None = None) -> JobResult:
    """Render one job from ``facts`` (or this worker's), telling ``sink`` (or this worker's queue) about its frames.

    ``where`` names the worker in the job's start event. With ``journal`` (a batch job's), what a
    dead attempt left is undone first, and the job renders inside the undo journal of that name
    (:func:`umbral.scenes.publish.undo.undoable`).
    """
    from umbral.scenes.publish.runner import render_scene
    from umbral.scenes.publish.undo import recover, undoable

    facts = facts if facts is not None else _worker_facts

    reporter = FrameReporter(index, sink if sink is not None else _worker_sink)
    reporter.started(where)
    started = time.perf_counter()
    try:
        if journal is not None:
            recover(options.out_dir, journal)
        with undoable(options.out_dir, name=journal) if journal is not None else nullcontext():
            files = render_scene(job.scene, facts, options, still_at=job.still_at, reporter=reporter)
    finally:
        reporter.flush()
        reporter.sink.put((index, "end", None))
    return JobResult(index, tuple(files), time.perf_counter() - started, reporter.frames)


def _render_kept(token: int, facts, index: int, job, options) -> JobResult:
    """:func:`_render_one` in the kept worker: ``facts`` arrive once per run (None: this worker holds ``token``'s)."""
    global _worker_facts, _kept_token
    if facts is not None:
        _worker_facts, _kept_token = facts, token
    elif _kept_token != token:
        raise RuntimeError("the kept worker lost the facts of this run")  # never: its one process runs jobs in order
    return _render_one(index, job, options)


def _import_renderer() -> None:
    """In a worker as it starts: what every render imports (Manim, the scenes), ahead of the first job."""
    from umbral.scenes import base  # noqa: F401  (Manim with it)
    from umbral.scenes.publish import runner  # noqa: F401


#: In the kept worker: which run's facts it holds.
_kept_token = None


def _set_up_worker(queue, facts) -> None:
    global _worker_sink, _worker_facts
    # A worker must be able to exit with progress messages still unread (after a failure elsewhere).
    queue.cancel_join_thread()
    _worker_sink, _worker_facts = queue, facts


#: How worker processes start: afresh, importing only what a job needs.
SPAWN = multiprocessing.get_context("spawn")


@contextmanager
def main_script_hidden():
    """While worker processes start, multiprocessing does not see the main script's file or module.

    A spawned process imports the parent's main script again to rebuild its namespace. umbral's
    jobs need nothing from it, and a lecturer's script that renders from Python without an
    ``if __name__ == "__main__":`` guard would run again in every worker (and stop with
    multiprocessing's bootstrapping error). Notebooks have no main file: nothing changes there.
    """
    main = sys.modules.get("__main__")
    saved = {name: vars(main)[name] for name in ("__file__", "__spec__") if main is not None and name in vars(main)}
    if main is not None:
        vars(main).pop("__file__", None)
        main.__spec__ = None
    try:
        yield
    finally:
        if main is not None:
            vars(main).pop("__spec__", None)
            vars(main).update(saved)


class WorkerPool(ProcessPoolExecutor):
    """Spawned worker processes (never forked: Manim's state stays the parent's) that skip the main script.

    Each worker gets the progress ``queue`` and the ``facts`` once, as it starts.
    """

    def __init__(self, processes: int, queue, facts):
        super().__init__(max_workers=max(1, processes), mp_context=SPAWN, initializer=_set_up_worker,
                         initargs=(queue, facts))

    def submit(self, fn, /, *args, **kwargs):
        """Queue ``fn(*args, **kwargs)``; a worker this starts does not import the main script."""
        with main_script_hidden():
            return super().submit(fn, *args, **kwargs)


class Events:
    """Progress events on their way from the workers' ``queue`` to ``display``.

    A job's "end" is not shown but noted, so that :meth:`drain` can wait for it; its "start"
    is counted (a job a cluster retries starts again) and clears an earlier end.
    """

    def __init__(self, queue, display):
        self.queue = queue
        self.display = display
        self.ended: set[int] = set()
        self.attempts: Counter = Counter()

    def drain(self, block_until: int | None = None) -> None:
        """Apply queued events; with ``block_until``, wait until that job's last event has arrived."""
        deadline = time.monotonic() + _END_TIMEOUT
        while True:
            waiting = block_until is not None and block_until not in self.ended
            try:
                event = self.queue.get(timeout=0.05) if waiting else self.queue.get_nowait()
            except queue_module.Empty:
                if not waiting or time.monotonic() > deadline:
                    return
                continue
            index, kind, _ = event
            if kind == "end":
                self.ended.add(index)
                continue
            if kind == "start":
                self.attempts[index] += 1
                self.ended.discard(index)
            self.display.put(tuple(event))


class _KeptWorker:
    """The one worker process that renders a Python session's single-process runs (``in_workers``), kept between them.

    A notebook renders in a worker so that its kernel's Manim settings stay its own; starting a fresh
    one for every render cost each render Python's start and Manim's import again (seconds on 2
    cores). The worker stays until the session ends (or dies: then the next run starts another).
    Each run's facts cross to it once, with the run's first job.
    """

    def __init__(self):
        self.pool = self.queue = None
        self.token = 0

    def start(self) -> None:
        """Start the worker (if none is alive) and have it import Manim and the renderer, without waiting.

        A notebook's render calls this first, so the worker starts while the kernel checks the numbers
        against scikit-learn: its first render no longer waits for Python's start and Manim's import.
        """
        if self.pool is None or self.pool._broken or self.pool._shutdown_thread:
            self.queue = SPAWN.Queue()
            self.pool = WorkerPool(1, self.queue, None)
            self.pool.submit(_import_renderer)

    def submit_all(self, tasks, facts) -> tuple:
        """(pool, queue, futures) with ``tasks`` queued in order on the kept worker."""
        self.start()
        while True:  # what a run that stopped early (a failure, Ctrl-C) left unread is not this run's
            try:
                self.queue.get_nowait()
            except queue_module.Empty:
                break
        self.token += 1
        futures = [self.pool.submit(_render_kept, self.token, facts if number == 0 else None, index, job, options)
                   for number, (index, job, options) in enumerate(tasks)]
        return self.pool, self.queue, futures


_KEPT = _KeptWorker()


def kept_worker() -> _KeptWorker:
    """The session's kept worker (:class:`_KeptWorker`)."""
    return _KEPT


def run_jobs(tasks: list[tuple[int, object, object]], facts, processes: int, display,
             in_workers: bool = False) -> Iterator[JobResult]:
    """Render ``(index, job, options)`` tasks, yielding each result as it finishes.

    In-process (one process, or one task) the display hears every event
    directly; otherwise worker processes send them through a queue that is
    drained here while the jobs run. A failing job raises here, as its own
    exception. ``in_workers`` uses worker processes even for one job: with one
    process, the session's kept worker (:class:`_KeptWorker`).
    """
    if (processes <= 1 or len(tasks) <= 1) and not in_workers:
        for index, job, options in tasks:
            yield _render_one(index, job, options, facts, sink=display)
        return

    kept = processes <= 1 or len(tasks) <= 1
    if kept:
        pool, queue, futures = _KEPT.submit_all(tasks, facts)
    else:
        queue = SPAWN.Queue()
        pool = WorkerPool(min(processes, len(tasks)), queue, facts)
        futures = [pool.submit(_render_one, index, job, options) for index, job, options in tasks]
    events = Events(queue, display)
    pending = set(futures)
    try:
        while pending:
            done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            events.drain()
            for future in done:
                result = future.result()
                events.drain(block_until=result.index)
                yield result
    finally:
        # After a failure (or Ctrl-C): start nothing new; let running jobs end while their messages are read.
        for future in pending:
            future.cancel()
        while not all(future.done() for future in futures):
            wait(futures, timeout=0.1)
            events.drain()
        if not kept:
            pool.shutdown(wait=True)
