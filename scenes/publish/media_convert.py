"""Convert rendered videos to animated GIFs and probe media files, without manim.

Everything here runs on the FFmpeg libraries bundled with PyAV; no ``ffmpeg``
binary is needed. PyAV is imported lazily inside the functions so that importing
this module stays cheap.

The GIF is built in two passes over the source video, each with its own
libavfilter graph::

    pass 1: buffer -> [fps] -> scale (lanczos) -> palettegen -> buffersink
    pass 2: buffer -> [fps] -> scale (lanczos) -> paletteuse[0] -> buffersink
            buffer (palette frame of pass 1) ---> paletteuse[1]

and the paletted frames of pass 2 are encoded with the ``gif`` encoder into a
``gif`` container.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

__all__ = ["PALETTEGEN_ARGS", "PALETTEUSE_ARGS", "mp4_to_gif", "output_size", "probe", "open_video"]

#: Options of the ``palettegen`` filter (pass 1): colours counted over whole frames (``diff`` would
#: count only what moves, and the still panels' fills then came out dithered), 96 of them: the
#: scenes are flat fills and anti-aliased text. ThresholdSweep's GIF at 480p, MB per 10 s: 1.19 with
#: 256 colours, ``diff`` and bayer dither; 1.05 with 128 colours; 0.94 with 96 (its frames differ
#: from 128's by 0.5/255 on average, the text's edges); 64 colours made 0.83 but coarser edges.
PALETTEGEN_ARGS = "stats_mode=full:max_colors=96"
#: Options of the ``paletteuse`` filter (pass 2): no dither (flat colours need none, and dither
#: noise changes pixels from frame to frame), only the rectangle that changed is re-mapped.
PALETTEUSE_ARGS = "dither=none:diff_mode=rectangle"


def output_size(width: int, height: int, max_width: int) -> tuple[int, int]:
    """Size of the GIF frames for a source of ``width`` x ``height``.

    The width is capped at ``max_width`` (never upscaled) and the height follows
    the aspect ratio; both are rounded to even numbers.

    Parameters
    ----------
    width, height : int
        Size of the source frames, in pixels.
    max_width : int
        Largest allowed output width, in pixels (at least 2).

    Returns
    -------
    tuple of int
        ``(out_width, out_height)``, both even and at least 2.

    Raises
    ------
    ValueError
        If a size is not positive or ``max_width`` is below 2.

    Examples
    --------
    >>> output_size(854, 480, 640)
    (640, 360)
    >>> output_size(320, 180, 640)
    (320, 180)
    """
    if width <= 0 or height <= 0:
        raise ValueError(f"frame size must be positive, got {width}x{height}")
    if max_width < 2:
        raise ValueError(f"max_width must be at least 2, got {max_width}")
    out_w = min(width, max_width)
    out_w -= out_w % 2
    out_w = max(out_w, 2)
    out_h = round(height * out_w / width / 2) * 2
    return out_w, max(out_h, 2)


def open_video(path: Path) -> tuple[Any, Any]:
    """Open ``path`` and return ``(container, first video stream)``."""
    import av

    container = av.open(str(path))
    if not container.streams.video:
        container.close()
        raise ValueError(f"{path} has no video stream")
    stream = container.streams.video[0]
    stream.thread_type = "AUTO"
    return container, stream


def _source_fps(stream: Any) -> float | None:
    """Frame rate advertised by ``stream``, or ``None`` if it does not say."""
    for rate in (stream.average_rate, stream.guessed_rate, stream.base_rate):
        if rate:
            return float(rate)
    return None


def _scale_chain(graph: Any, source: Any, fps: float | None, size: tuple[int, int]) -> Any:
    """Add the optional ``fps`` filter and the ``scale`` filter after ``source``.

    Returns the last filter context of the chain.
    """
    last = source
    if fps is not None:
        node = graph.add("fps", f"fps={Fraction(fps).limit_denominator(1001)}")
        last.link_to(node)
        last = node
    node = graph.add("scale", f"{size[0]}:{size[1]}:flags=lanczos")
    last.link_to(node)
    return node


def _run_graph(path: Path, build: Any, extra_frames: tuple[tuple[int, Any], ...] = ()) -> list[Any]:
    """Decode ``path`` through the filter graph made by ``build`` and collect its output.

    The graph starts at a buffer of the video's frames and ends in a buffer sink.
    ``build(graph, video_buffer)`` must add the filters between them and any extra
    buffer sources, link them, and return ``(extra_buffers, last filter)``.
    ``extra_frames`` are ``(index, frame)`` pairs pushed once into the extra
    buffers (then closed) before the video frames.
    """
    import av
    import av.filter

    container, stream = open_video(path)
    out: list[Any] = []
    try:
        graph = av.filter.Graph()
        ctx = stream.codec_context
        video_buffer = graph.add_buffer(width=ctx.width, height=ctx.height, format=ctx.format,
                                        time_base=stream.time_base)
        extra_buffers, last = build(graph, video_buffer)
        sink = graph.add("buffersink")
        last.link_to(sink)
        graph.configure()
        for index, frame in extra_frames:
            extra_buffers[index].push(frame)
            extra_buffers[index].push(None)

        def drain() -> bool:
            while True:
                try:
                    out.append(sink.pull())
                except av.error.BlockingIOError:
                    return False
                except av.error.EOFError:
                    return True

        for frame in container.decode(stream):
            video_buffer.push(frame)
            drain()
        video_buffer.push(None)
        drain()
    finally:
        container.close()
    return out


def _final_delay_cs(frames: list[Any]) -> int:
    """Delay of the last GIF frame, in centiseconds, so the GIF ends where the video does.

    The gif muxer derives each delay from the next frame's timestamp rounded to
    1/100 s and, by default, repeats the previous delay for the last frame; this
    uses the last frame's own duration instead.
    """
    last = frames[-1]
    tb = last.time_base
    duration = last.duration or 0
    if not duration and len(frames) > 1:
        duration = last.pts - frames[-2].pts
    if not duration or last.pts is None or not tb:
        return -1  # muxer default: repeat the previous delay
    end_cs = round((last.pts + duration) * tb * 100)
    return max(end_cs - round(last.pts * tb * 100), 1)


def mp4_to_gif(
    source: Path,
    target: Path,
    max_fps: float = 25.0,
    max_width: int = 640,
    loop: bool = True,
) -> None:
    """Convert a video to an animated GIF with a palette made for that video.

    Parameters
    ----------
    source : Path
        Input video (any container and codec FFmpeg can decode: mp4, webm, mov...).
    target : Path
        Output GIF path, written exactly there (overwritten if present).
    max_fps : float, optional
        Highest frame rate of the GIF; a faster source is resampled with the
        ``fps`` filter, a slower one keeps its frame timing.
    max_width : int, optional
        Largest GIF width in pixels; wider sources are downscaled (lanczos)
        keeping their aspect ratio with an even height. Never upscales.
    loop : bool, optional
        ``True`` (default) loops forever; ``False`` plays once (no NETSCAPE2.0
        application extension is written).

    Raises
    ------
    ValueError
        If ``source`` has no video stream, no decodable frame, or ``max_fps`` is
        not positive.

    Notes
    -----
    Pass 1 runs ``[fps=max_fps,]scale=W:H:flags=lanczos,palettegen=`` with
    :data:`PALETTEGEN_ARGS`; pass 2 runs the same chain into ``paletteuse=`` with
    :data:`PALETTEUSE_ARGS`, fed the palette frame as its second input. GIF
    delays are in centiseconds, so per-frame delays are rounded but the total
    duration matches the frame timestamps.
    """
    import av

    source = Path(source)
    target = Path(target)
    if max_fps <= 0:
        raise ValueError(f"max_fps must be positive, got {max_fps}")

    container, stream = open_video(source)
    try:
        src_fps = _source_fps(stream)
        stream_tb = stream.time_base
        size = output_size(stream.codec_context.width, stream.codec_context.height, max_width)
    finally:
        container.close()
    fps = max_fps if src_fps is None or src_fps > max_fps else None

    def build_palettegen(graph: Any, src: Any) -> tuple[tuple[Any, ...], Any]:
        gen = graph.add("palettegen", PALETTEGEN_ARGS)
        _scale_chain(graph, src, fps, size).link_to(gen)
        return (), gen

    palettes = _run_graph(source, build_palettegen)
    if not palettes:
        raise ValueError(f"{source} has no decodable video frame")
    palette = palettes[-1]

    def build_paletteuse(graph: Any, src: Any) -> tuple[tuple[Any, ...], Any]:
        pal = graph.add_buffer(
            width=palette.width, height=palette.height, format=palette.format, time_base=palette_tb
        )
        use = graph.add("paletteuse", PALETTEUSE_ARGS)
        _scale_chain(graph, src, fps, size).link_to(use, 0, 0)
        pal.link_to(use, 0, 1)
        return (pal,), use

    # The palette must be available from the first video timestamp on (paletteuse's framesync
    # waits for it), so it gets a very early pts, in the time base of the main input of
    # paletteuse so that no rescaling can overflow.
    palette_tb = 1 / Fraction(fps).limit_denominator(1001) if fps is not None else stream_tb
    palette.pts = -(2**31)
    palette.time_base = palette_tb
    frames = _run_graph(source, build_paletteuse, ((0, palette),))
    if not frames:
        raise ValueError(f"{source} has no decodable video frame")

    options = {"final_delay": str(_final_delay_cs(frames))}
    if not loop:
        options["loop"] = "-1"  # gif muxer: -1 = play once (no NETSCAPE2.0 block), 0 = forever
    with av.open(str(target), "w", format="gif", options=options) as out:
        ostream = out.add_stream("gif")
        ostream.width, ostream.height = frames[0].width, frames[0].height
        ostream.pix_fmt = "pal8"
        time_base = frames[0].time_base
        ostream.codec_context.time_base = time_base
        ostream.time_base = time_base
        for frame in frames:
            for packet in ostream.encode(frame):
                out.mux(packet)
        for packet in ostream.encode(None):
            out.mux(packet)


def probe(path: Path) -> dict[str, Any]:
    """Decode a video file and describe its first video stream.

    Parameters
    ----------
    path : Path
        Media file (mp4, webm, mov, gif, ...).

    Returns
    -------
    dict
        ``frames`` (int, counted by decoding), ``width`` and ``height`` (int, of the
        first frame), ``duration`` (float seconds: last pts + last frame duration,
        minus the first pts) and ``fps`` (float, ``frames / duration``; the stream's
        advertised rate if the duration is zero).

    Raises
    ------
    ValueError
        If the file has no video stream or no decodable frame.
    """
    container, stream = open_video(Path(path))
    count = 0
    first_pts = last_pts = None
    last_duration = 0
    prev_delta = None
    width = height = 0
    try:
        time_base = stream.time_base
        advertised = _source_fps(stream)  # read before close: a closed stream segfaults
        for frame in container.decode(stream):
            if count == 0:
                width, height = frame.width, frame.height
            count += 1
            pts = frame.pts
            if pts is None:
                continue
            if first_pts is None:
                first_pts = pts
            if last_pts is not None and pts > last_pts:
                prev_delta = pts - last_pts
            last_pts = pts
            last_duration = frame.duration or 0
    finally:
        container.close()
    if count == 0:
        raise ValueError(f"{path} has no decodable video frame")
    if not last_duration:
        if prev_delta is not None:
            last_duration = prev_delta
        elif advertised and time_base:
            last_duration = 1 / (advertised * time_base)
    if last_pts is None or not time_base:
        duration = count / advertised if advertised else 0.0
    else:
        duration = float((last_pts - first_pts + last_duration) * time_base)
    fps = count / duration if duration > 0 else (advertised or 0.0)
    return {"frames": count, "width": width, "height": height, "fps": float(fps), "duration": duration}
