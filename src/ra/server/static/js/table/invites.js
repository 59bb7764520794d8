// The creator's invite links on the table page: the seats still free, recovered with this browser's creator token
// (POST /api/tables/{id}/invites), each with "Invite a bot account" (js/table/bot_invites.js), and the spectators'
// link.

/** @typedef {import("../common/types.js").TableSummary} TableSummary */
/** @typedef {import("../common/seat.js").StorageLike} StorageLike */

import { ApiError, api } from "../common/api.js";
import { el, linkRow } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { botInviteForm, invitedBots, inviteState } from "./bot_invites.js";

/**
 * The rows of the invite panel (or why there are none).
 * @param {string} tableId
 * @param {string} creator  the creator token
 * @param {TableSummary | null} table
 * @param {number | null} seat  the viewer's own seat (not offered)
 * @param {StorageLike | null} local  localStorage: the bots invited
 * @param {() => TableSummary | null} latest  the table's summary as the page last received it
 * @returns {Promise<HTMLElement[]>}
 */
export async function inviteRows(tableId, creator, table, seat, local, latest) {
  try {
    const answer = await api.invites(tableId, creator);
    const origin = window.location.origin;
    const invited = invitedBots(local, tableId);
    /** @param {number} n */
    const accepted = (n) => inviteState(table?.seats?.[n], invited[String(n)]).state === "accepted";
    const free = (answer.seats || []).filter((s) => s.invite && s.seat !== seat && !table?.seats?.[s.seat]?.taken && !accepted(s.seat));
    const botForm = (/** @type {number} */ number) => botInviteForm({ tableId, creator, seat: number, local, table: latest });
    return [
      ...free.flatMap((s) => [
        linkRow(t("Seat {number} ({name})", { number: s.seat + 1, name: table?.seats?.[s.seat]?.name || t("player") }), origin + s.invite, "invite"),
        ...(s.kind === "person" ? [botForm(s.seat)] : []),
      ]),
      // A seat a bot account holds keeps its line, "accepted" (its old invite link no longer works).
      ...(table?.seats ?? []).filter((s) => s.seat !== seat && accepted(s.seat)).map((s) => botForm(s.seat)),
      linkRow(t("Spectators"), `${origin}/t/${encodeURIComponent(tableId)}`, "spectate"),
    ];
  } catch (err) {
    return [el("p", { class: "message" }, err instanceof ApiError && err.unavailable
      ? t("The server cannot answer right now; try again in a moment.")
      : t("No invite links: {reason}", { reason: err instanceof Error ? err.message : String(err) }))];
  }
}
