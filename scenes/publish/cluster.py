"""Where a batch's jobs run: the ``-j N`` pool of this machine, or the workers of a Dask cluster.

Both engines run the same task, :func:`render_course_job`, and hand back ``concurrent.futures``
futures, so one loop (:func:`run_tasks`) collects results, feeds the progress display and
stops early with ``--fail-fast``. The verified facts of a dataset cross once: to each local
worker through the pool's initializer (as ``-j N`` sends them), to the cluster with
``client.scatter`` (each worker fetches them once and keeps them). Frames are reported as in
``-j N``: through a multiprocessing queue locally, as Dask log events on a cluster.

Each job runs inside an undo journal named after its output (:func:`umbral.scenes.publish.undo.undoable`),
so a worker that dies mid-job leaves a journal the next attempt (or this process) plays back:
no partial file, no half-replaced set of subtitles. Manim's config is global to a process, so a
worker process renders one job at a time whatever its thread count.
"""

from __future__ import annotations

import hashlib
import queue as queue_module
import secrets
import threading
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from pathlib import Path

from umbral.scenes.publish import jobs as worker
from umbral.scenes.publish.jobs import SPAWN, Events, JobResult, WorkerPool

__all__ = ["CourseTask", "DaskEngine", "LocalEngine", "TaskOutcome", "journal_name", "render_course_job",
           "run_tasks"]

#: A process renders one job at a time: Manim's config is process-global (Dask workers may have threads).
_RENDER_LOCK = threading.Lock()


@dataclass(frozen=True)
class CourseTask:
    """One job of a batch as a worker receives it: its number, its dataset's key, the job and its options."""

    index: int
    dataset: str
    job: object  # a scenes.publish.plan.Job
    options: object  # a scenes.publish.runner.RenderOptions, out_dir absolute
    journal: str


@dataclass(frozen=True)
class TaskOutcome:
    """What became of one task: its result, or why it failed (``None`` for both: cancelled by --fail-fast)."""

    task: CourseTask
    result: JobResult | None
    error: str | None
    attempts: int


def journal_name(output: Path) -> str:
    """The undo journal's name for the job writing ``output``: the same for every attempt of that job."""
    return "job-" + hashlib.sha256(str(Path(output).absolute()).encode()).hexdigest()[:24]


class _DaskSink:
    """A FrameReporter's sink on a Dask worker: each event becomes a log event of the batch's topic."""

    def __init__(self, topic: str):
        self.topic = topic

    def put(self, event: tuple) -> None:
        from distributed import get_worker

        get_worker().log_event(self.topic, list(event))


def _where(sink) -> str:
    """Which worker runs a job: a Dask worker's address, or this process's id."""
    if isinstance(sink, _DaskSink):
        from distributed import get_worker

        return get_worker().address
    import os

    return f"pid {os.getpid()}"


def render_course_job(task: CourseTask, facts=None, topic: str | None = None) -> JobResult:
    """Render one batch job in a worker: undo what a dead attempt left, then render inside a named journal."""
    facts = facts if facts is not None else worker._worker_facts[task.dataset]
    sink = _DaskSink(topic) if topic else worker._worker_sink
    with _RENDER_LOCK:
        return worker._render_one(task.index, task.job, task.options, facts, sink, where=_where(sink),
                                  journal=task.journal)


class LocalEngine:
    """``-j N`` on this machine: N spawned processes, every dataset's facts sent to each once."""

    def __init__(self, processes: int, facts_by_key: dict):
        self.events = SPAWN.Queue()
        self.pool = WorkerPool(processes, self.events, facts_by_key)
        #: Jobs in flight at once: one per process, so the next starts as soon as one ends.
        self.window = max(1, processes)

    def submit(self, task: CourseTask) -> Future:
        """Queue ``task`` on the pool."""
        return self.pool.submit(render_course_job, task)

    def cancel(self, future: Future) -> None:
        """Drop a task that has not started (a running one finishes)."""
        future.cancel()

    def close(self) -> None:
        """Wait for the workers to exit."""
        self.pool.shutdown(wait=True, cancel_futures=True)


