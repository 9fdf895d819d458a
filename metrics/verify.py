"""Cross-check every number against scikit-learn before it reaches a screen."""

from __future__ import annotations

import math
import threading
from concurrent.futures import Future
from functools import cached_property

import numpy as np

from umbral.metrics.curves import roc_curve
from umbral.metrics.report import build_report
from umbral.metrics.sweep import GRID, Sweep, check_sweep
from umbral.metrics.thresholds import thresholds_from_rates
from umbral.metrics.validation import check_binary_scores, check_grid, check_nonnegative, check_number, check_rate

__all__ = ["SklearnCounts", "VerificationError", "sklearn_metrics", "verified_report", "verify",
           "verify_lab_numbers"]

# Relative tolerance: the two implementations sum in different orders.
_RTOL = 1e-9
_ATOL = 1e-12


class VerificationError(AssertionError):
    """A number of ours disagrees with scikit-learn's."""


def _check(name: str, ours, theirs) -> None:
    if not math.isclose(float(ours), float(theirs), rel_tol=_RTOL, abs_tol=_ATOL):
        # Plain numbers in the message: a count as an int, a rate as a float (not np.float64(...)).
        shown = int(theirs) if isinstance(ours, int | np.integer) and float(theirs).is_integer() else float(theirs)
        raise VerificationError(f"{name}: umbral {ours!r} != scikit-learn {shown!r}")


# Four cells standing for a whole split: (truth, prediction) = TP, FN, FP, TN, weighted by
# their counts. scikit-learn's metric functions on them give exactly what they give on the
# full arrays, in O(1) instead of one O(n log n) label check per call.
_CELL_TRUE = np.array([1, 1, 0, 0], dtype=np.int8)
_CELL_PRED = np.array([1, 0, 1, 0], dtype=np.int8)


def sklearn_metrics(tp, fp, fn, tn) -> dict:
    """Every per-threshold number from scikit-learn's own metric functions, given its counts.

    The counts may be weighted (floats): a split reweighted to another prevalence is the
    same four cells with other weights, exactly what ``sample_weight`` does on the full arrays.
    """
    from sklearn import metrics as skm

    for value, name in ((tp, "tp"), (fp, "fp"), (fn, "fn"), (tn, "tn")):
        check_nonnegative(check_number(value, name), name)
    if tp + fp + fn + tn <= 0:
        raise ValueError("the counts must not all be 0: there is nothing to measure")
    cells = {"y_true": _CELL_TRUE, "y_pred": _CELL_PRED,
             "sample_weight": np.array([tp, fn, fp, tn], dtype=float)}
    precision, recall, f1, _ = skm.precision_recall_fscore_support(**cells, average="binary", zero_division=0)
    npv, specificity, _, _ = skm.precision_recall_fscore_support(**cells, average="binary", pos_label=0,
                                                                 zero_division=0)
    n = tp + fp + fn + tn
    expected = {
        "tp": tp, "fp": fp, "fn": fn, "tn": tn, "n": n, "positives": tp + fn, "negatives": fp + tn,
        "prevalence": (tp + fn) / n, "accuracy": skm.accuracy_score(**cells),
        "precision": precision, "recall": recall, "specificity": specificity, "npv": npv, "f1": f1,
        "mcc": skm.matthews_corrcoef(**cells), "fpr": 1.0 - specificity if fp + tn else 0.0,
    }
    if tp + fn and fp + tn:  # scikit-learn warns and differs when a class is absent
        expected["balanced_accuracy"] = skm.balanced_accuracy_score(**cells)
    return expected


def _grid_expected(tp, fp, fn, tn) -> dict:
    """The per-threshold numbers at many thresholds at once, from scikit-learn's counts.

    Written here from the definitions (0/0 = 0, as scikit-learn's ``zero_division=0``), apart
    from ``metrics.point`` on purpose: a check that reused the core's formulas would check
    nothing. The suite holds these equal to scikit-learn's metric functions at every threshold.
    """
    tp, fp, fn, tn = (np.asarray(v, dtype=float) for v in (tp, fp, fn, tn))

    def share(part, whole):
        return np.divide(part, whole, out=np.zeros_like(part), where=whole > 0)

    n = tp + fp + fn + tn
    recall, specificity = share(tp, tp + fn), share(tn, tn + fp)
    spread = np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
    return {
        "tp": tp, "fp": fp, "fn": fn, "tn": tn, "n": n, "positives": tp + fn, "negatives": fp + tn,
        "prevalence": share(tp + fn, n), "accuracy": share(tp + tn, n), "precision": share(tp, tp + fp),
        "recall": recall, "specificity": specificity, "npv": share(tn, tn + fn),
        "f1": share(2 * tp, 2 * tp + fp + fn), "mcc": share(tp * tn - fp * fn, spread),
        "fpr": share(fp, fp + tn), "balanced_accuracy": (recall + specificity) / 2,
    }


