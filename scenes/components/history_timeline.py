"""Two threads of history on one time axis: the ROC curve and information retrieval."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Arrow, Dot, VGroup

from umbral.scenes import style

__all__ = ["HistoryTimeline"]

#: (string key prefix, column) of each station; columns are shared by both rows.
ROC_STATIONS = (("history_radar", 0), ("history_sdt", 1), ("history_radiology", 2), ("history_ml", 3))
IR_STATIONS = (("history_cranfield", 1), ("history_f1", 2))


class HistoryTimeline(VGroup):
    """Rows of stations: a year above a dot, a caption below, on an arrow.

    Parts: ``rows`` (one VGroup per thread: ``header``, ``arrow``,
    ``stations``); each station is ``VGroup(year, dot, caption)``. The
    stations of both rows share columns, so the late-1950s Cranfield work sits
    under the 1950s of signal detection theory.
    """

    columns = 4
    row_gap = 0.55
    #: Least space between the captions of neighbouring columns (frame units).
    column_gap = 0.2

    def __init__(self, strings: dict, width: float = 13.0, text_size: float | None = None):
        VGroup.__init__(self)
        #: Font size of years and captions (a label's size unless given).
        self.text_size = text_size or style.SIZE_LABEL
        self.rows = VGroup(self._row(strings, "history_roc_row", ROC_STATIONS, width, style.METRIC_COLORS["auc"]),
                           self._row(strings, "history_ir_row", IR_STATIONS, width,
                                     style.METRIC_COLORS["precision"]))
        self.rows.arrange(DOWN, buff=self.row_gap, aligned_edge=LEFT)
        self.add(self.rows)

    def _reach(self, column: int, used: set, share: float) -> list[float]:
        """Share of the left and right neighbouring columns a caption may take.

        ``share`` of an empty one, but only half when a station stands in the column beyond it.
        """
        reach = []
        for side in (-1, 1):
            near, far = column + side, column + 2 * side
            far_free = not 0 <= far < self.columns or far not in used
            empty = 0 <= near < self.columns and near not in used
            reach.append(0.0 if not empty else share if far_free else min(share, 0.5))
        return reach

    def _row(self, strings: dict, header_key: str, stations, width: float, color: str) -> VGroup:
        arrow = Arrow([-width / 2, 0, 0], [width / 2, 0, 0], buff=0, color=color, stroke_width=style.STROKE,
                      max_tip_length_to_length_ratio=0.02)
        step = width / self.columns
        row_stations = VGroup()
        used = {column for _, column in stations}
        for key, column in stations:
            x = -width / 2 + step * (column + 0.5)
            dot = Dot([x, 0, 0], radius=0.09, color=color)
            room = step - self.column_gap
            year = style.wrapped(strings[f"{key}_year"], room, size=self.text_size, color=style.MUTED_TEXT)
            year.next_to(dot, UP, buff=0.15)
            # A caption may reach half into an empty neighbouring column (fewer lines in a narrow frame),
            # or all of it (no station beyond) when half would still break the lines it is written in.
            given = len(strings[key].strip().split("\n"))
            for share in (0.5, 1.0):
                reach = self._reach(column, used, share)
                caption = style.wrapped(strings[key], room + step * sum(reach), size=self.text_size)
                if len(caption) <= given:
                    break
            caption.next_to(dot, DOWN, buff=0.2).shift(RIGHT * step * (reach[1] - reach[0]) / 2)
            row_stations.add(VGroup(year, dot, caption))
        years = [station[0] for station in row_stations]
        top = max(year.get_top()[1] for year in years)
        for year in years:  # one line of years, whatever their accents and descenders
            year.align_to([0, top, 0], UP)
        header = style.text(strings[header_key], size=style.SIZE_LABEL, color=color, weight="BOLD")
        header.next_to(row_stations, UP, buff=0.2).align_to(arrow, LEFT)
        row = VGroup(header, arrow, row_stations)
        row.header, row.arrow, row.stations = header, arrow, row_stations
        return row
