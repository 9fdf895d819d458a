"""Poster images for the gallery's videos: every scene opens on black, so a first frame shows nothing.

A poster is a JPEG of the frame ``POSTER_AT`` of the way through the video,
kept in ``.posters/`` beside it and named after the video's sha256 (from the
manifest), so it is made once per video content and never goes stale.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["POSTER_AT", "poster_for"]

#: Where in the video the poster is taken (fraction of its duration): past every opening card.
POSTER_AT = 0.4
#: Posters are shown as thumbnails: at most this wide (pixels).
POSTER_WIDTH = 640


def poster_for(video: Path, video_sha256: str) -> Path:
    """The poster of ``video`` (whose bytes hash to ``video_sha256``), made if missing.

    Older posters of the same video name are removed.
    """
    folder = video.parent / ".posters"
    poster = folder / f"{video.name}.{video_sha256[:16]}.jpg"
    if not poster.is_file():
        for old in folder.glob(f"{video.name}.*.jpg"):
            old.unlink()
        _write_poster(video, poster)
    return poster


def _write_poster(video: Path, poster: Path) -> None:
    """Decode to the frame ``POSTER_AT`` through ``video`` and save it as a JPEG, atomically."""
    from umbral.scenes.publish.media_convert import open_video
    from umbral.scenes.publish.runner import atomic_target

    container, stream = open_video(video)
    try:
        seconds = float(stream.duration * stream.time_base) if stream.duration else container.duration / 1e6
        target = POSTER_AT * seconds
        container.seek(int(target / stream.time_base), stream=stream)  # the keyframe at or before it
        frame = None
        for frame in container.decode(stream):
            if frame.time is not None and frame.time >= target:
                break
        if frame is None:
            raise ValueError(f"{video} has no decodable video frame")
        image = frame.to_image().convert("RGB")
    finally:
        container.close()
    image.thumbnail((POSTER_WIDTH, POSTER_WIDTH))
    with atomic_target(poster) as temp:
        image.save(temp, "JPEG", quality=88)
