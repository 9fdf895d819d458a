"""Slide decks of ThresholdSweep via manim-slides: tiny real renders, checked file by file."""

from __future__ import annotations

import base64
import re

import pytest

from tests.scenes.conftest import all_files
from umbral.scenes.base import LectureScene
from umbral.scenes.publish.media_convert import probe
from umbral.scenes.publish.slides import build_deck, deck_path, slide_class
from umbral.scenes.threshold_sweep import ThresholdSweep

#: The smallest frame and a low rate: these tests are about the deck, its slides, clips and notes.
TINY = {"resolution": (64, 36), "fps": 2}
#: ThresholdSweep's beats: opening, panels, hold_default, hold_max_f1 -> 4 breaks, 5 slides.
BEATS = 4
SLIDES = BEATS + 1
VIDEO_SECTION = re.compile(r'<section[^>]*data-background-video="([^"]+)"')


def test_slide_class_keeps_the_story_and_the_frame_reuse():
    from manim_slides.slide import Slide

    cls = slide_class(ThresholdSweep)
    assert cls.__name__ == "ThresholdSweep"  # names the slide JSON and clips
    assert issubclass(cls, Slide) and issubclass(cls, ThresholdSweep)
    assert cls.construct is ThresholdSweep.construct
    assert cls.play_internal is LectureScene.play_internal  # HeldSteps frames are still reused
    assert cls.beat is not LectureScene.beat
    with pytest.raises(TypeError):
        slide_class(Slide)


def test_html_one_file_embeds_one_video_per_slide(clinic20_facts, tmp_path, private_tmp):
    out = tmp_path / "out"
    lab = "<!doctype html><title>lab</title><p>θ</p>"
    deck = build_deck(["ThresholdSweep"], clinic20_facts, "en", "html", out, one_file=True, lab_page=lab, **TINY)
    assert deck == deck_path(out, "clinic20", "en", "html") == out / "clinic20" / "en" / "slides.html"
    assert all_files(out) == [deck]  # self-contained: no assets folder, no temp files
    assert all_files(private_tmp) == [] and list(private_tmp.iterdir()) == []
    page = deck.read_text(encoding="utf-8")
    videos = VIDEO_SECTION.findall(page)
    assert len(videos) == page.count("<section") - 1 == SLIDES
    # --with-lab: the lab is the last slide, inlined as a data URI, live (interactive).
    last = re.findall(r'<section data-background-iframe="([^"]+)" data-background-interactive>', page)
    assert len(last) == 1 and page.rindex("<section") == page.index("<section data-background-iframe=")
    assert base64.b64decode(last[0].split(",", 1)[1]).decode("utf-8") == lab
    assert all(v.startswith("data:video/mp4;base64,") for v in videos)
    # The clips add up to the whole video: the HeldSteps sweep was rendered in full.
    total = 0.0
    for index, uri in enumerate(videos):
        clip = tmp_path / f"clip{index}.mp4"
        clip.write_bytes(base64.b64decode(uri.split(",", 1)[1]))
        info = probe(clip)
        assert (info["width"], info["height"]) == TINY["resolution"]
        total += info["duration"]
    assert total == pytest.approx(ThresholdSweep.duration(), abs=SLIDES / TINY["fps"])  # a frame per clip
    # Narration as speaker notes, in the slide where each cue starts.
    assert page.count('<aside class="notes"') == SLIDES - 1  # the panels slide has no cue
    assert "θ = 0.54" in page


def test_html_without_one_file_writes_assets_beside_it(clinic20_facts, tmp_path, private_tmp):
    from umbral.scenes.publish.progress import LineDisplay

    out = tmp_path / "out"
    lines = []
    deck = build_deck(["ThresholdSweep"], clinic20_facts, "en", "html", out, display=LineDisplay(lines.append), **TINY)
    assets = deck.with_name("slides_assets")
    clips = sorted(assets.glob("*.mp4"))
    assert all_files(out) == sorted([deck, *clips]) and len(clips) == SLIDES
    # Progress: a line when the scene starts rendering, one when it is done.
    assert lines[0] == "[1/1] ThresholdSweep: clinic20, en, 64x36@2, slides"
    assert re.fullmatch(r"      ThresholdSweep \(en, slides\) done in \d+\.\d s", lines[1]) and len(lines) == 2
    refs = VIDEO_SECTION.findall(deck.read_text(encoding="utf-8"))
    assert sorted(refs) == sorted(f"slides_assets/{clip.name}" for clip in clips)
    assert list(private_tmp.iterdir()) == []


