"""The radar operator's numbers: seeded echoes, the knob and its ROC points.

Pure NumPy and the metrics core, no Manim. Each blip on the scope is a
bomber (label 1) or a flock of geese (label 0) with an echo strength in
0..1; bombers echo stronger on average. The operator's sensitivity knob is a
detection threshold on echo strength: a blip raises an alarm iff its echo is
``>= threshold`` (the core's rule, score >= threshold). Turning the
sensitivity up lowers the threshold. Hit rate = share of bombers that raise
an alarm (recall, TPR); false-alarm rate = share of flocks that do (FPR).

>>> radar = radar_numbers()
>>> radar.snapshots[0].recall, radar.snapshots[0].fpr   # knob fully up: threshold 0
(1.0, 1.0)
>>> radar.snapshots[-1].recall, radar.snapshots[-1].fpr  # knob fully down: threshold 1
(0.0, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from umbral.metrics import Snapshot, Sweep, roc_auc

__all__ = ["RadarNumbers", "radar_numbers"]

SEED = 1940
BOMBERS = 24
FLOCKS = 36
#: Mean and spread of the echo strength (0..1) of each kind of blip.
BOMBER_ECHO = (0.63, 0.14)
FLOCK_ECHO = (0.40, 0.14)
#: Knob settings: thresholds 0, 1/20, ..., 1 (built from integers, like metrics.GRID).
KNOB_STEPS = 20
#: Blips sit between these fractions of the scope radius, at least MIN_GAP (fraction) apart.
INNER, OUTER, MIN_GAP = 0.16, 0.9, 0.13


@dataclass(frozen=True, eq=False)
class RadarNumbers:
    """Everything the radar scene shows, computed once.

    Attributes
    ----------
    labels : ndarray of int8
        1 = bomber, 0 = flock of geese; one per blip.
    echoes : ndarray of float
        Echo strength of each blip, in 0..1.
    positions : ndarray, shape (n, 2)
        Blip positions on a unit scope (radius 1, centre 0).
    headings : ndarray of float
        Direction each blip flies, in radians.
    thresholds : ndarray
        Knob settings from fully up (0: every echo alarms) to fully down (1).
    snapshots : tuple of Snapshot
        Counts and rates at each knob setting (``recall`` is the hit rate,
        ``fpr`` the false-alarm rate).
    auc : float
        Area under the radar's ROC curve (every threshold, not just the knob's).
    """

    labels: np.ndarray
    echoes: np.ndarray
    positions: np.ndarray
    headings: np.ndarray
    thresholds: np.ndarray
    snapshots: tuple[Snapshot, ...]
    auc: float

    @property
    def bombers(self) -> int:
        """How many bombers are on the scope."""
        return int(self.labels.sum())

    @property
    def flocks(self) -> int:
        """How many flocks of geese are on the scope."""
        return int(self.labels.size - self.labels.sum())

    def roc_points(self, count: int | None = None) -> np.ndarray:
        """(false-alarm rate, hit rate) of the knob settings, from fully down to fully up.

        ``count`` keeps only the first settings in that order (how the curve grows).
        """
        ordered = self.snapshots[::-1][:count]
        return np.array([[s.fpr, s.recall] for s in ordered], dtype=float).reshape(-1, 2)

    def alarms(self, threshold: float) -> np.ndarray:
        """Which blips raise an alarm at ``threshold`` (echo >= threshold)."""
        return self.echoes >= threshold


def _scatter(rng: np.random.Generator, count: int) -> np.ndarray:
    """``count`` points in the scope's ring, none closer than MIN_GAP (rejection sampling)."""
    points: list[np.ndarray] = []
    while len(points) < count:
        radius = np.sqrt(rng.uniform(INNER**2, OUTER**2))  # uniform over the ring's area
        angle = rng.uniform(0, 2 * np.pi)
        candidate = radius * np.array([np.cos(angle), np.sin(angle)])
        if all(np.hypot(*(candidate - p)) >= MIN_GAP for p in points):
            points.append(candidate)
    return np.array(points)


@cache
def radar_numbers(seed: int = SEED) -> RadarNumbers:
    """The seeded blips and the metrics core's counts at every knob setting."""
    rng = np.random.default_rng(seed)
    bomber_echo = rng.normal(*BOMBER_ECHO, size=BOMBERS)
    flock_echo = rng.normal(*FLOCK_ECHO, size=FLOCKS)
    # Echoes are read on a 0..1 dial; keep them strictly inside so the knob's
    # ends mean "everything alarms" and "nothing alarms".
    echoes = np.clip(np.r_[bomber_echo, flock_echo], 0.01, 0.99)
    labels = np.r_[np.ones(BOMBERS), np.zeros(FLOCKS)].astype(np.int8)
    order = rng.permutation(labels.size)  # mix the kinds over the scope
    labels, echoes = labels[order], echoes[order]
    positions = _scatter(rng, labels.size)
    headings = rng.uniform(0, 2 * np.pi, size=labels.size)
    sweep = Sweep.from_scores(labels, echoes)
    thresholds = np.arange(KNOB_STEPS + 1) / KNOB_STEPS
    snapshots = sweep.grid(thresholds)
    for array in (labels, echoes, positions, headings, thresholds):
        array.setflags(write=False)
    return RadarNumbers(labels, echoes, positions, headings, thresholds, snapshots,
                        float(roc_auc(labels, echoes)))
