"""What a render prints while it runs: live bars on a terminal, plain lines in logs, or nothing.

A job (one output) reports three events: it started, how many frames it will
write (the scene's planned length times the frame rate), and frames as they
are written. A :class:`FrameReporter` sends them, from the rendering process,
to the display in the main process: directly when rendering in-process, or
through a queue from worker processes (``-j N``). Displays:

- :class:`LiveDisplay` (a terminal): one rich progress bar per running job
  (scene, frames done of total, elapsed, ETA) under an overall count;
- :class:`LineDisplay` (CI, logs, ``watch``): one line when a job starts and
  one when it ends;
- :class:`QuietDisplay` (``-q``): nothing; errors and the summary still print.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

__all__ = ["FrameReporter", "JobInfo", "LineDisplay", "LiveDisplay", "QuietDisplay", "choose_display",
           "notebook_display"]

#: Seconds between two frame reports from one job (a 1080p60 scene writes thousands of frames).
REPORT_INTERVAL = 0.1
#: The kinds of event a job sends, in order: start, total, frames (many), end.
EVENTS = ("start", "total", "frames", "end")


@dataclass(frozen=True)
class JobInfo:
    """What a display says about one job: its number, the lecture size and a one-line label."""

    index: int
    count: int
    scene: str
    label: str  # "clinic20, en, 1280x720@30, mp4"
    kind: str  # "en, mp4" or "en, png" (stills)
    short_label: str  # "en mp4" or "en @0.50", for a bar's narrow description


class FrameReporter:
    """Counts one job's frames and sends ``(job, event, value)`` tuples to ``sink.put``.

    Frame counts are batched: at most one message every :data:`REPORT_INTERVAL`
    seconds, plus one when the job is done, so a queue between processes is
    never the bottleneck.
    """

    def __init__(self, job: int, sink):
        self.job = job
        self.sink = sink
        self.frames = 0
        self._unsent = 0
        self._sent_at = 0.0

    def started(self, where: str | None = None) -> None:
        """The job began (a worker picked it up; ``where`` may name that worker)."""
        self.sink.put((self.job, "start", where))

    def expect(self, frames: int) -> None:
        """The job will write ``frames`` frames in all."""
        self.sink.put((self.job, "total", max(int(frames), 1)))

    def advance(self, frames: int) -> None:
        """``frames`` more frames were written."""
        self.frames += frames
        self._unsent += frames
        now = time.monotonic()
        if now - self._sent_at >= REPORT_INTERVAL:
            self.flush(now)

    def flush(self, now: float | None = None) -> None:
        """Send the frames counted since the last message."""
        if self._unsent:
            self.sink.put((self.job, "frames", self._unsent))
            self._unsent = 0
        self._sent_at = time.monotonic() if now is None else now


class _Display:
    """Receives job events; the base class keeps the totals every display needs.

    A display shows the events it cares about in ``on_start(info, None)``, ``on_total(info, frames)``
    (the frames the job will write) and ``on_frames(info, frames)`` (frames written since the last one).
    """

    def __init__(self, echo=print):
        self.echo = echo
        self.jobs: dict[int, JobInfo] = {}
        self.done: set[int] = set()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def add(self, info: JobInfo) -> None:
        """Announce a job that will run (it starts when the first event arrives)."""
        self.jobs[info.index] = info

    def put(self, event: tuple) -> None:
        """Apply one ``(job, kind, value)`` event from a :class:`FrameReporter`.

        Events of a job that is unknown or already finished (a message that
        arrived late) are dropped: progress never fails a render.
        """
        job, kind, value = event
        handler = getattr(self, f"on_{kind}", None) if kind in EVENTS else None
        if handler is not None and job in self.jobs and job not in self.done:
            handler(self.jobs[job], value)

    def finish(self, info: JobInfo, seconds: float, files: list) -> None:
        """Mark the job finished (later events are dropped), then show it as :meth:`finished` does."""
        self.done.add(info.index)
        self.finished(info, seconds, files)

    def finished(self, info: JobInfo, seconds: float, files: list) -> None:
        """The job's ``files`` are written and recorded, ``seconds`` after it started."""

    def fail(self, info: JobInfo, message: str) -> None:
        """Mark the job failed (later events are dropped), then show it as :meth:`failed` does."""
        self.done.add(info.index)
        self.failed(info, message)

    def failed(self, info: JobInfo, message: str) -> None:
        """The job failed (a batch goes on with the others); ``message`` says why."""

    def note(self, line: str) -> None:
        """A line that is not about one job (up to date, gallery)."""


class QuietDisplay(_Display):
    """``-q``: nothing while rendering."""


