// The creator's invitations of bot accounts, in the table page's invite panel: for a person seat nobody holds,
// "Invite a bot account" by its name (POST /api/tables/{id}/seats/{n}/invite), then a line saying the invitation
// waits, or that the bot accepted (the seat's summary: taken, `account_bot`). Which bot was invited to which seat is
// kept in this browser's localStorage (`ra.invited.<id>`), so the waiting line survives a reload; it is no secret.

/** @typedef {import("../common/types.js").SeatSummary} SeatSummary */
/** @typedef {import("../common/types.js").TableSummary} TableSummary */
/** @typedef {import("../common/seat.js").StorageLike} StorageLike */
/** @typedef {"accepted" | "waiting" | "none"} InviteState */

import { api } from "../common/api.js";
import { el, toast } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { readJSON, writeJSON } from "../common/seat.js";

const INVITED_KEY = "ra.invited.";

/**
 * The bots this browser invited to a table's seats: seat number → the bot's name.
 * @param {StorageLike | null} local
 * @param {string} tableId
 * @returns {Record<string, string>}
 */
export function invitedBots(local, tableId) {
  const saved = readJSON(local, INVITED_KEY + tableId);
  /** @type {Record<string, string>} */
  const invited = {};
  if (saved && typeof saved === "object") {
    for (const [seat, bot] of Object.entries(saved)) if (typeof bot === "string") invited[seat] = bot;
  }
  return invited;
}

/**
 * @param {StorageLike | null} local
 * @param {string} tableId
 * @param {number} seat
 * @param {string} bot
 */
export function rememberInvited(local, tableId, seat, bot) {
  writeJSON(local, INVITED_KEY + tableId, { ...invitedBots(local, tableId), [String(seat)]: bot });
}

/**
 * Where an invitation of a seat stands: a bot account holds the seat (accepted; `taken` comes only once its program
 * connects), it was invited and the seat is free (waiting), or neither (no invitation, or someone else took it).
 * @param {SeatSummary | undefined} seat  the seat's summary
 * @param {string | undefined} invited  the bot this browser invited to it
 * @returns {{state: InviteState, bot: string}}
 */
export function inviteState(seat, invited) {
  const summary = /** @type {SeatSummary & {account_bot?: boolean} | undefined} */ (seat);
  if (summary?.account_bot) return { state: "accepted", bot: summary.name || invited || "" };
  if (invited && !summary?.taken) return { state: "waiting", bot: invited };
  return { state: "none", bot: "" };
}

/**
 * An invitation's line in words ("" for none).
 * @param {{state: InviteState, bot: string}} where
 * @returns {string}
 */
export function inviteWords(where) {
  if (where.state === "accepted") return t("{bot} accepted the invitation: the seat is the bot's.", { bot: where.bot });
  if (where.state === "waiting") return t("{bot} is invited: waiting for the bot to accept.", { bot: where.bot });
  return "";
}

/**
 * Show every invitation's line of the panel as the table now stands (after each state the page receives); a seat the
 * bot took offers no more invitation.
 * @param {HTMLElement} root  the invite panel's list
 * @param {TableSummary | null} table
 * @param {Record<string, string>} invited
 */
export function showInvitations(root, table, invited) {
  for (const form of root.querySelectorAll("form.bot-invite")) {
    if (!(form instanceof HTMLFormElement)) continue;
    const seat = form.dataset.seat ?? "";
    const where = inviteState(table?.seats?.[Number(seat)], invited[seat]);
    form.dataset.state = where.state;
    const line = form.querySelector(".bot-invite-status");
    if (line) line.textContent = inviteWords(where);
    for (const part of form.querySelectorAll(".bot-invite-ask")) {
      if (part instanceof HTMLElement) part.hidden = where.state === "accepted";
    }
  }
}

/**
 * "Invite a bot account" for one free person seat.
 * @param {{tableId: string, creator: string, seat: number, local: StorageLike | null, table: () => TableSummary | null}} at
 * @returns {HTMLFormElement}
 */
export function botInviteForm(at) {
  const input = el("input", { name: "bot", maxlength: "40", required: true, autocomplete: "off" });
  const line = el("p", { class: "bot-invite-status", role: "status" });
  const form = el("form", { class: "bot-invite", dataset: { seat: String(at.seat) } },
    el("label", { class: "bot-invite-ask" }, t("Invite a bot account to seat {number}:", { number: at.seat + 1 }), " ", input), " ",
    el("button", { class: "btn small bot-invite-ask", type: "submit" }, t("Invite")),
    line);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const bot = input.value.trim();
    if (!bot) return;
    api.inviteBot(at.tableId, at.seat, at.creator, bot).then((answer) => {
      rememberInvited(at.local, at.tableId, at.seat, answer.bot || bot);
      input.value = "";
      const root = form.parentElement;
      if (root) showInvitations(root, at.table(), invitedBots(at.local, at.tableId));
    }, (err) => {
      const said = err instanceof Error ? err.message : String(err);
      line.textContent = t("No invitation: {reason}", { reason: said });
      toast(said, "error");
    });
  });
  return form;
}
