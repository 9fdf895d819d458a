/* umbral lab, metrics from counts: each divides counts, shows its formula and the counts it divides.
 * Also the confusion matrix, the counts themselves. */
const total = (c) => c.tp + c.fp + c.fn + c.tn;
const rate = (key, num, den, symbolic) => ({
  key: key, symbolic: symbolic, value: (c) => div(num(c), den(c)), formula: (c) => num(c) + " / " + den(c),
});
const METRICS = [
  rate("accuracy", (c) => c.tp + c.tn, total, "(" + LABEL.tp + " + " + LABEL.tn + ") / n"),
  rate("precision", (c) => c.tp, (c) => c.tp + c.fp, LABEL.tp + " / (" + LABEL.tp + " + " + LABEL.fp + ")"),
  rate("recall", (c) => c.tp, (c) => c.tp + c.fn, LABEL.tp + " / (" + LABEL.tp + " + " + LABEL.fn + ")"),
  rate("specificity", (c) => c.tn, (c) => c.tn + c.fp, LABEL.tn + " / (" + LABEL.tn + " + " + LABEL.fp + ")"),
  {
    key: "f1", symbolic: "2·" + LABEL.tp + " / (2·" + LABEL.tp + " + " + LABEL.fp + " + " + LABEL.fn + ")",
    value: (c) => div(2 * c.tp, 2 * c.tp + c.fn + c.fp),
    formula: (c) => "2·" + c.tp + " / (2·" + c.tp + " + " + c.fp + " + " + c.fn + ")",
  },
  {
    key: "balanced_accuracy", symbolic: "(TPR + TNR) / 2",
    value: (c) => (div(c.tp, c.tp + c.fn) + div(c.tn, c.tn + c.fp)) / 2,
    formula: (c) => "(" + c.tp + " / " + (c.tp + c.fn) + " + " + c.tn + " / " + (c.tn + c.fp) + ") / 2",
  },
  {
    key: "mcc", symbolic: "(" + LABEL.tp + "·" + LABEL.tn + " − " + LABEL.fp + "·" + LABEL.fn + ") / √((" +
      [LABEL.tp + "+" + LABEL.fp, LABEL.tp + "+" + LABEL.fn, LABEL.tn + "+" + LABEL.fp, LABEL.tn + "+" + LABEL.fn]
        .join(")(") + "))",
    value: (c) => div(c.tp * c.tn - c.fp * c.fn,
      Math.sqrt((c.tp + c.fp) * (c.tp + c.fn) * (c.tn + c.fp) * (c.tn + c.fn))),
    formula: (c) => "(" + c.tp + "·" + c.tn + " − " + c.fp + "·" + c.fn + ") / √(" +
      [c.tp + c.fp, c.tp + c.fn, c.tn + c.fp, c.tn + c.fn].join("·") + ")",
  },
  rate("npv", (c) => c.tn, (c) => c.tn + c.fn, LABEL.tn + " / (" + LABEL.tn + " + " + LABEL.fn + ")"),
  {
    key: "cost", symbolic: "C_FN·" + LABEL.fn + " + " + LABEL.fp, isCost: true,
    value: (c, ratio) => ratio * c.fn + c.fp,
    formula: (c, ratio) => shortish(ratio) + "·" + c.fn + " + " + c.fp + " = " + shortish(ratio * c.fn + c.fp),
  },
];
const metricValues = (c, ratio) => {
  const out = {};
  for (const m of METRICS) out[m.key] = m.value(c, ratio);
  return out;
};

/* One card per metric: name and value, a bar (not for the cost), its meaning, its formula with the counts. */
function buildMetricCards() {
  byId("metrics").innerHTML = METRICS.map((m) => [
    '<div class="metric" data-metric="' + m.key + '" style="--swatch: var(--metric-' + m.key.replace("_", "-") + ')">',
    '<div class="metric-head"><span class="metric-name">' + esc(t(m.key)) + '</span><span class="metric-value"></span></div>',
    m.isCost ? "" : '<div class="metric-bar" aria-hidden="true"><i></i></div>',
    '<p class="metric-meaning">' + esc(t(m.key + "_meaning")) + "</p>",
    m.isCost ? '<p class="metric-meaning" data-lowest></p>' : "",
    '<p class="metric-formula"><span class="symbolic">' + esc(m.symbolic) + "</span> = <span data-formula></span></p>",
    "</div>",
  ].join("")).join("");
}

function drawMetrics(model, c) {
  const lowest = minimumCost(model, state.ratio);
  for (const m of METRICS) {
    const card = document.querySelector('[data-metric="' + m.key + '"]');
    const value = m.value(c, state.ratio);
    card.dataset.value = String(value);
    card.querySelector(".metric-value").textContent = m.isCost ? shortish(value) : dec3(value);
    card.querySelector("[data-formula]").textContent = m.formula(c, state.ratio);
    const bar = card.querySelector(".metric-bar i");
    if (bar && m.key === "mcc") {
      bar.style.left = (50 + Math.min(0, value) * 50) + "%";
      bar.style.width = Math.abs(value) * 50 + "%";
    } else if (bar) {
      bar.style.left = "0";
      bar.style.width = clamp(value, 0, 1) * 100 + "%";
    }
    if (m.isCost) {
      card.querySelector("[data-lowest]").textContent =
        t("cost_legend_min_one", {cost: shortish(lowest.cost), threshold: thetaText(lowest.k)});
    }
  }
}

// ---------- Confusion matrix ----------
function drawMatrix(model, c) {
  for (const key of ["tp", "fp", "fn", "tn"]) document.querySelector('[data-count="' + key + '"]').textContent = c[key];
  const totals = {
    positives: t("row_total", {count: model.P}), negatives: t("row_total", {count: model.N}),
    flagged: t("flagged_total", {count: c.tp + c.fp}), cleared: t("cleared_total", {count: c.fn + c.tn}),
  };
  for (const key in totals) document.querySelector('[data-total="' + key + '"]').textContent = totals[key];
}
