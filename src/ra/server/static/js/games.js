// The board registry: game name (as in views, records and GET /api/meta) → its board module, loaded on demand.
// The one line a new game adds here, besides its folder js/games/<game>/ (the board and its generated view types);
// everything else about a game (title, options, players, bots) comes from GET /api/meta, and everything about a
// position from its view. A board module exports
//   createBoard(root, ctx) → {render(view, prev)}   (its state lives in the object, one per board)
//   rulesPanel()                                     the rules summary shown beside the table
// (the types are BoardModule and Board in js/common/types.js).

/** @typedef {import("./common/types.js").BoardModule} BoardModule */

/** @type {Record<string, () => Promise<BoardModule>>} */
const BOARDS = {
  ra: () => import("./games/ra/board.js"),
  write: () => import("./games/write/board.js"),
};

/**
 * True if this UI can draw `game`.
 * @param {string} game
 * @returns {boolean}
 */
export function canDraw(game) {
  return Object.hasOwn(BOARDS, game);
}

/**
 * The board module of `game`, or null if this UI cannot draw it.
 * @param {string} game
 * @returns {Promise<BoardModule> | null}
 */
export function loadBoard(game) {
  return canDraw(game) ? BOARDS[game]() : null;
}
