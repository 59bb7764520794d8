// A Gods total frozen when its Kingdom was scored reads as such (issue 31, item 11): "12 = 0" is said, not left.

import { describe, it } from "node:test";
import assert from "node:assert/strict";

import { frozen } from "../../../../src/ra/server/static/js/games/write/sheet.js";

describe("frozen", () => {
  it("tells a total that no longer adds up its spaces from one that does", () => {
    assert.equal(frozen({ spaces: [12, null, null], total: 0 }), true);
    assert.equal(frozen({ spaces: [4, 5, 8], total: 9 }), true);
    assert.equal(frozen({ spaces: [4, 5, null], total: 9 }), false);
    assert.equal(frozen({ spaces: [4, null, null], total: null }), false);
  });
});
