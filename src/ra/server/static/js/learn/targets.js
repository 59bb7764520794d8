// What to click in a tutorial step: the board's elements for the step's highlighted notations. The boards mark
// every legal action's element with `data-move` (its notation); a choice made in two clicks starts with a local
// first step (`data-step`, docs/UI.md): RA and Write's face-up card, then a space of the sheet; a Nile bonus's
// space, then a number. When no element sends the notation yet, the first steps leading to it are the target:
// which those are, the game's board module tells (`leadsTo`); a game without first steps has none.

/** @typedef {import("../common/types.js").BaseView} BaseView */
/** @typedef {import("../common/types.js").BoardModule} BoardModule */
/** @typedef {NonNullable<BoardModule["leadsTo"]>} LeadsTo */

const TARGET = "learn-target";

/**
 * The elements of `root` to click for the legal action `notation` of `view`: those sending it, else the first
 * steps leading to it.
 * @param {HTMLElement} root
 * @param {BaseView} view
 * @param {string} notation
 * @param {LeadsTo | undefined} leadsTo  the board module's, if its game has first steps
 * @returns {HTMLElement[]}
 */
export function targetsOf(root, view, notation, leadsTo) {
  const sending = [...root.querySelectorAll(`[data-move="${CSS.escape(notation)}"]`)];
  if (sending.length) return /** @type {HTMLElement[]} */ (sending);
  const action = (view.legal_actions || []).find((a) => a.notation === notation);
  if (!action || !leadsTo) return [];
  const steps = /** @type {HTMLElement[]} */ ([...root.querySelectorAll("[data-step]")]);
  return steps.filter((node) => leadsTo(node, action));
}

/**
 * Mark the elements to click (class `learn-target`) for `notations` of `view`, after removing older marks.
 * @param {HTMLElement} root
 * @param {BaseView | null} view
 * @param {string[]} notations
 * @param {LeadsTo | undefined} leadsTo  the board module's, if its game has first steps
 * @returns {HTMLElement[]}  the marked elements
 */
export function markTargets(root, view, notations, leadsTo) {
  for (const node of root.querySelectorAll(`.${TARGET}`)) node.classList.remove(TARGET);
  if (!view) return [];
  const found = notations.flatMap((n) => targetsOf(root, view, n, leadsTo));
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
