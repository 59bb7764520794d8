// What a screen reader hears at a table, and where the keyboard is. One live region that stays in the page (a
// region drawn anew with each view is not read out) says what just happened, the new log entries' lines, and what
// is asked now, the board's element marked `data-announce`. When the viewer's turn comes, the focus moves to the
// decision: the board's first element that sends a move, else its first local first step.

/** @typedef {import("../common/types.js").BaseView} BaseView */
/** @typedef {import("../common/types.js").LogEntry} LogEntry */

import { el, replaceChildren } from "../common/dom.js";
import { entryLines } from "../common/move_log.js";

const DECISION = "[data-move]:not(:disabled), [data-step]:not(:disabled)";

/** The table's live region (#announce) and the focus on the board (#board). */
export class Announcer {
  /**
   * @param {HTMLElement} region
   * @param {HTMLElement} board
   */
  constructor(region, board) {
    this.region = region;
    this.board = board;
    this.said = "";
    this.asked = "";
    // A board that redraws itself after a local first step (a card chosen) asks something new: say it.
    new MutationObserver(() => {
      if (this.askedNow() !== this.asked) this.say([]);
    }).observe(board, { childList: true, subtree: true, characterData: true });
    /** @type {string | null} a selector of the decision focused last, to find again once the board is redrawn */
    this.last = null;
    board.addEventListener("focusin", (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && target.matches(DECISION)) this.last = selectorOf(target);
    });
  }

  /**
   * Tell what the new state brings; move the focus to the decision if the viewer must act.
   * @param {LogEntry[]} fresh  the log entries that came with this state (none on the first)
   * @param {BaseView} view
   * @param {boolean} mine  whether the viewer must act now
   */
  update(fresh, view, mine) {
    this.say(fresh.flatMap((entry) => entryLines(entry, view)).map((line) => line.trim()));
    if (mine) this.focusDecision();
  }

  /** @returns {string} what the board asks now */
  askedNow() {
    return this.board.querySelector("[data-announce]")?.textContent?.trim() ?? "";
  }

  /**
   * Say `lines`, then what is asked now.
   * @param {string[]} lines
   */
  say(lines) {
    this.asked = this.askedNow();
    const all = [...lines, this.asked].filter(Boolean);
    const key = all.join("\n");
    // Nothing new to say (a state that changed nothing the reader hears): stay quiet rather than repeat.
    if (key === this.said) return;
    this.said = key;
    replaceChildren(this.region, all.map((line) => el("p", {}, line)));
  }

  /**
   * Focus the board's decision, unless the reader is typing or answering elsewhere on the page: the one focused
   * last if a redraw left it there, else the first move, else the first first step. Also after a redraw of the
   * same view (its explanation came).
   */
  focusDecision() {
    const active = document.activeElement;
    const free = !active || active === document.body || !active.isConnected || this.board.contains(active);
    if (!free || (active instanceof HTMLElement && active.matches(DECISION) && this.board.contains(active))) return;
    const again = this.last ? this.board.querySelector(this.last) : null;
    const target = (again?.matches(DECISION) ? again : null) ?? this.board.querySelector("[data-move]:not(:disabled)")
      ?? this.board.querySelector("[data-step]:not(:disabled)");
    if (target instanceof HTMLElement) target.focus({ preventScroll: true });
  }
}

/**
 * What finds a decision again in a redrawn board: its move, or its first step and card slot.
 * @param {HTMLElement} node
 * @returns {string | null}
 */
function selectorOf(node) {
  const { move, step, slot } = node.dataset;
  if (move !== undefined) return `[data-move="${CSS.escape(move)}"]`;
  if (step === undefined) return null;
  return `[data-step="${CSS.escape(step)}"]${slot === undefined ? "" : `[data-slot="${CSS.escape(slot)}"]`}`;
}
