// The players' clocks on the page: counted down from the server's time, shown as people read times, in words.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { clockWords, formatLeft, paceWords, secondsLeft, seatState, timeoutWords } from "../../../src/ra/server/static/js/table/clocks.js";

describe("the players' clocks", () => {
  it("count a running clock down from the server's time, whatever the page's clock says", () => {
    const offset = 1000; // the server is 1000 s ahead of this page
    const pageNow = 5_000_000; // ms
    const ends = pageNow / 1000 + offset + 90;
    assert.equal(secondsLeft({ left: 300, ends }, offset, pageNow), 90);
    assert.equal(secondsLeft({ left: 300, ends }, offset, pageNow + 30_000), 60);
    assert.equal(secondsLeft({ left: 300, ends }, offset, pageNow + 900_000), 0); // never below zero
    assert.equal(secondsLeft({ left: 42.5, ends: null }, offset, pageNow), 42.5); // a stopped clock stands
  });

  it("show minutes and seconds, then hours, then days", () => {
    assert.equal(formatLeft(0), "0:00");
    assert.equal(formatLeft(65.2), "1:06");
    assert.equal(formatLeft(3 * 3600 + 5 * 60), "3 h 05 min");
    assert.equal(formatLeft(2 * 86400 + 4 * 3600), "2 d 4 h");
  });

  it("say the pace, the timeout and a seat's state in words", () => {
    assert.equal(paceWords({ kind: "live", bank: 300, increment: 10, timeout: "bot", level: "easy" }), "Live: 5:00 per player, +10 s a move.");
    assert.equal(paceWords({ kind: "turn", per_move: 86400, timeout: "bot", level: "easy" }), "Turn-based: 1 day a move.");
    assert.equal(paceWords({ kind: "turn", per_move: 3 * 86400, timeout: "bot", level: "easy" }), "Turn-based: 3 days a move.");
    assert.equal(paceWords({ kind: "turn", per_move: 3600, timeout: "bot", level: "easy" }), "Turn-based: 1 hour a move.");
    assert.match(timeoutWords("skip"), /skipped/);
    assert.match(timeoutWords("lose"), /loses/);
    assert.equal(seatState({ seat: 0, kind: "person", away: true, out: null }), "played by a bot while away");
    assert.equal(seatState({ seat: 0, kind: "person", away: false, out: "lost" }), "lost on time: a bot plays on");
    assert.equal(seatState({ seat: 0, kind: "person" }), "");
  });
  it("say what each shown time is: time left to move, the deadline, nothing for a turn-based seat not to move", () => {
    const offset = 0;
    const pageNow = 1_700_000_000_000;
    const ends = pageNow / 1000 + 3 * 3600;
    const moving = clockWords({ left: 86400, ends }, "turn", offset, pageNow);
    assert.equal(moving.text, "3 h 00 min left to move");
    const by = new Date(ends * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
    assert.ok(moving.title.includes(`to move by ${by}`), moving.title);
    assert.match(moving.title, /highlighted/); // the colour is explained
    // A turn-based seat not to move: its next move gets the whole allowance, so no "23 h 59 min" stands there.
    assert.deepEqual(clockWords({ left: 86340, ends: null }, "turn", offset, pageNow), { text: "", title: "" });
    const live = clockWords({ left: 245, ends: null }, "live", offset, pageNow);
    assert.equal(live.text, "4:05 left");
    assert.match(live.title, /runs while they are to move/);
    assert.equal(clockWords({ left: 245, ends: pageNow / 1000 + 65 }, "live", offset, pageNow).text, "1:05 left to move");
  });
});
