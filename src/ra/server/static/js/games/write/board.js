// Draws an RA and Write table from a view (docs/VIEWS_WRITE.md): the deck and its reveal button, the Ra cards set
// aside per Kingdom, the face-up cards with who reserved / chose them, the decision panel, every player's status,
// the sheets, the lost entries, the Kingdom scoring and the result. Like the Ra board it is redrawn from scratch
// on every view; the server is the source of truth.
//
// Clickable elements come from the view's legal actions only. A card choice takes two clicks (a card, `data-step`,
// then a space of the own sheet, `data-move`) and a Nile bonus a space then a number; the half-made choice lives in
// this board's own object (js/games/write/choice.js), never sent, so a reload forgets it.

/** @typedef {import("../../common/types.js").BoardContext} BoardContext */
/** @typedef {import("../../common/types.js").Board} Board */
/** @typedef {import("./view_types.js").WriteView} WriteView */
/** @typedef {import("./view_types.js").WriteLegalAction} WriteLegalAction */
/** @typedef {import("./choice.js").Decisions} Decisions */
/** @typedef {import("../../common/moves.js").MoveMarks<WriteLegalAction>} Marks */

import { playsOwnSeat, standsIn } from "../../common/acting.js";
import { el, nameEl, replaceChildren } from "../../common/dom.js";
import { MoveMarks, otherMoves } from "../../common/moves.js";
import { Choice, decisions } from "./choice.js";
import { deckHolder, lostList, nameOf, playerStrip, sheets } from "./players.js";
import { renderKingdomScores, renderResult } from "./scores.js";
import { cardLabel, kindName, kingdomShort, kingdomTitle, sectionName, sectionSymbol, symbol, typeName } from "./symbols.js";
import { place, slot, t, tn } from "../../common/i18n.js";

export { leadsTo } from "./choice.js";
export { rulesPanel } from "./help.js";
export { scoringNews } from "./scores.js";
export { whereIs } from "./where.js";

/**
 * What a bonus entry is and how to make it.
 * @param {string} section
 * @returns {string}
 */
function bonusHelp(section) {
  /** @type {Record<string, string>} */
  const words = {
    pharaohs: t("A Kingdom's Gods are complete: mark the next Pharaoh space."),
    nile: t("A Pharaoh on a Nile symbol: choose a Nile space, then its number (the row must not decrease)."),
    civilization: t("A Nile part is full: mark any type in a Civilization line."),
    monuments: t("A Civilization line has three marks: mark any Monument column."),
    any: t("All Monument tops are marked: make an entry in any section (a God is written as 20)."),
  };
  return words[section] ?? t("Choose a highlighted space.");
}

/** @type {Record<string, string>} */
const CARD_SECTION = { god: "gods", nile: "nile", pharaoh: "pharaohs", civ: "civilization", monument: "monuments" };

/**
 * A board drawing RA and Write views into `root`; it keeps the viewer's half-made choice and the sheet folds.
 * @param {HTMLElement} root
 * @param {BoardContext} ctx
 * @returns {Board}
 */
export function createBoard(root, ctx) {
  const choice = new Choice();
  /** @type {Map<number, boolean>} */
  const unfolded = new Map();
  /** @type {WriteView | null} */
  let shown = null;

  /** Draw the same view again after a local click (no "fresh" marks: nothing came from the server). */
  const redraw = () => {
    if (shown) draw(shown, shown);
  };
  /** @param {number} slot */
  const select = (slot) => {
    choice.select(slot);
    redraw();
    // The next click goes on the sheet: its section comes into view under the status line (on a phone it is a
    // screen or more below the cards). Keyboard users continue where the next step is: the sheet's spaces, else the
    // move the card leaves (lost), else the card itself (unselected again).
    const cell = /** @type {HTMLElement | null} */ (root.querySelector(".w-sheet.big .ws-cell.legal"));
    cell?.closest(".ws-sec")?.scrollIntoView({ block: "nearest" });
    const next = cell ?? root.querySelector("[data-move]") ?? root.querySelector(`.w-card[data-slot="${slot}"]`);
    /** @type {HTMLElement | null} */ (next)?.focus({ preventScroll: true });
  };
  /** @param {string} key */
  const pick = (key) => {
    choice.pick = key;
    redraw();
    /** @type {HTMLElement | null} */ (root.querySelector(".w-numbers button"))?.focus({ preventScroll: true });
  };

  /**
   * @param {WriteView} view
   * @param {WriteView | null} prev
   */
  function draw(view, prev) {
    shown = view;
    const d = decisions(view);
    choice.sync(view, d);
    const marks = new MoveMarks(d.legal);
    const targets = choice.targets(d);
    // Built before the panel that lists what is left: each marks the legal actions it stands for.
    const deckBox = deck(view, prev, marks);
    const cards = faceUp(view, d, prev, marks, choice, select);
    const sheetBox = sheets(view, ctx, { prev, targets: targets.byKey, marks, picked: choice.pick, onPick: pick }, unfolded);
    const panel = decisionPanel(view, d, targets.byKey, marks, choice);
    replaceChildren(root,
      statusBar(view, d, choice),
      view.result ? renderResult(view) : null,
      el("section", { class: "w-table", "aria-label": t("The cards") }, deckBox, raTrack(view, prev), cards, panel),
      otherMoves(marks.rest()),
      playerStrip(view, ctx),
      sheetBox,
      lostList(view, prev),
      renderKingdomScores(view, prev));
  }

  return { render: (view, prev) => draw(/** @type {WriteView} */ (view), /** @type {WriteView | null} */ (prev)) };
}

