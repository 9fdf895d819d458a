"""Mode "binormal model": the page's own normal CDF gives the counts and metrics of metrics/binormal.py."""

from __future__ import annotations

import pytest

LANGS = ("en", "es")
CLOSE = 1e-9
# (θ, d, π, C_FN / C_FP): the chapter's start, no separation, the rare disease, edges of θ, an odd ratio.
CASES = (
    (0.30, 1.5, 0.10, 10.0),
    (0.50, 0.0, 0.10, 1.0),
    (0.05, 1.5, 0.01, 50.0),
    (0.73, 3.2, 0.25, 2.5),
    (0.00, 2.0, 0.50, 10.0),
    (1.00, 1.0, 0.20, 10.0),
)


def fragment(theta, d, prevalence, ratio) -> str:
    return f"#mode=binormal&theta={theta:.2f}&d={d}&pi={prevalence}&ratio={ratio}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_hash_sets_the_model(lab, lab_files, binormal_expected, check_numbers, lang):
    # The first case opens the page at that hash; the others follow a change of the hash (hashchange).
    lab.open(lab_files["clinic20", lang], fragment(*CASES[0]))
    for index, case in enumerate(CASES):
        if index:
            lab.go(fragment(*case))
        shown = lab.read()
        assert shown["mode"] == "binormal", f"{fragment(*case)} opened in mode {shown['mode']}"
        assert (float(shown["theta_number"]), float(shown["d"]), float(shown["pi"]), float(shown["ratio"])) == case
        check_numbers(shown, binormal_expected(*case), CLOSE, f"{lang} {fragment(*case)}")


@pytest.mark.parametrize("lang", LANGS)
def test_the_controls_set_the_model(lab, lab_files, binormal_expected, check_numbers, lang):
    lab.open(lab_files["clinic20", lang])
    for theta, d, prevalence, ratio in CASES[LANGS.index(lang)::2]:  # half the cases in each language
        lab.binormal(d, prevalence, ratio)
        lab.set_theta(theta)
        check_numbers(lab.read(), binormal_expected(theta, d, prevalence, ratio), CLOSE,
                      f"{lang} controls θ = {theta}, d = {d}, π = {prevalence}, ratio = {ratio}")


def test_the_sliders_move_d_and_pi_and_the_numbers_follow(lab, lab_files, binormal_expected, check_numbers):
    lab.open(lab_files["clinic20", "en"], fragment(0.2, 1.5, 0.1, 10.0))
    lab.press_on("#d-range", "ArrowRight", "ArrowRight")
    lab.wait_for_param("d", 1.7)
    shown = lab.read()
    assert float(shown["d"]) == 1.7, f"#d-number reads {shown['d']} after two steps up from 1.5"
    check_numbers(shown, binormal_expected(0.2, 1.7, 0.1, 10.0), CLOSE, "d moved by #d-range")
    lab.press_on("#pi-range", "ArrowLeft", "ArrowLeft", "ArrowLeft")
    lab.page.wait_for_function("Number(new URLSearchParams(location.hash.slice(1)).get('pi')) < 0.1")
    shown = lab.read()
    prevalence = float(shown["pi"])
    assert 0.01 <= prevalence < 0.1 and float(shown["params"]["pi"]) == prevalence, \
        f"#pi-number {shown['pi']} and the hash's pi {shown['params'].get('pi')} must agree"
    check_numbers(shown, binormal_expected(0.2, 1.7, prevalence, 10.0), CLOSE, f"π moved by #pi-range to {prevalence}")
    lab.press_on("#ratio-range", "ArrowRight")
    lab.page.wait_for_function("Number(new URLSearchParams(location.hash.slice(1)).get('ratio')) !== 10")
    shown = lab.read()
    ratio = float(shown["ratio"])
    check_numbers(shown, binormal_expected(0.2, 1.7, prevalence, ratio), CLOSE,
                  f"ratio moved by #ratio-range to {ratio}")


@pytest.mark.parametrize(("d", "prevalence", "ratio"), ((1.5, 0.1, 10.0), (0.7, 0.01, 3.0)))
def test_hundredths_match_the_reference(lab, lab_files, binormal_expected, check_numbers, d, prevalence, ratio):
    lab.open(lab_files["clinic20", "en"], fragment(0.5, d, prevalence, ratio))
    for k, shown in lab.sweep(step=1 if d == 1.5 else 4).items():
        check_numbers(shown, binormal_expected(k / 100, d, prevalence, ratio), CLOSE,
                      f"binormal d = {d}, π = {prevalence} at θ = {k / 100:.2f} (sweep)")
