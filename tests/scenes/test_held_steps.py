"""Reusing unchanged frames (HeldSteps) gives exactly the frames Manim's own loop draws."""

from __future__ import annotations

import hashlib

from manim import Scene, tempconfig

from scenes.base import LectureScene
from scenes.threshold_sweep import ThresholdSweep


class SweepOnly(ThresholdSweep):
    sweep_seconds = 3.0

    def construct(self):
        self.split_layers(self.build_panels())
        self.sweep()


def frame_hashes(facts, monkeypatch, manim_loop: bool, media) -> list[str]:
    if manim_loop:
        monkeypatch.setattr(LectureScene, "play_internal", Scene.play_internal)
    hashes = []
    with tempconfig({"pixel_width": 192, "pixel_height": 108, "frame_rate": 10, "format": "none",
                     "disable_caching": True, "verbosity": "ERROR", "progress_bar": "none",
                     "media_dir": str(media)}):
        scene = SweepOnly(facts, "en")
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
