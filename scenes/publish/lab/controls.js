/* umbral lab, controls: they show the state (syncControls) and change it (wireControls). */
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
  for (const radio of document.querySelectorAll("input[name=cal-scores]")) {
    radio.addEventListener("change", () => { applySettings({scores: radio.value}); update(); });
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
