"""What the Calibration scene says about its numbers: names, values as shown, the sentences they fill.

No Manim: the locale's templates filled from :class:`~umbral.scenes.numbers.calibration.CalibrationNumbers`.
The scene narrates with these words and its boards (:mod:`umbral.scenes.components.calibration_boards`)
label their marks with them, so a number reads the same on screen and in the subtitles.
"""

from __future__ import annotations

from functools import cached_property

from umbral.scenes.numbers.calibration import format_part
from umbral.scenes.numbers.number_formats import LessonWords, format_cost, format_theta
from umbral.scenes.strings import model_name, split_label

__all__ = ["CalibrationWords"]


class CalibrationWords(LessonWords):
    """The words of one Calibration video.

    ``numbers`` is a :class:`~umbral.scenes.numbers.calibration.CalibrationNumbers`.
    """

    @cached_property
    def fields(self) -> dict:
        """Names and numbers every template may use, in the scene's language."""
        n = self.numbers
        f = n.fixed
        return {"choose": split_label(n.choose_on, self.lang), "report": split_label(n.report_on, self.lang),
                "n": n.n_report, "n_choose": n.n_choose, "positives": n.positives, "bins": n.n_bins,
                "cost_fn": format_cost(n.cost_fn), "cost_fp": format_cost(n.cost_fp),
                "rule": self.theta(n.rule_theta), "theta": self.theta(n.rule_theta), "dataset": self.title,
                "model": self.model(f.model), "n_fitted": f.n_fitted, "levels": f.levels or 0}

    def model(self, name: str) -> str:
        """A model's on-screen name."""
        return model_name(name, self.lang)

    def theta(self, value: float) -> str:
        """A threshold as shown."""
        return format_theta(value, self.numbers.exact)

    @staticmethod
    def part(value: float) -> str:
        """ECE, Brier and its parts as shown (four decimals)."""
        return format_part(value)

    @staticmethod
    def cost(value: float) -> str:
        """A cost as shown."""
        return format_cost(value)

    @staticmethod
    def share(value: float) -> str:
        """A share or a mean score in a bin, two decimals."""
        return f"{value:.2f}"

    def header(self) -> str:
        """The line under the data's title: the split, its cases, the bins, the costs."""
        return self.strings["calib_header"].format(**self.fields)

    def shape(self, bins) -> str:
        """Where ``bins``' curve lies against the diagonal, in a sentence naming the model."""
        return self.strings[f"calib_shape_{bins.shape}"].format(model=self.model(bins.model))

    def bin_row(self, b, short: bool = False) -> str:
        """One bin in words: its range, positives of count, its share and mean score (``short``: a 4:3 frame's)."""
        key = "calib_bin_row_short" if short else "calib_bin_row"
        return self.strings[key].format(low=f"{b.low:.1f}", high=f"{b.high:.1f}", positives=b.positives,
                                                    count=b.count, fraction=self.share(b.fraction),
                                                    mean=self.share(b.mean))

    def model_row(self, bins) -> str:
        """A model's ECE on the reporting split."""
        return self.strings["calib_model_row"].format(model=self.model(bins.model), ece=self.part(bins.ece))

    def model_row_after(self) -> str:
        """The recalibrated model's ECE before and after."""
        f = self.numbers.fixed
        return self.strings["calib_model_row_after"].format(model=self.model(f.model), before=self.part(f.before.ece),
                                                            after=self.part(f.after.ece))

    def fit(self) -> str:
        """What was fitted, where, on how many cases."""
        return self.strings[f"calib_fit_{self.numbers.fixed.method}"].format(**self.fields)

    def takeaway(self) -> str:
        """The table's lesson: the recalibrated model separates better yet sits further off, or is the worst."""
        n, s = self.numbers, self.strings
        f = n.fixed.before
        others = [m for m in n.models if m.model != f.model]
        sharper = others and all(f.resolution > m.resolution for m in others)
        key = "calib_table_sharper" if sharper else "calib_table_worse"
        return s[key].format(model=self.model(f.model), resolution=self.part(f.resolution), ece=self.part(f.ece))

    def table_items(self) -> str:
        """Every model's ECE, Brier and log-loss, for the narration."""
        s = self.strings
        return "; ".join(s["say_calib_table_item"].format(model=self.model(m.model), ece=self.part(m.ece),
                                                          brier=self.part(m.brier), log_loss=f"{m.log_loss:.3f}")
                         for m in self.numbers.models)
