"""Every public function of metrics/ checks its arguments: a ``ValueError`` naming what is wrong (issue 15, §5).

Each function gets one valid call (it must work) and calls with one argument made bad (each must raise
``ValueError``, never a TypeError, a NaN result or a silent wrong number). A meta-test makes sure no
public function is left out of the table.
"""

from __future__ import annotations

import importlib
import inspect
import warnings
from types import SimpleNamespace

import numpy as np
import pytest

from umbral.metrics.compare import ChoiceSettings
from umbral.metrics.sweep import GRID, Sweep

MODULES = ("base_rate", "binormal", "choice", "compare", "curves", "density", "multiclass", "point",
           "ranking", "report", "sweep", "thresholds", "validation", "verify", "verify_choice")
#: The calibration chapter's modules (issue 30), tabled by :func:`_calibration_rows`.
CALIBRATION_MODULES = ("calibration", "calibration_lesson", "verify_calibration")

Y, S = [0, 1, 1, 0, 1, 0], [0.1, 0.8, 0.4, 0.35, 0.9, 0.6]
SWEEP = Sweep.from_scores(Y, S)
COUNTS = (4, 2, 1, 13)
#: Bad values for a count: negative, NaN, infinite, text, None, a mis-shaped array.
BAD_COUNTS = (-1, float("nan"), float("inf"), "4", None)
#: Bad values for a rate in 0..1.
BAD_RATES = (-0.1, 1.5, float("nan"), "0.5", None)
BAD_COSTS = (-1.0, float("nan"), float("inf"), "10", None, [1.0, 2.0])
BAD_LABELS = ([0, 2, 1, 0, 1, 0], ["a", "b", "a", "b", "a", "b"], [0, 1])
BAD_SCORES = ([0.1, float("nan"), 0.4, 0.35, 0.9, 0.6], ["x"] * 6, [[0.1, 0.2]] * 6, None)
BAD_SWEEPS = ((Y, S), None, "sweep")
BAD_GRIDS = ([], [0.1, float("nan")], "0.5", [[0.1, 0.2]])
#: Bad scores where a probability is needed: BAD_SCORES and a score above 1.
BAD_PROBABILITIES = (*BAD_SCORES, [1.2, 0.8, 0.4, 0.35, 0.9, 0.6])
BAD_NAMES = (None, "", "  ", 3)
BAD_PAIRS = (None, (Y,), (Y, S, Y), "ys", ([0, 2, 1, 0, 1, 0], S), (Y, [0.1, float("nan"), 0.4, 0.35, 0.9, 0.6]))


def _settings(**changes):
    values = dict(rule="min_cost", step="0.02", cost_fn=10.0, cost_fp=1.0, target_recall=0.9,
                  target_precision=0.9, resamples=20, seed=1)
    return ChoiceSettings(**{**values, **changes})


def _bad(function, good: dict, **bad_values):
    """One call per bad value: ``(function, arguments)`` with one argument replaced."""
    return [(function, {**good, name: value}) for name, values in bad_values.items() for value in values]


def _count_cases(function, names=("tp", "fp", "fn", "tn")):
    good = dict(zip(("tp", "fp", "fn", "tn"), COUNTS, strict=True))
    cases = _bad(function, good, **{name: BAD_COUNTS for name in names})
    cases.append((function, {**good, "tp": np.array([1, 2]), "fp": np.array([1, 2, 3])}))  # two shapes
    return good, cases


