"""MulticlassConfusion: numbers from metrics.multiclass_report, layout of every beat, a tiny render."""

from __future__ import annotations

import numpy as np
import pytest
from manim import VGroup

from tests.sampling import sample
from tests.scenes.conftest import (
    check_tiny_render,
    describe,
    frame_at,
    outside_frame,
    overlapping_texts,
    text_units,
    tiny_render,
)
from umbral.metrics import VerificationError, multiclass_report
from umbral.scenes.multiclass_confusion import MulticlassConfusion
from umbral.scenes.numbers import multiclass_confusion as numbers_module
from umbral.scenes.numbers.multiclass_confusion import multiclass_numbers

#: A six-class matrix with long names: the largest case the scene accepts.
SIX = (np.arange(36).reshape(6, 6) % 7 + np.eye(6, dtype=int) * 120,
       ("setosa-long-name", "b", "c", "d", "e", "fffffffffff"))


def text_of(group) -> list[str]:
    return [cell.text for cell in group]


# -- numbers ------------------------------------------------------------------
def test_textbook_numbers():
    m = multiclass_numbers()
    assert [round(c.f1, 3) for c in m.classes] == [0.784, 0.566, 0.667]
    assert (round(m.macro["f1"], 3), round(m.weighted["f1"], 3), round(m.micro["f1"], 3)) == (0.672, 0.695, 0.7)
    assert m.micro["f1"] == pytest.approx(m.accuracy) and (m.correct, m.n) == (70, 100)
    assert m.why == "low" and m.labels[m.weakest] == "B" and m.labels[m.largest] == "A"
    b = m.classes[1]
    assert (b.tp, b.fn, b.fp, b.tn, b.predicted, b.support) == (15, 15, 8, 62, 23, 30)


def test_numbers_equal_the_core_for_a_user_matrix():
    m = multiclass_numbers(SIX)
    report = multiclass_report(SIX[0], SIX[1])
    assert tuple(c.f1 for c in m.classes) == report.f1 and m.macro == report.macro
    for c in m.classes:
        assert c.tp + c.fn + c.fp + c.tn == m.n


def test_a_drifted_report_is_caught(monkeypatch):
    from dataclasses import replace

    real = numbers_module.multiclass_report
    monkeypatch.setattr(numbers_module, "multiclass_report",
                        lambda m, labels: replace(real(m, labels), macro={"precision": 0, "recall": 0, "f1": 0}))
    with pytest.raises(VerificationError, match="macro"):
        multiclass_numbers()


# -- layout -------------------------------------------------------------------
def beat_layouts(scene):
    """(name, group) for the matrix alone, each class lit, the averages and the why."""
    report = scene.report
    matrix = scene.build_matrix()
    header = VGroup() if scene.sequenced else report.header(scene.panel.table)
    yield "matrix", VGroup(matrix, header)
    rows = VGroup()
    for index in range(len(scene.numbers.labels)):
        if not scene.sequenced:
            rows.add(report.class_row(index, scene.panel.table))
        yield f"class {index}", VGroup(matrix, header, rows.copy(), report.class_block(index, scene.panel),
                                       scene.grid.role_tags(index), scene.grid.lit_frames(index))
    if scene.sequenced:  # the table takes the frame from the matrix
        matrix = scene.build_table_page()
        header = report.header(scene.panel.table)
        rows.add(*(report.class_row(index, scene.panel.table) for index in range(len(scene.numbers.labels))))
    for position, name in enumerate(("macro", "weighted", "micro")):
        rows.add(report.average_row(position, name, scene.panel.table))
    yield "averages", VGroup(matrix, header, rows, report.block(report.average_lines(), scene.panel))
    yield "why", VGroup(matrix, header, rows, report.block(report.why_lines(), scene.panel))


@pytest.mark.parametrize("multiclass", [None, SIX], ids=["textbook", "six-classes"])
def test_every_beat_fits_without_overlaps(clinic20_facts, multiclass, small_config):
    """In English (Spanish, with every beat and the size floors, is the next test's)."""
    scene = MulticlassConfusion(clinic20_facts, "en", multiclass=multiclass)
    checked = {"matrix", "class 0", f"class {len(scene.numbers.labels) - 1}", "averages", "why"}
    for name, group in beat_layouts(scene):
        if name not in checked:  # the middle classes repeat the first's layout
            continue
        assert not outside_frame(group), name
        assert not describe(overlapping_texts(group)), name


def test_shown_numbers_are_the_reports(clinic20_facts, small_config):
    scene = MulticlassConfusion(clinic20_facts, "en")
    scene.build_matrix()
    report = multiclass_report(((40, 5, 5), (10, 15, 5), (2, 3, 15)))
    assert [[c.text for c in row] for row in scene.grid.counts] == [["40", "5", "5"], ["10", "15", "5"],
                                                                    ["2", "3", "15"]]
    table = scene.panel.table
    for k in range(3):
        shown = text_of(scene.report.class_row(k, table))
        assert shown[1:] == [f"{report.precision[k]:.3f}", f"{report.recall[k]:.3f}", f"{report.f1[k]:.3f}",
                             str(report.support[k])]
    assert text_of(scene.report.average_row(0, "macro", table))[3] == "0.672"
    assert text_of(scene.report.average_row(1, "weighted", table))[3] == "0.695"
    assert text_of(scene.report.average_row(2, "micro", table))[3] == "0.700"
    tags = [t.text for t in scene.grid.role_tags(1)]
    assert tags == ["TN", "FP", "TN", "FN", "TP", "FN", "TN", "FP", "TN"]
    block = " ".join(t.text for t in text_units(scene.report.class_block(1, scene.panel))).replace(" ", "")
    assert "15/23=0.652" in block and "15/30=0.500" in block and "=0.566" in block


