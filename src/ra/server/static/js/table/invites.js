// The creator's invite links on the table page: the seats still free, recovered with this browser's creator token
// (POST /api/tables/{id}/invites), and the spectators' link.

/** @typedef {import("../common/types.js").TableSummary} TableSummary */

import { ApiError, api } from "../common/api.js";
import { el, linkRow } from "../common/dom.js";

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
      ...free.map((s) => linkRow(`Seat ${s.seat + 1} (${table?.seats?.[s.seat]?.name || "player"})`, origin + s.invite, "invite")),
      linkRow("Spectators", `${origin}/t/${encodeURIComponent(tableId)}`, "spectate"),
    ];
  } catch (err) {
    return [el("p", { class: "message" }, err instanceof ApiError && err.unavailable
      ? "The server cannot answer right now; try again in a moment."
      : `No invite links: ${err instanceof Error ? err.message : err}`)];
  }
}
