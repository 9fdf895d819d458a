"""What every lecture scene shares: data, language, narration and the background."""

from __future__ import annotations

from manim import Scene

from scenes import style
from scenes.facts import Facts
from scenes.strings import dataset_title, strings_for

__all__ = ["LectureScene"]


class LectureScene(Scene):
    """A Scene built from verified :class:`Facts` in one language.

    Subclasses read numbers from ``self.facts`` (never compute metrics), look up
    every on-screen string in ``self.strings`` and narrate with :meth:`say`,
    which writes subtitle cues (Manim saves them as an .srt beside the video).
    ``still_at`` asks for a single frame at that threshold, for scenes that
    support stills; the others ignore it and the png is their last frame.
    """

    #: Names of extra constructor keywords this scene accepts from ``RenderOptions.scene_kwargs``.
    scene_options: tuple[str, ...] = ()

    #: True when ``still_at`` shows the scene at a threshold (``render --at``).
    supports_stills = False

    def __init__(self, facts: Facts, lang: str = "en", still_at: float | None = None, **kwargs):
        self.facts = facts
        self.lang = lang
        self.strings = strings_for(lang)
        self.still_at = still_at
        super().__init__(**kwargs)

    def setup(self):
        """Background colour of every umbral scene."""
        self.camera.background_color = style.BACKGROUND

    @property
    def dataset_name(self) -> str:
        """The data's title in the scene's language."""
        return dataset_title(self.facts.name, self.facts.title, self.lang)

    def say(self, key: str, seconds: float, offset: float = 0.0, **values) -> None:
        """Narration: one subtitle cue from ``strings[key]``, ``offset`` seconds from now."""
        self.add_subcaption(self.strings[key].format(**values), duration=seconds, offset=offset)