def test_pptx_and_pdf_have_one_page_per_slide(clinic20_facts, tmp_path, private_tmp):
    import pptx
    from pptx.enum.shapes import MSO_SHAPE_TYPE

    out = tmp_path / "out"
    deck = build_deck(["ThresholdSweep"], clinic20_facts, "es", "pptx", out, **TINY)
    assert deck == out / "clinic20" / "es" / "slides.pptx"
    presentation = pptx.Presentation(str(deck))
    assert len(presentation.slides) == SLIDES
    assert presentation.slide_width * 9 == presentation.slide_height * 16
    for slide in presentation.slides:
        assert [shape.shape_type for shape in slide.shapes] == [MSO_SHAPE_TYPE.MEDIA]
    notes = [s.notes_slide.notes_text_frame.text for s in presentation.slides if s.has_notes_slide]
    assert len(notes) == SLIDES - 1 and "0.54" in notes[-2]

    pdf = build_deck(["ThresholdSweep"], clinic20_facts, "es", "pdf", out, **TINY)
    assert len(re.findall(rb"/Type\s*/Page\b", pdf.read_bytes())) == SLIDES
    assert all_files(out) == [pdf, deck]
    assert list(private_tmp.iterdir()) == []


def test_failed_render_leaves_the_old_deck_and_no_partial_files(clinic20_facts, tmp_path, private_tmp, monkeypatch):
    out = tmp_path / "out"
    old = deck_path(out, "clinic20", "en", "html")
    old.parent.mkdir(parents=True)
    old.write_text("old deck", encoding="utf-8")

    def broken(self):
        raise RuntimeError("scene bug")

    monkeypatch.setattr(ThresholdSweep, "sweep", broken)
    with pytest.raises(RuntimeError, match="scene bug"):
        build_deck(["ThresholdSweep"], clinic20_facts, "en", "html", out, one_file=True, **TINY)
    with pytest.raises(RuntimeError, match="scene bug"):
        build_deck(["ThresholdSweep"], clinic20_facts, "en", "pptx", out, **TINY)
    assert all_files(out) == [old] and old.read_text(encoding="utf-8") == "old deck"
    assert [p.name for p in old.parent.iterdir()] == ["slides.html"]
    assert list(private_tmp.iterdir()) == []


@pytest.mark.parametrize(("names", "to", "message"), [
    ([], "html", "no scenes"),
    (["NoSuchScene"], "html", "unknown scene"),
    (["ThresholdSweep"], "key", "unknown deck format"),
])
def test_bad_requests_write_nothing(clinic20_facts, tmp_path, names, to, message):
    with pytest.raises(ValueError, match=message):
        build_deck(names, clinic20_facts, "en", to, tmp_path / "out", **TINY)
    assert not (tmp_path / "out").exists()


def test_slides_command_writes_a_deck(tmp_path):
    from click.testing import CliRunner

    from umbral.cli import cli

    result = CliRunner().invoke(cli, ["slides", "ThresholdSweep", "--data", "clinic20", "--to", "pdf",
                                      "--resolution", "64x36", "--fps", "2", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "clinic20" / "en" / "slides.pdf").read_bytes().startswith(b"%PDF")


def test_the_lab_slide_links_a_copy_beside_a_multi_file_deck(tmp_path):
    from umbral.scenes.publish.slides import _append_lab

    deck = tmp_path / "slides.html"
    deck.write_text('<div class="slides"><section data-background-video="a.mp4"></section>\n</div>', encoding="utf-8")
    _append_lab(deck, "<p>lab</p>", tmp_path / "slides_assets")
    assert (tmp_path / "slides_assets" / "lab.html").read_text(encoding="utf-8") == "<p>lab</p>"
    assert deck.read_text(encoding="utf-8") == (
        '<div class="slides"><section data-background-video="a.mp4"></section>\n'
        '<section data-background-iframe="slides_assets/lab.html" data-background-interactive></section>\n</div>')
