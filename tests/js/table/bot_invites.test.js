// The creator's invitations of bot accounts: which bot was invited where (kept per table), and where each
// invitation stands from the seat's summary (js/table/bot_invites.js).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { inviteState, inviteWords, invitedBots, rememberInvited } from "../../../src/ra/server/static/js/table/bot_invites.js";
import { useCatalogs } from "../../../src/ra/server/static/js/common/i18n.js";

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

/**
 * A person seat's summary.
 * @param {number} seat
 * @param {Partial<{name: string, taken: boolean, account_bot: boolean}>} [more]
 */
const person = (seat, more = {}) => ({ seat, kind: /** @type {const} */ ("person"), name: "", bot: null, taken: false, ...more });

describe("inviting bot accounts", () => {
  it("keeps the bots invited per table and seat, the last one per seat", () => {
    const local = new FakeStorage();
    assert.deepEqual(invitedBots(local, "t1"), {});
    rememberInvited(local, "t1", 1, "Robo");
    rememberInvited(local, "t1", 2, "Ada");
    rememberInvited(local, "t1", 1, "Robo II");
    assert.deepEqual(invitedBots(local, "t1"), { 1: "Robo II", 2: "Ada" });
    assert.deepEqual(invitedBots(local, "t2"), {});
    local.setItem("ra.invited.t3", "not json");
    assert.deepEqual(invitedBots(local, "t3"), {});
    local.setItem("ra.invited.t4", JSON.stringify({ 1: 5, 2: "Ada" }));
    assert.deepEqual(invitedBots(local, "t4"), { 2: "Ada" });
    assert.deepEqual(invitedBots(null, "t1"), {}); // storage refused: nothing kept, nothing broken
  });

  it("says an invitation waits while the seat is free and is accepted once a bot account holds it", () => {
    useCatalogs("en", []);
    assert.deepEqual(inviteState(person(1), "Robo"), { state: "waiting", bot: "Robo" });
    assert.deepEqual(inviteState(person(1, { taken: true, account_bot: true, name: "Robo" }), "Robo"), { state: "accepted", bot: "Robo" });
    // Accepted before its program connects (the seat is not `taken` yet), and seen by a browser that did not invite.
    assert.deepEqual(inviteState(person(1, { account_bot: true, name: "Robo" }), undefined), { state: "accepted", bot: "Robo" });
    assert.deepEqual(inviteState(person(1, { taken: true, name: "Ann" }), "Robo"), { state: "none", bot: "" }); // someone else took it
    assert.deepEqual(inviteState(person(1), undefined), { state: "none", bot: "" });
    assert.equal(inviteWords({ state: "waiting", bot: "Robo" }), "Robo is invited: waiting for the bot to accept.");
    assert.equal(inviteWords({ state: "accepted", bot: "Robo" }), "Robo accepted the invitation: the seat is the bot's.");
    assert.equal(inviteWords({ state: "none", bot: "" }), "");
  });
});
