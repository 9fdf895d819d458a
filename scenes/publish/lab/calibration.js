/* umbral lab, calibration: the reliability diagram with its bins (ECE, Brier, log-loss) and the expected cost over θ
 * with the cost rule's θ = C_FP / (C_FP + C_FN) = 1 / (1 + ratio) marked, for the raw or the recalibrated scores of
 * the part shown (every count and bin computed and checked in Python); in binormal mode the note that its scores
 * are calibrated by construction, and its own cost curve (counts from binormal.js, as the other panels). */
const CALIBRATION = DATA.calibration || null;
const CAL_METHODS = CALIBRATION ? CALIBRATION.methods : [];
const CAL_SCORES = ["raw"].concat(CAL_METHODS);
const CAL_MARGIN = {left: 64, right: 18, top: 16, bottom: 56};
const RULE_INDEX = {};
if (CALIBRATION) CALIBRATION.ratios.forEach((ratio, i) => { RULE_INDEX[short(ratio)] = i; });
const ruleTheta = (ratio) => 1 / (1 + ratio);
const calScores = () => (CAL_SCORES.includes(state.scores) ? state.scores : "raw");

/* What the panel shows now: the score set's bins and numbers, its counts at every hundredth and at the rule's θ. */
function calibrationView() {
  const model = currentModel();
  if (state.mode === "binormal") {
    const rule = (ratio) => {
      const rates = binormalRates(ruleTheta(ratio), state.d, state.pi);
      return countsOf(Math.floor(model.P * rates.tpr + 0.5), Math.floor(model.N * rates.fpr + 0.5), model.P, model.N);
    };
    return {binormal: true, counts: model.counts, rule: rule, P: model.P, N: model.N};
  }
  const part = PARTS.find((p) => p.key === state.part);
  if (!part.calibration) return null;
  const scores = calScores(), view = part.calibration.scores[scores], at = view.at_hundredths;
  const ruleOf = (set) => (ratio) => {
    const i = RULE_INDEX[short(ratio)];
    return i === undefined ? null : countsOf(set.rule.tp[i], set.rule.fp[i], model.P, model.N);
  };
  return {
    binormal: false, part: part, scores: scores, bins: view.bins, ece: view.ece, brier: view.brier,
    logLoss: view.log_loss, P: model.P, N: model.N, rule: ruleOf(view),
    rawRule: scores === "raw" ? null : ruleOf(part.calibration.scores.raw),
    counts: at ? (k) => countsOf(at.tp[k], at.fp[k], model.P, model.N) : model.counts,
  };
}

function drawCalibration() {
  const panel = byId("calibration"), view = calibrationView();
  panel.hidden = view === null;
  if (view === null) return;
  byId("cal-binormal").hidden = !view.binormal;
  byId("cal-reliability").hidden = view.binormal;
  document.querySelector(".cal-table").hidden = view.binormal;
  byId("cal-fit").hidden = view.binormal;
  byId("cal-switch").hidden = view.binormal || CAL_METHODS.length === 0;
  for (const radio of document.querySelectorAll("input[name=cal-scores]")) {
    radio.closest("label").hidden = !CAL_SCORES.includes(radio.value);
    radio.checked = radio.value === calScores();
  }
  if (!view.binormal) {
    drawFitNote(view);
    drawReliability(view);
    drawBins(view);
  }
  drawCostCurve(view);
}

function drawFitNote(view) {
  const calibration = view.part.calibration;
  let note = CAL_METHODS.length === 0 ? t("cal_one_split")
    : t("cal_fit_" + view.scores, {split: CALIBRATION.fitted_on, n: calibration.n_fitted});
  if (view.scores !== "raw" && calibration.in_sample) note += " " + t("cal_in_sample");
  byId("cal-fit").textContent = note;
}

/* A square plot's frame: grid, tick labels at 0, 0.5 and 1 (y: `yTicks`), axis titles. */
function calFrame(width, side, yTicks, xLabel, yLabel) {
  const left = CAL_MARGIN.left + Math.max(0, (width - side - CAL_MARGIN.left - CAL_MARGIN.right) / 2);
  const top = CAL_MARGIN.top, bottom = top + side;
  const f = {left: left, top: top, bottom: bottom, side: side, X: (v) => left + v * side};
  let out = "";
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    const grid = {stroke: "var(--panel-stroke)", "stroke-width": 1};
    out += tag("line", Object.assign({x1: f.X(v), x2: f.X(v), y1: top, y2: bottom}, grid)) +
      tag("line", Object.assign({x1: left, x2: left + side, y1: bottom - v * side, y2: bottom - v * side}, grid));
    if (v === 0.25 || v === 0.75) continue;
    out += text(f.X(v), bottom + 22, String(v), {class: "svg-muted", "text-anchor": "middle"}) +
      text(left - 10, bottom - v * side + 5, yTicks(v), {class: "svg-muted", "text-anchor": "end"});
  }
  out += tag("rect", {x: left, y: top, width: side, height: side, fill: "none", stroke: "var(--grid-line)"});
  out += text(left + side / 2, bottom + 46, xLabel, {class: "svg-text", "text-anchor": "middle"});
  out += text(0, 0, yLabel, {class: "svg-text", "text-anchor": "middle",
    transform: "translate(" + (left - 46) + "," + (top + side / 2) + ") rotate(-90)"});
  f.svg = out;
  return f;
}

