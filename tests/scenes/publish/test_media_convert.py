"""mp4 -> GIF conversion and probing with PyAV only (no manim, no ffmpeg binary)."""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import av
import numpy as np
import pytest

from umbral.scenes.publish.media_convert import mp4_to_gif, output_size, probe

REPO_ROOT = Path(__file__).resolve().parents[3]
BACKGROUND = (18, 20, 28)
BAR_COLOURS = ((230, 90, 70), (70, 160, 230), (240, 200, 60), (120, 220, 120), (200, 120, 230))


def _write_mp4(path: Path, frames, width: int, height: int, fps) -> Path:
    """Encode RGB ``frames`` (an iterable of HxWx3 uint8 arrays) as H.264 yuv420p."""
    with av.open(str(path), "w") as container:
        stream = container.add_stream("libx264", rate=fps)
        stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
        stream.options = {"crf": "20", "preset": "ultrafast"}
        for image in frames:
            frame = av.VideoFrame.from_ndarray(image, format="rgb24")
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode(None):
            container.mux(packet)
    return path


def _small_frames(n: int, width: int = 320, height: int = 180):
    """Two flat rectangles sliding in opposite directions on a dark background."""
    for i in range(n):
        image = np.full((height, width, 3), BACKGROUND, np.uint8)
        x = (i * 4) % (width - 40)
        image[20:60, x : x + 40] = (220, 60, 60)
        image[100:140, width - 40 - x : width - x] = (60, 200, 90)
        yield image


def _lecture_frames(n: int, width: int = 854, height: int = 480, fps: float = 30.0):
    """Look-alike of a scene: dark flat background, moving bars, static text blocks, a moving dot."""
    base = np.full((height, width, 3), BACKGROUND, np.uint8)
    for row in range(4):  # "text": static light blocks of uneven length
        y = 20 + row * 22
        for word in range(3 + row):
            x = 30 + word * 48
            base[y : y + 14, x : x + 40] = (200, 200, 210)
    base[height - 58 : height - 56, 40 : width - 40] = (150, 150, 160)  # axis
    yy, xx = np.mgrid[0:24, 0:24]
    glow = np.clip(1 - np.hypot(yy - 11.5, xx - 11.5) / 12, 0, 1)[..., None]  # soft round marker
    for i in range(n):
        t = i / fps
        image = base.copy()
        for b, colour in enumerate(BAR_COLOURS):
            bar_h = int((0.5 + 0.4 * np.sin(t * 1.1 + b)) * height * 0.5)
            x0 = 80 + b * 110
            image[height - 60 - bar_h : height - 60, x0 : x0 + 70] = colour
        cy = int(height / 2 + 80 * np.sin(t * 1.5)) - 12
        cx = int(width / 2 + 200 * np.cos(t * 1.2)) - 12
        patch = image[cy : cy + 24, cx : cx + 24].astype(float)
        image[cy : cy + 24, cx : cx + 24] = (patch * (1 - glow) + 255 * glow).astype(np.uint8)
        yield image


def _netscape_loop_count(path: Path) -> int | None:
    """Loop count of the NETSCAPE2.0 block (0 = forever), or ``None`` when absent (= play once)."""
    data = path.read_bytes()
    assert data[:6] in (b"GIF87a", b"GIF89a")
    at = data.find(b"\x21\xff\x0bNETSCAPE2.0")
    if at < 0:
        return None
    sub = data[at + 14 : at + 19]  # sub-block: size 3, id 1, loop count (LE uint16), terminator
    assert sub[0] == 3 and sub[1] == 1 and sub[4] == 0
    return int.from_bytes(sub[2:4], "little")


