"""The lab in headless Chromium: the pages, one browser, guarded pages and the numbers they must show.

Every page is opened from ``file://`` with every other request aborted (the offline proof) and
console errors and page errors collected; a test fails at teardown if there was any. Expected
numbers come from the verified core: ``umbral report --json`` (in-process) for the data mode and
:mod:`metrics.binormal` for the binormal mode.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qsl

import pytest

from tests.ceilings import HANG_SECONDS

ROOT = Path(__file__).resolve().parents[2]
# --doctest-modules would import this file a second time as a module named "conftest", which fails when
# another folder's conftest holds that name (e.g. `pytest tests/lab tests/metrics/test_binormal.py`).
collect_ignore = ["conftest.py"]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run"]
#: Where a reveal.js 5.2.1 ``dist`` folder is looked for: $UMBRAL_REVEAL_DIST, then the Makefile's copy.
REVEAL_DIST_CANDIDATES = (os.environ.get("UMBRAL_REVEAL_DIST", ""), str(ROOT / ".venv" / "reveal.js" / "dist"))
DATASETS = ("clinic20", "screening8")
LANGS = ("en", "es")
METRICS = ("accuracy", "precision", "recall", "specificity", "f1", "balanced_accuracy", "mcc", "npv", "cost")
COUNTS = ("tp", "fp", "fn", "tn")
#: The ceiling of every wait for the page (a busy machine can take seconds to draw it).
TIMEOUT_MS = 60_000

# Everything the tests read off the page, in one round trip.
READ_PAGE = """() => {
  const all = (selector) => Array.from(document.querySelectorAll(selector));
  const counts = {};
  for (const el of all('[data-count]')) (counts[el.dataset.count] ||= []).push(el.textContent.trim());
  const metrics = {}, formulas = {};
  for (const el of all('[data-metric][data-value]')) {
    (metrics[el.dataset.metric] ||= []).push(el.getAttribute('data-value'));
    const formula = el.querySelector('[data-formula]');
    if (formula) formulas[el.dataset.metric] = formula.textContent.trim();
  }
  const value = (selector) => { const el = document.querySelector(selector); return el ? el.value : null; };
  const data = (selector) => {
    const el = document.querySelector(selector);
    return el ? el.getAttribute('data-value') : null;
  };
  const mode = document.querySelector('input[name=mode]:checked');
  return {counts, metrics, formulas, auc: data('#auc'), ap: data('#ap'), hash: location.hash,
          mode: mode ? mode.value : null, part: value('select#part'),
          theta_range: value('#theta-range'), theta_number: value('#theta-number'),
          d: value('#d-number'), pi: value('#pi-number'), ratio: value('#ratio-number'),
          live: (document.querySelector('#live') || {}).textContent || ''};
}"""


def hash_params(fragment: str) -> dict:
    """``#mode=data&theta=0.30`` -> {"mode": "data", "theta": "0.30"}."""
    return dict(parse_qsl(fragment.lstrip("#")))


