"""Reusable panels: each a VGroup with named parts, ``update_to`` and ``glide_to``."""

from umbral.scenes.components.confusion_grid import ConfusionGrid
from umbral.scenes.components.header import Readout, ThresholdHeader
from umbral.scenes.components.live_text import LiveText
from umbral.scenes.components.metric_bars import MetricBars
from umbral.scenes.components.roc_panel import RocPanel

__all__ = ["ConfusionGrid", "LiveText", "MetricBars", "Readout", "RocPanel", "ThresholdHeader"]
