// The leaderboard of a game (GET /api/ratings/{game}): people and bots, the best rating first.

import { botLabel } from "./common/bots.js";
import { accountLinks, call, errorWords, whoAmI } from "./common/account.js";
import { api } from "./common/api.js";
import { byId, el, replaceChildren } from "./common/dom.js";
import { t } from "./common/i18n.js";
import { startPage } from "./common/page.js";

/** @typedef {{rank: number, player: string, name: string, bot: boolean, rating: number, games: number}} Standing */

/** @param {string} game */
async function draw(game) {
  const body = byId("leaderboard");
  try {
    const { players } = /** @type {{players: Standing[]}} */ (await call("GET", `/api/ratings/${encodeURIComponent(game)}`));
    replaceChildren(body, players.length ? players.map((p) => el("tr", { dataset: { player: p.player } },
      el("td", {}, String(p.rank)),
      el("td", {}, el("a", { href: `/players/${encodeURIComponent(p.player)}` }, p.bot ? botLabel(p.name) : p.name), p.bot ? [" ", t("(bot)")] : ""),
      el("td", { class: "rating" }, p.rating.toFixed(1)),
      el("td", {}, String(p.games)))) : [el("tr", {}, el("td", { colspan: "4" }, t("No rated game yet.")))]);
  } catch (err) {
    replaceChildren(body, el("tr", {}, el("td", { colspan: "4" }, errorWords(err))));
  }
}

async function main() {
  await startPage(["web", "common"]);
  accountLinks(byId("account"), await whoAmI());
  const meta = await api.meta();
  const select = /** @type {HTMLSelectElement} */ (byId("rating-game"));
  replaceChildren(select, (meta.games || []).map((g) => el("option", { value: g.name }, g.title)));
  const wanted = new URLSearchParams(window.location.search).get("game");
  if (wanted && (meta.games || []).some((g) => g.name === wanted)) select.value = wanted;
  select.addEventListener("change", () => void draw(select.value));
  await draw(select.value);
}

void main();
