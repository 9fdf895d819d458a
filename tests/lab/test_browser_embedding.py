"""The lab framed: it tells its host its height, and inside a reveal.js deck the arrow keys still change slides."""

from __future__ import annotations

import html
import json
import time

import pytest

from tests.lab.conftest import TIMEOUT_MS

HOST = """<!doctype html><html><head><meta charset="utf-8"><title>host</title></head><body>
<script>window.heights = []; window.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'umbral-lab-height') window.heights.push(event.data.height);
});</script>
<iframe id="lab" src="%s" style="width: 800px; height: 300px; border: 0"></iframe>
</body></html>"""

DECK = """<!doctype html><html><head><meta charset="utf-8"><title>deck</title>
<link rel="stylesheet" href="{dist}/reveal.css"><link rel="stylesheet" href="{dist}/theme/white.css"></head>
<body><div class="reveal"><div class="slides">
<section><h2>Before the lab</h2></section>
<section data-background-iframe="{lab}" data-background-interactive></section>
<section><h2>After the lab</h2></section>
</div></div>
<script src="{dist}/reveal.js"></script>
<script>Reveal.initialize({{hash: false, transition: 'none', backgroundTransition: 'none', controls: false,
  progress: false}}).then(() => {{ document.body.dataset.deck = 'ready'; }});</script>
</body></html>"""


def lab_frame(page, timeout=TIMEOUT_MS):
    """The lab's frame inside ``page``, once it has drawn (waiting up to ``timeout`` ms for it to appear)."""
    deadline = time.monotonic() + timeout / 1000
    while time.monotonic() < deadline:
        frames = [frame for frame in page.frames if frame.url.split("#")[0].endswith("lab.html")]
        if frames:
            frames[0].wait_for_function("document.body && document.body.dataset.ready === 'yes'", timeout=timeout)
            return frames[0]
        page.wait_for_timeout(100)
    raise AssertionError(f"no lab frame among {[frame.url for frame in page.frames]}")


def after_the_lab_spoke(page, frame) -> None:
    """Return once every message the lab posted so far has reached the deck (not after a wait on the clock).

    A frame's messages to its parent arrive in the order posted, and reveal.js acts on each as it arrives:
    once a marker posted now has arrived, a key the lab forwarded before it has moved the deck.
    """
    page.evaluate("""() => { window.marked = false; window.addEventListener('message', (event) => {
      if (event.data === 'umbral-test-marker') window.marked = true; }); }""")
    frame.evaluate("() => window.parent.postMessage('umbral-test-marker', '*')")
    page.wait_for_function("window.marked === true", timeout=TIMEOUT_MS)


def indices(page) -> dict:
    return page.evaluate("Reveal.getIndices()")


def test_an_iframe_host_receives_the_height(open_page, lab_files, tmp_path):
    host = tmp_path / "host.html"
    host.write_text(HOST % html.escape(lab_files["clinic20", "en"].as_uri()), encoding="utf-8")
    page, _ = open_page()
    page.goto(host.as_uri())
    lab_frame(page)
    page.wait_for_function("window.heights.length > 0", timeout=TIMEOUT_MS)
    heights = page.evaluate("window.heights")
    assert all(isinstance(height, int | float) and height > 0 for height in heights), heights


def test_arrow_keys_change_slides_unless_theta_has_the_focus(open_page, lab_files, reveal_dist, tmp_path):
    deck = tmp_path / "deck.html"
    deck.write_text(DECK.format(dist=reveal_dist.as_uri(), lab=html.escape(lab_files["clinic20", "en"].as_uri())),
                    encoding="utf-8")
    page, _ = open_page()
    page.goto(deck.as_uri())
    page.wait_for_function("document.body.dataset.deck === 'ready'")
    page.evaluate("Reveal.slide(1)")
    frame = lab_frame(page)

    # Focus inside the lab's document but on no control: a click on its heading.
    frame.locator("h1").first.click()
    active = frame.evaluate("document.activeElement && document.activeElement.tagName")
    assert active in ("BODY", "HTML", None), f"clicking the heading focused a {active}"
    page.keyboard.press("ArrowRight")
    page.wait_for_function("Reveal.getIndices().h === 2", timeout=TIMEOUT_MS)

    # Back on the lab with θ's slider focused: the arrow moves θ and the deck stays.
    page.evaluate("Reveal.slide(1)")
    frame = lab_frame(page)
    frame.locator("#theta-range").focus()
    before = frame.evaluate("document.querySelector('#theta-number').value")
    page.keyboard.press("ArrowRight")
    moved = f"document.querySelector('#theta-number').value !== {json.dumps(before)}"
    frame.wait_for_function(moved, timeout=TIMEOUT_MS)
    assert float(frame.evaluate("document.querySelector('#theta-number').value")) == pytest.approx(float(before) + 0.01)
    after_the_lab_spoke(page, frame)
    assert indices(page)["h"] == 1, f"the deck moved to {indices(page)} while θ had the focus"
