// The scoring of each finished epoch as a table (category by category, one column per player; a hidden row
// shows as "hidden", docs/rules/ra.md R3) and, at the end, the result with the winner and the tie-break (§9.4).
// The newest epoch's table is also the news the page announces when that epoch has just been scored.

/** @typedef {import("../../common/types.js").BaseView} BaseView */
/** @typedef {import("../../common/types.js").ScoringNews} ScoringNews */
/** @typedef {import("./view_types.js").RaView} RaView */
/** @typedef {import("./view_types.js").RaEpochScores} RaEpochScores */
/** @typedef {import("./view_types.js").RaScoreRow} RaScoreRow */

import { el, nameEl } from "../../common/dom.js";
import { t, tn, seatName } from "../../common/i18n.js";

/**
 * A scoring category's name with how it scores, in the page's language.
 * @param {string} name
 * @returns {string}
 */
function categoryName(name) {
  /** @type {Record<string, string>} */
  const names = {
    gods: t("Gods (+2 each)"),
    gold: t("Gold (+3 each)"),
    pharaohs: t("Pharaohs (most +5 / fewest −2)"),
    river: t("River (needs a flood)"),
    civilization: t("Civilization (types)"),
    monuments: t("Monuments (final)"),
    sun_disks: t("Sun disks (final)"),
  };
  return names[name] ?? name;
}

/**
 * @param {RaView} view
 * @param {number} seat
 */
const nameOf = (view, seat) => seatName(view.names?.[seat], seat);
/** @param {number} n */
const signed = (n) => (n > 0 ? `+${n}` : String(n));

/**
 * Every finished epoch's scoring table, newest first; null before the first.
 * @param {RaView} view
 * @returns {HTMLElement | null}
 */
export function renderScores(view) {
  const epochs = view.epoch_scores || [];
  if (!epochs.length) return null;
  return el("section", { class: "scoring", "aria-label": t("Scoring") },
    // Newest epoch first: it is the one a player wants to read right after it is scored.
    [...epochs].reverse().map((e) => epochTable(view, e)));
}

/**
 * The epoch just scored between two views, as news: its breakdown per category and player (and the result at the
 * end); null if no epoch was scored.
 * @param {BaseView} base
 * @param {BaseView} prevBase
 * @returns {ScoringNews | null}
 */
export function scoringNews(base, prevBase) {
  const view = /** @type {RaView} */ (base);
  const before = (/** @type {RaView} */ (prevBase).epoch_scores || []).length;
  const epochs = view.epoch_scores || [];
  if (epochs.length <= before) return null;
  const entry = epochs[epochs.length - 1];
  const title = view.result ? t("Epoch {epoch} is scored: the game is over", { epoch: entry.epoch })
    : t("Epoch {epoch} is scored", { epoch: entry.epoch });
  return { title, body: el("div", { class: "news-body", dataset: { epoch: String(entry.epoch) } }, breakdown(view, entry)) };
}

/**
 * One epoch's scoring: a category × player table, or a note when every row is hidden from the viewer.
 * @param {RaView} view
 * @param {RaEpochScores} entry
 * @returns {HTMLElement}
 */
function breakdown(view, entry) {
  const rows = entry.players || [];
  if (rows.every((row) => !row)) return el("p", { class: "hidden-cell" }, t("The scores are hidden until the end of the game (R3)."));
  /** @type {string[]} */
  const categories = [];
  for (const row of rows) for (const name of Object.keys(row?.categories || {})) if (!categories.includes(name)) categories.push(name);
  const head = el("tr", {}, el("th", { scope: "col" }, t("Category")),
    rows.map((_, seat) => el("th", { scope: "col" }, nameEl(nameOf(view, seat)))));
  /** @type {(seat: number, fn: (row: RaScoreRow) => Node | string) => HTMLTableCellElement} */
  const cell = (seat, fn) => {
    const row = rows[seat];
    return row ? el("td", {}, fn(row)) : el("td", { class: "hidden-cell" }, t("hidden"));
  };
  const body = categories.map((name) => el("tr", {}, el("th", { scope: "row", dataset: { explain: name } }, categoryName(name)),
    rows.map((_, seat) => cell(seat, (r) => {
      const v = r.categories?.[name] ?? 0;
      return el("span", { class: v > 0 ? "pos" : v < 0 ? "neg" : "zero" }, signed(v));
    }))));
  body.push(el("tr", { class: "net" }, el("th", { scope: "row" }, t("Net this epoch")), rows.map((_, seat) => cell(seat, (r) => signed(r.net)))));
  body.push(el("tr", { class: "total" }, el("th", { scope: "row" }, t("Score (never below 0)")),
    rows.map((_, seat) => cell(seat, (r) => `${r.before} → ${r.after}`))));
  return el("div", { class: "table-scroll" }, el("table", { class: "score-table" }, el("thead", {}, head), el("tbody", {}, body)));
}

/**
 * @param {RaView} view
 * @param {RaEpochScores} entry
 */
function epochTable(view, entry) {
  const hidden = (entry.players || []).every((row) => !row);
  return el("details", { class: "epoch-scores", open: !hidden, dataset: { epoch: String(entry.epoch) } },
    el("summary", {}, t("Scoring of epoch {epoch}", { epoch: entry.epoch })), breakdown(view, entry));
}

/**
 * The winner, the final scores and, when it decided, the tie-break.
 * @param {RaView} view
 * @returns {HTMLElement | null}
 */
export function renderResult(view) {
  const r = view.result;
  if (!r) return null;
  const winners = (r.winners || []).map((s) => nameOf(view, s));
  const order = (r.scores || []).map((score, seat) => ({ seat, score })).sort((a, b) => b.score - a.score);
  return el("div", { class: "result", "aria-label": t("Result") },
    // The viewer's own win has its own verb ("You win!"): the seat's name may be "You" (a tutorial's learner).
    el("h2", {}, winners.length > 1 ? t("Winners: {players}", { players: winners.join(", ") })
      : view.viewer !== null && r.winners?.[0] === view.viewer ? t("You win!")
        : winners.length ? t("{player} wins!", { player: winners[0] }) : t("Nobody wins!")),
    r.tie_break
      ? el("p", { class: "tie-break" }, t("Tied on points: the tie is broken by the highest sun disk held (§9.4). Disk totals: {totals}.", {
        totals: (r.disk_totals || []).map((total, s) => t("{player} {total}", { player: nameOf(view, s), total })).join(", "),
      }))
      : null,
    el("ol", { class: "final-scores" }, order.map(({ seat, score }) =>
      el("li", { class: (r.winners || []).includes(seat) ? "won" : "", dataset: { seat: String(seat), score: String(score) } },
        nameEl(nameOf(view, seat), "final-name"), el("span", { class: "final-score" }, tn("{n} pt", "{n} pts", score)),
        // The totals the final scoring of sun disks compared (and a tie would): shown, not only scored.
        r.disk_totals ? el("small", { class: "final-disks" }, t("sun disks {total}", { total: r.disk_totals[seat] })) : null))));
}
