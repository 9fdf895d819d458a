"""What every lecture scene shares: data, language, narration and the background."""

from __future__ import annotations

from manim import DOWN, UP, FadeIn, FadeOut, Mobject, Scene, UpdateFromAlphaFunc, VGroup, config

from umbral.scenes import style
from umbral.scenes.beats import Beat, BeatOverrun
from umbral.scenes.camera import LectureCamera
from umbral.scenes.facts import Facts
from umbral.scenes.fades import can_crossfade, play_crossfade, without_copies
from umbral.scenes.needs import data_shape, unmet_need
from umbral.scenes.strings import dataset_title, part_caption, strings_for

__all__ = ["HeldSteps", "LectureScene"]


class HeldSteps(UpdateFromAlphaFunc):
    """Show ``steps[k]`` for an equal share of the run time each, via ``show(step)``.

    Between two steps nothing moves, so :class:`LectureScene` writes the last
    frame again instead of redrawing it: a 10 s sweep of 51 steps at 60 fps
    draws 51 frames, not 600, in one video segment (unlike 51 waits, which
    would each start a new key frame).
    """

    def __init__(self, mobject: Mobject, steps, show, **kwargs):
        self.steps = tuple(steps)
        self.shown_index: int | None = None
        self.changed = True

        def show_step(_, alpha):
            index = min(int(alpha * len(self.steps)), len(self.steps) - 1)
            self.changed = index != self.shown_index
            if self.changed:
                show(self.steps[index])
                self.shown_index = index

        super().__init__(mobject, show_step, **kwargs)

    def create_starting_mobject(self) -> Mobject:
        """An empty stand-in: the update function never reads a starting copy."""
        return Mobject()


def _all_parts_in(group: Mobject, on_screen: set) -> bool:
    """True when ``group`` has parts and every one of them is already in the scene."""
    return bool(group.submobjects) and all(part in on_screen for part in group.submobjects)


def _split_at_first_ticking(moving: list, animated=frozenset()) -> tuple[list, list]:
    """``moving`` (in drawing order) cut before the first part with an updater of its own (or in ``animated``).

    What comes before it changes only when a step does; from it on, every frame.
    """
    for index, mobject in enumerate(moving):
        if mobject.updaters or mobject in animated:
            ticking = moving[index:]
            inside = set(ticking)
            below = [part for part in moving[:index] if inside.isdisjoint(part.get_family())]
            return below, ticking
    return moving, []


