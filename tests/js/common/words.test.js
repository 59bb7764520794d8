// The browser's helpers for words in the reader's language: the picker's cookie and address, nodes placed inside
// a whole message, and the move log's texts rendered for the reader.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { place, slot, t, useCatalogs } from "../../../src/ra/server/static/js/common/i18n.js";
import { addressFor, languageCookie } from "../../../src/ra/server/static/js/common/language.js";
import { entryLines } from "../../../src/ra/server/static/js/common/move_log.js";

const GERMAN = {
  language: "de",
  part: "web",
  plural: { one: 0, other: 1 },
  messages: {
    "Your move: {move}": "{move} ist dein Zug",
    "{player} draws a tile.": "{player} zieht ein Plättchen.",
    "You draw a tile.": "Du ziehst ein Plättchen.",
    "  The epoch ends.": "  Die Epoche endet.",
    "seat\u0004Player {number}": "Spieler {number}",
  },
};

describe("the language picker", () => {
  it("keeps the choice a year for the whole site", () => {
    assert.equal(languageCookie("zh-Hans"), "ra_lang=zh-Hans; Path=/; Max-Age=31536000; SameSite=Lax");
  });

  it("loads the same page, with the new lang only where the address had one", () => {
    assert.equal(addressFor("http://x/t/abc#log", "de"), "http://x/t/abc#log");
    assert.equal(addressFor("http://x/learn/ra?delay=0&lang=en", "de"), "http://x/learn/ra?delay=0&lang=de");
  });
});

describe("place", () => {
  it("puts nodes where the translation has their slots", () => {
    useCatalogs("de", [GERMAN]);
    const node = { node: "strong" };
    const pieces = place(t("Your move: {move}", { move: slot("move") }), { move: /** @type {any} */ (node) });
    assert.deepEqual(pieces, [node, " ist dein Zug"]);
    useCatalogs("en", []);
    assert.deepEqual(place(t("Your move: {move}", { move: slot("move") }), { move: "x" }), ["Your move: ", "x"]);
  });
});

describe("entryLines", () => {
  const draws = { m: "{player} draws a tile.", p: { player: { seat: 1, name: "Old name" } }, you: { m: "You draw a tile." }, s: 1 };
  const view = /** @type {any} */ ({ game: "ra", viewer: 0, num_players: 2, names: ["Ana", "Ben"], phase: "play", legal_actions: [] });

  it("renders the engine's texts for the reader: current names, their own seat in the second person", () => {
    useCatalogs("de", [GERMAN]);
    const lines = ["Old name draws a tile.", "  The epoch ends."];
    const entry = { seq: 1, player: 1, name: "Old name", notation: "draw", text: lines[0], lines, said: [draws, { m: "  The epoch ends." }], draws: [] };
    assert.deepEqual(entryLines(entry, view), ["Ben zieht ein Plättchen.", "  Die Epoche endet."]);
    assert.deepEqual(entryLines(entry, { ...view, viewer: 1 }), ["Du ziehst ein Plättchen.", "  Die Epoche endet."]);
  });

  it("takes plain strings from an older server, and falls back to the notation", () => {
    useCatalogs("de", [GERMAN]);
    /** @param {object} entry an older server's entry, without the fields it did not send @returns {any} */
    const older = (entry) => entry;
    assert.deepEqual(entryLines(older({ seq: 1, player: 0, notation: "draw", lines: ["Ana draws."] }), view), ["Ana draws."]);
    assert.deepEqual(entryLines(older({ seq: 1, player: 1, notation: "draw" }), { ...view, names: [] }), ["Spieler 2: draw"]);
    useCatalogs("en", []);
  });
});