class LabPage:
    """One guarded Chromium page showing the lab, driven through the contract's DOM hooks."""

    def __init__(self, page, guard: Guard):
        self.page = page
        self.guard = guard

    def open(self, path: Path, fragment: str = "") -> LabPage:
        """Load ``path`` (with ``#fragment``) and wait for the first full draw."""
        self.page.goto(path.as_uri() + fragment)
        self.page.wait_for_function("document.body && document.body.dataset.ready === 'yes'", timeout=TIMEOUT_MS)
        return self

    def go(self, fragment: str) -> LabPage:
        """Set ``location.hash`` in the open page (a link to the lab's own state) and wait for its redraw."""
        script = ("(fragment) => new Promise((resolve) => {"
                  " window.addEventListener('hashchange', () => resolve(), {once: true}); location.hash = fragment; })")
        # This listener runs after the page's own (added at start-up), so the page has redrawn when it resolves.
        self.page.evaluate(script, fragment)
        return self

    def read(self) -> dict:
        """Counts (ints), metrics (floats), AUC, AP, the controls' values and the hash's parameters.

        A count or metric shown in several places must read the same everywhere.
        """
        return self._parse(self.page.evaluate(READ_PAGE))

    @staticmethod
    def _parse(raw: dict) -> dict:
        for group in ("counts", "metrics"):
            for key, texts in raw[group].items():
                assert len(set(texts)) == 1, f"[data-{group[:-1]}={key}] disagrees with itself: {texts}"
                raw[group][key] = texts[0]
        raw["counts"] = {key: int(text) for key, text in raw["counts"].items()}
        raw["metrics"] = {key: float(text) for key, text in raw["metrics"].items()}
        raw["params"] = hash_params(raw["hash"])
        return raw

    def sweep(self, step: int = 1) -> dict[int, dict]:
        """{k: reading} after committing θ = k/100 (k = 0, step, ..., and 100) in the number box, all in one script.

        Each θ is typed and committed as a user's Enter does (value, then a change event).
        """
        script = ("([ks, read]) => { read = eval(read); const box = document.querySelector('#theta-number');"
                  " return ks.map((k) => { box.value = (k / 100).toFixed(2);"
                  " box.dispatchEvent(new Event('change', {bubbles: true})); return read(); }); }")
        ks = sorted({*range(0, 101, step), 100})
        rows = self.page.evaluate(script, [ks, READ_PAGE])
        return {k: self._parse(raw) for k, raw in zip(ks, rows, strict=True)}

    def wait_for_param(self, name: str, value: float | str) -> None:
        """Wait until the hash's ``name`` reads ``value`` (numbers compared as numbers)."""
        script = ("([name, value]) => { const got = new URLSearchParams(location.hash.slice(1)).get(name);"
                  " return got !== null && (typeof value === 'number' ? Number(got) === value : got === value); }")
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_function(script, arg=[name, value], timeout=TIMEOUT_MS)
        except PlaywrightTimeout as error:  # a clearer message than Playwright's
            raise AssertionError(f"the hash never showed {name}={value}; it is {self.page.evaluate('location.hash')!r}"
                                 ) from error

    def enter(self, selector: str, value: float | str) -> None:
        """Type ``value`` into a number box and press Enter."""
        box = self.page.locator(selector)
        box.fill(str(value))
        box.press("Enter")

    def set_theta(self, theta: float) -> None:
        """Move θ with the number box (fill + Enter)."""
        self.enter("#theta-number", f"{theta:.2f}")
        self.wait_for_param("theta", theta)

    def press_on(self, selector: str, *keys: str) -> None:
        """Focus ``selector`` and press ``keys`` one after the other."""
        self.page.locator(selector).focus()
        for key in keys:
            self.page.keyboard.press(key)

    def binormal(self, d: float, prevalence: float, ratio: float) -> None:
        """Switch to the binormal mode and set d, π and the cost ratio with their number boxes (those that differ)."""
        if self.page.evaluate("document.querySelector('input[name=mode]:checked').value") != "binormal":
            self.page.locator("input[name=mode][value=binormal]").check()
            self.wait_for_param("mode", "binormal")
        for selector, name, value in (("#d-number", "d", d), ("#pi-number", "pi", prevalence),
                                      ("#ratio-number", "ratio", ratio)):
            if float(self.page.locator(selector).input_value()) != value:
                self.enter(selector, value)
                self.wait_for_param(name, float(value))


class Guard:
    """Aborts every request that is not ``file:`` or ``data:`` and records it, with console and page errors."""

    def __init__(self):
        self.aborted: list[str] = []
        self.errors: list[str] = []

    def watch(self, page) -> None:
        page.route("**/*", self._route)
        page.on("console", lambda message: message.type == "error" and self.errors.append(
            f"console.error: {message.text} ({message.location.get('url', '')}:{message.location.get('lineNumber')})"))
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))

    def _route(self, route) -> None:
        url = route.request.url
        if url.startswith(("file:", "data:")):
            route.continue_()
        else:
            self.aborted.append(url)
            route.abort()

    def check(self) -> None:
        assert not self.aborted, f"the page asked the network for {self.aborted}"
        assert not self.errors, "\n".join(self.errors)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).is_file():
        pytest.skip(f"Debian's chromium is needed at {CHROMIUM}; `make setup` installs it")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def open_page(browser):
    """``open_page(width=1280, height=900)`` -> (page, guard); every page is checked at teardown."""
    opened = []

    def make(width: int = 1280, height: int = 900):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        guard = Guard()
        guard.watch(page)
        opened.append((context, guard))
        return page, guard

    yield make
    for context, _ in opened:
        context.close()
    for _, guard in opened:
        guard.check()


@pytest.fixture
def new_lab(open_page):
    """``new_lab(width=1280, height=900)`` -> a fresh guarded :class:`LabPage` (a new browser context)."""
    return lambda width=1280, height=900: LabPage(*open_page(width, height))


@pytest.fixture
def lab(new_lab) -> LabPage:
    """A fresh guarded page at 1280 x 900 to open a lab in."""
    return new_lab()


def _page_missing() -> str | None:
    try:
        import umbral.scenes.publish.lab_page  # noqa: F401
    except ModuleNotFoundError as error:
        return f"the page is not written yet ({error.name} is missing): nothing to drive"
    from umbral.cli import cli

    if "lab" not in cli.commands:
        return "render.py has no `lab` command yet"
    return None


