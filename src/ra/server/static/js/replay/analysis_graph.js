// The analysis graph, an SVG drawn by us (no plotting library): one line per seat of the final margin it could
// expect after each of its decisions (the move it played), zero marked; a mark on each costly decision, its shape
// and colour telling its class (circle: inaccuracy, square: mistake, triangle: blunder); a cursor at the replay's
// step. A mark is a button: it takes the replay to the position the decision was made in.

/** @typedef {import("./analysis_data.js").GameAnalysis} GameAnalysis */
/** @typedef {import("./analysis_data.js").DecisionReport} DecisionReport */

import { graphGeometry, isCostly } from "./analysis_data.js";

const SVG = "http://www.w3.org/2000/svg";
const PAD = 14;
const LEFT = 64; // room for the axis's words ("+12.4 pts")

/**
 * An SVG element with attributes and children.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @param {...(SVGElement | null)} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children) if (child) node.append(child);
  return node;
}

/**
 * The shape of a class of decision, centred on (x, y): the legend draws the same shapes.
 * @param {string} verdict  inaccuracy, mistake or blunder
 * @param {number} x
 * @param {number} y
 * @param {number} size  half the width
 * @returns {SVGElement}
 */
export function verdictShape(verdict, x, y, size) {
  const cls = `verdict-shape v-${verdict}`;
  if (verdict === "mistake") return svg("rect", { x: x - size, y: y - size, width: 2 * size, height: 2 * size, class: cls });
  if (verdict === "blunder") {
    const s = size * 1.3;
    return svg("path", { d: `M${x},${y - s} L${x + s},${y + s * 0.8} L${x - s},${y + s * 0.8} Z`, class: cls });
  }
  return svg("circle", { cx: x, cy: y, r: size, class: cls });
}

/**
 * A small SVG of one class's shape, for the legend and the summary's column heads.
 * @param {string} verdict
 * @returns {SVGElement}
 */
export function verdictIcon(verdict) {
  return svg("svg", { viewBox: "0 0 16 16", class: "verdict-icon", "aria-hidden": "true" }, verdictShape(verdict, 8, 8, 5));
}

/** The graph of one analysis, with its step cursor. */
export class AnalysisGraph {
  /**
   * @param {GameAnalysis} analysis
   * @param {{label: string, markLabel: (d: DecisionReport) => string, pick: (d: DecisionReport) => void,
   *   axis: (points: number) => string}} words  the graph's words, and what a click on a mark does
   * @param {number} width  in CSS pixels: drawn at the width of its box, its words and marks keep their size on a phone
   */
  constructor(analysis, words, width) {
    const height = width < 500 ? 200 : 240;
    const geo = graphGeometry(analysis, width, height, PAD, LEFT);
    this.x = geo.x;
    this.root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "analysis-graph", role: "group", "aria-label": words.label });
    const zero = geo.y(0);
    this.root.append(svg("line", { x1: LEFT, y1: zero, x2: width - PAD, y2: zero, class: "zero" }));
    // The highest and lowest margins and zero, each once (a game never ahead has its top at zero).
    for (const value of new Set([geo.high, 0, geo.low])) this.root.append(label(LEFT - 6, geo.y(value) + 4, words.axis(value)));
    geo.lines.forEach((points, seat) => {
      if (points.length) this.root.append(svg("polyline", { points: points.map((p) => `${p.x},${p.y}`).join(" "), class: `seat-line s-${seat}` }));
    });
    this.cursor = svg("line", { x1: LEFT, y1: PAD / 2, x2: LEFT, y2: height - PAD / 2, class: "cursor" });
    this.root.append(this.cursor);
    // The costliest last: on a crowded stretch a blunder's mark is drawn over an inaccuracy's.
    const order = { inaccuracy: 0, mistake: 1, blunder: 2, good: -1 };
    const costly = analysis.decisions.filter(isCostly).sort((a, b) => order[a.class] - order[b.class]);
    for (const d of costly) this.root.append(mark(d, geo.x(d.index), geo.y(d.chosen_lead), words));
  }

  /**
   * Move the cursor to the replay's step; the mark of the decision made there stands out.
   * @param {number} step
   */
  setStep(step) {
    const x = String(this.x(step));
    this.cursor.setAttribute("x1", x);
    this.cursor.setAttribute("x2", x);
    for (const node of this.root.querySelectorAll(".analysis-mark")) {
      node.classList.toggle("current", /** @type {SVGElement} */ (node).dataset.index === String(step));
    }
  }
}

/**
 * @param {number} x
 * @param {number} y
 * @param {string} words
 * @returns {SVGElement}
 */
function label(x, y, words) {
  const text = svg("text", { x, y, class: "axis-label" });
  text.textContent = words;
  return text;
}

/**
 * A costly decision's mark: a button (a wide transparent circle to hit with a finger, the shape on it).
 * @param {DecisionReport} d
 * @param {number} x
 * @param {number} y
 * @param {{markLabel: (d: DecisionReport) => string, pick: (d: DecisionReport) => void}} words
 * @returns {SVGElement}
 */
function mark(d, x, y, words) {
  const name = words.markLabel(d);
  const title = svg("title", {});
  title.textContent = name;
  const node = svg("g", { class: `analysis-mark s-${d.seat} v-${d.class}`, role: "button", tabindex: 0, "aria-label": name,
    "data-index": d.index, "data-class": d.class, "data-seat": d.seat }, title,
  svg("circle", { cx: x, cy: y, r: 11, class: "hit" }), verdictShape(d.class, x, y, 5));
  node.addEventListener("click", () => words.pick(d));
  node.addEventListener("keydown", (event) => {
    const key = /** @type {KeyboardEvent} */ (event).key;
    if (key !== "Enter" && key !== " ") return;
    event.preventDefault();
    words.pick(d);
  });
  return node;
}
