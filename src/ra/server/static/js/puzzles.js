// The puzzle page (/puzzles/{game}): a position from a real game drawn by the game's own board for the puzzle's
// seat, its legal actions as buttons (the board's own `data-move` elements answer too). The server judges the
// answer and says why the solution is best. A guest walks the server's fixed sequence (its place kept in
// localStorage and sent as `index`); a signed-in player gets puzzles near their rating, and the answer moves it.

/** @typedef {import("./common/types.js").BaseView} BaseView */
/** @typedef {import("./common/types.js").Board} Board */

import { errorWords } from "./common/api.js";
import { csrfToken } from "./common/account.js";
import { byId, el, replaceChildren } from "./common/dom.js";
import { loadBoard } from "./games.js";
import { nameNode } from "./learn/panel.js";
import { storage } from "./common/seat.js";
import { t, tn } from "./common/i18n.js";
import { startPage } from "./common/page.js";

/**
 * @typedef {object} Choice
 * @property {number} id
 * @property {string} notation
 * @property {string} words
 */

/**
 * GET /api/puzzles/{game}/next.
 * @typedef {object} PuzzleOut
 * @property {string} game
 * @property {string} id
 * @property {number} index
 * @property {number} next
 * @property {number} total
 * @property {number} seat
 * @property {number} players
 * @property {BaseView} view
 * @property {Choice[]} choices
 * @property {number} rating
 * @property {string} task
 * @property {string} theme
 * @property {{rating: number, answers: number, solved: number} | null} [solver]
 */

/**
 * POST /api/puzzles/{game}/{id}/answer.
 * @typedef {object} Judged
 * @property {boolean} correct
 * @property {string} chosen
 * @property {string} solution
 * @property {string} solution_words
 * @property {string} verdict
 * @property {string} why
 * @property {{rated: boolean, rating: number, before: number} | null} [rating]
 */

/**
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function call(method, url, body) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  /** @type {RequestInit} */
  const init = { method, headers, credentials: "same-origin" };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    const token = csrfToken();
    if (token) headers["X-CSRF-Token"] = token;
    init.body = JSON.stringify(body);
  }
  // The server's words (the task, the answers, the verdict, the reason) in the page's language.
  const lang = encodeURIComponent(document.documentElement.lang || "en");
  const response = await fetch(`${url}${url.includes("?") ? "&" : "?"}lang=${lang}`, init);
  /** @type {any} */
  let data = null;
  try {
    data = await response.json();
  } catch {
    // no JSON body: reported by its status below
  }
  if (!response.ok) throw new Error(errorWords(data, response));
  return data;
}

/** One puzzle page. */
class PuzzlePage {
  /** @param {string} game */
  constructor(game) {
    this.game = game;
    this.local = storage("localStorage");
    this.key = `ra.puzzles.${game}.index`;
    this.boardRoot = byId("board");
    /** @type {Board | null} */
    this.board = null;
    /** @type {PuzzleOut | null} */
    this.puzzle = null;
  }

  async start() {
    await startPage(["web", "common", this.game]);
    try {
      const module = await loadBoard(this.game);
      if (!module) throw new Error(t("this page cannot draw the game “{game}”", { game: this.game }));
      this.board = module.createBoard(this.boardRoot, { nameNode });
    } catch (err) {
      this.fail(err);
      return;
    }
    this.boardRoot.addEventListener("click", (event) => {
      const target = /** @type {Element} */ (event.target).closest("[data-move]");
      if (target instanceof HTMLElement && this.boardRoot.contains(target)) void this.answer(target.dataset.move ?? "");
    });
    byId("next-puzzle").addEventListener("click", () => {
      if (this.puzzle) this.local?.setItem(this.key, String(this.puzzle.next));
      void this.load();
    });
    await this.load();
  }

  /** Fetch and show the next puzzle (a guest's at its place in the sequence). */
  async load() {
    this.setState("loading");
    const index = Number(this.local?.getItem(this.key) ?? "0") || 0;
    try {
      /** @type {PuzzleOut} */
      const puzzle = await call("GET", `/api/puzzles/${encodeURIComponent(this.game)}/next?index=${index}`);
      this.show(puzzle);
    } catch (err) {
      this.fail(err);
    }
  }

