// One player's RA and Write scoresheet, laid out like the printed pad (docs/rules/ra-and-write.md §2): Gods (a block
// per Kingdom with its total box), Pharaohs (Nile symbols), the Nile in parts, Civilization (Kingdom lines × type
// columns), Monuments (columns × rows), each section's score boxes per Kingdom and the bonus symbols, crossed out
// once earned. Every count and name comes from the view's `layout`. The same builder draws the viewer's large
// sheet and the others' small ones; only CSS sizes differ.
//
// Every space has a key (choice.js keyOf), so a legal action finds its space without knowing the layout.

/** @typedef {import("./view_types.js").WriteView} WriteView */
/** @typedef {import("./view_types.js").WriteLegalAction} WriteLegalAction */
/** @typedef {import("./view_types.js").WriteSheetView} WriteSheetView */
/** @typedef {import("../../common/moves.js").MoveMarks<WriteLegalAction>} Marks */

import { el } from "../../common/dom.js";
import { markMove } from "../../common/moves.js";
import { t } from "../../common/i18n.js";
import { scoreBoxes, sheetFoot } from "./sheet_foot.js";
import {
  kingdomShort, kingdomTitle, sectionName, sectionSymbol, symbol, typeName, typeShort,
} from "./symbols.js";

/**
 * @typedef {object} SheetOptions
 * @property {"big" | "small"} size
 * @property {WriteView | null} prev
 * @property {Map<string, WriteLegalAction[]>} [targets]  sheet key → the legal actions writing there
 * @property {Marks} [marks]  where single-action spaces are recorded as placed
 * @property {string | null} [picked]  the picked key of a space with several actions
 * @property {(key: string) => void} [onPick]
 * @property {HTMLElement} [header]
 */

/**
 * @typedef {object} Draw
 * @property {WriteView} view
 * @property {number} seat
 * @property {SheetOptions} opts
 * @property {WriteSheetView | null} prevSheet
 */

/** @param {number} n */
const signed = (n) => (n > 0 ? `+${n}` : String(n));
const MARK = "✕";

/**
 * Draw seat's sheet.
 * @param {WriteView} view
 * @param {number} seat
 * @param {SheetOptions} opts
 * @returns {HTMLElement}
 */
export function renderSheet(view, seat, opts) {
  const sheet = view.sheets[seat];
  /** @type {Draw} */
  const draw = { view, seat, opts, prevSheet: opts.prev?.sheets?.[seat] ?? null };
  const label = t("Scoresheet of {player}", { player: view.names?.[seat] || String(seat + 1) });
  return el("article", { class: `w-sheet ${opts.size}`, dataset: { seat: String(seat) }, "aria-label": label },
    opts.header || null,
    section(draw, "gods", null, godsBody(draw, sheet)),
    section(draw, "pharaohs", null, pharaohsBody(draw, sheet)),
    section(draw, "nile", t("low → high"), nileBody(draw, sheet)),
    section(draw, "civilization", civLegend(view), civBody(draw, sheet)),
    section(draw, "monuments", null, monumentsBody(draw, sheet)),
    sheetFoot(draw, sheet));
}

/**
 * @param {Draw} draw
 * @param {string} name
 * @param {string | null} note
 * @param {HTMLElement | HTMLElement[]} body
 */
function section(draw, name, note, body) {
  return el("section", { class: `ws-sec ws-${name}`, dataset: { section: name } },
    el("h4", { class: "ws-title", dataset: { explain: name } }, symbol(sectionSymbol(name)), el("span", { class: "ws-name" }, sectionName(name)),
      note ? el("small", { class: "ws-note" }, note) : null),
    el("div", { class: "ws-body" }, body),
    scoreBoxes(draw, name));
}

/**
 * One space. `was` is the previous view's content of the same space, to mark what just changed.
 * @param {Draw} draw
 * @param {string} key
 * @param {string} content
 * @param {boolean} filled
 * @param {string | null} was
 * @param {string} title
 * @param {string} [extra]
 */
