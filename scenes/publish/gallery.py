"""``OUT/index.html``: every output with its data, for a lecturer to browse or link.

Built from the manifests only (no Manim, no data loading). Videos carry their
WebVTT captions track; GIFs and PNGs are embedded as images. A small script
marks each media element ``data-loaded="yes"`` or ``"error"`` once the
browser has tried it, which the tests read from headless Chromium.
"""

from __future__ import annotations

import html
from pathlib import Path

from umbral.scenes import palette
from umbral.scenes.publish import manifest
from umbral.scenes.publish.lab import LAB_FILES

__all__ = ["build_gallery"]

#: A video file's MIME type by suffix (the notebook's ``Videos`` embeds them by it too).
VIDEO_TYPES = {".mp4": "video/mp4", ".webm": "video/webm", ".mov": "video/quicktime"}
#: An image's MIME type by suffix: a GIF plays in an <img>; a PNG is a scene's last frame.
IMAGE_TYPES = {".gif": "image/gif", ".png": "image/png"}

# Colours and the font come from the palette (the scenes' own), as CSS custom properties (per theme).
_STYLE = """
body{font-family:var(--font);background:var(--background);color:var(--text);margin:2rem;}
h1{font-size:1.6rem} h2{font-size:1.3rem;margin-top:2.5rem} h3{font-size:1.05rem;color:var(--muted-text)}
.numbers{color:var(--muted-text)} .grid{display:flex;flex-wrap:wrap;gap:1.2rem}
figure{margin:0;background:var(--panel-fill);padding:.6rem;border-radius:6px;width:420px}
video,img{width:100%;background:var(--background)} figcaption{font-size:.85rem;margin-top:.3rem;word-break:break-all}
a{color:var(--link)} .lab{font-size:1.05rem}
"""

_SCRIPT = """
for (const m of document.querySelectorAll('video, img')) {
  const done = (state) => { if (!m.dataset.loaded) m.dataset.loaded = state; };
  if (m.tagName === 'IMG') {
    if (m.complete) done(m.naturalWidth > 0 ? 'yes' : 'error');
    m.addEventListener('load', () => done('yes')); m.addEventListener('error', () => done('error'));
  } else {
    if (m.readyState >= 2) done('yes');
    m.addEventListener('loadeddata', () => done('yes'));
    m.querySelector('source').addEventListener('error', () => done('error'));
  }
}
"""


def _numbers(info: dict) -> str:
    if not info:
        return ""
    return (f"n = {info['n']}, {info['positives']} positive (prevalence {info['prevalence']:.2f}) · "
            f"AUC {info['auc']:.3f} · AP {info['average_precision']:.3f} · at θ = 0.50: accuracy "
            f"{info['accuracy']:.2f}, precision {info['precision']:.2f}, recall {info['recall']:.2f}, "
            f"F1 {info['f1']:.2f}")


def _words(lang: str, key: str) -> str:
    """``key`` of the locale file of ``lang`` (English for a folder of no known language)."""
    from umbral.scenes.strings import LANGUAGES, strings_for_raw

    return strings_for_raw(lang if lang in LANGUAGES else "en")[key]


def _language(lang: str) -> str:
    """A language's own name ("Español"), from its locale file; the code for a folder of no known language."""
    from umbral.scenes.strings import LANGUAGES

    return _words(lang, "language_name") if lang in LANGUAGES else lang


def _figure(path: Path, out_dir: Path, lang: str, sha256: str | None) -> str:
    relative = html.escape(path.relative_to(out_dir).as_posix())
    caption = f'<figcaption><a href="{relative}">{html.escape(path.name)}</a></figcaption>'
    if path.suffix in VIDEO_TYPES:
        track = ""
        vtt = path.with_suffix(".vtt")
        if vtt.is_file():
            track = (f'<track kind="subtitles" src="{html.escape(vtt.relative_to(out_dir).as_posix())}" '
                     f'srclang="{lang}" label="{html.escape(_language(lang))}" default>')
        poster = ""
        if sha256:  # scenes open on black: show a frame from the middle until played
            from umbral.scenes.publish.posters import poster_for

            poster = f' poster="{html.escape(poster_for(path, sha256).relative_to(out_dir).as_posix())}"'
        media = (f'<video controls preload="metadata" muted{poster}><source src="{relative}" '
                 f'type="{VIDEO_TYPES[path.suffix]}">{track}</video>')
    else:
        media = f'<img src="{relative}" alt="{html.escape(path.stem)}" loading="eager">'
    return f"<figure>{media}{caption}</figure>"


def build_gallery(out_dir: Path, theme: str = "dark") -> Path:
    """Write ``out_dir/index.html`` listing every output recorded in the manifests, in theme ``theme``."""
    out_dir = Path(out_dir)
    datasets = {info.get("name"): info for info in manifest.load_json(out_dir / manifest.DATASETS_FILE).values()}
    sections = []
    for dataset_dir in sorted(p for p in out_dir.iterdir() if p.is_dir() and not p.name.startswith(".")):
        info = datasets.get(dataset_dir.name, {})
        parts = [f"<h2>{html.escape(info.get('title', dataset_dir.name))}</h2>",
                 f'<p class="numbers">{html.escape(_numbers(info))}</p>']
        for lang_dir in sorted(p for p in dataset_dir.iterdir() if p.is_dir()):
            entries = manifest.load_json(lang_dir / manifest.MANIFEST_FILE)
            media = [lang_dir / name for name in sorted(entries, key=_lecture_key(entries))
                     if (lang_dir / name).is_file() and (lang_dir / name).suffix in (*VIDEO_TYPES, *IMAGE_TYPES)]
            labs = [(name, lang_dir / file) for name, file in LAB_FILES.items() if (lang_dir / file).is_file()]
            if media or labs:
                parts.append(f"<h3>{html.escape(_language(lang_dir.name))}</h3>")
            for name, lab in labs:
                link = _words(lang_dir.name, "gallery_lab_link").format(
                    look="" if name == "dark" else _words(lang_dir.name, f"gallery_lab_{name}"))
                parts.append(f'<p class="lab"><a href="{html.escape(lab.relative_to(out_dir).as_posix())}">'
                             f"{html.escape(link)}</a></p>")
            if media:
                figures = (_figure(p, out_dir, lang_dir.name, entries[p.name].get("output_sha256")) for p in media)
                parts.append('<div class="grid">' + "".join(figures) + "</div>")
        if len(parts) > 2:
            sections.append("\n".join(parts))
    page = ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>umbral lecture gallery</title>"
            f"<style>{palette.css_variables(theme)}{_STYLE}</style></head><body>\n<h1>umbral: lecture outputs</h1>\n"
            + ("\n".join(sections) or "<p>Nothing rendered yet.</p>")
            + f"\n<script>{_SCRIPT}</script>\n</body></html>\n")
    index = out_dir / "index.html"
    if not index.is_file() or index.read_text(encoding="utf-8") != page:
        from umbral.scenes.publish.runner import atomic_target

        with atomic_target(index) as temp:
            temp.write_text(page, encoding="utf-8")
    return index


def _lecture_key(entries: dict):
    """Sort outputs in lecture order, then by file name."""
    from umbral.scenes.publish.registry import LECTURE_ORDER

    order = {name: i for i, name in enumerate(LECTURE_ORDER)}
    return lambda name: (order.get(entries[name].get("scene"), len(order)), name)
