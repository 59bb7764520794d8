// The leaderboard of a game (GET /api/ratings/{game}?pool=people|bots): the people's or the bots' (a rated game with a
// bot account at it counts in the bots' pool), the best rating first; a bot's row is marked "(bot)".

import { botLabel } from "./common/bots.js";
import { accountLinks, call, errorWords, whoAmI } from "./common/account.js";
import { api } from "./common/api.js";
import { byId, el, replaceChildren } from "./common/dom.js";
import { t } from "./common/i18n.js";
import { startPage } from "./common/page.js";

/** @typedef {{rank: number, player: string, name: string, bot: boolean, built_in?: boolean, rating: number, games: number}} Standing */
/** @typedef {"people" | "bots"} Pool */

/**
 * The pool a query names (`?pool=bots`), people by default.
 * @param {string | null} wanted
 * @returns {Pool}
 */
function poolOf(wanted) {
  return wanted === "bots" ? "bots" : "people";
}

/**
 * @param {string} game
 * @param {Pool} pool
 */
async function draw(game, pool) {
  const body = byId("leaderboard");
  Object.assign(body.dataset, { game, pool });
  const asked = () => body.dataset.game === game && body.dataset.pool === pool; // an answer overtaken is dropped
  try {
    const query = `pool=${encodeURIComponent(pool)}`;
    const { players } = /** @type {{players: Standing[]}} */ (await call("GET", `/api/ratings/${encodeURIComponent(game)}?${query}`));
    if (!asked()) return;
    replaceChildren(body, players.length ? players.map((p) => el("tr", { dataset: { player: p.player } },
      el("td", {}, String(p.rank)),
      el("td", {}, el("a", { href: `/players/${encodeURIComponent(p.player)}` }, p.built_in ? botLabel(p.name) : p.name), p.bot ? [" ", t("(bot)")] : ""),
      el("td", { class: "rating" }, p.rating.toFixed(1)),
      el("td", {}, String(p.games)))) : [el("tr", {}, el("td", { colspan: "4" }, t("No rated game yet.")))]);
  } catch (err) {
    if (asked()) replaceChildren(body, el("tr", {}, el("td", { colspan: "4" }, errorWords(err))));
  }
}

async function main() {
  await startPage(["web", "common"]);
  accountLinks(byId("account"), await whoAmI());
  const meta = await api.meta();
  const select = /** @type {HTMLSelectElement} */ (byId("rating-game"));
  replaceChildren(select, (meta.games || []).map((g) => el("option", { value: g.name }, g.title)));
  const query = new URLSearchParams(window.location.search);
  const wanted = query.get("game");
  if (wanted && (meta.games || []).some((g) => g.name === wanted)) select.value = wanted;
  const switches = /** @type {HTMLInputElement[]} */ ([...byId("rating-pool").querySelectorAll("input[name=pool]")]);
  const initial = poolOf(query.get("pool"));
  for (const input of switches) input.checked = input.value === initial;
  const pool = () => poolOf(switches.find((input) => input.checked)?.value ?? null);
  /** Draw the board asked for, and keep the choice in the address (a reload or a shared link shows the same). */
  const redraw = () => {
    const address = new URL(window.location.href);
    address.searchParams.set("game", select.value);
    address.searchParams.set("pool", pool());
    window.history.replaceState(null, "", address);
    void draw(select.value, pool());
  };
  select.addEventListener("change", redraw);
  for (const input of switches) input.addEventListener("change", redraw);
  await draw(select.value, pool());
}

void main();