def test_the_lines_go_down_the_ladder(clinic20_facts, small_config):
    """Short of room a class's lines shrink, then drop the FN and FP notes, then leave the title to the narration."""
    report = MulticlassConfusion(clinic20_facts, "en").report
    lines = report.class_lines(1)
    full = report.laid(lines, 6.0, float("inf"))
    assert full.why == ("wrap",) and len(full.rows) == 6
    seen = [report.laid(lines, 6.0, full.height * share / 10) for share in range(10, 2, -1)]
    assert [len(c.dropped) for c in seen] == sorted(len(c.dropped) for c in seen)
    assert all(len(c.dropped) == 2 for c in seen if c.said)
    assert [r.words for c in seen for r in c.said] and all(r.weight == "BOLD" for c in seen for r in c.said)
    averages = report.laid(report.average_lines(), 4.0, float("inf"))
    assert len(averages.rows[0].lines) > 1 and not averages.rows[0].short
    short = report.laid(report.average_lines(), 4.0, averages.height * 0.6)
    assert "short" in short.why and short.rows[0].lines == ("macro F1 = 0.672",)


@pytest.mark.parametrize("multiclass", [None, SIX], ids=["textbook", "six-classes"])
@pytest.mark.parametrize("ratio", [16 / 9, 4 / 3])
def test_counts_are_story_numbers_and_no_text_is_shrunk(clinic20_facts, tmp_path, ratio, multiclass):
    """Six classes with three-digit counts still show them at the story size: matrix and table take turns."""
    from umbral.scenes import style

    with frame_at(ratio, tmp_path / "media"):
        scene = MulticlassConfusion(clinic20_facts, "es", multiclass=multiclass)
        for name, group in beat_layouts(scene):
            assert not outside_frame(group) and not describe(overlapping_texts(group)), name
            assert min(unit.font_size for unit in text_units(group)) >= style.min_readable() - 1e-6, name
        counts = [c for row in scene.grid.counts for c in row]
        assert all(c.font_size >= style.SIZE_NUMBER - 1e-6 for c in counts)
        assert scene.sequenced == (multiclass is not None)
        upright = [name for name in scene.grid.column_names if name.height <= name.width]
        assert all(name.font_size >= style.min_readable() - 1e-6 for name in upright)
        assert any(getattr(mob, "story_number", False) and counts[0] in mob.submobjects for mob in scene.grid)


def test_the_runner_passes_the_matrix(clinic20_facts):
    assert MulticlassConfusion.scene_options == ("multiclass",)
    assert MulticlassConfusion.duration(classes=6) > MulticlassConfusion.duration()


# -- render -------------------------------------------------------------------
def test_tiny_render(clinic20_facts, tmp_path):
    info, cues = tiny_render("MulticlassConfusion", clinic20_facts, tmp_path,
                             scene_kwargs={"multiclass": None, "unrelated": 1})
    check_tiny_render(info, cues, MulticlassConfusion.duration(), 2 + 3 + 3 + 1 + 1)
    assert "0.672" in cues[5].content and "0.700" in cues[7].content


#: Six classes played through: Spanish 4:3 (the tightest) and English 16:9; every pair under make test-all.
SIX_CLASS_PLAYS = sample([(lang, frame) for lang in ("es", "en") for frame in ("4:3", "16:9")],
                         [("es", "4:3"), ("en", "16:9")])


@pytest.mark.parametrize("lang, frame", SIX_CLASS_PLAYS)
def test_six_classes_pass_the_every_beat_check(clinic20_facts, tmp_path, lang, frame):
    """Played through: nothing outside, overlapping or under the floors at any beat, and the beats compose."""
    from tests.scenes.layout_check import FRAMES, play_through

    seen = play_through("MulticlassConfusion", clinic20_facts, lang, FRAMES[frame], tmp_path,
                        scene_kwargs={"multiclass": SIX})
    print(seen.row())
    assert seen.beats > 20 and not seen.problems, seen.problems


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("ratio", [16 / 9, 4 / 3])
def test_the_tables_columns_stand_apart_beside_the_matrix(clinic20_facts, tmp_path, lang, ratio):
    """Beside the matrix, each value column is at least ClassReport.column_gap from the next (and from the
    names): in Spanish at 4:3 the counts stood a space from the F1 column, "0.784 50" read as one number."""
    from tests.scenes.conftest import frame_at
    from umbral.scenes.components.class_report import ClassReport
    from umbral.scenes.strings import strings_for

    with frame_at(ratio, tmp_path):
        report = ClassReport(multiclass_numbers(), strings_for(lang, clinic20_facts.name))
        table = report.beside_matrix().table
        start, widths = report._widths(table.size)
    edges = [table.left + start] + [edge for centre, width in zip(table.columns, widths, strict=True)
                                    for edge in (centre - width / 2, centre + width / 2)]
    gaps = [edges[k + 1] - edges[k] for k in range(0, len(edges) - 1, 2)]
    assert min(gaps) >= ClassReport.column_gap - 1e-9, gaps
