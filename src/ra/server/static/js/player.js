// A player's page (GET /api/players/{id}): the rating of each game with its history as a plot, win shares by the
// number of players, and finished games with their replays.

import { botLabel } from "./common/bots.js";
import { accountLinks, call, errorWords, whoAmI } from "./common/account.js";
import { api, idFromPath } from "./common/api.js";
import { byId, el, replaceChildren } from "./common/dom.js";
import { t, tn } from "./common/i18n.js";
import { startPage } from "./common/page.js";
import { ratingPlot } from "./common/plot.js";

/**
 * @typedef {{table: string, at: string, rating: number}} Point
 * @typedef {{game: string, pool?: "people" | "bots", rating: number, games: number, history: Point[]}} GameRating
 *   a rating in one game and pool (the bots' pool: rated games with a bot account at them)
 * @typedef {{table: string, game: string, players: number, place: number, won: boolean, rated: boolean, finished: string}} Played
 * @typedef {{game: string, players: number, games: number, wins: number, share: number}} Share
 * @typedef {{id: string, name: string, kind: string, built_in?: boolean, ratings: GameRating[], games: Played[], win_shares: Share[]}} Player
 */

async function main() {
  await startPage(["web", "common"]);
  accountLinks(byId("account"), await whoAmI());
  try {
    const [player, meta] = await Promise.all([
      /** @type {Promise<Player>} */ (call("GET", `/api/players/${encodeURIComponent(idFromPath(window.location.pathname))}`)),
      api.meta()]);
    const titles = new Map((meta.games || []).map((g) => [g.name, g.title]));
    const title = (/** @type {string} */ game) => titles.get(game) ?? game;
    const name = player.built_in ? botLabel(player.name) : player.name;
    byId("player-name").textContent = player.kind === "bot" ? t("{name} (bot)", { name }) : name;
    document.title = name;
    /** A game's title, and which leaderboard when it is the bots' (a person may be rated on both). */
    const board = (/** @type {GameRating} */ r) => (r.pool === "bots" ? t("{game} (bots' leaderboard)", { game: title(r.game) }) : title(r.game));
    replaceChildren(byId("player-ratings"), player.ratings.length ? player.ratings.map((r) => el("div", { class: "player-rating", dataset: { game: r.game, pool: r.pool ?? "people" } },
      el("h3", {}, `${board(r)}: `, el("span", { class: "rating" }, r.rating.toFixed(1)), " ",
        el("small", {}, tn("after {n} rated game", "after {n} rated games", r.games))),
      ratingPlot(r.history.map((p) => p.rating), t("Rating history in {game}", { game: board(r) })))) : el("p", {}, t("No rated game yet.")));
    replaceChildren(byId("win-shares"), player.win_shares.map((s) => el("tr", {},
      el("td", {}, title(s.game)), el("td", {}, String(s.players)), el("td", {}, String(s.games)), el("td", {}, String(s.wins)),
      el("td", {}, `${Math.round(s.share * 100)} %`))));
    replaceChildren(byId("player-games"), player.games.map((g) => el("li", { class: "table-item" },
      el("strong", {}, `${title(g.game)} `), el("span", { class: "table-id" }, g.table), " ",
      el("span", {}, g.won ? t("won") : t("place {place} of {players}", { place: g.place, players: g.players })), " ",
      g.rated ? el("small", {}, t("rated")) : null, " ",
      el("a", { class: "btn small", href: `/replay/${encodeURIComponent(g.table)}` }, t("Replay")))));
  } catch (err) {
    const box = byId("player-error");
    box.textContent = errorWords(err);
    box.hidden = false;
  }
}

void main();