class DaskEngine:
    """A running Dask scheduler: the jobs go to its workers through ``distributed.Client``."""

    def __init__(self, address: str, facts_by_key: dict, timeout: float = 30.0):
        from umbral.data import DataError

        try:
            from distributed import Client
        except ImportError:
            raise DataError("--scheduler needs Dask's distributed: pip install 'umbral[dask]'") from None
        try:
            self.client = Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError) as error:
            raise DataError(f"cannot reach the Dask scheduler at {address} ({error}); start it with "
                            "`dask scheduler` and its workers with `dask worker ADDRESS --nthreads 1`") from None
        self.topic = f"umbral-batch-{secrets.token_hex(6)}"
        self.events: queue_module.Queue = queue_module.Queue()
        self.client.subscribe_topic(self.topic, lambda event: self.events.put(tuple(event[1])))
        # Once per dataset, a copy on every worker (a worker that dies takes no dataset with it; one that
        # joins later fetches it from a peer).
        self.data = {key: self.client.scatter(facts, hash=False, broadcast=True) for key, facts in facts_by_key.items()}
        self._dask: dict[int, object] = {}
        #: Every job goes to the scheduler at once: it balances them over the workers and retries lost ones.
        self.window = None

    def submit(self, task: CourseTask) -> Future:
        """Submit ``task`` to the cluster; the returned future follows the Dask one."""
        dask_future = self.client.submit(render_course_job, task, self.data[task.dataset], self.topic, pure=False,
                                         key=f"umbral-job-{task.index}-{self.topic}")
        future: Future = Future()
        self._dask[id(future)] = dask_future

        def settle(done) -> None:
            if done.status == "finished":
                future.set_result(done.result())
            elif done.status == "cancelled":
                future.cancel()
                future.set_running_or_notify_cancel()
            else:
                future.set_exception(done.exception())

        dask_future.add_done_callback(settle)
        return future

    def cancel(self, future: Future) -> None:
        """Cancel the Dask task behind ``future``."""
        self._dask[id(future)].cancel()

    def close(self) -> None:
        """Release the scattered data and disconnect (the cluster keeps running)."""
        try:
            self.client.unsubscribe_topic(self.topic)
        finally:
            self.client.close()


def _describe(error: BaseException) -> str:
    """One line for a failed job: a lost worker said in words, anything else as type and message."""
    name = type(error).__name__
    if name == "KilledWorker":
        return "its worker died on every attempt (Dask gave up: KilledWorker)"
    if name == "BrokenProcessPool":
        return "a worker process died (BrokenProcessPool)"
    text = str(error).strip().splitlines()
    return f"{name}: {text[0]}" if text else name


def run_tasks(engine, tasks: list[CourseTask], display, fail_fast: bool = False) -> Iterator[TaskOutcome]:
    """Submit every task, yield each outcome as it settles; failures do not stop the others unless ``fail_fast``.

    A failed job's journal is played back here too (a worker that died leaves one), so its
    output is as it was before the batch. With ``fail_fast``, the first failure cancels every
    job that has not started; those that run finish and are kept. Progress events arrive on
    ``engine.events``, a queue.
    """
    from umbral.scenes.publish.undo import recover

    waiting = list(reversed(tasks))
    futures: dict = {}
    pending: set = set()

    def submit_more() -> None:
        """Keep ``engine.window`` jobs in flight (a pool would queue more ahead, out of --fail-fast's reach)."""
        while waiting and (engine.window is None or len(pending) < engine.window):
            task = waiting.pop()
            future = engine.submit(task)
            futures[future] = task
            pending.add(future)

    submit_more()
    events = Events(engine.events, display)
    attempts = events.attempts
    stopping = False
    cancelled: set[int] = set()

    def cancel(future) -> None:
        cancelled.add(id(future))
        engine.cancel(future)

    try:
        while pending:
            done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            events.drain()
            for future in sorted(done, key=lambda f: futures[f].index):
                task = futures[future]
                if future.cancelled() and id(future) in cancelled:
                    yield TaskOutcome(task, None, None, attempts[task.index])
                    continue
                if future.cancelled():  # not by us: the cluster dropped it (its inputs were lost)
                    recover(task.options.out_dir, task.journal)
                    yield TaskOutcome(task, None, "the cluster cancelled it (its worker or data was lost)",
                                      attempts[task.index])
                    continue
                error = future.exception()
                if error is None:
                    events.drain(block_until=task.index)
                    yield TaskOutcome(task, future.result(), None, attempts[task.index])
                    continue
                recover(task.options.out_dir, task.journal)
                yield TaskOutcome(task, None, _describe(error), attempts[task.index])
                if fail_fast and not stopping:
                    stopping = True
                    for other in pending:
                        if attempts[futures[other].index] == 0:
                            cancel(other)
            if not stopping:
                submit_more()
        for task in reversed(waiting):  # --fail-fast: never submitted
            yield TaskOutcome(task, None, None, 0)
    finally:
        for future in pending:  # interrupted: start nothing new, let running jobs end
            cancel(future)
        events.drain()
