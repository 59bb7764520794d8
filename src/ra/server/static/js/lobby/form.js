// The lobby's new-table form, built from GET /api/meta alone: the games, each game's player range, its options
// (int, bool or choice, with default, bounds and help) and its bots (kinds and levels). Nothing here names a game.

/** @typedef {import("../common/types.js").Meta} Meta */
/** @typedef {import("../common/types.js").GameMeta} GameMeta */
/** @typedef {import("../common/types.js").OptionSpec} OptionSpec */
/** @typedef {{kind: "person", name: string} | {kind: "bot", bot: string}} SeatSpec */

import { botLabel } from "../common/bots.js";
import { el } from "../common/dom.js";
import { t } from "../common/i18n.js";

/**
 * The game the form starts with: the first one in meta that this UI can draw (else the first one).
 * @param {Meta} meta
 * @param {(game: string) => boolean} canDraw
 * @returns {GameMeta | null}
 */
export function defaultGame(meta, canDraw) {
  const games = meta.games || [];
  return games.find((g) => canDraw(g.name)) ?? games[0] ?? null;
}

/**
 * The bot choices of a game: the levels (for people) first, then the bare kinds.
 * @param {GameMeta} game
 * @returns {{group: string, value: string, label: string, title: string}[]}
 */
export function botChoices(game) {
  const levels = (game.bots?.levels || []).map((l) => ({ group: t("Opponents"), value: l.name, label: botLabel(l.name), title: l.description }));
  const kinds = (game.bots?.kinds || []).map((k) => ({ group: t("Bare bots (for testing)"), value: k, label: botLabel(k), title: t("the {bot} bot with its default settings", { bot: botLabel(k) }) }));
  return [...levels, ...kinds];
}

/**
 * The seats a new table starts with: the viewer, then bots, as many as the game's default player count.
 * @param {GameMeta} game
 * @param {string} myName
 * @returns {SeatSpec[]}
 */
export function defaultSeats(game, myName) {
  const bot = botChoices(game)[0]?.value ?? "";
  const count = Math.min(Math.max(game.players.default, game.players.minimum), game.players.maximum);
  return Array.from({ length: count }, (_, i) => (i === 0 ? { kind: "person", name: myName } : { kind: "bot", bot }));
}

/**
 * An option's value from its input's state, typed as the spec says; an error message if it does not fit.
 * @param {OptionSpec} spec
 * @param {{checked: boolean, value: string}} input
 * @returns {{value: number | boolean | string} | {error: string}}
 */
export function optionValue(spec, input) {
  if (spec.kind === "bool") return { value: input.checked };
  if (spec.kind === "choice") {
    const choices = spec.choices || [];
    return choices.includes(input.value) ? { value: input.value } : { error: t("{option}: choose one of {choices}", { option: spec.label, choices: choices.join(", ") }) };
  }
  const text = input.value.trim();
  const number = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(number)) return { error: t("{option}: a whole number, please", { option: spec.label }) };
  if (spec.minimum !== undefined && number < spec.minimum) return { error: t("{option}: at least {minimum}", { option: spec.label, minimum: spec.minimum }) };
  if (spec.maximum !== undefined && number > spec.maximum) return { error: t("{option}: at most {maximum}", { option: spec.label, maximum: spec.maximum }) };
  return { value: number };
}

/**
 * The input id of an option (also the browser tests' handle on it).
 * @param {OptionSpec} spec
 */
export const optionId = (spec) => `option-${spec.name}`;

/**
 * A labelled input for one option, with its help text.
 * @param {OptionSpec} spec
 * @returns {HTMLElement}
 */
export function optionField(spec) {
  const id = optionId(spec);
  const help = el("small", { class: "option-help" }, spec.help);
  if (spec.kind === "bool") {
    const box = el("input", { type: "checkbox", id, name: spec.name, dataset: { option: spec.name } });
    box.checked = spec.default === true;
    return el("label", { class: "option option-bool" }, box, ` ${spec.label} `, help);
  }
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let input;
  if (spec.kind === "choice") {
    input = el("select", { id, name: spec.name, dataset: { option: spec.name } },
      (spec.choices || []).map((c, i) => el("option", { value: c }, spec.choice_labels?.[i] ?? c)));
  } else {
    input = el("input", { type: "number", id, name: spec.name, step: "1", min: spec.minimum ?? null, max: spec.maximum ?? null, dataset: { option: spec.name } });
  }
  input.value = String(spec.default);
  return el("label", { class: `option option-${spec.kind}` }, `${spec.label} `, input, " ", help);
}

/**
 * The options of the form, or the first error.
 * @param {OptionSpec[]} specs
 * @param {ParentNode} form
 * @returns {{options: Record<string, number | boolean | string>} | {error: string}}
 */
export function readOptions(specs, form) {
  /** @type {Record<string, number | boolean | string>} */
  const options = {};
  for (const spec of specs) {
    const input = /** @type {HTMLInputElement | null} */ (form.querySelector(`#${CSS.escape(optionId(spec))}`));
    if (!input) continue;
    const read = optionValue(spec, input);
    if ("error" in read) return read;
    options[spec.name] = read.value;
  }
  return { options };
}

/**
 * One row of the seat list: person (name) or bot (level or kind), and a remove button.
 * @param {GameMeta} game
 * @param {SeatSpec} seat
 * @param {() => void} onRemove
 * @returns {HTMLLIElement}
 */
export function seatRow(game, seat, onRemove) {
  const li = el("li", { class: "seat-row" });
  const kind = el("select", { class: "seat-kind", "aria-label": t("Person or bot") },
    el("option", { value: "person" }, t("Person")), el("option", { value: "bot" }, t("Bot")));
  kind.value = seat.kind;
  const name = el("input", { class: "seat-name", placeholder: t("Name"), maxlength: "40", "aria-label": t("Name") });
  const choices = botChoices(game);
  const groups = [...new Set(choices.map((c) => c.group))].map((group) => el("optgroup", { label: group },
    choices.filter((c) => c.group === group).map((c) => el("option", { value: c.value, title: c.title }, c.label))));
  const bot = el("select", { class: "seat-bot", "aria-label": t("Bot") }, groups);
  if (seat.kind === "person") name.value = seat.name;
  else if (seat.bot) bot.value = seat.bot;
  const remove = el("button", { class: "btn small remove-seat", type: "button", title: t("Remove this seat"), "aria-label": t("Remove this seat") }, "✕");
  const sync = () => {
    name.hidden = kind.value !== "person";
    bot.hidden = kind.value !== "bot";
  };
  kind.addEventListener("change", sync);
  remove.addEventListener("click", onRemove);
  sync();
  li.append(kind, name, bot, remove);
  return li;
}

/**
 * The seats of the form's rows; an empty name stays empty: the account's name, else "Player N" in each reader's
 * language (the server names the seat).
 * @param {ParentNode} list
 * @returns {SeatSpec[]}
 */
export function readSeats(list) {
  return [...list.querySelectorAll(".seat-row")].map((li) => {
    const kind = /** @type {HTMLSelectElement} */ (li.querySelector(".seat-kind")).value;
    if (kind === "bot") return { kind: "bot", bot: /** @type {HTMLSelectElement} */ (li.querySelector(".seat-bot")).value };
    const name = /** @type {HTMLInputElement} */ (li.querySelector(".seat-name")).value.trim();
    return { kind: "person", name };
  });
}
