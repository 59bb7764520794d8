// Names and little pictures for RA and Write: the card faces, the bonus symbols printed on the scoresheet, and
// the short labels a narrow sheet column can hold. The symbols are drawn here (simple SVG shapes of our own),
// so the sheet needs no image files and scales crisply at any size.

import { t, tp } from "../../common/i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// Each symbol is a list of [tag, attributes] on a 24×24 grid, stroked in the current colour.
/** @type {Record<string, [string, Record<string, string | number>][]>} */
const SHAPES = {
  // Gods: an eye, as painted on temple walls.
  god: [["path", { d: "M2 12 Q12 3 22 12 Q12 21 2 12 Z" }], ["circle", { cx: 12, cy: 12, r: 3.2, fill: "currentColor" }],
    ["path", { d: "M9 16 L7 21 M12 17 L12 21" }]],
  // Pharaohs: the striped nemes headdress.
  pharaoh: [["path", { d: "M12 2.5 C7.5 2.5 6 6 6 10 L3 21 L9 18.5 L9 21.5 L15 21.5 L15 18.5 L21 21 L18 10 C18 6 16.5 2.5 12 2.5 Z" }],
    ["path", { d: "M9 9.5 L15 9.5 L15 15 Q12 17.5 9 15 Z" }], ["path", { d: "M5 14 L8 13 M4 17.5 L8.5 16 M19 14 L16 13 M20 17.5 L15.5 16" }]],
  // The Nile: three waves.
  nile: [["path", { d: "M2 7 Q5 4 8 7 T14 7 T20 7 M2 12.5 Q5 9.5 8 12.5 T14 12.5 T20 12.5 M2 18 Q5 15 8 18 T14 18 T20 18" }]],
  // Civilization: an ankh.
  civ: [["ellipse", { cx: 12, cy: 7, rx: 3.6, ry: 4.6 }], ["path", { d: "M12 11.6 L12 22 M5.5 13.2 L18.5 13.2" }]],
  // Monuments: a pyramid with its shaded face.
  monument: [["path", { d: "M1.5 20.5 L12 3.5 L22.5 20.5 Z" }], ["path", { d: "M12 3.5 L15 20.5", fill: "none" }]],
  // The any-section bonus: an eight-pointed star.
  any: [["path", { d: "M12 1.5 L14 9 L21 5.5 L16 11.5 L22.5 14 L15 14.8 L17.5 22 L12 16.8 L6.5 22 L9 14.8 L1.5 14 L8 11.5 L3 5.5 L10 9 Z" }]],
  // Ra: the sun disk with its rays.
  ra: [["circle", { cx: 12, cy: 12, r: 5.5, fill: "currentColor" }],
    ["path", { d: "M12 1.5 V4.5 M12 19.5 V22.5 M1.5 12 H4.5 M19.5 12 H22.5 M4.6 4.6 L6.7 6.7 M17.3 17.3 L19.4 19.4 M4.6 19.4 L6.7 17.3 M17.3 6.7 L19.4 4.6" }]],
  // The deck: a stack of cards.
  deck: [["rect", { x: 5, y: 2.5, width: 13, height: 17, rx: 2 }], ["path", { d: "M8 21.5 H19 Q21 21.5 21 19.5 V6" }]],
};

/**
 * An inline SVG picture of `name` (a key of SHAPES); decorative, so hidden from screen readers.
 * @param {string} name
 * @param {string} [cls]
 * @returns {SVGSVGElement}
 */
export function symbol(name, cls = "") {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `w-symbol w-symbol-${name} ${cls}`.trim());
  svg.setAttribute("aria-hidden", "true");
  for (const [tag, attrs] of SHAPES[name] || []) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    svg.append(node);
  }
  return svg;
}

/**
 * A Kingdom's title in the page's language ("Middle Kingdom"); `form` is the form a sentence needs around it (a
 * language with cases declines it): "title" alone, "the" after "the", "of" after "of the", "in" after "in the".
 * A Kingdom this file does not know keeps the view's layout title.
 * @param {{kingdoms: string[], kingdom_titles: string[]}} layout
 * @param {string} kingdom
 * @param {"title" | "the" | "of" | "in"} [form]
 * @returns {string}
 */
export function kingdomTitle(layout, kingdom, form = "title") {
  /** @type {Record<string, Record<string, () => string>>} */
  const words = {
    old: {
      title: () => tp("Kingdom", "Old Kingdom"),
      the: () => tp("Kingdom, after “the” (subject or object)", "Old Kingdom"),
      of: () => tp("Kingdom, after “of the”, before “’s” or “line”", "Old Kingdom"),
      in: () => tp("Kingdom, after “in the”", "Old Kingdom"),
    },
    middle: {
      title: () => tp("Kingdom", "Middle Kingdom"),
      the: () => tp("Kingdom, after “the” (subject or object)", "Middle Kingdom"),
      of: () => tp("Kingdom, after “of the”, before “’s” or “line”", "Middle Kingdom"),
      in: () => tp("Kingdom, after “in the”", "Middle Kingdom"),
    },
    new: {
      title: () => tp("Kingdom", "New Kingdom"),
      the: () => tp("Kingdom, after “the” (subject or object)", "New Kingdom"),
      of: () => tp("Kingdom, after “of the”, before “’s” or “line”", "New Kingdom"),
      in: () => tp("Kingdom, after “in the”", "New Kingdom"),
    },
  };
  return words[kingdom]?.[form]?.() ?? layout.kingdom_titles[layout.kingdoms.indexOf(kingdom)] ?? kingdom;
}

