// The table connection: backoff, the socket URL, sending by notation, retrying an unsaved action, reconnecting.
import assert from "node:assert/strict";
import { beforeEach, afterEach, describe, it, mock } from "node:test";

import { TableConnection, backoffDelay, keptLog, landed, socketUrl } from "../../../src/ra/server/static/js/table/connection.js";

/** A stand-in for a browser WebSocket: records what is sent, lets the test fire its events. */
class FakeSocket {
  /** @param {string} url */
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    /** @type {any[]} */
    this.sent = [];
    /** @type {Record<string, ((event: any) => void)[]>} */
    this.listeners = {};
  }

  /** @param {string} data */
  send(data) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.fire("close", { code: 1000 });
  }

  /**
   * @param {string} type
   * @param {(event: any) => void} listener
   */
  addEventListener(type, listener) {
    (this.listeners[type] ??= []).push(listener);
  }

  /**
   * @param {string} type
   * @param {any} event
   */
  fire(type, event = {}) {
    if (type === "open") this.readyState = 1;
    if (type === "close") this.readyState = 3;
    for (const listener of this.listeners[type] ?? []) listener(event);
  }

  /** @param {any} msg */
  receive(msg) {
    this.fire("message", { data: JSON.stringify(msg) });
  }
}

/**
 * @param {number} seq
 * @param {string[]} legal
 * @param {{seq: number, player: number}[]} [log]
 */
const state = (seq, legal, log = []) => ({
  type: "state", seq, log: log.map((e) => ({ ...e, notation: "x" })),
  view: { game: "g", viewer: 0, num_players: 2, names: [], phase: "p", legal_actions: legal.map((n, id) => ({ id, notation: n })) },
});

/** A connection for seat 0 over fake sockets; `sockets` lists every socket it opened. */
function connection() {
  /** @type {FakeSocket[]} */
  const sockets = [];
  /** @type {any[]} */
  const events = [];
  const conn = new TableConnection("ws://h/ws/t?seat=0&token=x", 0, {
    onState: (msg) => events.push(["state", msg.seq]),
    onError: (msg, retrying) => events.push(["error", msg.code, retrying]),
    onStatus: (status) => events.push(["status", status]),
  }, (url) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  });
  return { conn, sockets, events };
}

describe("backoffDelay", () => {
  it("doubles from the base, is capped and jittered by ±25 %", () => {
    assert.equal(backoffDelay(0, () => 0.5), 400);
    assert.equal(backoffDelay(3, () => 0.5), 3200);
    assert.equal(backoffDelay(10, () => 0.5), 8000);
    assert.equal(backoffDelay(0, () => 0), 300);
    assert.equal(backoffDelay(0, () => 1), 500);
    assert.equal(backoffDelay(2, () => 0.5, 1000, 10000), 4000);
  });
});

describe("socketUrl", () => {
  it("uses wss under https and carries seat and token only for a seat", () => {
    assert.equal(socketUrl({ protocol: "https:", host: "a.b" }, "T 1", null, null), "wss://a.b/ws/T%201");
    assert.equal(socketUrl({ protocol: "http:", host: "h:8" }, "t", 2, "a&b"), "ws://h:8/ws/t?seat=2&token=a%26b");
  });

  it("asks for the log's new entries only with `tail`", () => {
    assert.equal(socketUrl({ protocol: "http:", host: "h" }, "t", null, null, false, true, true), "ws://h/ws/t?explain=ask&log=tail");
  });
});

describe("keptLog", () => {
  const entry = (/** @type {number} */ seq) => ({ seq, player: 0, name: "Ana", notation: `m${seq}`, text: "", draws: [] });
  /** @param {number} from @param {any[]} log @returns {any} */
  const state = (from, log) => ({ type: "state", seq: 3, view: {}, log_from: from, log });

  it("appends the entries from log_from on to those kept before it", () => {
    assert.deepEqual(keptLog([entry(1), entry(2)], state(2, [entry(3)])), [entry(1), entry(2), entry(3)]);
    assert.deepEqual(keptLog([entry(1), entry(2), entry(3)], state(1, [entry(2), entry(3)])), [entry(1), entry(2), entry(3)]);
  });

  it("takes a whole log (log_from 0, or a server that does not say) as it is", () => {
    assert.deepEqual(keptLog([entry(1), entry(2)], state(0, [entry(1)])), [entry(1)]);
    /** @type {any} an older server's state: no log_from */
    const older = { type: "state", seq: 2, view: {}, log: [entry(1), entry(2)] };
    assert.deepEqual(keptLog([entry(1)], older), [entry(1), entry(2)]);
  });
});

