// RA and Write scoring as tables: one per scored Kingdom (section by section, one column per player, rules §5),
// the end bonuses (§6), and the result with the winner and, when it decided, the God-number tie-break.

import { el } from "./dom.js";
import { KINGDOM_NAMES, SECTION_NAMES } from "./write_symbols.js";

const SECTIONS = ["gods", "pharaohs", "nile", "civilization", "monuments"];
const RULE = {
  gods: "sum of the Kingdom's 3 spaces: highest +5, lowest −5",
  pharaohs: "marked spaces: most +5, fewest −5",
  nile: "1 per filled space",
  civilization: "marks in the Kingdom's line",
  monuments: "1 per column with a mark",
};
const END_NAMES = {
  all_gods: "All 9 God spaces",
  all_pharaohs: "All 12 Pharaoh spaces",
  all_nile: "All 12 Nile spaces",
  all_monument_columns: "All 8 Monument columns",
  full_monument_columns: "Full Monument columns (10 each)",
};

const nameOf = (view, seat) => view.names?.[seat] ?? `Player ${seat + 1}`;
const signed = (n) => (n > 0 ? `+${n}` : String(n));
const tone = (n) => (n > 0 ? "pos" : n < 0 ? "neg" : "zero");

function countText(section, count) {
  if (section === "gods") return `sum ${count}`;
  if (section === "monuments") return `${count} col.`;
  if (section === "civilization") return `${count} marks`;
  return `${count} spaces`;
}

function head(view, first) {
  return el("thead", {}, el("tr", {}, el("th", { scope: "col" }, first),
    view.names.map((_, seat) => el("th", { scope: "col", class: seat === view.viewer ? "me" : "" }, nameOf(view, seat)))));
}

/** The Kingdom score tables, newest first (the one just scored is the one everybody reads). */
export function renderKingdomScores(view, prev) {
  const entries = view.kingdom_scores || [];
  if (!entries.length && !view.end_bonuses) return null;
  const before = (prev?.kingdom_scores || []).length;
  return el("section", { class: "w-scoring", "aria-label": "Scoring" },
    view.end_bonuses ? endTable(view) : null,
    entries.map((entry, i) => ({ entry, i })).reverse().map(({ entry, i }) => kingdomTable(view, entry, prev && i >= before)));
}

function kingdomTable(view, entry, fresh) {
  const rows = entry.players || [];
  const body = SECTIONS.map((section) => el("tr", {},
    el("th", { scope: "row", title: RULE[section] }, SECTION_NAMES[section]),
    rows.map((row) => {
      const cellData = row?.[section];
      if (!cellData) return el("td", {}, "–");
      return el("td", {}, el("span", { class: tone(cellData.points) }, signed(cellData.points)),
        el("small", { class: "count" }, ` ${countText(section, cellData.count)}`));
    })));
  body.push(el("tr", { class: "total" }, el("th", { scope: "row" }, "Kingdom total"),
    rows.map((row, seat) => el("td", { dataset: { seat: String(seat), total: String(row?.total ?? 0) } }, signed(row?.total ?? 0)))));
  return el("details", { class: `kingdom-scores k-${entry.kingdom}${fresh ? " fresh" : ""}`, open: true, dataset: { kingdom: entry.kingdom } },
    el("summary", {}, `Scoring of the ${KINGDOM_NAMES[entry.kingdom] ?? entry.kingdom}`),
    el("div", { class: "table-scroll" }, el("table", { class: "score-table" }, head(view, "Section"), el("tbody", {}, body))));
}

function endTable(view) {
  const rows = view.end_bonuses;
  const keys = Object.keys(END_NAMES);
  const body = keys.map((key) => el("tr", {}, el("th", { scope: "row" }, END_NAMES[key]),
    rows.map((row) => el("td", {}, el("span", { class: tone(row?.[key] ?? 0) }, signed(row?.[key] ?? 0))))));
  body.push(el("tr", { class: "total" }, el("th", { scope: "row" }, "End bonuses"),
    rows.map((row) => el("td", {}, signed(row?.total ?? 0)))));
  body.push(el("tr", { class: "total grand" }, el("th", { scope: "row" }, "Final score"),
    (view.scores || []).map((score, seat) => el("td", { dataset: { seat: String(seat), score: String(score) } }, String(score)))));
  return el("details", { class: "kingdom-scores end-bonuses", open: true },
    el("summary", {}, "End bonuses and final score"),
    el("div", { class: "table-scroll" }, el("table", { class: "score-table" }, head(view, "Bonus"), el("tbody", {}, body))));
}

/** The winner(s), the final scores and the tie-break by God numbers (rules §6). */
export function renderResult(view) {
  const r = view.result;
  if (!r) return null;
  const winners = (r.winners || []).map((s) => nameOf(view, s));
  const order = (r.scores || []).map((score, seat) => ({ seat, score })).sort((a, b) => b.score - a.score);
  const gods = (seat) => (r.god_numbers?.[seat] || []).join(", ") || "none";
  return el("div", { class: "result w-result", "aria-label": "Result" },
    el("h2", {}, winners.length > 1 ? `Shared win: ${winners.join(", ")}` : `${winners[0] ?? "Nobody"} wins!`),
    r.tie_break
      ? el("p", { class: "tie-break" }, "Tied on points: the God numbers were compared from the highest down (§6). ",
        order.filter(({ score }) => score === order[0].score).map(({ seat }) => `${nameOf(view, seat)}: ${gods(seat)}`).join(" — "))
      : null,
    el("ol", { class: "final-scores" }, order.map(({ seat, score }) =>
      el("li", { class: (r.winners || []).includes(seat) ? "won" : "", dataset: { seat: String(seat), score: String(score) } },
        el("span", { class: "final-name" }, nameOf(view, seat)), el("span", { class: "final-score" }, `${score} pts`)))));
}
