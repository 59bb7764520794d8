// A short summary of Ra's rules in our own words, for the collapsible rules panel of the table page: each part links
// to its section of the complete rules (docs/rules/ra.md, served at /rules/ra; the anchors are its headings').

import { rulesLinks } from "../../common/rules_links.js";
import { t } from "../../common/i18n.js";

const RULES = "/rules/ra";

/**
 * The summary's parts in the page's language: title, section, its anchor, summary.
 * @returns {[string, string, string, string][]}
 */
const sections = () => [
  [t("Goal"), "§9", "#9-scoring", t("Collect tiles over three epochs and have the most points at the end. Everyone starts with 10.")],
  [t("Your turn"), "§3", "#3-turn-structure", t("Do one thing: draw a tile from the bag (not when the auction track holds 8), invoke Ra with the statue to start an auction, or spend gods. Players with no face-up sun disk are skipped.")],
  [t("Ra tiles"), "§4", "#4-drawing-a-ra-tile-the-ra-track", t("A drawn Ra tile goes on the Ra track and starts an auction. The tile that fills the last space ends the epoch at once, without an auction; the auction track is discarded.")],
  [t("Auctions"), "§5", "#5-auctions", t("Starting left of the Ra player and ending with them, each player bids one face-up disk higher than the current bid, or passes. If Ra was invoked on a track that is not full and all others passed, the Ra player must bid. The winner takes every tile on the track, takes the central disk face down, and puts the winning disk in the centre.")],
  [t("Gods"), "§6", "#6-god-tiles", t("Instead of drawing, spend one or more gods: each takes one non-god tile from the auction track, disasters included. Unspent gods score 2 each.")],
  [t("Disasters"), "§7", "#7-disasters", t("Each disaster you gain destroys 2 matching tiles: Funeral → pharaohs, Drought → floods then Nile, War → civilization tiles of your choice, Earthquake → monuments of your choice.")],
  [t("Epoch end"), "§8", "#8-end-of-an-epoch", t("When the Ra track is full or nobody has a face-up disk: score, turn disks face up, and discard gods, gold, floods and civilization. Pharaohs, Nile and monuments (scarab) stay.")],
  [t("Epoch scoring"), "§9.1", "#91-every-epoch", t("Gold 3 each; gods 2 each; most pharaohs +5, fewest −2; with at least one flood, 1 per Nile and per flood; civilization: none −5, 3 kinds +5, 4 kinds +10, 5 kinds +15. A score never drops below 0.")],
  [t("Final scoring"), "§9.2", "#92-final-scoring", t("Monuments: 1 point per kind (7 kinds 10, 8 kinds 15), plus 5/10/15 for 3/4/5 of one kind. Sun disks: highest total +5, lowest −5. A tie for the win goes to the holder of the highest disk.")],
  [t("Hidden scores"), "R3", "#r3-scores-are-hidden-by-default", t("By default each player sees only their own score until the end; the table's creator can make scores visible to all.")],
];

/**
 * The rules panel's content.
 * @returns {HTMLElement}
 */
export function rulesPanel() {
  return rulesLinks(RULES, "Ra", sections());
}
