// The analysis's pure helpers, on a real analysis (tests/js/fixtures/ra_analysis.json, made by make_analysis.py from
// a 2-player Ra game of greedy bots): which decision a replay step shows, the next costly one, the progress, the
// graph's geometry.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

import {
  COSTLY, decisionAt, graphGeometry, isCostly, nextCostly, progressShare, tenths,
} from "../../../src/ra/server/static/js/replay/analysis_data.js";

/** @typedef {import("../../../src/ra/server/static/js/replay/analysis_data.js").GameAnalysis} GameAnalysis */

/** @type {GameAnalysis} */
const ANALYSIS = JSON.parse(readFileSync(new URL("../fixtures/ra_analysis.json", import.meta.url), "utf-8"));

describe("decisionAt", () => {
  it("finds the decision made at a step, and none where nobody had a choice", () => {
    const indexes = new Set(ANALYSIS.decisions.map((d) => d.index));
    const some = ANALYSIS.decisions[3];
    assert.equal(decisionAt(ANALYSIS, some.index), some);
    const forced = Array.from({ length: ANALYSIS.moves + 1 }, (_, i) => i).find((i) => !indexes.has(i));
    assert.notEqual(forced, undefined, "the fixture's game has a step without a decision (the end at least)");
    assert.equal(decisionAt(ANALYSIS, /** @type {number} */ (forced)), null);
  });
});

describe("nextCostly", () => {
  const costly = ANALYSIS.decisions.filter(isCostly).map((d) => d.index).sort((a, b) => a - b);

  it("steps from costly decision to costly decision, both ways", () => {
    assert.ok(costly.length >= 3, "the fixture has costly decisions");
    assert.equal(nextCostly(ANALYSIS, -1, 1)?.index, costly[0]);
    assert.equal(nextCostly(ANALYSIS, costly[0], 1)?.index, costly[1]);
    assert.equal(nextCostly(ANALYSIS, costly[1], -1)?.index, costly[0]);
    assert.equal(nextCostly(ANALYSIS, costly[costly.length - 1], 1), null);
    assert.equal(nextCostly(ANALYSIS, costly[0], -1), null);
  });
});

describe("the fixture agrees with its summaries", () => {
  it("counts each seat's classes as the decisions do", () => {
    for (const seat of ANALYSIS.seats) {
      const own = ANALYSIS.decisions.filter((d) => d.seat === seat.seat);
      for (const verdict of COSTLY) assert.equal(own.filter((d) => d.class === verdict).length, seat.counts[verdict]);
    }
  });
});

describe("progressShare", () => {
  it("is the share done, unknown before the count, whole once done", () => {
    assert.equal(progressShare({ status: "running", done: 37, total: 148 }), 0.25);
    assert.equal(progressShare({ status: "queued", done: 0, total: null }), null);
    assert.equal(progressShare({ status: "running", done: 5, total: 0 }), null);
    assert.equal(progressShare({ status: "done", done: 9, total: 9 }), 1);
    assert.equal(progressShare({ status: "running", done: 12, total: 10 }), 1);
  });
});

describe("graphGeometry", () => {
  it("puts zero inside, the highest margin at the top, the moves across", () => {
    const geo = graphGeometry(ANALYSIS, 600, 220, 20);
    assert.ok(geo.low <= 0 && geo.high >= 0);
    assert.equal(geo.y(geo.high), 20);
    assert.equal(geo.y(geo.low), 200);
    assert.equal(geo.x(0), 20);
    assert.equal(geo.x(ANALYSIS.moves), 580);
    assert.equal(graphGeometry(ANALYSIS, 600, 220, 20, 60).x(0), 60, "the left keeps room for the axis's words");
    assert.equal(geo.lines.length, ANALYSIS.players);
    for (const [seat, line] of geo.lines.entries()) {
      assert.equal(line.length, ANALYSIS.decisions.filter((d) => d.seat === seat).length);
      for (let i = 1; i < line.length; i += 1) assert.ok(line[i].x > line[i - 1].x, "left to right");
    }
  });

  it("draws a flat game (every margin 0) on a line, not NaN", () => {
    const flat = { ...ANALYSIS, decisions: ANALYSIS.decisions.slice(0, 2).map((d) => ({ ...d, chosen_lead: 0 })) };
    const geo = graphGeometry(flat, 100, 50, 10);
    assert.ok(Number.isFinite(geo.y(0)));
    assert.equal(geo.lines.flat().every((p) => p.y === geo.y(0)), true);
  });
});

describe("tenths", () => {
  it("keeps one decimal at most", () => {
    assert.equal(tenths(2.25), 2.3);
    assert.equal(tenths(3), 3);
    assert.equal(tenths(0.04), 0);
  });
});