def _table():
    """``{name: (function, good arguments, [(function, bad arguments), ...])}`` for every public function."""
    # ``from metrics import verify`` gives the function of that name, not the module: import by path.
    base_rate, binormal, choice, compare, curves, density, multiclass, point, ranking, report, sweep_module, \
        thresholds, validation, verify, verify_choice = (importlib.import_module(f"umbral.metrics.{name}")
                                                         for name in MODULES)

    table = {}

    def add(function, good, cases):
        table[f"{function.__module__}.{function.__name__}"] = (function, good, cases)

    for function in (point.accuracy, point.precision, point.recall, point.specificity, point.false_positive_rate,
                     point.negative_predictive_value, point.f1_score, point.balanced_accuracy,
                     point.matthews_corrcoef, point.prevalence):
        add(function, *_count_cases(function))
    good, cases = _count_cases(point.f_beta)
    add(point.f_beta, {**good, "beta": 2.0}, cases + _bad(point.f_beta, {**good, "beta": 2.0},
                                                        beta=(-1.0, float("nan"), "2", None)))
    good, cases = _count_cases(point.expected_cost)
    add(point.expected_cost, {**good, "cost_fn": 10.0, "cost_fp": 1.0},
        cases + _bad(point.expected_cost, {**good, "cost_fn": 10.0, "cost_fp": 1.0},
                     cost_fn=BAD_COSTS[:5], cost_fp=BAD_COSTS[:5]))
    good = dict(numerator=3, denominator=4)
    add(point.safe_ratio, good, _bad(point.safe_ratio, good, numerator=("3", None), denominator=("4", None)))
    good = dict(sensitivity=0.8, fpr=0.1, prevalence_value=0.25)
    add(point.ppv_at_prevalence, good, _bad(point.ppv_at_prevalence, good, sensitivity=BAD_RATES, fpr=BAD_RATES,
                                            prevalence_value=BAD_RATES))
    good = dict(sensitivity=0.8, fpr=0.1, prevalence_value=0.25, n=1000)
    add(base_rate.expected_counts, good, _bad(base_rate.expected_counts, good, sensitivity=BAD_RATES,
                                              fpr=BAD_RATES, prevalence_value=BAD_RATES, n=BAD_COSTS))
    good = dict(fpr=[0.0, 0.5, 1.0], tpr=[0.0, 0.8, 1.0], prevalence_value=0.3)
    add(base_rate.pr_curve_at_prevalence, good, _bad(
        base_rate.pr_curve_at_prevalence, good, fpr=([0.0, 2.0, 1.0], [0.0, 1.0], "x"), tpr=([0, -1, 1], [0.5]),
        prevalence_value=(0.0, 1.0, float("nan"), "0.3", [0.3, 0.4])))

    for function in (curves.roc_curve, curves.roc_auc, curves.precision_recall_curve, curves.average_precision,
                     curves.log_loss, curves.brier_score, ranking.count_ordered_pairs, sweep_module.grid_counts,
                     validation.check_binary_scores):
        good = dict(y_true=Y, y_score=S)
        cases = _bad(function, good, y_true=BAD_LABELS, y_score=BAD_SCORES)
        cases.append((function, dict(y_true=[], y_score=[])))
        if function in (curves.log_loss, curves.brier_score):
            cases.append((function, dict(y_true=Y, y_score=[0.1, 1.8, 0.4, 0.35, 0.9, 0.6])))
        if function is curves.roc_auc:
            cases.append((function, dict(y_true=[1, 1, 1], y_score=[0.2, 0.5, 0.9])))
        if function is sweep_module.grid_counts:
            cases += _bad(function, good, n_steps=(0, -5, 2.5, "50", None))
        add(function, good, cases)
    good = dict(y_true=Y, y_score=S, function="brier_score")
    add(validation.check_probabilities, good, _bad(validation.check_probabilities, good, y_score=([2.0] * 6,)))

    good = dict(scores=S)
    add(density.bandwidth, good, _bad(density.bandwidth, good, scores=([0.1, float("nan")], "x", None),
                                      rule=("gauss",)))
    good = dict(scores=S)
    add(density.kde_counts, good, _bad(density.kde_counts, good, scores=([0.1, float("inf")], "x"),
                                       grid=BAD_GRIDS, h=(0.0, -0.1, float("nan"), "0.1"),
                                       method=("fast",), bins=(0, 2.5, None)))
    good = dict(y_true=Y, y_score=S)
    add(density.class_densities, good, _bad(density.class_densities, good, y_true=BAD_LABELS,
                                            y_score=BAD_SCORES, grid=BAD_GRIDS, method=("fast",)))

    good = dict(y_true=["a", "b", "a"], y_pred=["a", "a", "b"])
    add(multiclass.confusion_matrix, good, _bad(multiclass.confusion_matrix, good, y_true=([], ["a"]),
                                                labels=([], ["z"], ["a", "a"])))
    good = dict(matrix=[[3, 1], [2, 4]])
    add(multiclass.multiclass_report, good, _bad(
        multiclass.multiclass_report, good,
        matrix=([[3, 1]], [[3, -1], [2, 4]], [[3.5, 1], [2, 4]], [[1, float("nan")], [2, 4]], "m", [], None),
        labels=(["only one"],)))

    good = dict(d=1.5, prevalence=0.1)
    bad_d, bad_pi = (-1.0, float("nan"), float("inf"), "1.5", None, [1.0, 2.0]), (0.0, 1.0, -0.2, "0.1", None)
    for function in (binormal.binormal_curves, binormal.binormal_average_precision, binormal.binormal_bins):
        add(function, good, _bad(function, good, d=bad_d, prevalence=bad_pi))
    add(binormal.binormal_bins, good,
        _bad(binormal.binormal_bins, good, d=bad_d, prevalence=bad_pi, population=(0, 2.5, "1000")))
    good = dict(x=0.5, d=1.5, prevalence=0.1)
    add(binormal.binormal_score, good, _bad(binormal.binormal_score, good, d=bad_d, prevalence=bad_pi))
    good = dict(theta=0.5, d=1.5, prevalence=0.1)
    bad_theta = (-0.5, 1.5, float("nan"), "0.5", None)
    for function in (binormal.binormal_rates, binormal.binormal_threshold_x, binormal.binormal_counts):
        add(function, good, _bad(function, good, theta=bad_theta, d=bad_d, prevalence=bad_pi))
    good = dict(theta=0.5, d=1.5, prevalence=0.1, cost_ratio=10.0)
    add(binormal.binormal_metrics, good, _bad(binormal.binormal_metrics, good, theta=bad_theta, d=bad_d,
                                              prevalence=bad_pi, cost_ratio=BAD_COSTS, population=(0, "x")))
    good = dict(d=1.5, prevalence=0.1, cost_ratio=10.0)
    add(binormal.binormal_min_cost_threshold, good, _bad(binormal.binormal_min_cost_threshold, good, d=bad_d,
                                                         prevalence=bad_pi, cost_ratio=BAD_COSTS))
    add(binormal.binormal_auc, dict(d=1.5), _bad(binormal.binormal_auc, dict(d=1.5), d=bad_d))
    good = dict(prevalence=0.1)
    add(binormal.binormal_positives, good, _bad(binormal.binormal_positives, good, prevalence=bad_pi,
                                                population=(0, 2.5, "1000")))
    add(binormal.normal_cdf, dict(z=0.5), _bad(binormal.normal_cdf, dict(z=0.5), z=("0.5", None)))

    good = dict(cost_fn=10.0, cost_fp=1.0)
    add(thresholds.cost_ratio_threshold, good, _bad(thresholds.cost_ratio_threshold, good, cost_fn=BAD_COSTS,
                                                    cost_fp=BAD_COSTS)
        + [(thresholds.cost_ratio_threshold, dict(cost_fn=0, cost_fp=0))])
    good = dict(sweep=SWEEP, rule="max_f1")
    for function in (thresholds.tied_thresholds, thresholds.grid_scores):
        add(function, good, _bad(function, good, sweep=BAD_SWEEPS, rule=("best",), cost_fn=BAD_COSTS,
                                 grid=BAD_GRIDS))
    good = dict(sweep=SWEEP)
    choice_bad = dict(sweep=BAD_SWEEPS, cost_fn=BAD_COSTS, cost_fp=BAD_COSTS, grid=BAD_GRIDS,
                      target_recall=BAD_RATES, target_precision=BAD_RATES)
    add(thresholds.choose_thresholds, good, _bad(thresholds.choose_thresholds, good, **choice_bad))
    add(report.build_report, good, _bad(report.build_report, good, **choice_bad,
                                        threshold=(float("nan"), "0.5", None, [0.5])))
    from umbral.metrics.compare import compare_models

    comparison = compare_models({"a": ((Y, S), (Y, S))}, "validation", "test", _settings())
    add(verify_choice.verify_comparison, dict(comparison=comparison),
        _bad(verify_choice.verify_comparison, dict(comparison=comparison), comparison=(None, {"models": []}, SWEEP)))
    tp, fp = SWEEP.counts(GRID)[:2]
    steps = SWEEP.descending_steps()
    good = dict(y_true=Y, y_score=S, thresholds=GRID, tp=tp, fp=fp, vertex_tp=np.r_[0, steps[1]],
                vertex_fp=np.r_[0, steps[2]], auc=curves.roc_auc(SWEEP),
                average_precision=curves.average_precision(SWEEP))
    add(verify.verify_lab_numbers, good, _bad(verify.verify_lab_numbers, good, y_true=BAD_LABELS, y_score=BAD_SCORES,
                                              thresholds=BAD_GRIDS, tp=(None, "x"), vertex_fp=([-1, 2],),
                                              auc=BAD_RATES, average_precision=BAD_RATES))
    good = dict(tp=4, fp=2, fn=1, tn=13)
    add(verify.sklearn_metrics, good, _bad(verify.sklearn_metrics, good, tp=BAD_COUNTS, fp=BAD_COUNTS, fn=BAD_COUNTS,
                                           tn=BAD_COUNTS) + [(verify.sklearn_metrics, dict(tp=0, fp=0, fn=0, tn=0))])
    good = dict(y_true=Y, y_score=S)
    add(verify.verified_report, good, _bad(verify.verified_report, good, y_true=BAD_LABELS, y_score=BAD_SCORES,
                                           threshold=(float("nan"), "0.5", None), cost_fn=BAD_COSTS,
                                           grid=BAD_GRIDS))
    good = dict(sweep=SWEEP)
    add(verify.verify, good, _bad(verify.verify, good, sweep=BAD_SWEEPS, grid=BAD_GRIDS, report=("r", [1])))

    good = dict(sweep=SWEEP, rule="max_f1", grid=GRID)
    add(choice.choose_threshold, good, _bad(choice.choose_threshold, good, **{**choice_bad, "rule": ("best",)}))
    good = dict(step="0.02", sweep=SWEEP)
    add(choice.choice_grid, good, _bad(choice.choice_grid, good, step=("0.05",), sweep=BAD_SWEEPS))
    good = dict(rule="min_cost", tp=4, fp=2, fn=1, tn=13)
    add(choice.rule_metric, good, _bad(choice.rule_metric, good, rule=("best",), tp=BAD_COUNTS, fn=BAD_COUNTS,
                                       cost_fn=BAD_COSTS))
    both = dict(choosing=SWEEP, reporting=SWEEP)
    pair_bad = dict(choosing=BAD_SWEEPS, reporting=BAD_SWEEPS, cost_fn=BAD_COSTS, grid=BAD_GRIDS,
                    target_recall=BAD_RATES)
    add(choice.choose_then_report, {**both, "resamples": 20},
        _bad(choice.choose_then_report, {**both, "resamples": 20}, **pair_bad, rule=("best",)))
    good = dict(rule="min_cost", honest=[236.0, 240.0], peeked=230.0)
    add(choice.flattery, good, _bad(choice.flattery, good, rule=("best", None), honest=("x", None, [None]),
                                    peeked=("230", None)))
    good = dict(rule="min_cost", on_report=[236.0, float("nan"), 240.0], peeked=230.0)
    add(choice.expected_optimism, good, _bad(choice.expected_optimism, good, rule=("best",),
                                             on_report=("x", None, [float("inf")]), peeked=("230", float("inf"))))
    good = {**both, "rule": "min_cost", "resamples": 20}
    add(choice.wobble, good, _bad(choice.wobble, good, **pair_bad, resamples=(0, 2.5, "20")))
    good = dict(scores={"a": ((Y, S), (Y, S))}, choose_on="validation", report_on="test", settings=_settings())
    add(compare.compare_models, good, _bad(
        compare.compare_models, good, scores=({}, None, {"a": (Y, S, Y)}, {"a": ((Y, S), (Y, [0.1] * 5))}),
        settings=(None, {"rule": "min_cost"}, _settings(rule="best"), _settings(cost_fn=-1.0))))
    study = SimpleNamespace(splits=("validation", "test"), is_single=False, pairs=lambda *_: {"a": ((Y, S), (Y, S))},
                            choice_splits=lambda *_: ("validation", "test", None))
    good = dict(study=study, settings=_settings())
    add(verify_choice.verified_comparison, good, _bad(verify_choice.verified_comparison, good,
                                                      study=(None, "study"), settings=(None, {"rule": "min_cost"})))

    add(validation.check_counts, dict(zip(("tp", "fp", "fn", "tn"), COUNTS, strict=True)),
        _count_cases(validation.check_counts)[1])
    for function, good, bad in (
        (validation.check_nonnegative, dict(value=1.0, name="x"), dict(value=BAD_COSTS[:5])),
        (validation.check_numbers, dict(values=[1.0, float("inf")], name="x"), dict(values=("1", None, [None]))),
        (validation.check_number, dict(value=1.0, name="x"), dict(value=(float("nan"), "1", None, [1.0]))),
        (validation.check_rate, dict(value=0.5, name="x"), dict(value=BAD_RATES)),
        (validation.check_positive_int, dict(value=3, name="x"), dict(value=(0, 2.5, "3", True, None))),
        (validation.check_finite, dict(values=S, name="x"), dict(values=([float("nan")], "x", None))),
        (validation.check_grid, dict(grid=GRID), dict(grid=BAD_GRIDS)),
        (sweep_module.check_sweep, dict(sweep=SWEEP), dict(sweep=BAD_SWEEPS)),
        (validation.check_costs, dict(cost_fn=10.0, cost_fp=1.0), dict(cost_fn=BAD_COSTS)),
        (sweep_module.check_choice, dict(sweep=SWEEP, cost_fn=10.0, cost_fp=1.0, grid=GRID),
         dict(sweep=BAD_SWEEPS, grid=BAD_GRIDS, cost_fp=BAD_COSTS)),
    ):
        add(function, good, _bad(function, good, **bad))
    for function, good, bad in (
        (validation.check_name, dict(value="forest", name="model"), dict(value=BAD_NAMES)),
        (validation.check_pair, dict(value=(Y, S), name="choosing"), dict(value=(None, (Y,), (Y, S, Y), "ys"))),
    ):
        add(function, good, _bad(function, good, **bad))
    _calibration_rows(add)
    return table


