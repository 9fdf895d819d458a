"""Hit rate and false-alarm rate under the radar, each with the counts it comes from."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, VGroup

from umbral.scenes import style
from umbral.scenes.components.base import SnapshotPanel
from umbral.scenes.components.live_text import LiveText, count_slot, rate_slot

__all__ = ["RadarReadout"]


class RadarReadout(SnapshotPanel, VGroup):
    """"hit rate 0.88" with "21 of 24 bombers", and "false-alarm rate 0.25" with "9 of 36 flocks".

    Parts: ``hit_rate`` and ``false_alarm_rate`` (LiveText, story numbers), ``hits`` and
    ``false_alarms`` (LiveText, the counts). Each count stands beside its rate when the row fits
    in ``width``, else under it. The totals are fixed at build time; every live number comes from
    the snapshot.
    """

    def __init__(self, strings: dict, bombers: int, flocks: int, width: float = 8.0):
        VGroup.__init__(self)
        hits = strings["radar_hits"].format(bombers=bombers, tp="{tp}")
        alarms = strings["radar_false_alarms"].format(flocks=flocks, fp="{fp}")
        self.hit_rate = LiveText(strings["radar_hit_rate"],
                                 {"recall": rate_slot(style.METRIC_COLORS["recall"], "BOLD")}, size=style.SIZE_NUMBER)
        self.false_alarm_rate = LiveText(strings["radar_false_alarm_rate"],
                                         {"fpr": rate_slot(style.METRIC_COLORS["fpr"], "BOLD")}, size=style.SIZE_NUMBER)
        self.hits = LiveText(hits, {"tp": count_slot(bombers)}, size=style.SIZE_LABEL)
        self.false_alarms = LiveText(alarms, {"fp": count_slot(flocks)}, size=style.SIZE_LABEL)
        rows = VGroup()
        for rate, count in ((self.hit_rate, self.hits), (self.false_alarm_rate, self.false_alarms)):
            style.story_number(rate)
            if rate.width + 0.3 + count.width <= width:
                count.next_to(rate, RIGHT, buff=0.3).align_to(rate, DOWN)
            else:
                count.next_to(rate, DOWN, buff=0.1, aligned_edge=LEFT)
            rows.add(VGroup(rate, count))
        rows.arrange(DOWN, buff=0.25, aligned_edge=LEFT)
        self.still = VGroup()
        self.live = VGroup(self.hit_rate, self.hits, self.false_alarm_rate, self.false_alarms)
        self.add(self.still, self.live)

    def show(self, snapshot) -> None:
        """Counts and rates at the snapshot's knob setting."""
        self.hit_rate.set_values(recall=snapshot.recall)
        self.hits.set_values(tp=snapshot.tp)
        self.false_alarm_rate.set_values(fpr=snapshot.fpr)
        self.false_alarms.set_values(fp=snapshot.fp)

    def sentences(self) -> dict:
        """What each line's live slots show now."""
        return {"hits": {"recall": self.hit_rate.shown("recall"), "tp": self.hits.shown("tp")},
                "false_alarms": {"fpr": self.false_alarm_rate.shown("fpr"), "fp": self.false_alarms.shown("fp")}}
