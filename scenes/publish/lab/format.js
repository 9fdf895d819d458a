/* umbral lab: "Where do I put the threshold?".
 * A classic script (no modules, no network). One small state object; controls change it, render() draws
 * every panel from it, and the URL hash mirrors it. The script only divides counts computed and checked
 * in Python (0/0 = 0, flagged iff score >= θ); for the binormal model it computes Φ itself.
 * It is written in parts, one file each: lab_page.py's SCRIPTS lists them in the order they run, and the page
 * inlines them there, one after another, inside one strict function, so every part sees what the others define.
 * This first part: the inline data and strings, text and number formats, SVG markup. */
const byId = (id) => document.getElementById(id);
const DATA = JSON.parse(byId("lab-data").textContent);
const S = JSON.parse(byId("lab-strings").textContent);
const PARTS = DATA.parts;
const STEPS = 100;          // θ = k / 100, k = 0..100
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

const plotWidth = (svg) => Math.max(200, Math.floor(svg.parentNode.clientWidth));
function setSvg(svg, width, height, content) {
  svg.setAttribute("viewBox", "0 0 " + width + " " + Math.ceil(height));
  svg.setAttribute("width", width);
  svg.setAttribute("height", Math.ceil(height));
  svg.innerHTML = content;
}