def _calibration_rows(add) -> None:
    """The reliability curve, Brier's parts, recalibration and their checks against scikit-learn."""
    calibration, lesson, verify_calibration = (importlib.import_module(f"umbral.metrics.{name}")
                                               for name in CALIBRATION_MODULES)
    bins_bad = dict(n_bins=(0, -1, 2.5, "10", None, True), strategy=("equal", None, 3))
    scores_bad = dict(y_true=BAD_LABELS, y_score=BAD_PROBABILITIES)
    good = dict(y_true=Y, y_score=S)
    add(calibration.reliability, good, _bad(calibration.reliability, good, **scores_bad, **bins_bad))
    curve = calibration.reliability(Y, S)
    good = dict(y_true=Y, y_score=S, curve=curve)
    add(calibration.brier_parts, good, _bad(calibration.brier_parts, good, **scores_bad,
                                            curve=(None, "curve", calibration.reliability(Y[:4], S[:4]))))
    good = dict(y_true=Y, y_score=S, method="sigmoid")
    add(calibration.fit_recalibration, good, _bad(calibration.fit_recalibration, good, **scores_bad,
                                                  method=("platt", None, 3)))
    good = dict(model="forest", split="test", y_true=Y, y_score=S)
    add(lesson.split_calibration, good, _bad(lesson.split_calibration, good, model=BAD_NAMES, split=BAD_NAMES,
                                             **scores_bad, **bins_bad))
    good = dict(model="forest", choosing=(Y, S), reporting=(Y, S), method="isotonic", report_on="test")
    add(lesson.recalibrate_and_choose, good, _bad(
        lesson.recalibrate_and_choose, good, model=BAD_NAMES, report_on=BAD_NAMES, choosing=BAD_PAIRS,
        reporting=BAD_PAIRS, method=("platt", None), cost_fn=BAD_COSTS[:5], cost_fp=BAD_COSTS[:5], grid=BAD_GRIDS,
        **bins_bad))
    add(verify_calibration.verified_recalibrated, good, _bad(
        verify_calibration.verified_recalibrated, good, model=BAD_NAMES, choosing=BAD_PAIRS, method=("platt", None),
        cost_fn=BAD_COSTS[:5], grid=BAD_GRIDS, **bins_bad))
    good = dict(parts={("forest", "test"): (Y, S)})
    add(verify_calibration.verified_calibrations, good, _bad(
        verify_calibration.verified_calibrations, good,
        parts=(None, {}, {"forest": (Y, S)}, {("forest", "test"): (Y,)}),
        **bins_bad))
    split = lesson.split_calibration("forest", "test", Y, S)
    good = dict(calibration=split)
    add(verify_calibration.verify_split_calibration, good, _bad(
        verify_calibration.verify_split_calibration, good, calibration=(None, "split", curve),
        verified=("x", [1], {"brier": "x"}, {"auc": 0.5})))
    good = dict(result=lesson.recalibrate_and_choose("forest", (Y, S), (Y, S), "isotonic", "test"), choosing=(Y, S))
    add(verify_calibration.verify_recalibrated, good, _bad(
        verify_calibration.verify_recalibrated, good, result=(None, "result", split), choosing=BAD_PAIRS[:5]))


