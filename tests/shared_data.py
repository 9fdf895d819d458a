"""The tables in ``../shared/data`` (Pima, HTRU2), which a clone of umbral does not have.

A test that needs one is marked ``@needs(PIMA)`` (or calls ``require(PIMA)``): where the file is absent
it skips with one reason naming it, and the run ends with a count of those skips
(``tests/conftest.py``). Tests whose point does not depend on these tables use
:func:`write_raw_table` instead, so that they run everywhere.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"
PIMA = SHARED_DATA / "pima-indians-diabetes.csv"
HTRU2 = SHARED_DATA / "htru2.csv"
#: Every skip reason for a missing shared table starts with this (the end-of-run count looks for it).
REASON_PREFIX = "needs ../shared/data/"


def reason(path: Path) -> str:
    return f"{REASON_PREFIX}{path.name}, which is not beside this checkout (CI has it)"


def needs(path: Path):
    """Mark a test ``shared_data`` and skip it, naming the file, when the shared table is absent."""
    def marked(test):
        return pytest.mark.shared_data(pytest.mark.skipif(not path.is_file(), reason=reason(path))(test))

    return marked


def require(path: Path) -> Path:
    """The shared table's path, or a skip naming it (for fixtures; mark their tests ``shared_data`` too)."""
    if not path.is_file():
        pytest.skip(reason(path))
    return path


def write_raw_table(path: Path, n: int = 300, seed: int = 3) -> Path:
    """A raw table like Pima's: four numeric features and a 0/1 ``Outcome`` (about 35 % positive)."""
    rng = np.random.default_rng(seed)
    outcome = (rng.random(n) < 0.35).astype(int)
    glucose = rng.normal(110 + 30 * outcome, 25).round(0)
    bmi = rng.normal(30 + 4 * outcome, 6).round(1)
    age = rng.integers(21, 70, n)
    pregnancies = rng.integers(0, 10, n)
    rows = ["Pregnancies,Glucose,BMI,Age,Outcome"]
    rows += [f"{p},{g:.0f},{b:.1f},{a},{o}" for p, g, b, a, o in zip(pregnancies, glucose, bmi, age, outcome,
                                                                      strict=True)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path
