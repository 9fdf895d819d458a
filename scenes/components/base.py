"""What every snapshot-driven panel shares: update in place, or animate."""

from __future__ import annotations

from dataclasses import fields, replace

from manim import Animation, Mobject, UpdateFromAlphaFunc, VGroup

from metrics import Snapshot

__all__ = ["PanelUpdate", "SnapshotPanel", "blend_snapshots"]


def blend_snapshots(start: Snapshot, end: Snapshot, alpha: float) -> Snapshot:
    """A display-only in-between of two snapshots (counts rounded).

    Used to glide bars and dots during ``animate_to``; at ``alpha = 1`` it is
    exactly ``end``, so what rests on screen is always a real snapshot.
    """
    if alpha >= 1.0:
        return end
    changes = {}
    for field in fields(Snapshot):
        a, b = getattr(start, field.name), getattr(end, field.name)
        mixed = a + (b - a) * alpha
        changes[field.name] = round(mixed) if isinstance(b, int) else mixed
    return replace(end, **changes)


class PanelUpdate(UpdateFromAlphaFunc):
    """UpdateFromAlphaFunc without the deep copy Animation.begin makes (~0.2 s per panel set, never used)."""

    def create_starting_mobject(self) -> Mobject:
        """An empty stand-in: the update function never reads a starting copy."""
        return Mobject()


class SnapshotPanel:
    """Mixin for VGroup panels: ``update_to`` mutates, ``animate_to`` returns an Animation.

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

    def animate_to(self, snapshot: Snapshot, **kwargs) -> Animation:
        """An Animation gliding from the current snapshot to ``snapshot``."""
        start = self.snapshot or snapshot

        def step(panel, alpha):
            panel.update_to(blend_snapshots(start, snapshot, alpha))

        return PanelUpdate(self.live, lambda _, alpha: step(self, alpha), **kwargs)
