// The WebSocket side of docs/PROTOCOL.md: a connection to one table that survives network loss and server
// restarts, sends actions by notation with the last seq seen, and retries an action the server could not save
// (error "unavailable": its storage is down, nothing was applied). The server is the only source of truth: after
// any reconnect it sends a full "state" message, so the page never patches itself from partial information. The
// one exception is the log, which only grows: a socket opened with `log=tail` gets only the entries it lacks, and
// the connection keeps the whole log (`keptLog`).

/** @typedef {import("../common/types.js").StateMessage} StateMessage */
/** @typedef {import("../common/types.js").ErrorMessage} ErrorMessage */
/** @typedef {import("../common/types.js").HintMessage} HintMessage */
/** @typedef {import("../common/types.js").ExplainMessage} ExplainMessage */
/** @typedef {import("../common/types.js").LogEntry} LogEntry */

/** Close codes 4400–4499: the request itself was refused (no such table, bad token); retrying cannot help. */
const REFUSED = [4400, 4500];

/**
 * Capped exponential backoff with ±25 % jitter, so a restarted server is not hammered by every tab at once.
 * @param {number} attempt  0 for the first retry
 * @param {() => number} [random]
 * @param {number} [base]  ms
 * @param {number} [cap]  ms
 * @returns {number} ms
 */
export function backoffDelay(attempt, random = Math.random, base = 400, cap = 8000) {
  return Math.min(cap, base * 2 ** attempt) * (0.75 + random() * 0.5);
}

/**
 * True once `log` shows a move of `seat` after `seq`, i.e. an action sent at `seq` has landed.
 * @param {LogEntry[] | undefined} log
 * @param {number | null} seat
 * @param {number | null} seq
 * @returns {boolean}
 */
export function landed(log, seat, seq) {
  return (log || []).some((entry) => entry.player === seat && entry.seq > (seq ?? -1));
}

/**
 * The socket URL of a table for a seat (null: spectator). With `fallback`, a seat link the server refuses makes
 * the page a spectator instead of closing (the server says why first). With `ask`, state messages come without
 * their explanation: the page asks for it when it shows it (`TableConnection.explain`). With `tail`, they carry only
 * the log entries the page has not had (`keptLog`).
 * @param {{protocol: string, host: string}} loc
 * @param {string} id
 * @param {number | null} seat
 * @param {string | null} token
 * @param {boolean} [fallback]
 * @param {boolean} [ask]
 * @param {boolean} [tail]
 * @returns {string}
 */
