"""OUT/index.html lists every output, and every media source loads in headless Chromium."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.ceilings import HANG_SECONDS
from umbral.scenes.publish.gallery import build_gallery
from umbral.scenes.publish.runner import RenderOptions, render_scene

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]


def chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    assert path, "Debian's chromium is needed for this test; `make setup` installs it"
    return path


def render_outputs(facts, out: Path):
    from umbral.scenes.publish import manifest

    for fmt in ("mp4", "gif", "png"):
        options = RenderOptions(out_dir=out, fmt=fmt, resolution=(192, 108), fps=5.0)
        files = render_scene("ThresholdSweep", facts, options)
        manifest.record(files[0], "ThresholdSweep", {"format": fmt}, "data", "code", companions=files[1:])
    manifest.save_json(out / manifest.DATASETS_FILE, {"fp": {
        "name": facts.name, "title": facts.title, **{k: facts.report[k] for k in (
            "n", "positives", "prevalence", "auc", "average_precision", "accuracy", "precision", "recall", "f1")}}})


@pytest.fixture(scope="module")
def gallery(clinic20_facts, tmp_path_factory):
    out = tmp_path_factory.mktemp("gallery") / "out"
    render_outputs(clinic20_facts, out)
    return build_gallery(out)


def run_chromium(tmp_path, *args):
    profile = tmp_path / "profile"
    return subprocess.run([chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
                          capture_output=True, text=True, timeout=HANG_SECONDS)


def test_gallery_lists_every_output_with_captions(gallery):
    page = gallery.read_text()
    for name in ("ThresholdSweep.mp4", "ThresholdSweep.gif", "ThresholdSweep.png"):
        assert f'clinic20/en/{name}"' in page
    assert '<track kind="subtitles" src="clinic20/en/ThresholdSweep.vtt" srclang="en"' in page
    assert "AUC 0.893" in page and "n = 20" in page


def test_every_media_source_loads_in_chromium(gallery, tmp_path):
    result = run_chromium(tmp_path, "--virtual-time-budget=10000", "--dump-dom", gallery.as_uri())
    states = re.findall(r'data-loaded="(\w+)"', result.stdout)
    media = len(re.findall(r"<(?:video|img)\b", result.stdout))
    assert media == 3
    assert states == ["yes"] * media, result.stdout[-2000:]


def test_a_missing_file_is_reported_as_an_error(gallery, tmp_path):
    broken = gallery.with_name("broken.html")
    broken.write_text(gallery.read_text().replace("ThresholdSweep.gif", "Missing.gif"))
    result = run_chromium(tmp_path, "--virtual-time-budget=10000", "--dump-dom", broken.as_uri())
    assert "error" in re.findall(r'data-loaded="(\w+)"', result.stdout)


def test_screenshot(gallery, tmp_path):
    shot = tmp_path / "gallery.png"
    run_chromium(tmp_path, "--window-size=1280,900", f"--screenshot={shot}", gallery.as_uri())
    assert shot.is_file() and shot.stat().st_size > 10_000


def test_videos_show_a_poster_from_the_middle_not_the_black_first_frame(gallery):
    from PIL import Image, ImageStat

    posters = re.findall(r'poster="([^"]+)"', gallery.read_text())
    assert len(posters) == 1 and posters[0].startswith("clinic20/en/.posters/ThresholdSweep.mp4.")
    with Image.open(gallery.parent / posters[0]) as image:
        assert image.format == "JPEG" and image.size == (192, 108)
        assert ImageStat.Stat(image.convert("L")).mean[0] > 20  # the panels, not the opening black


def test_a_poster_is_made_once_per_video_content(gallery, tmp_path):
    from umbral.scenes.publish.posters import poster_for

    video = tmp_path / "ThresholdSweep.mp4"
    shutil.copyfile(gallery.parent / "clinic20" / "en" / video.name, video)
    first = poster_for(video, "a" * 64)
    made = first.stat().st_mtime_ns
    assert poster_for(video, "a" * 64).stat().st_mtime_ns == made
    second = poster_for(video, "b" * 64)
    assert second != first and second.is_file() and not first.exists()
