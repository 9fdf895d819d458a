"""The camera lecture scenes paint with: Manim's, with each outline's cairo path kept from frame to frame.

Manim's cairo camera turns every outline's points into a cairo path on every
frame: it splits the points into subpaths and emits each Bezier curve from
Python, which was about a third of a render's time (a glyph that does not move
is traced again 60 times a second). Here the path traced for a set of points is
kept, and the next frame that paints the same points appends it whole. The
frames are the same pixels (tests/scenes/test_camera.py); what changes is only
how often the same path is traced.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict

import numpy as np
from manim import Camera

__all__ = ["LectureCamera"]

#: Paths kept per camera, least recently used dropped first (a glyph's path is a few KB).
KEPT_PATHS = 20000


class LectureCamera(Camera):
    """Manim's ``Camera``; an outline's path is traced once per distinct set of points."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._paths: OrderedDict = OrderedDict()

    def set_cairo_context_path(self, ctx, vmobject):
        """Set the outline's path on ``ctx``: traced by Manim the first time these points are painted, then kept."""
        points = vmobject.points
        if len(points) == 0:  # Manim leaves the context as it is
            return self
        # The path depends on the points and on how the outline splits them into subpaths.
        key = (points.shape, vmobject.n_points_per_cubic_curve, vmobject.tolerance_for_point_equality,
               hashlib.blake2b(np.ascontiguousarray(points).data, digest_size=16).digest())
        path = self._paths.get(key)
        if path is None:
            super().set_cairo_context_path(ctx, vmobject)
            self._paths[key] = ctx.copy_path()
            if len(self._paths) > KEPT_PATHS:
                self._paths.popitem(last=False)
        else:
            self._paths.move_to_end(key)
            ctx.new_path()
            ctx.append_path(path)
        return self
