// Where an action is on the board (the analysis draws a better move there), for both games: a fake board root
// answers every selector, so the test reads which elements each notation asks for.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { whereIs as raWhere } from "../../../src/ra/server/static/js/games/ra/where.js";
import { targetOf, whereIs as writeWhere } from "../../../src/ra/server/static/js/games/write/where.js";

/** @typedef {import("../../../src/ra/server/static/js/common/types.js").BaseView} BaseView */
/** @typedef {import("../../../src/ra/server/static/js/games/write/view_types.js").WriteView} WriteView */

// node has no CSS.escape; the notations' arguments need none.
Object.assign(globalThis, { CSS: { escape: (/** @type {string} */ s) => s } });

/**
 * A board root whose querySelector finds what `present` matches, and remembers every selector asked.
 * @param {(selector: string) => boolean} [present]
 */
function fakeRoot(present = () => true) {
  /** @type {string[]} */
  const asked = [];
  const root = /** @type {HTMLElement} */ (/** @type {unknown} */ ({
    querySelector: (/** @type {string} */ selector) => {
      asked.push(selector);
      return present(selector) ? { selector } : null;
    },
  }));
  return { root, asked };
}

/**
 * @param {HTMLElement[]} nodes
 * @returns {string[]}
 */
const selectors = (nodes) => nodes.map((n) => /** @type {{selector: string}} */ (/** @type {unknown} */ (n)).selector);

const RA_VIEW = /** @type {BaseView} */ (/** @type {unknown} */ ({ game: "ra" }));

describe("Ra: whereIs", () => {
  it("finds each kind of move on its part of the board", () => {
    const { root } = fakeRoot();
    assert.deepEqual(selectors(raWhere(root, RA_VIEW, 1, "draw")), [".bag-button"]);
    assert.deepEqual(selectors(raWhere(root, RA_VIEW, 1, "ra")), [".ra-statue"]);
    assert.deepEqual(selectors(raWhere(root, RA_VIEW, 1, "bid:13")), ['.players > [data-seat="1"] .disk[data-disk="13"]']);
    assert.deepEqual(selectors(raWhere(root, RA_VIEW, 0, "god:flood")), ['.auction-track .tile[data-kind="flood"]']);
    assert.deepEqual(selectors(raWhere(root, RA_VIEW, 2, "lose:pyramid")), ['.players > [data-seat="2"] .tile[data-kind="pyramid"]']);
    assert.deepEqual(selectors(raWhere(root, RA_VIEW, 2, "pass")), [".auction-panel .bid-chip.acting"]);
  });

  it("finds nothing for an unknown notation or a missing element", () => {
    assert.deepEqual(raWhere(fakeRoot().root, RA_VIEW, 0, "juggle"), []);
    assert.deepEqual(raWhere(fakeRoot(() => false).root, RA_VIEW, 0, "draw"), []);
  });
});

const WRITE_VIEW = /** @type {WriteView} */ (/** @type {unknown} */ ({
  game: "write",
  layout: { kingdoms: ["old", "middle", "new"] },
  face_up: [{ slot: 1, kind: "civ", type: "art" }, { slot: 2, kind: "pharaoh", type: null }, { slot: 3, kind: "nile", type: null }],
}));

describe("RA and Write: targetOf", () => {
  it("turns a notation's target into the sheet's key or section", () => {
    assert.deepEqual(targetOf(WRITE_VIEW, 0, "god4", null), { key: "g4" });
    assert.deepEqual(targetOf(WRITE_VIEW, 0, "nile7", null), { key: "n7" });
    assert.deepEqual(targetOf(WRITE_VIEW, 0, "nile6=15", null), { key: "n6" });
    assert.deepEqual(targetOf(WRITE_VIEW, 0, "civ:middle", "art"), { key: "c2:art" });
    assert.deepEqual(targetOf(WRITE_VIEW, 0, "civ:new:religion", null), { key: "c3:religion" });
    assert.deepEqual(targetOf(WRITE_VIEW, 0, "monument:sphinx", null), { section: "monuments" });
    assert.deepEqual(targetOf(WRITE_VIEW, 0, "pharaoh", null), { section: "pharaohs" });
    assert.equal(targetOf(WRITE_VIEW, 0, "elsewhere", null), null);
    // A sheet's own lines decide (here seat 1's lines run the other way round).
    const turned = /** @type {WriteView} */ ({ ...WRITE_VIEW, sheets: [null, { civilization: [{ kingdom: "new" }, { kingdom: "middle" }, { kingdom: "old" }] }] });
    assert.deepEqual(targetOf(turned, 1, "civ:old", "art"), { key: "c3:art" });
  });
});

describe("RA and Write: whereIs", () => {
  it("shows a card and the space it writes to on the mover's sheet", () => {
    const { root } = fakeRoot();
    assert.deepEqual(selectors(writeWhere(root, WRITE_VIEW, 1, "card1>civ:old")),
      ['.w-card[data-slot="1"]', '.w-sheet[data-seat="1"] .ws-cell[data-key="c1:art"]']);
    assert.deepEqual(selectors(writeWhere(root, WRITE_VIEW, 0, "card3>nile12")),
      ['.w-card[data-slot="3"]', '.w-sheet[data-seat="0"] .ws-cell[data-key="n12"]']);
    assert.deepEqual(selectors(writeWhere(root, WRITE_VIEW, 0, "card2")),
      ['.w-card[data-slot="2"]', '.w-sheet[data-seat="0"] .ws-sec[data-section="pharaohs"]']);
  });

  it("shows a bonus entry's space, the deck for a reveal, the sheet for a decline", () => {
    const { root } = fakeRoot();
    assert.deepEqual(selectors(writeWhere(root, WRITE_VIEW, 1, "bonus>god7")), ['.w-sheet[data-seat="1"] .ws-cell[data-key="g7"]']);
    assert.deepEqual(selectors(writeWhere(root, WRITE_VIEW, 1, "reveal")), [".w-deck-button"]);
    assert.deepEqual(selectors(writeWhere(fakeRoot((s) => s !== ".w-deck-button").root, WRITE_VIEW, 1, "reveal")), [".w-deck"]);
    assert.deepEqual(selectors(writeWhere(root, WRITE_VIEW, 2, "decline")), ['.w-sheet[data-seat="2"]']);
  });
});
