// What the Ra board knows about tile kinds: display names, groups (rules/ra.md §1.1), icons and short labels.
// Kind keys and their order are those of docs/VIEWS.md.

export const KINDS = [
  "ra", "god", "gold", "pharaoh", "nile", "flood",
  "art", "agriculture", "religion", "astronomy", "writing",
  "fortress", "obelisk", "palace", "pyramid", "sphinx", "statue", "step_pyramid", "temple",
  "funeral", "drought", "war", "earthquake",
];

const NAMES = {
  ra: "Ra", god: "God", gold: "Gold", pharaoh: "Pharaoh", nile: "Nile", flood: "Flood",
  art: "Art", agriculture: "Agriculture", religion: "Religion", astronomy: "Astronomy", writing: "Writing",
  fortress: "Fortress", obelisk: "Obelisk", palace: "Palace", pyramid: "Pyramid", sphinx: "Sphinx",
  statue: "Statue", step_pyramid: "Step pyramid", temple: "Temple",
  funeral: "Funeral", drought: "Drought", war: "War", earthquake: "Earthquake",
};

// Short labels fit on a 2.6rem tile at phone width.
const SHORT = {
  agriculture: "Agri", religion: "Relig", astronomy: "Astro", writing: "Write", fortress: "Fort",
  obelisk: "Obel", step_pyramid: "Step", earthquake: "Quake", pharaoh: "Phar", funeral: "Funer",
  drought: "Drght", pyramid: "Pyram",
};

/** Display groups, in the order a player's area shows them (rules/ra.md §1.1, §9). */
export const GROUPS = [
  { key: "god", name: "Gods", kinds: ["god"] },
  { key: "gold", name: "Gold", kinds: ["gold"] },
  { key: "pharaoh", name: "Pharaohs", kinds: ["pharaoh"] },
  { key: "river", name: "River", kinds: ["nile", "flood"] },
  { key: "civilization", name: "Civilization", kinds: ["art", "agriculture", "religion", "astronomy", "writing"] },
  { key: "monument", name: "Monuments", kinds: ["fortress", "obelisk", "palace", "pyramid", "sphinx", "statue",
    "step_pyramid", "temple"] },
  { key: "disaster", name: "Disasters", kinds: ["funeral", "drought", "war", "earthquake"] },
];

const GROUP_OF = {};
for (const g of GROUPS) for (const k of g.kinds) GROUP_OF[k] = g.key;
GROUP_OF.ra = "ra";

export const kindName = (kind) => NAMES[kind] || kind;
export const kindShort = (kind) => SHORT[kind] || NAMES[kind] || kind;
export const groupOf = (kind) => GROUP_OF[kind] || "other";

/** The sprite symbol for a kind: one icon per group, except a few kinds with their own picture. */
export function iconOf(kind) {
  if (["ra", "god", "gold", "pharaoh", "nile", "flood"].includes(kind)) return kind;
  const group = groupOf(kind);
  if (group === "civilization") return "civ";
  if (group === "monument") return kind === "pyramid" || kind === "step_pyramid" ? "pyramid" : "monument";
  if (group === "disaster") return "disaster";
  return "civ";
}

/** Kinds kept between epochs (scarab, rules/ra.md §8.2). */
export const SCARAB = new Set(["pharaoh", "nile", "fortress", "obelisk", "palace", "pyramid", "sphinx", "statue",
  "step_pyramid", "temple"]);

// Stable action ids (src/ra/games/ra/actions.py): used only to send a click that is NOT in legal_actions, so the
// server answers with the engine's own explanation of why it is illegal. Legal clicks always use the view's ids.
const GOD_BASE = 20;
const LOSE_OFFSET = 37;
export function actionIdFor(notation) {
  if (notation === "draw") return 0;
  if (notation === "ra") return 1;
  if (notation === "pass") return 2;
  if (notation === "done") return 3;
  const [verb, arg] = notation.split(":");
  if (verb === "bid") return 3 + Number(arg);
  const index = KINDS.indexOf(arg);
  if (index < 0) return null;
  if (verb === "god") return GOD_BASE + index;
  if (verb === "lose" && index >= 6 && index <= 18) return LOSE_OFFSET + index;
  return null;
}
