// The lobby's part for people (docs/ACCOUNTS.md): the account link, open seats to take (with filters by game,
// player count and speed), the lobby's chat, and after a table is created its listing (open seats, rated, pace)
// and, for a signed-in creator, their own seat kept under the account.

import { accountLinks, call, errorWords, whoAmI } from "../common/account.js";
import { shownName } from "../common/bots.js";
import { ChatPanel } from "../common/chat.js";
import { byId, el, replaceChildren, toast } from "../common/dom.js";
import { seatName, t } from "../common/i18n.js";

/**
 * @typedef {import("../common/types.js").Meta} Meta
 * @typedef {import("../common/types.js").Created} Created
 * @typedef {import("../common/types.js").TableSummary} TableSummary
 * @typedef {import("../common/account.js").Account} Account
 * @typedef {{open_seats: boolean, rated: boolean, rated_bots: boolean, turn_based: boolean, bots_pool?: boolean}} Listing
 * @typedef {{table: TableSummary, listing: Listing, free: number[]}} OpenTable
 */

/** @type {Account | null} */
let me = null;

/** The listing the creation form asks for; turn-based as the table's pace is. @returns {Listing} */
function readListing() {
  const box = byId("listing");
  const on = (/** @type {string} */ name) => /** @type {HTMLInputElement | null} */ (box.querySelector(`input[name="${name}"]`))?.checked ?? false;
  const pace = /** @type {HTMLSelectElement | null} */ (document.getElementById("pace-kind"))?.value;
  return {
    open_seats: on("open_seats"),
    rated: on("rated"),
    rated_bots: on("rated_bots"),
    turn_based: pace === "turn",
    bots_pool: !on("people_pool"), // a bot account's games go to the bots' leaderboard unless the creator says
  };
}

/**
 * After a creation: list the table as the form asks, and keep the creator's seat under their account.
 * @param {Created} answer
 * @param {number} mySeat  -1 without one
 */
export async function afterCreate(answer, mySeat) {
  const listing = readListing();
  try {
    if (listing.open_seats || listing.rated || listing.rated_bots || listing.turn_based) await call("POST", `/api/tables/${encodeURIComponent(answer.id)}/listing`, { creator: answer.creator, ...listing });
    const seat = (answer.seats || []).find((s) => s.seat === mySeat);
    if (me && seat?.token) await call("POST", "/api/account/seats", { table: answer.id, seat: mySeat, token: seat.token });
  } catch (err) {
    toast(errorWords(err), "error");
  }
  void drawOpen();
}

/**
 * Take a free seat: signed in, the seat is the player's and the table opens; else the account page first.
 * @param {string} tableId
 * @param {number} seat
 */
async function join(tableId, seat) {
  if (!me) {
    window.location.assign(`/account?next=${encodeURIComponent("/")}`);
    return;
  }
  try {
    const taken = await call("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/join`);
    window.location.assign(taken.link);
  } catch (err) {
    toast(errorWords(err), "error");
    void drawOpen();
  }
}

/** The open tables, as the filters ask. */
async function drawOpen() {
  const query = new URLSearchParams();
  for (const [id, key] of [["open-game", "game"], ["open-players", "players"], ["open-speed", "speed"]]) {
    const value = /** @type {HTMLSelectElement} */ (byId(id)).value;
    if (value) query.set(key, value);
  }
  const list = byId("open-tables");
  try {
    const { tables } = /** @type {{tables: OpenTable[]}} */ (await call("GET", `/api/lobby/open?${query}`));
    if (!tables.length) {
      replaceChildren(list, el("li", { class: "none" }, t("No open seat right now.")));
      return;
    }
    replaceChildren(list, tables.map((o) => el("li", { class: "table-item open-table", dataset: { id: o.table.id } },
      el("div", { class: "table-what" }, el("strong", {}, `${o.table.game} `), el("span", { class: "table-id" }, o.table.id), " ",
        o.listing.rated ? el("span", { class: "status-pill" }, t("rated")) : null, " ",
        el("small", {}, o.listing.turn_based ? t("turn-based") : t("live"))),
      el("div", { class: "table-seats" }, (o.table.seats || []).map((s) => seatName(shownName(s.name, s), s.seat)).join(" · ")),
      el("div", { class: "table-links" }, o.free.map((seat) => el("button", { class: "btn small primary join-seat", type: "button",
        dataset: { seat: String(seat) }, on: { click: () => void join(o.table.id, seat) } }, t("Take seat {number}", { number: seat + 1 })))))));
  } catch (err) {
    replaceChildren(list, el("li", { class: "none" }, errorWords(err)));
  }
}

/**
 * Start the lobby's part for people, once the games are known.
 * @param {Meta} meta
 */
export async function startPeople(meta) {
  me = await whoAmI();
  accountLinks(byId("account"), me);
  const games = /** @type {HTMLSelectElement} */ (byId("open-game"));
  games.append(...(meta.games || []).map((g) => el("option", { value: g.name }, g.title)));
  const counts = new Set((meta.games || []).flatMap((g) => Array.from({ length: g.players.maximum - g.players.minimum + 1 }, (_, i) => g.players.minimum + i)));
  /** @type {HTMLSelectElement} */ (byId("open-players")).append(...[...counts].sort((a, b) => a - b).map((n) => el("option", { value: String(n) }, String(n))));
  for (const id of ["open-game", "open-players", "open-speed"]) byId(id).addEventListener("change", () => void drawOpen());
  void drawOpen();
  setInterval(() => void drawOpen(), 5000);
  new ChatPanel(byId("lobby-chat"), "lobby").start();
}
