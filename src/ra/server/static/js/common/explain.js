// Every board element the engine explains carries `data-explain` (a key of the state message's
// `explain.elements`). This module shows that text in one popover: on hover (mouse), on keyboard focus, and on a
// tap or click of an element that sends no move; a long press shows it on anything, moves included (a tap on a
// move plays it). Without an explanation (the replay page) the element's own label is shown. The table page
// asks for a view's explanation only when an element wants its text: until it comes, the element waits.

/** @typedef {import("./types.js").Explanation} Explanation */

import { el } from "./dom.js";
import { render } from "./i18n.js";

const HOVER_DELAY = 250; // ms: a mouse passing over the board does not flash popovers
const GAP = 8; // px between the element and the popover, and from the window's edges

/**
 * The text for an explained element: the engine's (rendered for the reader), else its label.
 * @param {Explanation | null} explain
 * @param {HTMLElement} node
 * @param {import("./i18n.js").Reader} [reader]
 * @returns {string}
 */
export function explainText(explain, node, reader = {}) {
  const key = node.dataset.explain ?? "";
  const text = explain?.elements?.[key];
  return (text ? render(text, reader) : "") || node.getAttribute("aria-label") || "";
}

/** The popover of one page, for the `[data-explain]` elements inside `root`. */
export class ExplainTips {
  /**
   * @param {HTMLElement} root
   * @param {() => Explanation | null | undefined} explanation  the latest explanation of the viewer's view;
   *   undefined while it is not known yet: `ask` asks for it, and the page calls `refresh` when it comes
   * @param {() => void} [ask]
   * @param {() => import("./i18n.js").Reader} [reader]  who reads the texts (their seat reads "you")
   */
  constructor(root, explanation, ask = () => {}, reader = () => ({})) {
    this.root = root;
    this.explanation = explanation;
    this.ask = ask;
    this.reader = reader;
    /** @type {{node: HTMLElement, pinned: boolean} | null} an element whose text is on its way */
    this.waiting = null;
    this.tip = el("div", { id: "explain-tip", class: "explain-tip", role: "tooltip", hidden: true });
    document.body.append(this.tip);
    /** @type {HTMLElement | null} */
    this.target = null;
    this.pinned = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    this.pointerType = "mouse";
  }

  /** Listen to the root (delegated: the board redraws its elements on every view). */
  start() {
    const root = this.root;
    root.addEventListener("pointerdown", (event) => { this.pointerType = event.pointerType; });
    root.addEventListener("pointerover", (event) => {
      if (event.pointerType !== "mouse" || this.pinned) return;
      const node = this.explained(event.target);
      clearTimeout(this.timer);
      if (node) this.timer = setTimeout(() => this.show(node, false), HOVER_DELAY);
    });
    root.addEventListener("pointerout", (event) => {
      if (event.pointerType !== "mouse" || this.pinned) return;
      const to = event.relatedTarget instanceof Node ? this.explained(event.relatedTarget) : null;
      if (to !== (this.waiting?.node ?? this.target)) this.hide();
    });
    root.addEventListener("focusin", (event) => {
      const node = this.explained(event.target);
      // Keyboard focus only: the table moves the focus to the decision on each turn, which shows nothing to a mouse.
      if (node && !this.pinned && /** @type {Element} */ (event.target).matches(":focus-visible")) this.show(node, false);
    });
    root.addEventListener("focusout", () => { if (!this.pinned) this.hide(); });
    root.addEventListener("click", (event) => {
      const node = this.explained(event.target);
      // A move is played by its click; its explanation comes by hover, focus or a long press.
      if (!node || /** @type {Element} */ (event.target).closest("[data-move]")) {
        if (this.pinned) this.hide();
        return;
      }
      if ((this.pinned && this.target === node) || this.waiting?.node === node) this.hide();
      else this.show(node, true);
    });
    root.addEventListener("contextmenu", (event) => {
      const node = this.explained(event.target);
      if (!node || this.pointerType === "mouse") return; // the mouse keeps the browser's own menu
      event.preventDefault();
      this.show(node, true);
    });
    document.addEventListener("click", (event) => {
      if (this.pinned && event.target instanceof Node && !root.contains(event.target) && !this.tip.contains(event.target)) this.hide();
    });
    document.addEventListener("keydown", (event) => { if (event.key === "Escape") this.hide(); });
    window.addEventListener("scroll", () => { if (!this.pinned) this.hide(); }, { passive: true });
    window.addEventListener("resize", () => this.hide());
  }

  /**
   * The explained element at or around `target`, inside the root.
   * @param {EventTarget | null} target
   * @returns {HTMLElement | null}
   */
  explained(target) {
    if (!(target instanceof Element)) return null;
    const node = target.closest("[data-explain]");
    return node instanceof HTMLElement && this.root.contains(node) ? node : null;
  }

  /**
   * Show the text of `node` beside it.
   * @param {HTMLElement} node
   * @param {boolean} pinned  stays until dismissed (tap, click, long press)
   */
  show(node, pinned) {
    clearTimeout(this.timer);
    const explanation = this.explanation();
    if (explanation === undefined) {
      this.waiting = { node, pinned };
      this.ask();
      return;
    }
    this.waiting = null;
    const text = explainText(explanation, node, this.reader());
    if (!text || !node.isConnected) {
      this.hide();
      return;
    }
    this.target?.removeAttribute("aria-describedby");
    this.target = node;
    this.pinned = pinned;
    node.setAttribute("aria-describedby", "explain-tip");
    this.tip.textContent = text;
    this.tip.dataset.key = node.dataset.explain ?? "";
    this.tip.hidden = false;
    this.place(node);
  }

  /** @param {HTMLElement} node */
  place(node) {
    const box = node.getBoundingClientRect();
    const tip = this.tip.getBoundingClientRect();
    const width = Math.min(tip.width, window.innerWidth - 2 * GAP);
    const left = Math.max(GAP, Math.min(box.left + box.width / 2 - width / 2, window.innerWidth - width - GAP));
    const below = box.bottom + GAP + tip.height <= window.innerHeight || box.top - GAP - tip.height < 0;
    const top = below ? box.bottom + GAP : box.top - GAP - tip.height;
    // Positions go through CSSOM: the page's CSP allows no style attribute.
    this.tip.style.setProperty("left", `${Math.round(left)}px`);
    this.tip.style.setProperty("top", `${Math.round(Math.max(GAP, top))}px`);
  }

  /** Hide the popover. */
  hide() {
    clearTimeout(this.timer);
    this.waiting = null;
    this.target?.removeAttribute("aria-describedby");
    this.target = null;
    this.pinned = false;
    this.tip.hidden = true;
  }

  /** After a redraw, or once an explanation came: the element shown (or waiting) may be gone; show the same key's
   * new element, with the new text. */
  refresh() {
    const waiting = this.waiting;
    if (this.tip.hidden && !waiting) return;
    const current = waiting ? waiting.node : this.target;
    const key = (waiting ? waiting.node.dataset.explain : this.tip.dataset.key) ?? "";
    const node = current?.isConnected ? current
      : /** @type {HTMLElement | null} */ (this.root.querySelector(`[data-explain="${CSS.escape(key)}"]`));
    if (node) this.show(node, waiting ? waiting.pinned : this.pinned);
    else this.hide();
  }
}
