"""Plan a lecture: every output asked for, and the options that shape each one's pixels.

Pure Python on small values: no Manim, no data loading, so the up-to-date
check can run before anything heavy is imported.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from umbral.scenes.publish.registry import NEEDS
from umbral.scenes.publish.runner import RenderOptions

__all__ = ["Job", "LectureRequest", "job_options", "plan_jobs"]


@dataclass(frozen=True)
class Job:
    """One output: a scene in one language and format (or a still at a threshold)."""

    scene: str
    lang: str
    fmt: str
    still_at: float | None = None

    @property
    def ext(self) -> str:
        """File extension of the output."""
        return "png" if self.still_at is not None else self.fmt


@dataclass(frozen=True)
class LectureRequest:
    """Everything `render.py render` was asked for."""

    scenes: tuple[str, ...]
    langs: tuple[str, ...]
    formats: tuple[str, ...]
    options: RenderOptions
    data_kwargs: dict
    cost_fn: float = 10.0
    cost_fp: float = 1.0
    thresholds: tuple[float, ...] = ()
    force: bool = False
    jobs: int = 1
    stills_supported: frozenset = field(default_factory=frozenset)
    #: How θ is chosen for the scenes that compare models and splits (a ``metrics.compare.ChoiceSettings``).
    choice: object = None
    #: True when the scenes were named on the command line (not the whole lecture).
    explicit: bool = False
    #: Render in worker processes even for one job, so Manim's global config in this process is never touched
    #: (the Python API: a notebook's kernel may have configured Manim itself).
    in_workers: bool = False
    #: The verified scores in memory (a notebook's :class:`umbral.Lecture`), or None to load ``data_kwargs``.
    study: object = None


def plan_jobs(request: LectureRequest) -> list[Job]:
    """Every output requested, in lecture order, languages and formats nested inside."""
    jobs = []
    for scene in request.scenes:
        for lang in request.langs:
            if request.thresholds:
                if scene in request.stills_supported:
                    jobs += [Job(scene, lang, "png", t) for t in request.thresholds]
            else:
                jobs += [Job(scene, lang, fmt) for fmt in request.formats]
    return jobs


def job_options(request: LectureRequest, job: Job) -> dict:
    """The options that shape one output's pixels, as stored in the manifest."""
    o = request.options
    width, height, fps = replace(o, lang=job.lang).size()
    return {"lang": job.lang, "format": job.ext, "size": [width, height], "fps": fps, "aspect": o.aspect,
            "theme": o.theme,
            "transparent": o.transparent, "gif_loop": o.gif_loop, "preset": o.preset, "subtitles": o.subtitles,
            "still_at": job.still_at, "cost_fn": request.cost_fn, "cost_fp": request.cost_fp,
            "scene_kwargs": repr(sorted(o.scene_kwargs.items())),
            "strings": repr(sorted(o.strings.get(job.lang, {}).items())),
            "choice": repr(request.choice) if job.scene in NEEDS else None}
