/* umbral lab, the binormal mode: Φ and the model of two normal score classes, d apart, at prevalence π. */
const X_STEPS = 4000;       // the binormal model's latent grid (contract)
const DRAW_EVERY = 20;      // one drawn curve point per 20 grid points

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
