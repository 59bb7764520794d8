// What to click in a tutorial step: the board's elements for the step's highlighted notations. The boards mark
// every legal action's element with `data-move` (its notation); a choice made in two clicks starts with a local
// first step (`data-step`, docs/UI.md): RA and Write's face-up card (`data-step="card"`, `data-slot`), then a
// space of the sheet; a Nile bonus's space (`data-step` = the space's key), then a number. When no element sends
// the notation yet, the first step leading to it is the target. Everything is read from the view's legal action.

/** @typedef {import("../common/types.js").BaseView} BaseView */
/** @typedef {import("../games/write/view_types.js").WriteAction} WriteAction */

import { keyOf } from "../games/write/choice.js";

const TARGET = "learn-target";

/**
 * True if the first-step element `node` leads to the legal action `action`.
 * @param {HTMLElement} node
 * @param {Record<string, unknown>} action
 */
function leadsTo(node, action) {
  if (node.dataset.step === "card") return action.card !== undefined && String(action.card) === node.dataset.slot;
  return node.dataset.step === keyOf(/** @type {WriteAction} */ (/** @type {unknown} */ (action)));
}

/**
 * The elements of `root` to click for the legal action `notation` of `view`: those sending it, else the first
 * steps leading to it.
 * @param {HTMLElement} root
 * @param {BaseView} view
 * @param {string} notation
 * @returns {HTMLElement[]}
 */
export function targetsOf(root, view, notation) {
  const sending = [...root.querySelectorAll(`[data-move="${CSS.escape(notation)}"]`)];
  if (sending.length) return /** @type {HTMLElement[]} */ (sending);
  const action = (view.legal_actions || []).find((a) => a.notation === notation);
  if (!action) return [];
  const steps = /** @type {HTMLElement[]} */ ([...root.querySelectorAll("[data-step]")]);
  return steps.filter((node) => leadsTo(node, /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (action))));
}

/**
 * Mark the elements to click (class `learn-target`) for `notations` of `view`, after removing older marks.
 * @param {HTMLElement} root
 * @param {BaseView | null} view
 * @param {string[]} notations
 * @returns {HTMLElement[]}  the marked elements
 */
export function markTargets(root, view, notations) {
  for (const node of root.querySelectorAll(`.${TARGET}`)) node.classList.remove(TARGET);
  if (!view) return [];
  const found = notations.flatMap((n) => targetsOf(root, view, n));
  for (const node of found) node.classList.add(TARGET);
  return found;
}

/**
 * Bring the element to click into view and focus it.
 * @param {HTMLElement} root
 */
export function showTarget(root) {
  const target = /** @type {HTMLElement | null} */ (root.querySelector(`.${TARGET}`));
  target?.scrollIntoView({ block: "center", behavior: "smooth" });
  target?.focus({ preventScroll: true });
}
