// The new-table form's pace (docs/PROTOCOL.md, "Clocks"): no clock (the default), live with a clock (a time bank
// and an increment per turn) or turn-based (a time per move); what happens when a player's time runs out, and the
// level of the bot that plays for them. Built from the game's meta (its bot levels, whether it can skip a turn).

/** @typedef {import("../common/types.js").GameMeta} GameMeta */
/** @typedef {{kind: string, bank?: number, increment?: number, per_move?: number, timeout?: string, level?: string}} Pace */

import { botLabel } from "../common/bots.js";
import { el, replaceChildren } from "../common/dom.js";
import { t, tn } from "../common/i18n.js";

export const BANKS = [60, 180, 300, 600, 1200]; // seconds
export const INCREMENTS = [0, 5, 10, 20, 30];
export const PER_MOVE = [3600, 86400, 3 * 86400];

/**
 * @param {string} id
 * @param {string} label
 * @param {{value: string, text: string}[]} choices
 * @param {string} chosen
 */
function select(id, label, choices, chosen) {
  const box = el("select", { id, name: id }, choices.map((c) => el("option", { value: c.value }, c.text)));
  box.value = chosen;
  return el("label", { class: "option option-choice", id: `${id}-field` }, `${label} `, box);
}

/**
 * Fill the pace fieldset for `game`.
 * @param {HTMLElement} root
 * @param {GameMeta} game
 */
export function paceFields(root, game) {
  const kind = select("pace-kind", t("Pace"), [
    { value: "none", text: t("No clock") },
    { value: "live", text: t("Live, with a clock") },
    { value: "turn", text: t("Turn-based") },
  ], "none");
  const bank = select("pace-bank", t("Time per player"), BANKS.map((s) => ({ value: String(s), text: tn("{n} minute", "{n} minutes", s / 60) })), "300");
  const increment = select("pace-increment", t("Extra time per turn"), INCREMENTS.map((s) => ({ value: String(s), text: tn("{n} second", "{n} seconds", s) })), "10");
  const perMove = select("pace-per-move", t("Time per move"), PER_MOVE.map((s) => ({
    value: String(s), text: s < 86400 ? tn("{n} hour", "{n} hours", s / 3600) : tn("{n} day", "{n} days", s / 86400),
  })), "86400");
  const timeouts = [{ value: "bot", text: t("a bot plays for them until they return") }];
  if (game.skips) timeouts.push({ value: "skip", text: t("they are skipped (they pass where they can)") });
  timeouts.push({ value: "lose", text: t("they lose (a bot plays their seat to the end)") });
  const timeout = select("pace-timeout", t("When time runs out"), timeouts, "bot");
  const levels = (game.bots?.levels ?? []).map((l) => ({ value: l.name, text: botLabel(l.name) }));
  const level = select("pace-level", t("Bot level"), levels, levels.some((l) => l.value === "medium") ? "medium" : levels[0]?.value ?? "");
  replaceChildren(root, el("legend", {}, t("Pace")), kind, bank, increment, perMove, timeout, level);
  const sync = () => {
    const chosen = /** @type {HTMLSelectElement} */ (kind.querySelector("select")).value;
    bank.hidden = increment.hidden = chosen !== "live";
    perMove.hidden = chosen !== "turn";
    timeout.hidden = level.hidden = chosen === "none";
  };
  kind.addEventListener("change", sync);
  sync();
}

/**
 * The pace the form asks for (null: no clock).
 * @param {ParentNode} root
 * @returns {Pace | null}
 */
export function readPace(root) {
  const value = (/** @type {string} */ id) => /** @type {HTMLSelectElement | null} */ (root.querySelector(`#${id}`))?.value ?? "";
  const kind = value("pace-kind");
  if (kind !== "live" && kind !== "turn") return null;
  /** @type {Pace} */
  const pace = { kind, timeout: value("pace-timeout") || "bot" };
  if (value("pace-level")) pace.level = value("pace-level");
  if (kind === "live") Object.assign(pace, { bank: Number(value("pace-bank")), increment: Number(value("pace-increment")) });
  else pace.per_move = Number(value("pace-per-move"));
  return pace;
}
