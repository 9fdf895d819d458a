"""Beats as data: every scene declares its beats once; construct, duration, slides, subtitles and stills read them.

That every scene breaks at its declared pause beats, in order, is checked on every row of the every-beat
matrix (tests/scenes/test_every_beat_fits.py), which plays each scene through anyway.
"""

from __future__ import annotations

import hashlib

import pytest
from manim import Square, tempconfig

from tests.scenes.conftest import TEXT_DIR
from umbral.scenes.base import LectureScene
from umbral.scenes.beats import Beat, BeatOverrun
from umbral.scenes.fades import fade_in, fade_out
from umbral.scenes.publish.registry import LECTURE_ORDER, scene_class

#: Each scene's length in seconds as its own duration() summed its timing constants before the beats were
#: declared (one entry per data shape the story depends on).
LENGTHS = {
    ("RadarHistory", ()): 59.4, ("OverlappingHumps", ()): 58.1, ("ThresholdSweep", ()): 25.4,
    ("RocPrCurves", ()): 40.8, ("ScratchVsLibrary", ()): 27.5, ("AccuracyParadox", ()): 35.3,
    ("CostThreshold", ()): 32.2, ("ModelsCompared", ()): 45.0, ("HonestThreshold", ()): 46.6,
    ("Calibration", ()): 74.4, ("PrevalenceEffect", ()): 30.0, ("AucAsRanking", ()): 33.4,
    ("MulticlassConfusion", ()): 42.2, ("HonestThreshold", (("chosen", False),)): 19.4,
    ("MulticlassConfusion", (("classes", 6),)): 57.8, ("CostThreshold", (("steps", 2),)): 24.4,
    ("Calibration", (("filled", (10, 7, 3)),)): 81.4,
}


@pytest.mark.parametrize("name", LECTURE_ORDER)
def test_every_scene_declares_its_beats_once(name):
    cls = scene_class(name)
    assert "construct" not in vars(cls) and "duration" not in vars(cls)  # LectureScene's, reading beats()
    beats = cls.beats()
    assert len({beat.name for beat in beats}) == len(beats) > 3
    for beat in beats:
        assert beat.seconds > 0 and beat.shows.strip(), beat
        assert callable(getattr(cls, beat.method, None)), f"{name} has no {beat.method} for beat {beat.name!r}"


@pytest.mark.parametrize("name, shape", sorted(LENGTHS))
def test_duration_is_the_sum_of_the_declared_seconds_and_unchanged(name, shape):
    cls = scene_class(name)
    beats = cls.beats(**dict(shape))
    assert cls.duration(**dict(shape)) == sum(beat.seconds for beat in beats)
    assert cls.duration(**dict(shape)) == pytest.approx(LENGTHS[name, shape], abs=1e-9)


def test_repeated_steps_follow_the_shape():
    names = [beat.name for beat in scene_class("MulticlassConfusion").beats(classes=6)]
    assert [n for n in names if n.startswith("class_")] == [f"class_{k}" for k in range(1, 7)]
    assert [b.name for b in scene_class("HonestThreshold").beats(chosen=False)] == ["opening", "no_choice", "closing"]
    assert Beat("ratio_3", 1.0, "a step").method == "play_ratio" and Beat("ratio_3", 1.0, "a step").index == 2
    assert Beat("hold_max_f1", 1.0, "a hold").method == "play_hold_max_f1"
    with pytest.raises(ValueError, match="leave"):
        Beat("card", 1.0, "a card", leave=2.0)


def test_stills_come_from_a_still_beat():
    with_stills = {name for name in LECTURE_ORDER if scene_class(name).supports_stills()}
    assert with_stills == {"ThresholdSweep", "OverlappingHumps"}
    for name in with_stills:
        assert "layout_at" in vars(scene_class(name))


def test_at_asks_the_declaration_which_scenes_have_stills():
    from umbral.data.dataset import DataError
    from umbral.scenes.publish.commands import _stills

    said = []
    assert _stills(("ThresholdSweep", "AccuracyParadox"), (0.5,), False, said.append) == {"ThresholdSweep"}
    assert said == ["note: AccuracyParadox has no threshold stills; use the png format for the last frame"]
    with pytest.raises(DataError, match="AccuracyParadox has no threshold stills"):
        _stills(("AccuracyParadox",), (0.5,), False, said.append)


def _settings(media, fps: int = 10):
    return tempconfig({"pixel_width": 64, "pixel_height": 36, "frame_rate": fps, "disable_caching": True,
                       "format": "none", "verbosity": "ERROR", "progress_bar": "none", "media_dir": str(media),
                       "text_dir": TEXT_DIR})