class LineDisplay(_Display):
    """One line when a job starts and one when it ends, for logs and pipes."""

    def on_start(self, info: JobInfo, _) -> None:
        """``[3/10] ThresholdSweep: clinic20, en, 1280x720@30, mp4``."""
        self.echo(f"[{info.index}/{info.count}] {info.scene}: {info.label}")

    def finished(self, info: JobInfo, seconds: float, files: list) -> None:
        """``      ThresholdSweep (en, mp4) done in 8.1 s: out/.../ThresholdSweep.mp4, ...``."""
        written = f": {', '.join(str(f) for f in files)}" if files else ""
        self.echo(f"      {info.scene} ({info.kind}) done in {seconds:.1f} s{written}")

    def note(self, line: str) -> None:
        """Print ``line``."""
        self.echo(line)

    def failed(self, info: JobInfo, message: str) -> None:
        """``      ThresholdSweep (en, mp4) FAILED: ...``."""
        self.echo(f"      {info.scene} ({info.kind}) FAILED: {message}")


class LiveDisplay(_Display):
    """Live rich bars on a terminal: one per running job under an overall count of outputs."""

    def __init__(self, console=None, title: str = "lecture"):
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.table import Column

        self.console = console or Console()
        super().__init__(echo=self.console.print)
        self.progress = Progress(
            TextColumn("{task.description}", table_column=Column(no_wrap=True, overflow="ellipsis")),
            BarColumn(bar_width=None), TaskProgressColumn(),
            TextColumn("{task.completed:>5.0f}/{task.fields[planned]} {task.fields[unit]}"),
            TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
            console=self.console, expand=True, refresh_per_second=8)
        self.overall = None
        self.title = title
        self.tasks: dict[int, int] = {}

    def __enter__(self):
        self.progress.start()
        count = max(len(self.jobs), 1)
        self.overall = self.progress.add_task(f"[bold]{self.title}", total=count, planned=count, unit="outputs")
        return self

    def __exit__(self, *exc) -> None:
        self.progress.stop()

    def on_start(self, info: JobInfo, _) -> None:
        """A new bar, its length unknown until the scene says how many frames it will write (a retry: anew)."""
        if info.index in self.tasks:
            self.progress.remove_task(self.tasks.pop(info.index))
        description = f"[{info.index}/{info.count}] {info.scene} {info.short_label}"
        self.tasks[info.index] = self.progress.add_task(description, total=None, planned="?", unit="frames")

    def on_total(self, info: JobInfo, frames: int) -> None:
        """The bar's length."""
        if info.index in self.tasks:
            self.progress.update(self.tasks[info.index], total=frames, planned=frames)

    def on_frames(self, info: JobInfo, frames: int) -> None:
        """Move the bar (the plan is ``duration() * fps``; a scene may write a frame or two more)."""
        task = self._task(info)
        if task is not None:
            done = task.completed + frames
            self.progress.update(task.id, completed=done, total=max(task.total or 0, done))

    def finished(self, info: JobInfo, seconds: float, files: list) -> None:
        """Show the bar full at the frames really written, retire it, count the output, print the done line."""
        task = self._task(info)
        if task is not None:
            written = max(int(task.completed), 1)  # a still writes no video frame: one image
            self.progress.update(task.id, total=written, completed=written, planned=written)
            self.progress.refresh()
            self.progress.remove_task(task.id)
            del self.tasks[info.index]
        self.progress.advance(self.overall, 1)
        written = f": {files[0]}" + (f" (+{len(files) - 1} more)" if len(files) > 1 else "") if files else ""
        self.console.print(f"[green]✓[/] {info.scene} ({info.kind}) in {seconds:.1f} s{written}", highlight=False)

    def failed(self, info: JobInfo, message: str) -> None:
        """Retire the bar, count the output as done, print why it failed."""
        task = self._task(info)
        if task is not None:
            self.progress.remove_task(task.id)
            del self.tasks[info.index]
        self.progress.advance(self.overall, 1)
        from rich.markup import escape

        self.console.print(f"[red]✗[/] {info.scene} ({info.kind}) failed: {escape(message)}", highlight=False)

    def note(self, line: str) -> None:
        """Print ``line`` above the bars."""
        self.console.print(line, highlight=False)

    def _task(self, info: JobInfo):
        """The rich Task of a running job (None if it never reported its start)."""
        task_id = self.tasks.get(info.index)
        return next((task for task in self.progress.tasks if task.id == task_id), None)


def choose_display(quiet: bool, echo=print, stream=None):
    """Live bars when ``stream`` (stdout) is a terminal, plain lines otherwise, nothing when ``quiet``."""
    if quiet:
        return QuietDisplay(echo)
    import sys

    from rich.console import Console

    stream = stream if stream is not None else sys.stdout
    # The stream itself decides: rich's is_terminal also says yes when FORCE_COLOR is set, e.g. in a pipe.
    if stream.isatty() and not Console(file=stream).is_dumb_terminal:
        return LiveDisplay(Console(file=stream))
    return LineDisplay(echo)


def notebook_display(quiet: bool, echo=print):
    """The display for a render started from Python; nothing but the summary when ``quiet``.

    rich's live bars in Jupyter (they need ipywidgets there, else plain lines) and in a
    terminal, plain lines elsewhere: never raw escape codes in a notebook's output.
    """
    if quiet:
        return QuietDisplay(echo)
    from importlib.util import find_spec

    from rich.console import Console

    console = Console()
    if console.is_jupyter:
        return LiveDisplay(console) if find_spec("ipywidgets") else LineDisplay(echo)
    return choose_display(quiet, echo=echo)