export function socketUrl(loc, id, seat, token, fallback = false, ask = false, tail = false) {
  const scheme = loc.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${loc.host}/ws/${encodeURIComponent(id)}`;
  const query = seat === null ? [] : [`seat=${seat}`, `token=${encodeURIComponent(token ?? "")}`];
  if (seat !== null && fallback) query.push("fallback=spectator");
  if (ask) query.push("explain=ask");
  if (tail) query.push("log=tail");
  return query.length ? `${url}?${query.join("&")}` : url;
}

/**
 * @typedef {object} Handlers
 * @property {(msg: StateMessage) => void} [onState]
 * @property {(msg: ErrorMessage, retrying: boolean) => void} [onError]  retrying: the action will be sent again
 * @property {(status: "connecting" | "open" | "closed") => void} [onStatus]
 * @property {(msg: HintMessage) => void} [onHint]
 * @property {(msg: ExplainMessage) => void} [onExplain]
 */

/**
 * The subset of WebSocket this class uses (a fake one in the unit tests).
 * @typedef {object} SocketLike
 * @property {number} readyState
 * @property {(data: string) => void} send
 * @property {() => void} close
 * @property {(type: string, listener: (event: any) => void) => void} addEventListener
 */
/**
 * The whole log after a state message: its entries from `log_from` on replace those the client kept from there
 * (a server that sends the whole log says 0, or nothing).
 * @param {LogEntry[]} kept
 * @param {StateMessage} msg
 * @returns {LogEntry[]}
 */
export function keptLog(kept, msg) {
  const from = msg.log_from ?? 0;
  return from > 0 ? kept.slice(0, from).concat(msg.log ?? []) : msg.log ?? [];
}

const OPEN = 1;

/** A live connection to one table; `seq` is the last seq seen, `seat` null for a spectator. */
export class TableConnection {
  /**
   * @param {string} url  from socketUrl()
   * @param {number | null} seat
   * @param {Handlers} handlers
   * @param {(url: string) => SocketLike} [createSocket]
   */
  constructor(url, seat, handlers, createSocket = (u) => new WebSocket(u)) {
    this.url = url;
    this.seat = seat;
    this.handlers = handlers;
    this.createSocket = createSocket;
    /** @type {number | null} */
    this.seq = null;
    /** @type {SocketLike | null} */
    this.socket = null;
    this.attempt = 0;
    this.closedByUs = false;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.pingTimer = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.retryTimer = undefined;
    /** The action sent last, until it is seen in the log or answered by an error other than "unavailable". */
    /** @type {{type: "action", seq: number | null, move: string} | null} */
    this.outbox = null;
    this.resends = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.resendTimer = undefined;
    this.resendOnState = false;
    /** @type {LogEntry[]} the whole log as of the last state message */
    this.log = [];
  }

  /** Open the socket (again). */
  connect() {
    this.closedByUs = false;
    clearTimeout(this.retryTimer);
    this.handlers.onStatus?.("connecting");
    const socket = this.createSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.handlers.onStatus?.("open");
      // A ping now and then keeps proxies from closing an idle socket and reveals a dead one sooner.
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 20000);
    });
    socket.addEventListener("message", (event) => this.receive(String(event.data)));
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return; // an older socket we already replaced
      clearInterval(this.pingTimer);
      clearTimeout(this.resendTimer);
      this.resendTimer = undefined;
      // An action still in flight is looked at again when the next state arrives.
      this.resendOnState = this.outbox !== null;
      this.handlers.onStatus?.("closed");
      const code = Number(event.code);
      if (this.closedByUs || (code >= REFUSED[0] && code < REFUSED[1])) return;
      this.retryTimer = setTimeout(() => this.connect(), backoffDelay(this.attempt));
      this.attempt += 1;
    });
    // Errors are always followed by "close", which does the retrying.
    socket.addEventListener("error", () => {});
  }

  /** Reconnect now (e.g. the tab came back online) instead of waiting out the backoff. */
  reconnectNow() {
    if (this.socket && this.socket.readyState <= OPEN) return;
    this.attempt = 0;
    this.connect();
  }

  /** @param {string} raw */
  receive(raw) {
    /** @type {any} */
    let msg;
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if (msg?.type === "state") this.onState(/** @type {StateMessage} */ (msg));
    else if (msg?.type === "error") this.onError(/** @type {ErrorMessage} */ (msg));
    else if (msg?.type === "hint") this.handlers.onHint?.(/** @type {HintMessage} */ (msg));
    else if (msg?.type === "explain") this.handlers.onExplain?.(/** @type {ExplainMessage} */ (msg));
  }

  /** @param {StateMessage} msg */
  onState(msg) {
    this.seq = msg.seq;
    this.log = msg.log = keptLog(this.log, msg);
    const out = this.outbox;
    const reconnected = this.resendOnState;
    this.resendOnState = false;
    if (out && landed(msg.log, this.seat, out.seq)) this.settle();
    else if (out && reconnected) {
      // The socket dropped while an action was in flight and it has not landed: send it again if it is still a
      // choice of this view (its seq keeps it from ever applying twice), else forget it.
      if ((msg.view.legal_actions || []).some((a) => a.notation === out.move)) this.send(out);
      else this.settle();
    }
    this.handlers.onState?.(msg);
  }

  /** @param {ErrorMessage} msg */
  onError(msg) {
    const retrying = msg.code === "unavailable" && this.outbox !== null;
    if (retrying) {
      clearTimeout(this.resendTimer);
      this.resendTimer = setTimeout(() => {
        this.resendTimer = undefined;
        if (this.outbox) this.send(this.outbox);
      }, backoffDelay(this.resends, Math.random, 1000, 10000));
      this.resends += 1;
    } else {
      this.settle();
    }
    this.handlers.onError?.(msg, retrying);
  }

  /** Forget the action in flight: it landed, or the server refused it for good. */
  settle() {
    this.outbox = null;
    this.resends = 0;
    clearTimeout(this.resendTimer);
    this.resendTimer = undefined;
  }

  /**
   * @param {object} msg
   * @returns {boolean} false if the socket is not open
   */
  send(msg) {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  /**
   * Send an action by notation with the seq we saw; false if offline (the caller tells the user).
   * @param {string} move
   * @returns {boolean}
   */
  act(move) {
    this.settle();
    const msg = /** @type {const} */ ({ type: "action", seq: this.seq, move });
    if (!this.send(msg)) return false;
    this.outbox = msg;
    return true;
  }

  /**
   * Take back this seat's last action, as offered by the state of `seq` (answered by the next state, or an error).
   * @param {number} seq
   * @returns {boolean} false if the socket is not open
   */
  undo(seq) {
    this.settle();
    return this.send({ type: "undo", seq });
  }

  /**
   * @param {string} name
   * @returns {boolean}
   */
  rename(name) {
    return this.send({ type: "rename", name });
  }

  /**
   * Ask what the hard bot would play for this seat (answered by a "hint" message).
   * @returns {boolean}
   */
  hint() {
    return this.send({ type: "hint" });
  }

  /**
   * Ask for the explanation of this page's view (answered by an "explain" message for the table's newest seq).
   * @returns {boolean}
   */
  explain() {
    return this.send({ type: "explain" });
  }

  /**
   * Go on as a spectator at `url` (the server refused this page's seat link and lets it watch).
   * @param {string} url
   */
  watch(url) {
    this.url = url;
    this.seat = null;
    this.settle();
  }

  /** Close for good (no reconnect). */
  close() {
    this.closedByUs = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
    this.settle();
    this.socket?.close();
  }
}
