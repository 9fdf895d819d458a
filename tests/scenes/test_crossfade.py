"""Plain fades drawn as a crossfade of their first and last pictures (scenes.fades.play_crossfade)."""

from __future__ import annotations

import numpy as np
import pytest
from manim import DOWN, LEFT, RIGHT, UP, Circle, FadeIn, FadeOut, Scene, Square, Text, Write, smooth, tempconfig

from umbral.scenes.base import LectureScene
from umbral.scenes.fades import can_crossfade, fade_in

CONFIG = {"pixel_width": 160, "pixel_height": 90, "frame_rate": 10, "format": "none", "disable_caching": True,
          "verbosity": "ERROR", "progress_bar": "none"}


class Fades(LectureScene):
    """Two shapes apart: one fades in, the other out; then a line is written while both fade."""

    def __init__(self):
        Scene.__init__(self)

    def setup(self):
        """Manim's black background: nothing umbral-specific is measured here."""

    def construct(self):
        self.left = Square(fill_opacity=1, stroke_width=0).shift(LEFT * 3)
        self.right = Circle(fill_opacity=1, stroke_width=0).shift(RIGHT * 3)
        self.add(self.right)
        self.play(FadeIn(self.left), FadeOut(self.right), run_time=1.0)
        self.line = Text("closing").shift(DOWN * 2)
        self.play(FadeOut(self.left), *fade_in(self.right), Write(self.line), run_time=1.0)


def frames_of(scene_class, media, manim_loop: bool, monkeypatch) -> list[np.ndarray]:
    if manim_loop:
        monkeypatch.setattr(LectureScene, "play_internal", Scene.play_internal)
    frames = []
    with tempconfig({**CONFIG, "media_dir": str(media)}):
        scene = scene_class()
        scene.renderer.add_frame = lambda frame, num_frames=1: frames.extend([frame.copy()] * num_frames)
        scene.render()
    monkeypatch.undo()
    return frames


def test_crossfaded_frames_match_fading_each_part(monkeypatch, tmp_path):
    """Apart from one another, parts faded by mixing two pictures look as Manim draws them, frame by frame."""
    mixed = frames_of(Fades, tmp_path / "a", False, monkeypatch)
    drawn = frames_of(Fades, tmp_path / "b", True, monkeypatch)
    assert len(mixed) == len(drawn) == 20
    for index, (ours, manims) in enumerate(zip(mixed, drawn, strict=True)):
        difference = np.abs(ours.astype(int) - manims.astype(int)).max()
        assert difference <= 3, (index, difference)
    levels = [frame[45, 46, 0] for frame in mixed[:10]]  # the square fading in: brighter frame by frame
    assert levels[0] == 0 and levels == sorted(levels) and levels[-1] > 200


def test_which_plays_are_crossfaded(tmp_path):
    seen = {}

    class Probe(LectureScene):
        def __init__(self):
            Scene.__init__(self)

        def setup(self):
            pass

        def construct(self):
            a, b = Square().shift(LEFT * 3), Circle().shift(RIGHT * 3)
            self.add(a)
            cases = {
                "plain fade in and out": [FadeIn(b), FadeOut(a)],
                "shifted": [FadeIn(b, shift=UP)],
                "scaled": [FadeIn(b, scale=0.5)],
                "lagged": [FadeIn(b, lag_ratio=0.5)],
                "different clocks": [FadeIn(b, run_time=1.0), FadeOut(a, run_time=0.5)],
                "written beneath the fade": [Write(b), FadeIn(Text("over").shift(RIGHT * 3))],
            }
            for name, animations in cases.items():
                self.play(*animations, rate_func=smooth) if name != "different clocks" else self.play(*animations)
                seen[name] = self.crossfaded
                self.clear()
                self.add(a)
            a.add_updater(lambda mobject, dt: mobject.shift(RIGHT * dt))
            self.play(FadeIn(b))
            seen["something moves by itself"] = self.crossfaded

        def play_internal(self, skip_rendering=False):
            self.crossfaded = can_crossfade(self)
            super().play_internal(skip_rendering)

    with tempconfig({**CONFIG, "media_dir": str(tmp_path)}):
        Probe().render()
    assert seen == {"plain fade in and out": True, "shifted": False, "scaled": False, "lagged": False,
                    "different clocks": False, "written beneath the fade": False,
                    "something moves by itself": False}


@pytest.mark.parametrize("manim_loop", [False, True])
def test_fades_end_in_the_same_state(manim_loop, monkeypatch, tmp_path):
    """After the plays the scene holds the same mobjects at full opacity either way."""
    if manim_loop:
        monkeypatch.setattr(LectureScene, "play_internal", Scene.play_internal)
    with tempconfig({**CONFIG, "media_dir": str(tmp_path)}):
        scene = Fades()
        scene.render()
    assert scene.mobjects == [scene.right, scene.line]
    assert scene.right.get_fill_opacity() == pytest.approx(1.0)
