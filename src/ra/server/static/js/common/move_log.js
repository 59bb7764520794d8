// The table page's move log: each entry told by the engine in lines (who did what, and what followed by itself),
// newest at the bottom; entries that arrived with the latest state are marked fresh.

/** @typedef {import("./types.js").BaseView} BaseView */
/** @typedef {import("./types.js").LogEntry} LogEntry */

import { el } from "./dom.js";

/**
 * An entry's lines: the engine's narration, else its one phrase, else its notation.
 * @param {LogEntry} entry
 * @param {BaseView | null} view
 * @returns {string[]}
 */
export function entryLines(entry, view) {
  if (entry.lines?.length) return entry.lines;
  if (entry.text) return [entry.text];
  const who = entry.name ?? view?.names?.[entry.player] ?? `Player ${entry.player + 1}`;
  const draws = entry.draws?.length ? ` (drew ${entry.draws.join(", ")})` : "";
  return [`${who}: ${entry.notation}${draws}`];
}

/**
 * The log's items; entries after `lastSeq` are fresh (none on the first drawing, lastSeq < 0).
 * @param {LogEntry[]} entries
 * @param {BaseView | null} view
 * @param {number} lastSeq
 * @returns {HTMLLIElement[]}
 */
export function logItems(entries, view, lastSeq) {
  return entries.map((entry) => {
    const [first, ...more] = entryLines(entry, view);
    return el("li", { class: lastSeq >= 0 && entry.seq > lastSeq ? "fresh" : "", dataset: { seq: String(entry.seq) } },
      el("span", { class: "log-seq" }, String(entry.seq)), " ", el("span", { class: "log-text" }, first),
      more.map((line) => el("span", { class: `log-line${line.startsWith("  ") ? " sub" : ""}` }, line.trim())));
  });
}
