"""A filled card behind a panel, so plots read as boards (as ThresholdSweep's panels do)."""

from __future__ import annotations

from manim import RoundedRectangle

from umbral.scenes import style

__all__ = ["card_behind", "card_over"]

#: Padding between a panel's extent and its card's edge (frame units).
CARD_PAD = 0.15


def card_behind(panel, pad: float = CARD_PAD, height: float | None = None, top: float | None = None
                ) -> RoundedRectangle:
    """A card round ``panel`` with ``pad`` on every side, in the theme's panel colour, drawn under it.

    ``height`` (without the padding) and ``top`` stretch it down from ``top`` when panels side by
    side must share one height.
    """
    height = panel.height if height is None else height
    card = RoundedRectangle(corner_radius=0.12, width=panel.width + 2 * pad, height=height + 2 * pad,
                            stroke_width=0).set_fill(style.PANEL_FILL, opacity=1.0).set_z_index(-2)
    card.move_to(panel)
    if top is not None:
        card.move_to([panel.get_x(), top + pad - card.height / 2, 0])
    return card


def card_over(left: float, right: float, top: float, bottom: float) -> RoundedRectangle:
    """A card covering the frame region from ``left`` to ``right`` and ``top`` down to ``bottom``."""
    card = RoundedRectangle(corner_radius=0.12, width=right - left, height=top - bottom,
                            stroke_width=0).set_fill(style.PANEL_FILL, opacity=1.0).set_z_index(-2)
    return card.move_to([(left + right) / 2, (top + bottom) / 2, 0])
