"""The 2x2 confusion grid: rows = truth, columns = prediction."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Rectangle, VGroup

from umbral.scenes import style
from umbral.scenes.components.base import SnapshotPanel
from umbral.scenes.components.live_text import LiveText, count_slot

__all__ = ["ConfusionGrid"]

#: (kind, row, column): rows are truth (positive first), columns prediction.
CELLS = (("tp", 0, 0), ("fn", 0, 1), ("fp", 1, 0), ("tn", 1, 1))
#: Gap between the cells and their headers (frame units).
HEADER_GAP = 0.15


class ConfusionGrid(SnapshotPanel, VGroup):
    """Four labelled cells whose counts and fill follow a snapshot.

    Parts: ``frame`` (static outlines and headers), ``cells[kind]`` (fills),
    ``counts[kind]`` (live numbers, story numbers), ``labels[kind]`` (TP/FN/FP/TN,
    dropped in a cell too short for it, and the meaning). The rows are named by
    the class nouns (``grid_positive_row``: "{positive_name}", after a + sign),
    wrapped into ``label_width``. Fill opacity grows with
    the share of its true class the cell holds, so the positive row shows recall
    and the negative row specificity. Text sizes never depend on the cell size:
    give a smaller grid smaller cells, never ``scale`` it.
    """

    #: Cells grow to fit their words on one line up to this width (frame units); longer words wrap.
    widest_cell = 1.6

    def __init__(self, strings: dict, n: int, cell_width: float = 1.9, cell_height: float = 1.6,
                 label_width: float = 1.6):
        VGroup.__init__(self)
        self.n = n
        self.cells, self.counts, self.labels = {}, {}, {}
        row_color = (style.POSITIVE_COLOR, style.NEGATIVE_COLOR)
        # Wide enough for each meaning and column header on one line, unless that would be very wide.
        words = [strings[f"{kind}_meaning"] for kind, _, _ in CELLS] + [f"+ {strings['positive']}",
                                                                        f"− {strings['negative']}"]
        cell_width = max(cell_width, min(max(style.text_width(w, style.SIZE_SMALL) for w in words) + 0.25,
                                         self.widest_cell))
        meanings = {kind: style.wrapped(strings[f"{kind}_meaning"], cell_width - 0.2, color=style.TEXT)
                    for kind, _, _ in CELLS}
        # A cell always holds its count over its meaning (a long meaning makes the cells taller).
        cell_height = max(cell_height, max(m.height for m in meanings.values()) + 0.42 + 0.3)
        outlines = VGroup()
        for kind, row, col in CELLS:
            center = [(col - 0.5) * cell_width, (0.5 - row) * cell_height, 0]
            fill = Rectangle(width=cell_width, height=cell_height, stroke_width=0)
            fill.set_fill(row_color[row], opacity=style.CELL_MIN_OPACITY).move_to(center)
            outline = Rectangle(width=cell_width, height=cell_height, stroke_width=style.STROKE_THIN,
                                stroke_color=style.GRID_LINE).move_to(center)
            count = LiveText("{count}", {"count": count_slot(n, weight="BOLD")},
                             size=style.SIZE_CELL_COUNT, align="center").move_to(center)
            style.story_number(count)
            # The meaning wraps to the cell, the count sits above it, the TP/FN/FP/TN tag at the top.
            meaning = meanings[kind]
            meaning.next_to(fill.get_bottom(), UP, buff=0.08)
            short = style.text(strings[kind], size=style.SIZE_SMALL, weight="BOLD")
            short.next_to(fill.get_top(), DOWN, buff=0.08)
            count.move_to([center[0], (short.get_bottom()[1] + meaning.get_top()[1]) / 2, 0])
            self.cells[kind], self.counts[kind] = fill, count
            self.labels[kind] = VGroup(short, meaning)
            outlines.add(outline)
        # In cells too short for tag, count and meaning, every tag goes (the meaning says more).
        if any(short.get_bottom()[1] - meaning.get_top()[1] < count.height + 0.16
               for count, (short, meaning) in ((self.counts[k], self.labels[k]) for k in self.counts)):
            for kind, (_, meaning) in self.labels.items():
                self.labels[kind] = VGroup(meaning)
                self.counts[kind].set_y((self.cells[kind].get_top()[1] + meaning.get_top()[1]) / 2)
        self.headers = self._headers(strings, cell_width, cell_height, label_width)
        self.frame = VGroup(outlines, self.headers)
        # Labels ride in the live layer: they must stay above the fills.
        self.still = VGroup(self.frame)
        self.live = VGroup(*self.cells.values(), *self.labels.values(), *self.counts.values())
        self.add(self.still, self.live)

    @staticmethod
    def _headers(strings: dict, cell_width: float, cell_height: float, label_width: float) -> VGroup:
        """Column headers (prediction) above; the class nouns (truth) at the left, under "Actual"."""
        top = cell_height
        columns = VGroup(*(
            style.wrapped(f"{mark} {strings[key]}", cell_width - 0.1)
            .move_to([(col - 0.5) * cell_width, 0, 0]).set_y(top + HEADER_GAP, DOWN)
            for col, (mark, key) in enumerate((("+", "positive"), ("−", "negative")))
        ))
        predicted = style.text(strings["prediction"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        predicted.next_to(columns, UP, buff=HEADER_GAP).set_x(0)
        left = -cell_width - HEADER_GAP
        rows = VGroup()
        for row, (mark, key, color) in enumerate((("+", "grid_positive_row", style.POSITIVE_COLOR),
                                                  ("−", "grid_negative_row", style.NEGATIVE_COLOR))):
            noun = style.wrapped(strings[key], label_width, size=style.SIZE_SMALL, color=color)
            for line in noun:
                line.align_to(noun, RIGHT)
            # The sign stays beside the noun's first line, however the noun wraps.
            sign = style.text(mark, size=style.SIZE_SMALL, color=color).next_to(noun[0], LEFT, buff=0.1)
            label = VGroup(sign, noun)
            rows.add(label.move_to([left, (0.5 - row) * cell_height, 0], aligned_edge=RIGHT))
        # "Actual" heads the noun column, level with the column headers.
        actual = style.text(strings["truth"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        actual.move_to([left, columns.get_y(), 0], aligned_edge=RIGHT)
        return VGroup(predicted, columns, actual, rows)

    def show(self, snapshot) -> None:
        """Counts and fills of ``snapshot``."""
        row_totals = {"tp": snapshot.positives, "fn": snapshot.positives,
                      "fp": snapshot.negatives, "tn": snapshot.negatives}
        for kind, _, _ in CELLS:
            value = getattr(snapshot, kind)
            self.counts[kind].set_values(count=value)
            share = value / row_totals[kind] if row_totals[kind] else 0.0
            opacity = style.CELL_MIN_OPACITY + (style.CELL_MAX_OPACITY - style.CELL_MIN_OPACITY) * share
            self.cells[kind].set_fill(opacity=opacity)

    def shown_counts(self) -> dict:
        """The numbers currently displayed, read back from the glyph slots."""
        return {kind: int(self.counts[kind].shown("count")) for kind, _, _ in CELLS}
