// One player's RA and Write scoresheet, laid out like the printed pad (rules/ra-and-write.md §2): Gods (three
// Kingdoms with their total boxes), Pharaohs (12 spaces, Nile symbols), the Nile in four parts, Civilization
// (Kingdom lines × type columns), Monuments (eight columns × 3), each section's score boxes per Kingdom and the
// bonus symbols, crossed out once earned. The same builder draws the viewer's large sheet and the others' small
// ones; only CSS sizes differ.
//
// Every space has a key (g1..g9, p1..p12, n1..n12, c<line>:<type>, m<row>:<type>) matching keyOf(action), so a
// legal action finds its space without knowing the sheet's layout.

import { el } from "./dom.js";
import {
  KINGDOM_NAMES, KINGDOM_SHORT, SECTION_NAMES, SECTION_SYMBOL, symbol, typeName, typeShort,
} from "./write_symbols.js";

const SECTION_LETTER = { gods: "g", pharaohs: "p", nile: "n", civilization: "c", monuments: "m" };
const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** The sheet key of the space a legal action writes to (null for reveal, decline and lost cards). */
export function keyOf(action) {
  const letter = SECTION_LETTER[action.section];
  if (!letter || action.space === null || action.space === undefined) return null;
  return `${letter}${action.space}${action.type && (letter === "c" || letter === "m") ? `:${action.type}` : ""}`;
}

/**
 * Draw seat's sheet. ctx = {size: "big"|"small", prev: previous view or null, targets: Map key → [legal actions],
 * tryable: Map key → notation (spaces that explain why not), picked: key, onPick(key), header: element}.
 */
export function renderSheet(view, seat, ctx) {
  const sheet = view.sheets[seat];
  const prevSheet = ctx.prev?.sheets?.[seat] ?? null;
  const draw = { view, seat, ctx, prevSheet };
  return el("article", { class: `w-sheet ${ctx.size}`, dataset: { seat: String(seat) }, "aria-label": `Scoresheet of ${view.names?.[seat] ?? `player ${seat + 1}`}` },
    ctx.header || null,
    section(draw, "gods", null, godsBody(draw, sheet)),
    section(draw, "pharaohs", null, pharaohsBody(draw, sheet)),
    section(draw, "nile", "low → high", nileBody(draw, sheet)),
    section(draw, "civilization", civLegend(view), civBody(draw, sheet)),
    section(draw, "monuments", null, monumentsBody(draw, sheet)),
    sheetFoot(draw, sheet));
}

function section(draw, name, note, body) {
  return el("section", { class: `ws-sec ws-${name}`, dataset: { section: name } },
    el("h4", { class: "ws-title" }, symbol(SECTION_SYMBOL[name]), el("span", { class: "ws-name" }, SECTION_NAMES[name]),
      note ? el("small", { class: "ws-note" }, note) : null),
    el("div", { class: "ws-body" }, body),
    scoreBoxes(draw, name));
}

/** One space. `was` is the previous view's content of the same space, to mark what just changed. */
function cell(draw, key, content, filled, was, title, extra = "") {
  const { ctx } = draw;
  const classes = ["ws-cell", filled ? "filled" : "empty", extra];
  if (draw.prevSheet && was !== content) classes.push("fresh");
  const node = el("span", { class: classes.join(" "), dataset: { key }, title }, content);
  const actions = ctx.targets?.get(key);
  if (actions?.length === 1) {
    // One action: the space itself is the action; the shell's delegated click sends it.
    node.classList.add("legal");
    Object.assign(node.dataset, { actionId: String(actions[0].id), notation: actions[0].notation });
    setButton(node);
  } else if (actions?.length > 1) {
    // Several actions on one space (a Nile bonus: any number): pick the space here, the number in the panel.
    node.classList.add("legal", "pickable");
    node.dataset.pick = key;
    setButton(node);
    node.addEventListener("click", () => ctx.onPick?.(key));
    node.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      ctx.onPick?.(key);
    });
  } else if (ctx.tryable?.has(key)) {
    // Not legal for the selected card: clicking asks the engine, which says why (shown by the shell).
    node.classList.add("tryable");
    node.dataset.notation = ctx.tryable.get(key);
  }
  if (ctx.picked === key) node.classList.add("picked");
  return node;
}

function setButton(node) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
}

/** A printed bonus symbol; crossed out once the bonus was earned (made, declined or lost alike). */
function bonus(name, used, title) {
  return el("span", { class: `ws-bonus${used ? " used" : ""}`, title: `${title}${used ? " (used)" : ""}`, dataset: { used: String(!!used) } },
    symbol(name));
}

