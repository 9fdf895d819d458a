"""examples/quickstart.ipynb runs headless (nbclient, ipykernel) and shows what it promises, with true numbers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.ceilings import HANG_SECONDS
from umbral.cli import cli

nbformat = pytest.importorskip("nbformat", reason="the notebook test needs nbformat (pip install -e '.[test]')")
nbclient = pytest.importorskip("nbclient", reason="the notebook test needs nbclient (pip install -e '.[test]')")
pytest.importorskip("ipykernel", reason="the notebook test needs ipykernel (pip install -e '.[test]')")

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "examples" / "quickstart.ipynb"

#: Appended by the test only: scikit-learn's own numbers for the report's model and split.
CHECK = """
import json
import numpy as np
from sklearn.metrics import confusion_matrix, roc_auc_score
proba = logistic.predict_proba(X_test)[:, 1]
tn, fp, fn, tp = confusion_matrix(y_test, proba >= 0.5).ravel()
print(json.dumps({"report": report.to_dict(), "auc": roc_auc_score(y_test, proba),
                  "counts": [int(tp), int(fp), int(fn), int(tn)]}))
"""


#: The frame the test gives the notebook's pictures (its own settings kept: quality="low", hence 15 fps, plays
#: every beat as a lecturer's run would). Drawing 854x480 or 1280x720 pixels was most of the run, and what they
#: look like is the scene tests' concern; here, that each cell runs and shows its video, still and lab.
SMALL = ', resolution="192x108")'
PICTURE_CALL = re.compile(r"^(lecture\.(?:render|still)\(.*)\)$", re.MULTILINE)


def smaller_pictures(notebook) -> None:
    """Give each ``lecture.render(...)`` and ``lecture.still(...)`` line the test's small frame."""
    calls = 0
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.source, found = PICTURE_CALL.subn(lambda match: match.group(1) + SMALL, cell.source)
            calls += found
    assert calls == 2, "the notebook's render and still calls changed: update smaller_pictures()"


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("notebook")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    smaller_pictures(notebook)
    notebook.cells.append(nbformat.v4.new_code_cell(CHECK))
    # Ceilings only, for a hang: nbclient's defaults (60 s for the kernel to start, then 4 s for a cell's last
    # outputs after its reply, dropped with a warning past that) are short for a loaded 2-core machine, where
    # a cell's video arrives as megabytes of base64.
    client = nbclient.NotebookClient(notebook, timeout=HANG_SECONDS, startup_timeout=HANG_SECONDS,
                                     iopub_timeout=HANG_SECONDS, raise_on_iopub_timeout=True, kernel_name="python3",
                                     resources={"metadata": {"path": str(folder)}})
    client.execute()
    return notebook, folder


def outputs(notebook, key: str) -> list[str]:
    return [str(output.get("data", {}).get(key, "")) for cell in notebook.cells if cell.cell_type == "code"
            for output in cell.get("outputs", [])]


def test_no_cell_fails_and_a_video_a_still_and_the_lab_are_shown(executed):
    notebook, _ = executed
    errors = [output for cell in notebook.cells for output in cell.get("outputs", [])
              if output.get("output_type") == "error"]
    assert errors == []
    html = "\n".join(outputs(notebook, "text/html"))
    assert html.count("<video controls") == 2 and '<track kind="subtitles"' in html
    assert "<iframe srcdoc=" in html and "<table" in html
    assert any(outputs(notebook, "image/png"))


def test_the_report_is_scikit_learns_and_the_command_lines(executed):
    notebook, folder = executed
    # The kernel may send one print() as several stream messages (under load, "…}" and "\n" apart).
    printed = "".join(output.get("text", "") for output in notebook.cells[-1].outputs
                      if output.get("output_type") == "stream" and output.get("name") == "stdout")
    checked = json.loads(printed.strip().splitlines()[-1])
    report = checked["report"]
    assert report["auc"] == pytest.approx(checked["auc"], abs=1e-12)
    assert [report[key] for key in ("tp", "fp", "fn", "tn")] == checked["counts"]
    # The notebook rendered from its scores in memory: no file was written for them.
    assert list(folder.glob("out/*/scores.json")) == []
    # The scores the notebook exported (to_scores), exported again with `umbral scores`, report the same.
    scores = folder / "breast-cancer-scores.csv"
    again = folder / "again.json"
    exported = CliRunner().invoke(cli, ["scores", "--data", str(scores), "--out", str(again)])
    assert exported.exit_code == 0, exported.output
    reported = CliRunner().invoke(cli, ["report", "--json", "--data", str(again), "--cost-fn", "10", "--cost-fp", "1"])
    assert reported.exit_code == 0, reported.output
    read_back = json.loads(reported.stdout)
    assert read_back.pop("read_rows")["rows"] == len(json.loads(again.read_text())["y_true"])
    assert report.pop("read_rows")["text"].startswith("from arrays: ")
    assert read_back == report