/**
 * @param {WriteView} view
 * @param {Decisions} d
 * @param {Choice} choice
 */
function statusBar(view, d, choice) {
  const mine = d.legal.length > 0;
  /** @param {number} s */
  const who = (s) => (playsOwnSeat(view, s) ? t("you") : nameOf(view, s));
  const active = nameOf(view, view.active_player);
  let text;
  if (view.phase === "over") text = t("The game is over.");
  else if (d.bonuses.length) text = t("Make your bonus entry in {section} — or decline it.", { section: sectionName(d.pending) });
  else if (choice.slot !== null) {
    text = t("Card {number}, {card}: choose a highlighted space on your sheet.", {
      number: choice.slot, card: cardLabel(view.face_up.find((f) => f.slot === choice.slot)?.card),
    });
  } else if (view.phase === "reveal") text = mine ? t("Your turn: reveal the cards from the deck.") : t("{player} reveals the cards.", { player: active });
  else if (view.phase === "active_choice") {
    text = mine ? t("Choose a card first; the others then choose among the other two.") : t("{player} chooses a card first.", { player: active });
  } else if (mine) text = t("Choose one of the cards {player} left.", { player: active });
  else {
    const waiting = (view.current_players || []).map(who);
    if (!waiting.length) text = t("Waiting…");
    else if (view.phase === "others_choice") text = t("Waiting for {players} to choose a card.", { players: { items: waiting } });
    else text = t("Waiting for {players}.", { players: { items: waiting } });
  }
  const kingdom = view.phase === "over" ? t("Final") : kingdomTitle(view.layout, view.kingdom);
  return el("div", { class: `status-bar w-status${mine ? " my-turn" : ""}` },
    el("span", { class: `epoch w-kingdom k-${view.kingdom}` }, kingdom),
    el("span", { class: "w-turn-no" }, view.phase === "over" ? "" : t("turn {number}", { number: view.turn })),
    el("span", { class: "turn-text", dataset: { announce: "" } }, text));
}

/**
 * The deck with its count: the Reveal button when the viewer may reveal.
 * @param {WriteView} view
 * @param {WriteView | null} prev
 * @param {Marks} marks
 */
function deck(view, prev, marks) {
  const remaining = view.deck?.remaining ?? 0;
  if (view.phase === "over") {
    // A finished game has no deck to reveal from, so no reveal control: what is left of it, in words.
    return el("div", { class: "w-deck over" }, el("h3", { dataset: { explain: "deck" } }, t("Deck")),
      el("p", { class: "w-deck-left", dataset: { explain: "deck" } }, tn("{n} card left in the deck", "{n} cards left in the deck", remaining)));
  }
  const button = marks.mark(el("button", { class: "w-deck-button", type: "button", title: t("Reveal cards until the face-up row is full (§3)") },
    symbol("deck"), el("span", { class: "w-deck-count" }, String(remaining)), el("span", { class: "w-deck-verb" }, t("Reveal"))),
  (a) => a.kind === "reveal");
  button.disabled = !button.dataset.move;
  const active = view.phase === "over" ? null : view.active_player;
  button.dataset.explain = "deck";
  return el("div", { class: `w-deck${prev && prev.deck?.remaining !== remaining ? " changed" : ""}` },
    el("h3", { dataset: { explain: "deck" } }, t("Deck")), button,
    active === null ? null : el("small", { class: "w-deck-holder" }, holderWords(view)));
}

