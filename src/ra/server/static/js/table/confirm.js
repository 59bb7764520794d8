// A second look before a move that is easy to regret (the board module decides which: Ra asks before a bid with
// the viewer's highest sun disk). A page setting, remembered in localStorage, turns the question off; the dialog
// offers the same switch.

/** @typedef {import("../common/seat.js").StorageLike} StorageLike */

import { byId } from "../common/dom.js";

const SETTING = "ra.confirm";

/** The confirmation dialog of the table page (#confirm) and its setting (#confirm-setting). */
export class ConfirmDialog {
  /** @param {StorageLike | null} local  localStorage */
  constructor(local) {
    this.local = local;
    this.dialog = /** @type {HTMLDialogElement} */ (byId("confirm"));
    this.setting = /** @type {HTMLInputElement} */ (byId("confirm-setting"));
    this.again = /** @type {HTMLInputElement} */ (byId("confirm-again"));
    /** @type {(() => void) | null} */
    this.onYes = null;
  }

  /** Wire the dialog's buttons and the setting. */
  start() {
    this.setting.checked = this.wanted();
    this.setting.addEventListener("change", () => this.remember(this.setting.checked));
    byId("confirm-yes").addEventListener("click", () => {
      const yes = this.onYes;
      this.close();
      yes?.();
    });
    byId("confirm-no").addEventListener("click", () => this.close());
    this.dialog.addEventListener("cancel", () => { this.onYes = null; });
    this.again.addEventListener("change", () => this.remember(this.again.checked));
  }

  /** Whether the page asks (on unless turned off). */
  wanted() {
    try {
      return this.local?.getItem(SETTING) !== "0";
    } catch {
      return true;
    }
  }

  /** @param {boolean} on */
  remember(on) {
    try {
      this.local?.setItem(SETTING, on ? "1" : "0");
    } catch {
      // storage refused: the setting holds for this visit
    }
    this.setting.checked = on;
    this.again.checked = on;
  }

  /**
   * Ask `question`; `yes` runs if the player confirms.
   * @param {string} question
   * @param {string} answer  the confirm button's label
   * @param {() => void} yes
   */
  ask(question, answer, yes) {
    byId("confirm-text").textContent = question;
    byId("confirm-yes").textContent = answer;
    this.again.checked = true;
    this.onYes = yes;
    if (!this.dialog.open) this.dialog.showModal();
  }

  close() {
    this.onYes = null;
    if (this.dialog.open) this.dialog.close();
  }
}
