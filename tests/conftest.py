"""Project-wide pytest options (Manim's graphical-baseline flags), the end-of-run count of shared-data skips,
and a guard that no test loads umbral's code under its old top-level names."""

from __future__ import annotations

import sys
from collections import Counter

import pytest

from tests.shared_data import REASON_PREFIX

#: A module of these names in sys.modules is a second copy of umbral's code (or a lecturer's file).
OLD_TOP_LEVEL = ("metrics", "data", "scenes", "render")


@pytest.fixture(autouse=True)
def _only_umbral_names():
    yield
    loaded = [name for name in OLD_TOP_LEVEL if name in sys.modules]
    assert not loaded, f"this test imported {loaded} at the top level; import umbral.{loaded[0]} instead"


def pytest_addoption(parser):
    parser.addoption("--set_test", action="store_true", default=False,
                     help="Write new pixel baselines for frames_comparison tests instead of comparing.")
    parser.addoption("--show_diff", action="store_true", default=False,
                     help="Show a diff image when a pixel baseline does not match.")


def shared_data_skips(skipped_reports) -> Counter:
    """How many skips each missing ``../shared/data`` file caused, from the run's skipped reports."""
    files = Counter()
    for report in skipped_reports:
        longrepr = getattr(report, "longrepr", None)
        message = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
        at = message.find(REASON_PREFIX)
        if at >= 0:
            files[message[at + len(REASON_PREFIX):].split(",")[0]] += 1
    return files


def pytest_terminal_summary(terminalreporter):
    files = shared_data_skips(terminalreporter.stats.get("skipped", []))
    if files:
        listed = ", ".join(f"../shared/data/{name} ({count})" for name, count in sorted(files.items()))
        terminalreporter.write_line(
            f"{sum(files.values())} test(s) skipped because a data file outside the repository is missing: {listed}")
    else:
        terminalreporter.write_line("0 tests skipped for a missing ../shared/data file")


def pytest_report_header(config):
    from tests.sampling import EVERYTHING

    if EVERYTHING:
        return "every-beat matrix: every row; six-class play-throughs: every row (make test-all)"
    return "every-beat matrix: every row; six-class play-throughs: a fixed sample (make test-all runs them all)"
