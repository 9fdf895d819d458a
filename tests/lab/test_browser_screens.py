"""Screenshots at a laptop's and a phone's width; on the phone nothing scrolls sideways."""

from __future__ import annotations

import pytest

FRAGMENTS = {"data": "#mode=data&theta=0.50", "binormal": "#mode=binormal&theta=0.30&d=1.5&pi=0.1&ratio=10"}


@pytest.mark.parametrize("width", (1280, 420))
def test_screenshot_and_no_sideways_scroll(new_lab, lab_files, tmp_path, width):
    for mode, fragment in FRAGMENTS.items():
        lab = new_lab(width=width, height=900).open(lab_files["clinic20", "en"], fragment)
        shot = tmp_path / f"lab-{mode}-{width}.png"
        lab.page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 20_000, f"{shot} looks empty"
        scroll_width = lab.page.evaluate("document.scrollingElement.scrollWidth")
        assert scroll_width <= width, f"{mode} mode at {width} px scrolls sideways: scrollWidth {scroll_width}"


#: For each caption of the scores panel that the θ line crosses: is the caption what is painted there?
CAPTIONS_CROSSED = """() => {
  const svg = document.getElementById("scores-svg");
  const line = [...svg.querySelectorAll("line")].find((l) => l.getAttribute("stroke-width") === "2.5");
  const x = line.getBoundingClientRect().left + 1;
  return [...svg.querySelectorAll("text.svg-text.svg-halo")].map((caption) => {
    const box = caption.getBoundingClientRect();
    if (x < box.left || x > box.right) return null;
    const top = document.elementFromPoint(x, box.top + box.height / 2);
    return [caption.textContent, top === caption || caption.contains(top)];
  }).filter(Boolean);
}"""


@pytest.mark.parametrize("lang", ("en", "es"))
def test_the_theta_line_passes_behind_the_class_captions_on_a_phone(new_lab, lab_files, lang):
    """At 420 px the captions ("sick patients: 4 of 5 flagged") reach past θ 0.5: the line must not cross them."""
    lab = new_lab(width=420, height=900).open(lab_files["clinic20", lang], FRAGMENTS["data"])
    crossed = lab.page.evaluate(CAPTIONS_CROSSED)
    assert crossed, "no caption reaches the θ line at 420 px: this test no longer tests anything"
    hidden = [text for text, on_top in crossed if not on_top]
    assert hidden == [], f"the θ line is drawn over {hidden}"