const calSide = (width) => Math.max(120, Math.min(width - CAL_MARGIN.left - CAL_MARGIN.right, 380));

function drawReliability(view) {
  const svg = byId("cal-reliability-svg"), width = plotWidth(svg), side = calSide(width);
  const f = calFrame(width, side, String, t("cal_mean_axis"), t("cal_share_axis"));
  const Y = (v) => f.bottom - v * side;
  let out = f.svg + tag("line", {x1: f.X(0), y1: Y(0), x2: f.X(1), y2: Y(1), stroke: "var(--muted-text)",
    "stroke-dasharray": "6 5", "stroke-width": 1.5});
  out += text(0, 0, t("cal_diagonal"), {class: "svg-muted svg-halo", "text-anchor": "middle",
    transform: "translate(" + f.X(0.72).toFixed(1) + "," + Y(0.72).toFixed(1) + ") rotate(-45) translate(0,20)"});
  const points = [];
  view.bins.forEach(([count, positives, mean]) => { if (count) points.push([mean, div(positives, count)]); });
  // Each bin's gap to the diagonal: the ECE weighs these by the bin's cases.
  for (const [mean, share] of points) {
    out += tag("line", {x1: f.X(mean), x2: f.X(mean), y1: Y(mean), y2: Y(share), stroke: "var(--metric-precision)",
      "stroke-width": 2, "stroke-dasharray": "2 3"});
  }
  out += tag("path", {d: pathOf(points.map(([m, s]) => [f.X(m), Y(s)])), fill: "none",
    stroke: "var(--metric-precision)", "stroke-width": 2.5, "stroke-linejoin": "round"});
  for (const [mean, share] of points) {
    out += tag("circle", {cx: f.X(mean), cy: Y(share), r: 5.5, fill: "var(--metric-precision)",
      stroke: "var(--panel-fill)", "stroke-width": 2});
  }
  // Cases per bin, under the diagram: a bar per bin, its count above it where it fits.
  const stripTop = f.bottom + 76, stripHeight = 46, peak = Math.max(1, ...view.bins.map((b) => b[0]));
  const edges = CALIBRATION.edges, binWidth = side / view.bins.length;
  out += text(f.left, stripTop - 6, t("cal_counts_label"), {class: "svg-muted"});
  const base = stripTop + 18 + stripHeight;
  view.bins.forEach(([count], k) => {
    const x0 = f.X(edges[k]) + 1.5, x1 = f.X(edges[k + 1]) - 1.5, height = count ? Math.max(1.5, stripHeight * count / peak) : 0;
    out += tag("rect", {x: x0, y: base - height, width: Math.max(0, x1 - x0), height: height, fill: "var(--metric-precision)",
      "fill-opacity": 0.55});
    if (String(count).length * 8.6 + 2 <= binWidth) {
      out += text((x0 + x1) / 2, base - height - 5, String(count), {class: "svg-muted cal-count", "text-anchor": "middle"});
    }
  });
  out += tag("line", {x1: f.left, x2: f.left + side, y1: base, y2: base, stroke: "var(--grid-line)"});
  setSvg(svg, width, base + 8, out);
  svg.setAttribute("aria-label", t("cal_reliability_aria", {scores: t("cal_" + view.scores), points: points.length,
    ece: dec3(view.ece)}));
  for (const [id, value] of [["cal-ece", view.ece], ["cal-brier", view.brier], ["cal-log-loss", view.logLoss]]) {
    byId(id).dataset.value = String(value);
    byId(id).textContent = dec3(value);
  }
}

function drawBins(view) {
  const edges = CALIBRATION.edges, range = (k) => edges[k].toFixed(1) + "–" + edges[k + 1].toFixed(1);
  byId("cal-bins-caption").textContent = t("cal_table_caption", {bins: view.bins.length});
  const cell = (name, value, shown) => '<td data-cal="' + name + '" data-value="' + esc(value) + '">' + esc(shown) + "</td>";
  byId("cal-bins").querySelector("tbody").innerHTML = view.bins.map(([count, positives, mean], k) => {
    const share = count ? div(positives, count) : null;
    return '<tr data-bin="' + k + '"><th scope="row">' + range(k) + "</th>" + cell("count", count, count) +
      cell("positives", positives, positives) + cell("share", share === null ? "" : String(share),
      share === null ? "—" : dec3(share)) + cell("mean", mean === null ? "" : String(mean),
      mean === null ? "—" : dec3(mean)) + "</tr>";
  }).join("");
}

