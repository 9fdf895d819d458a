"""umbral: a classifier's scores as lecture-ready animations, verified against scikit-learn.

>>> import umbral
>>> lecture = umbral.Lecture.from_predictions([0, 1, 1, 0], [0.2, 0.9, 0.6, 0.4], name="logistic")
>>> lecture.report(threshold=0.5).to_dict()["recall"]
1.0

One import name for everything: the metrics core is ``umbral.metrics``, the data loaders
``umbral.data``, the scenes and publishing ``umbral.scenes``, the command line ``umbral.cli``.
Public names load on first use, so ``import umbral`` is cheap and ``umbral.metrics`` never
pulls in Manim.
"""

from __future__ import annotations

import sys
from importlib import import_module
from importlib.machinery import ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path

#: The subpackages that a checkout keeps beside this folder (an installed umbral has them inside
#: it, as pyproject.toml's package-dir maps them). Only these three; their own subpackages then
#: resolve through each one's ``__path__``.
_SUBPACKAGES = ("metrics", "data", "scenes")


class _CheckoutFinder:
    """Finds exactly ``umbral.metrics``, ``umbral.data`` and ``umbral.scenes`` in a checkout's folders.

    So ``umbral.metrics.point`` is the same module in a checkout as installed, with no top-level
    ``metrics``, ``data`` or ``scenes`` to clash with a lecturer's own files, and nothing else of
    the checkout (``tests``, ``benchmarks``, ``render.py``, ``umbral`` itself) imports as ``umbral.*``.
    A spawned worker imports ``umbral`` first, so it finds the same modules by name.
    """

    def __init__(self, checkout: Path) -> None:
        self.checkout = str(checkout)
        self.folders = {f"umbral.{name}": checkout / name for name in _SUBPACKAGES}

    def find_spec(self, fullname: str, path=None, target=None) -> ModuleSpec | None:
        folder = self.folders.get(fullname)
        if folder is None:
            return None
        return spec_from_file_location(fullname, folder / "__init__.py", submodule_search_locations=[str(folder)])


_CHECKOUT = Path(__file__).resolve().parent.parent
if (_CHECKOUT / "render.py").is_file() and all((_CHECKOUT / name / "__init__.py").is_file() for name in _SUBPACKAGES):
    # Once per checkout, even if this module is reloaded.
    if not any(getattr(finder, "checkout", None) == str(_CHECKOUT) for finder in sys.meta_path):
        sys.meta_path.insert(0, _CheckoutFinder(_CHECKOUT))

#: Public name -> the module that defines it.
_PUBLIC = {
    "DataError": "umbral.data.dataset",
    "LabPage": "umbral.shown",
    "Lecture": "umbral.lecture",
    "Report": "umbral.shown",
    "Still": "umbral.shown",
    "VerificationError": "umbral.metrics",
    "Videos": "umbral.shown",
}

__all__ = sorted(_PUBLIC)


def __getattr__(name: str):
    if name in _PUBLIC:
        value = getattr(import_module(_PUBLIC[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'umbral' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
