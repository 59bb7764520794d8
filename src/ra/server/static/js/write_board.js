// Draws an RA and Write table from a view (docs/VIEWS_WRITE.md): the deck and its reveal button, the Ra cards set
// aside per Kingdom, the three face-up cards with who reserved / chose them, the decision panel, every player's
// status, the viewer's large scoresheet and the others' small ones, the lost entries, the Kingdom scoring and the
// result. Like the Ra board it is redrawn from scratch on every view; the server is the source of truth.
//
// A choice takes two clicks (a card, then a space on the sheet), and a Nile bonus takes a space then a number.
// The first click is local state here (ui), never sent; only elements carrying data-action-id are actions, and the
// table shell's delegated listener sends them. So a reload simply forgets a half-made choice.

import { el, replaceChildren } from "./dom.js";
import { keyOf, renderSheet } from "./write_sheet.js";
import { renderKingdomScores, renderResult } from "./write_scores.js";
import {
  KINGDOM_NAMES, KINGDOM_SHORT, SECTION_NAMES, SECTION_SYMBOL, cardLabel, kindName, symbol, typeName,
} from "./write_symbols.js";

export { actionIdFor, moveText, rulesPanel } from "./write_rules.js";

export const GAME_TITLE = "RA and Write";

const nameOf = (view, seat) => view.names?.[seat] ?? `Player ${seat + 1}`;
const PHONE = "(max-width: 640px)";

// Half-made choices of the viewer, kept across views of the same turn: the selected card slot and, for a Nile
// bonus, the picked space whose numbers are offered.
const ui = { turn: null, slot: null, pick: null };
// Which other players' sheets are unfolded, by seat; the user's own toggles win over the default.
const unfolded = new Map();
let last = null;

/** Render everything into `root`. ctx = {nameNode(seat), prev (previous view or null)}. */
export function render(root, view, ctx) {
  last = { root, view, ctx };
  const d = decisions(view);
  syncUi(view, d);
  const targets = targetsOf(d);
  const drawCtx = { ...ctx, d, targets };
  replaceChildren(root,
    statusBar(view, d),
    view.result ? renderResult(view) : null,
    el("section", { class: "w-table", "aria-label": "The cards" },
      deck(view, d, ctx.prev), raTrack(view, ctx.prev), faceUp(view, d, ctx.prev), decisionPanel(view, d, targets)),
    playerStrip(view, ctx),
    sheets(view, drawCtx),
    lostList(view, ctx.prev),
    renderKingdomScores(view, ctx.prev));
}

/** Draw the same view again after a local click (no "fresh" marks: nothing came from the server). */
function redraw() {
  if (last) render(last.root, last.view, { ...last.ctx, prev: last.view });
}

/** The viewer's legal actions, sorted by what they are for. */
function decisions(view) {
  const legal = view.legal_actions || [];
  const cards = legal.filter((a) => a.kind === "card");
  return {
    legal,
    reveal: legal.find((a) => a.kind === "reveal") || null,
    cards,
    bonuses: legal.filter((a) => a.kind === "bonus"),
    decline: legal.find((a) => a.kind === "decline") || null,
    slots: [...new Set(cards.map((a) => a.card))],
    pending: view.viewer === null || view.viewer === undefined ? null : view.players?.[view.viewer]?.pending_bonus ?? null,
  };
}

function syncUi(view, d) {
  if (ui.turn !== view.turn) Object.assign(ui, { turn: view.turn, slot: null, pick: null });
  if (!d.slots.includes(ui.slot)) ui.slot = null;
  // The only selectable card is selected at once: one click less, and nothing to get wrong.
  if (ui.slot === null && d.slots.length === 1) ui.slot = d.slots[0];
  if (!d.bonuses.some((a) => keyOf(a) === ui.pick)) ui.pick = null;
}

/** Sheet key → legal actions writing there: the pending bonus's, or the selected card's. */
function targetsOf(d) {
  const list = d.bonuses.length ? d.bonuses : d.cards.filter((a) => a.card === ui.slot && !a.lost);
  const map = new Map();
  for (const a of list) {
    const key = keyOf(a);
    if (key === null) continue;
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(a);
  }
  return map;
}

/** Spaces of the selected card's section that are not legal: a click there asks the engine why (the shell). */
function tryableOf(view, d, targets) {
  const map = new Map();
  const card = view.face_up?.find((f) => f.slot === ui.slot);
  if (!card || d.bonuses.length) return map;
  const add = (key, notation) => { if (!targets.has(key)) map.set(key, notation); };
  if (card.kind === "god") for (let s = 1; s <= 9; s += 1) add(`g${s}`, `card${card.slot}>god${s}`);
  if (card.kind === "nile") for (let s = 1; s <= view.layout.nile_spaces; s += 1) add(`n${s}`, `card${card.slot}>nile${s}`);
  if (card.kind === "civ") view.layout.kingdoms.forEach((k, i) => add(`c${i + 1}:${card.type}`, `card${card.slot}>civ:${k}`));
  return map;
}

