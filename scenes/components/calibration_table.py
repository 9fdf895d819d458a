"""A table of the models' calibration numbers: ECE, the Brier score and its parts in plain words, log-loss."""

from __future__ import annotations

from manim import LEFT, RIGHT, Line, VGroup

from umbral.scenes import style
from umbral.scenes.components.legend_rows import balanced_text
from umbral.scenes.components.model_curves import model_marker

__all__ = ["CalibrationTable"]


class CalibrationTable(VGroup):
    """Rows of a term (wrapped words at the left) and one value per model (right-aligned columns).

    Parts: ``heads`` (each model's marker and name over its column), ``labels`` (the terms),
    ``values`` (a row of values per term; every value is a story number), ``rules`` (faint lines
    between the groups of rows).

    Parameters
    ----------
    terms : sequence of str
        One per row, in order.
    values : sequence of sequence of str
        ``values[row][model]``, as shown.
    models : sequence of (str, int, str)
        Each model's name, marker index and colour.
    width : float
        The whole table's width; the value columns take what their widest entry needs.
    sizes : sequence of float
        The font size of each row's values (the Brier parts may be smaller than the headline numbers).
    breaks : set of int
        Rows after which a faint rule separates groups.
    """

    row_gap = 0.22
    column_gap = 0.5

    def __init__(self, terms, values, models, width: float, sizes, breaks=frozenset()):
        super().__init__()
        cells = [[style.text(v, size=size, weight="BOLD" if size >= style.SIZE_NUMBER else "NORMAL")
                  for v in row] for row, size in zip(values, sizes, strict=True)]
        # A value column is as wide as its widest number or its model's name; where whole names would leave
        # the terms less than half the table, as its name's longest word (the name wraps over its column).
        marker_room = 0.2 + 0.12
        numbers = max([cell.width for row in cells for cell in row] + [0.0])
        column = max([numbers] + [marker_room + style.text_width(name, style.SIZE_SMALL) for name, _, _ in models])
        if width - len(models) * (column + self.column_gap) < width / 2:
            column = max([numbers] + [marker_room + style.text_width(word, style.SIZE_SMALL)
                                      for name, _, _ in models for word in name.split()])
        heads = []
        for name, index, color in models:
            marker = model_marker(index, color, 0.2)
            words = balanced_text(name, column - marker_room, size=style.SIZE_SMALL, color=color)
            heads.append(VGroup(marker, words.next_to(marker, RIGHT, buff=0.12)))
        label_width = width - len(models) * (column + self.column_gap)
        self.labels = VGroup(*(balanced_text(term, label_width, size=style.SIZE_SMALL) for term in terms))
        rights = [width / 2 - k * (column + self.column_gap) for k in range(len(models))][::-1]
        self.heads = VGroup(*heads)
        for head, right in zip(heads, rights, strict=True):
            head.move_to([right - column / 2, 0, 0])
        top = -self.heads.height - self.row_gap
        self.values = VGroup()
        self.rules = VGroup()
        for r, (label, row) in enumerate(zip(self.labels, cells, strict=True)):
            height = max([label.height] + [cell.height for cell in row])
            middle = top - height / 2
            label.move_to([-width / 2 + label.width / 2, middle, 0])
            for cell, right in zip(row, rights, strict=True):
                cell.move_to([right - cell.width / 2, middle, 0])
            shown = VGroup(*row)
            self.values.add(style.story_number(shown) if sizes[r] >= style.SIZE_NUMBER else shown)
            top -= height + self.row_gap
            if r in breaks:
                rule = Line([-width / 2, top + self.row_gap / 2, 0], [width / 2, top + self.row_gap / 2, 0],
                            color=style.PANEL_STROKE, stroke_width=style.STROKE_THIN)
                self.rules.add(rule)
        for label in self.labels:
            label.align_to([-width / 2, 0, 0], LEFT)
        self.add(self.rules, self.heads, self.labels, self.values)
