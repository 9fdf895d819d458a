"""Which scenes exist, in lecture order; importable without Manim."""

from __future__ import annotations

from importlib import import_module

__all__ = ["LECTURE_ORDER", "SCENES", "scene_class"]

#: Scene name -> (module, one-line description, reads data?). Lecture order.
SCENES = {
    "ThresholdSweep": ("scenes.threshold_sweep",
                       "θ slides 0 -> 1: confusion grid, metric bars and ROC point move together", True),
}

LECTURE_ORDER = tuple(SCENES)


def scene_class(name: str):
    """Import and return the Scene class called ``name``."""
    module, _, _ = SCENES[name]
    return getattr(import_module(module), name)
