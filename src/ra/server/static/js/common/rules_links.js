// The rules panel beside a table: a game's summary, each part linked to its section of the complete rules page
// (/rules/<game>#<heading>), which opens in a new tab so that the game stays where it is.

import { byId, el } from "./dom.js";
import { place, slot, t } from "./i18n.js";

/**
 * A rules panel: a link to the whole rules, then each part's title, section link and summary.
 * @param {string} page  the rules page, e.g. "/rules/ra"
 * @param {string} title  the game's title
 * @param {[string, string, string, string][]} sections  title, section (e.g. "§5"), anchor ("#5-auctions"), summary
 * @returns {HTMLElement}
 */
export function rulesLinks(page, title, sections) {
  /** @type {(href: string, text: string) => HTMLAnchorElement} */
  const link = (href, text) => el("a", { href, target: "_blank", rel: "noopener" }, text);
  return el("div", { class: "rules-text" },
    el("p", { class: "rules-note" }, place(
      t("Our short summary; {rules} explain every case (each section number below opens its part).", { rules: slot("rules") }),
      { rules: link(page, t("the complete rules of {game}", { game: title })) })),
    el("dl", {}, sections.map(([name, section, anchor, text]) => [
      el("dt", {}, name, " ", el("small", {}, "(", link(`${page}${anchor}`, section), ")")),
      el("dd", {}, text),
    ])));
}

/**
 * The top bar's link to a game's complete rules (#rules-link on the table and tutorial pages), from its entry of
 * /api/meta: every page a game is played or learnt on links its rules, so a player never has to hunt for them.
 * Hidden without one.
 * @param {import("./types.js").GameMeta | null} game
 */
export function showRulesLink(game) {
  const link = /** @type {HTMLAnchorElement} */ (byId("rules-link"));
  link.hidden = !game?.rules;
  if (!game?.rules) return;
  link.href = game.rules;
  link.textContent = t("Rules of {game}", { game: game.title });
}
