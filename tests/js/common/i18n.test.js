// The browser's renderer of texts: catalogs, plural forms, the reader's own seat, lists and marked page words.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { fill, render, t, tn, tp, useCatalogs } from "../../../src/ra/server/static/js/common/i18n.js";

const GERMAN = {
  language: "de",
  part: "ra",
  plural: { one: 0, other: 1 },
  messages: {
    "{player} wins.": "{player} gewinnt.",
    "You win.": "Du gewinnst.",
    "{n} tile": ["{n} Plättchen", "{n} Plättchen (viele)"],
    "tile\u0004Gold": "Gold (Plättchen)",
  },
};

describe("i18n", () => {
  it("reads English from the ids themselves", () => {
    useCatalogs("en", []);
    assert.equal(tn("{n} tile", "{n} tiles", 1), "1 tile");
    assert.equal(tn("{n} tile", "{n} tiles", 4), "4 tiles");
    assert.equal(t("{a}", { a: { items: ["x", "y", "z"] } }), "x, y and z");
    assert.equal(t("{a}", { a: { items: [], empty: { m: "nothing" } } }), "nothing");
  });

  it("translates, picks plural forms and the reader's person", () => {
    useCatalogs("de", [GERMAN]);
    const wins = { m: "{player} wins.", p: { player: { seat: 1, name: "Ana" } }, you: { m: "You win." }, s: 1 };
    assert.equal(render(wins), "Ana gewinnt.");
    assert.equal(render(wins, { seat: 1 }), "Du gewinnst.");
    assert.equal(render(wins, { seat: 0, names: ["Bo", "Ana Maria"] }), "Ana Maria gewinnt.");
    assert.equal(tn("{n} tile", "{n} tiles", 1), "1 Plättchen");
    assert.equal(tn("{n} tile", "{n} tiles", 3), "3 Plättchen (viele)");
    assert.equal(tp("tile", "Gold"), "Gold (Plättchen)");
    assert.equal(t("Gold"), "Gold");
    assert.equal(t("{a} {b}", { a: { items: ["x", "y", "z"] }, b: 3.5 }), "x, y und z 3,5");
    assert.equal(t("untranslated {x}", { x: 2 }), "untranslated 2");
  });

  it("fills parameters, keeps braces and unknown names", () => {
    assert.equal(fill("{{x}} {a} {b}", { a: "1" }), "{x} 1 {b}");
  });
});
