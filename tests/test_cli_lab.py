"""`umbral lab`: where the page goes, what refuses it, and the lecture and gallery around it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ceilings import HANG_SECONDS
from umbral.scenes.publish import manifest
from umbral.scenes.publish.lab import LAB_SCENE

ROOT = Path(__file__).resolve().parents[1]


def umbral(*args, cwd=ROOT):
    return subprocess.run([sys.executable, str(ROOT / "render.py"), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=HANG_SECONDS)


def inlined_payload(page: str) -> dict:
    start = page.index('<script type="application/json" id="lab-data">') + len(
        '<script type="application/json" id="lab-data">')
    return json.loads(page[start:page.index("</script>", start)].replace("<\\/", "</"))


def test_lab_writes_one_page_per_language_and_the_gallery_links_it(tmp_path):
    out = tmp_path / "out"
    result = umbral("lab", "--data", "clinic20", "--lang", "en,es", "--out", str(out))
    assert result.returncode == 0, result.stderr
    pages = [out / "clinic20" / lang / "lab.html" for lang in ("en", "es")]
    assert result.stdout.splitlines() == [f"wrote {page}" for page in pages]
    for lang, page in zip(("en", "es"), pages, strict=True):
        text = page.read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in text
        payload = inlined_payload(text)
        assert payload["lang"] == lang and payload["parts"][0]["at_hundredths"]["tp"][50] == 4
        assert manifest.load_json(page.parent / manifest.MANIFEST_FILE)["lab.html"]["scene"] == LAB_SCENE
    gallery = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="clinic20/en/lab.html"' in gallery and 'href="clinic20/es/lab.html"' in gallery
    # Each language's link is worded in that language.
    links = re.findall(r'<p class="lab"><a href="clinic20/(\w+)/lab.html">([^<]+)</a>', gallery)
    assert [(lang, text.split(":")[0]) for lang, text in links] == [("en", "The lab"), ("es", "El laboratorio")]


@pytest.mark.parametrize("args, message", [
    (["--cost-fp", "0"], "--cost-fp > 0"),
    (["--lang", "fr"], "--lang"),
    (["--data", "no-such-file.csv"], "no such file"),
    (["--data", "screening8", "--model", "tree"], "no model 'tree'"),
])
def test_bad_input_is_one_line_exit_2_and_nothing_written(tmp_path, args, message):
    out = tmp_path / "out"
    result = umbral("lab", "--data", "clinic20", "--out", str(out), *args)
    assert result.returncode == 2 and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not out.exists()


def test_slides_with_lab_needs_html(tmp_path):
    result = umbral("slides", "--to", "pptx", "--with-lab", "--data", "clinic20", "--out", str(tmp_path / "out"))
    assert result.returncode == 2 and "--with-lab needs --to html" in result.stderr
    assert not (tmp_path / "out").exists()


def test_the_whole_lecture_writes_the_lab_and_finds_it_up_to_date_next_time(tmp_path):
    """Lecture.labs(): written once per language, then found fresh, rewritten when the costs change."""
    from umbral.scenes.publish.render_run import Lecture, LectureRequest
    from umbral.scenes.publish.runner import RenderOptions

    def lecture(cost_fn=10.0):
        request = LectureRequest(scenes=("ThresholdSweep",), langs=("en", "es"), formats=("mp4",),
                                 options=RenderOptions(out_dir=tmp_path), data_kwargs={"source": "clinic20"},
                                 cost_fn=cost_fn, cost_fp=1.0)
        made = Lecture(request)
        made.load_facts()
        return made

    written, fresh = lecture().labs()
    assert [p.relative_to(tmp_path).as_posix() for p in written] == ["clinic20/en/lab.html", "clinic20/es/lab.html"]
    assert fresh == []
    assert lecture().labs() == ([], written)
    again, fresh = lecture(cost_fn=5.0).labs()
    assert again == written and fresh == []
    assert inlined_payload(written[0].read_text(encoding="utf-8"))["defaults"]["cost_ratio"] == 5.0


def test_run_lecture_adds_the_lab_to_the_whole_lecture_only(tmp_path, monkeypatch):
    """The wiring: a run of the whole lecture lists the labs it wrote; scenes named on the command line do not."""
    from umbral.scenes.publish import render_run
    from umbral.scenes.publish.render_run import LectureRequest, run_lecture
    from umbral.scenes.publish.runner import RenderOptions

    monkeypatch.setattr(render_run.Lecture, "render", lambda self, jobs: ([], 0.0))  # no Manim here

    def run(explicit, out):
        return run_lecture(LectureRequest(scenes=("ThresholdSweep",), langs=("es",), formats=("mp4",),
                                          options=RenderOptions(out_dir=out), data_kwargs={"source": "clinic20"},
                                          explicit=explicit))

    assert run(True, tmp_path / "named").written == ()
    whole = run(False, tmp_path / "whole")
    assert whole.written == (tmp_path / "whole" / "clinic20" / "es" / "lab.html",)
    assert 'href="clinic20/es/lab.html"' in (tmp_path / "whole" / "index.html").read_text(encoding="utf-8")
