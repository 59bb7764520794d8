// RA and Write scoring as tables: one per scored Kingdom (section by section, one column per player, rules §5),
// the end bonuses (§6), and the result with the winner and, when it decided, the God-number tie-break. Sections,
// Kingdoms and end bonuses are the view's (`layout`); only their words are ours.

/** @typedef {import("../../common/types.js").BaseView} BaseView */
/** @typedef {import("../../common/types.js").ScoringNews} ScoringNews */
/** @typedef {import("./view_types.js").WriteView} WriteView */
/** @typedef {import("./view_types.js").WriteKingdomScore} WriteKingdomScore */
/** @typedef {import("./view_types.js").WriteEndBonuses} WriteEndBonuses */

import { el, nameEl } from "../../common/dom.js";
import { countText, endBonusOf, sectionOf } from "./sheet_foot.js";
import { kingdomTitle, sectionName } from "./symbols.js";
import { t, tn, seatName } from "../../common/i18n.js";

/**
 * How a section scores a Kingdom, in words.
 * @param {string} section
 * @returns {string}
 */
function rule(section) {
  /** @type {Record<string, string>} */
  const words = {
    gods: t("sum of the Kingdom's God spaces: highest +5, lowest −5"),
    pharaohs: t("marked spaces: most +5, fewest −5"),
    nile: t("1 per filled space"),
    civilization: t("marks in the Kingdom's line"),
    monuments: t("1 per column with a mark"),
  };
  return words[section] ?? "";
}

/**
 * An end bonus's name for people, with the layout's counts.
 * @param {WriteView} view
 * @param {string} key
 * @returns {string}
 */
function endName(view, key) {
  const { layout } = view;
  const gods = layout.kingdoms.length * layout.god_spaces_per_kingdom;
  /** @type {Record<string, string>} */
  const names = {
    all_gods: t("All {n} God spaces", { n: gods }),
    all_pharaohs: t("All {n} Pharaoh spaces", { n: layout.pharaoh_spaces }),
    all_nile: t("All {n} Nile spaces", { n: layout.nile_spaces }),
    all_monument_columns: t("All {n} Monument columns", { n: layout.monument_types.length }),
    full_monument_columns: t("Full Monument columns"),
  };
  return names[key] ?? key.replaceAll("_", " ");
}

/**
 * @param {WriteView} view
 * @param {number} seat
 */
const nameOf = (view, seat) => seatName(view.names?.[seat], seat);
/** @param {number} n */
const signed = (n) => (n > 0 ? `+${n}` : String(n));
/** @param {number} n */
const tone = (n) => (n > 0 ? "pos" : n < 0 ? "neg" : "zero");

/**
 * @param {WriteView} view
 * @param {string} first
 */
function head(view, first) {
  return el("thead", {}, el("tr", {}, el("th", { scope: "col" }, first),
    view.names.map((_, seat) => el("th", { scope: "col", class: seat === view.viewer ? "me" : "" }, nameEl(nameOf(view, seat))))));
}

/**
 * The Kingdom score tables, newest first (the one just scored is the one everybody reads).
 * @param {WriteView} view
 * @param {WriteView | null} prev
 * @returns {HTMLElement | null}
 */
export function renderKingdomScores(view, prev) {
  const entries = view.kingdom_scores || [];
  if (!entries.length && !view.end_bonuses) return null;
  const before = (prev?.kingdom_scores || []).length;
  return el("section", { class: "w-scoring", "aria-label": t("Scoring") },
    view.end_bonuses ? endTable(view, view.end_bonuses) : null,
    entries.map((entry, i) => ({ entry, i })).reverse().map(({ entry, i }) => kingdomTable(view, entry, prev !== null && i >= before)));
}

/**
 * The Kingdom scored (and the end bonuses awarded) between two views, as news; null if nothing was scored.
 * @param {BaseView} base
 * @param {BaseView} prevBase
 * @returns {ScoringNews | null}
 */
export function scoringNews(base, prevBase) {
  const view = /** @type {WriteView} */ (base);
  const prev = /** @type {WriteView} */ (prevBase);
  const entries = view.kingdom_scores || [];
  const scored = entries.length > (prev.kingdom_scores || []).length ? entries[entries.length - 1] : null;
  const ended = view.end_bonuses && !prev.end_bonuses ? view.end_bonuses : null;
  if (!scored && !ended) return null;
  const kingdom = scored ? kingdomTitle(view.layout, scored.kingdom, "the") : "";
  return {
    title: scored && ended ? t("The {kingdom} is scored: the game is over", { kingdom })
      : scored ? t("The {kingdom} is scored", { kingdom }) : t("The game is over"),
    body: el("div", { class: "news-body" }, scored ? breakdown(view, scored) : null, ended ? endBreakdown(view, ended) : null),
  };
}