function statusBar(view, d) {
  const mine = d.legal.length > 0;
  const who = (s) => (s === view.viewer ? "You" : nameOf(view, s));
  let text;
  if (view.phase === "over") text = "The game is over.";
  else if (d.bonuses.length) text = `Make your bonus entry in ${SECTION_NAMES[d.pending] ?? "a section"} — or decline it.`;
  else if (ui.slot !== null) text = `Card ${ui.slot}, ${cardLabel(view.face_up.find((f) => f.slot === ui.slot)?.card)}: click a highlighted space on your sheet.`;
  else if (view.phase === "reveal") text = mine ? "Your turn: reveal the cards (the deck)." : `${who(view.active_player)} reveals the cards.`;
  else if (view.phase === "active_choice") text = mine ? "Choose a card first; the others then choose among the other two." : `${who(view.active_player)} chooses a card first.`;
  else if (mine) text = `Choose one of the two cards ${nameOf(view, view.active_player)} left.`;
  else text = `Waiting for ${(view.current_players || []).map(who).join(", ") || "…"}.`;
  const kingdom = view.phase === "over" ? "Final" : KINGDOM_NAMES[view.kingdom] ?? view.kingdom;
  return el("div", { class: `status-bar w-status${mine ? " my-turn" : ""}`, "aria-live": "polite" },
    el("span", { class: `epoch w-kingdom k-${view.kingdom}` }, kingdom),
    el("span", { class: "w-turn-no" }, view.phase === "over" ? "" : `turn ${view.turn}`),
    el("span", { class: "turn-text" }, text));
}

function deck(view, d, prev) {
  const remaining = view.deck?.remaining ?? 0;
  const button = el("button", { class: "w-deck-button", type: "button", title: "Reveal until three non-Ra cards lie face up (§3)" },
    symbol("deck"), el("span", { class: "w-deck-count" }, String(remaining)), el("span", { class: "w-deck-verb" }, "Reveal"));
  if (d.reveal) {
    button.classList.add("legal");
    Object.assign(button.dataset, { actionId: String(d.reveal.id), notation: d.reveal.notation });
  } else if (view.viewer !== null && view.viewer !== undefined && view.phase !== "over") {
    // Out of turn the click is still sent, so the engine can say whose turn it is.
    button.classList.add("tryable");
    button.dataset.notation = "reveal";
  } else {
    button.disabled = true;
  }
  const active = view.phase === "over" ? null : view.active_player;
  return el("div", { class: `w-deck${prev && prev.deck?.remaining !== remaining ? " changed" : ""}` },
    el("h3", {}, "Deck"), button,
    active === null ? null : el("small", {}, "held by ", nameOf(view, active)));
}

function raTrack(view, prev) {
  const total = view.ra?.total ?? 0;
  const before = prev?.ra?.total ?? total;
  const per = view.layout.ra_per_kingdom;
  const groups = view.layout.kingdoms.map((k, g) => el("div", { class: `w-ra-group k-${k}`, title: KINGDOM_NAMES[k] },
    el("span", { class: "w-ra-label" }, KINGDOM_SHORT[k]),
    Array.from({ length: per }, (_, i) => {
      const n = g * per + i;
      const filled = n < total;
      return el("span", { class: `w-ra${filled ? " filled" : ""}${filled && n >= before ? " fresh" : ""}` }, filled ? symbol("ra") : null);
    })));
  return el("div", { class: "w-ra-track", "aria-label": `${total} of ${view.layout.ra_cards} Ra cards set aside` },
    el("h3", {}, "Ra ", el("small", {}, `${view.ra?.this_kingdom ?? 0}/${per} this Kingdom`)), el("div", { class: "w-ra-groups" }, groups));
}

