// Replay of a finished table, move by move, from GET /api/tables/{id}/replay: spectator views after each action
// (step 0 = the start), every score shown (the game is over), the score above the board the one at the step shown. The board is the same as at the table; spectator
// views have no legal actions, so nothing on it is clickable. Each move is told in the engine's words (the log
// entry's lines); hovering or tapping a tile or disk names it. Below the controls, the game's analysis
// (js/replay/analysis.js): asked for with a button, then a graph, a summary and the better move at each decision.

/** @typedef {import("./common/types.js").BaseView} BaseView */
/** @typedef {import("./common/types.js").Board} Board */
/** @typedef {import("./common/types.js").LogEntry} LogEntry */
/** @typedef {{seq: number, move: LogEntry | null, view: BaseView}} Step */

import { seatNames } from "./common/bots.js";
import { api, gameMeta, idFromPath } from "./common/api.js";
import { byId, el, nameEl, replaceChildren } from "./common/dom.js";
import { ExplainTips } from "./common/explain.js";
import { loadBoard } from "./games.js";
import { entryLines } from "./common/move_log.js";
import { t, tn, seatName } from "./common/i18n.js";
import { startPage, words } from "./common/page.js";
import { AnalysisPanel } from "./replay/analysis.js";

/**
 * A replay step's move in words: the lines telling it.
 * @param {Step} step
 * @returns {string[]}
 */
function stepLines(step) {
  return step.move ? entryLines(step.move, step.view) : [t("The start of the game.")];
}

/** The replay page of one table. */
class ReplayPage {
  /** @param {string} tableId */
  constructor(tableId) {
    this.tableId = tableId;
    this.slider = /** @type {HTMLInputElement} */ (byId("slider"));
    this.boardRoot = byId("board");
    this.logList = byId("log");
    /** @type {Step[]} */
    this.steps = [];
    /** @type {Board | null} */
    this.board = null;
    this.index = 0;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined;
    /** @type {AnalysisPanel | null} */
    this.analysis = null;
  }

  /** @param {number} i */
  show(i) {
    if (!this.board || !this.steps.length) return;
    this.index = Math.max(0, Math.min(this.steps.length - 1, i));
    const step = this.steps[this.index];
    // Every step marks what changed since the one before, however it was reached.
    const prev = this.index > 0 ? this.steps[this.index - 1].view : null;
    this.board.render(step.view, prev);
    this.slider.value = String(this.index);
    byId("step-label").textContent = t("move {number} / {count}", { number: this.index, count: this.steps.length - 1 });
    const [first, ...more] = stepLines(step);
    replaceChildren(byId("move-text"), el("span", { class: "log-text" }, first),
      more.map((line) => el("span", { class: "log-line" }, line.trim())));
    for (const li of /** @type {HTMLCollectionOf<HTMLElement>} */ (this.logList.children)) {
      li.classList.toggle("current", Number(li.dataset.step) === this.index);
    }
    this.logList.querySelector(".current")?.scrollIntoView({ block: "nearest" });
    this.showScore(this.index, step.view);
    this.analysis?.step(this.index, step.view);
    document.body.dataset.step = String(this.index);
  }

  togglePlay() {
    const button = byId("play");
    if (this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
      button.textContent = t("▶ Play");
      return;
    }
    if (this.index >= this.steps.length - 1) this.show(0);
    button.textContent = t("⏸ Pause");
    this.timer = setInterval(() => {
      if (this.index >= this.steps.length - 1) this.togglePlay();
      else this.show(this.index + 1);
    }, 700);
  }

  /** Load the replay and wire the controls. */
  async start() {
    await startPage(["web", "common"]);
    let data;
    try {
      // The table's seats name its bots' levels in the reader's words (js/common/bots.js).
      const [replay, table] = await Promise.all([api.replay(this.tableId), api.table(this.tableId).catch(() => null)]);
      data = { steps: (replay.steps || []).map((step) => ({ ...step, view: { ...step.view, names: seatNames(step.view.names, table?.seats) } })) };
    } catch (err) {
      replaceChildren(this.boardRoot, el("p", { class: "message" }, t("No replay: {reason}", { reason: err instanceof Error ? err.message : String(err) })));
      return;
    }
    this.steps = data.steps || [];
    if (!this.steps.length) return;
    const game = this.steps[0].view.game;
    const [module, meta] = await Promise.all([loadBoard(game), api.meta().catch(() => null), words([game])]);
    if (!module) {
      replaceChildren(this.boardRoot, el("p", { class: "message" }, t("This page cannot draw the game “{game}” yet.", { game })));
      return;
    }
    this.board = module.createBoard(this.boardRoot, {
      nameNode: (view, seat) => nameEl(seatName(view.names?.[seat], seat), "player-name"),
    });
    byId("replay-title").textContent = t("Replay · {game} · table {table}", { game: gameMeta(meta, game)?.title ?? game, table: this.tableId });
    this.slider.max = String(this.steps.length - 1);
    replaceChildren(this.logList, this.steps.map((step, i) => el("li", { dataset: { step: String(i) } },
      el("button", { class: "log-jump", type: "button", on: { click: () => this.show(i) } },
        el("span", { class: "log-seq" }, String(i)), " ", stepLines(step)[0]))));
    new ExplainTips(this.boardRoot, () => null).start();
    byId("first").addEventListener("click", () => this.show(0));
    byId("back").addEventListener("click", () => this.show(this.index - 1));
    byId("forward").addEventListener("click", () => this.show(this.index + 1));
    byId("last").addEventListener("click", () => this.show(this.steps.length - 1));
    byId("play").addEventListener("click", () => this.togglePlay());
    this.slider.addEventListener("input", () => this.show(Number(this.slider.value)));
    document.addEventListener("keydown", (event) => {
      if (/** @type {HTMLElement} */ (event.target).tagName === "INPUT") return;
      if (event.key === "ArrowRight") this.show(this.index + 1);
      else if (event.key === "ArrowLeft") this.show(this.index - 1);
      else if (event.key === "Home") this.show(0);
      else if (event.key === "End") this.show(this.steps.length - 1);
      else return;
      event.preventDefault();
    });
    const last = this.steps[this.steps.length - 1].view;
    this.analysis = new AnalysisPanel({
      tableId: this.tableId, board: this.boardRoot, module, finished: Boolean(last.result),
      names: (seat) => seatName(last.names?.[seat], seat),
      show: (step) => this.show(step), step: () => this.index, view: () => this.steps[this.index]?.view ?? null,
    });
    this.show(0);
    void this.analysis.start();
  }

  /**
   * The score at the step shown, above the board: each seat's score in that step's view (a replay's views show
   * every score), and at the end the result with its winners.
   * @param {number} index
   * @param {BaseView} view  that step's
   */
  showScore(index, view) {
    const result = view.result;
    const scores = result?.scores ?? view.scores;
    if (!scores) return;
    byId("final-title").textContent = result ? t("Final score")
      : index === 0 ? t("Score at the start of the game") : t("Score after move {number}", { number: index });
    const seats = scores.map((score, seat) => ({ seat, score })).sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
    replaceChildren(byId("final-scores"), seats.map(({ seat, score }) => el("li", { class: result?.winners.includes(seat) ? "won" : "" },
      nameEl(seatName(view.names?.[seat], seat), "final-name"),
      el("span", { class: "final-score" }, score === null ? t("hidden") : tn("{n} pt", "{n} pts", score)))));
    byId("final").hidden = false;
  }
}

void new ReplayPage(idFromPath(window.location.pathname)).start();