class Toy(LectureScene):
    """A square held over a pause, then faded out after it; a beat that plays less than its length; the end."""

    #: Seconds the ``short`` beat plays of its declared second.
    short_plays = 0.3

    @classmethod
    def beats(cls, **shape):
        return (Beat("card", 2.0, "a square", pause=True, leave=0.5),
                Beat("short", 1.0, "a square played for less than its beat"),
                Beat("end", 0.5, "nothing new"))

    def play_card(self, beat):
        self.square = Square()
        self.say("say_sweep")
        self.play(*fade_in(self.square), run_time=self.span(0.4))
        return [fade.set_run_time(self.span(beat.leave)) for fade in fade_out(self.square)]

    def play_short(self, beat):
        self.say("say_sweep", 0.2, offset=0.1)
        self.play(*fade_in(self.square), run_time=self.span(self.short_plays))

    def play_end(self, beat):
        """Nothing: held to its end."""


def _play(cls, facts, media, fps=10):
    """(frame hashes, [(pause name, frame)], cues as (start, end) seconds) of ``cls`` rendered without a file."""
    with _settings(media, fps):
        scene = cls(facts, "en")
        frames, pauses = [], []
        add_frame = scene.renderer.add_frame

        def add_and_keep(frame, num_frames: int = 1) -> None:
            add_frame(frame, num_frames)
            frames.extend([hashlib.sha1(frame.tobytes()).hexdigest()] * num_frames)

        scene.renderer.add_frame = add_and_keep
        scene.beat = lambda name: pauses.append((name, len(frames)))
        scene.render()
        cues = [(c.start.total_seconds(), c.end.total_seconds()) for c in scene.renderer.file_writer.subcaptions]
    return frames, pauses, cues


def test_beats_are_held_to_their_end_and_pause_before_they_leave(clinic20_facts, tmp_path):
    frames, pauses, cues = _play(Toy, clinic20_facts, tmp_path)
    assert len(frames) == round(Toy.duration() * 10) == 35
    assert pauses == [("card", 15)]  # 2.0 s less the 0.5 s fade-out after the break
    assert len(set(frames[15:20])) == 5 and len(set(frames[20:23])) == 3  # the fade-out, then the short beat's fade
    assert len(set(frames[23:])) == 1  # held: the rest of "short" and all of "end"
    assert cues == [(0.0, 2.0), (2.1, 2.3)]  # a cue lasts its beat unless told otherwise


def test_a_beat_that_plays_longer_than_declared_raises(clinic20_facts, tmp_path):
    class Overrun(Toy):
        short_plays = 1.3

    with pytest.raises(BeatOverrun, match="'short' ran 0.30 s past its end"):
        _play(Overrun, clinic20_facts, tmp_path)


@pytest.mark.parametrize("name", ["ThresholdSweep", "OverlappingHumps"])
def test_lecture_scene_builds_the_still_once(name, clinic20_facts, tmp_path, monkeypatch):
    cls = scene_class(name)
    built = []
    layout_at = cls.layout_at
    monkeypatch.setattr(cls, "layout_at", lambda self, snapshot: built.append(snapshot) or layout_at(self, snapshot))
    with _settings(tmp_path):
        scene = cls(clinic20_facts, "en", still_at=0.3)
        scene.render()
        assert scene.renderer.num_plays == 0 and scene.mobjects
    assert [snapshot.threshold for snapshot in built] == [pytest.approx(0.3)]


@pytest.fixture(scope="module")
def screening8_facts():
    from tests.scenes.test_every_beat_fits import several_models_facts

    return several_models_facts()


@pytest.mark.parametrize("name", LECTURE_ORDER)
def test_every_scene_keeps_its_beats_at_one_frame_per_second(name, clinic20_facts, screening8_facts, tmp_path):
    """At 1 fps (``--fps 1`` is accepted) a play lasts whole seconds; no beat may run past its end for it
    (RadarHistory's stations, each fading in over one whole frame, once piled 2 s into the closing)."""
    from umbral.scenes.publish.registry import NEEDS

    with _settings(tmp_path, fps=1):
        scene = scene_class(name)(screening8_facts if name in NEEDS else clinic20_facts, "en")
        scene.renderer._original_skipping_status = True  # each play jumps to its end: no frames
        scene.render()
        assert scene.renderer.time == pytest.approx(round(scene_class(name).duration(**scene.shape())), abs=0.51)
