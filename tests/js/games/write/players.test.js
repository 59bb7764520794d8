// RA and Write: who holds the deck, in the person form that fits the reader.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { slot } from "../../../../src/ra/server/static/js/common/i18n.js";
import { deckHolder } from "../../../../src/ra/server/static/js/games/write/players.js";

/** @typedef {import("../../../../src/ra/server/static/js/games/write/view_types.js").WriteView} WriteView */

/**
 * @param {Record<string, unknown>} fields
 * @returns {WriteView}
 */
const view = (fields) => /** @type {WriteView} */ (/** @type {unknown} */ ({
  viewer: 0, num_players: 2, names: ["Ann", ""], active_player: 0, legal_actions: [], ...fields,
}));

describe("deckHolder", () => {
  it("says \"held by you\" to the viewer who holds it, never a name in the second person", () => {
    assert.deepEqual(deckHolder(view({})), { text: "held by you", name: null });
  });

  it("names another holder, a seat nobody named by its default, and the viewer a bot plays for", () => {
    const named = { text: `held by ${slot("player")}` };
    assert.deepEqual(deckHolder(view({ active_player: 1 })), { ...named, name: "Player 2" });
    assert.deepEqual(deckHolder(view({ viewer: null })), { ...named, name: "Ann" });
    assert.deepEqual(deckHolder(view({ stand_ins: [0] })), { ...named, name: "Ann" });
  });
});
