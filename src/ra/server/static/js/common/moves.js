// Legal actions on a board, shared by every game's board. A board asks for the view's legal-action entries by
// their game-specific fields and marks the element that stands for each one: `data-move` holds the notation the
// page shell sends. Whatever the board found no element for still gets a plain button (otherMoves), so a legal
// action is never unreachable and nothing that is not legal is ever clickable.

/** @typedef {import("./types.js").LegalAction} LegalAction */

import { el } from "./dom.js";
import { place, slot, t } from "./i18n.js";

/**
 * Make `node` the clickable element of the legal action `notation`.
 * @template {HTMLElement} N
 * @param {N} node
 * @param {string} notation
 * @returns {N}
 */
export function markMove(node, notation) {
  node.dataset.move = notation;
  node.classList.add("legal");
  if (node.tagName !== "BUTTON") {
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
  }
  return node;
}

/**
 * The view's legal actions of one render, and which of them the board has placed.
 * @template {LegalAction} A
 */
export class MoveMarks {
  /** @param {A[]} legal */
  constructor(legal) {
    this.legal = legal;
    /** @type {Set<string>} */
    this.placed = new Set();
  }

  /**
   * The entries matching `test`.
   * @param {(action: A) => boolean} test
   * @returns {A[]}
   */
  find(test) {
    return this.legal.filter(test);
  }

  /**
   * Mark `node` with the first entry matching `test`; unchanged if none does.
   * @template {HTMLElement} N
   * @param {N} node
   * @param {(action: A) => boolean} test
   * @returns {N}
   */
  mark(node, test) {
    const action = this.legal.find(test);
    if (action) {
      markMove(node, action.notation);
      this.placed.add(action.notation);
    }
    return node;
  }

  /**
   * Count `actions` as placed although no element shows them now (reached through a local first step).
   * @param {A[]} actions
   */
  reachable(actions) {
    for (const a of actions) this.placed.add(a.notation);
  }

  /**
   * The legal actions no element stands for.
   * @returns {A[]}
   */
  rest() {
    return this.legal.filter((a) => !this.placed.has(a.notation));
  }
}

/**
 * Buttons for legal actions the board could not place (a game whose view grew a new kind of action).
 * @param {LegalAction[]} actions
 * @returns {HTMLElement | null}
 */
export function otherMoves(actions) {
  if (!actions.length) return null;
  const buttons = actions.map((a) => markMove(el("button", { class: "btn small", type: "button" }, a.notation), a.notation));
  return el("p", { class: "other-moves" }, place(t("Also possible: {moves}", { moves: slot("moves") }), { moves: el("span", {}, buttons) }));
}