/**
 * Who holds the deck, with the holder's name as a name element.
 * @param {WriteView} view
 * @returns {(Node | string)[]}
 */
function holderWords(view) {
  const holder = deckHolder(view);
  return place(holder.text, { player: holder.name === null ? null : nameEl(holder.name) });
}

/**
 * The Ra cards set aside, in a group of spaces per Kingdom.
 * @param {WriteView} view
 * @param {WriteView | null} prev
 */
function raTrack(view, prev) {
  const { layout } = view;
  const total = view.ra?.total ?? 0;
  const before = prev?.ra?.total ?? total;
  const per = layout.ra_per_kingdom;
  const groups = layout.kingdoms.map((k, g) => el("div", { class: `w-ra-group k-${k}`, title: kingdomTitle(layout, k), style: { "--per": String(per) } },
    el("span", { class: "w-ra-label" }, kingdomShort(k)),
    Array.from({ length: per }, (_, i) => {
      const n = g * per + i;
      const filled = n < total;
      return el("span", { class: `w-ra${filled ? " filled" : ""}${filled && n >= before ? " fresh" : ""}` }, filled ? symbol("ra") : null);
    })));
  return el("div", { class: "w-ra-track", "aria-label": t("{n} of {total} Ra cards set aside", { n: total, total: layout.ra_cards }), dataset: { explain: "ra_cards" } },
    el("h3", {}, "Ra ", el("small", {}, t("{n}/{per} this Kingdom", { n: view.ra?.this_kingdom ?? 0, per }))), el("div", { class: "w-ra-groups" }, groups));
}

/**
 * The face-up cards; a card the viewer may take is the first step of its choice (`data-step`).
 * @param {WriteView} view
 * @param {Decisions} d
 * @param {WriteView | null} prev
 * @param {Marks} marks
 * @param {Choice} choice
 * @param {(slot: number) => void} onSelect
 */
function faceUp(view, d, prev, marks, choice, onSelect) {
  const faces = view.face_up || [];
  const count = Math.max(view.layout.face_up ?? 0, ...faces.map((f) => f.slot));
  const slots = Array.from({ length: count }, (_, i) => i + 1).map((slot) => {
    const f = faces.find((c) => c.slot === slot);
    if (!f) return el("div", { class: "w-slot empty" }, el("div", { class: "w-card blank" }, el("span", { class: "w-card-slot" }, t("card {number}", { number: slot }))));
    const actions = d.cards.filter((a) => a.card === slot);
    const selectable = actions.length > 0;
    // The selected card's actions are placed on the sheet; another card's are one click away.
    if (selectable && choice.slot !== slot) marks.reachable(actions);
    const lostOnly = selectable && actions.every((a) => a.lost);
    const was = prev?.face_up?.find((c) => c.slot === slot)?.card;
    const classes = ["w-card", `kind-${f.kind}`];
    if (selectable) classes.push("selectable");
    if (choice.slot === slot) classes.push("selected");
    if (f.reserved_by !== null && f.reserved_by !== undefined) classes.push("reserved");
    if (prev && was !== f.card) classes.push("fresh");
    const face = f.number ?? (f.type ? typeName(f.type) : "");
    const slotWords = t("card {number}", { number: slot });
    const lostWords = t("no space: lost");
    // The name holds every word the card shows, in the order it shows them (the card, its slot, why it is lost).
    // TRANSLATORS: a face-up card's name as a screen reader says it: the card ("Pharaoh"), then its slot ("card 1").
    const named = t("{card}, {slot}", { card: cardLabel(f.card), slot: slotWords });
    const card = el(selectable ? "button" : "div", {
      class: classes.join(" "), type: selectable ? "button" : null,
      // TRANSLATORS: a face-up card's name (as above) and its note "no space: lost".
      "aria-label": lostOnly ? t("{card} ({note})", { card: named, note: lostWords }) : named,
      "aria-pressed": selectable ? String(choice.slot === slot) : null, dataset: { slot: String(slot), card: f.card, explain: `card:${slot}` },
    },
    // Spaces between the words: the card's text reads as words, not "Pharaohcard 1".
    el("span", { class: "w-card-kind" }, kindName(f.kind)), " ", symbol(sectionSymbol(CARD_SECTION[f.kind])), " ",
    el("span", { class: `w-card-face${f.number === null ? " words" : ""}` }, String(face)), " ",
    el("span", { class: "w-card-slot" }, slotWords),
    lostOnly ? " " : null, lostOnly ? el("span", { class: "w-lost-tag" }, lostWords) : null);
    if (selectable) {
      card.dataset.step = "card";
      card.addEventListener("click", () => onSelect(slot));
    }
    const chips = (f.chosen_by || []).map((s) => el("span", { class: `w-chip${s === f.reserved_by ? " reserved" : ""}${s === view.viewer ? " me" : ""}` },
      chooser(view, s, s === f.reserved_by)));
    return el("div", { class: "w-slot" }, card, el("div", { class: "w-chips" }, chips));
  });
  return el("div", { class: "w-face-up" }, el("h3", {}, t("Face-up cards")),
    el("div", { class: "w-slots" }, slots.length ? slots : el("p", { class: "w-hint" }, t("No card face up: the deck is revealed first."))));
}

