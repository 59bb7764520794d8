// "My games": every seat the signed-in player holds, on any device — whose turn, the last move, finished games
// with their results and replays (GET /api/account/games).

import { shownName } from "./common/bots.js";
import { accountLinks, call, errorWords, whoAmI } from "./common/account.js";
import { api } from "./common/api.js";
import { byId, el, replaceChildren } from "./common/dom.js";
import { render, seatName, t } from "./common/i18n.js";
import { startPage, words } from "./common/page.js";
import { clockWords } from "./table/clocks.js";

/**
 * @typedef {import("./common/types.js").TableSummary} TableSummary
 * @typedef {import("./common/i18n.js").TextJson} TextJson
 * @typedef {{seq: number, name: string, text: string, said?: TextJson | null}} LastMove
 * @typedef {{scores: number[], winners: number[], won: boolean}} Result
 * @typedef {{id: string, seat: number, link: string, table: TableSummary, to_act: number[], your_turn: boolean,
 *   last_move: LastMove | null, result: Result | null, replay: string | null}} MyGame
 */

/**
 * How long the viewer has to move, at a table with a clock (the page's time: the table's `ends` is the server's).
 * @param {MyGame} game
 * @returns {(HTMLElement | string)[]}
 */
function timeToMove(game) {
  const clock = game.table.clock;
  const mine = clock?.seats[game.seat];
  if (!clock || !mine || mine.ends === null) return [];
  const said = clockWords(mine, clock.pace.kind, 0, Date.now());
  const by = said.by ? t("to move by {when}", { when: said.by }) : "";
  return [" ", el("span", { class: "time-left", title: said.title }, [said.text, by].filter(Boolean).join(" · "))];
}

/**
 * One game of the list.
 * @param {MyGame} game
 * @param {Map<string, string>} titles
 */
function gameItem(game, titles) {
  const table = game.table;
  const names = (table.seats || []).map((s) => seatName(shownName(s.name, s), s.seat));
  const title = titles.get(table.game) ?? table.game;
  /** @type {(HTMLElement | string)[]} */
  const about = [];
  if (game.result) {
    const scores = game.result.scores.map((score, seat) => `${names[seat] ?? seat + 1}: ${score}`).join(" · ");
    about.push(el("strong", {}, game.result.won ? t("You won.") : t("You did not win.")), " ", scores);
  } else if (table.status === "finished") {
    about.push(t("Finished."));
  } else if (game.your_turn) {
    about.push(el("strong", { class: "your-turn" }, t("Your turn.")), ...timeToMove(game));
  } else if (game.to_act.length) {
    about.push(t("Waiting for {names}.", { names: game.to_act.map((seat) => names[seat] ?? String(seat + 1)).join(", ") }));
  }
  if (game.last_move) {
    // The move as the log tells it to this seat, in the reader's words (its English where the server sent no text).
    const said = game.last_move.said;
    const text = said ? render(said, { seat: game.seat, names }) : game.last_move.text;
    about.push(" ", el("small", {}, t("Last move: {text}", { text })));
  }
  const pace = table.clock?.pace.kind;
  const kind = pace === "live" ? t("live") : pace ? t("turn-based") : "";
  const links = game.replay
    ? [el("a", { class: "btn small", href: game.replay }, t("Replay"))]
    : [el("a", { class: "btn small primary", href: game.link }, t("Open my seat"))];
  return el("li", { class: `table-item my-game status-${table.status}`, dataset: { id: game.id } },
    el("div", { class: "table-what" }, el("strong", {}, `${title} `), el("span", { class: "table-id" }, game.id),
      kind ? el("span", { class: "badge pace-kind", dataset: { pace: pace ?? "" } }, kind) : "",
      el("small", {}, " ", t("seat {number}", { number: game.seat + 1 }), " · ", new Date(table.updated || "").toLocaleString())),
    el("div", { class: "table-seats" }, about),
    el("div", { class: "table-links" }, links));
}

async function main() {
  await startPage(["web", "common"]);
  const me = await whoAmI();
  accountLinks(byId("account"), me);
  if (!me) {
    // The language asked for in the address goes along (a page's ?lang is not remembered).
    const lang = new URLSearchParams(window.location.search).get("lang");
    window.location.assign(`/account?next=${encodeURIComponent("/games")}${lang ? `&lang=${encodeURIComponent(lang)}` : ""}`);
    return;
  }
  try {
    const [{ games }, meta] = await Promise.all([
      /** @type {Promise<{games: MyGame[]}>} */ (call("GET", "/api/account/games")), api.meta()]);
    const titles = new Map((meta.games || []).map((g) => [g.name, g.title]));
    await words([...new Set(games.map((g) => g.table.game))]); // the games' own words of their last moves
    const live = games.filter((g) => g.table.status !== "finished");
    const done = games.filter((g) => g.table.status === "finished");
    const none = (/** @type {string} */ words) => [el("li", { class: "none" }, words)];
    replaceChildren(byId("live-games"), live.length ? live.map((g) => gameItem(g, titles)) : none(t("No game under way.")));
    replaceChildren(byId("finished-games"), done.length ? done.map((g) => gameItem(g, titles)) : none(t("No finished game yet.")));
  } catch (err) {
    const box = byId("games-error");
    box.textContent = errorWords(err);
    box.hidden = false;
  }
}

void main();
