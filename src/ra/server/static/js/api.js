// The client side of docs/PROTOCOL.md: JSON over HTTP, and a WebSocket that survives network loss and server
// restarts. The server is the only source of truth: after any reconnect it sends a full "state" message, so the
// page never has to patch itself from partial information.

/** Error raised for a non-2xx answer; `message` is the server's own words ({"error": "..."}). */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function request(method, url, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data?.error || `${response.status} ${response.statusText}`);
  return data;
}

export const getJSON = (url) => request("GET", url);
export const postJSON = (url, body) => request("POST", url, body);

export const api = {
  meta: () => getJSON("/api/meta"),
  tables: (status) => getJSON(`/api/tables?status=${encodeURIComponent(status)}`),
  table: (id) => getJSON(`/api/tables/${encodeURIComponent(id)}`),
  create: (spec) => postJSON("/api/tables", spec),
  replay: (id) => getJSON(`/api/tables/${encodeURIComponent(id)}/replay`),
  rename: (id, seat, token, name) =>
    postJSON(`/api/tables/${encodeURIComponent(id)}/seats/${seat}/name`, { token, name }),
};

/** The seat and token of this page, from the invite link (?seat=N&token=T); null seat = spectator. */
export function seatFromLocation(loc = window.location) {
  const query = new URLSearchParams(loc.search);
  const seatText = query.get("seat");
  const seat = seatText !== null && /^\d+$/.test(seatText) ? Number(seatText) : null;
  return { seat, token: seat === null ? null : query.get("token") || "" };
}

/** The last path segment (/t/ID, /replay/ID). */
export function idFromPath(loc = window.location) {
  const parts = loc.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || "");
}

/**
 * A live connection to one table. Callbacks: onState(msg), onError(msg), onStatus("connecting"|"open"|"closed").
 * Reconnects with capped exponential backoff plus jitter, so a restarted server is not hammered by every tab at
 * the same instant. `seq` is the last seq seen; actions carry it so a stale click never applies twice.
 */
export class TableConnection {
  constructor(id, seat, token, handlers) {
    this.id = id;
    this.seat = seat;
    this.token = token;
    this.handlers = handlers;
    this.seq = null;
    this.socket = null;
    this.attempt = 0;
    this.closedByUs = false;
    this.pingTimer = null;
    this.retryTimer = null;
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    let url = `${scheme}://${window.location.host}/ws/${encodeURIComponent(this.id)}`;
    if (this.seat !== null) url += `?seat=${this.seat}&token=${encodeURIComponent(this.token)}`;
    return url;
  }

  connect() {
    this.closedByUs = false;
    clearTimeout(this.retryTimer);
    this.handlers.onStatus?.("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.handlers.onStatus?.("open");
      // A ping now and then keeps proxies from closing an idle socket and reveals a dead one sooner.
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 20000);
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return; // an older socket we already replaced
      clearInterval(this.pingTimer);
      this.handlers.onStatus?.("closed");
      // 4400–4499 closes mean the request itself was refused (no such table, bad token): retrying cannot help.
      if (this.closedByUs || (event.code >= 4400 && event.code < 4500)) return;
      this.scheduleReconnect();
    });
    // Errors are always followed by "close", which does the retrying.
    socket.addEventListener("error", () => {});
  }

  scheduleReconnect() {
    const delay = Math.min(8000, 400 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Reconnect now (e.g. the tab came back online) instead of waiting out the backoff. */
  reconnectNow() {
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    this.attempt = 0;
    this.connect();
  }

  receive(raw) {
    let msg;
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if (msg.type === "state") {
      this.seq = msg.seq;
      this.handlers.onState?.(msg);
    } else if (msg.type === "error") {
      this.handlers.onError?.(msg);
    }
  }

  send(msg) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  /** Send an action id with the seq we saw; false if offline (the caller tells the user). */
  act(actionId) {
    return this.send({ type: "action", seq: this.seq, action: actionId });
  }

  rename(name) {
    return this.send({ type: "rename", name });
  }

  close() {
    this.closedByUs = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
    this.socket?.close();
  }
}