function faceUp(view, d, prev) {
  const slots = [1, 2, 3].map((slot) => {
    const f = view.face_up?.find((c) => c.slot === slot);
    if (!f) return el("div", { class: "w-slot empty" }, el("div", { class: "w-card blank" }, el("span", { class: "w-card-slot" }, `card ${slot}`)));
    const actions = d.cards.filter((a) => a.card === slot);
    const selectable = actions.length > 0;
    const lostOnly = selectable && actions.every((a) => a.lost);
    const was = prev?.face_up?.find((c) => c.slot === slot)?.card;
    const classes = ["w-card", `kind-${f.kind}`];
    if (selectable) classes.push("selectable");
    if (ui.slot === slot) classes.push("selected");
    if (f.reserved_by !== null && f.reserved_by !== undefined) classes.push("reserved");
    if (prev && was !== f.card) classes.push("fresh");
    const face = f.number ?? (f.type ? typeName(f.type) : "");
    const card = el(selectable ? "button" : "div", {
      class: classes.join(" "), type: selectable ? "button" : null, title: cardLabel(f.card),
      "aria-pressed": selectable ? String(ui.slot === slot) : null, dataset: { slot: String(slot), card: f.card },
    },
    el("span", { class: "w-card-kind" }, kindName(f.kind)), symbol(SECTION_SYMBOL[sectionOfKind(f.kind)]),
    el("span", { class: `w-card-face${f.number === null ? " words" : ""}` }, String(face)),
    el("span", { class: "w-card-slot" }, `card ${slot}`),
    lostOnly ? el("span", { class: "w-lost-tag" }, "no space: lost") : null);
    if (selectable) {
      card.dataset.pick = "card";
      card.addEventListener("click", () => select(slot));
    }
    const chips = (f.chosen_by || []).map((s) => el("span", { class: `w-chip${s === f.reserved_by ? " reserved" : ""}${s === view.viewer ? " me" : ""}` },
      nameOf(view, s), s === f.reserved_by ? " (active)" : ""));
    return el("div", { class: "w-slot" }, card, el("div", { class: "w-chips" }, chips));
  });
  return el("div", { class: "w-face-up" }, el("h3", {}, "Face-up cards"), el("div", { class: "w-slots" }, slots));
}

const sectionOfKind = (kind) => ({ god: "gods", nile: "nile", pharaoh: "pharaohs", civ: "civilization", monument: "monuments" })[kind] || "any";

function select(slot) {
  ui.slot = ui.slot === slot ? null : slot;
  ui.pick = null;
  redraw();
  // Keyboard users continue on the sheet, where the next click goes.
  last?.root.querySelector(".w-sheet.big .ws-cell.legal")?.focus({ preventScroll: true });
}

function pickSpace(key) {
  ui.pick = key;
  redraw();
  last?.root.querySelector(".w-numbers button")?.focus({ preventScroll: true });
}

const BONUS_HELP = {
  pharaohs: "A Kingdom's Gods are complete: mark the next Pharaoh space.",
  nile: "A Pharaoh on a Nile symbol: click a Nile space, then choose its number (1–20, the row must not decrease).",
  civilization: "A Nile part is full: mark any type in a Civilization line.",
  monuments: "A Civilization line has three marks: mark any Monument column.",
  any: "All eight Monument tops are marked: make an entry in any section (a God is written as 20).",
};

function actionButton(action, label, cls = "btn") {
  return el("button", { class: `${cls} legal`, type: "button", dataset: { actionId: String(action.id), notation: action.notation } }, label);
}

/** What the viewer must do now, in words, with the buttons that are not spaces on the sheet. */
function decisionPanel(view, d, targets) {
  const parts = [];
  if (d.bonuses.length) {
    parts.push(el("p", { class: "w-prompt" }, el("strong", {}, `Bonus entry: ${SECTION_NAMES[d.pending] ?? ""}. `), BONUS_HELP[d.pending] ?? "Click a highlighted space."));
    if (ui.pick) {
      const numbers = [...targets.get(ui.pick)].sort((a, b) => a.number - b.number);
      parts.push(el("p", { class: "w-prompt" }, `Nile space ${ui.pick.slice(1)}: write which number?`),
        el("div", { class: "w-numbers" }, numbers.map((a) => actionButton(a, String(a.number), "btn w-number"))));
    }
    if (d.decline) parts.push(el("p", {}, actionButton(d.decline, "Decline this bonus", "btn w-decline")));
    return el("section", { class: "decision w-decision bonus", "aria-label": "Your decision" }, parts);
  }
  if (d.reveal) parts.push(el("p", { class: "w-prompt" }, "Click the deck to reveal the cards."));
  else if (d.slots.length && ui.slot === null) parts.push(el("p", { class: "w-prompt" }, "Click a face-up card, then a highlighted space on your sheet."));
  else if (ui.slot !== null) {
    const f = view.face_up.find((c) => c.slot === ui.slot);
    const lost = d.cards.find((a) => a.card === ui.slot && a.lost);
    parts.push(el("p", { class: "w-prompt" }, el("strong", {}, `Card ${ui.slot}: ${cardLabel(f?.card)}. `),
      lost ? "It has no legal space on your sheet: taking it loses it." : `Click a highlighted space in ${SECTION_NAMES[sectionOfKind(f?.kind)]}.`));
    if (lost) parts.push(el("p", {}, actionButton(lost, "Take it — the card is lost", "btn w-lose")));
    if (d.slots.length > 1) parts.push(el("p", { class: "w-hint" }, "Click another card to change your mind."));
  } else if (view.phase === "over") parts.push(el("p", {}, "The game is over — the scoring is below."));
  else parts.push(el("p", { class: "w-hint" }, view.viewer === null || view.viewer === undefined ? "You are watching." : "Nothing to do now: the others are deciding."));
  return el("section", { class: "decision w-decision", "aria-label": "Your decision" }, parts);
}

