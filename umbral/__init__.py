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

from importlib import import_module
from pathlib import Path

# In a checkout the packages sit beside this folder (scenes/ metrics/ data/ render.py); an
# installed umbral has them inside it. Searching the checkout too makes `umbral.metrics` the
# same module either way, with no top-level `metrics`, `data` or `scenes` to clash with a
# lecturer's own files.
_CHECKOUT = Path(__file__).resolve().parent.parent
if (_CHECKOUT / "render.py").is_file() and (_CHECKOUT / "metrics" / "__init__.py").is_file():
    __path__.append(str(_CHECKOUT))  # noqa: F821 (a package's __path__)

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
