// One area per player: name, score (or "hidden", docs/rules/ra.md R3), sun disks face up and face down, and the
// tiles they hold grouped as on the rules' summary (§1.1). The viewer's tiles are the choices of a War or
// Earthquake (§7) when the view's legal actions say so; an auction's bids are the auction panel's own buttons.

/** @typedef {import("../../common/types.js").BoardContext} BoardContext */
/** @typedef {import("./view_types.js").RaView} RaView */
/** @typedef {import("./view_types.js").RaLegalAction} RaLegalAction */
/** @typedef {import("../../common/moves.js").MoveMarks<RaLegalAction>} Marks */

import { el, icon } from "../../common/dom.js";
import { GROUPS, lookOf } from "./look.js";
import { disk, tile } from "./tiles.js";
import { t, tn } from "../../common/i18n.js";

/** A display group's scoring category, as the explanation names it (docs/VIEWS.md `epoch_scores`). */
/** @type {Record<string, string>} */
const CATEGORY_OF = {
  god: "gods", gold: "gold", pharaoh: "pharaohs", river: "river", civilization: "civilization", monument: "monuments",
};

/**
 * @param {RaView} view
 * @param {RaView | null} prev
 * @param {Marks} marks
 * @param {BoardContext} ctx
 */
export function renderPlayers(view, prev, marks, ctx) {
  const cards = [];
  for (let seat = 0; seat < view.num_players; seat += 1) cards.push(playerCard(view, prev, marks, ctx, seat));
  return el("section", { class: "players", "aria-label": t("Players") }, cards);
}

/**
 * @param {RaView} view
 * @param {RaView | null} prev
 * @param {Marks} marks
 * @param {BoardContext} ctx
 * @param {number} seat
 */
function playerCard(view, prev, marks, ctx, seat) {
  const isViewer = view.viewer === seat;
  const isCurrent = view.current_player === seat && view.phase !== "over";
  const auction = view.phase === "auction" ? view.auction : null;
  const classes = ["player"];
  if (isViewer) classes.push("viewer");
  if (isCurrent) classes.push("current");
  if (view.result?.winners?.includes(seat)) classes.push("winner");
  const score = view.scores?.[seat];
  const hidden = score === null || score === undefined;
  const header = el(
    "header",
    { class: "player-head" },
    isCurrent ? el("span", { class: "turn-dot", title: t("To act") }) : null,
    ctx.nameNode(view, seat),
    isViewer ? el("span", { class: "badge you" }, t("you")) : null,
    ctx.clockNode?.(seat) ?? null,
    auction && auction.ra_player === seat
      ? el("span", { class: "badge ra-player", title: t("Started this auction") }, icon("statue", "badge-icon"), "Ra")
      : null,
    el("span", { class: "score", title: hidden ? t("Hidden until the end (R3)") : t("Score") },
      hidden ? t("score hidden") : tn("{n} pt", "{n} pts", score)),
  );
  // Only the viewer's own things can be actions: legal actions are always the viewer's.
  const own = isViewer ? marks : null;
  return el("article", { class: classes.join(" "), dataset: { seat: String(seat) } },
    header, disks(view, prev, seat), tiles(view, prev, own, seat));
}

/**
 * @param {RaView} view
 * @param {RaView | null} prev
 * @param {number} seat
 */
function disks(view, prev, seat) {
  const own = view.disks?.[seat] || { face_up: [], face_down: [] };
  const before = new Set(prev?.disks?.[seat]?.face_down || own.face_down);
  const beforeUp = new Set(prev?.disks?.[seat]?.face_up || own.face_up);
  const bidNow = view.phase === "auction" ? view.auction?.bids?.find((b) => b.player === seat)?.disk : null;
  // Shown, not played: an auction's bids are the auction panel's buttons (js/games/ra/panels.js).
  const up = own.face_up.map((v) => disk(v, { fresh: !beforeUp.has(v), extraClass: v === bidNow ? "on-bid" : "" }));
  const down = own.face_down.map((v) => disk(v, { faceDown: true, fresh: !before.has(v) }));
  return el("div", { class: "disks" },
    el("div", { class: "disk-row", title: t("Face up: can bid this epoch") }, up.length ? up : el("span", { class: "none" }, t("no disk left this epoch"))),
    down.length ? el("div", { class: "disk-row down", title: t("Face down: used this epoch") }, down) : null);
}

/**
 * @param {RaView} view
 * @param {RaView | null} prev
 * @param {Marks | null} marks
 * @param {number} seat
 */
function tiles(view, prev, marks, seat) {
  const held = view.tiles?.[seat] || {};
  const had = prev?.tiles?.[seat] || held;
  const groups = [];
  for (const group of GROUPS) {
    const items = Object.keys(held).filter((k) => (held[k] || 0) > 0 && lookOf(k).group === group.key).map((k) => {
      const piece = tile(k, { count: held[k], fresh: (held[k] || 0) > (had[k] || 0), extraClass: lookOf(k).scarab ? "scarab" : "" });
      return marks ? marks.mark(piece, (a) => a.kind === "lose" && a.tile === k) : piece;
    });
    if (items.length) {
      const category = CATEGORY_OF[group.key];
      groups.push(el("div", { class: `tile-group g-${group.key}` },
        el("span", { class: "group-name", dataset: category ? { explain: category } : {} }, group.name()),
        el("div", { class: "tile-row" }, items)));
    }
  }
  return el("div", { class: "holdings", "aria-label": t("Tiles of {player}", { player: view.names?.[seat] ?? String(seat + 1) }) },
    groups.length ? groups : el("p", { class: "none" }, t("no tiles yet")));
}
