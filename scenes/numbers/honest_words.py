"""What HonestThreshold says about its numbers: the names, the values as shown, the sentences they pick.

No Manim: the locale's templates filled from :class:`~umbral.scenes.numbers.honest_threshold.HonestNumbers`.
The scene narrates with these words and its boards (:mod:`umbral.scenes.components.split_boards`) label
their marks with them, so a number reads the same on screen and in the subtitles.
"""

from __future__ import annotations

from functools import cached_property

from umbral.scenes.numbers.number_formats import LessonWords, format_cost, format_mean, format_metric, format_theta
from umbral.scenes.strings import model_name, split_label

__all__ = ["HonestWords"]


class HonestWords(LessonWords):
    """The words of one HonestThreshold video.

    ``numbers`` is a :class:`~umbral.scenes.numbers.honest_threshold.HonestNumbers`.
    """

    @cached_property
    def fields(self) -> dict:
        """Names and numbers every template may use, in the scene's language."""
        n, s = self.numbers, self.strings
        values = {"choose": split_label(n.choose_on, self.lang), "report": split_label(n.report_on, self.lang),
                  "n_choose": n.n_choose, "n_report": n.n_report, "metric": s[f"honest_metric_{n.rule}"],
                  "target": "" if n.target is None else f"{n.target:.2f}"}
        values["rule"] = s[f"honest_rule_{n.rule}"].format(cost_fn=format_cost(n.cost_fn),
                                                          cost_fp=format_cost(n.cost_fp), target=values["target"])
        values["caption"] = f"{self.title} · {model_name(n.model, self.lang)}"
        return values

    def theta(self, value: float) -> str:
        """A threshold as shown."""
        return format_theta(value, self.numbers.exact)

    def value(self, value: float) -> str:
        """The rule's metric as shown."""
        return format_metric(self.numbers.rule, value)

    def gap(self, gap: float) -> str:
        """A difference of the metric as shown, without its sign (the words say better or worse)."""
        return self.value(abs(gap))

    def half_comparison(self) -> str:
        """θ* on the reporting split in words: against 0.50, or for a target rule, whether it still meets it."""
        n, s, w = self.numbers, self.strings, self.fields
        if n.meets_target is not None:
            key = "honest_row_target_met" if n.meets_target else "honest_row_target_missed"
            return s[key].format(target=w["target"], split=w["report"])
        gap = self.gap(n.half_gap)
        if gap == self.gap(0.0):
            return s["honest_row_half_same"]
        if n.half_percent is not None:
            key = "honest_row_half_less" if n.half_gap > 0 else "honest_row_half_more"
            return s[key].format(gap=gap, percent=f"{abs(n.half_percent):.0f}")
        return s["honest_row_half_better" if n.half_gap > 0 else "honest_row_half_worse"].format(gap=gap)

    def peek_is_honest(self) -> bool:
        """True when peeking gives the honest number (the same θ, or a gap that rounds to nothing)."""
        n = self.numbers
        return n.target is None and (n.peek == n.chosen or self.gap(n.optimism) == self.gap(0.0))

    def peek_key(self) -> str:
        """The narration of the peek: the same θ as θ*, another θ with the same number, or a gap."""
        n = self.numbers
        if not self.peek_is_honest():
            return "say_honest_peek"
        return "say_honest_peek_same" if n.peek == n.chosen else "say_honest_peek_tie"

    def own_gap(self) -> str:
        """How the peeked number compares with the honest one on these splits, in words."""
        n, s = self.numbers, self.strings
        honest = self.value(n.value_report)
        if n.target is not None:
            return s["honest_row_peek_target"].format(honest=honest)
        if self.peek_is_honest():
            return s["honest_row_peek_same" if n.peek == n.chosen else "honest_row_peek_tie"].format(
                metric=self.fields["metric"])
        return s["honest_row_peek_gap"].format(gap=self.gap(n.optimism), honest=honest)

    def expected_values(self) -> dict | None:
        """The optimism expected over the wobble's resamples, as shown; None for a target rule or without one."""
        n = self.numbers
        if n.target is not None or n.optimism_mean is None:
            return None
        return {"resamples": n.resamples, "mean": format_mean(n.rule, n.optimism_mean),
                "low": self.value(n.optimism_low), "high": self.value(n.optimism_high)}

    def expected_gap(self) -> str | None:
        """The gap peeking shows on average over the resamples (and its 5-95 % range), in words; None without it."""
        expected = self.expected_values()
        if expected is None:
            return None
        return self.strings["honest_row_peek_expected"].format(**self.fields, **expected)

    def peek_gap(self) -> str:
        """The peek's second row: this split's own gap, then the gap expected over the resamples."""
        expected = self.expected_gap()
        return self.own_gap() if expected is None else f"{self.own_gap()}; {expected}"
