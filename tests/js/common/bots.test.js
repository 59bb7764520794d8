// A bot in the reader's words: its level or kind translated, its own name kept (js/common/bots.js).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

import { botLabel, shownName, seatNames } from "../../../src/ra/server/static/js/common/bots.js";
import { useCatalogs } from "../../../src/ra/server/static/js/common/i18n.js";

/**
 * The shipped catalog's own words (a .po file read for the messages these tests need).
 * @param {string} code
 * @param {string[]} wanted
 * @returns {import("../../../src/ra/server/static/js/common/i18n.js").Catalog}
 */
function shipped(code, wanted) {
  const po = readFileSync(new URL(`../../../src/ra/i18n/locale/${code}/web.po`, import.meta.url), "utf8");
  /** @type {Record<string, string>} */
  const messages = {};
  for (const [, context, id, text] of po.matchAll(/(?:msgctxt "([^"]*)"\n)?msgid "([^"]*)"\nmsgstr "([^"]*)"/g)) {
    const key = context ? `${context}\u0004${id}` : id;
    if (wanted.includes(key) && text) messages[key] = text;
  }
  return { language: code, part: "web", plural: { one: 0, other: 1 }, messages };
}

const KEYS = ["bot level\u0004easy", "bot kind\u0004greedy", "bot kind\u0004mcts", "{name} ({level})", "{name} (bot)"];

describe("bots", () => {
  it("names a level and a kind in the reader's language, their settings as typed", () => {
    useCatalogs("de", [shipped("de", KEYS)]);
    assert.equal(botLabel("easy"), "leicht");
    assert.equal(botLabel("greedy"), "gierig");
    assert.equal(botLabel("mcts:iterations=200"), "MCTS:iterations=200");
    assert.equal(botLabel("unknown"), "unknown");
    useCatalogs("zh-Hans", [shipped("zh-Hans", KEYS)]);
    assert.equal(botLabel("easy"), "简单");
  });

  it("shows a bot seat's own name with its level in words, and people's names as they are", () => {
    useCatalogs("de", [shipped("de", KEYS)]);
    const seats = [{ kind: "person", bot: null }, { kind: "bot", bot: "easy" }, { kind: "bot", bot: "greedy:seconds=1" }];
    assert.deepEqual(seatNames(["Ana (easy)", "Khufu (easy)", "Tiye"], seats), ["Ana (easy)", "Khufu (leicht)", "Tiye (gierig)"]);
    assert.equal(shownName("Khufu (easy)", undefined), "Khufu (easy)");
    useCatalogs("zh-Hans", [shipped("zh-Hans", KEYS)]);
    assert.equal(shownName("Khufu (easy)", seats[1]), "Khufu（简单）");
    useCatalogs("en", []);
    assert.equal(shownName("Khufu (easy)", seats[1]), "Khufu (easy)");
  });

  it("marks a bot account's seat as a bot, its name as it is, and a blank seat stays blank", () => {
    useCatalogs("de", [shipped("de", KEYS)]);
    const seats = [{ kind: "person", bot: null, account_bot: true }, { kind: "person", bot: null, account_bot: false }];
    assert.deepEqual(seatNames(["Robo (easy)", "Ana"], seats), ["Robo (easy) (Bot)", "Ana"]);
    assert.equal(shownName("", seats[0]), "");
    useCatalogs("en", []);
    assert.equal(shownName("Robo", seats[0]), "Robo (bot)");
  });
});
