"""What every snapshot-driven panel shares: update in place, or animate."""

from __future__ import annotations

from dataclasses import fields, replace

from manim import Animation, UpdateFromAlphaFunc

from metrics import Snapshot

__all__ = ["SnapshotPanel", "blend_snapshots"]


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


class SnapshotPanel:
    """Mixin for VGroup panels: ``update_to`` mutates, ``animate_to`` returns an Animation."""

    snapshot: Snapshot | None = None

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

        return UpdateFromAlphaFunc(self, step, **kwargs)
