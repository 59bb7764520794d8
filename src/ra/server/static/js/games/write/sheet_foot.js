// The score parts of an RA and Write scoresheet: each section's score boxes (one per Kingdom, filled when it is
// scored) and the sheet's foot (end-bonus progress, Kingdom totals, bonus, total).

/** @typedef {import("./view_types.js").WriteView} WriteView */
/** @typedef {import("./view_types.js").WriteSheetView} WriteSheetView */
/** @typedef {import("./view_types.js").WriteSectionScore} WriteSectionScore */
/** @typedef {import("./view_types.js").WriteKingdomRow} WriteKingdomRow */
/** @typedef {import("./view_types.js").WriteEndBonuses} WriteEndBonuses */
/** @typedef {import("./sheet.js").Draw} Draw */

import { el } from "../../common/dom.js";
import { kingdomTitle, sectionName } from "./symbols.js";
import { t, tn } from "../../common/i18n.js";

/** @param {number} n */
const signed = (n) => (n > 0 ? `+${n}` : String(n));

/**
 * The `{count, points}` under `section` of a player's Kingdom row, or null. The board knows the sections by the
 * names the layout gives, so it reads the row by name and checks what it finds.
 * @param {WriteKingdomRow | null | undefined} row
 * @param {string} section
 * @returns {WriteSectionScore | null}
 */
export function sectionOf(row, section) {
  const value = row ? /** @type {Record<string, unknown>} */ (row)[section] : undefined;
  if (typeof value !== "object" || value === null || !("count" in value) || !("points" in value)) return null;
  return /** @type {WriteSectionScore} */ (value);
}

/**
 * The points of the end bonus `key` (a name of the layout's `end_bonuses`) in a player's row, or null.
 * @param {WriteEndBonuses | null | undefined} row
 * @param {string} key
 * @returns {number | null}
 */
export function endBonusOf(row, key) {
  const value = row ? /** @type {Record<string, unknown>} */ (row)[key] : undefined;
  return typeof value === "number" ? value : null;
}

/**
 * The `{count, points}` of one section in a player's Kingdom row, if scored.
 * @param {WriteView} view
 * @param {string} kingdom
 * @param {number} seat
 * @param {string} name
 * @returns {WriteSectionScore | null}
 */
export function sectionScore(view, kingdom, seat, name) {
  const row = (view.kingdom_scores || []).find((e) => e.kingdom === kingdom)?.players?.[seat];
  return sectionOf(row, name);
}

/**
 * The score boxes of one section: one per Kingdom, in the Kingdom's colour, filled when it is scored.
 * @param {Draw} draw
 * @param {string} name
 */
export function scoreBoxes(draw, name) {
  const { view, seat } = draw;
  return el("div", { class: "ws-score", "aria-label": t("{section} points per Kingdom", { section: sectionName(name) }), dataset: { explain: name } },
    view.layout.kingdoms.map((k) => {
      const row = sectionScore(view, k, seat, name);
      const kingdom = kingdomTitle(view.layout, k);
      const title = row
        ? t("{kingdom}: {points} ({count})", { kingdom, points: signed(row.points), count: countText(name, row.count) })
        : t("{kingdom}: not scored yet", { kingdom });
      return el("span", { class: `ws-box k-${k}${row ? " scored" : ""}`, title }, row ? signed(row.points) : "");
    }));
}

/**
 * What a section's count means, in words.
 * @param {string} name
 * @param {number} count
 */
export function countText(name, count) {
  if (name === "gods") return t("sum {n}", { n: count });
  if (name === "monuments") return tn("{n} col.", "{n} col.", count);
  if (name === "civilization") return tn("{n} mark", "{n} marks", count);
  return tn("{n} space", "{n} spaces", count);
}

/**
 * Kingdom totals, end bonuses (progress during the game, points at the end) and the running score.
 * @param {Draw} draw
 * @param {WriteSheetView} sheet
 */
export function sheetFoot(draw, sheet) {
  const { view, seat } = draw;
  const { layout } = view;
  const totals = layout.kingdoms.map((k) => {
    const row = (view.kingdom_scores || []).find((e) => e.kingdom === k)?.players?.[seat];
    return el("span", { class: `ws-box k-${k}${row ? " scored" : ""}`, title: t("{kingdom}: total", { kingdom: kingdomTitle(layout, k) }) }, row ? signed(row.total) : "");
  });
  const end = view.end_bonuses?.[seat] ?? null;
  const gods = sheet.gods.reduce((n, g) => n + g.spaces.filter((v) => v !== null).length, 0);
  const godSpaces = sheet.gods.reduce((n, g) => n + g.spaces.length, 0);
  const nile = sheet.nile.spaces.filter((v) => v !== null).length;
  const cols = sheet.monuments.columns;
  const full = cols.filter((c) => c >= layout.monument_rows).length;
  /** @type {[string, string, string][]} */
  const progress = [
    ["all_gods", t("All Gods"), `${gods}/${godSpaces}`],
    ["all_pharaohs", t("All Pharaohs"), `${sheet.pharaohs.marked}/${layout.pharaoh_spaces}`],
    ["all_nile", t("All Nile"), `${nile}/${layout.nile_spaces}`],
    ["all_monument_columns", t("All columns"), `${cols.filter((c) => c > 0).length}/${cols.length}`],
    ["full_monument_columns", t("Full columns"), t("{n} full", { n: full })],
  ];
  const chips = progress.filter(([key]) => layout.end_bonuses.includes(key)).map(([key, label, sofar]) => {
    const points = endBonusOf(end, key);
    return el("span", { class: `ws-end${points ? " earned" : ""}`, "aria-label": t("{bonus}: an end bonus", { bonus: label }), dataset: { explain: key } },
      label, " ", el("b", {}, points === null ? sofar : signed(points)));
  });
  const score = view.scores?.[seat] ?? 0;
  return el("footer", { class: "ws-foot" },
    el("div", { class: "ws-ends" }, el("span", { class: "ws-foot-label" }, t("End bonuses")), chips),
    el("div", { class: "ws-totals" }, el("span", { class: "ws-foot-label" }, t("Kingdoms")), totals,
      el("span", { class: "ws-foot-label" }, t("Bonus")), el("span", { class: "ws-box end", title: t("End bonuses") }, end ? signed(end.total) : ""),
      el("span", { class: "ws-foot-label" }, t("Total")),
      el("span", { class: "ws-box grand", title: t("Score so far"), dataset: { score: String(score) } }, String(score))));
}
