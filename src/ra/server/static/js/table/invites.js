// The creator's invite links on the table page: the seats still free, recovered with this browser's creator token
// (POST /api/tables/{id}/invites), and the spectators' link.

/** @typedef {import("../common/types.js").TableSummary} TableSummary */

import { ApiError, api } from "../common/api.js";
import { el, linkRow } from "../common/dom.js";
import { t } from "../common/i18n.js";

/**
 * The rows of the invite panel (or why there are none).
 * @param {string} tableId
 * @param {string} creator  the creator token
 * @param {TableSummary | null} table
 * @param {number | null} seat  the viewer's own seat (not offered)
 * @returns {Promise<HTMLElement[]>}
 */
export async function inviteRows(tableId, creator, table, seat) {
  try {
    const answer = await api.invites(tableId, creator);
    const origin = window.location.origin;
    const free = (answer.seats || []).filter((s) => s.invite && s.seat !== seat && !table?.seats?.[s.seat]?.taken);
    return [
      ...free.map((s) => linkRow(t("Seat {number} ({name})", { number: s.seat + 1, name: table?.seats?.[s.seat]?.name || t("player") }),
        origin + s.invite, "invite")),
      linkRow(t("Spectators"), `${origin}/t/${encodeURIComponent(tableId)}`, "spectate"),
    ];
  } catch (err) {
    return [el("p", { class: "message" }, err instanceof ApiError && err.unavailable
      ? t("The server cannot answer right now; try again in a moment.")
      : t("No invite links: {reason}", { reason: err instanceof Error ? err.message : String(err) }))];
  }
}
