"""LectureCamera paints the same pixels as Manim's camera, tracing each outline's path once per set of points."""

from __future__ import annotations

import hashlib

import pytest

from tests.scenes.conftest import TEXT_DIR


def frames_painted(scene_class, facts, camera_class, media_dir) -> tuple[list[str], object]:
    """Every frame the scene paints at 160x90 and 4 fps, as digests of its pixels; and the camera."""
    from manim import tempconfig

    with tempconfig({"pixel_width": 160, "pixel_height": 90, "frame_rate": 4, "disable_caching": True,
                     "format": "none", "verbosity": "ERROR", "progress_bar": "none", "media_dir": str(media_dir),
                     "text_dir": TEXT_DIR}):
        scene = scene_class(facts, "en", camera_class=camera_class)
        digests = []
        add_frame = scene.renderer.add_frame

        def kept(frame, num_frames=1):
            digests.extend([hashlib.blake2b(frame.tobytes(), digest_size=12).hexdigest()] * num_frames)
            add_frame(frame, num_frames)

        scene.renderer.add_frame = kept
        scene.render()
    return digests, scene.renderer.camera


@pytest.mark.slow
def test_every_frame_equals_manims_own_camera(clinic20_facts, tmp_path):
    from manim import Camera

    from umbral.scenes.camera import LectureCamera
    from umbral.scenes.cost_threshold import CostThreshold

    manims, _ = frames_painted(CostThreshold, clinic20_facts, Camera, tmp_path / "manim")
    ours, camera = frames_painted(CostThreshold, clinic20_facts, LectureCamera, tmp_path / "ours")
    assert isinstance(camera, LectureCamera) and camera._paths, "no path was kept"
    assert len(manims) == round(CostThreshold.duration() * 4) and len(set(manims)) > 20
    assert ours == manims


def test_lecture_scenes_paint_with_it(clinic20_facts, tmp_path):
    from manim import tempconfig

    from umbral.scenes.camera import LectureCamera
    from umbral.scenes.threshold_sweep import ThresholdSweep

    with tempconfig({"media_dir": str(tmp_path), "text_dir": TEXT_DIR}):
        assert type(ThresholdSweep(clinic20_facts, "en").renderer.camera) is LectureCamera
