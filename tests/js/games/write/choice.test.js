// RA and Write: legal actions sorted into decisions, sheet keys, and one board's half-made choice.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { Choice, bySpace, decisions, keyOf, leadsTo } from "../../../../src/ra/server/static/js/games/write/choice.js";

/** @typedef {import("../../../../src/ra/server/static/js/games/write/view_types.js").WriteLegalAction} WriteLegalAction */

/**
 * A legal-action entry as the view gives it.
 * @param {number} id
 * @param {string} notation
 * @param {Partial<WriteLegalAction>} fields
 * @returns {WriteLegalAction}
 */
const action = (id, notation, fields) => ({
  id, notation, kind: "card", card: null, section: null, space: null, number: null, type: null, lost: false, ...fields,
});

const CARDS = [
  action(1, "card1", { card: 1, section: "monuments", space: 1, type: "temple" }),
  action(22, "card3>god1", { card: 3, section: "gods", space: 1, number: 7 }),
  action(23, "card3>god2", { card: 3, section: "gods", space: 2, number: 7 }),
  action(2, "card2", { card: 2, section: "nile", lost: true }),
];
const NILE_BONUS = [4, 5, 6].map((n) => action(200 + n, `bonus>nile2=${n}`, { kind: "bonus", section: "nile", space: 2, number: n }));

/**
 * A view with these legal actions for seat 0.
 * @param {WriteLegalAction[]} legal
 * @param {number} [turn]
 * @param {string | null} [pending]
 */
const view = (legal, turn = 5, pending = null) => /** @type {import("../../../../src/ra/server/static/js/games/write/view_types.js").WriteView} */ (
  /** @type {unknown} */ ({ viewer: 0, turn, legal_actions: legal, players: [{ seat: 0, status: "x", card: null, pending_bonus: pending }] }));

describe("keyOf", () => {
  it("names the space an action writes to", () => {
    assert.equal(keyOf(CARDS[0]), "m1:temple");
    assert.equal(keyOf(CARDS[1]), "g1");
    assert.equal(keyOf(action(9, "card1>civ:new", { card: 1, section: "civilization", space: 3, type: "art" })), "c3:art");
    assert.equal(keyOf(action(9, "bonus>pharaoh", { kind: "bonus", section: "pharaohs", space: 4 })), "p4");
    assert.equal(keyOf(CARDS[3]), null, "a lost card writes nowhere");
    assert.equal(keyOf(action(0, "reveal", { kind: "reveal" })), null);
  });
});

describe("leadsTo", () => {
  /**
   * A first-step element as the board draws it (only its data attributes matter).
   * @param {Record<string, string>} dataset
   */
  const step = (dataset) => /** @type {HTMLElement} */ (/** @type {unknown} */ ({ dataset }));

  it("leads a face-up card to the actions taking it", () => {
    assert.equal(leadsTo(step({ step: "card", slot: "3" }), CARDS[1]), true);
    assert.equal(leadsTo(step({ step: "card", slot: "1" }), CARDS[1]), false);
    assert.equal(leadsTo(step({ step: "card", slot: "1" }), action(0, "reveal", { kind: "reveal" })), false, "no card");
  });

  it("leads a Nile space to the numbers it offers", () => {
    assert.equal(leadsTo(step({ step: "n2" }), NILE_BONUS[0]), true);
    assert.equal(leadsTo(step({ step: "n3" }), NILE_BONUS[0]), false);
  });
});

describe("decisions", () => {
  it("sorts the legal actions by what they are for", () => {
    const d = decisions(view([action(0, "reveal", { kind: "reveal" })]));
    assert.equal(d.reveal?.notation, "reveal");
    assert.deepEqual(d.slots, []);
    const c = decisions(view(CARDS));
    assert.deepEqual(c.slots, [1, 2, 3]);
    assert.equal(c.cards.length, 4);
    const b = decisions(view([...NILE_BONUS, action(349, "decline", { kind: "decline", section: "nile" })], 5, "nile"));
    assert.equal(b.bonuses.length, 3);
    assert.equal(b.decline?.notation, "decline");
    assert.equal(b.pending, "nile");
  });

  it("groups actions by space", () => {
    const { byKey, loose } = bySpace([...CARDS, ...NILE_BONUS]);
    assert.deepEqual([...byKey.keys()], ["m1:temple", "g1", "g2", "n2"]);
    assert.equal(byKey.get("n2")?.length, 3);
    assert.deepEqual(loose.map((a) => a.notation), ["card2"]);
  });
});

describe("Choice", () => {
  it("selects the only card at once and forgets a choice at a new turn", () => {
    const choice = new Choice();
    const one = view(CARDS.filter((a) => a.card === 3));
    choice.sync(one, decisions(one));
    assert.equal(choice.slot, 3);
    assert.deepEqual([...choice.targets(decisions(one)).byKey.keys()], ["g1", "g2"]);
    const next = view(CARDS, 6);
    choice.sync(next, decisions(next));
    assert.equal(choice.slot, null, "a new turn starts with no card selected");
  });

  it("offers the selected card's spaces; a second click on it unselects it", () => {
    const choice = new Choice();
    const v = view(CARDS);
    const d = decisions(v);
    choice.sync(v, d);
    assert.equal(choice.slot, null);
    assert.equal(choice.targets(d).byKey.size, 0);
    choice.select(1);
    assert.deepEqual([...choice.targets(d).byKey.keys()], ["m1:temple"]);
    choice.select(2);
    assert.deepEqual(choice.targets(d).byKey.size, 0, "a lost card has no space");
    choice.select(2);
    assert.equal(choice.slot, null);
  });

  it("keeps a picked Nile space only while it is a target", () => {
    const choice = new Choice();
    const v = view(NILE_BONUS, 5, "nile");
    choice.sync(v, decisions(v));
    choice.pick = "n2";
    choice.sync(v, decisions(v));
    assert.equal(choice.pick, "n2");
    const w = view([action(3, "bonus>pharaoh", { kind: "bonus", section: "pharaohs", space: 1 })], 5, "pharaohs");
    choice.sync(w, decisions(w));
    assert.equal(choice.pick, null);
  });
});
