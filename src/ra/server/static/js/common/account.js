// The signed-in player, for every page (docs/ACCOUNTS.md): the account API with its CSRF token, and the top bar's
// account link ("Sign in", or the name with "My games"). The session cookie is HttpOnly: scripts never see it; the
// CSRF token comes from the `ra_csrf` cookie and goes back in the X-CSRF-Token header of every change.

import { el, replaceChildren } from "./dom.js";
import { render, t } from "./i18n.js";

/**
 * @typedef {{name: string, player: string, created: string, has_email: boolean, email_verified?: boolean, csrf: string,
 *   kind?: "person" | "bot", sanction?: Sanction | null, roles?: string[]}} Account  `kind` bot: an account a program
 *   plays (docs/BOT_API.md); `sanction` a mute or ban in force, `roles` moderator/operator (docs/MODERATION.md)
 * @typedef {{kind: "mute" | "ban", until: string | null, reason: string, created: string}} Sanction
 * @typedef {import("./i18n.js").TextJson} TextJson
 */

/** An answer that is not a success: its status and the server's words (in the reader's language when it sent a text). */
export class AccountError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The CSRF token of this browser's session (from its cookie), or "". */
export function csrfToken() {
  const found = document.cookie.split(";").map((c) => c.trim()).find((c) => c.startsWith("ra_csrf="));
  return found ? decodeURIComponent(found.slice("ra_csrf=".length)) : "";
}

/**
 * One request of the account API: JSON in and out, the CSRF header on every change.
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function call(method, url, body) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  if (method !== "GET") headers["X-CSRF-Token"] = csrfToken();
  /** @type {RequestInit} */
  const init = { method, headers, credentials: "same-origin" };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const answer = await fetch(url, init);
  /** @type {any} */
  let data;
  try {
    data = await answer.json();
  } catch {
    data = null; // an answer without a JSON body (a proxy's error page)
  }
  if (!answer.ok) {
    /** @type {TextJson | undefined} */
    const text = data?.text;
    throw new AccountError(answer.status, text ? render(text) : data?.error || t("The server did not answer."));
  }
  return data;
}

/**
 * The signed-in account, or null. Asked only while the browser holds a session: the `ra_csrf` cookie comes and goes
 * with the session's (a signed-out page asks nothing, so its console shows no 401; an ended session's 401 clears
 * both).
 * @returns {Promise<Account | null>}
 */
export async function whoAmI() {
  if (!csrfToken()) return null;
  try {
    return /** @type {Account} */ (await call("GET", "/api/account"));
  } catch {
    return null;
  }
}

/**
 * Fill the top bar's account link: "Sign in", or the player's name, "My games" and the ratings.
 * @param {HTMLElement} box
 * @param {Account | null} me
 */
export function accountLinks(box, me) {
  if (!me) {
    replaceChildren(box, el("a", { href: "/account", class: "account-link" }, t("Sign in")),
      " · ", el("a", { href: "/ratings" }, t("Ratings")));
    return;
  }
  replaceChildren(box,
    el("a", { href: "/account", class: "account-link" }, me.name), " · ",
    el("a", { href: "/games", class: "my-games-link" }, t("My games")), " · ",
    el("a", { href: "/ratings" }, t("Ratings")));
}

/**
 * A short error text for people.
 * @param {unknown} err
 * @returns {string}
 */
export function errorWords(err) {
  return err instanceof Error ? err.message : String(err);
}
