// A bot in the reader's words. A bot seat's name is its own name (Khufu, a name: never translated) and its level
// or kind, which is: "Khufu (leicht)". Tables keep the name as it was made, "Khufu (easy)"; the level shown is
// always the seat's bot spec in the reader's language, never those English words. A bot account (a program playing
// through the Bot API, docs/BOT_API.md) holds a person's seat under its own name, marked "(bot)".

/**
 * What a seat says of its bot (a table's SeatSummary): a built-in bot's kind and spec, or a bot account's seat.
 * @typedef {{kind?: string, bot?: string | null, account_bot?: boolean}} BotSeat
 */

import { t, tp } from "./i18n.js";

/** The bot levels and kinds in words: literal messages, one each (the catalogs' extractor reads them). */
const LABELS = /** @type {Record<string, () => string>} */ ({
  easy: () => tp("bot level", "easy"),
  medium: () => tp("bot level", "medium"),
  hard: () => tp("bot level", "hard"),
  random: () => tp("bot kind", "random"),
  greedy: () => tp("bot kind", "greedy"),
  search: () => tp("bot kind", "search"),
  mcts: () => tp("bot kind", "mcts"),
});

/**
 * A bot spec's level or kind in words, its settings as typed (`mcts:iterations=200` → "MCTS:iterations=200").
 * @param {string} spec
 * @returns {string}
 */
export function botLabel(spec) {
  const cut = spec.indexOf(":");
  const kind = (cut < 0 ? spec : spec.slice(0, cut)).trim();
  const label = Object.hasOwn(LABELS, kind) ? LABELS[kind]() : kind;
  return cut < 0 ? label : label + spec.slice(cut);
}

/**
 * The name a seat shows: a bot's own name with its level in words, a bot account's name marked "(bot)"; anyone
 * else's as it is (blank: `seatName` of i18n.js gives the default).
 * @param {string} name
 * @param {BotSeat | null | undefined} seat
 * @returns {string}
 */
export function shownName(name, seat) {
  if (name && seat?.account_bot) return t("{name} (bot)", { name });
  if (!name || seat?.kind !== "bot" || !seat.bot) return name;
  const kind = seat.bot.split(":", 1)[0].trim();
  const own = name.endsWith(` (${kind})`) ? name.slice(0, -kind.length - 3) : name;
  return t("{name} ({level})", { name: own, level: botLabel(kind) });
}

/**
 * Every seat's shown name (a view's `names`, by the table's seats).
 * @param {string[] | undefined} names
 * @param {BotSeat[] | undefined} seats
 * @returns {string[]}
 */
export function seatNames(names, seats) {
  return (names ?? []).map((name, seat) => shownName(name, seats?.[seat]));
}