  /** @param {PuzzleOut} puzzle */
  show(puzzle) {
    this.puzzle = puzzle;
    document.body.dataset.puzzleId = puzzle.id;
    delete document.body.dataset.puzzleVerdict;
    byId("puzzle-task").textContent = puzzle.task;
    byId("puzzle-theme").textContent = puzzle.theme;
    byId("puzzle-theme").hidden = !puzzle.theme;
    byId("puzzle-count").textContent = t("Puzzle {number} of {total}", { number: puzzle.index + 1, total: puzzle.total });
    byId("puzzle-about").textContent = tn("A game of {n} player; you play seat {seat}.", "A game of {n} players; you play seat {seat}.", puzzle.players, { seat: puzzle.seat + 1 });
    byId("puzzle-rating").textContent = puzzle.solver
      ? t("Puzzle rating {puzzle}; yours {rating} ({solved} of {answers} right).", {
          puzzle: Math.round(puzzle.rating),
          rating: puzzle.solver.rating,
          solved: puzzle.solver.solved,
          answers: puzzle.solver.answers,
        })
      : t("Puzzle rating {puzzle}. Sign in to get a rating of your own.", { puzzle: Math.round(puzzle.rating) });
    replaceChildren(
      byId("choices"),
      ...puzzle.choices.map((choice) => {
        const button = el("button", { class: "btn small choice", type: "button", "data-answer": choice.notation }, choice.words);
        button.addEventListener("click", () => void this.answer(choice.notation));
        return button;
      }),
    );
    byId("verdict").hidden = true;
    this.hideMessage();
    /** @type {Board} */ (this.board).render(puzzle.view, null, { explain: null });
    this.setState("asking");
  }

  /** @param {string} notation */
  async answer(notation) {
    const puzzle = this.puzzle;
    if (!puzzle || document.body.dataset.puzzleState !== "asking" || !notation) return;
    this.setState("pending");
    try {
      /** @type {Judged} */
      const judged = await call("POST", `/api/puzzles/${encodeURIComponent(this.game)}/${encodeURIComponent(puzzle.id)}/answer`, { action: notation });
      this.verdict(judged);
    } catch (err) {
      this.setState("asking");
      this.showMessage(err instanceof Error ? err.message : String(err));
    }
  }

  /** @param {Judged} judged */
  verdict(judged) {
    document.body.dataset.puzzleVerdict = judged.correct ? "right" : "wrong";
    byId("verdict-text").textContent = judged.verdict;
    byId("verdict-why").textContent = judged.why;
    const rating = judged.rating;
    byId("verdict-rating").textContent = !rating
      ? ""
      : rating.rated
        ? t("Your puzzle rating: {before} → {rating}.", { before: rating.before, rating: rating.rating })
        : t("You answered this puzzle before: your rating stays {rating}.", { rating: rating.rating });
    for (const button of byId("choices").querySelectorAll("button")) {
      const answer = /** @type {HTMLElement} */ (button).dataset.answer;
      button.classList.toggle("right", answer === judged.solution);
      button.classList.toggle("wrong", answer === judged.chosen && !judged.correct);
      /** @type {HTMLButtonElement} */ (button).disabled = true;
    }
    byId("verdict").hidden = false;
    this.setState("answered");
  }

  /** @param {string} state */
  setState(state) {
    document.body.dataset.puzzleState = state;
  }

  /** @param {string} message */
  showMessage(message) {
    const node = byId("puzzle-message");
    node.textContent = message;
    node.hidden = false;
  }

  hideMessage() {
    byId("puzzle-message").hidden = true;
  }

  /** @param {unknown} err */
  fail(err) {
    this.setState("error");
    this.showMessage(err instanceof Error ? err.message : String(err));
  }
}

const parts = location.pathname.split("/").filter(Boolean);
void new PuzzlePage(decodeURIComponent(parts[parts.length - 1] || "")).start();
