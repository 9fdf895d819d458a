"""What every snapshot-driven panel shares: update in place, or glide over real snapshots."""

from __future__ import annotations

from manim import VGroup

from umbral.metrics import Snapshot
from umbral.scenes.base import HeldSteps

__all__ = ["SnapshotPanel", "steps_between"]


def steps_between(grid, start: float, end: Snapshot) -> list[Snapshot]:
    """The ``grid`` snapshots strictly between θ = ``start`` and ``end``'s θ, in the order travelled, then ``end``.

    A glide through them shows only verified snapshots: a blend of two would show counts no
    threshold gives, and rates that disagree with the counts beside them.
    """
    low, high = sorted((start, end.threshold))
    between = [step for step in grid if low < step.threshold < high]
    return [*(between if start < end.threshold else between[::-1]), end]


class SnapshotPanel:
    """Mixin for VGroup panels: ``update_to`` mutates, ``glide_to`` returns an Animation.

    A panel is ``VGroup(still, live)``: ``still`` never changes after it is
    built, ``live`` holds what a snapshot moves. Scenes add the stills of all
    panels before the lives, so Manim draws the stills once into its cached
    background and redraws only the live parts each frame.
    """

    snapshot: Snapshot | None = None
    still: VGroup
    live: VGroup

    def update_to(self, snapshot: Snapshot):
        """Show ``snapshot`` now (in place; cheap enough for every frame)."""
        if snapshot != self.snapshot:
            self.show(snapshot)
            self.snapshot = snapshot
        return self

    def show(self, snapshot: Snapshot) -> None:  # pragma: no cover - abstract
        """Move every part to ``snapshot``; implemented by each panel."""
        raise NotImplementedError

    def glide_to(self, snapshot: Snapshot, grid, **kwargs):
        """Held steps from the snapshot shown to ``snapshot`` over the ``grid`` snapshots between."""
        start = (self.snapshot or snapshot).threshold
        return HeldSteps(self.live, steps_between(grid, start, snapshot), self.update_to, **kwargs)