function cell(draw, key, content, filled, was, title, extra = "") {
  const { opts } = draw;
  const classes = ["ws-cell", filled ? "filled" : "empty", extra];
  if (draw.prevSheet && was !== content) classes.push("fresh");
  const node = el("span", { class: classes.join(" ").trim(), dataset: { key }, title }, content);
  const actions = opts.targets?.get(key) ?? [];
  if (actions.length === 1) {
    // One action: the space itself is the action; the shell's delegated click sends it.
    const only = actions[0];
    if (opts.marks) opts.marks.mark(node, (a) => a.notation === only.notation);
    else markMove(node, only.notation);
  } else if (actions.length > 1) {
    // Several actions on one space (a Nile bonus: any number): pick the space here, the number in the panel.
    node.classList.add("legal", "pickable");
    node.dataset.step = key;
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    opts.marks?.reachable(actions);
    node.addEventListener("click", () => opts.onPick?.(key));
    node.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      opts.onPick?.(key);
    });
  }
  if (opts.picked === key) node.classList.add("picked");
  return node;
}

/**
 * A printed bonus symbol; crossed out once the bonus was earned (made, declined or lost alike).
 * @param {string} name
 * @param {boolean} used
 * @param {string} title
 */
function bonus(name, used, title) {
  return el("span", { class: `ws-bonus${used ? " used" : ""}`, title: used ? t("{bonus} (used)", { bonus: title }) : title, dataset: { used: String(!!used) } },
    symbol(name));
}

/** @param {number | null | undefined} n */
const numberText = (n) => (n === null || n === undefined ? "" : String(n));

/**
 * True when a Kingdom's Gods total no longer adds up its spaces: entries written after the Kingdom was scored, whose
 * total was frozen then. Correct by the rules, but it reads as a sum gone wrong, so the sheet says why.
 * @param {{spaces: (number | null)[], total: number | null}} g
 */
export function frozen(g) {
  if (g.total === null || g.total === undefined) return false;
  return g.spaces.reduce((/** @type {number} */ sum, n) => sum + (n ?? 0), 0) !== g.total;
}

/**
 * @param {Draw} draw
 * @param {WriteSheetView} sheet
 */
function godsBody(draw, sheet) {
  const { layout } = draw.view;
  const per = layout.god_spaces_per_kingdom;
  return sheet.gods.map((g, k) => {
    const before = draw.prevSheet?.gods?.[k];
    const cells = g.spaces.map((n, i) => {
      const space = k * per + i + 1;
      return cell(draw, `g${space}`, numberText(n), n !== null, before ? numberText(before.spaces[i]) : null,
        t("Gods space {number} ({kingdom})", { number: space, kingdom: kingdomTitle(layout, g.kingdom) }));
    });
    return el("div", { class: `ws-kblock k-${g.kingdom}${g.closed ? " closed" : ""}`, title: g.closed ? t("Closed in the kingdom-limited variant") : null },
      el("span", { class: "ws-klabel" }, kingdomShort(g.kingdom)),
      el("span", { class: "ws-cells" }, cells),
      el("span", { class: "ws-eq" }, "="),
      el("span", { class: `ws-total${frozen(g) ? " frozen" : ""}`, title: frozen(g)
        ? t("Scored when this Kingdom ended: numbers written here since then do not change this total (rules §5).")
        : t("Total of this Kingdom's Gods (never takes an entry)") }, numberText(g.total)),
      frozen(g) ? el("small", { class: "ws-frozen-note" }, t("scored when the Kingdom ended; later entries do not change it")) : null,
      bonus("pharaoh", g.bonus_used, t("This Kingdom's God spaces all filled → a bonus entry in Pharaohs")));
  });
}

/**
 * @param {Draw} draw
 * @param {WriteSheetView} sheet
 */
