// Building blocks of the Ra board: tiles and sun disks. Whether one stands for a legal action is decided by the
// board (js/common/moves.js marks it), never here. Each carries its explanation key (`data-explain`: `tile:<kind>`,
// `sun_disk:<n>`): the page shows the engine's words about it on hover or tap.

import { el, icon } from "../../common/dom.js";
import { kindName, kindShort, lookOf } from "./look.js";
import { t } from "../../common/i18n.js";

/**
 * A tile of `kind`; `count` shows a badge; `fresh` plays the arrival animation.
 * @param {string} kind
 * @param {{count?: number | null, fresh?: boolean, extraClass?: string}} [options]
 * @returns {HTMLSpanElement}
 */
export function tile(kind, { count = null, fresh = false, extraClass = "" } = {}) {
  const label = count === null ? kindName(kind) : t("{tile} ×{n}", { tile: kindName(kind), n: count });
  const look = lookOf(kind);
  return el(
    "span",
    {
      class: `tile k-${kind} g-${look.group}${fresh ? " fresh" : ""} ${extraClass}`.trim(),
      "aria-label": label,
      dataset: { kind, explain: `tile:${kind}` },
    },
    icon(look.icon, "tile-icon"),
    el("span", { class: "tile-label" }, kindShort(kind)),
    count !== null && el("b", { class: "count" }, String(count)),
  );
}

/**
 * A sun disk; face down shows the number dimmed (it is public, only unusable this epoch).
 * @param {number} value
 * @param {{faceDown?: boolean, fresh?: boolean, extraClass?: string}} [options]
 * @returns {HTMLSpanElement}
 */
export function disk(value, { faceDown = false, fresh = false, extraClass = "" } = {}) {
  return el(
    "span",
    {
      class: `disk${faceDown ? " face-down" : ""}${fresh ? " fresh" : ""} ${extraClass}`.trim(),
      "aria-label": faceDown ? t("Sun disk {disk} (face down, used this epoch)", { disk: value }) : t("Sun disk {disk}", { disk: value }),
      dataset: { disk: String(value), explain: `sun_disk:${value}` },
    },
    el("span", { class: "disk-num" }, String(value)),
  );
}