def _compare_snapshots(snapshots, expected: dict) -> None:
    """Raise on the first number in ``snapshots`` (dicts) that differs from ``expected`` arrays."""
    for i, values in enumerate(snapshots):
        where = f"at threshold {values['threshold']:g}"
        for name, theirs in expected.items():
            if name in values:
                _check(f"{name} {where}", values[name], theirs[i])


class SklearnCounts:
    """scikit-learn's counts for one split, from one ``confusion_matrix_at_thresholds`` call.

    That call (a stable sort and the cumulative counts at every distinct score) is the
    expensive part of ``roc_curve``, ``roc_auc_score`` and ``average_precision_score``
    alike; every other number here is read off its arrays exactly as those functions
    read them (the suite holds them equal), so at n = 1e7 the labels are encoded and
    the scores sorted once per split instead of once per number. The facts of a render
    carry the one made while verifying, so a scene's own checks need no second sort.

    ``tps[i]``/``fps[i]``: positives/negatives scoring at or above ``cuts[i]`` (decreasing).
    """

    def __init__(self, y_true, y_score):
        from sklearn import metrics as skm

        _, self.fps, _, self.tps, self.cuts = skm.confusion_matrix_at_thresholds(y_true, y_score)

    @property
    def positives(self) -> int:
        """Positives in the split."""
        return int(self.tps[-1])

    @property
    def negatives(self) -> int:
        """Negatives in the split."""
        return int(self.fps[-1])

    def counts(self, thresholds):
        """TP, FP, FN, TN at each threshold, from scikit-learn's counts at its (decreasing) cuts."""
        # The counts at θ are those of the smallest cut >= θ (none: nothing flagged).
        ascending = self.cuts[::-1]
        index = np.searchsorted(ascending, np.asarray(thresholds, dtype=float), side="left")
        above = index < ascending.size
        pick = np.where(above, ascending.size - 1 - np.minimum(index, ascending.size - 1), 0)
        tp = np.where(above, self.tps[pick], 0)
        fp = np.where(above, self.fps[pick], 0)
        return tp, fp, self.tps[-1] - tp, self.fps[-1] - fp

    @cached_property
    def roc(self):
        """``(fpr, tpr)`` as ``roc_curve(drop_intermediate=False)`` returns them (a (0, 0) point first)."""
        return _rates(self.tps, self.fps)

    @cached_property
    def auc(self) -> float:
        """``roc_auc_score``, bit for bit: scikit-learn's ``auc`` under the ROC ``roc_curve`` returns by default.

        That curve drops the points collinear with their neighbours (``drop_intermediate``),
        which changes the trapezoid sum in its last bit.
        """
        from sklearn.metrics import auc

        tps, fps = self.tps, self.fps
        if fps.shape[0] > 2:
            corners = np.flatnonzero(np.r_[True, np.logical_or(np.diff(fps, 2), np.diff(tps, 2)), True])
            tps, fps = tps[corners], fps[corners]
        return float(auc(*_rates(tps, fps)))

    @cached_property
    def average_precision(self) -> float:
        """``average_precision_score``: ``-sum(diff(recall) * precision[:-1])`` on its PR curve."""
        precision, recall = self.precision_curve()[::-1], np.r_[(self.tps / self.tps[-1])[::-1], 0.0]
        return float(-np.sum(np.diff(recall) * precision[:-1]))

    def precision_curve(self, positive_weight: float = 1.0, negative_weight: float = 1.0) -> np.ndarray:
        """Precision at every cut, as ``precision_recall_curve`` reads it with per-class ``sample_weight``.

        One entry per ROC point from the highest cut down, with precision 1 first for the point
        flagging no one (scikit-learn's last entry, as it lists thresholds ascending). Weighting
        every positive by ``positive_weight`` multiplies its counts by it, and so for negatives.
        """
        tps, fps = self.tps * float(positive_weight), self.fps * float(negative_weight)
        flagged = tps + fps
        precision = np.zeros_like(tps)
        np.divide(tps, flagged, out=precision, where=flagged != 0)
        return np.r_[1.0, precision]

    def computed(self) -> SklearnCounts:
        """The same, with the ROC, AUC and AP worked out now (in the thread that calls this)."""
        self.auc, self.average_precision  # noqa: B018  (cached properties: reading them computes them)
        return self

    def __getstate__(self) -> dict:
        """Pickled for a render worker without the cached ROC (two more n-long arrays)."""
        return {key: value for key, value in self.__dict__.items() if key != "roc"}


