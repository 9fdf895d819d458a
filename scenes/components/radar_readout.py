"""Two plain-words lines under the radar: hit rate and false-alarm rate with their counts."""

from __future__ import annotations

from manim import DOWN, LEFT, VGroup

from scenes import style
from scenes.components.base import SnapshotPanel
from scenes.components.live_text import LiveText, count_slot, rate_slot

__all__ = ["RadarReadout"]


class RadarReadout(SnapshotPanel, VGroup):
    """"hit rate 0.88: 21 of 24 bombers" and "false-alarm rate 0.25: 9 of 36 flocks".

    Parts: ``hits`` and ``false_alarms`` (LiveText). The totals are fixed at
    build time; every live number comes from the snapshot.
    """

    def __init__(self, strings: dict, bombers: int, flocks: int):
        VGroup.__init__(self)
        hits = strings["radar_hits"].format(bombers=bombers, tp="{tp}", recall="{recall}")
        alarms = strings["radar_false_alarms"].format(flocks=flocks, fp="{fp}", fpr="{fpr}")
        self.hits = LiveText(hits, {"recall": rate_slot(style.METRIC_COLORS["recall"], "BOLD"),
                                    "tp": count_slot(bombers)}, size=style.SIZE_SMALL)
        self.false_alarms = LiveText(alarms, {"fpr": rate_slot(style.METRIC_COLORS["fpr"], "BOLD"),
                                              "fp": count_slot(flocks)}, size=style.SIZE_SMALL)
        self.false_alarms.next_to(self.hits, DOWN, buff=0.2, aligned_edge=LEFT)
        self.still = VGroup()
        self.live = VGroup(self.hits, self.false_alarms)
        self.add(self.still, self.live)

    def show(self, snapshot) -> None:
        """Counts and rates at the snapshot's knob setting."""
        self.hits.set_values(recall=snapshot.recall, tp=snapshot.tp)
        self.false_alarms.set_values(fpr=snapshot.fpr, fp=snapshot.fp)

    def sentences(self) -> dict:
        """What each line's live slots show now."""
        return {"hits": {k: self.hits.shown(k) for k in ("recall", "tp")},
                "false_alarms": {k: self.false_alarms.shown(k) for k in ("fpr", "fp")}}