TABLE = _table()
BAD_CALLS = [(name, function, arguments) for name, (function, _, cases) in TABLE.items()
             for function, arguments in cases]


def _public_functions():
    for module_name in MODULES + CALIBRATION_MODULES:
        module = importlib.import_module(f"umbral.metrics.{module_name}")
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isfunction(value) and value.__module__ == module.__name__:
                yield f"{module.__name__}.{name}"


def test_every_public_function_of_metrics_is_in_the_table():
    missing = sorted(set(_public_functions()) - set(TABLE))
    assert missing == [], f"add these to tests/metrics/test_arguments.py: {missing}"
    assert len(BAD_CALLS) >= 400


@pytest.mark.parametrize("name", sorted(TABLE))
def test_the_valid_call_works(name):
    function, good, _ = TABLE[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no RuntimeWarning on good input
        function(**good)


@pytest.mark.parametrize("name", sorted(TABLE))
def test_every_bad_argument_is_a_value_error_with_a_message(name):
    """One test per function, looping over its bad calls (a test per call would be ~500 tiny tests)."""
    _, _, cases = TABLE[name]
    assert cases, name
    for function, arguments in cases:
        with pytest.raises(ValueError) as raised:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                function(**arguments)
        message = str(raised.value)
        assert message and "\n" not in message and len(message) < 200, (name, arguments, message)
