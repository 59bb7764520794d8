// Building blocks of the Ra board: tiles, sun disks and "actionable" marks. An element that stands for an action
// carries data-notation; if the action is legal for the viewer it also carries data-action-id and the class
// "legal". The page shell handles every click through one delegated listener (js/table.js).

import { el, icon } from "./dom.js";
import { groupOf, iconOf, kindName, kindShort } from "./ra_kinds.js";

/** A tile of `kind`; `count` shows a badge; `fresh` plays the arrival animation. */
export function tile(kind, { count = null, fresh = false, extraClass = "" } = {}) {
  const label = count === null ? kindName(kind) : `${kindName(kind)} ×${count}`;
  return el(
    "span",
    {
      class: `tile k-${kind} g-${groupOf(kind)}${fresh ? " fresh" : ""} ${extraClass}`.trim(),
      title: label,
      "aria-label": label,
      dataset: { kind },
    },
    icon(iconOf(kind), "tile-icon"),
    el("span", { class: "tile-label" }, kindShort(kind)),
    count !== null && el("b", { class: "count" }, String(count)),
  );
}

/** A sun disk; face down shows the number dimmed (it is public, only unusable this epoch). */
export function disk(value, { faceDown = false, fresh = false, extraClass = "" } = {}) {
  return el(
    "span",
    {
      class: `disk${faceDown ? " face-down" : ""}${fresh ? " fresh" : ""} ${extraClass}`.trim(),
      title: faceDown ? `Sun disk ${value} (face down, used this epoch)` : `Sun disk ${value}`,
      dataset: { disk: String(value) },
    },
    el("span", { class: "disk-num" }, String(value)),
  );
}

/**
 * Mark `node` as the board element of an action. `legal` maps notation → legal-action entry. Only elements of
 * the viewer's own decisions are marked at all (`mine`), so a spectator's board has nothing to click.
 */
export function actionable(node, notation, legal, mine = true) {
  if (!mine) return node;
  node.dataset.notation = notation;
  const entry = legal.get(notation);
  if (entry) {
    node.dataset.actionId = String(entry.id);
    node.classList.add("legal");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
  } else {
    node.classList.add("tryable");
  }
  return node;
}

/** Tile counts by kind from a `{kind: n}` map, in our canonical display order, skipping zeros and totals. */
export function countsIn(map, order) {
  return order.filter((k) => (map?.[k] || 0) > 0).map((k) => [k, map[k]]);
}
