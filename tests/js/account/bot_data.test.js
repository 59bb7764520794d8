// The account page's Bots section, its pure parts: a token's request checked before it is sent, scopes and times in
// words, whether the account is one of its bots (js/account/bot_data.js).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { LABEL_MAX, SCOPES, isBot, scopeWord, tokenRequest, whenWords } from "../../../src/ra/server/static/js/account/bot_data.js";
import { useCatalogs } from "../../../src/ra/server/static/js/common/i18n.js";

describe("a bot's tokens", () => {
  it("asks for a trimmed label of 1 to 40 characters and the scopes ticked, in the form's order", () => {
    useCatalogs("en", []);
    assert.deepEqual(tokenRequest("  laptop ", ["read", "play"]), { label: "laptop", scopes: ["play", "read"] });
    assert.deepEqual(tokenRequest("x", ["read"]), { label: "x", scopes: ["read"] });
    assert.deepEqual(tokenRequest("😀".repeat(LABEL_MAX), ["play"]), { label: "😀".repeat(LABEL_MAX), scopes: ["play"] });
    assert.deepEqual(SCOPES, ["play", "read"]);
  });

  it("refuses an empty or long label and no scope, in words", () => {
    useCatalogs("en", []);
    assert.deepEqual(tokenRequest("   ", ["play"]), { error: "A token's label has 1 to 40 characters." });
    assert.ok("error" in tokenRequest("a".repeat(LABEL_MAX + 1), ["play"]));
    assert.deepEqual(tokenRequest("cli", []), { error: "Choose what the token may do: play, read or both." });
    assert.ok("error" in tokenRequest("cli", ["admin"])); // a scope the server does not know is not sent
  });

  it("names scopes in the reader's language, an unknown one as it came", () => {
    useCatalogs("de", [{ language: "de", part: "web", plural: { one: 0, other: 1 },
      messages: { "token scope\u0004play": "spielen", "token scope\u0004read": "lesen" } }]);
    assert.equal(scopeWord("play"), "spielen");
    assert.equal(scopeWord("read"), "lesen");
    assert.equal(scopeWord("admin"), "admin");
    useCatalogs("en", []);
    assert.equal(scopeWord("play"), "play");
  });

  it("shows a time the reader's way, and what is no time as it came", () => {
    useCatalogs("en", []);
    assert.equal(whenWords("2026-12-06T20:00:00+00:00"), new Date("2026-12-06T20:00:00+00:00").toLocaleString("en"));
    assert.equal(whenWords("soon"), "soon");
  });

  it("knows the account is a bot when its own player is among its bots", () => {
    const bots = [{ name: "Robo", player: "p1", tokens: [] }];
    assert.equal(isBot({ player: "p1" }, bots), true);
    assert.equal(isBot({ player: "p2" }, bots), false);
    assert.equal(isBot({ player: "p2" }, []), false);
  });
});
