// Names and little pictures for RA and Write: the card faces, the bonus symbols printed on the scoresheet, and
// the short labels a narrow sheet column can hold. The symbols are drawn here (simple SVG shapes of our own),
// so the sheet needs no image files and scales crisply at any size.

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
 * A Kingdom's title from the view's layout ("Middle Kingdom").
 * @param {{kingdoms: string[], kingdom_titles: string[]}} layout
 * @param {string} kingdom
 * @returns {string}
 */
export function kingdomTitle(layout, kingdom) {
  return layout.kingdom_titles[layout.kingdoms.indexOf(kingdom)] ?? kingdom;
}

/**
 * A Kingdom's short label for narrow places ("Middle").
 * @param {string} kingdom
 * @returns {string}
 */
export const kingdomShort = (kingdom) => kingdom.charAt(0).toUpperCase() + kingdom.slice(1);

const SECTION_NAMES = /** @type {Record<string, string>} */ ({
  gods: "Gods", pharaohs: "Pharaohs", nile: "Nile", civilization: "Civilization", monuments: "Monuments", any: "any section",
});
const SECTION_SYMBOL = /** @type {Record<string, string>} */ ({
  gods: "god", pharaohs: "pharaoh", nile: "nile", civilization: "civ", monuments: "monument", any: "any",
});

/**
 * A section's name for people ("Civilization"; "any section" for the any-section bonus).
 * @param {string | null | undefined} section
 * @returns {string}
 */
export const sectionName = (section) => (section ? SECTION_NAMES[section] ?? section : "a section");

/**
 * The symbol that stands for a section (a bonus symbol shows the section it leads to).
 * @param {string | null | undefined} section
 * @returns {string}
 */
export const sectionSymbol = (section) => (section ? SECTION_SYMBOL[section] ?? "any" : "any");

/** @type {Record<string, [string, string]>} */
const TYPE_NAMES = {
  agriculture: ["Agriculture", "Agri"], art: ["Art", "Art"], astronomy: ["Astronomy", "Astro"],
  religion: ["Religion", "Relig"], writing: ["Writing", "Write"],
  fortress: ["Fortress", "Fort"], obelisk: ["Obelisk", "Obel"], palace: ["Palace", "Pal"], pyramid: ["Pyramid", "Pyr"],
  sphinx: ["Sphinx", "Sphx"], statue: ["Statue", "Stat"], step_pyramid: ["Step Pyramid", "Step"], temple: ["Temple", "Temp"],
};

/**
 * Full name of a Civilization or Monument type (unknown types are shown as sent).
 * @param {string} type
 * @returns {string}
 */
export const typeName = (type) => TYPE_NAMES[type]?.[0] ?? String(type).replaceAll("_", " ");
/**
 * A short label for a narrow sheet column.
 * @param {string} type
 * @returns {string}
 */
export const typeShort = (type) => TYPE_NAMES[type]?.[1] ?? String(type).slice(0, 4);

/** @type {Record<string, string>} */
const KIND_NAMES = { god: "God", nile: "Nile", pharaoh: "Pharaoh", civ: "Civilization", monument: "Monument", ra: "Ra" };
/**
 * @param {string} kind  a card kind of the view
 * @returns {string}
 */
export const kindName = (kind) => KIND_NAMES[kind] ?? kind;

/**
 * "God 16", "Nile 4", "Pharaoh", "Civilization: Art", "Monument: Step Pyramid" from a view's card name ("god:16").
 * @param {string | null | undefined} card
 * @returns {string}
 */
export function cardLabel(card) {
  if (!card) return "";
  const [kind, rest] = String(card).split(":");
  if (kind === "god" || kind === "nile") return `${kindName(kind)} ${rest}`;
  if (rest) return `${kindName(kind)}: ${typeName(rest)}`;
  return kindName(kind);
}
