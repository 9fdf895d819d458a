"""The 2x2 confusion grid: rows = truth, columns = prediction."""

from __future__ import annotations

from manim import DOWN, PI, UP, Rectangle, VGroup

from scenes import style
from scenes.components.base import SnapshotPanel
from scenes.components.live_text import LiveText, count_slot

__all__ = ["ConfusionGrid"]

#: (kind, row, column): rows are truth (positive first), columns prediction.
CELLS = (("tp", 0, 0), ("fn", 0, 1), ("fp", 1, 0), ("tn", 1, 1))


class ConfusionGrid(SnapshotPanel, VGroup):
    """Four labelled cells whose counts and fill follow a snapshot.

    Parts: ``frame`` (static outlines and headers), ``cells[kind]`` (fills),
    ``counts[kind]`` (live numbers), ``labels[kind]`` (TP/FN/FP/TN and meaning).
    Fill opacity grows with the share of its true class the cell holds, so
    the positive row shows recall and the negative row specificity.
    """

    def __init__(self, strings: dict, n: int, cell_width: float = 1.75, cell_height: float = 1.45):
        VGroup.__init__(self)
        self.n = n
        self.cells, self.counts, self.labels = {}, {}, {}
        row_color = (style.POSITIVE_COLOR, style.NEGATIVE_COLOR)
        outlines = VGroup()
        for kind, row, col in CELLS:
            center = [(col - 0.5) * cell_width, (0.5 - row) * cell_height, 0]
            fill = Rectangle(width=cell_width, height=cell_height, stroke_width=0)
            fill.set_fill(row_color[row], opacity=style.CELL_MIN_OPACITY).move_to(center)
            outline = Rectangle(width=cell_width, height=cell_height, stroke_width=style.STROKE_THIN,
                                stroke_color=style.GRID_LINE).move_to(center)
            count = LiveText("{count}", {"count": count_slot(n, weight="BOLD")},
                             size=style.SIZE_CELL_COUNT, align="center").move_to(center)
            short = style.text(strings[kind], size=style.SIZE_LABEL, weight="BOLD")
            meaning = style.text(strings[f"{kind}_meaning"], size=style.SIZE_SMALL, color=style.TEXT)
            short.move_to(center).shift(UP * cell_height * 0.32)
            meaning.move_to(center).shift(DOWN * cell_height * 0.32)
            self.cells[kind], self.counts[kind] = fill, count
            self.labels[kind] = VGroup(short, meaning)
            outlines.add(outline)
        self.headers = self._headers(strings, cell_width, cell_height)
        self.frame = VGroup(outlines, self.headers)
        # Labels ride in the live layer: they must stay above the fills.
        self.still = VGroup(self.frame)
        self.live = VGroup(*self.cells.values(), *self.labels.values(), *self.counts.values())
        self.add(self.still, self.live)

    @staticmethod
    def _headers(strings: dict, cell_width: float, cell_height: float) -> VGroup:
        """Column headers (prediction) above, row headers (truth) at the left."""
        top = cell_height + 0.12
        predicted = style.text(strings["prediction"], size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        predicted.move_to([0, top + 0.62, 0])
        columns = VGroup(*(
            style.text(f"{mark} {strings[key]}", size=style.SIZE_SMALL).move_to(
                [(col - 0.5) * cell_width, top + 0.22, 0])
            for col, (mark, key) in enumerate((("+", "positive"), ("−", "negative")))
        ))
        left = -cell_width - 0.12
        actual = style.text(strings["truth"], size=style.SIZE_SMALL, color=style.MUTED_TEXT).rotate(PI / 2)
        actual.move_to([left - 0.62, 0, 0])
        rows = VGroup(*(
            style.text(f"{mark} {strings[key]}", size=style.SIZE_SMALL, color=color)
            .rotate(PI / 2).move_to([left - 0.22, (0.5 - row) * cell_height, 0])
            for row, (mark, key, color) in enumerate(
                (("+", "positive", style.POSITIVE_COLOR), ("−", "negative", style.NEGATIVE_COLOR)))
        ))
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

