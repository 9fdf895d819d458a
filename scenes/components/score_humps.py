"""Two score humps (positives, negatives) cut by a sliding threshold line."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, Axes, Circle, Line, VGroup, VMobject

from umbral.scenes import style
from umbral.scenes.components.base import SnapshotPanel
from umbral.scenes.components.live_text import LiveText, count_slot, rate_slot
from umbral.scenes.numbers.number_formats import format_count

__all__ = ["REGIONS", "ErrorReadout", "HumpLegend", "ScoreHumps", "stack_levels"]

#: kind -> (class, side of the line): TP = positive hump right of θ, and so on.
REGIONS = {"tp": ("positives", "right"), "fn": ("positives", "left"),
           "fp": ("negatives", "right"), "tn": ("negatives", "left")}


def class_colour(cls: str) -> str:
    """The colour of class ``cls`` ("positives" or "negatives") in the active theme."""
    return style.POSITIVE_COLOR if cls == "positives" else style.NEGATIVE_COLOR


#: Errors are shaded strongly, correct decisions lightly: the story is about the errors.
REGION_OPACITY = {"tp": 0.22, "tn": 0.22, "fn": 0.62, "fp": 0.62}
TICKS = (0, 0.25, 0.5, 0.75, 1)


def stack_levels(x: np.ndarray, gap: float) -> np.ndarray:
    """Level of each dot so that dots on one level are at least ``gap`` apart (greedy, by x)."""
    order = np.argsort(x, kind="stable")
    last: list[float] = []
    levels = np.zeros(x.size, dtype=int)
    for i in order:
        for level, right in enumerate(last):
            if x[i] - right >= gap:
                levels[i], last[level] = level, x[i]
                break
        else:
            levels[i] = len(last)
            last.append(x[i])
    return levels


class ScoreHumps(SnapshotPanel, VGroup):
    """Score axis 0..1, one smoothed hump per class, and a threshold line splitting them.

    Parts: ``axes``, ``ticks`` (static labels), ``curves[cls]`` (hump outlines),
    ``regions[kind]`` (the four fills, re-pointed on each update), ``line``,
    ``theta`` (live θ above the line), ``labels[kind]`` (live "TP 4" beside the
    line, positive row above the negative row; story numbers, like ``theta``),
    ``dots[(cls, flagged)]`` (every score as a dot in one VMobject per class and
    side; filled when called positive, hollow when not). The classes are named
    by a :class:`HumpLegend` beside the panel.

    The humps are in patients per unit score (area = patients); the numbers
    in the labels are the exact counts of the snapshot, not areas.
    """

    #: Least space between the positive and the negative row of labels (frame units).
    row_gap = 0.1

    def __init__(self, strings: dict, densities, scores: dict | None, n: int,
                 width: float = 9.6, height: float = 2.4, dot_radius: float = 0.055):
        VGroup.__init__(self)
        self.grid = np.asarray(densities.grid, float)
        self.density = {"positives": np.asarray(densities.positives, float),
                        "negatives": np.asarray(densities.negatives, float)}
        top = 1.08 * max(float(d.max()) for d in self.density.values()) or 1.0
        self.axes = Axes(x_range=[0, 1, 0.25], y_range=[0, top, top], x_length=width, y_length=height,
                         tips=False, x_axis_config={"include_ticks": True, "tick_size": 0.06},
                         y_axis_config={"include_ticks": False, "stroke_opacity": 0.0},
                         axis_config={"color": style.GRID_LINE, "stroke_width": style.STROKE_THIN})
        self.top = top
        self.origin = self.axes.c2p(0, 0)
        self.unit_x = self.axes.c2p(1, 0)[0] - self.origin[0]
        self.unit_y = self.axes.c2p(0, top)[1] - self.origin[1]
        # Heights above the axis (rows, dot strips) are kept in units of the
        # built size, so the panel can be moved and scaled after it is built.
        self.built_unit_x = self.unit_x
        # Every score as a dot, in strips under the axis.
        self.dots, self.dot_y, self.dot_scores = {}, {}, {}
        self.dot_radius = dot_radius
        strip_bottom = self.origin[1] - 0.12
        if scores is not None:
            for cls in ("positives", "negatives"):
                self.dot_scores[cls] = np.asarray(scores[cls], float)
                x = self.origin[0] + self.dot_scores[cls] * self.unit_x
                levels = stack_levels(x, 2.3 * dot_radius)
                strip_top = strip_bottom - dot_radius
                self.dot_y[cls] = strip_top - levels * 2.2 * dot_radius - self.origin[1]
                strip_bottom = self.origin[1] + self.dot_y[cls].min() - dot_radius - 0.22
                for flagged in (True, False):
                    mob = VMobject(stroke_color=class_colour(cls), stroke_width=2.0,
                                   fill_color=class_colour(cls), fill_opacity=1.0 if flagged else 0.0)
                    self.dots[(cls, flagged)] = mob
        self.ticks = VGroup(*(
            style.text(f"{value:g}", size=style.SIZE_LABEL, color=style.MUTED_TEXT)
            .next_to([self.origin[0] + value * self.unit_x, strip_bottom, 0], DOWN, buff=0.02)
            for value in TICKS))
        self.axis_label = style.text(strings["humps_axis"], size=style.SIZE_LABEL, color=style.TEXT)
        self.axis_label.next_to(self.ticks, DOWN, buff=0.1).set_x(self.origin[0] + 0.5 * self.unit_x)
        # The humps: outlines drawn once, the four fills re-pointed as θ moves.
        self.curves = {}
        for cls, density in self.density.items():
            curve = VMobject(stroke_color=class_colour(cls), stroke_width=style.STROKE)
            curve.set_points_as_corners(self._points(self.grid, density))
            self.curves[cls] = curve
        self.regions = {kind: VMobject(stroke_width=0).set_fill(class_colour(cls), opacity=REGION_OPACITY[kind])
                        for kind, (cls, _) in REGIONS.items()}
        # The threshold line, θ above it and the four labels in two rows beside it, in the plot's top
        # (ringed in the background colour where they cross a hump).
        self.theta = LiveText(strings["humps_theta"], {"threshold": rate_slot(weight="BOLD")},
                              size=style.SIZE_NUMBER, align="center")
        style.story_number(self.theta)
        self.labels = {}
        for kind, (cls, side) in REGIONS.items():
            label = LiveText(f"{strings[kind]} {{count}}", {"count": count_slot(n, weight="BOLD")},
                             size=style.SIZE_NUMBER, color=class_colour(cls), weights={strings[kind]: "BOLD"},
                             align="right" if side == "left" else "left")
            label.set_stroke(style.BACKGROUND, width=6, background=True)
            self.labels[kind] = style.story_number(label)
        # Rows at least a label's height apart, plus a gap (accents and brackets make labels taller).
        pitch = max(0.45, max(label.height for label in self.labels.values()) + self.row_gap)
        self.rows = {"positives": height - 0.2, "negatives": height - 0.2 - pitch}
        self.line = Line(self.origin, self.origin + [0, self.rows["positives"] + 0.3, 0],
                         color=style.HIGHLIGHT, stroke_width=style.STROKE)
        # Still parts are drawn once; the outlines go with the live fills so they stay on top.
        self.still = VGroup(self.axes, self.ticks, self.axis_label)
        self.live = VGroup(*self.regions.values(), *self.curves.values(), *self.dots.values(), self.line,
                           self.theta, *self.labels.values())
        self.add(self.still, self.live)

    # -- geometry -----------------------------------------------------------
    def _measure(self) -> float:
        """Read origin and units back from the axes; return the scale since building."""
        self.origin = self.axes.c2p(0, 0)
        self.unit_x = self.axes.c2p(1, 0)[0] - self.origin[0]
        self.unit_y = self.axes.c2p(0, self.top)[1] - self.origin[1]
        return self.unit_x / self.built_unit_x

    def _points(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        return np.column_stack([self.origin[0] + x * self.unit_x, self.origin[1] + y / self.top * self.unit_y,
                                np.zeros(x.size)])

    def x_of(self, score: float) -> float:
        """Frame x of a score."""
        return float(self.origin[0] + score * self.unit_x)

    def _region(self, cls: str, side: str, threshold: float) -> np.ndarray:
        """Corners of one class's hump on one side of ``threshold`` (closed along the axis)."""
        grid, density = self.grid, self.density[cls]
        cut = float(np.interp(threshold, grid, density))
        if side == "left":
            inside = grid < threshold
            x = np.r_[0.0, grid[inside], threshold, threshold]
            y = np.r_[0.0, density[inside], cut, 0.0]
        else:
            inside = grid > threshold
            x = np.r_[threshold, threshold, grid[inside], 1.0]
            y = np.r_[0.0, cut, density[inside], 0.0]
        corners = self._points(x, y)
        return np.vstack([corners, corners[:1]])

    def _circles(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Points of one circle per (x, y), as subpaths of a single VMobject."""
        if x.size == 0:
            return np.zeros((0, 3))
        template = Circle(radius=self.dot_radius * self.unit_x / self.built_unit_x).points
        offsets = np.column_stack([x, y, np.zeros(x.size)])
        return (template[None, :, :] + offsets[:, None, :]).reshape(-1, 3)

    # -- updates --------------------------------------------------------------
    def show(self, snapshot) -> None:
        """Line at θ, fills split at θ, counts and dots of ``snapshot``."""
        t = snapshot.threshold
        scale = self._measure()
        x = self.x_of(t)
        row_y = {cls: self.origin[1] + scale * row for cls, row in self.rows.items()}
        self.line.put_start_and_end_on([x, self.origin[1], 0], [x, row_y["positives"] + 0.3 * scale, 0])
        gap = 0.15 * scale
        for kind, (cls, side) in REGIONS.items():
            self.regions[kind].set_points_as_corners(self._region(cls, side, t))
            label = self.labels[kind]
            label.set_values(count=getattr(snapshot, kind))
            label.set_y(row_y[cls])
            if side == "left":
                label.shift([(x - gap) - label.get_right()[0], 0, 0])
            else:
                label.shift([(x + gap) - label.get_left()[0], 0, 0])
        self.theta.set_values(threshold=t)
        self.theta.move_to([x, row_y["positives"] + 0.65 * scale, 0])
        for cls, scores in self.dot_scores.items():
            xs = self.origin[0] + scores * self.unit_x
            ys = self.origin[1] + scale * self.dot_y[cls]
            flagged = scores >= t  # the data's own rule: positive iff score >= θ
            for side in (True, False):
                keep = flagged == side
                self.dots[(cls, side)].points = self._circles(xs[keep], ys[keep])

    def shown_counts(self) -> dict:
        """The four counts displayed now, read back from the labels."""
        return {kind: int(label.shown("count")) for kind, label in self.labels.items()}

    def region_area(self, kind: str) -> float:
        """Area of a shaded region, converted back to patients (for tests)."""
        points = self.regions[kind].points[::4]  # one start anchor per straight segment
        x = (points[:, 0] - self.origin[0]) / self.unit_x
        y = (points[:, 1] - self.origin[1]) / self.unit_y * self.top
        return float(abs(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1))) / 2)

    def dots_called_positive(self, cls: str) -> int:
        """How many dots of ``cls`` are drawn filled (called positive)."""
        return len(self.dots[(cls, True)].points) // len(Circle().points) if self.dots else 0


class HumpLegend(VGroup):
    """The two classes named in their colours, a filled dot before each name, one row per class.

    Parts: ``items[cls]`` (dot and name), positives first.
    """

    def __init__(self, strings: dict, size: float = style.SIZE_LABEL):
        VGroup.__init__(self)
        self.items = {}
        middle = style.text("x", size=size).height / 2  # the dot sits at the middle of the lower-case letters
        for cls in ("positives", "negatives"):
            name = style.text(strings[f"humps_{cls}"], size=size, color=class_colour(cls))
            dot = Circle(radius=0.09, stroke_width=0).set_fill(class_colour(cls), opacity=1.0)
            dot.move_to([name.get_left()[0] - 0.15 - dot.width / 2, style.baseline(name) + middle, 0])
            self.items[cls] = VGroup(dot, name)
            self.add(self.items[cls])
        self.arrange(DOWN, buff=0.2, aligned_edge=LEFT)

    def in_a_row(self, buff: float = 0.5) -> HumpLegend:
        """The two items side by side, their names on one baseline (centres would differ with the letters)."""
        self.arrange(RIGHT, buff=buff)
        names = [item[1] for item in self.items.values()]
        for item, name in zip(self.items.values(), names, strict=True):
            item.shift([0, style.baseline(names[0]) - style.baseline(name), 0])
        return self


class ErrorReadout(SnapshotPanel, VGroup):
    """Accuracy and the two errors it adds up, in two live lines.

    "accuracy 0.85: 17 of 20 right" over "errors 3 = 1 missed + 2 false alarms".
    """

    def __init__(self, strings: dict, n: int, line_gap: float = 0.2, size: float = style.SIZE_READOUT):
        VGroup.__init__(self)
        accuracy_color = style.METRIC_COLORS["accuracy"]
        self.accuracy = LiveText(
            strings["humps_accuracy"].replace("{n}", format_count(n, n)),
            {"accuracy": rate_slot(accuracy_color, "BOLD"), "correct": count_slot(n)},
            colors={strings["accuracy"]: accuracy_color}, size=size)
        self.errors = LiveText(
            strings["humps_errors"],
            {"errors": count_slot(n, weight="BOLD"), "fn": count_slot(n, style.POSITIVE_COLOR, "BOLD"),
             "fp": count_slot(n, style.NEGATIVE_COLOR, "BOLD")}, size=size)
        self.still = VGroup()
        self.live = VGroup(self.accuracy, self.errors).arrange(DOWN, buff=line_gap, aligned_edge=LEFT)
        self.add(self.still, self.live)

    def show(self, snapshot) -> None:
        """Accuracy, right decisions and both error counts of ``snapshot``."""
        s = snapshot
        self.accuracy.set_values(accuracy=s.accuracy, correct=s.tp + s.tn)
        self.errors.set_values(errors=s.fn + s.fp, fn=s.fn, fp=s.fp)

    def shown(self) -> dict:
        """The numbers displayed now, as text."""
        return {slot: line.shown(slot) for line in (self.accuracy, self.errors) for slot in line.slot_specs}
