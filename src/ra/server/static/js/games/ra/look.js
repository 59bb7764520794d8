// How Ra's tiles look: display names, short labels, the sprite icon and the display group of each tile kind
// named by the views (docs/VIEWS.md). Presentation only: the kinds, their order and their counts come from the
// view itself (`bag` lists every kind in the engine's order); a kind missing here is drawn with a generic look.

import { tp } from "../../common/i18n.js";

/** The words are functions: they are read in the page's language when a board is drawn. */
/** @typedef {{name: () => string, short?: () => string, icon: string, group: string, scarab?: boolean}} Look */

/** @type {Record<string, Look>} */
const LOOKS = {
  ra: { name: () => tp("tile", "Ra"), icon: "ra", group: "ra" },
  god: { name: () => tp("tile", "God"), icon: "god", group: "god" },
  gold: { name: () => tp("tile", "Gold"), icon: "gold", group: "gold" },
  pharaoh: { name: () => tp("tile", "Pharaoh"), short: () => tp("short tile label", "Phar"), icon: "pharaoh", group: "pharaoh", scarab: true },
  nile: { name: () => tp("tile", "Nile"), icon: "nile", group: "river", scarab: true },
  flood: { name: () => tp("tile", "Flood"), short: () => tp("short tile label", "Flood"), icon: "flood", group: "river" },
  art: { name: () => tp("tile", "Art"), icon: "civ", group: "civilization" },
  agriculture: { name: () => tp("tile", "Agriculture"), short: () => tp("short tile label", "Agri"), icon: "civ", group: "civilization" },
  religion: { name: () => tp("tile", "Religion"), short: () => tp("short tile label", "Relig"), icon: "civ", group: "civilization" },
  astronomy: { name: () => tp("tile", "Astronomy"), short: () => tp("short tile label", "Astro"), icon: "civ", group: "civilization" },
  writing: { name: () => tp("tile", "Writing"), short: () => tp("short tile label", "Write"), icon: "civ", group: "civilization" },
  fortress: { name: () => tp("tile", "Fortress"), short: () => tp("short tile label", "Fort"), icon: "monument", group: "monument", scarab: true },
  obelisk: { name: () => tp("tile", "Obelisk"), short: () => tp("short tile label", "Obel"), icon: "monument", group: "monument", scarab: true },
  palace: { name: () => tp("tile", "Palace"), icon: "monument", group: "monument", scarab: true },
  pyramid: { name: () => tp("tile", "Pyramid"), short: () => tp("short tile label", "Pyram"), icon: "pyramid", group: "monument", scarab: true },
  sphinx: { name: () => tp("tile", "Sphinx"), icon: "monument", group: "monument", scarab: true },
  statue: { name: () => tp("tile", "Statue"), icon: "monument", group: "monument", scarab: true },
  step_pyramid: { name: () => tp("tile", "Step pyramid"), short: () => tp("short tile label", "Step"), icon: "pyramid", group: "monument", scarab: true },
  temple: { name: () => tp("tile", "Temple"), icon: "monument", group: "monument", scarab: true },
  funeral: { name: () => tp("tile", "Funeral"), short: () => tp("short tile label", "Funer"), icon: "disaster", group: "disaster" },
  drought: { name: () => tp("tile", "Drought"), short: () => tp("short tile label", "Drght"), icon: "disaster", group: "disaster" },
  war: { name: () => tp("tile", "War"), icon: "disaster", group: "disaster" },
  earthquake: { name: () => tp("tile", "Earthquake"), short: () => tp("short tile label", "Quake"), icon: "disaster", group: "disaster" },
};

/** Display groups of a player's holdings, in the order a player's area shows them (docs/rules/ra.md §1.1). */
export const GROUPS = [
  { key: "god", name: () => tp("tile group", "Gods") },
  { key: "gold", name: () => tp("tile group", "Gold") },
  { key: "pharaoh", name: () => tp("tile group", "Pharaohs") },
  { key: "river", name: () => tp("tile group", "River") },
  { key: "civilization", name: () => tp("tile group", "Civilization") },
  { key: "monument", name: () => tp("tile group", "Monuments") },
  { key: "disaster", name: () => tp("tile group", "Disasters") },
  { key: "other", name: () => tp("tile group", "Other") },
];

/**
 * The look of a kind (a kind this file does not know is shown by its name).
 * @param {string} kind
 * @returns {Look}
 */
export function lookOf(kind) {
  const name = String(kind).replaceAll("_", " ");
  return LOOKS[kind] ?? { name: () => name.charAt(0).toUpperCase() + name.slice(1), icon: "civ", group: "other" };
}

/** @param {string} kind */
export const kindName = (kind) => lookOf(kind).name();
/** @param {string} kind  the label that fits on a small tile at phone width */
export const kindShort = (kind) => (lookOf(kind).short ?? lookOf(kind).name)();