def _rates(tps, fps):
    """``(fpr, tpr)`` from a (0, 0) point on, as ``roc_curve`` divides (NaN for an absent class)."""
    tps, fps = np.r_[0, tps], np.r_[0, fps]
    fpr = fps / fps[-1] if fps[-1] > 0 else np.full(fps.shape, np.nan)
    tpr = tps / tps[-1] if tps[-1] > 0 else np.full(tps.shape, np.nan)
    return fpr, tpr


class _Begun:
    """scikit-learn's counts for one split, computed in a second thread from the moment it is made.

    NumPy's sorts and cumulative sums release the GIL, so scikit-learn's sort of the
    scores and umbral's own run on two cores at once; at n = 1e7 that hides most of
    the cross-check behind the sweep. :func:`verify` takes the counts only for the
    very arrays they were counted on.
    """

    def __init__(self, y_true, y_score):
        self.y_true, self.y_score = y_true, y_score
        self._future = Future()
        threading.Thread(target=self._count, name="umbral-sklearn-counts", daemon=True).start()

    def _count(self) -> None:
        self._future.set_running_or_notify_cancel()
        try:
            # scikit-learn's import, too, overlaps umbral's sweep.
            self._future.set_result(SklearnCounts(self.y_true, self.y_score).computed())
        except BaseException as error:  # raised again in the thread that asks for the counts
            self._future.set_exception(error)

    def counts_for(self, sweep: Sweep) -> SklearnCounts:
        """The counts, once ready; an error if ``sweep`` holds other labels or scores."""
        if not (np.array_equal(self.y_true, sweep.y_true) and np.array_equal(self.y_score, sweep.y_score)):
            raise ValueError("scikit-learn's counts were begun on other labels or scores than this sweep's")
        return self._future.result()


def verified_report(y_true, y_score, threshold: float = 0.5, cost_fn: float = 10.0, cost_fp: float = 1.0,
                    grid=GRID) -> tuple[dict, Sweep, SklearnCounts]:
    """The report and sweep of one split, every number checked against scikit-learn, and its counts.

    The same as ``verify(sweep, build_report(sweep, ...))``, with scikit-learn's counting
    begun before umbral's sweep so the two run side by side; the counts are returned for
    later checks of the same split. Raises :class:`VerificationError` naming the first
    number that differs.
    """
    y_true, y_score = check_binary_scores(y_true, y_score)
    # scikit-learn is imported in the second thread only: this one imports nothing until verify().
    begun = _Begun(y_true, y_score)
    sweep = Sweep.from_scores(y_true, y_score)
    report = build_report(sweep, threshold=threshold, cost_fn=cost_fn, cost_fp=cost_fp, grid=grid)
    report["verified_against_sklearn"] = verify(sweep, report, grid=grid, cost_fn=cost_fn, cost_fp=cost_fp,
                                                begun=begun)
    return report, sweep, begun.counts_for(sweep)


def _check_named(snapshots, theirs: SklearnCounts) -> None:
    """Check a handful of snapshots (dicts) with scikit-learn's metric functions themselves."""
    counts = theirs.counts([values["threshold"] for values in snapshots])
    for i, values in enumerate(snapshots):
        expected = sklearn_metrics(*(int(c[i]) for c in counts))
        _compare_snapshots([values], {name: [theirs_] for name, theirs_ in expected.items()})


_CHUNK = 1 << 20


def _check_roc(name: str, theirs: SklearnCounts, fpr, tpr) -> None:
    """Every ROC vertex against scikit-learn's, a block at a time (no n-long temporaries)."""
    their_fpr, their_tpr = theirs.roc
    same = their_fpr.shape == np.shape(fpr) == np.shape(tpr)
    for start in range(0, their_fpr.size if same else 0, _CHUNK):
        block = slice(start, start + _CHUNK)
        same = (np.allclose(their_fpr[block], fpr[block], rtol=_RTOL, atol=_ATOL)
                and np.allclose(their_tpr[block], tpr[block], rtol=_RTOL, atol=_ATOL))
        if not same:
            break
    if not same:
        raise VerificationError(f"{name}ROC curve points differ from scikit-learn's roc_curve")


def _chunked_mean(metric, y_true, y_score, **options) -> float:
    """A per-sample mean metric of scikit-learn's (log-loss, Brier) over blocks of 2**20 samples.

    The function itself runs on every sample; the blocks only bound its temporaries (log_loss
    builds two n x 2 float arrays), and the block means are weighted by their sizes.
    """
    if y_true.size <= _CHUNK:
        return float(metric(y_true, y_score, **options))
    total = 0.0
    for start in range(0, y_true.size, _CHUNK):
        block = slice(start, start + _CHUNK)
        total += float(metric(y_true[block], y_score[block], **options)) * y_true[block].size
    return total / y_true.size


