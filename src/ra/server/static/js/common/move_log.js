// The table page's move log: each entry told by the engine in lines (who did what, and what followed by itself),
// newest at the bottom; entries that arrived with the latest state are marked fresh. The lines are texts the
// browser renders for its reader (the viewer's seat reads "You", a renamed seat its new name).

/** @typedef {import("./types.js").BaseView} BaseView */
/** @typedef {import("./types.js").LogEntry} LogEntry */
/** @typedef {import("./types.js").Said} Said */

import { el } from "./dom.js";
import { render, t, seatName } from "./i18n.js";

/**
 * The reader of a view: its seat and the seats' current names.
 * @param {BaseView | null} view
 * @returns {import("./i18n.js").Reader}
 */
export function readerOf(view) {
  return { seat: view?.viewer ?? null, names: view?.names ?? [] };
}

/**
 * An entry's lines: the engine's narration, else its one phrase, else its notation.
 * @param {LogEntry} entry
 * @param {BaseView | null} view
 * @returns {string[]}
 */
export function entryLines(entry, view) {
  const reader = readerOf(view);
  const lines = entry.said?.length ? entry.said : entry.lines;  // texts for the reader, else the English lines
  if (lines?.length) return lines.map((line) => sayLine(line, reader));
  if (entry.text) return [sayLine(entry.text, reader)];
  const who = seatName(view?.names?.[entry.player] || entry.name, entry.player);
  return [entry.draws?.length
    ? t("{player}: {move} (drew {tiles})", { player: who, move: entry.notation, tiles: entry.draws.join(", ") })
    : t("{player}: {move}", { player: who, move: entry.notation })];
}

/**
 * One line in the reader's words; a line that follows from the one before starts with two spaces.
 * @param {Said} line
 * @param {import("./i18n.js").Reader} reader
 * @returns {string}
 */
function sayLine(line, reader) {
  const words = render(line, reader);
  return typeof line !== "string" && line.m.startsWith("  ") && !words.startsWith("  ") ? `  ${words}` : words;
}

/**
 * The log's items; entries after `lastSeq` are fresh (none on the first drawing, lastSeq < 0).
 * @param {LogEntry[]} entries
 * @param {BaseView | null} view
 * @param {number} lastSeq
 * @returns {HTMLLIElement[]}
 */
export function logItems(entries, view, lastSeq) {
  // Entries an undo step took back stay in the log, struck through (docs/PROTOCOL.md, `undo`).
  const undone = new Set(entries.flatMap((entry) => entry.undoes === undefined ? [] : [entry.undoes]));
  return entries.map((entry) => {
    const [first, ...more] = entryLines(entry, view);
    const classes = [lastSeq >= 0 && entry.seq > lastSeq ? "fresh" : "", undone.has(entry.seq) ? "undone" : "",
      entry.undoes !== undefined ? "undo" : ""].filter(Boolean).join(" ");
    return el("li", { class: classes, dataset: { seq: String(entry.seq) } },
      el("span", { class: "log-seq" }, String(entry.seq)), " ", el("span", { class: "log-text" }, first),
      more.map((line) => el("span", { class: `log-line${line.startsWith("  ") ? " sub" : ""}` }, line.trim())));
  });
}
