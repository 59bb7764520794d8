// The account's bots as the server tells them (GET /api/account/bots and the answers of its routes;
// docs/BOT_API.md): their types, hand-written (message_types.js covers the WebSocket only), and the Bots section's
// pure parts: a token's request checked before it is sent, its scopes and times in words.

import { currentLanguage, t, tp } from "../common/i18n.js";

/**
 * @typedef {"play" | "read"} Scope
 * @typedef {{id: string, label: string, scopes: Scope[], created: string, last_used: string | null}} BotToken
 *   a token as the list shows it (never the token itself, nor its hash)
 * @typedef {{name: string, player: string, tokens: BotToken[]}} Bot
 * @typedef {{bots: Bot[]}} BotList  GET /api/account/bots: the bots the account owns, itself if it is one
 * @typedef {{name: string, player: string, owner: string}} NewBot  POST /api/account/bots
 * @typedef {{name: string, player: string, kind: "bot"}} BecameBot  POST /api/account/bot
 * @typedef {{id: string, token: string, label: string, scopes: Scope[], created: string}} NewToken
 *   POST /api/account/bots/{name}/tokens: the one answer that holds the token
 * @typedef {{label: string, scopes: Scope[]}} TokenRequest
 */

/** What a token may do, in the order the form shows them. */
export const SCOPES = /** @type {readonly Scope[]} */ (["play", "read"]);
/** The longest label the server takes (in characters, as Python counts them). */
export const LABEL_MAX = 40;

/**
 * A token's request from the form's label and ticked scopes, or why it cannot be sent.
 * @param {string} label
 * @param {string[]} ticked
 * @returns {TokenRequest | {error: string}}
 */
export function tokenRequest(label, ticked) {
  const trimmed = label.trim();
  const length = [...trimmed].length; // code points, as the server counts
  if (length < 1 || length > LABEL_MAX) return { error: t("A token's label has 1 to {max} characters.", { max: LABEL_MAX }) };
  const scopes = SCOPES.filter((scope) => ticked.includes(scope));
  if (!scopes.length) return { error: t("Choose what the token may do: play, read or both.") };
  return { label: trimmed, scopes };
}

/**
 * A scope in the reader's words (a word the server does not know is shown as it came).
 * @param {string} scope
 * @returns {string}
 */
export function scopeWord(scope) {
  if (scope === "play") return tp("token scope", "play");
  if (scope === "read") return tp("token scope", "read");
  return scope;
}

/**
 * When a token was made or last used, in the reader's way.
 * @param {string} when  ISO 8601
 * @returns {string}
 */
export function whenWords(when) {
  const date = new Date(when);
  return Number.isNaN(date.getTime()) ? when : date.toLocaleString(currentLanguage());
}

/**
 * Whether the signed-in account is itself one of its bots (then it cannot be turned into one again).
 * @param {{player: string}} me
 * @param {Bot[]} bots
 * @returns {boolean}
 */
export function isBot(me, bots) {
  return bots.some((bot) => bot.player === me.player);
}
