// The in-page turn notice: permission asked only when turned on, a notification while the tab is hidden, the title
// blinking when notifications are off or refused, and nothing while the person looks at the page.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";

import { NOTIFY_KEY, TurnAlert, notifying, wantNotices } from "../../../src/ra/server/static/js/common/notify.js";

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

/** The browser's Notification, recording what was shown and how often permission was asked. */
class FakeNotification {
  /** @type {NotificationPermission} */
  static permission = "default";
  /** @type {NotificationPermission} */
  static answer = "granted";
  static asked = 0;
  /** @type {{title: string, body: string | undefined}[]} */
  static shown = [];

  static async requestPermission() {
    FakeNotification.asked += 1;
    FakeNotification.permission = FakeNotification.answer;
    return FakeNotification.answer;
  }

  /**
   * @param {string} title
   * @param {NotificationOptions} [options]
   */
  constructor(title, options) {
    FakeNotification.shown.push({ title, body: options?.body });
    /** @type {(() => void) | null} */
    this.onclick = null;
    this.closed = false;
  }

  close() {
    this.closed = true;
  }
}

/** A document whose visibility the test sets. */
class FakeDocument extends EventTarget {
  constructor() {
    super();
    this.hidden = true;
    this.title = "● Your turn — Ra";
  }

  /** @param {boolean} hidden */
  show(hidden) {
    this.hidden = hidden;
    this.dispatchEvent(new Event("visibilitychange"));
  }
}

const g = /** @type {any} */ (globalThis);

describe("turn notices in the page", () => {
  beforeEach(() => {
    FakeNotification.permission = "default";
    FakeNotification.answer = "granted";
    FakeNotification.asked = 0;
    FakeNotification.shown = [];
    g.window = globalThis;
    g.Notification = FakeNotification;
  });
  afterEach(() => {
    delete g.Notification;
    delete g.window;
  });

  it("asks the browser's permission only when turned on, and remembers the answer", async () => {
    const local = new FakeStorage();
    assert.equal(notifying(local), false);
    assert.equal(FakeNotification.asked, 0);
    assert.equal(await wantNotices(local, true), true);
    assert.equal(FakeNotification.asked, 1);
    assert.equal(local.getItem(NOTIFY_KEY), "1");
    assert.equal(notifying(local), true);
    assert.equal(await wantNotices(local, false), false);
    assert.equal(notifying(local), false);
    assert.equal(FakeNotification.asked, 1);
  });

  it("stays off when the browser refuses", async () => {
    FakeNotification.answer = "denied";
    const local = new FakeStorage();
    assert.equal(await wantNotices(local, true), false);
    assert.equal(local.getItem(NOTIFY_KEY), "0");
    assert.equal(notifying(local), false);
  });

  it("shows a notification while the tab is hidden, none while the person looks", async () => {
    const local = new FakeStorage();
    await wantNotices(local, true);
    const doc = new FakeDocument();
    const alert = new TurnAlert(local, /** @type {Document} */ (/** @type {unknown} */ (doc)));
    alert.turnCame("Ra", doc.title);
    assert.deepEqual(FakeNotification.shown, [{ title: "Your turn", body: "It is your turn at Ra." }]);
    assert.equal(alert.blinking, null);
    const shown = /** @type {FakeNotification} */ (/** @type {unknown} */ (alert.shown));
    doc.show(false); // the person comes back: the notification goes
    assert.equal(shown.closed, true);
    alert.turnCame("Ra", doc.title);
    assert.equal(FakeNotification.shown.length, 1);
  });

  it("blinks the title instead when notifications are off, until the person looks", () => {
    const doc = new FakeDocument();
    const alert = new TurnAlert(new FakeStorage(), /** @type {Document} */ (/** @type {unknown} */ (doc)));
    alert.turnCame("Ra", doc.title);
    assert.equal(FakeNotification.shown.length, 0);
    assert.notEqual(alert.blinking, null);
    doc.title = "○ Your turn"; // mid-blink
    doc.show(false);
    assert.equal(alert.blinking, null);
    assert.equal(doc.title, "● Your turn — Ra");
  });
});
