// RA and Write: our own short summary of the rules for the rules panel beside the table; each part links to its
// section of the complete rules (docs/rules/ra-and-write.md, served at /rules/write; the anchors are its headings').

import { rulesLinks } from "../../common/rules_links.js";
import { t } from "../../common/i18n.js";

const RULES = "/rules/write";

/**
 * The summary's parts in the page's language: title, section, its anchor, summary.
 * @returns {[string, string, string, string][]}
 */
const sections = () => [
  [t("Goal"), "§6", "#6-end-of-game", t("Fill your scoresheet over three Kingdoms (Old, Middle, New) and have the most points at the end.")],
  [t("A turn"), "§3", "#3-a-turn", t("The active player reveals cards until three non-Ra cards lie face up, chooses one and enters it. Then every other player, at the same time, chooses one of the two other cards (several may take the same one) and enters it.")],
  [t("Entries"), "§2", "#2-the-scoresheet", t("Gods: the number in any empty space. Pharaohs: the leftmost empty space. Nile: the number in any space, keeping the row non-decreasing left to right. Civilization: any space in the card's type column. Monuments: the topmost empty space of the card's column. A card with no legal space is lost.")],
  [t("Bonuses"), "§2", "#bonus-entries-and-chains", t("A Kingdom's third God → a Pharaoh; a Pharaoh on a Nile symbol → a Nile number of your choice (1–20); a full Nile part → any Civilization type; three marks in a Civilization line → any Monument; all eight Monument tops → an entry in any section (a God is written as 20). Each bonus symbol works once; you may decline a bonus.")],
  [t("Ra cards"), "§4", "#4-kingdom-end-and-game-end", t("Ra cards are set aside. The third Ra of a Kingdom scores it at once; the ninth ends the game.")],
  [t("Kingdom scoring"), "§5", "#5-scoring-a-kingdom", t("Gods: the Kingdom's sum, highest +5, lowest −5. Pharaohs: most +5, fewest −5. Nile: 1 per space. Civilization (the Kingdom's line): 0 marks −5, 3 → 5, 4 → 10, 5 → 15. Monuments: 1 per column with a mark.")],
  [t("End bonuses"), "§6", "#6-end-of-game", t("10 each for all Gods, all Pharaohs, all Nile spaces, a mark in all 8 Monument columns, and each full Monument column. A tie is broken by the God numbers from the highest down.")],
  [t("Kingdom-limited"), "§2", "#which-kingdom-rows-may-be-written", t("A table option: Gods and Civilization entries may only go in the current Kingdom.")],
];

/**
 * The rules panel's content.
 * @returns {HTMLElement}
 */
export function rulesPanel() {
  return rulesLinks(RULES, "RA and Write", sections());
}
