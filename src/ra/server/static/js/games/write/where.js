// Where an RA and Write action is on the board, for the replay's analysis to draw a better move there (a replay's
// spectator board marks no legal action, so the action is found by its notation, docs/VIEWS_WRITE.md): reveal →
// the deck, cardN → face-up card N, and the space it writes to on the seat's sheet (the sheet keys of
// js/games/write/choice.js: g3, n7, c2:art; a Pharaohs or Monuments entry → that section, its space follows from
// the sheet), bonus>… → that space, decline → the seat's sheet.

/** @typedef {import("../../common/types.js").BaseView} BaseView */
/** @typedef {import("./view_types.js").WriteView} WriteView */

/** The cards whose notation names no space: the section's next space is theirs. */
const WHOLE_SECTION = /** @type {Record<string, string>} */ ({ pharaoh: "pharaohs", monument: "monuments" });

/**
 * The sheet key (or section) of a notation's target ("god4", "nile7=12", "civ:old", "civ:new:art", "pharaoh",
 * "monument:sphinx") for `seat`'s sheet; `type` is the card's Civilization type where the target names none.
 * @param {WriteView} view
 * @param {number} seat
 * @param {string} target
 * @param {string | null} type
 * @returns {{key: string} | {section: string} | null}
 */
export function targetOf(view, seat, target, type) {
  const space = /^(god|nile)(\d+)(?:=\d+)?$/.exec(target);
  if (space) return { key: `${space[1] === "god" ? "g" : "n"}${space[2]}` };
  const [section, line, own] = target.split(":");
  if (section === "civ") {
    // The sheet's lines say their Kingdom; without the sheet they follow the Kingdoms' order.
    const lines = view.sheets?.[seat]?.civilization?.map((l) => l.kingdom) ?? view.layout?.kingdoms ?? [];
    const kingdom = lines.indexOf(line);
    const civType = own ?? type;
    return kingdom < 0 || !civType ? { section: "civilization" } : { key: `c${kingdom + 1}:${civType}` };
  }
  if (section === "monument") return { section: "monuments" };
  if (section === "pharaoh") return { section: "pharaohs" };
  return null;
}

/**
 * The board's elements the action `notation` of `seat` concerns (none for a notation it does not know).
 * @param {HTMLElement} root  the board root
 * @param {BaseView} base  the position the action was chosen in (the board shows it)
 * @param {number} seat
 * @param {string} notation
 * @returns {HTMLElement[]}
 */
export function whereIs(root, base, seat, notation) {
  const view = /** @type {WriteView} */ (base);
  const sheet = `.w-sheet[data-seat="${seat}"]`;
  /** @type {string[]} */
  const selectors = [];
  if (notation === "reveal") selectors.push(".w-deck-button", ".w-deck");
  else if (notation === "decline") selectors.push(sheet);
  const card = /^card(\d+)(?:>(.+))?$/.exec(notation);
  const bonus = /^bonus>(.+)$/.exec(notation);
  let target = null;
  if (card) {
    selectors.push(`.w-card[data-slot="${card[1]}"]`);
    const face = (view.face_up || []).find((f) => String(f.slot) === card[1]);
    if (card[2]) target = targetOf(view, seat, card[2], face?.type ?? null);
    else if (face && Object.hasOwn(WHOLE_SECTION, face.kind)) target = { section: WHOLE_SECTION[face.kind] };
  } else if (bonus) target = targetOf(view, seat, bonus[1], null);
  if (target && "key" in target) selectors.push(`${sheet} .ws-cell[data-key="${CSS.escape(target.key)}"]`);
  else if (target) selectors.push(`${sheet} .ws-sec[data-section="${CSS.escape(target.section)}"]`);
  const found = [];
  for (const selector of selectors) {
    const node = /** @type {HTMLElement | null} */ (root.querySelector(selector));
    if (node) found.push(node);
    if (node && selector === ".w-deck-button") break; // the deck's button is the deck
  }
  return found;
}
