// A rating history as a small SVG line plot, drawn by us (no plotting library): one point per rated game.

const SVG = "http://www.w3.org/2000/svg";

/**
 * An SVG element with attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @returns {SVGElement}
 */
function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

/**
 * The points of a line through `values` in a box of width × height with a margin (pure: tested).
 * @param {number[]} values
 * @param {number} width
 * @param {number} height
 * @param {number} margin
 * @returns {{points: [number, number][], low: number, high: number}}
 */
export function linePoints(values, width, height, margin) {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = values.length > 1 ? (width - 2 * margin) / (values.length - 1) : 0;
  /** @type {[number, number][]} */
  const points = values.map((v, i) => [
    Math.round((margin + i * step) * 10) / 10,
    Math.round((height - margin - ((v - low) / span) * (height - 2 * margin)) * 10) / 10,
  ]);
  return { points, low, high };
}

/**
 * A plot of `values` (oldest first), labelled for assistive technology by `label`.
 * @param {number[]} values
 * @param {string} label
 * @returns {SVGElement}
 */
export function ratingPlot(values, label) {
  const width = 480;
  const height = 160;
  const margin = 24;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "rating-plot", role: "img", "aria-label": label });
  if (!values.length) return root;
  const { points, low, high } = linePoints(values, width, height, margin);
  root.append(svg("line", { x1: margin, y1: height - margin, x2: width - margin, y2: height - margin, class: "axis" }));
  root.append(svg("polyline", { points: points.map((p) => p.join(",")).join(" "), class: "rating-line" }));
  for (const [x, y] of points) root.append(svg("circle", { cx: x, cy: y, r: 3, class: "rating-point" }));
  for (const [value, y] of [[high, margin], [low, height - margin]]) {
    const text = svg("text", { x: 2, y: y + 4, class: "rating-label" });
    text.textContent = value.toFixed(1);
    root.append(text);
  }
  return root;
}
