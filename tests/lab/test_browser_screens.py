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
