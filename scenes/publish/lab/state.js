/* umbral lab, state: the one state object, the settings it takes, the URL hash that mirrors it, and render(),
 * which draws every panel from it. */
const state = {mode: "data", part: PARTS[0].key, k: 50, d: 1.5, pi: 0.1, ratio: 10, scores: "raw"};
const toNumber = (v) => {
  if (v === undefined || v === null || String(v).trim() === "") return null;
  const x = Number(v);
  return Number.isFinite(x) ? x : null;
};

/* Take whatever is valid in `settings` (strings from the hash or the controls); ignore the rest. */
function applySettings(settings) {
  if (settings.mode === "data" || settings.mode === "binormal") state.mode = settings.mode;
  if (PARTS.some((p) => p.key === settings.part)) state.part = settings.part;
  if (CAL_SCORES.includes(settings.scores)) state.scores = settings.scores;
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
  if (state.mode === "data" && state.scores !== "raw") pairs.push(["scores", state.scores]);
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

function render(source) {
  const model = currentModel(), c = model.counts(state.k);
  drawHeader(model);
  drawScores(model, c);
  drawMatrix(model, c);
  drawRoc(model, c);
  drawPr(model, c);
  drawMetrics(model, c);
  drawCalibration();
  byId("thinned").hidden = !model.thinned;
  syncControls(source);
  fillAnswers();
  return c;
}

function update(source, continuous) {
  announce(render(source), continuous);
  writeHash();
}
