"""The examples in umbral's docstrings run and print what they say, imported as ``umbral.*``.

pytest's own ``--doctest-modules`` would import ``metrics/point.py`` as a top-level
``metrics.point`` (a second copy beside ``umbral.metrics.point``), so the examples are
collected here from the installed names instead.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import umbral

PACKAGES = ("umbral.metrics", "umbral.data", "umbral.scenes")


def modules() -> list[str]:
    own = Path(umbral.__file__).parent  # umbral/ itself: the notebook API and the command line
    names = ["umbral", *(f"umbral.{info.name}" for info in pkgutil.iter_modules([str(own)]) if info.name != "__main__")]
    for package in PACKAGES:
        names.append(package)
        path = importlib.import_module(package).__path__
        names += [info.name for info in pkgutil.walk_packages(path, prefix=package + ".")]
    return names


def modules_with_examples() -> list[str]:
    finder = doctest.DocTestFinder(exclude_empty=True)
    return [name for name in modules() if any(test.examples for test in finder.find(importlib.import_module(name)))]


EXAMPLES = modules_with_examples()


def run_examples(module) -> doctest.TestResults:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder(exclude_empty=True).find(module):
        runner.run(test)
    return runner.summarize(verbose=False)


@pytest.mark.parametrize("name", EXAMPLES)
def test_docstring_examples_hold(name):
    results = run_examples(importlib.import_module(name))
    assert results.failed == 0, f"{results.failed} of {results.attempted} example(s) in {name} failed (printed above)"


def test_the_examples_are_found_and_a_wrong_one_fails(tmp_path, monkeypatch):
    assert len(EXAMPLES) >= 10 and "umbral.metrics.point" in EXAMPLES
    (tmp_path / "wrong_example.py").write_text('def f():\n    """\n    >>> 1 + 1\n    3\n    """\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert run_examples(importlib.import_module("wrong_example")).failed == 1
    assert umbral.__name__ == "umbral"
