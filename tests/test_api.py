"""The Python API: Lecture.from_predictions / from_estimator(s), report, to_scores, render, still, lab."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, roc_auc_score
from sklearn.svm import LinearSVC

import umbral
from tests.ceilings import HANG_SECONDS
from umbral.cli import cli


def cli_report(*args) -> dict:
    result = CliRunner().invoke(cli, ["report", "--json", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.fixture(scope="module")
def toy():
    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 300)
    return y, np.clip(0.35 * y + 0.65 * rng.random(300), 0, 1), rng.random(300)


@pytest.fixture(scope="module")
def fitted(toy):
    y, s, _ = toy
    X = np.column_stack([s, np.random.default_rng(1).random(300)])
    return LogisticRegression().fit(X[:100], y[:100]), X, y


def test_from_predictions_takes_arrays_lists_and_series(toy):
    y, s, _ = toy
    reports = [umbral.Lecture.from_predictions(a, b).report().to_dict()
               for a, b in ((y, s), (list(y), list(s)), (pd.Series(y), pd.Series(s)))]
    assert reports[0] == reports[1] == reports[2]
    assert reports[0]["auc"] == pytest.approx(roc_auc_score(y, s), abs=1e-12)
    tn, fp, fn, tp = confusion_matrix(y, s >= 0.5).ravel()
    assert (reports[0]["tp"], reports[0]["fp"], reports[0]["fn"], reports[0]["tn"]) == (tp, fp, fn, tn)


def test_models_and_splits_three_ways_give_one_study(toy):
    y, s, t = toy
    split = np.where(np.arange(300) < 150, "validation", "test")
    by_column = umbral.Lecture.from_predictions(y, {"a": s, "b": t}, split=split)
    by_dict = umbral.Lecture.from_predictions(splits={"validation": (y[:150], {"a": s[:150], "b": t[:150]}),
                                                      "test": (y[150:], {"a": s[150:], "b": t[150:]})})
    long = umbral.Lecture.from_predictions(np.r_[y, y], np.r_[s, t], split=np.r_[split, split],
                                           model=["a"] * 300 + ["b"] * 300)
    for lecture in (by_column, by_dict, long):
        assert lecture.study.models == ("a", "b") and lecture.study.splits == ("validation", "test")
    options = dict(cost_fn=10, cost_fp=1, model="b")
    reports = [lecture.report(**options).to_dict() for lecture in (by_column, by_dict, long)]
    # Each says what it read: 300 cases in columns, 600 rows in the long table (one per model and case).
    assert [report.pop("read_rows")["rows"] for report in reports] == [300, 300, 600]
    assert reports[0] == reports[1] == reports[2]
    assert by_column.report().to_dict()["choice"]["choose_on"] == "validation"


def test_report_equals_the_command_line_on_the_exported_scores(toy, tmp_path):
    y, s, t = toy
    lecture = umbral.Lecture.from_predictions(y, {"a": s, "b": t}, split=np.where(np.arange(300) % 3, "test",
                                                                                   "validation"))
    options = dict(threshold=0.3, cost_fn=5, cost_fp=1, rule="min_cost", grid_step="0.01")
    for suffix in ("json", "csv", "parquet"):
        path = lecture.to_scores(tmp_path / f"scores.{suffix}")
        from_file = cli_report("--data", str(path), "--threshold", "0.3", "--cost-fn", "5", "--cost-fp", "1",
                               "--rule", "min_cost", "--grid-step", "0.01")
        from_file.pop("read_as", None)  # a text table says how it was read
        from_arrays = lecture.report(**options).to_dict()
        assert list(from_arrays) == [key for key in from_file], suffix  # key by key, in order
        # Each says how many rows it read: 300 x 2 models in the long file, 300 cases of the arrays.
        assert from_file.pop("read_rows")["rows"] == 600
        assert from_arrays.pop("read_rows") == {"rows": 300, "lines": None, "text": "from arrays: 300 rows"}
        assert from_arrays == from_file, suffix
        again = umbral.Lecture.from_predictions(y, {"a": s, "b": t})  # not the same: no splits
        assert again.report().to_dict() != from_file


def test_the_report_shows_as_a_table_and_as_text(toy):
    report = umbral.Lecture.from_predictions(*toy[:2], name="logistic").report()
    assert report.to_frame().loc["auc", "value"] == report.to_dict()["auc"]
    assert "<table" in report._repr_html_() and "Verified against scikit-learn: yes" in str(report)


def test_from_estimator_uses_predict_proba_of_the_positive_class(fitted):
    model, X, y = fitted
    lecture = umbral.Lecture.from_estimator(model, X, y)
    assert lecture.study.models == ("LogisticRegression",)
    assert lecture.report().to_dict()["auc"] == pytest.approx(roc_auc_score(y, model.predict_proba(X)[:, 1]))
    flipped = umbral.Lecture.from_estimator(model, X, y, pos_label=0, name="lr")
    assert flipped.report().to_dict()["auc"] == pytest.approx(roc_auc_score(1 - y, model.predict_proba(X)[:, 0]))


def test_from_estimators_builds_the_honest_lesson(fitted):
    model, X, y = fitted
    lecture = umbral.Lecture.from_estimators({"lr": model, "lr2": model}, validation=(X[100:200], y[100:200]),
                                             test=(X[200:], y[200:]))
    assert lecture.study.splits == ("validation", "test") and lecture.study.models == ("lr", "lr2")
    choice = lecture.report(cost_fn=10, cost_fp=1).to_dict()["choice"]
    assert (choice["choose_on"], choice["report_on"]) == ("validation", "test")


@pytest.mark.parametrize("call, message", [
    (lambda t: umbral.Lecture.from_predictions([0, 1, 2], [0.1, 0.5, 0.9]), "3 different labels"),
    (lambda t: umbral.Lecture.from_predictions([0, 1], [0.1, 1.5]), "1.5"),
    (lambda t: umbral.Lecture.from_predictions([0, 1, 1], [0.1, 0.5]), "give one label per score"),
    (lambda t: umbral.Lecture.from_predictions([0, 1], np.array([[0.9, 0.1], [0.2, 0.8]])), "proba[:, 1]"),
    (lambda t: umbral.Lecture.from_predictions([0, 1], {"a": [0.1, 0.9]}, name="x"), "drop name="),
    (lambda t: umbral.Lecture.from_predictions(*t[:2]).report(threshold=2), "threshold"),
    (lambda t: umbral.Lecture.from_predictions(*t[:2]).report(colour="red"), "takes no option 'colour'"),
    (lambda t: umbral.Lecture.from_predictions(*t[:2]).report(rule="best"), "rule"),
    (lambda t: umbral.Lecture.from_predictions(*t[:2]).to_scores("x.txt"), ".json, .csv or .parquet"),
    (lambda t: umbral.Lecture.from_estimator(LinearSVC().fit([[0], [1]], [0, 1]), [[0]], [0]),
     "CalibratedClassifierCV"),
    (lambda t: umbral.Lecture.from_estimator(LogisticRegression(), [[0]], [0]), "not fitted"),
])
def test_bad_input_is_one_line_data_error(call, message, toy):
    with pytest.raises(umbral.DataError) as caught:
        call(toy)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert isinstance(caught.value, ValueError) and caught.value.__cause__ is None
    assert caught.value.__suppress_context__


#: numpydoc checks the public API may skip: an extended summary, See Also, and an example on every name.
OPTIONAL_SECTIONS = {"ES01", "SA01", "EX01"}


def public_callables():
    """Every public name of ``umbral`` and its public methods, as numpydoc's dotted names."""
    for name in umbral.__all__:
        public = getattr(umbral, name)
        yield f"{public.__module__}.{name}"
        for attribute, value in vars(public).items():
            if (attribute == "__init__" or not attribute.startswith("_")) and (
                    callable(value) or isinstance(value, classmethod | staticmethod | property)):
                yield f"{public.__module__}.{name}.{attribute}"


