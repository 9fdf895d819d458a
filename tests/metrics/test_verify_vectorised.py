"""The vectorised cross-check: one scikit-learn count per split, still complete, still strict."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from sklearn import metrics as skm

from umbral.metrics import Sweep, VerificationError, build_report, verify
from umbral.metrics.curves import log_loss, roc_curve
from umbral.metrics.verify import SklearnCounts, _chunked_mean


def _tied_scores(n: int, seed: int):
    rng = np.random.default_rng(seed)
    y_true = (rng.random(n) < 0.3).astype(np.int8)
    y_score = np.where(y_true == 1, rng.beta(4, 2, n), rng.beta(2, 4, n))
    tied = rng.random(n) < 0.5
    y_score[tied] = np.round(y_score[tied], 2)
    return y_true, y_score


@pytest.mark.parametrize("n, seed", [(7, 0), (200, 1), (5000, 2)])
def test_numbers_read_off_one_count_equal_scikit_learns_functions(n, seed):
    y_true, y_score = _tied_scores(n, seed)
    if y_true.min() == y_true.max():
        y_true[0] = 1 - y_true[0]
    theirs = SklearnCounts(y_true, y_score)
    fpr, tpr, _ = skm.roc_curve(y_true, y_score, drop_intermediate=False)
    ours_fpr, ours_tpr = theirs.roc
    np.testing.assert_array_equal(ours_fpr, fpr)
    np.testing.assert_array_equal(ours_tpr, tpr)
    assert theirs.auc == skm.roc_auc_score(y_true, y_score)  # bit for bit
    assert theirs.average_precision == pytest.approx(skm.average_precision_score(y_true, y_score), rel=1e-12)


def test_the_sweep_without_an_index_sort_equals_the_argsort_one():
    y_true, y_score = _tied_scores(20_000, 3)
    sweep = Sweep.from_scores(y_true, y_score)
    order = np.argsort(y_score, kind="stable")[::-1]
    scores, labels = y_score[order], y_true[order]
    last = np.r_[np.flatnonzero(scores[1:] != scores[:-1]), scores.size - 1]
    thresholds, tp, fp = sweep.descending_steps()
    np.testing.assert_array_equal(thresholds, scores[last])
    np.testing.assert_array_equal(tp, np.cumsum(labels)[last])
    np.testing.assert_array_equal(fp, last + 1 - np.cumsum(labels)[last])
    np.testing.assert_array_equal(roc_curve(sweep)[0], roc_curve(y_true, y_score)[0])


def test_block_means_equal_the_whole_array_mean(monkeypatch):
    y_true, y_score = _tied_scores(10_000, 4)
    whole_loss = skm.log_loss(y_true, y_score, labels=[0, 1])
    whole_brier = skm.brier_score_loss(y_true, y_score)
    # `metrics.verify` is also the name of the function the package exports.
    monkeypatch.setattr(sys.modules["umbral.metrics.verify"], "_CHUNK", 999)  # ragged last block on purpose
    assert _chunked_mean(skm.log_loss, y_true, y_score, labels=[0, 1]) == pytest.approx(whole_loss, rel=1e-12)
    assert _chunked_mean(skm.brier_score_loss, y_true, y_score, labels=[0, 1]) == pytest.approx(whole_brier,
                                                                                               rel=1e-12)
    assert log_loss(y_true, y_score) == pytest.approx(whole_loss, rel=1e-12)


def _one_count_wrong(monkeypatch, at: float = 0.5):
    """Sweep.counts says one more true positive at θ = ``at`` than there is."""
    honest = Sweep.counts

    def counts(self, thresholds):
        tp, fp, fn, tn = (np.array(v) for v in honest(self, thresholds))
        tp[np.asarray(thresholds, dtype=float) == at] += 1
        return tp, fp, fn, tn

    monkeypatch.setattr(Sweep, "counts", counts)


def test_a_wrong_count_at_1e5_is_caught(monkeypatch):
    y_true, y_score = _tied_scores(100_000, 5)
    sweep = Sweep.from_scores(y_true, y_score)
    report = build_report(sweep)
    assert verify(sweep, report) is True
    _one_count_wrong(monkeypatch)
    with pytest.raises(VerificationError, match=r"^tp at threshold 0.5: umbral \d+ != scikit-learn \d+"):
        verify(Sweep.from_scores(y_true, y_score), build_report(sweep))


def test_a_wrong_count_gets_report_and_render_refused(tmp_path, monkeypatch):
    """End to end on a 1e5-row file: `umbral report` exits 1, and the render's facts refuse."""
    from click.testing import CliRunner

    from umbral.cli import cli
    from umbral.data import load_study
    from umbral.scenes.facts import facts_for

    y_true, y_score = _tied_scores(100_000, 6)
    path = tmp_path / "scores.csv"
    path.write_text("y_true,y_score\n" + "\n".join(f"{a},{b!r}" for a, b in zip(y_true, y_score.tolist(), strict=True)))
    assert CliRunner().invoke(cli, ["report", "--data", str(path)]).exit_code == 0
    _one_count_wrong(monkeypatch)
    result = CliRunner().invoke(cli, ["report", "--data", str(path)])
    assert result.exit_code == 1
    assert "refusing to publish" in result.output and "tp at threshold 0.5" in result.output
    study = load_study(str(path))
    with pytest.raises(VerificationError, match="tp at threshold 0.5"):
        facts_for(study.select(None, None), study=study)


def test_the_report_verified_side_by_side_equals_the_one_verified_after(monkeypatch):
    """verified_report counts scikit-learn's side in a second thread; the result is the same report."""
    import threading

    from umbral.metrics import verified_report

    y_true, y_score = _tied_scores(50_000, 7)
    threads = []
    honest = SklearnCounts.__init__

    def counted(self, *args):
        threads.append(threading.current_thread().name)
        honest(self, *args)

    monkeypatch.setattr(SklearnCounts, "__init__", counted)
    report, sweep, counts = verified_report(y_true, y_score, threshold=0.3, cost_fn=5.0, cost_fp=2.0)
    assert threads == ["umbral-sklearn-counts"]
    after = build_report(Sweep.from_scores(y_true, y_score), threshold=0.3, cost_fn=5.0, cost_fp=2.0)
    assert verify(sweep, after, cost_fn=5.0, cost_fp=2.0) is True
    assert report == {**after, "verified_against_sklearn": True}
    np.testing.assert_array_equal(sweep.y_score, y_score)
    assert (counts.positives, counts.negatives) == (sweep.positives, sweep.negatives)


def test_counts_begun_on_other_scores_are_not_used():
    from umbral.metrics.verify import _Begun

    y_true, y_score = _tied_scores(2_000, 8)
    begun = _Begun(y_true, y_score)
    other = y_score.copy()
    other[5] += 0.01
    with pytest.raises(ValueError, match="begun on other labels or scores"):
        begun.counts_for(Sweep.from_scores(y_true, other))
    assert begun.counts_for(Sweep.from_scores(y_true, y_score)).tps[-1] == y_true.sum()


def test_an_error_in_scikit_learns_thread_reaches_the_caller(monkeypatch):
    from umbral.metrics import verified_report

    def broken(self, *args):
        raise RuntimeError("scikit-learn broke")

    monkeypatch.setattr(SklearnCounts, "__init__", broken)
    with pytest.raises(RuntimeError, match="scikit-learn broke"):
        verified_report(*_tied_scores(1_000, 9))
