"""No submodule of the metrics package hides a function of the same name."""

import types

from umbral import metrics


def test_public_names_are_functions_or_classes_not_modules():
    for name in metrics.__all__:
        assert not isinstance(getattr(metrics, name), types.ModuleType), name
    assert callable(metrics.prevalence) and metrics.prevalence(1, 0, 1, 2) == 0.5