const MARK = "✕";

function godsBody(draw, sheet) {
  return sheet.gods.map((g, k) => {
    const before = draw.prevSheet?.gods?.[k];
    const cells = g.spaces.map((n, i) => {
      const space = k * 3 + i + 1;
      return cell(draw, `g${space}`, n === null ? "" : String(n), n !== null, before ? (before.spaces[i] === null ? "" : String(before.spaces[i])) : null,
        `Gods space ${space} (${KINGDOM_NAMES[g.kingdom]})`);
    });
    return el("div", { class: `ws-kblock k-${g.kingdom}${g.closed ? " closed" : ""}`, title: g.closed ? "Closed in the kingdom-limited variant" : null },
      el("span", { class: "ws-klabel" }, KINGDOM_SHORT[g.kingdom]),
      el("span", { class: "ws-cells" }, cells),
      el("span", { class: "ws-eq" }, "="),
      el("span", { class: "ws-total", title: "Total of this Kingdom's Gods (never takes an entry)" }, g.total === null ? "" : String(g.total)),
      bonus("pharaoh", g.bonus_used, "Third God space of this Kingdom filled → a bonus entry in Pharaohs"));
  });
}

function pharaohsBody(draw, sheet) {
  const symbols = draw.view.layout.pharaoh_nile_symbols || [];
  const before = draw.prevSheet?.pharaohs?.marked;
  const cells = [];
  for (let i = 1; i <= draw.view.layout.pharaoh_spaces; i += 1) {
    const marked = i <= sheet.pharaohs.marked;
    const at = symbols.indexOf(i);
    const node = cell(draw, `p${i}`, marked ? MARK : "", marked, before === undefined ? null : i <= before ? MARK : "",
      `Pharaoh space ${i}${at >= 0 ? " — Nile symbol: a bonus entry in the Nile" : ""}`, at >= 0 ? "has-bonus" : "");
    if (at >= 0) node.append(bonus("nile", sheet.pharaohs.symbols_used[at], "Marking this space → a bonus entry in the Nile"));
    cells.push(node);
  }
  return el("div", { class: "ws-row" }, cells);
}

function nileBody(draw, sheet) {
  const before = draw.prevSheet?.nile?.spaces;
  return draw.view.layout.nile_parts.map((part, j) => el("div", { class: "ws-part" },
    part.map((space) => {
      const n = sheet.nile.spaces[space - 1];
      const was = before ? (before[space - 1] === null ? "" : String(before[space - 1])) : null;
      return cell(draw, `n${space}`, n === null ? "" : String(n), n !== null, was, `Nile space ${space}`);
    }),
    bonus("civ", sheet.nile.parts_used[j], "All three spaces of this part filled → a bonus entry in Civilization")));
}

function civLegend(view) {
  const table = view.layout.civ_table || [];
  return table.map((points, marks) => `${marks}:${signed(points)}`).join(" ");
}

function civBody(draw, sheet) {
  const types = draw.view.layout.civ_types;
  const head = el("div", { class: "ws-grid-row ws-head" }, el("span", { class: "ws-klabel" }),
    types.map((t) => el("span", { class: "ws-colhead", title: typeName(t) }, typeShort(t))), el("span", { class: "ws-bonus-slot" }));
  const rows = sheet.civilization.map((line, L) => {
    const before = draw.prevSheet?.civilization?.[L]?.marks;
    return el("div", { class: `ws-grid-row k-${line.kingdom}${line.closed ? " closed" : ""}` },
      el("span", { class: "ws-klabel" }, KINGDOM_SHORT[line.kingdom]),
      types.map((t, i) => cell(draw, `c${L + 1}:${t}`, line.marks[i] ? MARK : "", line.marks[i], before ? (before[i] ? MARK : "") : null,
        `${typeName(t)} — ${KINGDOM_NAMES[line.kingdom]} line`)),
      el("span", { class: "ws-bonus-slot" }, bonus("monument", line.bonus_used, "Three marks in this line → a bonus entry in Monuments")));
  });
  return el("div", { class: "ws-grid ws-civ-grid", style: `--cols: ${types.length}` }, head, rows);
}

