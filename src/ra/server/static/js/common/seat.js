// Secrets kept by the browser. A seat's token arrives in the invite link (?seat=N&token=T); the table page moves
// it into sessionStorage (this tab, this table) and takes it out of the address bar and history, so it is not
// shown, bookmarked or shared by accident, and a reload still finds it. The creator token of a table (it recovers
// the table's invite links) stays in this browser's localStorage, per table.

/**
 * The subset of Storage used here (a Map-backed fake in the unit tests).
 * @typedef {object} StorageLike
 * @property {(key: string) => string | null} getItem
 * @property {(key: string, value: string) => void} setItem
 * @property {(key: string) => void} removeItem
 */

/** @typedef {{seat: number | null, token: string | null}} SeatToken */

const SEAT_KEY = "ra.seat.";
const CREATED_KEY = "ra.created.";

/**
 * Read a JSON item; null when absent or unreadable (storage can be disabled or full: never fatal).
 * @param {StorageLike | null} storage
 * @param {string} key
 * @returns {any}
 */
export function readJSON(storage, key) {
  try {
    return JSON.parse(storage?.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

/**
 * @param {StorageLike | null} storage
 * @param {string} key
 * @param {unknown} value
 */
export function writeJSON(storage, key, value) {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the page still works for this visit.
  }
}

/**
 * The seat and token of a query string (?seat=N&token=T), or null if it names no seat.
 * @param {string} search
 * @returns {SeatToken | null}
 */
export function seatFromQuery(search) {
  const query = new URLSearchParams(search);
  const seatText = query.get("seat");
  if (seatText === null || !/^\d+$/.test(seatText)) return null;
  return { seat: Number(seatText), token: query.get("token") || "" };
}

/**
 * This page's seat: from the address (then stored and removed from it), else the one stored for this table in
 * this tab, else a spectator.
 * @param {string} tableId
 * @param {{search: string, pathname: string, hash: string}} loc
 * @param {StorageLike | null} session  sessionStorage
 * @param {{replaceState: (data: unknown, unused: string, url: string) => void} | null} history
 * @returns {SeatToken}
 */
export function takeSeat(tableId, loc, session, history) {
  const fromUrl = seatFromQuery(loc.search);
  if (fromUrl) {
    writeJSON(session, SEAT_KEY + tableId, fromUrl);
    history?.replaceState(null, "", loc.pathname + loc.hash);
    return fromUrl;
  }
  const saved = readJSON(session, SEAT_KEY + tableId);
  if (saved && Number.isInteger(saved.seat) && typeof saved.token === "string") {
    return { seat: saved.seat, token: saved.token };
  }
  return { seat: null, token: null };
}

/**
 * Forget this tab's seat of a table (its token was refused).
 * @param {string} tableId
 * @param {StorageLike | null} session
 */
export function forgetSeat(tableId, session) {
  try {
    session?.removeItem(SEAT_KEY + tableId);
  } catch {
    // nothing to forget
  }
}

/**
 * What this browser keeps of a table it created: the creator token and which seat is the creator's own.
 * @typedef {{creator: string, mySeat: number | null}} CreatedTable
 */

/**
 * @param {StorageLike | null} local  localStorage
 * @param {string} tableId
 * @param {CreatedTable} created
 */
export function rememberCreated(local, tableId, created) {
  writeJSON(local, CREATED_KEY + tableId, created);
}

/**
 * @param {StorageLike | null} local
 * @param {string} tableId
 * @returns {CreatedTable | null}
 */
export function createdTable(local, tableId) {
  const saved = readJSON(local, CREATED_KEY + tableId);
  if (!saved || typeof saved.creator !== "string") return null;
  return { creator: saved.creator, mySeat: Number.isInteger(saved.mySeat) ? saved.mySeat : null };
}

/**
 * The storage object of `name`, or null where the browser refuses it (e.g. cookies blocked).
 * @param {"localStorage" | "sessionStorage"} name
 * @returns {StorageLike | null}
 */
export function storage(name) {
  try {
    return window[name];
  } catch {
    return null;
  }
}
