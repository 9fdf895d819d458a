"""Reusable panels: each a VGroup with named parts, ``update_to`` and ``glide_to``."""

from scenes.components.confusion_grid import ConfusionGrid
from scenes.components.header import Readout, ThresholdHeader
from scenes.components.live_text import LiveText
from scenes.components.metric_bars import MetricBars
from scenes.components.roc_panel import RocPanel

__all__ = ["ConfusionGrid", "LiveText", "MetricBars", "Readout", "RocPanel", "ThresholdHeader"]
