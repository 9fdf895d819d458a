"""verify() cross-checks a report against scikit-learn and names what differs."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from umbral.metrics import REPORT_KEYS, VerificationError, build_report, verify


@pytest.fixture
def clinic20_report(clinic20_sweep):
    return build_report(clinic20_sweep)


def test_report_keys_in_order(clinic20_report):
    assert tuple(clinic20_report) == REPORT_KEYS
    assert clinic20_report["verified_against_sklearn"] is False
    assert clinic20_report["majority_baseline_accuracy"] == 0.75


def test_verify_accepts_a_correct_report(clinic20_sweep, clinic20_report):
    assert verify(clinic20_sweep, clinic20_report) is True
    assert verify(clinic20_sweep) is True


@pytest.mark.parametrize(
    "key, delta",
    [
        ("auc", 0.01),
        ("tp", 1),
        ("fn", -1),
        ("average_precision", 1e-6),
        ("log_loss", 0.01),
        ("brier", -0.01),
        ("precision", 0.001),
        ("recall", -0.1),
        ("specificity", 0.01),
        ("fpr", 0.01),
        ("npv", 0.01),
        ("f1", 0.01),
        ("mcc", -0.01),
        ("accuracy", 0.05),
        ("balanced_accuracy", 0.01),
        ("majority_baseline_accuracy", 0.01),
    ],
)
def test_corrupted_report_is_caught(clinic20_sweep, clinic20_report, key, delta):
    clinic20_report[key] += delta
    # A one-point grid: the report check is what is under test, and it is 50x faster.
    with pytest.raises(VerificationError, match=rf"^{key}\b"):
        verify(clinic20_sweep, clinic20_report, grid=[0.5])


def test_verification_error_is_an_assertion_error():
    assert issubclass(VerificationError, AssertionError)


def test_corrupted_threshold_is_caught(clinic20_sweep, clinic20_report):
    # The counts no longer match the threshold the report claims.
    clinic20_report["threshold"] = 0.3
    with pytest.raises(VerificationError, match="at threshold 0.3"):
        verify(clinic20_sweep, clinic20_report, grid=[0.5])


@pytest.mark.parametrize("key, value", [("n", 21), ("positives", 6), ("negatives", 14), ("prevalence", 0.3)])
def test_corrupted_totals_are_caught(clinic20_sweep, clinic20_report, key, value):
    report = {**clinic20_report, key: value}
    with pytest.raises(VerificationError, match=key):
        verify(clinic20_sweep, report)


@pytest.mark.parametrize("rule", ["max_f1", "youden_j", "closest_to_top_left", "min_expected_cost",
                                  "cost_ratio", "target_recall", "target_precision"])
def test_a_wrong_chosen_threshold_is_caught(clinic20_sweep, clinic20_report, rule):
    thresholds = dict(clinic20_report["thresholds"])
    thresholds[rule] = 0.98 if thresholds[rule] != 0.98 else 0.02
    with pytest.raises(VerificationError, match=rule):
        verify(clinic20_sweep, {**clinic20_report, "thresholds": thresholds})


def test_thresholds_are_rederived_with_the_report_costs(clinic20_sweep):
    report = build_report(clinic20_sweep, cost_fn=3.0, cost_fp=2.0)
    assert verify(clinic20_sweep, report, cost_fn=3.0, cost_fp=2.0)
    with pytest.raises(VerificationError, match="cost"):
        verify(clinic20_sweep, report, cost_fn=10.0, cost_fp=1.0)


@pytest.mark.parametrize("key, delta", [("tp", 1), ("precision", 1e-6), ("mcc", -1e-6), ("balanced_accuracy", 1e-6)])
def test_a_wrong_number_at_one_grid_threshold_is_caught(clinic20_sweep, monkeypatch, key, delta):
    """The grid is checked all at once; one wrong number at one θ still names itself."""
    honest = clinic20_sweep.grid()

    def one_wrong(grid=None):
        bad = dict(honest[20].as_dict())
        bad[key] += delta
        return (*honest[:20], SimpleNamespace(as_dict=lambda: bad), *honest[21:])

    monkeypatch.setattr(type(clinic20_sweep), "grid", lambda self, grid=None: one_wrong(grid))
    with pytest.raises(VerificationError, match=rf"^{key} at threshold 0.4\b"):
        verify(clinic20_sweep)
