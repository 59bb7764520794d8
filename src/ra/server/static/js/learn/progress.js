// What a browser remembers of the tutorials, in localStorage: per game the step to resume at, the furthest step
// reached (the steps up to it may be revisited in any order) and whether the tutorial was finished once; and
// whether the learner steps through the other players' moves by hand.

/** @typedef {import("../common/seat.js").StorageLike} StorageLike */

/** @typedef {{step: number, reached: number, finished: boolean}} Progress */

const KEY = "ra.learn.";
const MANUAL_KEY = "ra.learn-manual";

/**
 * @param {unknown} value
 * @param {number} steps
 * @returns {number}  an index of a step: 0 for anything else
 */
function stepIndex(value, steps) {
  return Number.isInteger(value) && /** @type {number} */ (value) >= 0 && /** @type {number} */ (value) < steps
    ? /** @type {number} */ (value) : 0;
}

/**
 * The saved progress of `game` (of `steps` steps); a fresh start where nothing (or nothing sound) is saved.
 * @param {StorageLike | null} local
 * @param {string} game
 * @param {number} steps
 * @returns {Progress}
 */
export function loadProgress(local, game, steps) {
  /** @type {any} */
  let saved;
  try {
    saved = JSON.parse(local?.getItem(KEY + game) ?? "null");
  } catch {
    saved = null; // unreadable: a fresh start
  }
  const reached = stepIndex(saved?.reached, steps);
  const step = Math.min(stepIndex(saved?.step, steps), reached);
  return { step, reached, finished: saved?.finished === true };
}

/**
 * @param {StorageLike | null} local
 * @param {string} game
 * @param {Progress} progress
 */
export function saveProgress(local, game, progress) {
  try {
    local?.setItem(KEY + game, JSON.stringify(progress));
  } catch {
    // Private mode or a full quota: the tutorial still works for this visit.
  }
}

/**
 * @param {StorageLike | null} local
 * @returns {boolean}  true when the learner plays the others' moves one click at a time
 */
export function manualMode(local) {
  return local?.getItem(MANUAL_KEY) === "1";
}

/**
 * @param {StorageLike | null} local
 * @param {boolean} manual
 */
export function setManualMode(local, manual) {
  try {
    local?.setItem(MANUAL_KEY, manual ? "1" : "0");
  } catch {
    // not kept: a setting of this visit only
  }
}

/**
 * The pause between the other players' moves, in ms: `?delay=N` (0–5000; the tests use 0), else `fallback`.
 * @param {string} search
 * @param {number} fallback
 * @returns {number}
 */
export function delayFrom(search, fallback) {
  const text = new URLSearchParams(search).get("delay");
  if (text === null || !/^\d{1,4}$/.test(text)) return fallback;
  return Math.min(Number(text), 5000);
}
