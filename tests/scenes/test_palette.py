"""One source of every colour: the palette data, used by the scenes' style and by the pages."""

from __future__ import annotations

import re
from pathlib import Path

from umbral.scenes import palette, style

ROOT = Path(__file__).resolve().parents[2]
HEX = re.compile(r"#(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3,4})\b")


def palette_values() -> dict:
    return {name: value for name, value in vars(palette).items()
            if name.isupper() and isinstance(value, (str, int, float, dict))}


def test_style_reexports_the_palette_unchanged():
    for name, value in palette_values().items():
        if name != "FONT_STACK":
            assert getattr(style, name) == value, name


def test_palette_is_plain_data():
    for name, value in palette_values().items():
        if name.endswith("COLOR") or name in ("BACKGROUND", "TEXT", "MUTED_TEXT", "HIGHLIGHT", "LINK"):
            assert re.fullmatch(r"#[0-9A-F]{6}", value), (name, value)
        if name.startswith("SIZE_"):
            assert isinstance(value, (int, float)) and value > 0, name
    assert all(re.fullmatch(r"#[0-9A-F]{6}", color) for color in palette.METRIC_COLORS.values())


def test_no_colour_is_written_outside_the_palette():
    offenders = []
    packages = ("scenes", "data", "metrics", "umbral")
    sources = [ROOT / "render.py", *(path for package in packages for path in (ROOT / package).rglob("*.py"))]
    for path in sorted(sources):
        if path.name != "palette.py":
            offenders += [f"{path.relative_to(ROOT)}: {m}" for m in HEX.findall(path.read_text(encoding="utf-8"))]
    assert offenders == []


def test_css_variables_carry_every_metric_colour():
    css = palette.css_variables()
    for name, color in palette.METRIC_COLORS.items():
        assert f"--metric-{name.replace('_', '-')}: {color};" in css
    assert f"--font: {palette.FONT_STACK};" in css


def test_the_gallery_uses_only_palette_colours(tmp_path):
    from umbral.scenes.publish.gallery import build_gallery

    page = build_gallery(tmp_path).read_text(encoding="utf-8")
    used = set(HEX.findall(page))
    assert used and used <= {v for v in palette_values().values() if isinstance(v, str)} | set(
        palette.METRIC_COLORS.values())
    assert "background:var(--background)" in page.replace(" ", "")
