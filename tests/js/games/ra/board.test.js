// Ra: the turn in words and the hint, read from the view and its legal actions alone.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { MoveMarks, markMove } from "../../../../src/ra/server/static/js/common/moves.js";
import { describeTurn, turnHint } from "../../../../src/ra/server/static/js/games/ra/board.js";

/** @typedef {import("../../../../src/ra/server/static/js/games/ra/view_types.js").RaView} RaView */
/** @typedef {import("../../../../src/ra/server/static/js/games/ra/view_types.js").RaLegalAction} RaLegalAction */

/**
 * @param {Partial<RaView>} fields
 * @returns {RaView}
 */
const view = (fields) => /** @type {RaView} */ (/** @type {unknown} */ ({
  viewer: 0, num_players: 3, names: ["Ann", "Bob", "Cleo"], phase: "turn", current_player: 0, legal_actions: [], ...fields,
}));

/** @type {RaLegalAction[]} */
const TURN = [
  { id: 0, notation: "draw", kind: "draw" },
  { id: 1, notation: "ra", kind: "invoke" },
  { id: 24, notation: "god:pharaoh", kind: "god", tile: "pharaoh" },
];

/** An element stand-in with what markMove touches. */
class FakeNode {
  constructor() {
    this.tagName = "SPAN";
    /** @type {Record<string, string>} */
    this.dataset = {};
    /** @type {Record<string, string>} */
    this.attributes = {};
    /** @type {Set<string>} */
    const classes = new Set();
    this.classList = { add: (/** @type {string} */ c) => classes.add(c), has: (/** @type {string} */ c) => classes.has(c) };
  }

  /**
   * @param {string} name
   * @param {string} value
   */
  setAttribute(name, value) {
    this.attributes[name] = value;
  }
}

describe("describeTurn", () => {
  it("speaks to the viewer when it is their move", () => {
    assert.deepEqual(describeTurn(view({ legal_actions: TURN })), { text: "You draw a tile, invoke Ra or spend gods", mine: true });
    assert.equal(describeTurn(view({ current_player: 1 })).text, "Bob draws a tile, invokes Ra or spends gods");
  });

  it("names the high bid of an auction and the winners at the end", () => {
    const auction = { kind: "invoked_nonfull", ra_player: 2, high_bid: 9, high_bidder: 2, bids: [], to_act: 1 };
    assert.equal(describeTurn(view({ phase: "auction", current_player: 1, auction })).text,
      "Bob is bidding: Ra was invoked (high bid 9 by Cleo)");
    const result = { scores: [30, 30, 12], winners: [0, 1], tie_break: false, disk_totals: [] };
    assert.deepEqual(describeTurn(view({ phase: "over", current_player: null, result, viewer: null })), { text: "Game over — Ann and Bob win", mine: false });
    // The viewer's own seat takes "you" and its verb, never "You wins" (issue 31, item 1).
    assert.equal(describeTurn(view({ phase: "over", current_player: null, result })).text, "Game over — you and Bob win");
    const alone = { ...result, winners: [0] };
    assert.equal(describeTurn(view({ phase: "over", current_player: null, result: alone })).text, "Game over — you win");
    assert.equal(describeTurn(view({ phase: "auction", current_player: 0, auction, legal_actions: [] })).text,
      "You bid: Ra was invoked (high bid 9 by Cleo)");
  });
});

describe("turnHint", () => {
  it("lists only what the legal actions allow", () => {
    assert.equal(turnHint(view({}), new MoveMarks(TURN)),
      "Draw from the bag, invoke Ra with the statue or choose a tile on the auction track to take it with a god.");
    assert.equal(turnHint(view({}), new MoveMarks(TURN.slice(1, 2))), "No drawing now. Invoke Ra with the statue.");
    assert.equal(turnHint(view({ viewer: null }), new MoveMarks([])), "You are watching.");
  });
});

describe("MoveMarks", () => {
  it("marks an element per legal action and lists the ones left over", () => {
    const marks = new MoveMarks(TURN);
    const bag = /** @type {HTMLElement} */ (/** @type {unknown} */ (new FakeNode()));
    marks.mark(bag, (a) => a.kind === "draw");
    assert.equal(bag.dataset.move, "draw");
    const nothing = /** @type {HTMLElement} */ (/** @type {unknown} */ (new FakeNode()));
    marks.mark(nothing, (a) => a.kind === "pass");
    assert.equal(nothing.dataset.move, undefined, "no legal pass: not clickable");
    marks.reachable([TURN[2]]);
    assert.deepEqual(marks.rest().map((a) => a.notation), ["ra"]);
    const statue = /** @type {HTMLElement} */ (/** @type {unknown} */ (new FakeNode()));
    markMove(statue, "ra");
    assert.equal(statue.dataset.move, "ra");
  });
});