/**
 * @param {WriteView} view
 * @param {WriteKingdomScore} entry
 * @param {boolean} fresh
 */
function kingdomTable(view, entry, fresh) {
  return el("details", { class: `kingdom-scores k-${entry.kingdom}${fresh ? " fresh" : ""}`, open: true, dataset: { kingdom: entry.kingdom } },
    el("summary", {}, t("Scoring of the {kingdom}", { kingdom: kingdomTitle(view.layout, entry.kingdom, "of") })), breakdown(view, entry));
}

/**
 * One Kingdom's scoring: a section × player table.
 * @param {WriteView} view
 * @param {WriteKingdomScore} entry
 * @returns {HTMLElement}
 */
function breakdown(view, entry) {
  const rows = entry.players || [];
  const body = view.layout.sections.map((section) => el("tr", {},
    el("th", { scope: "row", "aria-label": rule(section), dataset: { explain: section } }, sectionName(section)),
    rows.map((row) => {
      const score = sectionOf(row, section);
      if (!score) return el("td", {}, "–");
      return el("td", {}, el("span", { class: tone(score.points) }, signed(score.points)),
        el("small", { class: "count" }, ` ${countText(section, score.count)}`));
    })));
  body.push(el("tr", { class: "total" }, el("th", { scope: "row" }, t("Kingdom total")),
    rows.map((row, seat) => el("td", { dataset: { seat: String(seat), total: String(row?.total ?? 0) } }, signed(row?.total ?? 0)))));
  return el("div", { class: "table-scroll" }, el("table", { class: "score-table" }, head(view, t("Section")), el("tbody", {}, body)));
}

/**
 * @param {WriteView} view
 * @param {WriteEndBonuses[]} rows
 */
function endTable(view, rows) {
  return el("details", { class: "kingdom-scores end-bonuses", open: true },
    el("summary", {}, t("End bonuses and final score")), endBreakdown(view, rows));
}

/**
 * The end bonuses and the final score: a bonus × player table.
 * @param {WriteView} view
 * @param {WriteEndBonuses[]} rows
 * @returns {HTMLElement}
 */
function endBreakdown(view, rows) {
  const body = view.layout.end_bonuses.map((key) => el("tr", {}, el("th", { scope: "row", dataset: { explain: key } }, endName(view, key)),
    rows.map((row) => el("td", {}, el("span", { class: tone(endBonusOf(row, key) ?? 0) }, signed(endBonusOf(row, key) ?? 0))))));
  body.push(el("tr", { class: "total" }, el("th", { scope: "row" }, t("End bonuses")),
    rows.map((row) => el("td", {}, signed(row?.total ?? 0)))));
  body.push(el("tr", { class: "total grand" }, el("th", { scope: "row" }, t("Final score")),
    (view.scores || []).map((score, seat) => el("td", { dataset: { seat: String(seat), score: String(score) } }, String(score)))));
  return el("div", { class: "table-scroll" }, el("table", { class: "score-table" }, head(view, t("Bonus")), el("tbody", {}, body)));
}

/**
 * The winner(s), the final scores and the tie-break by God numbers (rules §6).
 * @param {WriteView} view
 * @returns {HTMLElement | null}
 */
export function renderResult(view) {
  const r = view.result;
  if (!r) return null;
  const winners = (r.winners || []).map((s) => nameOf(view, s));
  const order = (r.scores || []).map((score, seat) => ({ seat, score })).sort((a, b) => b.score - a.score);
  /** @param {number} seat */
  const gods = (seat) => (r.god_numbers?.[seat] || []).join(", ") || t("none");
  return el("div", { class: "result w-result", "aria-label": t("Result") },
    el("h2", {}, winners.length > 1 ? t("Shared win: {players}", { players: winners.join(", ") })
      : view.viewer !== null && view.result?.winners?.[0] === view.viewer ? t("You win!")
        : winners.length ? t("{player} wins!", { player: winners[0] }) : t("Nobody wins!")),
    r.tie_break
      ? el("p", { class: "tie-break" }, t("Tied on points: the God numbers were compared from the highest down (§6). {numbers}", {
        numbers: order.filter(({ score }) => score === order[0].score)
          .map(({ seat }) => t("{player}: {numbers}", { player: nameOf(view, seat), numbers: gods(seat) })).join(" — "),
      }))
      : null,
    el("ol", { class: "final-scores" }, order.map(({ seat, score }) =>
      el("li", { class: (r.winners || []).includes(seat) ? "won" : "", dataset: { seat: String(seat), score: String(score) } },
        nameEl(nameOf(view, seat), "final-name"), el("span", { class: "final-score" }, tn("{n} pt", "{n} pts", score))))));
}
