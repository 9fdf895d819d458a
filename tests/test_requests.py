"""One typed request per command, from three doors: click flags, a toml file and Python keywords.

The same options give equal request objects at every door; a bad value is one line naming the
option as it was written there (``--cost-fn``, ``cost_fn=``, ``cost_fn`` with its file and line).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import numpy as np
import pytest
from click.testing import CliRunner

import umbral
from umbral.cli import cli
from umbral.scenes.publish import requests
from umbral.scenes.publish.batch import read_course
from umbral.scenes.publish.config import ConfigError, read_config
from umbral.scenes.publish.requests import CLI, PYTHON, RenderRequest, ReportRequest, build

ROOT = Path(__file__).resolve().parents[1]
BUILD_REQUEST = __import__("umbral.cli").cli.build_request

FLAGS = ["--data", "clinic20", "--lang", "en,es", "--format", "mp4,gif", "--cost-fn", "5", "--resolution", "320x180",
         "--positive-name", "diabetics", "--positive-name", "es=diabéticos", "--no-subtitles", "--jobs", "2",
         "--model-name", "model=logistic", "--rule", "max_f1"]
TOML = """data = "clinic20"
lang = ["en", "es"]
format = ["mp4", "gif"]
cost_fn = 5
resolution = "320x180"
positive_name = { en = "diabetics", es = "diabéticos" }
subtitles = false
jobs = 2
model_name = ["model=logistic"]
rule = "max_f1"
"""
KEYWORDS = dict(data="clinic20", lang=["en", "es"], format="mp4,gif", cost_fn=5, resolution="320x180",
                positive_name={"en": "diabetics", "es": "diabéticos"}, subtitles=False, jobs=2,
                model_name="model=logistic", rule="max_f1")


def _from_flags(request_type, command: str, argv: list[str], monkeypatch):
    """The request the command builds from ``argv`` (its work replaced by catching the request)."""
    from umbral import cli as cli_module

    caught = {}
    real = BUILD_REQUEST

    def catch(kind, given):
        caught["request"] = real(kind, given)
        raise SystemExit(0)

    monkeypatch.setattr(cli_module, "build_request", catch)
    result = CliRunner().invoke(cli, [command, *argv])
    assert result.exit_code == 0, result.output
    return caught["request"]


def test_flags_a_toml_and_keywords_give_equal_requests(tmp_path, monkeypatch):
    flags = _from_flags(RenderRequest, "render", FLAGS, monkeypatch)
    path = tmp_path / "umbral.toml"
    path.write_text(TOML, encoding="utf-8")
    config = read_config(path)
    from_toml = build(RenderRequest, {}, CLI, under=(config.options(RenderRequest),))
    keywords = build(RenderRequest, KEYWORDS)
    assert flags == from_toml == keywords
    assert flags.lang == ("en", "es") and flags.cost_fn == 5.0 and flags.subtitles is False
    assert flags.positive_name == {"en": "diabetics", "es": "diabéticos"} and flags.model_name == {"model": "logistic"}
    # Flags override the file, option by option.
    monkeypatch.chdir(tmp_path)
    over = _from_flags(RenderRequest, "render", ["--cost-fn", "7"], monkeypatch)
    assert over.cost_fn == 7.0 and over.lang == ("en", "es") and over.rule == "max_f1"


def test_every_request_type_takes_only_declared_options():
    for kind in (requests.ReportRequest, requests.TraceRequest, requests.ScoresRequest, requests.RenderRequest,
                 requests.StillRequest, requests.SlidesRequest, requests.LabRequest, requests.BatchRequest):
        assert set(requests.option_names(kind)) <= set(requests.OPTIONS), kind
        with pytest.raises(umbral.DataError, match="takes no option 'colour'"):
            build(kind, {"colour": "red"})


BAD = [  # (option, a bad value, what the message says)
    ("cost_fn", "abc", "must be a number"),
    ("threshold", "2", "must be in [0, 1]"),
    ("rule", "best", "choose one of min_cost, max_f1"),
    ("resamples", "1.5", "must be a whole number"),
]


@pytest.mark.parametrize(("option", "value", "says"), BAD)
def test_each_door_names_the_option_as_written_there(option, value, says, tmp_path):
    flag = "--" + option.replace("_", "-")
    result = CliRunner().invoke(cli, ["report", "--data", "clinic20", flag, value])
    assert result.exit_code == 2
    assert result.output.startswith(f"error: {flag} '{value}': {says}") and result.output.count("\n") == 1

    lecture = umbral.Lecture.from_predictions([0, 1, 1, 0], [0.2, 0.9, 0.6, 0.4])
    with pytest.raises(umbral.DataError) as caught:
        lecture.report(**{option: value})
    assert str(caught.value).startswith(f"{option}='{value}': {says}") and "--" not in str(caught.value)

    path = tmp_path / "umbral.toml"
    path.write_text(f'data = "clinic20"\n\n{option} = "{value}"\n', encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        read_config(path)
    assert str(caught.value).startswith(f'{path}:3: {option} = "{value}": {says}')


def test_a_course_file_names_the_line_of_a_bad_value_in_a_dataset(tmp_path):
    course = tmp_path / "course.toml"
    course.write_text('datasets = [\n  "clinic20",\n  { data = "screening", cost_fn = "ten" },\n]\n',
                      encoding="utf-8")
    with pytest.raises(ConfigError, match=r"course.toml:3: cost_fn = \"ten\": must be a number"):
        read_course(course)
    course.write_text('datasets = ["clinic20"]\nformat = "mp5"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r'course.toml:2: format = "mp5": choose from mp4, gif'):
        read_course(course)
    for key, value, says in (("lang", '"xx"', "choose from en, es"), ("resolution", '"big"', "is not WIDTHxHEIGHT"),
                             ("cost_fp", "-1", "must be >= 0")):
        course.write_text(f'datasets = ["clinic20"]\n{key} = {value}\n', encoding="utf-8")
        with pytest.raises(ConfigError) as caught:
            read_course(course)
        assert str(caught.value).startswith(f"{course}:2: {key} = {value}: {says}"), str(caught.value)
        assert "--" not in str(caught.value)


def test_combinations_are_checked_once_and_named_at_each_door():
    with pytest.raises(umbral.DataError, match=r"^--transparent needs --format webm or --format mov"):
        build(RenderRequest, {"transparent": True}, CLI)
    with pytest.raises(umbral.DataError, match=r"^transparent=True needs format=webm or format=mov"):
        build(RenderRequest, {"transparent": True}, PYTHON)
    with pytest.raises(umbral.DataError, match=r"^cost_fn= and cost_fp= are both 0"):
        build(ReportRequest, {"cost_fn": 0, "cost_fp": 0})


def test_data_errors_name_the_option_at_the_door_that_asked(tmp_path):
    scores = tmp_path / "scores.csv"
    scores.write_text("y_true,y_score\n0,0.5\n1,3.0\n0,-1\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["report", "--data", str(scores)])
    assert result.exit_code == 2 and "pass --rescale minmax or --rescale sigmoid" in result.output
    lecture = umbral.Lecture.from_predictions([0, 1, 1], [0.2, 0.9, 0.6])
    with pytest.raises(umbral.DataError) as caught:
        lecture.report(model="nope")
    assert str(caught.value).startswith("model=nope: there is no model 'nope'")
    with pytest.raises(umbral.DataError, match=r"^data= reads data; this lecture already holds its scores"):
        lecture.report(data="clinic20")


@pytest.mark.parametrize("call", [
    lambda: umbral.Lecture.from_predictions([], []),
    lambda: umbral.Lecture.from_predictions(np.array([]), np.array([])),
    lambda: umbral.Lecture.from_predictions([], {"a": []}),
    lambda: umbral.Lecture.from_predictions([0, 1], [0.2, 0.8]).report(lang=[]),
    lambda: umbral.Lecture.from_predictions([0, 1], [0.2, 0.8]).render(lang=""),
    lambda: umbral.Lecture.from_predictions([0, 1], [0.2, 0.8]).render(format=[]),
    lambda: umbral.Lecture.from_predictions([0, 1], [0.2, 0.8]).still("ThresholdSweep", 0.3, at=[]),
])
def test_empty_input_in_python_is_one_line(call):
    with pytest.raises(umbral.DataError) as caught:
        call()
    assert "\n" not in str(caught.value) and caught.value.__suppress_context__


def test_empty_input_on_the_command_line_and_in_a_toml_is_one_line(tmp_path):
    empty = tmp_path / "empty.csv"
    empty.write_text("", encoding="utf-8")
    for argv in (["report", "--data", str(empty)], ["render", "--lang", ""], ["render", "--format", ","],
                 ["render", "--at", ""], ["report", "--data", ""]):
        result = CliRunner().invoke(cli, argv)
        assert result.exit_code == 2 and result.output.startswith("error: ") and result.output.count("\n") == 1, (
            argv, result.output)
    config = tmp_path / "umbral.toml"
    for text in ('lang = []\n', 'score_col = []\n', 'data = ""\n'):
        config.write_text(text, encoding="utf-8")
        with pytest.raises((ConfigError, umbral.DataError)) as caught:
            read_config(config)
            build(ReportRequest, {}, CLI, under=(read_config(config).options(ReportRequest),))
        assert "\n" not in str(caught.value)


def test_the_notebook_never_calls_click(monkeypatch, tmp_path):
    """report, and the request behind every other method, with click's parsing made to raise."""
    def refuse(*args, **kwargs):
        raise AssertionError("click parsed something on the notebook's path")

    for target in (click.Command, click.Group):
        monkeypatch.setattr(target, "make_context", refuse)
        monkeypatch.setattr(target, "parse_args", refuse)
    monkeypatch.setattr(click.Parameter, "process_value", refuse)
    lecture = umbral.Lecture.from_predictions([0, 1, 1, 0, 1, 0], [0.2, 0.9, 0.6, 0.4, 0.7, 0.1])
    assert lecture.report(cost_fn=5).to_dict()["thresholds"]["cost_ratio"] == pytest.approx(1 / 6)
    page = lecture.lab(out=str(tmp_path / "out"))
    assert page.path.is_file()
    assert lecture._request(requests.StillRequest, {"scenes": ("ThresholdSweep",), "at": 0.3}).at == (0.3,)


def test_the_api_path_imports_no_click():
    code = ("import sys, umbral\n"
            "lecture = umbral.Lecture.from_predictions([0, 1, 1, 0], [0.2, 0.9, 0.6, 0.4])\n"
            "lecture.report(cost_fn=5)\n"
            "from umbral.scenes.publish.requests import RenderRequest\n"
            "lecture._request(RenderRequest, {'lang': 'es'})\n"
            "print('click' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