function drawCostCurve(view) {
  const svg = byId("cal-cost-svg"), width = plotWidth(svg), side = calSide(width), ratio = state.ratio;
  const costs = [];
  for (let k = 0; k <= STEPS; k++) { const c = view.counts(k); costs.push(ratio * c.fn + c.fp); }
  const top = niceCeiling(Math.max(...costs, 1));
  const f = calFrame(width, side, (v) => shortish(v * top), t("cal_theta_axis"), t("cal_cost_axis"));
  const Y = (cost) => f.bottom - (cost / top) * side;
  let out = f.svg + tag("path", {d: pathOf(costs.map((cost, k) => [f.X(k / STEPS), Y(cost)])), fill: "none",
    stroke: "var(--metric-cost)", "stroke-width": 2.5, "stroke-linejoin": "round"});
  const lowest = minimumCost(view, ratio), theta = ruleTheta(ratio), rule = view.rule(ratio);
  const ruleCost = rule ? ratio * rule.fn + rule.fp : null;
  const x = f.X(theta), anchor = theta < 0.5 ? "start" : "end", nudge = theta < 0.5 ? 6 : -6;
  out += tag("line", {x1: x, x2: x, y1: f.top, y2: f.bottom, stroke: "var(--error)", "stroke-width": 2,
    "stroke-dasharray": "7 4"});
  out += text(x + nudge, f.top + 18, t("cal_rule_label", {theta: dec3(theta)}),
    {class: "svg-text svg-halo", "text-anchor": anchor});
  if (rule) {
    out += tag("path", {d: pathOf([[x, Y(ruleCost) - 8], [x + 8, Y(ruleCost)], [x, Y(ruleCost) + 8],
      [x - 8, Y(ruleCost)]]) + "Z", fill: "var(--error)", stroke: "var(--background)", "stroke-width": 2});
  }
  const lx = f.X(lowest.k / STEPS), ly = Y(lowest.cost);
  out += tag("circle", {cx: lx, cy: ly, r: 7, fill: "var(--correct)", stroke: "var(--background)", "stroke-width": 2.5});
  // Below the lowest point: the curve is above it on both sides.
  out += text(clamp(lx, f.left + 50, f.left + side - 50), Math.min(ly + 26, f.bottom - 6),
    t("cal_lowest_label", {cost: shortish(lowest.cost)}),
    {class: "svg-text svg-halo", "text-anchor": "middle"});
  setSvg(svg, width, f.bottom + CAL_MARGIN.bottom, out);
  const numbers = {ratio: shortish(ratio), theta: dec3(theta), lowest: shortish(lowest.cost),
    lowest_theta: thetaText(lowest.k), population: DATA.population};
  const sentence = byId("cal-rule");
  Object.assign(sentence.dataset, {theta: String(theta), lowestTheta: thetaText(lowest.k), lowestCost: String(lowest.cost)});
  for (const key of ["cost", "tp", "fp", "fn", "tn"]) delete sentence.dataset[key];
  if (rule) {
    Object.assign(sentence.dataset, {cost: String(ruleCost), tp: rule.tp, fp: rule.fp, fn: rule.fn, tn: rule.tn});
    sentence.textContent = t(view.binormal ? "cal_binormal_rule" : "cal_rule",
      Object.assign(numbers, {cost: shortish(ruleCost), counts: countsSentence(rule)}));
  } else {
    sentence.textContent = t("cal_rule_unknown", numbers);
  }
  const raw = view.rawRule ? view.rawRule(ratio) : null, rawLine = byId("cal-rule-raw");
  rawLine.hidden = raw === null;
  if (raw) {
    rawLine.dataset.cost = String(ratio * raw.fn + raw.fp);
    rawLine.textContent = t("cal_rule_raw", {cost: shortish(ratio * raw.fn + raw.fp)});
  }
  svg.setAttribute("aria-label", t("cal_cost_aria", {scores: view.binormal ? t("mode_binormal") : t("cal_" + view.scores),
    theta: dec3(theta), cost: rule ? shortish(ruleCost) : "?", lowest: shortish(lowest.cost),
    lowest_theta: thetaText(lowest.k)}));
}

/* The smallest 1, 2, 2.5 or 5 times a power of ten at or above `x`: the cost axis's top. */
function niceCeiling(x) {
  const power = Math.pow(10, Math.floor(Math.log10(x)));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= x) return step * power;
  return 10 * power;
}
