// The HTTP side of docs/PROTOCOL.md: JSON in, JSON out. Every POST sends Content-Type: application/json (the
// server refuses anything else, so a cross-site form cannot create tables).

/** @typedef {import("./types.js").Meta} Meta */
/** @typedef {import("./types.js").GameMeta} GameMeta */
/** @typedef {import("./types.js").TableSummary} TableSummary */
/** @typedef {import("./types.js").Created} Created */
/** @typedef {import("./types.js").InviteSeat} InviteSeat */
/** @typedef {import("./types.js").BaseView} BaseView */
/** @typedef {import("./types.js").LogEntry} LogEntry */
/** @typedef {import("./i18n.js").TextJson} TextJson */

import { render } from "./i18n.js";

/** Error raised for a non-2xx answer; `message` is the server's own words ({"error": "...", "text": text}), in the
 * page's language when the server sent them as a text. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.status = status;
  }

  /** True when the server's storage is down (503): worth retrying later, nothing was changed. */
  get unavailable() {
    return this.status === 503;
  }
}

/**
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function request(method, url, body) {
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  /** @type {any} */
  let data;
  try {
    data = await response.json();
  } catch {
    data = null; // an answer without a JSON body (a proxy's error page)
  }
  if (!response.ok) throw new ApiError(response.status, errorWords(data, response));
  return data;
}

/**
 * An error answer's words: its text in the reader's language, else its English, else the status.
 * @param {any} data
 * @param {{status: number, statusText: string}} response
 * @returns {string}
 */
export function errorWords(data, response) {
  const text = /** @type {TextJson | string | undefined} */ (data?.text);
  if (text && (typeof text === "string" || typeof text.m === "string")) return render(text);
  return data?.error || `${response.status} ${response.statusText}`;
}

/** @param {string} id */
const tablePath = (id) => `/api/tables/${encodeURIComponent(id)}`;

export const api = {
  /**
   * Labels, help texts and titles in the page's language.
   * @returns {Promise<Meta>}
   */
  meta: () => request("GET", `/api/meta?lang=${encodeURIComponent(document.documentElement.lang || "en")}`),
  /**
   * @param {string} status
   * @returns {Promise<{tables: TableSummary[]}>}
   */
  tables: (status) => request("GET", `/api/tables?status=${encodeURIComponent(status)}`),
  /**
   * @param {{game: string, options: Record<string, unknown>, seats: object[], pace?: object}} spec
   * @returns {Promise<Created>}
   */
  create: (spec) => request("POST", "/api/tables", spec),
  /**
   * The invite links again, for the browser holding the table's creator token.
   * @param {string} id
   * @param {string} creator
   * @returns {Promise<{seats: InviteSeat[]}>}
   */
  invites: (id, creator) => request("POST", `${tablePath(id)}/invites`, { creator }),
  /**
   * Invite a bot account to a person seat nobody holds yet, by its name (the creator token proves the creator).
   * @param {string} id
   * @param {number} seat
   * @param {string} creator
   * @param {string} bot
   * @returns {Promise<{table: string, seat: number, bot: string}>}
   */
  inviteBot: (id, seat, creator, bot) => request("POST", `${tablePath(id)}/seats/${seat}/invite`, { creator, bot }),
  /**
   * @param {string} id
   * @returns {Promise<{steps: {seq: number, move: LogEntry | null, view: BaseView}[]}>}
   */
  replay: (id) => request("GET", `${tablePath(id)}/replay`),
  /**
   * A table's summary (docs/PROTOCOL.md).
   * @param {string} id
   * @returns {Promise<TableSummary>}
   */
  table: (id) => request("GET", tablePath(id)),
  /**
   * The analysis of a finished game: its status, and the analysis once done (docs/ANALYSIS.md).
   * @param {string} id
   * @returns {Promise<import("../replay/analysis_data.js").AnalysisState>}
   */
  analysis: (id) => request("GET", `${tablePath(id)}/analysis`),
  /**
   * Ask for the analysis of a finished game (409 while the game runs); answers its status.
   * @param {string} id
   * @returns {Promise<import("../replay/analysis_data.js").AnalysisState>}
   */
  analyse: (id) => request("POST", `${tablePath(id)}/analysis`, {}),
  /**
   * @param {string} id
   * @param {number} seat
   * @param {string} token
   * @param {string} name
   * @returns {Promise<TableSummary>}
   */
  rename: (id, seat, token, name) => request("POST", `${tablePath(id)}/seats/${seat}/name`, { token, name }),
};

/**
 * The meta entry of `game`, or null if the server does not offer it.
 * @param {Meta | null} meta
 * @param {string} game
 * @returns {GameMeta | null}
 */
export function gameMeta(meta, game) {
  return meta?.games?.find((g) => g.name === game) ?? null;
}

/**
 * The last path segment (/t/ID, /replay/ID), decoded.
 * @param {string} pathname
 * @returns {string}
 */
export function idFromPath(pathname) {
  const parts = pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || "");
}
