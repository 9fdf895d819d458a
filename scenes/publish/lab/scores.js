/* umbral lab, scores per class: a dot per case when the data has few enough, else a hump per class; θ's line
 * across, the flagged side shaded. */
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
  // The rows' captions go on top of the θ line (their halo breaks it), so a narrow panel keeps them legible.
  let y = 30, body = "", captions = "";
  for (const row of rows) {
    captions += glyph(row.label, SCORE_PAD.left + DOT, y + 12, true, 6) +
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
  setSvg(svg, width, height, shade + body + axis(toX, axisY, width) + line + captions + thetaLabel + sideLabel);
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
