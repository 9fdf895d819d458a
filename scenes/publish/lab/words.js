/* umbral lab, words: the header's subtitle, the guide's answer the data fills, the live region. */
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