/**
 * A Kingdom's short label for narrow places ("Middle").
 * @param {string} kingdom
 * @returns {string}
 */
export function kingdomShort(kingdom) {
  /** @type {Record<string, () => string>} */
  const words = { old: () => tp("Kingdom, short", "Old"), middle: () => tp("Kingdom, short", "Middle"), new: () => tp("Kingdom, short", "New") };
  return words[kingdom]?.() ?? kingdom.charAt(0).toUpperCase() + kingdom.slice(1);
}

/** @type {Record<string, () => string>} */
const SECTION_NAMES = {
  gods: () => tp("section", "Gods"), pharaohs: () => tp("section", "Pharaohs"), nile: () => tp("section", "Nile"),
  civilization: () => tp("section", "Civilization"), monuments: () => tp("section", "Monuments"), any: () => t("any section"),
};
const SECTION_SYMBOL = /** @type {Record<string, string>} */ ({
  gods: "god", pharaohs: "pharaoh", nile: "nile", civilization: "civ", monuments: "monument", any: "any",
});

/**
 * A section's name for people ("Civilization"; "any section" for the any-section bonus).
 * @param {string | null | undefined} section
 * @returns {string}
 */
export const sectionName = (section) => (section ? SECTION_NAMES[section]?.() ?? section : t("a section"));

/**
 * The symbol that stands for a section (a bonus symbol shows the section it leads to).
 * @param {string | null | undefined} section
 * @returns {string}
 */
export const sectionSymbol = (section) => (section ? SECTION_SYMBOL[section] ?? "any" : "any");

/** @type {Record<string, [() => string, () => string]>} */
const TYPE_NAMES = {
  agriculture: [() => tp("Civilization type", "Agriculture"), () => tp("Civilization type, at most 4 letters (2 Chinese characters)", "Agri")],
  art: [() => tp("Civilization type", "Art"), () => tp("Civilization type, at most 4 letters (2 Chinese characters)", "Art")],
  astronomy: [() => tp("Civilization type", "Astronomy"), () => tp("Civilization type, at most 4 letters (2 Chinese characters)", "Astro")],
  religion: [() => tp("Civilization type", "Religion"), () => tp("Civilization type, at most 4 letters (2 Chinese characters)", "Relig")],
  writing: [() => tp("Civilization type", "Writing"), () => tp("Civilization type, at most 4 letters (2 Chinese characters)", "Write")],
  fortress: [() => tp("Monument type", "Fortress"), () => tp("Monument type, at most 4 letters (2 Chinese characters)", "Fort")],
  obelisk: [() => tp("Monument type", "Obelisk"), () => tp("Monument type, at most 4 letters (2 Chinese characters)", "Obel")],
  palace: [() => tp("Monument type", "Palace"), () => tp("Monument type, at most 4 letters (2 Chinese characters)", "Pal")],
  pyramid: [() => tp("Monument type", "Pyramid"), () => tp("Monument type, at most 4 letters (2 Chinese characters)", "Pyr")],
  sphinx: [() => tp("Monument type", "Sphinx"), () => tp("Monument type, at most 4 letters (2 Chinese characters)", "Sphx")],
  statue: [() => tp("Monument type", "Statue"), () => tp("Monument type, at most 4 letters (2 Chinese characters)", "Stat")],
  step_pyramid: [() => tp("Monument type", "Step Pyramid"), () => tp("Monument type, at most 4 letters (2 Chinese characters)", "Step")],
  temple: [() => tp("Monument type", "Temple"), () => tp("Monument type, at most 4 letters (2 Chinese characters)", "Temp")],
};

/**
 * Full name of a Civilization or Monument type (unknown types are shown as sent).
 * @param {string} type
 * @returns {string}
 */
export const typeName = (type) => TYPE_NAMES[type]?.[0]() ?? String(type).replaceAll("_", " ");
/**
 * A short label for a narrow sheet column.
 * @param {string} type
 * @returns {string}
 */
export const typeShort = (type) => TYPE_NAMES[type]?.[1]() ?? String(type).slice(0, 4);

/** @type {Record<string, () => string>} */
const KIND_NAMES = {
  god: () => tp("card", "God"), nile: () => tp("card", "Nile"), pharaoh: () => tp("card", "Pharaoh"),
  civ: () => tp("card", "Civilization"), monument: () => tp("card", "Monument"), ra: () => tp("card", "Ra"),
};
/**
 * @param {string} kind  a card kind of the view
 * @returns {string}
 */
export const kindName = (kind) => KIND_NAMES[kind]?.() ?? kind;

/**
 * "God 16", "Nile 4", "Pharaoh", "Civilization: Art", "Monument: Step Pyramid" from a view's card name ("god:16").
 * @param {string | null | undefined} card
 * @returns {string}
 */
export function cardLabel(card) {
  if (!card) return "";
  const [kind, rest] = String(card).split(":");
  if (kind === "god" || kind === "nile") return t("{card} {number}", { card: kindName(kind), number: rest });
  if (rest) return t("{card}: {type}", { card: kindName(kind), type: typeName(rest) });
  return kindName(kind);
}
