// The rating plot's geometry: points spread over the width, the highest rating at the top margin.

import assert from "node:assert/strict";
import { test } from "node:test";

import { linePoints } from "../../../src/ra/server/static/js/common/plot.js";

test("points run left to right, the best rating highest", () => {
  const { points, low, high } = linePoints([10, 20, 15], 100, 50, 10);
  assert.deepEqual(points, [[10, 40], [50, 10], [90, 25]]);
  assert.equal(low, 10);
  assert.equal(high, 20);
});

test("one game or equal ratings still make a drawable line", () => {
  assert.deepEqual(linePoints([5], 100, 50, 10).points, [[10, 40]]);
  assert.deepEqual(linePoints([3, 3], 100, 50, 10).points, [[10, 40], [90, 40]]);
});
