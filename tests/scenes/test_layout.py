"""The layout ladder on made-up rows (no rendering): wrap, shrink to the floor, short forms, drop, say; in order."""

from __future__ import annotations

import pytest

from umbral.scenes.layout import LADDER, Row, column, wrap


def measure(words: str, size: float, weight: str = "NORMAL") -> tuple[float, float]:
    """Made-up metrics: every character 0.05 x size/10 wide (bold 10 % wider), a line size/10 tall."""
    return len(words) * 0.05 * size / 10 * (1.1 if weight == "BOLD" else 1.0), size / 10


def test_rows_that_fit_are_left_alone():
    laid = column([Row("one two", 20), Row("three", 20)], width=5, room=5, floor=10, measure=measure, gap=0.2)
    assert laid.why == ("wrap",) and [p.lines for p in laid.rows] == [("one two",), ("three",)]
    assert laid.height == pytest.approx(2 + 2 + 0.2) and laid.fits and laid.scale == 1


def test_a_long_row_wraps_into_even_lines_first():
    words = "the quick brown fox jumps over the lazy dog"  # 43 characters: 4.3 units at size 20
    laid = column([Row(words, 20)], width=2.5, room=10, floor=10, measure=measure, line_gap=0.1)
    assert laid.why == ("wrap",) and laid.rows[0].lines == ("the quick brown fox", "jumps over the lazy dog")
    assert laid.rows[0].height == pytest.approx(2 * 2 + 0.1)


def test_a_formula_stays_on_one_line():
    assert wrap("so θ = 0.93 here", 0.9, 20, "NORMAL", measure) == ("so", "θ = 0.93", "here")


def test_rows_too_tall_shrink_together_no_further_than_needed():
    rows = [Row("aaaa", 20), Row("bbbb", 20), Row("cccc", 20)]  # 3 x 2 units + 2 gaps of 0.2 = 6.4
    laid = column(rows, width=5, room=5.0, floor=10, measure=measure, gap=0.2)
    assert laid.why == ("wrap", "shrink") and laid.fits
    assert laid.height == pytest.approx(5.0, abs=0.01)
    assert len({p.size for p in laid.rows}) == 1 and 10 < laid.rows[0].size < 20


def test_shrinking_stops_at_the_floor_then_short_forms_are_used_at_the_largest_size_that_fits():
    rows = [Row("a long legend row that wraps", 20, short="short"), Row("b", 20), Row("c", 20)]
    laid = column(rows, width=0.8, room=7.0, floor=16, measure=measure, gap=0.2)
    assert laid.why == ("wrap", "shrink", "short") and laid.fits
    assert laid.rows[0].lines == ("short",) and laid.rows[0].short
    assert laid.scale == 1  # the short form fits at the full size: no need to stay shrunk


def test_optional_rows_go_last_first_then_sayable_rows():
    rows = [Row("keep", 20), Row("say me", 20, sayable=True), Row("opt 1", 20, optional=True),
            Row("opt 2", 20, optional=True)]
    laid = column(rows, width=5, room=4.2, floor=20, measure=measure, gap=0.2)
    assert laid.why == ("wrap", "shrink", "drop")
    assert [p.row.words for p in laid.rows] == ["keep", "say me"] and [r.words for r in laid.dropped] == [
        "opt 1", "opt 2"] and laid.said == ()
    laid = column(rows, width=5, room=2.0, floor=20, measure=measure, gap=0.2)
    assert laid.why == ("wrap", "shrink", "drop", "say") and [r.words for r in laid.said] == ["say me"]
    assert [p.row.words for p in laid.rows] == ["keep"] and laid.fits


def test_what_cannot_fit_is_reported_not_hidden():
    laid = column([Row("must show", 20), Row("also", 20)], width=5, room=1.0, floor=20, measure=measure)
    assert not laid.fits and laid.why == ("wrap", "shrink") and len(laid.rows) == 2
    assert all(p.size == 20 for p in laid.rows)  # never under the floor


def test_the_ladder_is_tried_in_its_order():
    rows = [Row("xx xx xx xx xx xx", 20, short="x", optional=True, sayable=True), Row("yy yy yy yy", 20, sayable=True)]
    for room, expected in ((100, 1), (7.0, 2), (4.5, 3), (2.5, 4), (0.5, 5)):
        laid = column(rows, width=1.0, room=room, floor=16, measure=measure)
        assert laid.why == LADDER[:expected], room


def test_a_word_wider_than_the_column_shrinks_it():
    laid = column([Row("unbreakable", 20)], width=0.9, room=10, floor=10, measure=measure)
    assert laid.why == ("wrap", "shrink") and laid.fits and laid.rows[0].width <= 0.9


def test_a_story_number_keeps_its_own_floor():
    rows = [Row("words", 20), Row("0.93", 30, floor=30)]
    laid = column(rows, width=5, room=4.5, floor=10, measure=measure, gap=0.2)
    assert laid.why == ("wrap", "shrink") and laid.rows[1].size == 30 and laid.rows[0].size < 20 and laid.fits


def test_a_glyphs_indent_narrows_the_words():
    plain = column([Row("aa bb cc", 20)], width=1.0, room=10, floor=10, measure=measure)
    indented = column([Row("aa bb cc", 20, indent=0.4)], width=1.0, room=10, floor=10, measure=measure)
    assert len(plain.rows[0].lines) == 1 and len(indented.rows[0].lines) == 2
