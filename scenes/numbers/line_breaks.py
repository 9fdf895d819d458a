"""Breaking a sentence into even lines: pure Python, shared by every wrapped label."""

from __future__ import annotations

__all__ = ["balanced_split", "even_lines", "kept_together"]


#: A separator ends its line: it never starts the next one ("screening ·" / "n = 900").
_ENDS_LINE = frozenset("·—")
#: A relation or an operator keeps both sides on its line: "θ = 0.94" and "C_FP / (C_FP + C_FN)" never break.
_JOINS_BOTH = frozenset("=→≈/+−×")


def kept_together(words: list[str]) -> list[str]:
    """``words`` with each separator glued to the word before it, each relation or operator to both neighbours.

    >>> kept_together("screening · test split · n = 900".split())
    ['screening ·', 'test', 'split ·', 'n = 900']
    """
    kept: list[str] = []
    glue_next = False
    for word in words:
        if kept and (glue_next or word in _ENDS_LINE or word in _JOINS_BOTH):
            kept[-1] = f"{kept[-1]} {word}"
        else:
            kept.append(word)
        glue_next = word in _JOINS_BOTH
    return kept


def even_lines(words: list[str], sizes: list[float], space: float, count: int) -> tuple[float, list[str]]:
    """``words`` in at most ``count`` lines with the longest line as short as can be.

    ``sizes`` are the words' widths (any unit) and ``space`` the width of one space. Returns the
    longest line's width and the lines.

    >>> even_lines(["aa", "b", "cc"], [2, 1, 2], 1, 2)
    (4, ['aa', 'b cc'])
    """
    n = len(words)
    count = max(1, min(count, n))

    def span(i: int, j: int) -> float:  # width of words[i:j] on one line
        return sum(sizes[i:j]) + space * (j - i - 1)

    # best[m][j]: shortest possible longest line for words[:j] in m lines; cut[m][j]: where the last line starts.
    best = [[float("inf")] * (n + 1) for _ in range(count + 1)]
    cut = [[0] * (n + 1) for _ in range(count + 1)]
    best[0][0] = 0
    for m in range(1, count + 1):
        for j in range(1, n + 1):
            for i in range(m - 1, j):
                candidate = max(best[m - 1][i], span(i, j))
                if candidate < best[m][j]:
                    best[m][j], cut[m][j] = candidate, i
    lines, j = [], n
    for m in range(count, 0, -1):
        lines.insert(0, " ".join(words[cut[m][j]:j]))
        j = cut[m][j]
    return best[count][n], lines


def balanced_split(words: list[str], count: int, keep: bool = True) -> list[str]:
    """``words`` in at most ``count`` lines, the longest (in characters) as short as can be.

    Characters stand in for widths, so a sentence is measured once, not word by word. A line
    never starts with a separator nor breaks around "=" (:func:`kept_together`) unless ``keep`` is False.

    >>> balanced_split("spread of the chosen θ: 5–95% of 200 resamples".split(), 2)
    ['spread of the chosen θ:', '5–95% of 200 resamples']
    """
    words = kept_together(words) if keep else words
    return even_lines(words, [len(word) for word in words], 1, count)[1]
