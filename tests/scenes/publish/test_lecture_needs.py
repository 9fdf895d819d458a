"""The lecture skips scenes whose data is missing, says why, and refuses them when named."""

from __future__ import annotations

import pytest

from umbral.data import DataError, load_study
from umbral.metrics.compare import ChoiceSettings
from umbral.scenes.facts import facts_for
from umbral.scenes.publish.plan import Job, LectureRequest, job_options, plan_jobs
from umbral.scenes.publish.progress import LineDisplay
from umbral.scenes.publish.registry import LECTURE_ORDER, NEEDS, unmet_need
from umbral.scenes.publish.render_run import Lecture, dataset_summary
from umbral.scenes.publish.runner import RenderOptions

SCENES = ("CostThreshold", "ModelsCompared", "HonestThreshold", "Calibration")


def _lecture(tmp_path, known: dict, explicit: bool = False):
    lines = []
    request = LectureRequest(scenes=SCENES, langs=("en",), formats=("mp4",),
                             options=RenderOptions(out_dir=tmp_path / "out"), data_kwargs={"source": "clinic20"},
                             choice=ChoiceSettings(), explicit=explicit)
    lecture = Lecture(request, LineDisplay(echo=lines.append))
    lecture.known = known
    return lecture, plan_jobs(request), lines


def test_the_new_scenes_follow_cost_threshold():
    order = list(LECTURE_ORDER)
    assert order[order.index("CostThreshold") + 1: order.index("CostThreshold") + 4] == [
        "ModelsCompared", "HonestThreshold", "Calibration"]
    assert set(NEEDS) == {"ModelsCompared", "HonestThreshold", "Calibration"}


def test_single_model_single_split_data_skips_both_with_a_reason(tmp_path):
    lecture, jobs, lines = _lecture(tmp_path, {"models": 1, "honest_choice": False})
    assert [job.scene for job in lecture.drop_unmet(jobs)] == ["CostThreshold"]
    assert any("skipped ModelsCompared: it needs scores of two or more models" in line for line in lines)
    assert any("skipped HonestThreshold: it needs a split to choose θ on" in line for line in lines)
    assert any("skipped Calibration: it needs a split to recalibrate the scores on" in line for line in lines)
    assert sum("skipped" in line for line in lines) == 3  # once per scene, not per job


def test_splits_without_several_models_keep_the_honest_scene(tmp_path):
    lecture, jobs, _ = _lecture(tmp_path, {"models": 1, "honest_choice": True})
    assert [job.scene for job in lecture.drop_unmet(jobs)] == ["CostThreshold", "HonestThreshold", "Calibration"]


def test_a_named_scene_without_its_data_is_an_error(tmp_path):
    lecture, jobs, _ = _lecture(tmp_path, {"models": 1, "honest_choice": False}, explicit=True)
    with pytest.raises(DataError, match="cannot render ModelsCompared"):
        lecture.drop_unmet(jobs)


def test_summaries_say_what_the_data_can_feed():
    study = load_study("screening8")
    summary = dataset_summary(facts_for(study.select(), study=study))
    assert (summary["models"], summary["honest_choice"], summary["model"], summary["split"]) == (
        2, True, "logistic", "test")
    assert all(unmet_need(scene, summary) is None for scene in NEEDS)
    single = dataset_summary(facts_for(load_study("clinic20").select()))
    assert (single["models"], single["honest_choice"]) == (1, False)


def test_choice_settings_shape_only_the_scenes_that_use_them(tmp_path):
    lecture, _, _ = _lecture(tmp_path, {})
    request = lecture.request
    assert job_options(request, Job("HonestThreshold", "en", "mp4"))["choice"] == repr(ChoiceSettings())
    assert job_options(request, Job("ThresholdSweep", "en", "mp4"))["choice"] is None