/**
 * The words of a chip under a face-up card: who chose it, "(active)" for the active player's reserved card.
 * @param {WriteView} view
 * @param {number} seat
 * @param {boolean} active
 */
function chooser(view, seat, active) {
  const name = nameEl(nameOf(view, seat));
  return active ? place(t("{player} (active)", { player: slot("player") }), { player: name }) : name;
}

/**
 * A button sending `action`.
 * @param {WriteLegalAction} action
 * @param {string} label
 * @param {string} cls
 * @param {Marks} marks
 */
function actionButton(action, label, cls, marks) {
  return marks.mark(el("button", { class: cls, type: "button" }, label), (a) => a.notation === action.notation);
}

/**
 * What the viewer must do now, in words, with the buttons that are not spaces on the sheet.
 * @param {WriteView} view
 * @param {Decisions} d
 * @param {Map<string, WriteLegalAction[]>} targets
 * @param {Marks} marks
 * @param {Choice} choice
 */
function decisionPanel(view, d, targets, marks, choice) {
  const parts = [];
  if (d.bonuses.length) {
    parts.push(el("p", { class: "w-prompt" }, el("strong", {}, t("Bonus entry: {section}.", { section: sectionName(d.pending) })), " ",
      bonusHelp(d.pending ?? "")));
    const numbers = choice.pick ? [...(targets.get(choice.pick) ?? [])].sort((a, b) => (a.number ?? 0) - (b.number ?? 0)) : [];
    if (numbers.length) {
      parts.push(el("p", { class: "w-prompt" }, t("Nile space {number}: write which number?", { number: numbers[0].space ?? "" })),
        el("div", { class: "w-numbers" }, numbers.map((a) => actionButton(a, String(a.number), "btn w-number", marks))));
    }
    if (d.decline) parts.push(el("p", {}, actionButton(d.decline, t("Decline this bonus"), "btn w-decline", marks)));
    return el("section", { class: "decision w-decision bonus", "aria-label": t("Your decision") }, parts);
  }
  if (d.reveal) parts.push(el("p", { class: "w-prompt" }, t("Tap or click the deck to reveal the cards.")));
  else if (d.slots.length && choice.slot === null) parts.push(el("p", { class: "w-prompt" }, t("Choose a face-up card, then a highlighted space on your sheet.")));
  else if (choice.slot !== null) {
    const f = view.face_up.find((c) => c.slot === choice.slot);
    const lost = d.cards.find((a) => a.card === choice.slot && a.lost);
    parts.push(el("p", { class: "w-prompt" }, el("strong", {}, t("Card {number}: {card}.", { number: choice.slot, card: cardLabel(f?.card) })), " ",
      lost ? t("It has no legal space on your sheet: taking it loses it.")
        : t("Choose a highlighted space in {section}.", { section: sectionName(CARD_SECTION[f?.kind ?? ""]) })));
    if (lost) parts.push(el("p", {}, actionButton(lost, t("Take it — the card is lost"), "btn w-lose", marks)));
    if (d.slots.length > 1) parts.push(el("p", { class: "w-hint" }, t("Choose another card to change your mind.")));
  } else if (view.phase === "over") parts.push(el("p", {}, t("The game is over — the scoring is below.")));
  else {
    parts.push(el("p", { class: "w-hint" }, view.viewer === null ? t("You are watching.")
      : standsIn(view, view.viewer) ? t("A bot plays for you now.") : t("Nothing to do now: the others are deciding.")));
  }
  return el("section", { class: "decision w-decision", "aria-label": t("Your decision") }, parts);
}