describe("landed", () => {
  it("is true once the log shows a move of the seat after the seq", () => {
    const log = [{ seq: 4, player: 1, name: "Ben", notation: "a", text: "", draws: [] }, { seq: 5, player: 0, name: "Ana", notation: "b", text: "", draws: [] }];
    assert.equal(landed(log, 0, 4), true);
    assert.equal(landed(log, 0, 5), false);
    assert.equal(landed(log, 1, 4), false);
    assert.equal(landed(undefined, 0, 0), false);
  });
});

describe("TableConnection", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setTimeout", "setInterval"] }));
  afterEach(() => mock.timers.reset());

  it("sends actions by notation with the last seq seen", () => {
    const { conn, sockets } = connection();
    assert.equal(conn.act("draw"), false, "nothing is sent before the socket is open");
    conn.connect();
    sockets[0].fire("open");
    sockets[0].receive(state(7, ["draw", "ra"]));
    assert.equal(conn.act("draw"), true);
    assert.deepEqual(sockets[0].sent, [{ type: "action", seq: 7, move: "draw" }]);
  });

  it("sends an undo with the seq of the state that offered it, never as an action to resend", () => {
    const { conn, sockets } = connection();
    assert.equal(conn.undo(3), false, "nothing is sent before the socket is open");
    conn.connect();
    sockets[0].fire("open");
    sockets[0].receive(state(4, ["draw"]));
    assert.equal(conn.undo(4), true);
    assert.deepEqual(sockets[0].sent, [{ type: "undo", seq: 4 }]);
    assert.equal(conn.outbox, null);
  });

  it("retries an action the server could not save until it lands", () => {
    const { conn, sockets, events } = connection();
    conn.connect();
    const socket = sockets[0];
    socket.fire("open");
    socket.receive(state(3, ["bid:5"]));
    conn.act("bid:5");
    socket.receive({ type: "error", code: "unavailable", message: "storage down" });
    assert.deepEqual(events.at(-1), ["error", "unavailable", true]);
    mock.timers.tick(1500);
    assert.equal(socket.sent.length, 2, "sent again after the backoff");
    assert.deepEqual(socket.sent[1], { type: "action", seq: 3, move: "bid:5" });
    socket.receive({ type: "error", code: "unavailable", message: "storage down" });
    mock.timers.tick(2600);
    assert.equal(socket.sent.length, 3, "and again, a little later");
    socket.receive(state(4, [], [{ seq: 4, player: 0 }]));
    assert.equal(conn.outbox, null, "settled once the move is in the log");
    mock.timers.tick(60000);
    assert.equal(socket.sent.filter((m) => m.type === "action").length, 3, "no retry after it landed");
  });

  it("gives up on an action the server refused for good", () => {
    const { conn, sockets, events } = connection();
    conn.connect();
    sockets[0].fire("open");
    sockets[0].receive(state(1, ["pass"]));
    conn.act("pass");
    sockets[0].receive({ type: "error", code: "illegal", message: "no" });
    assert.deepEqual(events.at(-1), ["error", "illegal", false]);
    assert.equal(conn.outbox, null);
    mock.timers.tick(60000);
    assert.equal(sockets[0].sent.filter((m) => m.type === "action").length, 1);
  });

  it("reconnects with backoff, but not after a refusal", () => {
    const { conn, sockets, events } = connection();
    conn.connect();
    sockets[0].fire("open");
    sockets[0].fire("close", { code: 1006 });
    assert.deepEqual(events.at(-1), ["status", "closed"]);
    mock.timers.tick(600);
    assert.equal(sockets.length, 2, "a new socket after the backoff");
    sockets[1].fire("close", { code: 4403 });
    mock.timers.tick(60000);
    assert.equal(sockets.length, 2, "a refused socket is not retried");
  });

  it("sends an action in flight again after a reconnect if it did not land and is still legal", () => {
    const { conn, sockets } = connection();
    conn.connect();
    sockets[0].fire("open");
    sockets[0].receive(state(2, ["card1"]));
    conn.act("card1");
    sockets[0].fire("close", { code: 1006 });
    mock.timers.tick(600);
    sockets[1].fire("open");
    sockets[1].receive(state(2, ["card1"]));
    assert.deepEqual(sockets[1].sent, [{ type: "action", seq: 2, move: "card1" }]);
    // Had it landed, nothing would be sent again.
    conn.act("card1");
    sockets[1].fire("close", { code: 1006 });
    mock.timers.tick(600);
    sockets[2].fire("open");
    sockets[2].receive(state(3, [], [{ seq: 3, player: 0 }]));
    assert.deepEqual(sockets[2].sent, []);
  });

  it("closes for good when asked", () => {
    const { conn, sockets } = connection();
    conn.connect();
    sockets[0].fire("open");
    conn.close();
    mock.timers.tick(60000);
    assert.equal(sockets.length, 1);
  });
});
