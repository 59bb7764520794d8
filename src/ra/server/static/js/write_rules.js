// RA and Write: our own short summary of rules/ra-and-write.md for the rules panel, and the stable action ids of
// docs/WRITE_ACTIONS.md for the spaces a player may click although they are not legal (the engine then explains
// why, in its own words).

import { el } from "./dom.js";
import { cardLabel, typeName } from "./write_symbols.js";

const SECTIONS = [
  ["Goal", "§6", "Fill your scoresheet over three Kingdoms (Old, Middle, New) and have the most points at the end."],
  ["A turn", "§3", "The active player reveals cards until three non-Ra cards lie face up, chooses one and enters it. Then every other player, at the same time, chooses one of the two other cards (several may take the same one) and enters it."],
  ["Entries", "§2", "Gods: the number in any empty space. Pharaohs: the leftmost empty space. Nile: the number in any space, keeping the row non-decreasing left to right. Civilization: any space in the card's type column. Monuments: the topmost empty space of the card's column. A card with no legal space is lost."],
  ["Bonuses", "§2", "A Kingdom's third God → a Pharaoh; a Pharaoh on a Nile symbol → a Nile number of your choice (1–20); a full Nile part → any Civilization type; three marks in a Civilization line → any Monument; all eight Monument tops → an entry in any section (a God is written as 20). Each bonus symbol works once; you may decline a bonus."],
  ["Ra cards", "§4", "Ra cards are set aside. The third Ra of a Kingdom scores it at once; the ninth ends the game."],
  ["Kingdom scoring", "§5", "Gods: the Kingdom's sum, highest +5, lowest −5. Pharaohs: most +5, fewest −5. Nile: 1 per space. Civilization (the Kingdom's line): 0 marks −5, 3 → 5, 4 → 10, 5 → 15. Monuments: 1 per column with a mark."],
  ["End bonuses", "§6", "10 each for all Gods, all Pharaohs, all Nile spaces, a mark in all 8 Monument columns, and each full Monument column. A tie is broken by the God numbers from the highest down."],
  ["Kingdom-limited", "§2", "A table option: Gods and Civilization entries may only go in the current Kingdom."],
];

export function rulesPanel() {
  return el("div", { class: "rules-text" },
    el("p", { class: "rules-note" }, "Our own summary of rules/ra-and-write.md (section numbers in brackets)."),
    el("dl", {}, SECTIONS.map(([title, section, text]) => [
      el("dt", {}, title, " ", el("small", {}, `(${section})`)),
      el("dd", {}, text),
    ])));
}

const LINES = { old: 0, middle: 1, new: 2 };

/** The stable id of a card / reveal / decline notation (docs/WRITE_ACTIONS.md), or null. */
export function actionIdFor(notation) {
  const text = String(notation || "").replaceAll(" ", "").toLowerCase();
  if (text === "reveal") return 0;
  if (text === "decline") return 349;
  let m = /^card([1-3])$/.exec(text);
  if (m) return Number(m[1]);
  m = /^card([1-3])>god([1-9])$/.exec(text);
  if (m) return 4 + 9 * (Number(m[1]) - 1) + (Number(m[2]) - 1);
  m = /^card([1-3])>nile(\d{1,2})$/.exec(text);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return 31 + 12 * (Number(m[1]) - 1) + (Number(m[2]) - 1);
  m = /^card([1-3])>civ:(old|middle|new)$/.exec(text);
  if (m) return 67 + 3 * (Number(m[1]) - 1) + LINES[m[2]];
  return null;
}

/** A move ({player, notation, draws}) in words, for the replay page: "Ann: card 2 → Nile space 7". */
export function moveText(move, view) {
  const who = view.names?.[move.player] ?? `Player ${move.player + 1}`;
  return `${who}: ${notationText(String(move.notation ?? move.action ?? ""), move.draws || [])}`;
}

const LINE_NAMES = { old: "Old", middle: "Middle", new: "New" };

function notationText(text, draws) {
  if (text === "reveal") return `revealed ${draws.map((c) => (c === "ra" ? "Ra" : cardLabel(c))).join(", ") || "cards"}`;
  if (text === "decline") return "declined the bonus entry";
  let m = /^card(\d)$/.exec(text);
  if (m) return `took card ${m[1]}`;
  m = /^card(\d)>(god|nile)(\d+)$/.exec(text);
  if (m) return `card ${m[1]} → ${m[2] === "god" ? "Gods" : "Nile"} space ${m[3]}`;
  m = /^card(\d)>civ:(\w+)$/.exec(text);
  if (m) return `card ${m[1]} → Civilization, ${LINE_NAMES[m[2]] ?? m[2]} line`;
  m = /^bonus>god(\d)$/.exec(text);
  if (m) return `bonus: 20 in Gods space ${m[1]}`;
  if (text === "bonus>pharaoh") return "bonus: a Pharaoh";
  m = /^bonus>nile(\d+)=(\d+)$/.exec(text);
  if (m) return `bonus: ${m[2]} in Nile space ${m[1]}`;
  m = /^bonus>civ:(\w+):(\w+)$/.exec(text);
  if (m) return `bonus: ${typeName(m[2])} in the ${LINE_NAMES[m[1]] ?? m[1]} Civilization line`;
  m = /^bonus>monument:(\w+)$/.exec(text);
  if (m) return `bonus: a ${typeName(m[1])} Monument`;
  return text;
}
