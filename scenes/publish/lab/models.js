/* umbral lab, models: what a mode knows (counts at every hundredth, curves, bins). The data mode's model is
 * here, the binormal mode's in binormal.js; both are made once per setting and kept. */
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
