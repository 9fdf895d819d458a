"""The URL hash holds the whole state (a link or a reload reopens it) and "go to minimum-cost θ" agrees with report."""

from __future__ import annotations

from urllib.parse import parse_qsl

RATIOS = (1, 10, 50)
STATE_KEYS = ("counts", "metrics", "auc", "ap", "mode", "part", "theta_number", "d", "pi", "ratio", "params")


def hash_params(fragment: str) -> dict:
    return dict(parse_qsl(fragment.lstrip("#")))


def state(shown: dict) -> dict:
    return {key: shown[key] for key in STATE_KEYS}


def test_the_hash_round_trips_in_binormal_mode(lab, new_lab, lab_files):
    path = lab_files["clinic20", "es"]
    lab.open(path)
    lab.binormal(2.3, 0.037, 7)
    lab.set_theta(0.42)
    before = lab.read()
    assert before["params"].get("mode") == "binormal" and float(before["params"]["pi"]) == 0.037
    again = new_lab().open(path, before["hash"])
    assert state(again.read()) == state(before), f"a new page at {before['hash']} shows another state"
    lab.page.reload()
    lab.page.wait_for_function("document.body.dataset.ready === 'yes'")
    assert state(lab.read()) == state(before), "a reload lost the state"


def test_the_hash_round_trips_in_data_mode_with_a_part(lab, new_lab, lab_files):
    path = lab_files["screening8", "en"]
    lab.open(path)
    default = lab.read()["part"]
    other = next(value for value in lab.page.eval_on_selector_all("select#part option", "os => os.map(o => o.value)")
                 if value != default)
    lab.page.select_option("select#part", other)
    lab.wait_for_param("part", other)
    lab.set_theta(0.27)
    before = lab.read()
    assert before["params"].get("mode") == "data" and before["params"].get("part") == other
    again = new_lab().open(path, before["hash"])
    assert state(again.read()) == state(before), f"a new page at {before['hash']} shows another state"


def test_minimum_cost_in_data_mode_is_reports_choice(lab, lab_files, data_report, report_min_cost, check_numbers):
    lab.open(lab_files["clinic20", "en"], "#mode=data&theta=0.50")
    for ratio in RATIOS:
        lab.enter("#ratio-number", ratio)
        lab.page.wait_for_function("r => Number(document.querySelector('#ratio-number').value) === r", arg=ratio)
        expected = report_min_cost("clinic20", ratio)
        lab.page.locator("button#min-cost").click()
        lab.wait_for_param("theta", expected)
        check_numbers(lab.read(), data_report("clinic20", expected, ratio), 1e-12,
                      f"clinic20 after 'go to minimum-cost θ' at ratio {ratio}")
        lab.page.locator("button#theta-half").click()
        lab.wait_for_param("theta", 0.5)


def test_minimum_cost_in_binormal_mode_is_the_references(lab, lab_files, binormal_expected, check_numbers):
    from umbral.metrics.binormal import binormal_min_cost_threshold

    lab.open(lab_files["clinic20", "es"], "#mode=binormal&theta=0.50&d=1.5&pi=0.1&ratio=10")
    for d, prevalence in ((1.5, 0.1), (1.5, 0.01), (0.0, 0.1)):
        for ratio in RATIOS:
            lab.go(f"#mode=binormal&theta=0.50&d={d}&pi={prevalence}&ratio={ratio}")
            expected = binormal_min_cost_threshold(d, prevalence, ratio)
            lab.page.locator("button#min-cost").click()
            lab.wait_for_param("theta", expected)
            check_numbers(lab.read(), binormal_expected(expected, d, prevalence, ratio), 1e-9,
                          f"binormal d = {d}, π = {prevalence}, ratio {ratio} after 'go to minimum-cost θ'")


def test_every_guide_link_sets_up_a_state_with_the_verified_numbers(lab, lab_files, data_report, binormal_expected,
                                                                    check_numbers):
    lab.open(lab_files["clinic20", "en"])
    links = lab.page.locator("a.setup")
    assert links.count() == 7, f"the guide has {links.count()} 'set it up' links, expected 7"
    for index in range(7):
        link = links.nth(index)
        wanted = hash_params(link.get_attribute("href"))
        link.click()
        lab.page.wait_for_function(
            "wanted => { const got = new URLSearchParams(location.hash.slice(1));"
            " return Object.entries(wanted).every(([k, v]) => got.get(k) !== null &&"
            " (isNaN(Number(v)) ? got.get(k) === v : Number(got.get(k)) === Number(v))); }", arg=wanted)
        shown = lab.read()
        theta = float(shown["theta_number"])
        if shown["mode"] == "data":
            expected = data_report("clinic20", theta, float(shown["ratio"]))
        else:
            expected = binormal_expected(theta, float(shown["d"]), float(shown["pi"]), float(shown["ratio"]))
        check_numbers(shown, expected, 1e-9, f"guide link {index + 1} ({link.get_attribute('href')})")


def test_a_ratio_typed_with_many_decimals_survives_the_hash(lab, new_lab, lab_files):
    path = lab_files["clinic20", "en"]
    lab.open(path, "#mode=binormal&theta=0.50&d=1.5&pi=0.1&ratio=10")
    lab.enter("#ratio-number", "2.34567891")
    lab.page.wait_for_function("Number(new URLSearchParams(location.hash.slice(1)).get('ratio')) !== 10")
    before = lab.read()
    assert state(new_lab().open(path, before["hash"]).read()) == state(before)
