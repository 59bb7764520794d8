// The tutorials' JSON API (GET /api/learn/{game}, POST .../position, POST .../try; src/ra/server/learn.py): its
// shapes as JSDoc types and one function per operation. The server is stateless: a place is (step, move), the
// moment before move `move` of step `step`; `move` equal to the step's move count is the step done.

/** @typedef {import("../common/types.js").BaseView} BaseView */
/** @typedef {import("../common/types.js").Explanation} Explanation */
/** @typedef {import("../common/types.js").Said} Said */

import { errorWords } from "../common/api.js";

/**
 * A scripted move; the learner's carries the notations to highlight, the hint for a wrong click and what to say.
 * @typedef {object} LearnMove
 * @property {number} seat
 * @property {string} action
 * @property {boolean} learner
 * @property {string[]} [highlight]
 * @property {Said} [hint]
 * @property {Said} [say]
 */

/**
 * A number the step's text states, and where the learner's view shows it.
 * @typedef {object} LearnFact
 * @property {(string | number)[]} path
 * @property {number} value
 * @property {Said} says
 */

/**
 * A rule the guided game does not show, in a sentence, with the rules section to read.
 * @typedef {object} LearnNote
 * @property {Said} text
 * @property {string} rule
 * @property {string} [rule_link]
 * @property {Said} [rule_title]
 */

/**
 * One idea of a tutorial.
 * @typedef {object} LearnStep
 * @property {string} key
 * @property {Said} title
 * @property {Said} text
 * @property {Said} rule
 * @property {string} [rule_link]
 * @property {Said} [rule_title]
 * @property {LearnMove[]} moves
 * @property {LearnFact[]} facts
 * @property {LearnNote[]} [notes]
 */

/**
 * GET /api/learn/{game}.
 * @typedef {object} Tutorial
 * @property {string} game
 * @property {Said} title
 * @property {Said} intro
 * @property {number} learner
 * @property {LearnStep[]} steps
 * @property {{text: Said, bots: string, players: number, command: string}} ending
 */

/**
 * POST /api/learn/{game}/position: the learner's view at a place and the story of the move just before it.
 * @typedef {object} Position
 * @property {number} step
 * @property {number} move
 * @property {BaseView} view
 * @property {Said[]} said
 * @property {{notation: string, phrase: Said, say?: Said}} [ask]
 * @property {Explanation | null} [explain]  the game's explanation of the view's elements, as the table page shows
 */

/** A refused request: `message` is the server's own words. */
export class LearnError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * @param {string} url
 * @param {unknown} [body]  sent as JSON with POST; GET without
 * @returns {Promise<any>}
 */
async function call(url, body) {
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const init = { headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.method = "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  /** @type {any} */
  let data = null;
  try {
    data = await response.json();
  } catch {
    // an answer without a JSON body (a proxy's error page): reported by its status below
  }
  if (!response.ok) throw new LearnError(response.status, errorWords(data, response));
  return data;
}

/** @param {string} game */
const base = (game) => `/api/learn/${encodeURIComponent(game)}`;

/**
 * The address of an operation in the page's language: the one the server negotiated for the page (`?lang`, the
 * `ra_lang` cookie, Accept-Language) and wrote into <html lang>, so the lesson, the prompts and the story read as
 * the page around them does, whatever the browser itself asks for.
 * @param {string} url
 * @returns {string}
 */
function inPageLanguage(url) {
  const code = (typeof document !== "undefined" && document.documentElement.lang) || "en";
  return `${url}?lang=${encodeURIComponent(code)}`;
}

export const learnApi = {
  /**
   * @param {string} game
   * @returns {Promise<Tutorial>}
   */
  tutorial: (game) => call(inPageLanguage(base(game))),
  /**
   * @param {string} game
   * @param {number} step
   * @param {number} move
   * @returns {Promise<Position>}
   */
  position: (game, step, move) => call(inPageLanguage(`${base(game)}/position`), { step, move }),
  /**
   * @param {string} game
   * @param {number} step
   * @param {number} move
   * @param {string} notation
   * @returns {Promise<{ok: boolean, message?: Said, text?: Said}>}
   */
  attempt: (game, step, move, notation) => call(inPageLanguage(`${base(game)}/try`), { step, move, notation }),
};

/**
 * The game of a tutorial page's address (/learn/ra → "ra").
 * @param {string} pathname
 * @returns {string}
 */
export function gameFromPath(pathname) {
  const parts = pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || "");
}

/**
 * The value at `path` in a view (a fact's number as the board shows it), or undefined.
 * @param {unknown} view
 * @param {(string | number)[]} path
 * @returns {unknown}
 */
export function valueAt(view, path) {
  /** @type {any} */
  let node = view;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = node[key];
  }
  return node;
}
