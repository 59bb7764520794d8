// The end of a tutorial: its closing words, and a real game — a new table with the learner's seat and the
// tutorial's bot level in the other seats (POST /api/tables), its creator token kept like the lobby keeps it.

/** @typedef {import("./api.js").Tutorial} Tutorial */
/** @typedef {import("../common/seat.js").StorageLike} StorageLike */

import { api } from "../common/api.js";
import { byId } from "../common/dom.js";
import { rememberCreated } from "../common/seat.js";
import { render, t } from "../common/i18n.js";

/**
 * Show the closing words and the button of the real game.
 * @param {Tutorial} tutorial
 * @param {import("../common/i18n.js").Reader} [reader]  the learner
 */
export function renderEnding(tutorial, reader = {}) {
  byId("ending-text").textContent = render(tutorial.ending.text, reader);
  byId("ending-command").textContent = t("In the terminal: {command}", { command: tutorial.ending.command });
  byId("ending").hidden = false;
}

/**
 * Create the real game's table; the learner's seat link (seat 0) to open.
 * @param {Tutorial} tutorial
 * @param {StorageLike | null} local  localStorage: the lobby's name, and the creator token kept for the table
 * @returns {Promise<string>}
 */
export async function createRealGame(tutorial, local) {
  // No name: the seat's default, which each reader reads in their language (never "You", a name others would read).
  const name = local?.getItem("ra.name") || "";
  const bots = Array.from({ length: tutorial.ending.players - 1 }, () => ({ kind: "bot", bot: tutorial.ending.bots }));
  const answer = await api.create({ game: tutorial.game, options: {}, seats: [{ kind: "person", name }, ...bots] });
  if (answer.creator) rememberCreated(local, answer.id, { creator: answer.creator, mySeat: 0 });
  return answer.seats.find((s) => s.seat === 0)?.invite ?? answer.spectate;
}