def test_public_names_are_listed_and_documented():
    from numpydoc.validate import validate

    assert {"Lecture", "DataError", "Report", "Videos", "Still", "LabPage"} <= set(umbral.__all__)
    names = list(public_callables())
    assert "umbral.lecture.Lecture.from_estimators" in names and "umbral.shown.LabPage.save" in names
    for name in names:
        errors = [f"{code} {message}" for code, message in validate(name)["errors"] if code not in OPTIONAL_SECTIONS]
        assert not errors, (name, errors)
    with pytest.raises(AttributeError):
        umbral.Lectur  # noqa: B018


def test_the_docstring_check_sees_an_undocumented_parameter():
    from numpydoc.validate import validate

    def lab(out, lang):
        """The lab.

        Parameters
        ----------
        out : str
            Where.

        Returns
        -------
        str
            The page.
        """

    lab.__module__, lab.__qualname__ = __name__, "lab"
    globals()["lab"] = lab
    try:
        assert "PR01" in {code for code, _ in validate(f"{__name__}.lab")["errors"]}
    finally:
        del globals()["lab"]


RENDER_TWICE = """
import json, sys, time
import click
import numpy as np
import manim
import umbral

def refuse(*args, **kwargs):  # the notebook's door never parses argv: click's parsing raises here
    raise AssertionError("click parsed something on the notebook's path")

for target in (click.Command, click.Group):
    target.make_context = target.parse_args = refuse
click.Parameter.process_value = refuse

# No `if __name__ == "__main__":` guard, as a lecturer's script or notebook cell: the worker
# processes must not run this file again.
print("the cell ran")
manim.config.pixel_width = 333  # the kernel's own Manim settings: untouched by umbral
manim.config.background_color = "#FF0000"
rng = np.random.default_rng(3)
y = rng.integers(0, 2, 120)
s = np.clip(0.4 * y + 0.6 * rng.random(120), 0, 1)
lecture = umbral.Lecture.from_predictions(y, s, name="logistic", title="Toy")
other = umbral.Lecture.from_predictions(y, 1 - s, name="logistic", title="Other")
# The smallest frame at a low rate: this is about the doors and the skipping, not the picture.
options = dict(quality="low", resolution="64x36", fps=2, out="out", quiet=True)
first = lecture.render("ThresholdSweep", **options)
started = time.perf_counter()
second = lecture.render("ThresholdSweep", **options)
again = time.perf_counter() - started
two = other.render("ThresholdSweep", **options)
still = lecture.still("ThresholdSweep", 0.3, resolution="192x108", out="out", quiet=True)
lab = lecture.lab(out="out")
saved = lab.save("copies/lab.html")  # a folder that does not exist yet
deck = lecture.slides("ThresholdSweep", resolution="64x36", fps=2, out="out", quiet=True)
# New scores under the same title: only the scene that reads them is drawn again.
pngs = dict(options, format="png")
lecture.render("RadarHistory", "ThresholdSweep", **pngs)
folder = first.paths[0].parent
before = {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in folder.glob("*.png")}
changed = umbral.Lecture.from_predictions(y, s ** 2, name="logistic", title="Toy")
frames = changed.render("RadarHistory", "ThresholdSweep", **pngs)
after = {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in folder.glob("*.png")}
redrawn = sorted(name for name in before if after[name] != before[name])
back = lecture.render("ThresholdSweep", **options)  # the first scores again: their video is up to date
had_scores = (first.paths[0].parent.parent / "scores.json").exists()  # a render needs no scores file
lecture.to_scores(first.paths[0].parent.parent / "scores.json")  # for the command line, below
print(json.dumps({"deck": [str(p) for p in deck], "first": [str(p) for p in first],
                  "second": [str(p) for p in second], "again": again,
                  "two": [str(p) for p in two], "html": first._repr_html_()[:4000],
                  "still": len(still._repr_png_()), "lab": lab._repr_html_()[:200],
                  "saved": [str(saved), saved.read_bytes() == lab.path.read_bytes()],
                  "config": [manim.config.pixel_width, str(manim.config.background_color)],
                  "pngs": sorted(before), "redrawn": redrawn,
                  "frames": [p.name for p in frames], "frames_html": frames._repr_html_().count("data:image/png"),
                  "back": [str(p) for p in back], "had_scores": had_scores}))
"""


