// The board module of each game, by the name views carry in `view.game`. Used by the table, replay and lobby
// pages. A board module exports:
//   GAME_TITLE                 the game's display name ("Ra")
//   render(root, view, ctx)    draw the view into root; ctx = {prev: previous view or null, nameNode(seat)}
//   rulesPanel()               an element with the rules summary
//   actionIdFor(notation)      optional: the id of a non-legal click, so the engine can explain why not
//   moveText(move, view)       optional: a replay step's move in words
// Elements that stand for an action carry data-notation, plus data-action-id when legal (js/table.js sends them).
export const GAMES = {
  ra: () => import("./ra_board.js"),
  write: () => import("./write_board.js"),
};
