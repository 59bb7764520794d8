// The lobby's form is built from GET /api/meta: defaults, bots and option values.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { botChoices, defaultGame, defaultSeats, optionValue } from "../../../src/ra/server/static/js/lobby/form.js";

/** @type {import("../../../src/ra/server/static/js/common/types.js").GameMeta} */
const GAME = {
  name: "alpha",
  title: "Alpha",
  players: { minimum: 2, maximum: 5, default: 3 },
  options: [],
  bots: { kinds: ["random", "greedy"], levels: [{ name: "easy", spec: "greedy:epsilon=0.4", description: "easy one" }] },
};

describe("defaultGame", () => {
  it("is the first game in meta that this page can draw", () => {
    const meta = { games: [{ ...GAME, name: "beta" }, GAME] };
    assert.equal(defaultGame(meta, (g) => g === "alpha")?.name, "alpha");
    assert.equal(defaultGame(meta, () => true)?.name, "beta");
    assert.equal(defaultGame(meta, () => false)?.name, "beta");
    assert.equal(defaultGame({ games: [] }, () => true), null);
  });
});

describe("seats and bots", () => {
  it("offers the levels first, then the kinds", () => {
    assert.deepEqual(botChoices(GAME).map((c) => [c.group, c.value]), [
      ["Opponents", "easy"], ["Bare bots (for testing)", "random"], ["Bare bots (for testing)", "greedy"],
    ]);
  });

  it("starts with the viewer and bots, as many as the default player count", () => {
    assert.deepEqual(defaultSeats(GAME, "Ann"), [
      { kind: "person", name: "Ann" }, { kind: "bot", bot: "easy" }, { kind: "bot", bot: "easy" },
    ]);
    assert.equal(defaultSeats({ ...GAME, players: { minimum: 2, maximum: 4, default: 9 } }, "").length, 4);
  });
});

describe("optionValue", () => {
  /** @type {import("../../../src/ra/server/static/js/common/types.js").OptionSpec} */
  const int = ({ name: "n", kind: "int", default: 3, label: "Rounds", help: "", minimum: 1, maximum: 9 });
  it("reads ints within their bounds", () => {
    assert.deepEqual(optionValue(int, { checked: false, value: " 4 " }), { value: 4 });
    assert.deepEqual(optionValue(int, { checked: false, value: "0" }), { error: "Rounds: at least 1" });
    assert.deepEqual(optionValue(int, { checked: false, value: "10" }), { error: "Rounds: at most 9" });
    assert.deepEqual(optionValue(int, { checked: false, value: "2.5" }), { error: "Rounds: a whole number, please" });
  });

  it("reads bools and choices", () => {
    /** @type {import("../../../src/ra/server/static/js/common/types.js").OptionSpec} */
    const bool = ({ name: "b", kind: "bool", default: false, label: "B", help: "" });
    assert.deepEqual(optionValue(bool, { checked: true, value: "on" }), { value: true });
    /** @type {import("../../../src/ra/server/static/js/common/types.js").OptionSpec} */
    const choice = ({ name: "c", kind: "choice", default: "x", label: "C", help: "", choices: ["x", "y"] });
    assert.deepEqual(optionValue(choice, { checked: false, value: "y" }), { value: "y" });
    assert.ok("error" in optionValue(choice, { checked: false, value: "z" }));
  });
});
