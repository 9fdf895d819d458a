/* umbral lab, the last part: embedding (height for the host frame, keys for a reveal.js deck) and the start. */

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
