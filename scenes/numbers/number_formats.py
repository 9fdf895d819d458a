"""How a cost, a threshold θ, a count and a rule's metric are written: on screen and on a terminal.

Plain string formatting, no Manim: the scenes, their words and the command line's tables
(:mod:`umbral.report_tables`) all write a number through here, so it reads the same everywhere
it is shown in the same medium. On screen, big numbers are compact ("412k"); on a terminal
every digit is kept and a missing value is "none".
"""

from __future__ import annotations

__all__ = ["COMPACT_FROM", "LessonWords", "compact_count", "format_cost", "format_count", "format_mean",
           "format_metric", "format_theta", "terminal_cost", "terminal_counts", "terminal_mean", "terminal_metric",
           "terminal_theta"]

#: Counts whose largest value reaches this are shown in thousands ("412k"): six- and seven-digit
#: counts would not fit a confusion-grid cell legibly. Smaller data shows every digit.
COMPACT_FROM = 100_000


def compact_count(value: int) -> str:
    """A count in thousands, rounded: 999 as is, then 41k, 412k, 7250k.

    No decimal point, so every glyph keeps its cell of a live number's slot.

    >>> [compact_count(v) for v in (0, 999, 1_499, 41_234, 412_645, 7_250_000)]
    ['0', '999', '1k', '41k', '413k', '7250k']
    """
    value = int(value)
    return f"{value:d}" if value < 1000 else f"{round(value / 1000):d}k"


def format_count(value: int, largest: int) -> str:
    """A count on screen, in thousands (:func:`compact_count`) when counts reach ``largest`` >= :data:`COMPACT_FROM`.

    >>> format_count(80, 231), format_count(80_123, 412_645)
    ('80', '80k')
    """
    return compact_count(value) if int(largest) >= COMPACT_FROM else f"{int(value):d}"


def format_cost(value: float) -> str:
    """A cost on screen: whole numbers without decimals, others with at most two; from 100,000 in thousands.

    Big data gives big costs (a false negative costing 5 on a million rows); like counts
    (:func:`compact_count`) they are then shown as "412k".

    >>> [format_cost(v) for v in (0, 2, 0.5, 1.25, 99_999, 412_645.5, 7_250_000)]
    ['0', '2', '0.5', '1.25', '99999', '413k', '7250k']
    """
    if abs(value) >= COMPACT_FROM:
        return compact_count(round(value))
    if float(value).is_integer():
        return f"{int(value)}"
    return f"{value:.2f}".rstrip("0").rstrip(".")


def format_theta(theta: float, exact: bool = False) -> str:
    """A threshold on screen: two decimals on the 0.02 and 0.01 grids, three when θ is any ``exact`` score.

    >>> format_theta(0.12), format_theta(0.1234, exact=True)
    ('0.12', '0.123')
    """
    return f"{theta:.3f}" if exact else f"{theta:.2f}"


def format_metric(rule: str, value: float) -> str:
    """A threshold rule's metric on screen: a cost (rule ``min_cost``) as :func:`format_cost`, else three decimals."""
    return format_cost(value) if rule == "min_cost" else f"{value:.3f}"


def format_mean(rule: str, value: float) -> str:
    """An average of the metric on screen: a cost with one decimal (whole costs average to tenths), else three.

    >>> format_mean("min_cost", 9.175), format_mean("max_f1", 0.0125)
    ('9.2', '0.013')
    """
    if rule == "min_cost" and abs(value) < 1000:
        return f"{value:.1f}"
    return format_metric(rule, value)


def terminal_cost(value: float) -> str:
    """A cost on a terminal: every significant digit, no trailing zeros.

    >>> terminal_cost(10.0), terminal_cost(412645.5)
    ('10', '412646')
    """
    return f"{value:g}"


def terminal_theta(value: float | None) -> str:
    """A threshold on a terminal: two decimals on the grids, four significant digits between them.

    >>> terminal_theta(0.5), terminal_theta(0.12345), terminal_theta(None)
    ('0.50', '0.1235', 'none')
    """
    return "none" if value is None else f"{value:.4g}" if value * 100 % 1 else f"{value:.2f}"


def terminal_metric(rule: str, value: float | None) -> str:
    """A threshold rule's metric on a terminal: a cost as :func:`terminal_cost`, else three decimals."""
    if value is None:
        return "none"
    return terminal_cost(value) if rule == "min_cost" else f"{value:.3f}"


def terminal_mean(rule: str, value: float | None) -> str:
    """An average of the metric on a terminal: a cost with one decimal, else three."""
    if value is None:
        return "none"
    return f"{value:.1f}" if rule == "min_cost" else f"{value:.3f}"


def terminal_counts(snapshot) -> str:
    """A snapshot's counts on a terminal, as TP/FP/FN/TN ("none" for no snapshot)."""
    return "none" if snapshot is None else f"{snapshot.tp}/{snapshot.fp}/{snapshot.fn}/{snapshot.tn}"


class LessonWords:
    """The words of one lesson's video, in ``lang``: its numbers as shown, the locale's sentences they fill.

    A scene narrates with these words and its boards label their marks with them, so a number
    reads the same on screen and in the subtitles.

    Parameters
    ----------
    numbers
        What is shown (the lesson's numbers, e.g. ``HonestNumbers``).
    strings : dict
        The locale's strings (``scenes.strings.strings_for``).
    lang : str
        The language of split and model names.
    title : str
        The data's on-screen title.
    """

    def __init__(self, numbers, strings: dict, lang: str, title: str):
        self.numbers, self.strings, self.lang, self.title = numbers, strings, lang, title
