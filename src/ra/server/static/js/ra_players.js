// One area per player: name, score (or "hidden", rules/ra.md R3), sun disks face up and face down, and the
// tiles they hold grouped as on the rules' summary (§1.1). The viewer's own disks are the bid buttons of an
// auction, and their civilization/monument tiles are the choices of a War or Earthquake (§7).

import { el, icon } from "./dom.js";
import { GROUPS, SCARAB } from "./ra_kinds.js";
import { actionable, disk, tile } from "./ra_tiles.js";

export function renderPlayers(view, prev, legal, ctx) {
  const cards = [];
  for (let seat = 0; seat < view.num_players; seat += 1) cards.push(playerCard(view, prev, legal, ctx, seat));
  return el("section", { class: "players", "aria-label": "Players" }, cards);
}

function playerCard(view, prev, legal, ctx, seat) {
  const isViewer = view.viewer === seat;
  const isCurrent = view.current_player === seat && view.phase !== "over";
  const auction = view.phase === "auction" ? view.auction : null;
  const classes = ["player"];
  if (isViewer) classes.push("viewer");
  if (isCurrent) classes.push("current");
  if (view.result?.winners?.includes(seat)) classes.push("winner");

  const score = view.scores?.[seat];
  const header = el(
    "header",
    { class: "player-head" },
    isCurrent ? el("span", { class: "turn-dot", title: "To act" }) : null,
    ctx.nameNode(seat),
    isViewer ? el("span", { class: "badge you" }, "you") : null,
    auction && auction.ra_player === seat ? el("span", { class: "badge ra-player", title: "Started this auction" }, icon("statue", "badge-icon"), "Ra") : null,
    el("span", { class: "score", title: score === null || score === undefined ? "Hidden until the end (R3)" : "Score" },
      score === null || score === undefined ? "score hidden" : `${score} pts`),
  );
  return el("article", { class: classes.join(" "), dataset: { seat: String(seat) } }, header, disks(view, prev, legal, seat), tiles(view, prev, legal, seat));
}

function disks(view, prev, legal, seat) {
  const own = view.disks?.[seat] || { face_up: [], face_down: [] };
  const before = new Set(prev?.disks?.[seat]?.face_down || own.face_down);
  const beforeUp = new Set(prev?.disks?.[seat]?.face_up || own.face_up);
  const auction = view.phase === "auction" ? view.auction : null;
  const bidNow = auction?.bids?.find((b) => b.player === seat)?.disk;
  const mine = view.viewer === seat && view.phase === "auction" && auction?.to_act === seat;
  const up = own.face_up.map((v) => {
    const d = disk(v, { fresh: !beforeUp.has(v), extraClass: v === bidNow ? "on-bid" : "" });
    return actionable(d, `bid:${v}`, legal, mine);
  });
  const down = own.face_down.map((v) => disk(v, { faceDown: true, fresh: !before.has(v) }));
  return el("div", { class: "disks" },
    el("div", { class: "disk-row", title: "Face up: can bid this epoch" }, up.length ? up : el("span", { class: "none" }, "no disk left this epoch")),
    down.length ? el("div", { class: "disk-row down", title: "Face down: used this epoch" }, down) : null);
}

function tiles(view, prev, legal, seat) {
  const held = view.tiles?.[seat] || {};
  const had = prev?.tiles?.[seat] || held;
  const losing = view.phase === "disaster" && view.disaster?.player === seat && view.viewer === seat;
  const groups = [];
  for (const group of GROUPS) {
    const items = group.kinds.filter((k) => (held[k] || 0) > 0).map((k) => {
      const t = tile(k, { count: held[k], fresh: (held[k] || 0) > (had[k] || 0), extraClass: SCARAB.has(k) ? "scarab" : "" });
      if (losing && (group.key === "civilization" || group.key === "monument")) actionable(t, `lose:${k}`, legal, true);
      return t;
    });
    if (items.length) groups.push(el("div", { class: `tile-group g-${group.key}` }, el("span", { class: "group-name" }, group.name), el("div", { class: "tile-row" }, items)));
  }
  return el("div", { class: "holdings", "aria-label": `Tiles of ${view.names?.[seat] ?? seat}` },
    groups.length ? groups : el("p", { class: "none" }, "no tiles yet"));
}