def test_render_writes_what_the_cli_writes_and_skips_the_second_time(tmp_path, monkeypatch):
    script = tmp_path / "cell.py"
    script.write_text(RENDER_TWICE, encoding="utf-8")
    result = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True,
                            timeout=HANG_SECONDS)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.count("the cell ran") == 1, result.stdout
    shown = json.loads(result.stdout.strip().splitlines()[-1])
    (video,) = shown["first"]
    assert video.endswith("/en/ThresholdSweep.mp4") and shown["second"] == shown["first"]
    assert shown["two"] != shown["first"] and shown["still"] > 1000
    assert '<video controls' in shown["html"] and "data:video/mp4;base64," in shown["html"]
    assert shown["lab"].startswith("<iframe srcdoc=")
    assert shown["saved"] == ["copies/lab.html", True]
    (deck,) = shown["deck"]
    assert deck.endswith("/en/slides.html") and (tmp_path / deck).is_file()
    assert shown["config"] == [333, "#FF0000"]
    assert {"RadarHistory.png", "ThresholdSweep.png"} <= set(shown["pngs"])
    assert shown["redrawn"] == ["ThresholdSweep.png"]
    assert shown["back"] == shown["first"]
    # Several scenes, several pictures, in the order asked (the up-to-date one first here).
    assert shown["frames"] == ["RadarHistory.png", "ThresholdSweep.png"] and shown["frames_html"] == 2
    folder = (tmp_path / video).parent
    written = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert shown["had_scores"] is False
    # The command line over the scores the lecture exported finds every output up to date: the manifest
    # holds a hash of the numbers themselves, whichever door gave them.
    scores = folder.parent / "scores.json"
    monkeypatch.chdir(tmp_path)  # "out" as the cell gave it, relative to where it ran
    cli_run = CliRunner().invoke(cli, ["render", "ThresholdSweep", "--data", str(scores), "--quality", "low",
                                       "--resolution", "64x36", "--fps", "2", "--out", "out"])
    assert cli_run.exit_code == 0, cli_run.output
    assert "wrote 0 file(s), 1 output(s) already up to date" in cli_run.output
    assert json.loads((folder / "manifest.json").read_text(encoding="utf-8")) == written