class LectureScene(Scene):
    """A Scene built from verified :class:`Facts` in one language.

    Subclasses read numbers from ``self.facts`` (never compute metrics), look up
    every on-screen string in ``self.strings`` and narrate with :meth:`say`,
    which writes subtitle cues (Manim saves them as an .srt beside the video).
    The story is the scene's :meth:`beats`, played in order by :meth:`construct`.
    ``still_at`` asks for a single frame at that threshold, for scenes with a
    still beat; the others ignore it and the png is their last frame.
    """

    #: Names of extra constructor keywords this scene accepts from ``RenderOptions.scene_kwargs``.
    scene_options: tuple[str, ...] = ()

    #: Seconds of a fade in or out, and of the title card (with its fades) that opens a scene.
    fade_seconds = 0.8
    opening_seconds = 4.0

    def __init__(self, facts: Facts, lang: str = "en", still_at: float | None = None, **kwargs):
        unmet = unmet_need(type(self).__name__, data_shape(facts.comparison))
        if unmet is not None:
            raise ValueError(unmet)
        self.facts = facts
        self.lang = lang
        self.strings = strings_for(lang, facts.name)
        self.still_at = still_at
        kwargs.setdefault("camera_class", LectureCamera)
        super().__init__(**kwargs)
        self.prepare()

    def prepare(self) -> None:
        """Read this scene's numbers from ``self.facts``, before anything is built (nothing by default)."""

    def setup(self):
        """Background colour of every umbral scene."""
        self.camera.background_color = style.BACKGROUND

    @property
    def dataset_name(self) -> str:
        """The data's title in the scene's language; with several models or splits, which one is shown."""
        f = self.facts
        if f.split is None:
            return self.data_title
        several_models = f.comparison is not None and len(f.comparison.models) > 1
        return part_caption(self.data_title, f.model if several_models else None, f.split, self.lang)

    @property
    def data_title(self) -> str:
        """The data's title in the scene's language, without which model or split is shown."""
        return dataset_title(self.facts.name, self.facts.base_title or self.facts.title, self.lang)

    def lift(self, *parts: Mobject) -> VGroup:
        """Draw ``parts`` last, above everything else, as one group (returned).

        Manim redraws in every frame everything drawn after the first moving
        part; with the moving parts on top, only they are redrawn.
        """
        live = VGroup(*parts)
        self.remove(*parts)
        self.add(live)
        return live

    def play(self, *animations, **kwargs) -> None:
        """Manim's play, with plain fades made as :class:`umbral.scenes.fades.OpacityFade` (no copies)."""
        super().play(*(without_copies(animation) for animation in animations), **kwargs)

    def add_mobjects_from_animations(self, animations) -> None:
        """Manim's rule, except that a group made only of parts already on screen is not added.

        Manim adds an animated mobject that is not in the scene on top of
        everything, pulling its parts out of their place: a ``VGroup`` of the
        panels' live parts built for one animation then sat above the radar's
        beam, whose updater made Manim redraw every part above it in every
        frame of every later wait (RadarHistory at 1080p60: 2.0x the encoder's
        floor). The parts are animated where they are instead. A remover's
        group is still added (Manim removes only what the scene holds).
        """
        on_screen = set(self.get_mobject_family_members())
        kept = [animation for animation in animations
                if animation.is_introducer() or animation.is_remover() or animation.mobject is None
                or animation.mobject in on_screen or not _all_parts_in(animation.mobject, on_screen)]
        super().add_mobjects_from_animations(kept)

    def play_internal(self, skip_rendering: bool = False) -> None:
        """Manim's frame loop, except for plain fades and :class:`HeldSteps`.

        A play of plain fades is drawn as a crossfade of its first and last
        frames (:func:`umbral.scenes.fades.play_crossfade`). When every animation is a
        HeldSteps, a frame in which no step changed is reused; anything else
        goes through Manim's own loop unchanged. When something keeps
        moving on its own (an updater, like the radar's beam) or another
        animation plays beside the steps (a caption fading in as the knob
        turns), the parts below it are drawn into the background once per step
        and only the parts from it on are drawn in every frame.
        """
        drawn = not (skip_rendering or self.skip_animation_preview or self.renderer.skip_animations)
        if drawn and can_crossfade(self):
            return play_crossfade(self)
        steps = [a for a in self.animations if isinstance(a, HeldSteps)]
        if not steps or skip_rendering or self.skip_animation_preview:
            return super().play_internal(skip_rendering)
        animated = {part for a in self.animations if not isinstance(a, HeldSteps) and a.mobject is not None
                    for part in a.mobject.get_family()}
        below, ticking = _split_at_first_ticking(self.moving_mobjects, animated)
        if animated and not ticking:  # what the other animations move is not drawn: leave it to Manim
            return super().play_internal(skip_rendering)
        self.duration = self.get_run_time(self.animations)
        self.time_progression = self._get_animation_time_progression(self.animations, self.duration)
        renderer, first, last_frame = self.renderer, True, None
        # Each step's background: the parts below the ticking ones drawn over the static mobjects' picture,
        # which Manim made as the play began (its own loop draws the moving parts over that picture too).
        still = renderer.static_image
        for t in self.time_progression:
            self.update_to_time(t)
            changed = first or any(animation.changed for animation in steps)
            first = False
            if ticking:
                if changed:
                    renderer.static_image = still
                    if below:
                        renderer.update_frame(self, below)
                        renderer.static_image = renderer.get_frame()
                renderer.render(self, t, ticking)
            elif changed:
                renderer.render(self, t, self.moving_mobjects)
                last_frame = renderer.get_frame()
            else:
                renderer.add_frame(last_frame)
        for animation in self.animations:
            animation.finish()
            animation.clean_up_from_scene(self)
        if not renderer.skip_animations:
            self.update_mobjects(0)
        renderer.static_image = None
        self.time_progression.close()

    # -- the story as data ---------------------------------------------------
    @classmethod
    def beats(cls, **shape) -> tuple[Beat, ...]:
        """The story's beats, in order, for data of this ``shape`` (the keywords of :meth:`shape`)."""
        raise NotImplementedError(f"{cls.__name__} declares no beats")

    def shape(self) -> dict:
        """What of the data the beats depend on, as keywords of :meth:`beats` (nothing by default)."""
        return {}

    @classmethod
    def duration(cls, **shape) -> float:
        """Length of the video in seconds: the sum of the beats' seconds (for tests and progress lines)."""
        return float(sum(beat.seconds for beat in cls.beats(**shape)))

    @classmethod
    def supports_stills(cls) -> bool:
        """True when a beat is marked ``still``: ``render --at θ`` then shows its layout at θ."""
        return any(beat.still for beat in cls.beats())

    def planned_seconds(self) -> float:
        """Length of this scene's video in seconds: its ``duration()`` for the data it was given."""
        return type(self).duration(**self.shape())

    def construct(self):
        """Each beat played in turn by its ``play_...`` method, ending on its declared frame; or the still.

        A beat that ends early is held; one that ran past its end raises
        :class:`BeatOverrun`. A pause beat calls :meth:`beat` (a slide break)
        ``leave`` seconds before its end, then plays the animations its method
        returned (each lasting ``leave``).
        """
        if self.still_at is not None and self.supports_stills():
            self.add(self.layout_at(self.facts.at(self.still_at)))
            return
        self.playing_from = 0.0
        for beat in self.beats(**self.shape()):
            self.playing, self.playing_plays = beat, self.renderer.num_plays
            leaving = getattr(self, beat.method)(beat)
            if beat.pause:
                self.hold_until(beat.seconds - beat.leave)
                self.beat(beat.name)
            if leaving:
                self.play(*leaving)
            self.hold_until(beat.seconds)
            self.playing_from += beat.seconds

    def hold_until(self, seconds: float) -> None:
        """Hold to the frame nearest ``seconds`` into the playing beat; raise if the beat went past it.

        Seconds count from where the declared beats before it end, so every
        beat ends on the frame nearest its declared end and the video is
        ``round(duration() * fps)`` frames. Each play of the beat may end a
        frame late (Manim draws whole frames, at least one: a ``run_time`` of
        2.5 s at 5 fps is 13 frames, 0.4 s at 1 fps is 1); more raises.
        """
        fps = config.frame_rate
        frame, now = round((self.playing_from + seconds) * fps), self.renderer.time * fps
        if now > frame + max(self.renderer.num_plays - self.playing_plays, 1) + 0.5:
            beat = self.playing
            raise BeatOverrun(f"{type(self).__name__}: beat {beat.name!r} ran {(now - frame) / fps:.2f} s past "
                              f"its end ({beat.seconds} s declared); lengthen it in beats() or play less")
        if frame - now > 0.5:
            self.hold(frame / fps - self.renderer.time)

    @staticmethod
    def span(seconds: float) -> float:
        """A ``play`` run time giving exactly ``round(seconds * fps)`` frames, at least one.

        Manim draws ``ceil(run_time * fps)`` frames for a play: ask for half a frame less.
        """
        return (max(round(seconds * config.frame_rate), 1) - 0.5) / config.frame_rate

    def hold(self, seconds: float) -> None:
        """A wait ending on the frame nearest ``seconds`` from now on the scene's clock (none if that is now).

        Manim writes ``int(duration * fps)`` frames for a still wait (2.4 s at
        5 fps, 11.999..., would lose a frame) but ``ceil(duration * fps)`` when
        time-based updaters run: ask for half a frame more or less accordingly.
        """
        # Whole frames up to where the story's clock says this hold ends, so rounding never accumulates.
        first = round(self.renderer.time * config.frame_rate)
        frames = round((self.renderer.time + seconds) * config.frame_rate) - first
        if frames <= 0:
            return
        moving = bool(self.always_update_mobjects or self.updaters
                      or any(mob.has_time_based_updater() for mob in self.get_mobject_family_members()))
        self.wait((frames + (-0.5 if moving else 0.5)) / config.frame_rate, frozen_frame=not moving)
        self.renderer.time = (first + frames) / config.frame_rate  # not the half frame asked for

    def play_for(self, seconds: float, *animations) -> None:
        """Play ``animations`` for exactly ``seconds`` of whole frames."""
        self.play(*animations, run_time=self.span(seconds))

    @classmethod
    def title_beat(cls, shows: str) -> Beat:
        """The ``opening`` beat: the title card for ``opening_seconds``, a pause before it fades out."""
        return Beat("opening", cls.opening_seconds, shows, pause=True, leave=cls.fade_seconds)

    def title_card(self, key: str, **values) -> tuple:
        """The scene's ``opening()`` card fading in, narrated by ``strings[key]``; returns its fade-out."""
        card = self.opening()
        self.say(key, **values)
        self.play_for(self.fade_seconds, FadeIn(card, shift=UP * 0.2))
        return (FadeOut(card, run_time=self.span(self.playing.leave)),)

    def data_line(self, words: str, **kwargs) -> VGroup:
        """A title card's line naming the data, at the label size, on one line if it fits the safe width.

        Else the counts go below the data's name ("name:" ends the first line), wrapped if need be (never shrunk).
        """
        line = style.text(words, size=style.SIZE_LABEL, **kwargs)
        if line.width <= style.safe_width():
            return line
        broken = words.replace(f"{self.dataset_name}: ", f"{self.dataset_name}:\n", 1)
        return style.wrapped(broken, style.safe_width(), size=style.SIZE_LABEL, **kwargs)

    def closing_card(self, key: str) -> VGroup:
        """``strings[key]`` as a title over ``strings[key + "_sub"]``, each wrapped to the safe width."""
        width = style.safe_width()
        title = style.wrapped(self.strings[key], width, size=style.SIZE_TITLE, weight="BOLD")
        sub = style.wrapped(self.strings[f"{key}_sub"], width, size=style.SIZE_LABEL, color=style.MUTED_TEXT)
        return style.fit_width(VGroup(title, sub).arrange(DOWN, buff=0.3))

    def beat(self, name: str) -> None:
        """The end of a pause beat (a hold, a reveal). Videos run on; a slide deck breaks here."""

    def say(self, key: str, seconds: float | None = None, offset: float = 0.0, **values) -> None:
        """Narration: one subtitle cue from ``strings[key]``, ``offset`` seconds from now.

        It lasts ``seconds``, by default the playing beat's seconds less ``offset``: a cue said as
        its beat begins lasts to the beat's end.
        """
        seconds = self.playing.seconds - offset if seconds is None else seconds
        self.add_subcaption(self.strings[key].format(**values), duration=seconds, offset=offset)
