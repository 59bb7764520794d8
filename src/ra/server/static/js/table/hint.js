// Hints, where the table allows them (table option `hints`): the Hint button asks the server (`{"type":"hint"}`)
// what the hard bot would play in the viewer's seat; the answer names the move with its reason (what it is for and
// how sure the bot is, texts in the reader's language) and makes the board's elements of that move stand out: the
// element that sends it, and those the board module's `whereIs` names (RA and Write's card and the space it writes
// to, where a move is made in two steps and no element sends it before the first). A hint belongs to the position
// it was asked for: the next move clears it.

/** @typedef {import("../common/types.js").HintMessage} HintMessage */

import { byId, el, replaceChildren } from "../common/dom.js";
import { place, render, slot, t } from "../common/i18n.js";

/** The hint panel of the table page (#hint). */
export class HintBox {
  /**
   * @param {HTMLElement} board  the board root (where the hinted move's element is)
   * @param {() => boolean} ask  sends the request; false if offline
   * @param {() => import("../common/i18n.js").Reader} [reader]  who reads the hint (their seat reads "you")
   * @param {(notation: string) => HTMLElement[]} [where]  the board's elements a move of the viewer concerns
   */
  constructor(board, ask, reader = () => ({}), where = () => []) {
    this.board = board;
    this.ask = ask;
    this.reader = reader;
    this.where = where;
    this.panel = byId("hint");
    this.button = /** @type {HTMLButtonElement} */ (byId("hint-button"));
    this.text = byId("hint-text");
    /** @type {HintMessage | null} */
    this.hint = null;
    this.waiting = false;
    this.seq = -1;
  }

  /** Wire the button. */
  start() {
    this.button.addEventListener("click", () => {
      if (this.waiting || !this.ask()) return;
      this.waiting = true;
      this.hint = null;
      this.button.disabled = true;
      replaceChildren(this.text, t("Asking the hard bot…"));
    });
  }

  /**
   * Show or hide the panel for the current state; the button works while the viewer must act.
   * @param {boolean} allowed  the table allows hints and the viewer has a seat
   * @param {boolean} mine  the viewer must act now
   * @param {number} seq  the table's seq (a new one clears the hint)
   */
  update(allowed, mine, seq) {
    if (seq !== this.seq) {
      this.seq = seq;
      if (this.hint && this.hint.seq !== seq) this.clear();
    }
    this.panel.hidden = !allowed;
    this.button.disabled = !mine || this.waiting;
    this.mark();
  }

  /** @param {HintMessage} msg */
  answer(msg) {
    this.waiting = false;
    this.button.disabled = false;
    if (msg.seq !== this.seq) {
      this.clear();
      return;
    }
    this.hint = msg;
    const reader = this.reader();
    // The reason is whole sentences (what the move is for, how sure the bot is), rendered for this reader.
    replaceChildren(this.text, place(t("{move} — {reason}", { move: slot("move"), reason: render(msg.reason, reader) }),
      { move: el("strong", {}, render(msg.text, reader)) }));
    this.mark();
  }

  /** The request failed (the server said why, elsewhere on the page). */
  failed() {
    if (!this.waiting) return;
    this.waiting = false;
    this.button.disabled = false;
    replaceChildren(this.text);
  }

  clear() {
    this.hint = null;
    replaceChildren(this.text);
  }

  /** Make the hinted move's elements stand out (after every redraw of the board). */
  mark() {
    for (const node of this.board.querySelectorAll(".hinted")) node.classList.remove("hinted");
    if (!this.hint) return;
    const node = this.board.querySelector(`[data-move="${CSS.escape(this.hint.notation)}"]`);
    for (const place of [...(node ? [node] : []), ...this.where(this.hint.notation)]) place.classList.add("hinted");
  }
}
