// Where a Ra action is on the board, for the replay's analysis to draw a better move there and for the table's hint
// (a replay's spectator board marks no legal action, so the action is found by its notation):
// draw → the bag, ra → the statue, bid:N → the seat's sun disk N, god:KIND → the auction track's tile of that
// kind, lose:KIND → the seat's tile of that kind, pass → the seat's chip in the auction panel, done → the panel.

/** @typedef {import("../../common/types.js").BaseView} BaseView */

/**
 * The board's elements the action `notation` of `seat` concerns (none for a notation it does not know).
 * @param {HTMLElement} root  the board root
 * @param {BaseView} _view  the position the action was chosen in (the board shows it)
 * @param {number} seat
 * @param {string} notation
 * @returns {HTMLElement[]}
 */
export function whereIs(root, _view, seat, notation) {
  const [kind, arg = ""] = notation.split(":");
  const player = `.players > [data-seat="${seat}"]`;
  const value = CSS.escape(arg);
  /** @type {Record<string, string>} */
  const places = {
    draw: ".bag-button",
    ra: ".ra-statue",
    bid: `${player} .disk[data-disk="${value}"]`,
    god: `.auction-track .tile[data-kind="${value}"]`,
    lose: `${player} .tile[data-kind="${value}"]`,
    pass: ".auction-panel .bid-chip.acting",
    done: ".decision",
  };
  const selector = places[kind];
  if (!selector) return [];
  const node = /** @type {HTMLElement | null} */ (root.querySelector(selector));
  return node ? [node] : [];
}
