// The scoring a step talks about, shown above the board as a table announces a scoring: a step whose numbers come
// from an entry of a list of scorings in the view (Ra's `epoch_scores`, RA and Write's `kingdom_scores` or
// `end_bonuses`) shows that entry's breakdown, titled with its epoch or Kingdom, and brings it into view. The board
// below may already show the next epoch; the words and the scoring beside them are of the same one.

/** @typedef {import("../common/types.js").BaseView} BaseView */
/** @typedef {import("../common/types.js").BoardModule} BoardModule */
/** @typedef {import("../common/types.js").ScoringNews} ScoringNews */
/** @typedef {import("./api.js").LearnStep} LearnStep */

import { byId, el, replaceChildren } from "../common/dom.js";

/**
 * The first scoring entry a step's facts cite: the key of its list in the view and its index, or null.
 * @param {LearnStep} step
 * @param {BaseView} view
 * @returns {{key: string, index: number} | null}
 */
export function citedEntry(step, view) {
  for (const fact of step.facts) {
    const [key, index] = fact.path;
    const list = /** @type {Record<string, unknown>} */ (view)[String(key)];
    if (typeof key === "string" && typeof index === "number" && Array.isArray(list) && index < list.length) return { key, index };
  }
  return null;
}

/**
 * The board module's announcement of the scoring a step cites: the view up to that entry, against the view
 * before it.
 * @param {LearnStep} step
 * @param {BaseView} view
 * @param {BoardModule | null} module
 * @returns {ScoringNews | null}
 */
export function citedScoring(step, view, module) {
  const cited = citedEntry(step, view);
  if (!cited || !module?.scoringNews) return null;
  const list = /** @type {unknown[]} */ (/** @type {Record<string, unknown>} */ (view)[cited.key]);
  const upTo = /** @type {BaseView} */ ({ ...view, [cited.key]: list.slice(0, cited.index + 1) });
  const before = /** @type {BaseView} */ ({ ...view, [cited.key]: cited.index === 0 ? null : list.slice(0, cited.index) });
  return module.scoringNews(upTo, before);
}

/**
 * Show the scoring a step cites above the board (none: hidden), in view when it is new to the page.
 * @param {ScoringNews | null} news
 * @param {string} key  what it shows (step and entry): the same again is not scrolled to again
 */
export function renderScoring(news, key) {
  const box = byId("news");
  if (!news) {
    box.hidden = true;
    replaceChildren(box);
    delete box.dataset.shows;
    return;
  }
  if (box.dataset.shows === key && !box.hidden) return;
  replaceChildren(box, el("header", { class: "news-head" }, el("h2", {}, news.title)), news.body);
  box.dataset.shows = key;
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
}
