"""How long a test waits on a command (a render, a build, a notebook, a browser) before it calls it hung.

A ceiling, never a measure of speed. A tiny render that takes about 25 s on a quiet machine took 117 s
on 2 cores at load 7, so limits of a few minutes failed slow machines, not hung commands.
"""

from __future__ import annotations

#: Seconds for one command (or one wait on a process) before the test fails it as hung.
HANG_SECONDS = 1200
