"""Subtitles for the web and plain transcripts, made from Manim's .srt files."""

from __future__ import annotations

import re

__all__ = ["srt_to_transcript", "srt_to_vtt"]

_TIMING = re.compile(r"(\d{2}:\d{2}:\d{2}),(\d{3})")


def srt_to_vtt(srt_text: str) -> str:
    r"""WebVTT for an HTML ``<track>``: a header and '.' before the milliseconds.

    Examples
    --------
    >>> print(srt_to_vtt("1\n00:00:00,000 --> 00:00:02,500\nHello\n"))
    WEBVTT
    <BLANKLINE>
    1
    00:00:00.000 --> 00:00:02.500
    Hello
    <BLANKLINE>
    """
    body = _TIMING.sub(r"\1.\2", srt_text.replace("\r\n", "\n").strip())
    return f"WEBVTT\n\n{body}\n"


def srt_to_transcript(srt_text: str, title: str) -> str:
    r"""The narration as plain paragraphs with their start times, under a title.

    Examples
    --------
    >>> print(srt_to_transcript("1\n00:00:03,200 --> 00:00:05,000\nAUC 0.89.\n", "Sweep"))
    Sweep
    <BLANKLINE>
    [0:03] AUC 0.89.
    <BLANKLINE>
    """
    lines = [title, ""]
    for block in re.split(r"\n\s*\n", srt_text.replace("\r\n", "\n").strip()):
        rows = block.split("\n")
        if len(rows) < 3:
            continue
        hours, minutes, seconds = rows[1].split(" --> ")[0].split(",")[0].split(":")
        start = int(hours) * 3600 + int(minutes) * 60 + int(seconds)
        lines.append(f"[{start // 60}:{start % 60:02d}] {' '.join(rows[2:])}")
    return "\n".join(lines) + "\n"