function statusWords(view, p) {
  if (p.status === "reveal") return "reveals";
  if (p.status === "choosing") return "choosing…";
  if (p.status === "bonus") return `bonus: ${SECTION_NAMES[p.pending_bonus] ?? "…"}`;
  if (p.status === "done") {
    const f = view.face_up?.find((c) => c.slot === p.card);
    return f ? `took ${cardLabel(f.card)}` : "done";
  }
  return view.phase === "over" ? "" : "waiting";
}

function playerStrip(view, ctx) {
  const current = new Set(view.current_players || []);
  return el("ol", { class: "w-players", "aria-label": "Players" }, (view.players || []).map((p) => {
    const classes = ["w-player", `status-${p.status}`];
    if (p.seat === view.active_player && view.phase !== "over") classes.push("active");
    if (current.has(p.seat)) classes.push("current");
    if (p.seat === view.viewer) classes.push("me");
    if (view.result?.winners?.includes(p.seat)) classes.push("winner");
    return el("li", { class: classes.join(" "), dataset: { seat: String(p.seat), status: p.status } },
      ctx.nameNode(p.seat),
      classes.includes("active") ? el("span", { class: "badge w-active", title: "The active player holds the deck" }, "active") : null,
      el("span", { class: "w-pstatus" }, statusWords(view, p)),
      el("span", { class: "w-pscore" }, `${view.scores?.[p.seat] ?? 0} pts`));
  }));
}

function sheetHeader(view, seat, ctx, tag) {
  const p = view.players?.[seat] ?? {};
  return el(tag, { class: "ws-header" }, ctx.nameNode(seat),
    seat === view.viewer ? el("span", { class: "badge" }, "you") : null,
    seat === view.active_player && view.phase !== "over" ? el("span", { class: "badge w-active" }, "active") : null,
    el("span", { class: "w-pstatus" }, statusWords(view, p)),
    el("span", { class: "ws-score-pill" }, `${view.scores?.[seat] ?? 0} pts`));
}

/** The viewer's sheet large (with the click targets), then the others' small and foldable. */
function sheets(view, ctx) {
  const me = view.viewer === null || view.viewer === undefined ? null : view.viewer;
  const own = me === null ? null : renderSheet(view, me, {
    size: "big", prev: ctx.prev, targets: ctx.targets, tryable: tryableOf(view, ctx.d, ctx.targets), picked: ui.pick, onPick: pickSpace,
    header: sheetHeader(view, me, ctx, "header"),
  });
  const phone = window.matchMedia?.(PHONE).matches;
  const others = view.sheets.map((_, seat) => seat).filter((seat) => seat !== me).map((seat) => {
    const open = unfolded.has(seat) ? unfolded.get(seat) : !phone || me === null;
    const box = el("details", { class: "w-other", open, dataset: { seat: String(seat) } },
      sheetHeader(view, seat, ctx, "summary"), renderSheet(view, seat, { size: "small", prev: ctx.prev }));
    box.addEventListener("toggle", () => unfolded.set(seat, box.open));
    return box;
  });
  return el("div", { class: "w-sheets" }, own ? el("div", { class: "w-own" }, own) : null,
    others.length ? el("div", { class: "w-others" }, others) : null);
}

function lostList(view, prev) {
  const lost = view.lost || [];
  if (!lost.length) return null;
  const before = prev?.lost?.length ?? lost.length;
  const items = lost.map((entry, i) => ({ entry, i })).reverse().slice(0, 12).map(({ entry, i }) => el("li", { class: i >= before ? "fresh" : "" },
    `Turn ${entry.turn}: ${entry.player === view.viewer ? "you" : nameOf(view, entry.player)} lost `,
    entry.entry === "card" ? cardLabel(entry.card) : `a bonus entry in ${SECTION_NAMES[entry.bonus] ?? entry.bonus}`,
    entry.entry === "card" ? " (no legal space)" : ""));
  return el("details", { class: "w-lost panel", open: lost.length > before },
    el("summary", {}, `Lost entries (${lost.length})`), el("ul", {}, items));
}
