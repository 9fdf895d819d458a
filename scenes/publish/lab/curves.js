/* umbral lab, ROC and PR: one square SVG plot each, the curve and θ's point on it. */
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
