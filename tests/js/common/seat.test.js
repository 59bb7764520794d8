// Seat tokens leave the address bar for this tab's sessionStorage; creator tokens stay in localStorage per table.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { createdTable, forgetSeat, rememberCreated, seatFromQuery, takeSeat } from "../../../src/ra/server/static/js/common/seat.js";

/** A Map-backed Storage. */
class FakeStorage {
  constructor() {
    /** @type {Map<string, string>} */
    this.items = new Map();
  }

  /** @param {string} key */
  getItem(key) {
    return this.items.get(key) ?? null;
  }

  /**
   * @param {string} key
   * @param {string} value
   */
  setItem(key, value) {
    this.items.set(key, value);
  }

  /** @param {string} key */
  removeItem(key) {
    this.items.delete(key);
  }
}

/** Records replaceState calls. */
class FakeHistory {
  constructor() {
    /** @type {string[]} */
    this.urls = [];
  }

  /**
   * @param {unknown} _data
   * @param {string} _unused
   * @param {string} url
   */
  replaceState(_data, _unused, url) {
    this.urls.push(url);
  }
}

describe("seatFromQuery", () => {
  it("reads ?seat=N&token=T and nothing else", () => {
    assert.deepEqual(seatFromQuery("?seat=2&token=abc"), { seat: 2, token: "abc" });
    assert.deepEqual(seatFromQuery("?seat=0"), { seat: 0, token: "" });
    assert.equal(seatFromQuery(""), null);
    assert.equal(seatFromQuery("?seat=-1&token=x"), null);
    assert.equal(seatFromQuery("?seat=1e3&token=x"), null);
  });
});

describe("takeSeat", () => {
  it("moves the token from the address bar into the tab's storage and survives a reload", () => {
    const session = new FakeStorage();
    const history = new FakeHistory();
    const first = takeSeat("T1", { search: "?seat=1&token=s3cret", pathname: "/t/T1", hash: "" }, session, history);
    assert.deepEqual(first, { seat: 1, token: "s3cret" });
    assert.deepEqual(history.urls, ["/t/T1"], "the address keeps no token");
    // The reload: no query any more, the same seat from sessionStorage.
    const again = takeSeat("T1", { search: "", pathname: "/t/T1", hash: "" }, session, history);
    assert.deepEqual(again, { seat: 1, token: "s3cret" });
    // Another table of the same tab is not that seat.
    assert.deepEqual(takeSeat("T2", { search: "", pathname: "/t/T2", hash: "" }, session, history), { seat: null, token: null });
    forgetSeat("T1", session);
    assert.deepEqual(takeSeat("T1", { search: "", pathname: "/t/T1", hash: "" }, session, history), { seat: null, token: null });
  });

  it("lets a new invite link replace the seat of the tab", () => {
    const session = new FakeStorage();
    takeSeat("T", { search: "?seat=0&token=a", pathname: "/t/T", hash: "" }, session, null);
    takeSeat("T", { search: "?seat=2&token=b", pathname: "/t/T", hash: "" }, session, null);
    assert.deepEqual(takeSeat("T", { search: "", pathname: "/t/T", hash: "" }, session, null), { seat: 2, token: "b" });
  });

  it("works without storage (a spectator after a reload)", () => {
    assert.deepEqual(takeSeat("T", { search: "?seat=0&token=a", pathname: "/t/T", hash: "" }, null, null), { seat: 0, token: "a" });
    assert.deepEqual(takeSeat("T", { search: "", pathname: "/t/T", hash: "" }, null, null), { seat: null, token: null });
  });
});

describe("created tables", () => {
  it("keeps the creator token and the creator's seat per table", () => {
    const local = new FakeStorage();
    assert.equal(createdTable(local, "T"), null);
    rememberCreated(local, "T", { creator: "c", mySeat: 0 });
    rememberCreated(local, "U", { creator: "d", mySeat: null });
    assert.deepEqual(createdTable(local, "T"), { creator: "c", mySeat: 0 });
    assert.deepEqual(createdTable(local, "U"), { creator: "d", mySeat: null });
    local.setItem("ra.created.V", "{not json");
    assert.equal(createdTable(local, "V"), null);
  });
});
