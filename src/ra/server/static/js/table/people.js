// The table page's part for people (docs/ACCOUNTS.md): the table's chat, and for a seat's link "Keep this seat
// in my games" (signed in) or "Sign in to keep this seat".

import { call, errorWords, whoAmI } from "../common/account.js";
import { ChatPanel } from "../common/chat.js";
import { byId, el, replaceChildren, toast } from "../common/dom.js";
import { t } from "../common/i18n.js";

/**
 * Whether the signed-in player keeps this seat already.
 * @param {string} tableId
 * @param {number} seat
 */
async function kept(tableId, seat) {
  try {
    const { games } = /** @type {{games: {id: string, seat: number}[]}} */ (await call("GET", "/api/account/games"));
    return games.some((g) => g.id === tableId && g.seat === seat);
  } catch {
    return false;
  }
}

/**
 * @param {string} tableId
 * @param {number | null} seat
 * @param {string | null} token
 */
export async function startPeople(tableId, seat, token) {
  const query = seat !== null && token ? `seat=${seat}&token=${encodeURIComponent(token)}` : "";
  new ChatPanel(byId("chat"), tableId, query).start();
  if (seat === null || !token) return;
  const box = byId("keep-seat");
  const me = await whoAmI();
  if (!me) {
    const next = window.location.pathname + window.location.search;
    replaceChildren(box, el("a", { href: `/account?next=${encodeURIComponent(next)}` }, t("Sign in to keep this seat in your games")));
  } else if (await kept(tableId, seat)) {
    replaceChildren(box, el("a", { href: "/games" }, t("This seat is in your games.")));
  } else {
    replaceChildren(box, el("button", { id: "keep-seat-button", class: "btn", type: "button", on: { click: () => {
      call("POST", "/api/account/seats", { table: tableId, seat, token }).then(() => {
        toast(t("This seat is in your games now."));
        replaceChildren(box, el("a", { href: "/games" }, t("My games")));
      }, (err) => toast(errorWords(err), "error"));
    } } }, t("Keep this seat in my games")));
  }
  box.hidden = false;
}