@pytest.fixture(scope="module")
def small_mp4(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("media") / "small.mp4"
    return _write_mp4(path, _small_frames(64), 320, 180, 30)


@pytest.fixture(scope="module")
def small_gif(small_mp4, tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("gif") / "small.gif"
    mp4_to_gif(small_mp4, target)
    return target


def test_probe_mp4(small_mp4):
    info = probe(small_mp4)
    assert info == {
        "frames": 64,
        "width": 320,
        "height": 180,
        "fps": pytest.approx(30.0),
        "duration": pytest.approx(64 / 30),
    }
    assert isinstance(info["frames"], int) and isinstance(info["duration"], float)


def test_gif_keeps_small_width_and_caps_fps(small_mp4, small_gif):
    assert small_gif.exists() and small_gif.stat().st_size > 0
    source, gif = probe(small_mp4), probe(small_gif)
    assert (gif["width"], gif["height"]) == (320, 180)  # never upscaled to 640
    assert gif["fps"] <= 25.0 + 1e-6
    assert gif["frames"] == pytest.approx(source["duration"] * 25, abs=1)
    assert abs(gif["duration"] - source["duration"]) <= 1 / 25 + 0.011


def test_gif_loops_forever_by_default(small_gif):
    assert _netscape_loop_count(small_gif) == 0


def test_gif_plays_once_without_loop(small_mp4, small_gif, tmp_path):
    target = tmp_path / "once.gif"
    mp4_to_gif(small_mp4, target, loop=False)
    assert _netscape_loop_count(target) is None
    assert probe(target) == probe(small_gif)  # only the looping differs


def test_gif_downscales_keeping_aspect(small_mp4, tmp_path):
    target = tmp_path / "narrow.gif"
    mp4_to_gif(small_mp4, target, max_width=160)
    info = probe(target)
    assert (info["width"], info["height"]) == (160, 90)
    assert abs(info["duration"] - 64 / 30) <= 1 / 25 + 0.011


def test_slow_source_keeps_every_frame_and_exact_duration(tmp_path):
    source = _write_mp4(tmp_path / "slow.mp4", _small_frames(30, 322, 182), 322, 182, 12)
    target = tmp_path / "slow.gif"
    mp4_to_gif(source, target)
    info = probe(target)
    assert info["frames"] == 30
    assert (info["width"], info["height"]) == (322, 182)
    assert info["duration"] == pytest.approx(30 / 12, abs=0.011)


def test_ntsc_rate_source_is_resampled(tmp_path):
    source = _write_mp4(tmp_path / "ntsc.mp4", _small_frames(45), 320, 180, Fraction(30000, 1001))
    target = tmp_path / "ntsc.gif"
    mp4_to_gif(source, target, max_fps=15)
    info = probe(target)
    # 15 fps is 6.67 cs per frame: GIF delays are whole centiseconds, so the mean rate is only ~15.
    assert info["fps"] == pytest.approx(15, rel=0.01)
    assert info["frames"] == 23  # 1.5015 s at 15 fps
    assert abs(info["duration"] - 45 * 1001 / 30000) <= 1 / 15 + 0.011


def test_no_video_stream_is_an_error(tmp_path):
    source = tmp_path / "silence.wav"
    with av.open(str(source), "w") as container:
        stream = container.add_stream("pcm_s16le", rate=8000)
        frame = av.AudioFrame.from_ndarray(np.zeros((1, 800), np.int16), format="s16", layout="mono")
        frame.sample_rate = 8000
        for packet in stream.encode(frame):
            container.mux(packet)
        for packet in stream.encode(None):
            container.mux(packet)
    target = tmp_path / "silence.gif"
    with pytest.raises(ValueError, match="no video stream"):
        mp4_to_gif(source, target)
    assert not target.exists()
    with pytest.raises(ValueError, match="no video stream"):
        probe(source)


@pytest.mark.parametrize(
    ("size", "max_width", "expected"),
    [
        ((854, 480), 640, (640, 360)),
        ((1920, 1080), 640, (640, 360)),
        ((320, 180), 640, (320, 180)),
        ((320, 180), 160, (160, 90)),
        ((321, 181), 640, (320, 180)),
        ((640, 480), 101, (100, 76)),
    ],
)
def test_output_size(size, max_width, expected):
    assert output_size(*size, max_width) == expected


def test_ten_second_lecture_clip_is_under_a_megabyte(tmp_path):
    source = _write_mp4(tmp_path / "lecture.mp4", _lecture_frames(300), 854, 480, 30)
    target = tmp_path / "lecture.gif"
    mp4_to_gif(source, target, max_width=640)
    info = probe(target)
    assert (info["width"], info["height"]) == (640, 360)
    assert info["fps"] == pytest.approx(25.0)
    assert info["duration"] == pytest.approx(10.0, abs=1 / 25 + 0.011)
    size = target.stat().st_size
    assert size < 1_000_000, f"{size / 1024:.0f} KB"


def test_still_fills_keep_their_colour_undithered(tmp_path):
    """A still panel's flat bars come out as one flat colour, close to the source, in every frame."""
    source = _write_mp4(tmp_path / "lecture.mp4", _lecture_frames(60), 854, 480, 30)
    target = tmp_path / "lecture.gif"
    mp4_to_gif(source, target, max_width=854)
    with av.open(str(target)) as container:
        frames = [frame.to_ndarray(format="rgb24") for frame in container.decode(video=0)]
    for image in frames[:: len(frames) // 6]:
        for b, colour in enumerate(BAR_COLOURS):  # the bottom 20 px of every bar are always filled
            patch = image[480 - 78 : 480 - 64, 80 + b * 110 + 8 : 80 + b * 110 + 62].reshape(-1, 3)
            assert len(np.unique(patch, axis=0)) == 1, f"bar {b} is dithered"
            assert np.abs(patch[0].astype(int) - colour).max() <= 12, (b, patch[0], colour)


def test_module_imports_neither_manim_nor_av(tmp_path):
    """Load the module file on its own (not via ``scenes/__init__``) and check what it pulls in."""
    module = REPO_ROOT / "scenes" / "publish" / "media_convert.py"
    code = (
        "import importlib.util, sys\n"
        "spec = importlib.util.spec_from_file_location('media_convert', sys.argv[1])\n"
        "spec.loader.exec_module(importlib.util.module_from_spec(spec))\n"
        "loaded = [m for m in ('manim', 'av') if m in sys.modules]\n"
        "assert not loaded, loaded\n"
    )
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run(
        [sys.executable, "-c", code, str(module)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
