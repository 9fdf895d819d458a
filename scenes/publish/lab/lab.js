/* umbral lab: "Where do I put the threshold?".
 * A classic script (no modules, no network). One small state object; controls change it, render() draws
 * every panel from it, and the URL hash mirrors it. The script only divides counts computed and checked
 * in Python (0/0 = 0, flagged iff score >= θ); for the binormal model it computes Φ itself. */
(function () {
  "use strict";

  const byId = (id) => document.getElementById(id);
  const DATA = JSON.parse(byId("lab-data").textContent);
  const S = JSON.parse(byId("lab-strings").textContent);
  const PARTS = DATA.parts;
  const STEPS = 100;          // θ = k / 100, k = 0..100
  const X_STEPS = 4000;       // the binormal model's latent grid (contract)
  const DRAW_EVERY = 20;      // one drawn curve point per 20 grid points
  const framed = window.parent !== window;

  // ---------- Text ----------
  function t(key, values) {
    const text = S[key] === undefined ? key : S[key];
    return values ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole)) : text;
  }
  const esc = (text) => String(text).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})[c]);
  const dec3 = (x) => x.toFixed(3);
  const short = (x) => String(Math.round(x * 1e6) / 1e6);
  const shortish = (x) => String(Math.round(x * 1000) / 1000);
  const thetaText = (k) => (k / STEPS).toFixed(2);
  const div = (a, b) => (b === 0 ? 0 : a / b);
  const clamp = (x, low, high) => Math.min(high, Math.max(low, x));
  const LABEL = {tp: t("tp"), fp: t("fp"), fn: t("fn"), tn: t("tn")};

  /* An SVG element as markup: drawn with innerHTML into an <svg>, so it lands in the SVG namespace. */
  function tag(name, attrs, content) {
    let out = "<" + name;
    for (const key in attrs) {
      if (attrs[key] !== undefined && attrs[key] !== null) out += " " + key + '="' + esc(attrs[key]) + '"';
    }
    return content === undefined ? out + "/>" : out + ">" + content + "</" + name + ">";
  }
  const text = (x, y, content, attrs) => tag("text", Object.assign({x: x, y: y}, attrs), esc(content));
  const pathOf = (points) => points.map((p, i) => (i ? "L" : "M") + p[0].toFixed(1) + "," + p[1].toFixed(1)).join("");

  // ---------- The normal CDF: W. J. Cody's rational Chebyshev erfc (Math. Comp. 1969; netlib specfun) ----------
  const ERF_A = [3.16112374387056560e0, 1.13864154151050156e2, 3.77485237685302021e2, 3.20937758913846947e3,
    1.85777706184603153e-1];
  const ERF_B = [2.36012909523441209e1, 2.44024637934444173e2, 1.28261652607737228e3, 2.84423683343917062e3];
  const ERF_C = [5.64188496988670089e-1, 8.88314979438837594e0, 6.61191906371416295e1, 2.98635138197400131e2,
    8.81952221241769090e2, 1.71204761263407058e3, 2.05107837782607147e3, 1.23033935479799725e3,
    2.15311535474403846e-8];
  const ERF_D = [1.57449261107098347e1, 1.17693950891312499e2, 5.37181101862009858e2, 1.62138957456669019e3,
    3.29079923573345963e3, 4.36261909014324716e3, 3.43936767414372164e3, 1.23033935480374942e3];
  const ERF_P = [3.05326634961232344e-1, 3.60344899949804439e-1, 1.25781726111229246e-1, 1.60837851487422766e-2,
    6.58749161529837803e-4, 1.63153871373020978e-2];
  const ERF_Q = [2.56852019228982242e0, 1.87295284992346047e0, 5.27905102951428412e-1, 6.05183413124413191e-2,
    2.33520497626869185e-3];
  const SQRPI = 5.6418958354775628695e-1;

  /* exp(-y²) split as Cody does, so the large exponent loses no digits. */
  function expMinusSquare(y) {
    const ysq = Math.trunc(y * 16) / 16;
    return Math.exp(-ysq * ysq) * Math.exp(-(y - ysq) * (y + ysq));
  }

  function erfc(x) {
    const y = Math.abs(x);
    let result;
    if (y <= 0.46875) {
      const ysq = y > 1.11e-16 ? y * y : 0;
      let num = ERF_A[4] * ysq, den = ysq;
      for (let i = 0; i < 3; i++) { num = (num + ERF_A[i]) * ysq; den = (den + ERF_B[i]) * ysq; }
      return 1 - x * (num + ERF_A[3]) / (den + ERF_B[3]);
    }
    if (y <= 4) {
      let num = ERF_C[8] * y, den = y;
      for (let i = 0; i < 7; i++) { num = (num + ERF_C[i]) * y; den = (den + ERF_D[i]) * y; }
      result = (num + ERF_C[7]) / (den + ERF_D[7]) * expMinusSquare(y);
    } else if (y >= 26.543) {
      result = 0;
    } else {
      const ysq = 1 / (y * y);
      let num = ERF_P[5] * ysq, den = ysq;
      for (let i = 0; i < 4; i++) { num = (num + ERF_P[i]) * ysq; den = (den + ERF_Q[i]) * ysq; }
      result = (SQRPI - ysq * (num + ERF_P[4]) / (den + ERF_Q[4])) / y * expMinusSquare(y);
    }
    return x < 0 ? 2 - result : result;
  }
  const phi = (z) => 0.5 * erfc(-z / Math.SQRT2);
  const logit = (p) => Math.log(p / (1 - p));

  // ---------- Models: what a mode knows (counts at every hundredth, curves, bins) ----------
  const countsOf = (tp, fp, P, N) => ({tp: tp, fp: fp, fn: P - tp, tn: N - fp});

  /* Precision-recall as the steps average precision sums: precision P_i holds on (R_(i-1), R_i]. */
  function stairs(points) {
    const out = [];
    let previous = 0;
    for (const [recall, precision] of points) { out.push([previous, precision], [recall, precision]); previous = recall; }
    return out;
  }

  function dataModel(part) {
    const P = part.positives, N = part.negatives, at = part.at_hundredths, vertices = part.vertices;
    const flagged = vertices.tp.map((tp, i) => [tp, vertices.fp[i]]).filter(([tp, fp]) => tp + fp > 0);
    return {
      P: P, N: N, auc: part.auc, ap: part.average_precision, cases: part.cases, bins: part.bins,
      thinned: vertices.thinned, counts: (k) => countsOf(at.tp[k], at.fp[k], P, N),
      roc: vertices.tp.map((tp, i) => [div(vertices.fp[i], N), div(tp, P)]),
      pr: stairs(flagged.map(([tp, fp]) => [div(tp, P), div(tp, tp + fp)])),
    };
  }

  /* Share of positives and negatives flagged at θ when the score is the calibrated probability for π. */
  function binormalRates(theta, d, pi) {
    if (theta <= 0) return {tpr: 1, fpr: 1};
    if (theta >= 1) return {tpr: 0, fpr: 0};
    if (d === 0) { const all = pi >= theta ? 1 : 0; return {tpr: all, fpr: all}; }
    const cut = (logit(theta) - logit(pi) + d * d / 2) / d;
    return {tpr: phi(d - cut), fpr: phi(-cut)};
  }

  function binormalModel(d, pi) {
    const M = DATA.population, P = Math.floor(M * pi + 0.5), N = M - P;
    const at = [];
    for (let k = 0; k <= STEPS; k++) {
      const rates = binormalRates(k / STEPS, d, pi);
      at.push(countsOf(Math.floor(P * rates.tpr + 0.5), Math.floor(N * rates.fpr + 0.5), P, N));
    }
    const roc = [[0, 0]], pr = [];
    let ap = 0, previous = 0;
    for (let i = 0; i <= X_STEPS; i++) {
      const x = d + 8 - i * (d + 16) / X_STEPS;
      const recall = phi(d - x), fpr = phi(-x);
      const precision = pi * recall / (pi * recall + (1 - pi) * fpr);
      ap += (recall - previous) * precision;
      previous = recall;
      if (i % DRAW_EVERY === 0) { roc.push([fpr, recall]); pr.push([recall, precision]); }
    }
    roc.push([1, 1]);
    const edges = [];
    for (let k = 0; k <= 50; k++) edges.push(binormalRates(k / 50, d, pi));
    const bins = (rate, size) => edges.slice(0, 50).map((edge, k) => size * (edge[rate] - edges[k + 1][rate]));
    return {
      P: P, N: N, auc: phi(d / Math.SQRT2), ap: d === 0 ? pi : ap, cases: null, thinned: false,
      bins: {positive: bins("tpr", P), negative: bins("fpr", N)}, counts: (k) => at[k], roc: roc, pr: pr,
    };
  }

  const modelCache = {};
  const cached = (key, make) => modelCache[key] || (modelCache[key] = make());
  const partModel = (key) => cached("data:" + key, () => dataModel(PARTS.find((p) => p.key === key)));
  const currentModel = () => (state.mode === "data" ? partModel(state.part)
    : cached("binormal:" + state.d + ":" + state.pi, () => binormalModel(state.d, state.pi)));

  /* Lowest ratio·FN + FP over the hundredths; costs within 1e-12 tie and go to the highest θ (as `umbral report`). */
  function minimumCost(model, ratio) {
    const costs = [];
    for (let k = 0; k <= STEPS; k++) { const c = model.counts(k); costs.push(ratio * c.fn + c.fp); }
    const lowest = Math.min(...costs);
    let k = STEPS;
    while (costs[k] > lowest + 1e-12) k--;
    return {k: k, cost: costs[k]};
  }

  // ---------- Metrics: each divides counts, shows its formula and the counts it divides ----------
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

  // ---------- Scores per class ----------
  const SCORE_PAD = {left: 14, right: 14};
  const DOT = 7;
  const CLASS_COLOR = {1: "var(--positive)", 0: "var(--negative)"};

  /* A case's mark: positives a diamond, negatives a circle; filled when flagged, hollow when not. */
  function glyph(label, cx, cy, filled, size) {
    const color = CLASS_COLOR[label];
    const paint = {fill: filled ? color : "var(--background)", stroke: color, "stroke-width": 2.5};
    if (label === 0) return tag("circle", Object.assign({cx: cx, cy: cy, r: size}, paint));
    const s = size * 1.3;
    return tag("path", Object.assign({d: pathOf([[cx, cy - s], [cx + s, cy], [cx, cy + s], [cx - s, cy]]) + "Z"}, paint));
  }

  /* Stack dots that would overlap, lowest level first; returns each dot's level. */
  function stackLevels(xs) {
    const lastOnLevel = [];
    return xs.map((x) => {
      let level = 0;
      while (lastOnLevel[level] !== undefined && x - lastOnLevel[level] < 2 * DOT + 2) level++;
      lastOnLevel[level] = x;
      return level;
    });
  }

  function dotRow(model, label, toX, top, theta) {
    const xs = model.cases.filter((c) => c[1] === label).map((c) => c[0]).sort((a, b) => a - b);
    const levels = stackLevels(xs.map(toX));
    const height = (Math.max(0, ...levels) + 1) * (2 * DOT + 3) + 4;
    const base = top + height - DOT - 3;
    const marks = xs.map((s, i) => glyph(label, toX(s), base - levels[i] * (2 * DOT + 3), s >= theta, DOT));
    return {svg: marks.join(""), height: height};
  }

  function humpRow(model, label, toX, top, thetaX) {
    const counts = model.bins[label === 1 ? "positive" : "negative"];
    const height = 70, bottom = top + height, peak = Math.max(...counts) || 1;
    const points = [[toX(0), bottom]];
    counts.forEach((count, k) => {
      const y = bottom - (count / peak) * (height - 4);
      points.push([toX(k / 50), y], [toX((k + 1) / 50), y]);
    });
    points.push([toX(1), bottom]);
    const d = pathOf(points) + "Z", color = CLASS_COLOR[label], clip = "flag-clip-" + label;
    return {
      height: height,
      svg: tag("clipPath", {id: clip}, tag("rect", {x: thetaX, y: top, width: Math.max(0, toX(1) - thetaX + 2), height: height})) +
        tag("path", {d: d, fill: color, "fill-opacity": 0.22}) +
        tag("path", {d: d, fill: color, "fill-opacity": 0.8, "clip-path": "url(#" + clip + ")"}) +
        tag("path", {d: d, fill: "none", stroke: color, "stroke-width": 1.5}),
    };
  }

  function drawScores(model, c) {
    const svg = byId("scores-svg"), width = plotWidth(svg), theta = state.k / STEPS;
    const toX = (s) => SCORE_PAD.left + s * (width - SCORE_PAD.left - SCORE_PAD.right);
    const thetaX = toX(theta);
    const rows = [
      {label: 1, name: t("humps_positives"), flagged: c.tp, count: model.P},
      {label: 0, name: t("humps_negatives"), flagged: c.fp, count: model.N},
    ];
    let y = 30, body = "";
    for (const row of rows) {
      body += glyph(row.label, SCORE_PAD.left + DOT, y + 12, true, 6) +
        text(SCORE_PAD.left + 2 * DOT + 8, y + 18, t("row_label", row), {class: "svg-text svg-halo"});
      const drawn = model.cases ? dotRow(model, row.label, toX, y + 28, theta) : humpRow(model, row.label, toX, y + 28, thetaX);
      body += drawn.svg;
      y += 28 + drawn.height + 12;
    }
    const axisY = y, height = axisY + 52;
    const shade = tag("rect", {x: thetaX, y: 22, width: Math.max(0, toX(1) - thetaX), height: axisY - 22,
      fill: "var(--highlight)", "fill-opacity": 0.08});
    const flaggedLabel = t("flagged_side");
    const room = toX(1) - thetaX;
    const sideLabel = room > flaggedLabel.length * 9 + 50
      ? text(toX(1) - 4, 16, flaggedLabel + " →", {class: "svg-muted", "text-anchor": "end"}) : "";
    const line = tag("line", {x1: thetaX, x2: thetaX, y1: 22, y2: axisY, stroke: "var(--highlight)", "stroke-width": 2.5});
    const thetaLabel = text(clamp(thetaX, 40, width - 40), 16, "θ = " + thetaText(state.k),
      {class: "svg-strong svg-halo", "text-anchor": "middle"});
    setSvg(svg, width, height, shade + body + axis(toX, axisY, width) + line + thetaLabel + sideLabel);
    svg.setAttribute("aria-label", t("scores_aria", {positives: model.P, negatives: model.N, theta: thetaText(state.k),
      flagged_positives: c.tp, flagged_negatives: c.fp}));
    drawScoresLegend(model);
  }

  function axis(toX, y, width) {
    const every = width > 560 ? 1 : 2;
    let out = tag("line", {x1: toX(0), x2: toX(1), y1: y, y2: y, stroke: "var(--grid-line)", "stroke-width": 1.5});
    for (let i = 0; i <= 10; i++) {
      const x = toX(i / 10);
      out += tag("line", {x1: x, x2: x, y1: y, y2: y + (i % every ? 4 : 7), stroke: "var(--grid-line)"});
      if (i % every === 0) out += text(x, y + 24, i === 0 || i === 10 ? String(i / 10) : (i / 10).toFixed(1),
        {class: "svg-muted", "text-anchor": "middle"});
    }
    return out + text((toX(0) + toX(1)) / 2, y + 46, t("score_axis"), {class: "svg-text", "text-anchor": "middle"});
  }

  function drawScoresLegend(model) {
    const mark = (label, filled) => '<svg viewBox="0 0 18 18" aria-hidden="true">' + glyph(label, 9, 9, filled, 6) + "</svg>";
    const items = [[mark(1, true), t("legend_positive")], [mark(0, true), t("legend_negative")]];
    if (model.cases) items.push([mark(0, true) , t("legend_filled")], [mark(0, false), t("legend_hollow")]);
    byId("scores-legend").innerHTML = items.map(([svg, label]) => "<li>" + svg + esc(label) + "</li>").join("");
    byId("scores-desc").textContent = t("flag_rule") + (model.cases ? "" : " · " + t("humps_note"));
  }

  // ---------- ROC and PR: one square plot each ----------
  const CURVE_MARGIN = {left: 60, right: 16, top: 14, bottom: 56};

  function curvePlot(svg, spec) {
    const width = plotWidth(svg);
    const side = Math.max(120, Math.min(width - CURVE_MARGIN.left - CURVE_MARGIN.right, 380));
    const left = CURVE_MARGIN.left + Math.max(0, (width - side - CURVE_MARGIN.left - CURVE_MARGIN.right) / 2);
    const top = CURVE_MARGIN.top, bottom = top + side;
    const X = (v) => left + v * side, Y = (v) => bottom - v * side;
    const point = (p) => [X(p[0]), Y(p[1])];
    let out = "";
    for (const v of [0, 0.25, 0.5, 0.75, 1]) {
      const grid = {stroke: "var(--panel-stroke)", "stroke-width": 1};
      out += tag("line", Object.assign({x1: X(v), x2: X(v), y1: top, y2: bottom}, grid)) +
        tag("line", Object.assign({x1: left, x2: left + side, y1: Y(v), y2: Y(v)}, grid));
      if (v === 0.25 || v === 0.75) continue;
      const label = String(v);
      out += text(X(v), bottom + 22, label, {class: "svg-muted", "text-anchor": "middle"}) +
        text(left - 10, Y(v) + 5, label, {class: "svg-muted", "text-anchor": "end"});
    }
    out += tag("rect", {x: left, y: top, width: side, height: side, fill: "none", stroke: "var(--grid-line)"});
    out += text(left + side / 2, bottom + 46, spec.xLabel, {class: "svg-text", "text-anchor": "middle"});
    out += text(0, 0, spec.yLabel, {class: "svg-text", "text-anchor": "middle",
      transform: "translate(" + (left - 40) + "," + (top + side / 2) + ") rotate(-90)"});
    out += spec.guides(X, Y);
    const curve = pathOf(spec.points.map(point));
    if (spec.fill) out += tag("path", {d: curve + "L" + X(1) + "," + Y(0) + "L" + X(0) + "," + Y(0) + "Z",
      fill: spec.color, "fill-opacity": 0.12});
    out += tag("path", {d: curve, fill: "none", stroke: spec.color, "stroke-width": 2.5, "stroke-linejoin": "round"});
    const [cx, cy] = point(spec.current);
    const dash = {stroke: "var(--muted-text)", "stroke-dasharray": "3 4", "stroke-width": 1.5};
    out += tag("line", Object.assign({x1: cx, x2: cx, y1: cy, y2: bottom}, dash)) +
      tag("line", Object.assign({x1: left, x2: cx, y1: cy, y2: cy}, dash)) +
      tag("circle", {cx: cx, cy: cy, r: 8, fill: "var(--highlight)", stroke: "var(--background)", "stroke-width": 3});
    setSvg(svg, width, bottom + CURVE_MARGIN.bottom, out);
    svg.setAttribute("aria-label", spec.aria);
  }

  function drawRoc(model, c) {
    const fpr = div(c.fp, model.N), tpr = div(c.tp, model.P), theta = thetaText(state.k);
    curvePlot(byId("roc-svg"), {
      points: model.roc, current: [fpr, tpr], fill: true, color: "var(--metric-auc)",
      xLabel: t("fpr_axis"), yLabel: t("tpr_axis"),
      aria: t("roc_aria", {auc: dec3(model.auc), fpr: dec3(fpr), tpr: dec3(tpr)}),
      guides: (X, Y) => {
        const mid = [X(0.68), Y(0.68)];
        return tag("line", {x1: X(0), y1: Y(0), x2: X(1), y2: Y(1), stroke: "var(--muted-text)", "stroke-dasharray": "6 5",
          "stroke-width": 1.5}) + text(0, 0, t("chance"), {class: "svg-muted", "text-anchor": "middle",
          transform: "translate(" + mid[0].toFixed(1) + "," + mid[1].toFixed(1) + ") rotate(-45) translate(0,18)"});
      },
    });
    setStat("auc", model.auc);
    byId("roc-point").textContent = t("roc_point", {theta: theta, fp: c.fp, negatives: model.N, fpr: dec3(fpr), tp: c.tp,
      positives: model.P, tpr: dec3(tpr)});
  }

  function drawPr(model, c) {
    const recall = div(c.tp, model.P), precision = div(c.tp, c.tp + c.fp), prevalence = div(model.P, model.P + model.N);
    curvePlot(byId("pr-svg"), {
      points: model.pr, current: [recall, precision], fill: false, color: "var(--metric-precision)",
      xLabel: t("recall_axis"), yLabel: t("precision_axis"),
      aria: t("pr_aria", {ap: dec3(model.ap), prevalence: shortish(prevalence), recall: dec3(recall),
        precision: dec3(precision)}),
      guides: (X, Y) => tag("line", {x1: X(0), x2: X(1), y1: Y(prevalence), y2: Y(prevalence), stroke: "var(--highlight)",
        "stroke-dasharray": "6 5", "stroke-width": 1.5}) +
        text(X(0) + 8, Y(prevalence) - 8, t("baseline_label", {prevalence: shortish(prevalence)}),
          {class: "svg-muted svg-halo"}),
    });
    setStat("ap", model.ap);
    byId("pr-point").textContent = t("pr_point", {theta: thetaText(state.k), recall: dec3(recall),
      precision: dec3(precision)});
  }

  function setStat(id, value) {
    const element = byId(id);
    element.dataset.value = String(value);
    element.textContent = dec3(value);
  }

  const plotWidth = (svg) => Math.max(200, Math.floor(svg.parentNode.clientWidth));
  function setSvg(svg, width, height, content) {
    svg.setAttribute("viewBox", "0 0 " + width + " " + Math.ceil(height));
    svg.setAttribute("width", width);
    svg.setAttribute("height", Math.ceil(height));
    svg.innerHTML = content;
  }

  // ---------- Header, guide answers, live region ----------
  function partCaption(part) {
    const where = part.split ? t("part_split", {split: part.split}) : null;
    return [part.model, where].filter(Boolean).join(", ");
  }

  function drawHeader(model) {
    if (state.mode === "binormal") {
      byId("subtitle").textContent = t("binormal_summary", {population: DATA.population, positives: model.P,
        negatives: model.N});
      return;
    }
    const part = PARTS.find((p) => p.key === state.part), caption = partCaption(part);
    byId("subtitle").textContent = t("opening_data", {dataset: DATA.title + (caption ? " · " + caption : ""),
      n: part.n, positives: part.positives, prevalence: shortish(div(part.positives, part.n))});
  }

  function countsSentence(c) {
    return ["tp", "fn", "fp", "tn"].map((key) => LABEL[key] + " " + c[key]).join(", ");
  }

  function fillAnswers() {
    const answer = document.querySelector('[data-fill="ex1_answer"]');
    if (!answer) return;
    const c = partModel(state.part).counts(STEPS / 2);
    const shown = (key) => {
      const m = METRICS.find((metric) => metric.key === key);
      return m.formula(c) + " = " + dec3(m.value(c));
    };
    answer.textContent = t("ex1_answer", {counts: countsSentence(c), accuracy: shown("accuracy"),
      precision: shown("precision"), recall: shown("recall")});
  }

  /* The live region reads the new numbers at once, or once a held key or a drag pauses (`continuous`). */
  let liveTimer = null;
  function announce(c, continuous) {
    const values = metricValues(c, state.ratio);
    const sentence = t("live", {theta: thetaText(state.k), tp_label: LABEL.tp, fp_label: LABEL.fp, fn_label: LABEL.fn,
      tn_label: LABEL.tn, tp: c.tp, fp: c.fp, fn: c.fn, tn: c.tn, accuracy: dec3(values.accuracy),
      precision: dec3(values.precision), recall: dec3(values.recall), specificity: dec3(values.specificity),
      f1: dec3(values.f1), cost: shortish(values.cost)});
    clearTimeout(liveTimer);
    const say = () => { byId("live").textContent = sentence; };
    if (continuous) liveTimer = setTimeout(say, 300);
    else say();
  }

  // ---------- State, controls, hash ----------
  const state = {mode: "data", part: PARTS[0].key, k: 50, d: 1.5, pi: 0.1, ratio: 10};
  const toNumber = (v) => {
    if (v === undefined || v === null || String(v).trim() === "") return null;
    const x = Number(v);
    return Number.isFinite(x) ? x : null;
  };

  /* Take whatever is valid in `settings` (strings from the hash or the controls); ignore the rest. */
  function applySettings(settings) {
    if (settings.mode === "data" || settings.mode === "binormal") state.mode = settings.mode;
    if (PARTS.some((p) => p.key === settings.part)) state.part = settings.part;
    const theta = toNumber(settings.theta), d = toNumber(settings.d);
    const pi = toNumber(settings.pi), ratio = toNumber(settings.ratio);
    if (theta !== null) state.k = Math.round(clamp(theta, 0, 1) * STEPS);
    if (d !== null) state.d = Math.round(clamp(d, 0, 4) * 100) / 100;
    if (pi !== null) state.pi = Math.round(clamp(pi, 0.01, 0.5) * 1000) / 1000;
    if (ratio !== null) state.ratio = Math.round(Math.max(ratio, 0.01) * 1e6) / 1e6;  // as the hash keeps it
  }

  const DEFAULTS = DATA.defaults;
  applySettings({mode: DEFAULTS.mode, part: DEFAULTS.part, theta: DEFAULTS.theta, d: DEFAULTS.d,
    pi: DEFAULTS.prevalence, ratio: DEFAULTS.cost_ratio});
  const DEFAULT_RATIO = state.ratio;

  function parseHash(hash) {
    const settings = {};
    new URLSearchParams(hash.replace(/^#/, "")).forEach((value, key) => { settings[key] = value; });
    return settings;
  }

  function hashFor() {
    const pairs = state.mode === "data"
      ? [["mode", "data"], ["part", state.part], ["theta", thetaText(state.k)]]
      : [["mode", "binormal"], ["theta", thetaText(state.k)], ["d", short(state.d)], ["pi", short(state.pi)],
        ["ratio", short(state.ratio)]];
    if (state.mode === "data" && state.ratio !== DEFAULT_RATIO) pairs.push(["ratio", short(state.ratio)]);
    return "#" + pairs.map(([key, value]) => key + "=" + encodeURIComponent(value)).join("&");
  }

  function writeHash() {
    const hash = hashFor();
    if (location.hash === hash) return;
    try {
      history.replaceState(null, "", hash);
    } catch (error) {
      // A sandboxed frame may refuse; the lab works the same without the hash.
    }
  }

  const CONTROL_VALUES = {
    "theta-range": () => thetaText(state.k), "theta-number": () => thetaText(state.k),
    "d-range": () => short(state.d), "d-number": () => short(state.d),
    "pi-range": () => String(Math.log10(state.pi)), "pi-number": () => short(state.pi),
    "ratio-range": () => short(clamp(state.ratio, 1, 100)), "ratio-number": () => short(state.ratio),
  };

  function syncControls(source) {
    for (const id in CONTROL_VALUES) {
      const input = byId(id), value = CONTROL_VALUES[id]();
      if (input !== source && input.value !== value) input.value = value;
    }
    for (const radio of document.querySelectorAll("input[name=mode]")) radio.checked = radio.value === state.mode;
    const select = byId("part");
    if (select) select.value = state.part;
    for (const field of document.querySelectorAll("[data-only=binormal]")) field.hidden = state.mode !== "binormal";
    const partField = byId("part-field");
    if (partField) partField.hidden = state.mode !== "data";
  }

  function render(source) {
    const model = currentModel(), c = model.counts(state.k);
    drawHeader(model);
    drawScores(model, c);
    drawMatrix(model, c);
    drawRoc(model, c);
    drawPr(model, c);
    drawMetrics(model, c);
    byId("thinned").hidden = !model.thinned;
    syncControls(source);
    fillAnswers();
    return c;
  }

  function update(source, continuous) {
    announce(render(source), continuous);
    writeHash();
  }

  /* `input` follows typing or dragging without rewriting the box; `change` tidies it and speaks when committed. */
  function onValue(id, read) {
    const input = byId(id);
    input.addEventListener("input", () => { applySettings(read(input.value)); update(input, true); });
    input.addEventListener("change", () => { applySettings(read(input.value)); update(); });
  }

  const THETA_KEYS = {ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1, PageUp: 10, PageDown: -10};
  function onThetaKeys(id) {
    byId(id).addEventListener("keydown", (event) => {
      const isBox = id === "theta-number";
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (isBox && (event.key === "ArrowLeft" || event.key === "ArrowRight")) return;  // the caret's
      let k = null;
      if (event.key in THETA_KEYS) k = state.k + THETA_KEYS[event.key];
      else if (!isBox && event.key === "Home") k = 0;
      else if (!isBox && event.key === "End") k = STEPS;
      if (k === null) return;
      event.preventDefault();
      state.k = clamp(k, 0, STEPS);
      update(null, event.repeat);
    });
  }

  function buildPartPicker() {
    if (PARTS.length < 2) {
      byId("part-field").remove();
      return;
    }
    byId("part").innerHTML = PARTS.map((p) => '<option value="' + esc(p.key) + '">' + esc(partCaption(p) || p.key) +
      "</option>").join("");
    byId("part").addEventListener("change", (event) => { applySettings({part: event.target.value}); update(); });
  }

  /* Dragging (or tapping) the scores panel moves θ, like MLU-Explain's threshold line. */
  function onScoresPointer() {
    const svg = byId("scores-svg");
    const move = (event) => {
      const box = svg.getBoundingClientRect();
      const share = (event.clientX - box.left - SCORE_PAD.left) / (box.width - SCORE_PAD.left - SCORE_PAD.right);
      const k = Math.round(clamp(share, 0, 1) * STEPS);
      if (k !== state.k) { state.k = k; update(null, true); }
    };
    svg.addEventListener("pointerdown", (event) => { svg.setPointerCapture(event.pointerId); move(event); });
    svg.addEventListener("pointermove", (event) => { if (svg.hasPointerCapture(event.pointerId)) move(event); });
  }

  function wireControls() {
    buildPartPicker();
    onValue("theta-range", (v) => ({theta: v}));
    onValue("theta-number", (v) => ({theta: v}));
    onValue("d-range", (v) => ({d: v}));
    onValue("d-number", (v) => ({d: v}));
    onValue("pi-range", (v) => ({pi: Math.pow(10, Number(v))}));
    onValue("pi-number", (v) => ({pi: v}));
    onValue("ratio-range", (v) => ({ratio: v}));
    onValue("ratio-number", (v) => ({ratio: v}));
    onThetaKeys("theta-range");
    onThetaKeys("theta-number");
    for (const radio of document.querySelectorAll("input[name=mode]")) {
      radio.addEventListener("change", () => { applySettings({mode: radio.value}); update(); });
    }
    byId("min-cost").addEventListener("click", () => { state.k = minimumCost(currentModel(), state.ratio).k; update(); });
    byId("theta-half").addEventListener("click", () => { state.k = STEPS / 2; update(); });
    onScoresPointer();
    window.addEventListener("hashchange", () => { applySettings(parseHash(location.hash)); update(); });
    for (const link of document.querySelectorAll("a.setup")) link.addEventListener("click", showPanelsSoon);
  }

  /* After a guide link sets the controls, bring them and the panels into view under the sticky θ bar. */
  function showPanelsSoon() {
    requestAnimationFrame(() => {
      const bar = document.querySelector(".theta-bar");
      const barHeight = getComputedStyle(bar).position === "sticky" ? bar.offsetHeight : 0;
      const top = document.querySelector(".controls").getBoundingClientRect().top + window.scrollY - barHeight - 8;
      window.scrollTo({top: Math.max(0, top)});
    });
  }

  // ---------- Embedding: height for the host frame, keys for a reveal.js deck ----------
  const FORWARDED_KEYS = {ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down", " ": "next",
    PageDown: "next", PageUp: "prev"};

  function embed() {
    let lastHeight = 0;
    const postHeight = () => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height === lastHeight) return;
      lastHeight = height;
      window.parent.postMessage({type: "umbral-lab-height", height: height}, "*");
    };
    postHeight();
    new ResizeObserver(() => requestAnimationFrame(postHeight)).observe(document.body);
    document.addEventListener("keydown", (event) => {
      const method = FORWARDED_KEYS[event.key];
      if (!method || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (document.activeElement && document.activeElement.closest("input, select, textarea, button")) return;
      event.preventDefault();
      window.parent.postMessage(JSON.stringify({method: method, args: []}), "*");
    });
  }

  /* Redraw the SVG panels when their width changes (never inside the observer itself). */
  function redrawOnResize() {
    let lastWidth = document.querySelector(".panels").clientWidth;
    new ResizeObserver((entries) => {
      const width = entries[0].contentRect.width;
      if (width === lastWidth) return;
      lastWidth = width;
      requestAnimationFrame(() => render());
    }).observe(document.querySelector(".panels"));
  }

  // ---------- Start ----------
  buildMetricCards();
  wireControls();
  applySettings(parseHash(location.hash));
  announce(render());
  writeHash();
  redrawOnResize();
  if (framed) embed();
  window.umbralLab = {erfc: erfc, phi: phi, binormalModel: binormalModel};
  document.body.dataset.ready = "yes";
})();
