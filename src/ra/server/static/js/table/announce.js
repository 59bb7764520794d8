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
  }

  /**
   * Tell what the new state brings; move the focus to the decision if the viewer must act.
   * @param {LogEntry[]} fresh  the log entries that came with this state (none on the first)
   * @param {BaseView} view
   * @param {boolean} mine  whether the viewer must act now
   */
  update(fresh, view, mine) {
    const lines = fresh.flatMap((entry) => entryLines(entry, view)).map((line) => line.trim());
    const asked = this.board.querySelector("[data-announce]")?.textContent?.trim() ?? "";
    const all = [...lines, asked].filter(Boolean);
    const key = all.join("\n");
    // Nothing new to say (a state that changed nothing the reader hears): stay quiet rather than repeat.
    if (key !== this.said) {
      this.said = key;
      replaceChildren(this.region, all.map((line) => el("p", {}, line)));
    }
    if (mine) this.focusDecision();
  }

  /** Focus the board's decision, unless the reader is typing or answering elsewhere on the page. */
  focusDecision() {
    const active = document.activeElement;
    const free = !active || active === document.body || !active.isConnected || this.board.contains(active);
    if (!free || (active instanceof HTMLElement && active.matches(DECISION) && this.board.contains(active))) return;
    const target = this.board.querySelector("[data-move]:not(:disabled)") ?? this.board.querySelector("[data-step]:not(:disabled)");
    if (target instanceof HTMLElement) target.focus({ preventScroll: true });
  }
}
