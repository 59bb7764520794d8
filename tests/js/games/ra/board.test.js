// Ra: the turn in words and the hint, read from the view and its legal actions alone.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { MoveMarks, markMove } from "../../../../src/ra/server/static/js/common/moves.js";
import { describeTurn, turnHint } from "../../../../src/ra/server/static/js/games/ra/board.js";

/** @typedef {import("../../../../src/ra/server/static/js/games/ra/view_types.js").RaView} RaView */
/** @typedef {import("../../../../src/ra/server/static/js/games/ra/view_types.js").RaLegalAction} RaLegalAction */

/**
 * @param {Partial<RaView> & {stand_ins?: number[]}} fields  a view's fields (`stand_ins`: the server's)
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

/** @type {RaLegalAction[]} */
const BIDS = [
  { id: 2, notation: "pass", kind: "pass" },
  { id: 16, notation: "bid:13", kind: "bid", disk: 13 },
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
    assert.deepEqual(describeTurn(view({ legal_actions: TURN })), { text: "Your turn: draw a tile, invoke Ra or spend a god", mine: true });
    assert.equal(describeTurn(view({ current_player: 1 })).text, "Bob's turn: drawing a tile, invoking Ra or spending a god");
  });

  it("never says \"Your turn\" while a bot plays the viewer's seat for them", () => {
    const turn = describeTurn(view({ stand_ins: [0] }));
    assert.deepEqual(turn, { text: "Ann's turn: drawing a tile, invoking Ra or spending a god", mine: false });
    const auction = describeTurn(view({ stand_ins: [0], phase: "auction", auction: /** @type {any} */ ({ high_bid: null, high_bidder: null }) }));
    assert.equal(auction.text, "Auction: Ann is bidding — no bid yet");
  });

  it("names the high bid of an auction and the winners at the end", () => {
    const auction = { kind: "invoked_nonfull", ra_player: 2, high_bid: 9, high_bidder: 2, bids: [], to_act: 1 };
    assert.equal(describeTurn(view({ phase: "auction", current_player: 1, auction })).text,
      "Auction: Bob is bidding — the high bid is Cleo's sun disk 9");
    const result = { scores: [30, 30, 12], winners: [0, 1], tie_break: false, disk_totals: [] };
    assert.deepEqual(describeTurn(view({ phase: "over", current_player: null, result, viewer: null })), { text: "Game over — Ann and Bob win", mine: false });
    // The viewer's own seat takes "you" and its verb, never "You wins" (issue 31, item 1).
    assert.equal(describeTurn(view({ phase: "over", current_player: null, result })).text, "Game over — you and Bob win");
    const alone = { ...result, winners: [0] };
    assert.equal(describeTurn(view({ phase: "over", current_player: null, result: alone })).text, "Game over — you win");
    assert.equal(describeTurn(view({ phase: "auction", current_player: 0, auction, legal_actions: BIDS })).text,
      "Auction: your bid — beat Cleo's sun disk 9 or pass");
  });

  // Every line the status bar can show in each phase (issue 31, item 10): the viewer's own decision reads as what
  // to do ("Auction: your bid — …"), never as a statement glued to a clause ("You bid: Ra was invoked on a full
  // track (no bid yet)"), and another seat's decision never tells the viewer what to do.
  it("reads as a whole sentence for every phase, for the mover and for the others", () => {
    const fresh = { kind: "invoked_full", ra_player: 0, high_bid: null, high_bidder: null, bids: [], to_act: 0 };
    const forced = { kind: "invoked_nonfull", ra_player: 0, high_bid: null, high_bidder: null, bids: [], to_act: 0 };
    const mineHigh = { kind: "ra_drawn", ra_player: 2, high_bid: 12, high_bidder: 0, bids: [], to_act: 1 };
    const lines = {
      yourFirstBid: describeTurn(view({ phase: "auction", auction: fresh, legal_actions: BIDS })).text,
      yourForcedBid: describeTurn(view({ phase: "auction", auction: forced, legal_actions: BIDS.slice(1) })).text,
      yourOnlyPass: describeTurn(view({ phase: "auction", auction: { ...mineHigh, high_bidder: 1, to_act: 0 }, legal_actions: BIDS.slice(0, 1) })).text,
      theirFirstBid: describeTurn(view({ phase: "auction", current_player: 1, auction: { ...fresh, to_act: 1 } })).text,
      theirBidOverYours: describeTurn(view({ phase: "auction", current_player: 1, auction: mineHigh })).text,
      yourGods: describeTurn(view({ phase: "gods", legal_actions: [{ id: 3, notation: "done", kind: "done" }] })).text,
      theirGods: describeTurn(view({ phase: "gods", current_player: 2 })).text,
      yourLosses: describeTurn(view({ phase: "disaster", disaster: { player: 0, war: 2, earthquake: 0, after: 1 }, legal_actions: [] })).text,
      theirLosses: describeTurn(view({ phase: "disaster", current_player: 1, disaster: { player: 1, war: 0, earthquake: 1, after: 2 } })).text,
    };
    assert.deepEqual(lines, {
      yourFirstBid: "Auction: your bid — no bid yet; bid a sun disk or pass",
      yourForcedBid: "Auction: everyone else passed, so you must bid one of your sun disks",
      yourOnlyPass: "Auction: your bid — no sun disk of yours beats Bob's 12; pass",
      theirFirstBid: "Auction: Bob is bidding — no bid yet",
      theirBidOverYours: "Auction: Bob is bidding — your sun disk 12 is the high bid",
      yourGods: "You are spending gods: take another tile with a god, or stop",
      theirGods: "Cleo is spending gods on tiles of the auction track",
      yourLosses: "You choose the tiles to lose: 2 civilization tiles (War)",
      theirLosses: "Bob is choosing the tiles to lose: 1 monument (Earthquake)",
    });
    for (const line of Object.values(lines)) {
      assert.doesNotMatch(line, /^You bid:|\(no bid yet\)|\(high bid/, line);
    }
    for (const line of [lines.theirFirstBid, lines.theirBidOverYours, lines.theirGods, lines.theirLosses]) {
      assert.doesNotMatch(line, /\b(take|finish|pass|bid one)\b/, `another seat's line tells the viewer what to do: ${line}`);
    }
  });
});

describe("turnHint", () => {
  it("lists only what the legal actions allow", () => {
    assert.equal(turnHint(view({}), new MoveMarks(TURN)),
      "Draw from the bag, invoke Ra with the statue or choose a tile on the auction track to take it with a god.");
    assert.equal(turnHint(view({}), new MoveMarks(TURN.slice(1, 2))), "No drawing now. Invoke Ra with the statue.");
    assert.equal(turnHint(view({ viewer: null }), new MoveMarks([])), "You are watching.");
  });

  it("waits for the viewer's own seat in the second person, never by its name", () => {
    const mine = view({ names: ["You", "Bob", "Cleo"] }); // a tutorial's learner is named "You"
    assert.equal(turnHint(mine, new MoveMarks([])), "Waiting for you.");
    assert.equal(turnHint(view({ current_player: 1 }), new MoveMarks([])), "Waiting for Bob.");
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
