// How Ra's tiles look: display names, short labels, the sprite icon and the display group of each tile kind
// named by the views (docs/VIEWS.md). Presentation only: the kinds, their order and their counts come from the
// view itself (`bag` lists every kind in the engine's order); a kind missing here is drawn with a generic look.

/** @typedef {{name: string, short?: string, icon: string, group: string, scarab?: boolean}} Look */

/** @type {Record<string, Look>} */
const LOOKS = {
  ra: { name: "Ra", icon: "ra", group: "ra" },
  god: { name: "God", icon: "god", group: "god" },
  gold: { name: "Gold", icon: "gold", group: "gold" },
  pharaoh: { name: "Pharaoh", short: "Phar", icon: "pharaoh", group: "pharaoh", scarab: true },
  nile: { name: "Nile", icon: "nile", group: "river", scarab: true },
  flood: { name: "Flood", icon: "flood", group: "river" },
  art: { name: "Art", icon: "civ", group: "civilization" },
  agriculture: { name: "Agriculture", short: "Agri", icon: "civ", group: "civilization" },
  religion: { name: "Religion", short: "Relig", icon: "civ", group: "civilization" },
  astronomy: { name: "Astronomy", short: "Astro", icon: "civ", group: "civilization" },
  writing: { name: "Writing", short: "Write", icon: "civ", group: "civilization" },
  fortress: { name: "Fortress", short: "Fort", icon: "monument", group: "monument", scarab: true },
  obelisk: { name: "Obelisk", short: "Obel", icon: "monument", group: "monument", scarab: true },
  palace: { name: "Palace", icon: "monument", group: "monument", scarab: true },
  pyramid: { name: "Pyramid", short: "Pyram", icon: "pyramid", group: "monument", scarab: true },
  sphinx: { name: "Sphinx", icon: "monument", group: "monument", scarab: true },
  statue: { name: "Statue", icon: "monument", group: "monument", scarab: true },
  step_pyramid: { name: "Step pyramid", short: "Step", icon: "pyramid", group: "monument", scarab: true },
  temple: { name: "Temple", icon: "monument", group: "monument", scarab: true },
  funeral: { name: "Funeral", short: "Funer", icon: "disaster", group: "disaster" },
  drought: { name: "Drought", short: "Drght", icon: "disaster", group: "disaster" },
  war: { name: "War", icon: "disaster", group: "disaster" },
  earthquake: { name: "Earthquake", short: "Quake", icon: "disaster", group: "disaster" },
};

/** Display groups of a player's holdings, in the order a player's area shows them (docs/rules/ra.md §1.1). */
export const GROUPS = [
  { key: "god", name: "Gods" },
  { key: "gold", name: "Gold" },
  { key: "pharaoh", name: "Pharaohs" },
  { key: "river", name: "River" },
  { key: "civilization", name: "Civilization" },
  { key: "monument", name: "Monuments" },
  { key: "disaster", name: "Disasters" },
  { key: "other", name: "Other" },
];

/**
 * The look of a kind (a kind this file does not know is shown by its name).
 * @param {string} kind
 * @returns {Look}
 */
export function lookOf(kind) {
  const name = String(kind).replaceAll("_", " ");
  return LOOKS[kind] ?? { name: name.charAt(0).toUpperCase() + name.slice(1), icon: "civ", group: "other" };
}

/** @param {string} kind */
export const kindName = (kind) => lookOf(kind).name;
/** @param {string} kind  the label that fits on a small tile at phone width */
export const kindShort = (kind) => lookOf(kind).short ?? lookOf(kind).name;
