"""A scene's story as data: its beats, each a name, a length and what it shows (importable without Manim).

A scene declares its beats once (``LectureScene.beats``); the story
(``construct``), the video's length (``duration``), the slide breaks, the
narration's default cue length and the ``render --at`` still all read that
one declaration.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Beat", "BeatOverrun"]


class BeatOverrun(RuntimeError):
    """A beat played longer than its declared seconds (the story would drift from ``duration()``)."""


@dataclass(frozen=True)
class Beat:
    """One step of a scene's story, played from where the previous beat ended.

    ``seconds`` is its length on the video's clock (subtitles included: a cue
    lasts the beat unless told otherwise). ``pause`` ends it in a slide break,
    ``leave`` seconds before its end: the animations the beat's method returns
    (the fade-out of its card or marks, each ``leave`` long) play after the break. ``still`` marks the beat whose
    layout ``render --at θ`` shows. The scene plays it with ``play_<name>``;
    the n-th of a repeated step (``class_2``) with ``play_<step>`` (``play_class``,
    ``index`` 1).

    >>> Beat("class_2", 5.2, "the second class against the rest", pause=True).method
    'play_class'
    >>> Beat("class_2", 5.2, "the second class against the rest").index
    1
    """

    name: str
    seconds: float
    shows: str
    pause: bool = False
    still: bool = False
    leave: float = 0.0

    def __post_init__(self):
        if not 0 <= self.leave <= self.seconds:
            raise ValueError(f"beat {self.name!r}: leave={self.leave} s must lie within its {self.seconds} s")

    @property
    def method(self) -> str:
        """Name of the scene method that plays this beat."""
        step, _, number = self.name.rpartition("_")
        return f"play_{step if step and number.isdigit() else self.name}"

    @property
    def index(self) -> int | None:
        """0 for ``step_1``, 1 for ``step_2``...; None for a beat that is not one of a repeated step."""
        step, _, number = self.name.rpartition("_")
        return int(number) - 1 if step and number.isdigit() else None
