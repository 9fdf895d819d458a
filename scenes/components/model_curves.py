"""Several models on one plot (ROC or PR), each with its curve and a marked point, and their table.

Each model has a colour (``style.MODEL_COLORS``) and a marker shape (circle, square,
triangle, diamond), so colour is never the only cue: the table's first column shows the
same swatch and shape beside the model's name.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from manim import DOWN, LEFT, PI, RIGHT, UP, DashedLine, Dot, Line, Square, Triangle, VGroup, VMobject

from umbral.scenes import style
from umbral.scenes.components.legend_rows import measured
from umbral.scenes.components.live_text import LiveText, count_slot, rate_slot
from umbral.scenes.components.roc_panel import thin_polyline
from umbral.scenes.components.unit_axes import UnitAxes, axis_name
from umbral.scenes.layout import Column, Row, column
from umbral.scenes.numbers.models_compared import nobody_flagged

__all__ = ["ModelCurves", "ModelTable", "TablePlan", "baseline", "model_marker"]

MARKER_SIZE = 0.2
#: Glyphs whose bottom is the baseline (no descender, no overshoot below it).
_FLAT_BOTTOMS = set("0123456789ABDEFHIKLMNPRTUVXYZhiklmnrtuvwxzθ")


def baseline(text) -> float:
    """The y of a one-line Text's (or LiveText's) baseline: the bottom of its first flat-bottomed glyph.

    Falls back to the bottom when no glyph is flat-bottomed.
    """
    glyphs = text.family_members_with_points()
    content = getattr(text, "original_text", None)
    if content is not None and len(content) == len(text.submobjects):
        for char, glyph in zip(content, text.submobjects, strict=True):
            if char in _FLAT_BOTTOMS and len(glyph.points):
                return float(glyph.get_bottom()[1])
    return float(min(g.get_bottom()[1] for g in glyphs)) if glyphs else float(text.get_bottom()[1])


def model_marker(index: int, color: str, size: float = MARKER_SIZE) -> VMobject:
    """The marker of model ``index``: circle, square, triangle, diamond; filled, with a dark rim."""
    shape = index % 4
    if shape == 0:
        marker = Dot(radius=size / 2)
    elif shape == 1:
        marker = Square(side_length=size * 0.85)
    elif shape == 2:
        marker = Triangle().scale_to_fit_height(size)
    else:
        marker = Square(side_length=size * 0.75).rotate(PI / 4)
    marker.move_to([0, 0, 0])
    marker.set_fill(color, opacity=1.0).set_stroke(width=0)
    marker.set_stroke(style.BACKGROUND, width=2.5, background=True)
    return marker


class ModelCurves(VGroup):
    """Square 0..1 axes holding one curve and one moving marker per model.

    Parts: ``plot`` (:class:`UnitAxes`), ``reference`` (the chance diagonal for ROC, or the
    prevalence baseline for PR, with its label), ``curves`` and ``markers`` (one per model,
    in the models' order). ``kind`` is ``"roc"`` (markers at FPR, recall) or ``"pr"``
    (recall, precision; hidden while nobody is flagged, where precision is 0/0). The axes are
    ``side`` wide and ``height`` tall (square by default); the x axis's name wraps to
    ``name_room`` when that is wider than the plot's own room for it.
    """

    def __init__(self, kind: str, title: str, x_label: str, y_label: str, curves, colors, side: float = 3.0,
                 x_color: str | None = None, y_color: str | None = None, height: float | None = None,
                 name_room: float | None = None):
        VGroup.__init__(self)
        if kind not in ("roc", "pr"):
            raise ValueError(f"kind must be 'roc' or 'pr', not {kind!r}")
        self.kind = kind
        self.plot = UnitAxes(title, x_label, y_label, side=side, title_weight="NORMAL", x_color=x_color,
                             y_color=y_color, y_label_offset=0.72, height=height)
        self.axes = self.plot.axes
        title = self.plot.title
        if title.width > side + 0.5:  # a long title shrinks to its plot's width, down to the small size
            title.scale(max((side + 0.5) / title.width, style.SIZE_SMALL / style.SIZE_LABEL))
        if name_room is not None and name_room > side + 0.6:  # the x name may run wider than a small plot
            names, x_name = self.plot.axis_labels, self.plot.axis_labels[0]
            wider = axis_name(x_label, name_room, x_color).move_to(x_name, aligned_edge=UP)
            names.submobjects = [wider, *names.submobjects[1:]]
        self.curves = VGroup()
        for (x, y), color in zip(curves, colors, strict=True):
            x, y = thin_polyline(np.asarray(x, float), np.asarray(y, float))
            self.curves.add(self.plot.polyline(x, y, color, width=style.STROKE))
        self.markers = VGroup(*(model_marker(i, color).move_to(self.plot.point(0, 0))
                                for i, color in enumerate(colors)))
        self.reference = VGroup()
        self.add(self.plot, self.reference, self.curves, self.markers)

    def add_chance(self, label: str) -> VGroup:
        """The dashed diagonal with ``label`` along it (ROC)."""
        self.reference.add(*self.plot.chance(label, (0.7, 0.62)))
        return self.reference

    def add_baseline(self, prevalence: float, label: str, inside: bool = False) -> VGroup:
        """A dashed line at precision = ``prevalence`` and ``label`` just right of the axes (PR).

        ``inside`` (a narrow frame, no width to spare beside the plot) lays the label on the line in
        the plot's empty lower left, on two lines if it must, where that is clear of every curve; else
        it stands right of the axes in two lines.
        """
        line = DashedLine(self.plot.point(0, prevalence), self.plot.point(1, prevalence),
                          color=style.BASELINE_COLOR, stroke_width=style.STROKE_THIN, dash_length=0.08)
        words = style.text(label, size=style.SIZE_SMALL, color=style.MUTED_TEXT)
        #: True when the label sits in the plot, on the baseline.
        self.label_inside = False
        if inside:
            within = style.wrapped(label, self.axes.width - 0.3, color=style.MUTED_TEXT)
            within.arrange(DOWN, buff=0.08, aligned_edge=LEFT).next_to(self.plot.point(0, prevalence), UP + RIGHT,
                                                                         buff=0.1)
            self.label_inside = self.clear_of_curves(within)
            stacked = style.wrapped(label, words.width / 2 + 0.3, color=style.MUTED_TEXT)
            words = within if self.label_inside else stacked.arrange(DOWN, buff=0.08, aligned_edge=LEFT)
        if not self.label_inside:
            words.next_to(self.plot.point(1, prevalence), RIGHT, buff=0.15)
        self.reference.add(line, words)
        return self.reference

    def clear_of_curves(self, mobject, margin: float = MARKER_SIZE / 2 + 0.04) -> bool:
        """True when ``mobject``'s box (grown by ``margin``) lies inside the axes and no curve crosses it."""
        (x0, y0), (x1, y1) = mobject.get_corner(DOWN + LEFT)[:2] - margin, mobject.get_corner(UP + RIGHT)[:2] + margin
        if x1 > self.axes.get_right()[0] or y1 > self.axes.get_top()[1]:
            return False
        for curve in self.curves:  # the straight segments, sampled between their points
            ends = curve.points[:, :2]
            points = np.concatenate([ends[:-1] + t * (ends[1:] - ends[:-1]) for t in np.linspace(0, 1, 6)])
            if np.any((points[:, 0] > x0) & (points[:, 0] < x1) & (points[:, 1] > y0) & (points[:, 1] < y1)):
                return False
        return True

    def point_of(self, snapshot) -> tuple[float, float] | None:
        """Where ``snapshot`` sits on this plot (None: not drawn)."""
        if snapshot is None:
            return None
        if self.kind == "roc":
            return snapshot.fpr, snapshot.recall
        return None if nobody_flagged(snapshot) else (snapshot.recall, snapshot.precision)

    def update_to(self, snapshots) -> ModelCurves:
        """Each model's marker at its snapshot (one per model; None or an unplottable one hides it)."""
        for marker, snapshot in zip(self.markers, snapshots, strict=True):
            where = self.point_of(snapshot)
            if where is None:
                marker.set_opacity(0.0)
            else:
                marker.move_to(self.plot.point(*where)).set_fill(opacity=1.0).set_stroke(opacity=1.0, background=True)
        return self

    def marker_coordinates(self, index: int) -> tuple[float, float]:
        """The (x, y) data point marker ``index`` marks now, read back from the axes."""
        x, y = self.axes.p2c(self.markers[index].get_center())[:2]
        return float(x), float(y)


@dataclass(frozen=True)
class TablePlan:
    """What :meth:`ModelTable.plan` chose from measured words: size, column gap, header, widths, names' lines."""

    heads: tuple[str, ...]
    size: float
    gap: float
    widths: tuple[float, ...]
    names: Column


class ModelTable(VGroup):
    """One row per model: swatch and name, AUC, AP, θ, then TP, FP, FN, TN at that θ.

    Parts: ``header`` (column names), ``rows`` (one VGroup per model), and per model
    ``names``, ``areas`` (AUC and AP texts), ``thetas`` (live θ) and ``counts`` (a dict of
    live counts per model). Numbers are right-aligned in their columns, laid out as :meth:`plan` chose.
    """

    column_gap = 0.42
    #: The least column gap, tried before a long name wraps.
    tight_gap = 0.28
    row_gap = 0.16
    #: The room of a row's swatch (a line and the model's marker) and the space after it.
    swatch_room = 0.44 + 0.18
    count_keys = ("tp", "fp", "fn", "tn")

    @classmethod
    def plan(cls, strings: dict, names, areas, n: int, sizes, max_width: float, missing=(),
             note_width: float = 0.0) -> TablePlan:
        """The table at the first of ``sizes`` whose names fit whole in ``max_width``, else at the last.

        At the last the names are laid out by the layout ladder (wrapped, then shrunk to the least readable
        size); every width is measured from the words, nothing built. The columns draw closer (down to
        ``tight_gap``) before a name wraps, as long as the θ and count cells of each row in ``missing`` still hold
        a note ``note_width`` wide.
        """
        words = (strings["models_col_model"], "AUC", "AP", "θ", *(strings[key] for key in cls.count_keys))
        numbers = [[f"{auc:.2f}" for auc, _ in areas], [f"{ap:.2f}" for _, ap in areas], [rate_slot().placeholder],
                   *[[count_slot(n).placeholder]] * 4]
        for size in sizes:
            widths = [max([measured(words[c + 1], size)[0]] + [measured(cell, size, "BOLD" if c == 2 else "NORMAL")[0]
                                                              for cell in cells]) for c, cells in enumerate(numbers)]
            least = min(max(cls.tight_gap, (note_width - sum(widths[2:])) / 4 if missing else 0.0), cls.column_gap)
            whole = max([measured(words[0], size)[0]] + [cls.swatch_room + measured(name, size)[0] for name in names])
            gap = min(cls.column_gap, (max_width - whole - sum(widths)) / len(widths))
            if gap >= least or size == sizes[-1]:
                break
        gap = max(gap, least)
        # The names in what the numbers leave (a hair more: the gap may be worked out from the widest name), in
        # about two lines each, never under the least readable size.
        room = max_width - sum(widths) - gap * len(widths) - cls.swatch_room + 1e-6
        line = max(measured(name, size)[1] for name in names)
        laid = column([Row(name, size) for name in names], room, len(names) * (2 * line + 0.26) - 0.16,
                      style.min_readable(), measured)
        first = max([measured(words[0], size)[0]] + [cls.swatch_room + placed.width for placed in laid.rows])
        return TablePlan(words, size, gap, (first, *widths), laid)

    @classmethod
    def fitted(cls, strings: dict, names, colors, areas, n: int, sizes, max_width: float, missing=(),
               note_width: float = 0.0) -> ModelTable:
        """The table as :meth:`plan` lays it out."""
        return cls(colors, areas, n, cls.plan(strings, names, areas, n, sizes, max_width, missing, note_width))

    def __init__(self, colors, areas, n: int, plan: TablePlan):
        VGroup.__init__(self)
        size, widths, gap = plan.size, plan.widths, plan.gap
        muted = {"color": style.MUTED_TEXT, "size": size}
        heads = [style.text(head, **muted) for head in plan.heads]
        self.names, self.areas, self.thetas, self.counts, self.swatches = [], [], [], [], []
        cells = []
        for index, (placed, color, (auc, ap)) in enumerate(zip(plan.names.rows, colors, areas, strict=True)):
            self.swatches.append(VGroup(Line(LEFT * 0.22, RIGHT * 0.22, color=color, stroke_width=style.STROKE),
                                        model_marker(index, color)))
            lines = [style.text(line, size=placed.size, color=color) for line in placed.lines]
            self.names.append(lines[0] if len(lines) == 1 else VGroup(*lines).arrange(DOWN, buff=0.08,
                                                                                       aligned_edge=LEFT))
            self.areas.append(VGroup(*(style.text(f"{value:.2f}", size=size) for value in (auc, ap))))
            self.thetas.append(LiveText("{theta}", {"theta": rate_slot(weight="BOLD")}, size=size, align="right"))
            self.counts.append({key: LiveText(f"{{{key}}}", {key: count_slot(n)}, size=size, align="right")
                                for key in self.count_keys})
            cells.append([None, *self.areas[-1], self.thetas[-1], *self.counts[-1].values()])
        lefts = np.cumsum([0.0] + [w + gap for w in widths[:-1]])
        digit_height = measured("0", size)[1]
        pitch = max(measured(head, size)[1] for head in plan.heads) * 1.25 + self.row_gap
        line = pitch - self.row_gap  # a wrapped name's second line lowers the rows under it
        drops = np.cumsum([0.0] + [(len(placed.lines) - 1) * line for placed in plan.names.rows])
        self.header, self.rows = VGroup(), VGroup()
        for r, row in enumerate([heads, *cells]):
            base = -r * pitch - drops[max(r - 1, 0)]  # every text of a row sits on this baseline
            for c, cell in enumerate(row):
                if r and c == 0:
                    swatch, label = self.swatches[r - 1], self.names[r - 1]
                    swatch.move_to([lefts[0] + swatch.width / 2, base + digit_height / 2, 0])
                    first = label[0] if isinstance(label, VGroup) else label
                    label.shift([lefts[0] + self.swatch_room - label.get_left()[0], base - baseline(first), 0])
                    row[0] = VGroup(swatch, label)
                    continue
                x = lefts[c] + cell.width / 2 if c == 0 else lefts[c] + widths[c] - cell.width / 2
                cell.shift([x - cell.get_x(), base - baseline(cell), 0])
            (self.header.add(*row) if r == 0 else self.rows.add(VGroup(*row)))
        self.add(self.header, self.rows)

    def update_to(self, snapshots) -> ModelTable:
        """θ and the four counts of each model at its snapshot (None leaves that row as it is)."""
        for theta, counts, snapshot in zip(self.thetas, self.counts, snapshots, strict=True):
            if snapshot is None:
                continue
            theta.set_values(theta=snapshot.threshold)
            for key, live in counts.items():
                live.set_values(**{key: getattr(snapshot, key)})
        return self

    def numbers_of(self, index: int) -> VGroup:
        """Model ``index``'s θ and count cells (what a missing choice greys out)."""
        return VGroup(self.thetas[index], *self.counts[index].values())

    def shown(self, index: int) -> dict:
        """The texts row ``index`` shows now: θ and counts."""
        shown = {key: live.shown(key) for key, live in self.counts[index].items()}
        return {"theta": self.thetas[index].shown("theta"), **shown}
