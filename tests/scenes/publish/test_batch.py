"""``umbral batch``: the course file's checks, the plan, a real local batch, a failing job, a dead worker's journal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from umbral.cli import cli
from umbral.scenes.publish import manifest
from umbral.scenes.publish.cluster import journal_name
from umbral.scenes.publish.runner import atomic_target
from umbral.scenes.publish.undo import JOURNAL_PREFIX, recover, undoable

#: 2 built-in datasets x 2 languages x the 2 cheapest scenes to draw, at the smallest frame umbral renders and 1 fps.
COURSE = """\
datasets = ["clinic20", { data = "screening", seed = 7 }]
lang = ["en", "es"]
scenes = ["ScratchVsLibrary", "RocPrCurves"]
resolution = "32x18"
fps = 1
jobs = 2
out = "out"
"""
SCENES = ("ScratchVsLibrary", "RocPrCurves")


def batch(*args: str):
    return CliRunner().invoke(cli, ["batch", *args])


def course(tmp_path: Path, text: str = COURSE) -> Path:
    path = tmp_path / "course.toml"
    path.write_text(text, encoding="utf-8")
    return path


def outputs(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def without_video_hashes(files: dict[str, bytes]) -> dict[str, bytes]:
    """``files`` with each mp4's sha256 (and the poster names made from it) replaced by its name.

    An mp4 container's bytes may differ between two encodes of the same frames (its metadata), and
    manifests, the gallery and poster names carry those bytes' hash; the frames are compared apart.
    """
    import hashlib

    swaps = {}
    for name, data in files.items():
        if name.endswith(".mp4"):
            digest = hashlib.sha256(data).hexdigest()
            swaps[digest] = f"<sha256 of {name}>"
    def clean(text: str) -> str:
        for digest, label in swaps.items():
            text = text.replace(digest, label).replace(digest[:16], label)
        return text
    return {clean(name): clean(data.decode("utf-8", "surrogateescape")).encode("utf-8", "surrogateescape")
            if not name.endswith((".mp4", ".jpg", ".png", ".gif")) else data for name, data in files.items()}


def leftovers(out: Path) -> list[Path]:
    return [p for p in out.rglob("*") if p.name.endswith(".partial") or p.name.startswith(JOURNAL_PREFIX)]


@pytest.mark.parametrize(("text", "message"), [
    ('datasets = ["clinic20"]\nlang = ["en"]\nfps = "fast"\n', "course.toml:3: fps = \"fast\": must be a number"),
    ('lang = "en"\ndatasets = [\n  "clinic20",\n  { data = "screening", seed = 1.5 },\n]\n',
     "course.toml:4: seed = 1.5: must be a whole number"),
    ('datasets = ["clinic20"]\n\n[strings.en]\nclosing = "x"\n', None),
    ('datasets = ["clinic20"]\ntarget = "Outcome"\n', "course.toml:2: 'target' belongs to a dataset"),
    ('datasets = ["clinic20"]\nthem = "light"\n', "course.toml:2: unknown key 'them'"),
    ('datasets = ["clinic20"]\ntheme = ["dark", "sepia"]\n', "course.toml:2: theme = \"sepia\""),
    ('datasets = ["clinic20"]\nscenes = ["NoSuchScene"]\n',
     "course.toml:2: scenes = [\"NoSuchScene\"]: unknown scene 'NoSuchScene'"),
    ('datasets = ["clinic20"]\nscheduler = "http://127.0.0.1:8786"\n',
     "course.toml:2: scheduler = \"http://127.0.0.1:8786\": must be tcp://HOST:PORT"),
    ('datasets = [{ target = "Outcome" }]\n', "course.toml:1: dataset 1 needs data"),
    ('datasets = []\n', "course.toml:1: datasets must be a list"),
    ('datasets = ["clinic20"]\nsubtitles = "no"\n', "course.toml:2: subtitles = \"no\": must be true or false"),
])
def test_course_file_errors_name_line_key_and_type(tmp_path, text, message):
    result = batch(str(course(tmp_path, text)), "--dry-run")
    if message is None:  # a valid file (strings tables are allowed): the dry run plans and writes nothing
        assert result.exit_code == 0, result.output
        assert "plan: " in result.output and not (tmp_path / "out").exists()
        return
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], lines
    assert not (tmp_path / "out").exists()


def test_a_dataset_path_is_read_relative_to_the_course_file(tmp_path):
    (tmp_path / "chapter").mkdir()
    path = course(tmp_path / "chapter", 'datasets = ["missing.csv"]\n')
    result = batch(str(path), "--dry-run")
    assert result.exit_code == 2
    assert str(tmp_path / "chapter" / "missing.csv") in result.output


def test_a_scene_the_data_cannot_feed_is_skipped_with_a_note(tmp_path):
    text = 'datasets = ["clinic20"]\nscenes = ["HonestThreshold", "ScratchVsLibrary"]\nformat = ["mp4", "gif"]\n'
    result = batch(str(course(tmp_path, text)), "--dry-run")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("skipped on clinic20: HonestThreshold: it needs a split")
    assert lines[1] == ("plan: 2 jobs (1 dataset(s) x 1 language(s) x 1 theme(s) x 2 scene(s) x 2 format(s)), "
                        "0 up to date, 2 to render")
    assert lines[2:4] == [f"  would render {tmp_path / 'out' / 'clinic20' / 'en' / name}"
                          for name in ("ScratchVsLibrary.mp4", "ScratchVsLibrary.gif")]
    assert not (tmp_path / "out").exists()


def test_the_same_dataset_twice_is_refused(tmp_path):
    result = batch(str(course(tmp_path, 'datasets = ["clinic20", "clinic20"]\nscenes = ["ScratchVsLibrary"]\n')),
                   "--dry-run")
    assert result.exit_code == 2 and "datasets 1 and 2 are both named 'clinic20'" in result.output


@pytest.fixture(scope="module")
def local_batch(tmp_path_factory):
    """The course rendered once with -j 2 (the cluster test compares its own run with this one)."""
    folder = tmp_path_factory.mktemp("local")
    result = batch(str(course(folder)))
    return folder, result


def test_local_batch_renders_every_job_and_records_it(local_batch):
    folder, result = local_batch
    assert result.exit_code == 0, result.output
    out = folder / "out"
    lines = result.output.splitlines()
    assert lines[0] == ("plan: 8 jobs (2 dataset(s) x 2 language(s) x 1 theme(s) x 2 scene(s) x 1 format(s)), "
                        "0 up to date, 8 to render")
    assert lines[-1].startswith("batch: 8 of 8 job(s) rendered on 2 local process(es), 0 up to date, 0 failed")
    for dataset in ("clinic20", "screening"):
        for lang in ("en", "es"):
            entries = manifest.load_json(out / dataset / lang / manifest.MANIFEST_FILE)
            assert sorted(entries) == sorted(f"{scene}.mp4" for scene in SCENES)
            for scene in SCENES:
                video = out / dataset / lang / f"{scene}.mp4"
                assert entries[video.name]["output_sha256"] == manifest.file_sha256(video)
                assert entries[video.name]["options"]["size"] == [32, 18]
    assert (out / "index.html").is_file() and not leftovers(out)
    # The English and Spanish transcripts differ: each job rendered its own language.
    english, spanish = ((out / f"clinic20/{lang}/ScratchVsLibrary.txt").read_text() for lang in ("en", "es"))
    assert english != spanish


def test_a_second_run_finds_everything_up_to_date(local_batch, tmp_path):
    folder, _ = local_batch
    before = outputs(folder / "out")
    again = batch(str(folder / "course.toml"))
    assert again.exit_code == 0, again.output
    assert again.output.splitlines()[0].endswith("8 up to date, 0 to render")
    assert outputs(folder / "out") == before
    dry = batch(str(folder / "course.toml"), "--dry-run", "--force")
    assert dry.exit_code == 0 and "0 up to date, 8 to render" in dry.output
    assert dry.output.count("  would render ") == 8 and outputs(folder / "out") == before


def test_one_failed_job_is_named_the_others_kept_nothing_half_written(tmp_path):
    text = COURSE.replace('datasets = ["clinic20", { data = "screening", seed = 7 }]', 'datasets = ["clinic20"]')
    path = course(tmp_path, text)
    blocked = tmp_path / "out" / "clinic20" / "es" / "RocPrCurves.mp4"
    blocked.mkdir(parents=True)  # a folder where the video goes: placing it fails
    result = batch(str(path))
    assert result.exit_code == 1
    assert f"  FAILED: {blocked}: IsADirectoryError" in result.output
    assert result.output.strip().splitlines()[-1].startswith("error: 1 of 4 job(s) failed: ")
    out = tmp_path / "out"
    assert not leftovers(out)
    assert not (blocked.parent / "RocPrCurves.srt").exists()  # the failed job's narration was undone
    assert sorted(manifest.load_json(blocked.parent / manifest.MANIFEST_FILE)) == ["ScratchVsLibrary.mp4"]
    assert len(manifest.load_json(out / "clinic20/en" / manifest.MANIFEST_FILE)) == 2
    blocked.rmdir()
    again = batch(str(path))
    assert again.exit_code == 0, again.output
    assert again.output.splitlines()[0].endswith("3 up to date, 1 to render")


def test_fail_fast_stops_before_the_other_jobs(tmp_path):
    text = COURSE.replace("jobs = 2", "jobs = 1").replace('datasets = ["clinic20", { data = "screening", seed = 7 }]',
                                                          'datasets = ["clinic20"]')
    path = course(tmp_path, text)
    blocked = tmp_path / "out" / "clinic20" / "en" / "ScratchVsLibrary.mp4"
    blocked.mkdir(parents=True)
    result = batch(str(path), "--fail-fast")
    assert result.exit_code == 1
    assert "1 failed" in result.output and result.output.count("  not started: ") >= 2
    assert not leftovers(tmp_path / "out")


_DIE_MID_PLACEMENT = """
import os, sys
from pathlib import Path
from umbral.scenes.publish.runner import atomic_target
from umbral.scenes.publish.undo import undoable
out, name = Path(sys.argv[1]), sys.argv[2]
with undoable(out, name=name):
    with atomic_target(out / "d" / "en" / "A.mp4") as temp:
        temp.write_bytes(b"new video")
    with atomic_target(out / "d" / "en" / "A.srt") as temp:
        temp.write_bytes(b"half")
        os._exit(9)  # the worker dies with the subtitles half written