def verify(sweep: Sweep, report: dict | None = None, grid=GRID, cost_fn: float = 10.0, cost_fp: float = 1.0,
           target_recall: float = 0.9, target_precision: float = 0.9, begun: _Begun | None = None) -> bool:
    """Recompute the report and every grid snapshot with scikit-learn.

    The report's chosen thresholds are re-derived from scikit-learn's own
    numbers on the grid (pass the costs and targets the report was built with).
    Returns True, or raises :class:`VerificationError` naming the first
    number that differs. scikit-learn is imported here, not at module load,
    so the metrics core itself never depends on it. ``begun`` is how
    :func:`verified_report` hands over counts it started early.
    """
    from sklearn import metrics as skm

    check_sweep(sweep)
    if report is not None and not isinstance(report, dict):
        raise ValueError(f"report must be the dict build_report returns, not {type(report).__name__}")
    y_true, y_score = sweep.y_true, sweep.y_score
    grid = check_grid(grid)
    if report is not None:  # the per-sample means first: they need no counts, so they run while those are made
        _check("log_loss", report["log_loss"], _chunked_mean(skm.log_loss, y_true, y_score, labels=[0, 1]))
        _check("brier", report["brier"], _chunked_mean(skm.brier_score_loss, y_true, y_score, labels=[0, 1]))
    sklearn_counts = SklearnCounts(y_true, y_score) if begun is None else begun.counts_for(sweep)
    theirs = _grid_expected(*sklearn_counts.counts(grid))
    _compare_snapshots([snapshot.as_dict() for snapshot in sweep.grid(grid)], theirs)
    our_fpr, our_tpr, _ = roc_curve(sweep)
    _check_roc("", sklearn_counts, our_fpr, our_tpr)
    if report is None:
        return True
    _check_named([report], sklearn_counts)
    _check("majority_baseline_accuracy", report["majority_baseline_accuracy"],
           max(np.mean(y_true), 1 - np.mean(y_true)))
    _check("auc", report["auc"], sklearn_counts.auc)
    _check("average_precision", report["average_precision"], sklearn_counts.average_precision)
    rates = {key: theirs[key] for key in ("f1", "recall", "fpr", "precision", "fn", "fp")}
    expected = thresholds_from_rates(rates, cost_fn, cost_fp, target_recall, target_precision, grid)
    for rule, value in expected.items():
        ours = report["thresholds"].get(rule)
        if (ours is None) != (value is None) or (value is not None and not math.isclose(ours, value)):
            raise VerificationError(f"thresholds[{rule}]: umbral {ours!r} != from scikit-learn {value!r}")
    return True


def verify_lab_numbers(y_true, y_score, thresholds, tp, fp, vertex_tp, vertex_fp, auc, average_precision) -> bool:
    """Check what the lab page carries: counts at ``thresholds``, the curve's vertices, AUC and AP.

    ``vertex_tp``/``vertex_fp`` are the counts flagged at every distinct score, from (0, 0) to
    (P, N), before any thinning for drawing. Raises :class:`VerificationError` on a difference.
    """
    y_true, y_score = check_binary_scores(y_true, y_score)
    thresholds = check_grid(thresholds)
    for name, counts in (("tp", tp), ("fp", fp), ("vertex_tp", vertex_tp), ("vertex_fp", vertex_fp)):
        check_nonnegative(counts, name)
    check_rate(check_number(auc, "auc"), "auc")
    check_rate(check_number(average_precision, "average_precision"), "average_precision")
    counted = SklearnCounts(y_true, y_score)
    their_tp, their_fp, _, _ = counted.counts(thresholds)
    for name, ours, theirs in (("tp", tp, their_tp), ("fp", fp, their_fp)):
        wrong = np.flatnonzero(np.asarray(ours) != theirs)
        if wrong.size:
            i = wrong[0]
            raise VerificationError(f"{name} at threshold {thresholds[i]:g}: umbral {ours[i]} != "
                                    f"scikit-learn {theirs[i]}")
    if not (np.array_equal(vertex_tp, np.r_[0, counted.tps]) and np.array_equal(vertex_fp, np.r_[0, counted.fps])):
        raise VerificationError("the curve's vertices differ from scikit-learn's confusion_matrix_at_thresholds")
    _check("auc", auc, counted.auc)
    _check("average_precision", average_precision, counted.average_precision)
    return True