function monumentsBody(draw, sheet) {
  const types = draw.view.layout.monument_types;
  const rowsCount = draw.view.layout.monument_rows;
  const columns = sheet.monuments.columns;
  const before = draw.prevSheet?.monuments?.columns;
  const head = el("div", { class: "ws-grid-row ws-head" },
    types.map((t, i) => el("span", { class: `ws-colhead${columns[i] >= rowsCount ? " full" : ""}`, title: typeName(t) }, typeShort(t))),
    el("span", { class: "ws-bonus-slot" }));
  const rows = [];
  for (let r = 1; r <= rowsCount; r += 1) {
    rows.push(el("div", { class: `ws-grid-row${r === 1 ? " top" : ""}` },
      types.map((t, i) => cell(draw, `m${r}:${t}`, columns[i] >= r ? MARK : "", columns[i] >= r, before ? (before[i] >= r ? MARK : "") : null,
        `${typeName(t)}, row ${r}`)),
      el("span", { class: "ws-bonus-slot" }, r === 1
        ? bonus("any", sheet.monuments.all_tops_used, "The top space of all eight columns marked → a bonus entry in any section")
        : null)));
  }
  return el("div", { class: "ws-grid ws-mon-grid", style: `--cols: ${types.length}` }, head, rows);
}

/** The score boxes of one section: one per Kingdom, in the Kingdom's colour, filled when it is scored. */
function scoreBoxes(draw, name) {
  const { view, seat } = draw;
  return el("div", { class: "ws-score", "aria-label": `${SECTION_NAMES[name]} points per Kingdom` },
    view.layout.kingdoms.map((k) => {
      const row = (view.kingdom_scores || []).find((e) => e.kingdom === k)?.players?.[seat]?.[name];
      const title = row ? `${KINGDOM_NAMES[k]}: ${signed(row.points)} (${countText(name, row.count)})` : `${KINGDOM_NAMES[k]}: not scored yet`;
      return el("span", { class: `ws-box k-${k}${row ? " scored" : ""}`, title }, row ? signed(row.points) : "");
    }));
}

function countText(name, count) {
  if (name === "gods") return `sum ${count}`;
  if (name === "monuments") return `${count} columns`;
  if (name === "civilization") return `${count} marks in the line`;
  return `${count} spaces`;
}

/** Kingdom totals, end bonuses (progress during the game, points at the end) and the running score. */
function sheetFoot(draw, sheet) {
  const { view, seat } = draw;
  const totals = view.layout.kingdoms.map((k) => {
    const row = (view.kingdom_scores || []).find((e) => e.kingdom === k)?.players?.[seat];
    return el("span", { class: `ws-box k-${k}${row ? " scored" : ""}`, title: `${KINGDOM_NAMES[k]} total` }, row ? signed(row.total) : "");
  });
  const end = view.end_bonuses?.[seat] ?? null;
  const gods = sheet.gods.reduce((n, g) => n + g.spaces.filter((v) => v !== null).length, 0);
  const nile = sheet.nile.spaces.filter((v) => v !== null).length;
  const cols = sheet.monuments.columns;
  const full = cols.filter((c) => c >= view.layout.monument_rows).length;
  const chips = [
    ["all_gods", "All Gods", `${gods}/9`],
    ["all_pharaohs", "All Pharaohs", `${sheet.pharaohs.marked}/${view.layout.pharaoh_spaces}`],
    ["all_nile", "All Nile", `${nile}/${view.layout.nile_spaces}`],
    ["all_monument_columns", "All columns", `${cols.filter((c) => c > 0).length}/${cols.length}`],
    ["full_monument_columns", "Full columns", `${full}×10`],
  ].map(([key, label, progress]) => {
    const points = end ? end[key] : null;
    return el("span", { class: `ws-end${points ? " earned" : ""}`, title: `${label}: 10 points at the end${key === "full_monument_columns" ? " per full column" : ""}` },
      label, " ", el("b", {}, points === null ? progress : signed(points)));
  });
  return el("footer", { class: "ws-foot" },
    el("div", { class: "ws-ends" }, el("span", { class: "ws-foot-label" }, "End bonuses"), chips),
    el("div", { class: "ws-totals" }, el("span", { class: "ws-foot-label" }, "Kingdoms"), totals,
      el("span", { class: "ws-foot-label" }, "Bonus"), el("span", { class: "ws-box end", title: "End bonuses" }, end ? signed(end.total) : ""),
      el("span", { class: "ws-foot-label" }, "Total"),
      el("span", { class: "ws-box grand", title: "Score so far", dataset: { score: String(view.scores?.[seat] ?? 0) } }, String(view.scores?.[seat] ?? 0))));
}