"""


def test_a_dead_workers_journal_is_played_back(tmp_path):
    out = tmp_path / "out"
    video = out / "d" / "en" / "A.mp4"
    video.parent.mkdir(parents=True)
    video.write_bytes(b"old video")
    name = journal_name(video)
    died = subprocess.run([sys.executable, "-c", _DIE_MID_PLACEMENT, str(out), name], timeout=60)
    assert died.returncode == 9
    assert video.read_bytes() == b"new video" and leftovers(out)  # what the dead worker left
    assert recover(out, name) is True
    assert video.read_bytes() == b"old video"
    assert sorted(p.name for p in video.parent.iterdir()) == ["A.mp4"] and not leftovers(out)
    assert recover(out, name) is False


def test_a_job_that_fails_in_its_journal_leaves_no_partial(tmp_path):
    out = tmp_path / "out"
    with pytest.raises(OSError), undoable(out, name="job-x"), atomic_target(out / "d" / "A.mp4") as temp:
        temp.write_bytes(b"x")
        raise OSError("disk full")
    assert not out.exists() or not leftovers(out)
    assert os.listdir(tmp_path) in ([], ["out"])


# --- on a Dask cluster (2 worker processes on 127.0.0.1, started here) -----------------------------


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed", reason="the Dask tests need umbral[dask] (make setup installs it)")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as running:
        yield running


def decoded(video: Path) -> list[bytes]:
    import av

    with av.open(str(video)) as container:
        return [frame.to_ndarray(format="rgb24").tobytes() for frame in container.decode(video=0)]


def test_the_cluster_writes_what_the_local_pool_writes(local_batch, cluster, tmp_path):
    folder, local = local_batch
    assert local.exit_code == 0, local.output
    path = course(tmp_path, COURSE)
    result = batch(str(path), "--scheduler", cluster.scheduler_address)
    assert result.exit_code == 0, result.output
    assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
    assert result.output.splitlines()[-1].startswith(
        f"batch: 8 of 8 job(s) rendered on the Dask cluster at {cluster.scheduler_address}, 0 up to date, 0 failed")
    here, there = without_video_hashes(outputs(folder / "out")), without_video_hashes(outputs(tmp_path / "out"))
    assert sorted(here) == sorted(there)
    videos = [name for name in here if name.endswith(".mp4")]
    assert len(videos) == 8
    for name in videos:  # the pixels: a container may differ in its metadata
        assert decoded(folder / "out" / name) == decoded(tmp_path / "out" / name), name
    for name in here:  # manifests (with each output's sha256), subtitles, trace, datasets.json, gallery
        if not name.endswith(".mp4"):
            assert here[name] == there[name], name
    assert not leftovers(tmp_path / "out")


class KillOnStart:
    """A line display that kills the worker running the first job to start (SIGKILL: no clean-up)."""

    def __init__(self, pids: dict[str, int]):
        from umbral.scenes.publish.progress import LineDisplay

        self.lines: list[str] = []
        self.inner = LineDisplay(self.lines.append)
        self.pids, self.killed = pids, None

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return None

    def put(self, event):
        index, kind, where = event
        if kind == "start" and self.killed is None:
            import signal

            self.killed = index
            os.kill(self.pids[where], signal.SIGKILL)
        self.inner.put(event)


def test_a_worker_killed_mid_job_loses_nothing(cluster, tmp_path):
    import distributed

    from umbral.scenes.publish.batch import read_course, run_course

    with distributed.Client(cluster, set_as_default=False) as client:
        pids = client.run(os.getpid)
    text = COURSE.replace('datasets = ["clinic20", { data = "screening", seed = 7 }]', 'datasets = ["clinic20"]')
    course_file = course(tmp_path, text)
    display = KillOnStart(pids)
    result = run_course(read_course(course_file), display,
                        scheduler=cluster.scheduler_address, echo=display.lines.append)
    assert display.killed is not None
    lost = [p for p in (*result.retried, *(p for p, _ in result.failed))]
    assert lost, f"the killed worker's job was neither retried nor reported: {display.lines}"
    out = tmp_path / "out"
    assert not leftovers(out)
    failed = {Path(path).absolute() for path, _ in result.failed}
    videos = {(out / "clinic20" / lang / f"{scene}.mp4").absolute() for lang in ("en", "es") for scene in SCENES}
    assert {Path(p).absolute() for p in result.written if p.suffix == ".mp4"} == videos - failed
    for video in videos - failed:  # whole (every frame decodes) and recorded with its own sha256
        entries = manifest.load_json(video.parent / manifest.MANIFEST_FILE)
        assert entries[video.name]["output_sha256"] == manifest.file_sha256(video)
        assert len(decoded(video)) >= 20
    for video in failed:  # a job reported failed left nothing of its own
        assert not video.exists()
    print("retried:", result.retried, "failed:", result.failed)


def test_live_bars_start_a_retried_job_anew_and_count_a_failed_one():
    import io

    from rich.console import Console

    from umbral.scenes.publish.progress import JobInfo, LiveDisplay

    stream = io.StringIO()
    display = LiveDisplay(Console(file=stream, force_terminal=True, width=120), title="course")
    for index in (1, 2):
        display.add(JobInfo(index, 2, "ThresholdSweep", "clinic20, en", f"clinic20, en, mp4 #{index}", "clinic20 en"))
    with display:
        display.put((1, "start", "tcp://127.0.0.1:1"))
        display.put((1, "total", 10))
        display.put((1, "frames", 4))
        display.put((1, "start", "tcp://127.0.0.1:2"))  # the worker died: a second attempt
        assert len(display.tasks) == 1 and display._task(display.jobs[1]).completed == 0
        display.put((2, "start", "tcp://127.0.0.1:2"))
        display.fail(display.jobs[2], "IsADirectoryError: [Errno 21] out/x.mp4")
        display.put((2, "frames", 3))  # late: dropped
        assert list(display.tasks) == [1]
        assert display.progress.tasks[0].completed == 1 and "course" in display.progress.tasks[0].description
    import re

    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", stream.getvalue())
    assert "✗ ThresholdSweep (clinic20, en, mp4 #2) failed: IsADirectoryError: [Errno 21] out/x.mp4" in shown
