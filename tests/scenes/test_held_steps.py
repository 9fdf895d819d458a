"""Reusing unchanged frames (HeldSteps) gives exactly the frames Manim's own loop draws."""

from __future__ import annotations

import hashlib

from manim import UP, Circle, Scene, Square, Triangle, UpdateFromAlphaFunc, VGroup, tempconfig

from umbral.scenes.base import LectureScene
from umbral.scenes.threshold_sweep import ThresholdSweep


class SweepOnly(ThresholdSweep):
    sweep_seconds = 3.0

    def construct(self):
        self.split_layers(self.build_panels())
        self.sweep()


def frame_hashes(facts, monkeypatch, manim_loop: bool, media, scene=None) -> list[str]:
    if manim_loop:
        monkeypatch.setattr(LectureScene, "play_internal", Scene.play_internal)
    hashes = []
    with tempconfig({"pixel_width": 192, "pixel_height": 108, "frame_rate": 10, "format": "none",
                     "disable_caching": True, "verbosity": "ERROR", "progress_bar": "none",
                     "media_dir": str(media)}):
        scene = (scene or SweepOnly)(facts, "en")
        scene.renderer.add_frame = lambda frame, num_frames=1: hashes.extend(
            [hashlib.sha256(frame.tobytes()).hexdigest()] * num_frames)
        scene.render()
    monkeypatch.undo()
    return hashes


def test_held_frames_equal_redrawn_frames(clinic20_facts, monkeypatch, tmp_path):
    held = frame_hashes(clinic20_facts, monkeypatch, manim_loop=False, media=tmp_path / "a")
    redrawn = frame_hashes(clinic20_facts, monkeypatch, manim_loop=True, media=tmp_path / "b")
    assert len(held) == 30
    assert held == redrawn
    assert len(set(held)) > 5  # the sweep really changes the picture


class SweepBesideSpinner(SweepOnly):
    """The sweep while a square spins on its own above the panels (like the radar's beam)."""

    def construct(self):
        self.split_layers(self.build_panels())
        spinner = Square(side_length=1.0, fill_opacity=0.8).move_to(self.panels[0])
        spinner.add_updater(lambda mobject, dt: mobject.rotate(dt))
        self.add(spinner)
        self.sweep()


def test_held_frames_under_a_ticking_updater_equal_redrawn_frames(clinic20_facts, monkeypatch, tmp_path):
    """Parts below a mobject with an updater are drawn into the background once per step; same frames."""
    held = frame_hashes(clinic20_facts, monkeypatch, manim_loop=False, media=tmp_path / "a", scene=SweepBesideSpinner)
    redrawn = frame_hashes(clinic20_facts, monkeypatch, manim_loop=True, media=tmp_path / "b", scene=SweepBesideSpinner)
    assert len(held) == 30
    assert held == redrawn
    assert len(set(held)) == 30  # the spinner moves in every frame


class SweepWithFades(SweepOnly):
    """The sweep while a caption fades in above the panels, then two swap (like the radar's knob turns)."""

    def construct(self):
        from manim import AnimationGroup, FadeIn, FadeOut, Text, linear

        from umbral.scenes.base import HeldSteps

        self.split_layers(self.build_panels())
        first, second = Text("up").to_edge(UP), Text("down").to_edge(UP).shift(0.3 * UP)
        half = self.facts.grid[:25], self.facts.grid[25:]
        self.play(HeldSteps(self.live_layer, half[0], self.show, rate_func=linear), FadeIn(first), run_time=1.5)
        self.play(HeldSteps(self.live_layer, half[1], self.show, rate_func=linear),
                  AnimationGroup(FadeOut(first), FadeIn(second), lag_ratio=1.0), run_time=1.5)


def test_held_frames_beside_fades_equal_redrawn_frames(clinic20_facts, monkeypatch, tmp_path):
    """A fade playing beside the steps is drawn in every frame over a background made once per step."""
    import umbral.scenes.base as base

    splits, split = [], base._split_at_first_ticking
    monkeypatch.setattr(base, "_split_at_first_ticking", lambda *args: splits.append(split(*args)) or splits[-1])
    held = frame_hashes(clinic20_facts, monkeypatch, manim_loop=False, media=tmp_path / "a", scene=SweepWithFades)
    assert len(splits) == 2 and all(below and ticking for below, ticking in splits)  # the panels went below
    redrawn = frame_hashes(clinic20_facts, monkeypatch, manim_loop=True, media=tmp_path / "b", scene=SweepWithFades)
    assert len(held) == 30
    assert held == redrawn
    assert len(set(held)) == 30  # the fades change every frame


class PartsOnScreen(Scene):
    def construct(self):
        self.bottom, self.middle, self.top = Square(), Circle(), Triangle()
        self.add(self.bottom, self.middle, self.top)
        self.play(VGroup(self.bottom, self.middle).animate.shift(UP), run_time=0.2)
        self.play(UpdateFromAlphaFunc(VGroup(self.middle), lambda mobject, alpha: None), run_time=0.2)


def test_a_group_of_parts_on_screen_is_animated_in_place(monkeypatch, tmp_path):
    """Manim would add the group on top (the parts drawn above the rest from then on); umbral keeps the order."""
    class InLecture(PartsOnScreen, LectureScene):
        def __init__(self):
            Scene.__init__(self)

    with tempconfig({"pixel_width": 64, "pixel_height": 36, "format": "none", "disable_caching": True,
                     "verbosity": "ERROR", "progress_bar": "none", "media_dir": str(tmp_path)}):
        scene = InLecture()
        scene.render()
        assert scene.mobjects == [scene.bottom, scene.middle, scene.top]
        assert scene.bottom.get_center()[1] > 0.9  # and it did move
        plain = PartsOnScreen()
        plain.render()
        assert plain.mobjects[-1] is not plain.top  # Manim's own rule reorders
