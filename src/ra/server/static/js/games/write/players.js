// The players of an RA and Write table: the status strip, the sheets (the viewer's large with its click targets,
// the others' small and foldable) and the lost entries.

/** @typedef {import("../../common/types.js").BoardContext} BoardContext */
/** @typedef {import("./view_types.js").WriteView} WriteView */
/** @typedef {import("./view_types.js").WritePlayer} WritePlayer */
/** @typedef {import("./sheet.js").SheetOptions} SheetOptions */

import { playsOwnSeat } from "../../common/acting.js";
import { el } from "../../common/dom.js";
import { renderSheet } from "./sheet.js";
import { cardLabel, sectionName } from "./symbols.js";
import { slot, t, tn, tp, seatName } from "../../common/i18n.js";

const PHONE = "(max-width: 640px)";

/**
 * @param {WriteView} view
 * @param {number} seat
 */
export const nameOf = (view, seat) => seatName(view.names?.[seat], seat);

/**
 * Who holds the deck, in words: "held by you" while the viewer plays their own seat, else "held by {player}" with
 * the holder's name for its slot (never a name read in the second person, "held by You").
 * @param {WriteView} view
 * @returns {{text: string, name: string | null}}
 */
export function deckHolder(view) {
  const active = view.active_player;
  return playsOwnSeat(view, active) ? { text: t("held by you"), name: null }
    : { text: t("held by {player}", { player: slot("player") }), name: nameOf(view, active) };
}

/**
 * A player's status in words: reveals, choosing…, bonus: Nile, took God 16, waiting.
 * @param {WriteView} view
 * @param {WritePlayer} p
 * @returns {string}
 */
export function statusWords(view, p) {
  if (p.status === "reveal") return tp("a player's status", "reveals");
  if (p.status === "choosing") return tp("a player's status", "choosing…");
  if (p.status === "bonus") return t("bonus: {section}", { section: sectionName(p.pending_bonus) });
  if (p.status === "done") {
    const f = view.face_up?.find((c) => c.slot === p.card);
    return f ? t("took {card}", { card: cardLabel(f.card) }) : tp("a player's status", "done");
  }
  return view.phase === "over" ? "" : tp("a player's status", "waiting");
}

/**
 * A chip per player: name, "active", status, score.
 * @param {WriteView} view
 * @param {BoardContext} ctx
 */
export function playerStrip(view, ctx) {
  const current = new Set(view.current_players || []);
  return el("ol", { class: "w-players", "aria-label": t("Players") }, (view.players || []).map((p) => {
    const classes = ["w-player", `status-${p.status}`];
    const active = p.seat === view.active_player && view.phase !== "over";
    if (active) classes.push("active");
    if (current.has(p.seat)) classes.push("current");
    if (p.seat === view.viewer) classes.push("me");
    if (view.result?.winners?.includes(p.seat)) classes.push("winner");
    return el("li", { class: classes.join(" "), dataset: { seat: String(p.seat), status: p.status } },
      ctx.nameNode(view, p.seat),
      ctx.clockNode?.(p.seat) ?? null,
      active ? el("span", { class: "badge w-active", title: t("The active player holds the deck") }, tp("the active player", "active")) : null,
      el("span", { class: "w-pstatus" }, statusWords(view, p)),
      el("span", { class: "w-pscore" }, tn("{n} pt", "{n} pts", view.scores?.[p.seat] ?? 0)));
  }));
}

/**
 * @template {"header" | "summary"} T
 * @param {WriteView} view
 * @param {number} seat
 * @param {BoardContext} ctx
 * @param {T} tag
 */
function sheetHeader(view, seat, ctx, tag) {
  const p = view.players?.[seat];
  return el(tag, { class: "ws-header" }, ctx.nameNode(view, seat),
    seat === view.viewer ? el("span", { class: "badge" }, t("you")) : null,
    seat === view.active_player && view.phase !== "over" ? el("span", { class: "badge w-active" }, tp("the active player", "active")) : null,
    el("span", { class: "w-pstatus" }, p ? statusWords(view, p) : ""),
    el("span", { class: "ws-score-pill" }, tn("{n} pt", "{n} pts", view.scores?.[seat] ?? 0)));
}

/**
 * The viewer's sheet large (with the click targets), then the others' small and foldable.
 * @param {WriteView} view
 * @param {BoardContext} ctx
 * @param {Omit<SheetOptions, "size" | "header">} own  the big sheet's options
 * @param {Map<number, boolean>} unfolded  seat → unfolded, as the user left it (kept by the board)
 */
export function sheets(view, ctx, own, unfolded) {
  const me = view.viewer;
  const big = me === null ? null : renderSheet(view, me, { ...own, size: "big", header: sheetHeader(view, me, ctx, "header") });
  const phone = window.matchMedia?.(PHONE).matches;
  const others = view.sheets.map((_, seat) => seat).filter((seat) => seat !== me).map((seat) => {
    const open = unfolded.get(seat) ?? (!phone || me === null);
    const box = el("details", { class: "w-other", open, dataset: { seat: String(seat) } },
      sheetHeader(view, seat, ctx, "summary"), renderSheet(view, seat, { size: "small", prev: own.prev }));
    // Kept at the click, not only at "toggle" (a later task): a view arriving in between must not fold it again.
    box.firstElementChild?.addEventListener("click", () => unfolded.set(seat, !box.open));
    box.addEventListener("toggle", () => unfolded.set(seat, box.open));
    return box;
  });
  return el("div", { class: "w-sheets" }, big ? el("div", { class: "w-own" }, big) : null,
    others.length ? el("div", { class: "w-others" }, others) : null);
}

/**
 * "Lost entries (n)": turn, player, card or bonus; unfolds when a new one arrives.
 * @param {WriteView} view
 * @param {WriteView | null} prev
 */
export function lostList(view, prev) {
  const lost = view.lost || [];
  if (!lost.length) return null;
  const before = prev?.lost?.length ?? lost.length;
  const items = lost.map((entry, i) => ({ entry, i })).reverse().slice(0, 12).map(({ entry, i }) => el("li", { class: i >= before ? "fresh" : "" },
    lostWords(view, entry)));
  return el("details", { class: "w-lost panel", open: lost.length > before },
    el("summary", {}, t("Lost entries ({n})", { n: lost.length })), el("ul", {}, items));
}

/**
 * One lost entry in words: whose, which turn, the card (it had no legal space) or the bonus entry.
 * @param {WriteView} view
 * @param {import("./view_types.js").WriteLost} entry
 * @returns {string}
 */
function lostWords(view, entry) {
  const you = entry.player === view.viewer;
  const turn = entry.turn;
  if (entry.entry === "card") {
    const card = cardLabel(entry.card);
    return you ? t("Turn {turn}: you lost {card} (no legal space)", { turn, card })
      : t("Turn {turn}: {player} lost {card} (no legal space)", { turn, player: nameOf(view, entry.player), card });
  }
  const section = sectionName(entry.bonus);
  return you ? t("Turn {turn}: you lost a bonus entry in {section}", { turn, section })
    : t("Turn {turn}: {player} lost a bonus entry in {section}", { turn, player: nameOf(view, entry.player), section });
}