@pytest.mark.parametrize("suffix", ["csv", "parquet", "json"])
def test_the_scores_command_writes_every_format_that_reads_back_to_the_same_numbers(suffix, tmp_path):
    path = tmp_path / f"s8.{suffix}"
    result = CliRunner().invoke(cli, ["scores", "--data", "screening8", "--out", str(path)], catch_exceptions=False)
    assert result.exit_code == 0 and "wrote" in result.output, result.output
    original, again = cli_report("--data", "screening8", "--model", "forest"), cli_report("--data", str(path),
                                                                                         "--model", "forest")
    again.pop("read_as", None)
    assert again.pop("read_rows")["rows"] == 6000  # 3,000 patients x 2 models, one row each
    assert again == original
    columns = set(pd.read_csv(path).columns if suffix == "csv" else pd.read_parquet(path).columns
                  if suffix == "parquet" else json.loads(path.read_text(encoding="utf-8")))
    assert {"split", "model", "y_true", "y_score"} <= columns


def test_the_scores_command_refuses_another_extension_and_writes_nothing(tmp_path):
    result = CliRunner().invoke(cli, ["scores", "--data", "screening8", "--out", str(tmp_path / "s8.xlsx")])
    assert result.exit_code == 2 and ".json, .csv or .parquet" in result.output
    assert list(tmp_path.iterdir()) == []


def test_progress_in_a_notebook_is_never_raw_escape_codes(monkeypatch):
    import importlib.util

    import rich.console

    from umbral.scenes.publish import progress

    assert isinstance(progress.notebook_display(True), progress.QuietDisplay)
    monkeypatch.setattr(rich.console, "_is_jupyter", lambda: True)  # what rich asks to know it is in Jupyter
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "ipywidgets" else real_find_spec(name, *a))
    assert isinstance(progress.notebook_display(False), progress.LineDisplay)
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: object())
    assert isinstance(progress.notebook_display(False), progress.LiveDisplay)