function pharaohsBody(draw, sheet) {
  const { layout } = draw.view;
  const symbols = layout.pharaoh_nile_symbols || [];
  const before = draw.prevSheet?.pharaohs?.marked;
  const cells = [];
  for (let i = 1; i <= layout.pharaoh_spaces; i += 1) {
    const marked = i <= sheet.pharaohs.marked;
    const at = symbols.indexOf(i);
    const node = cell(draw, `p${i}`, marked ? MARK : "", marked, before === undefined ? null : i <= before ? MARK : "",
      at >= 0 ? t("Pharaoh space {number} — Nile symbol: a bonus entry in the Nile", { number: i }) : t("Pharaoh space {number}", { number: i }),
      at >= 0 ? "has-bonus" : "");
    if (at >= 0) node.append(bonus("nile", sheet.pharaohs.symbols_used[at], t("Marking this space → a bonus entry in the Nile")));
    cells.push(node);
  }
  return el("div", { class: "ws-row" }, cells);
}

/**
 * @param {Draw} draw
 * @param {WriteSheetView} sheet
 */
function nileBody(draw, sheet) {
  const before = draw.prevSheet?.nile?.spaces;
  return draw.view.layout.nile_parts.map((part, j) => el("div", { class: "ws-part" },
    part.map((space) => {
      const n = sheet.nile.spaces[space - 1];
      return cell(draw, `n${space}`, numberText(n), n !== null, before ? numberText(before[space - 1]) : null, t("Nile space {number}", { number: space }));
    }),
    bonus("civ", sheet.nile.parts_used[j], t("This part of the Nile filled → a bonus entry in Civilization"))));
}

/** @param {WriteView} view */
function civLegend(view) {
  return (view.layout.civ_table || []).map((points, marks) => `${marks}:${signed(points)}`).join(" ");
}

/**
 * @param {Draw} draw
 * @param {WriteSheetView} sheet
 */
function civBody(draw, sheet) {
  const { layout } = draw.view;
  const types = layout.civ_types;
  const head = el("div", { class: "ws-grid-row ws-head" }, el("span", { class: "ws-klabel" }),
    types.map((type) => el("span", { class: "ws-colhead", title: typeName(type) }, typeShort(type))), el("span", { class: "ws-bonus-slot" }));
  const rows = sheet.civilization.map((line, L) => {
    const before = draw.prevSheet?.civilization?.[L]?.marks;
    return el("div", { class: `ws-grid-row k-${line.kingdom}${line.closed ? " closed" : ""}` },
      el("span", { class: "ws-klabel" }, kingdomShort(line.kingdom)),
      types.map((type, i) => cell(draw, `c${L + 1}:${type}`, line.marks[i] ? MARK : "", line.marks[i], before ? (before[i] ? MARK : "") : null,
        t("{type} — line of the {kingdom}", { type: typeName(type), kingdom: kingdomTitle(layout, line.kingdom, "of") }))),
      el("span", { class: "ws-bonus-slot" }, bonus("monument", line.bonus_used, t("Three marks in this line → a bonus entry in Monuments"))));
  });
  return el("div", { class: "ws-grid ws-civ-grid", style: { "--cols": String(types.length) } }, head, rows);
}

/**
 * @param {Draw} draw
 * @param {WriteSheetView} sheet
 */
function monumentsBody(draw, sheet) {
  const { layout } = draw.view;
  const types = layout.monument_types;
  const rowsCount = layout.monument_rows;
  const columns = sheet.monuments.columns;
  const before = draw.prevSheet?.monuments?.columns;
  const head = el("div", { class: "ws-grid-row ws-head" },
    types.map((type, i) => el("span", { class: `ws-colhead${columns[i] >= rowsCount ? " full" : ""}`, title: typeName(type) }, typeShort(type))),
    el("span", { class: "ws-bonus-slot" }));
  const rows = [];
  for (let r = 1; r <= rowsCount; r += 1) {
    rows.push(el("div", { class: `ws-grid-row${r === 1 ? " top" : ""}` },
      types.map((type, i) => cell(draw, `m${r}:${type}`, columns[i] >= r ? MARK : "", columns[i] >= r, before ? (before[i] >= r ? MARK : "") : null,
        t("{type}, row {row}", { type: typeName(type), row: r }))),
      el("span", { class: "ws-bonus-slot" }, r === 1
        ? bonus("any", sheet.monuments.all_tops_used, t("The top space of every column marked → a bonus entry in any section"))
        : null)));
  }
  return el("div", { class: "ws-grid ws-mon-grid", style: { "--cols": String(types.length) } }, head, rows);
}