@pytest.fixture(scope="session")
def lab_files(tmp_path_factory) -> dict:
    """{(dataset, lang): OUT/<dataset>/<lang>/lab.html}, written by ``umbral lab --data D --lang en,es --out OUT``."""
    reason = _page_missing()
    if reason:
        pytest.skip(reason)
    out = tmp_path_factory.mktemp("lab-out")
    # One process per dataset, run side by side: screening8 fits its models.
    runs = {name: subprocess.Popen([sys.executable, "render.py", "lab", "--data", name, "--lang", ",".join(LANGS),
                                    "--out", str(out)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True) for name in DATASETS}
    for name, run in runs.items():
        stdout, stderr = run.communicate(timeout=HANG_SECONDS)
        assert run.returncode == 0, f"umbral lab --data {name} failed:\n{stdout}\n{stderr}"
    files = {(name, lang): out / name / lang / "lab.html" for name in DATASETS for lang in LANGS}
    missing = [str(path) for path in files.values() if not path.is_file()]
    assert not missing, f"umbral lab did not write {missing}"
    return files


@functools.cache
def cli_report(*args: str) -> dict:
    """``umbral report ARGS --json``, run in-process (the same code path as the command line)."""
    from click.testing import CliRunner

    from umbral.cli import cli

    result = CliRunner().invoke(cli, ["report", *args, "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def page_numbers_from_report(report: dict, ratio: float) -> dict:
    """What the page must show for ``report``: the four counts and the nine metrics (cost = ratio·FN + FP)."""
    expected = {key: report[key] for key in COUNTS}
    expected.update({key: report[key] for key in METRICS if key != "cost"})
    expected["cost"] = ratio * report["fn"] + report["fp"]
    return expected


@pytest.fixture(scope="session")
def data_report():
    """``data_report(dataset, theta, ratio=10, model=None, split=None)`` -> the page's numbers per `umbral report`."""

    def numbers(dataset: str, theta: float, ratio: float = 10.0, model: str | None = None,
                split: str | None = None) -> dict:
        args = ["--data", dataset, "--threshold", repr(theta), "--cost-fn", repr(ratio), "--cost-fp", "1",
                "--resamples", "1"]
        if model:
            args += ["--model", model, "--split", split]
        report = cli_report(*args)
        return {**page_numbers_from_report(report, ratio), "auc": report["auc"], "ap": report["average_precision"]}

    return numbers


@pytest.fixture(scope="session")
def reveal_dist() -> Path:
    for candidate in REVEAL_DIST_CANDIDATES:
        if candidate and (Path(candidate) / "reveal.js").is_file():
            return Path(candidate)
    pytest.skip("reveal.js 5.2.1 is not here: run the Makefile's step (npm pack reveal.js@5.2.1 into "
                ".venv/reveal.js) or point UMBRAL_REVEAL_DIST at an unpacked package/dist")


def assert_numbers(shown: dict, expected: dict, tolerance: float, where: str) -> None:
    """Counts exact, metrics, AUC and AP within ``tolerance``; one message listing every difference."""
    wrong = []
    for key in COUNTS:
        if shown["counts"].get(key) != expected[key]:
            wrong.append(f"[data-count={key}] shows {shown['counts'].get(key)}, expected {expected[key]}")
    for key in METRICS:
        got = shown["metrics"].get(key)
        if got is None or abs(got - expected[key]) > tolerance:
            wrong.append(f"[data-metric={key}] data-value {got}, expected {expected[key]!r}")
    for key in ("auc", "ap"):
        got = None if shown[key] is None else float(shown[key])
        if got is None or abs(got - expected[key]) > tolerance:
            wrong.append(f"#{key} data-value {shown[key]}, expected {expected[key]!r}")
    assert not wrong, f"{where}:\n  " + "\n  ".join(wrong)


@pytest.fixture(scope="session")
def check_numbers():
    return assert_numbers


@functools.cache
def _study(dataset: str):
    from umbral.data.request import load_request
    from umbral.scenes.publish.requests import LabRequest, build

    return load_request(build(LabRequest, {"data": dataset}))[0]


@pytest.fixture(scope="session")
def part_report():
    """``part_report(dataset, model, split, theta, ratio=10)``: `umbral report --model M --split S` in-process.

    The command's own functions (load_request, study.select, dataset_report) with the study
    loaded once, since building screening8 takes seconds and the command would rebuild it each time.
    """
    from umbral.metrics.published import dataset_report

    def numbers(dataset: str, model: str, split: str, theta: float, ratio: float = 10.0) -> dict:
        report, _ = dataset_report(_study(dataset).select(model, split), theta, ratio, 1.0)
        return {**page_numbers_from_report(report, ratio), "auc": report["auc"], "ap": report["average_precision"]}

    return numbers


@pytest.fixture(scope="session")
def study_of():
    return _study


@pytest.fixture(scope="session")
def binormal_expected():
    """``binormal_expected(theta, d, prevalence, ratio)``: the page's numbers per :mod:`metrics.binormal`."""
    from umbral.metrics.binormal import binormal_auc, binormal_average_precision, binormal_metrics

    def numbers(theta: float, d: float, prevalence: float, ratio: float) -> dict:
        return {**binormal_metrics(theta, d, prevalence, ratio), "auc": binormal_auc(d),
                "ap": binormal_average_precision(d, prevalence)}

    return numbers


@pytest.fixture(scope="session")
def report_min_cost():
    """``report_min_cost(dataset, ratio)``: thresholds.min_expected_cost of
    ``umbral report --grid-step 0.01 --cost-fn RATIO --cost-fp 1 --json``."""

    def theta(dataset: str, ratio: float) -> float:
        report = cli_report("--data", dataset, "--grid-step", "0.01", "--cost-fn", repr(float(ratio)), "--cost-fp", "1",
                            "--resamples", "1")
        return report["thresholds"]["min_expected_cost"]

    return theta
