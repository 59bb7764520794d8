// The analysis of a finished game as the replay page reads it (docs/ANALYSIS.md, GET /api/tables/{id}/analysis):
// its JSON's types and the pure helpers the panel and the graph are drawn from (no DOM here: tested under node).
// A decision's `index` is its move's index in the record: replay step `index` shows the position it was made in.

/** @typedef {import("../common/i18n.js").TextJson} TextJson */

/**
 * A decision's class: good, or how costly it was.
 * @typedef {"good" | "inaccuracy" | "mistake" | "blunder"} Verdict
 */

/**
 * One decision's report (ra.analysis.model.DecisionReport.as_json).
 * @typedef {object} DecisionReport
 * @property {number} index  the move's index in the record (= the replay step it was decided at)
 * @property {number} seat
 * @property {number} options
 * @property {string} chosen  notation of the move played
 * @property {string} best  notation of the move the evaluator found best
 * @property {number} chosen_lead  mean final margin after the move played, in points
 * @property {number} best_lead
 * @property {number} loss  points of final margin lost (never below 0)
 * @property {number} low
 * @property {number} high
 * @property {number} samples  deals sampled
 * @property {number} agree  deals where the best move did at least as well
 * @property {Verdict} class
 * @property {TextJson | null} [reason]
 * @property {TextJson | null} [chosen_words]
 * @property {TextJson | null} [best_words]
 * @property {number} [cpu_seconds]
 */

/**
 * One seat's summary (SeatSummary.as_json).
 * @typedef {object} SeatSummary
 * @property {number} seat
 * @property {number} decisions
 * @property {number} lost
 * @property {number} lost_per_decision
 * @property {number} accuracy  percent of its decisions classed good
 * @property {Record<string, number>} counts
 * @property {number[]} costliest  record indexes, costliest first
 */

/**
 * A game's analysis (`"format": "ra-analysis/1"`).
 * @typedef {object} GameAnalysis
 * @property {string} format
 * @property {string} game
 * @property {number} players
 * @property {number} moves
 * @property {number} seed
 * @property {string} spec
 * @property {Record<string, number>} thresholds
 * @property {DecisionReport[]} decisions
 * @property {SeatSummary[]} seats
 * @property {number} [cpu_seconds]
 */

/**
 * What GET /api/tables/{id}/analysis answers (POST answers the same without `analysis`).
 * @typedef {object} AnalysisState
 * @property {"none" | "queued" | "running" | "done" | "failed"} status
 * @property {number} [done]
 * @property {number | null} [total]
 * @property {GameAnalysis | null} [analysis]
 * @property {string[]} [names]  the seats' names (GET)
 */

/** The costly classes, mildest first (the order of the legend and the summary's columns). */
export const COSTLY = /** @type {const} */ (["inaccuracy", "mistake", "blunder"]);

/** How long the page waits between two questions about a running analysis, in milliseconds. */
export const POLL_MS = 1500;

/**
 * True for a decision that was not good.
 * @param {DecisionReport} decision
 * @returns {boolean}
 */
export function isCostly(decision) {
  return decision.class !== "good";
}

/**
 * The decision made at replay step `step` (its move leads to step + 1), or null where no seat had a choice.
 * @param {GameAnalysis} analysis
 * @param {number} step
 * @returns {DecisionReport | null}
 */
export function decisionAt(analysis, step) {
  return analysis.decisions.find((d) => d.index === step) ?? null;
}

/**
 * The costly decision after (direction 1) or before (−1) `step`, or null.
 * @param {GameAnalysis} analysis
 * @param {number} step
 * @param {1 | -1} direction
 * @returns {DecisionReport | null}
 */
export function nextCostly(analysis, step, direction) {
  const costly = analysis.decisions.filter(isCostly).sort((a, b) => a.index - b.index);
  if (direction > 0) return costly.find((d) => d.index > step) ?? null;
  return costly.reverse().find((d) => d.index < step) ?? null;
}

/**
 * How far an analysis has come, from 0 to 1; null while its size is unknown (queued before the count).
 * @param {AnalysisState} state
 * @returns {number | null}
 */
export function progressShare(state) {
  if (state.status === "done") return 1;
  const total = state.total ?? null;
  if (total === null || total <= 0) return null;
  return Math.min(1, Math.max(0, (state.done ?? 0) / total));
}

/** @typedef {{x: number, y: number}} Point */

/**
 * The graph's geometry: each seat's expected final margin after each of its decisions (x: the record's move,
 * y: points, 0 in the middle band of the values), in a box of width × height with `pad` on every side.
 * @param {GameAnalysis} analysis
 * @param {number} width
 * @param {number} height
 * @param {number} pad
 * @returns {{x: (index: number) => number, y: (points: number) => number, low: number, high: number,
 *   lines: Point[][]}}
 */
export function graphGeometry(analysis, width, height, pad, left = pad) {
  const values = analysis.decisions.map((d) => d.chosen_lead);
  // Zero is always inside: above it the seat was expected to win, below it to lose.
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const moves = Math.max(1, analysis.moves);
  /** @param {number} index */
  const x = (index) => round(left + (index / moves) * (width - left - pad));
  /** @param {number} points */
  const y = (points) => round(height - pad - ((points - low) / span) * (height - 2 * pad));
  /** @type {Point[][]} */
  const lines = Array.from({ length: analysis.players }, () => []);
  for (const d of [...analysis.decisions].sort((a, b) => a.index - b.index)) {
    lines[d.seat]?.push({ x: x(d.index), y: y(d.chosen_lead) });
  }
  return { x, y, low, high, lines };
}

/**
 * @param {number} value
 * @returns {number}
 */
function round(value) {
  return Math.round(value * 10) / 10;
}

/**
 * A number of points with one decimal at most (2.25 → 2.3, 3 → 3), for the words around it.
 * @param {number} value
 * @returns {number}
 */
export function tenths(value) {
  return Math.round(value * 10) / 10;
}
