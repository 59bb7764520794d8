// Draws the Ra table from a view (docs/VIEWS.md): the Ra track, the auction track, the central sun disk, the bag,
// the auction and disaster panels, and one area per player. The board is redrawn from scratch on every view —
// views are small and the server is the source of truth — and differences from the previous view are marked
// "fresh" so the eye catches what just happened. Clickable elements come only from the view's legal actions:
// draw → the bag, invoke → the statue, pass/done → their buttons, bid → the viewer's disk of that number,
// god → the auction-track tiles of that kind, lose → the viewer's tiles of that kind. Every tile, disk, track and
// scoring row carries its explanation key (`data-explain`, docs/VIEWS.md's keys of `explain`); with the table's
// lot-value helper, the auction track shows what its lot would change in each player's points this epoch.

/** @typedef {import("../../common/types.js").BaseView} BaseView */
/** @typedef {import("../../common/types.js").BoardContext} BoardContext */
/** @typedef {import("../../common/types.js").Board} Board */
/** @typedef {import("../../common/types.js").Extras} Extras */
/** @typedef {import("./view_types.js").RaView} RaView */
/** @typedef {import("./view_types.js").RaLegalAction} RaLegalAction */
/** @typedef {import("../../common/moves.js").MoveMarks<RaLegalAction>} Marks */

import { playsOwnSeat } from "../../common/acting.js";
import { el, icon, nameEl, replaceChildren } from "../../common/dom.js";
import { MoveMarks, otherMoves } from "../../common/moves.js";
import { decisionPanel, losses, nameOf } from "./panels.js";
import { place, slot, t, tn } from "../../common/i18n.js";
import { renderPlayers } from "./players.js";
import { renderResult, renderScores } from "./scores.js";
import { disk, tile } from "./tiles.js";

export { rulesPanel } from "./help.js";
export { confirmMove, turnHint } from "./panels.js";
export { scoringNews } from "./scores.js";
export { whereIs } from "./where.js";

/**
 * A board drawing Ra views into `root`.
 * @param {HTMLElement} root
 * @param {BoardContext} ctx
 * @returns {Board}
 */
export function createBoard(root, ctx) {
  return {
    render: (view, prev, extras) => render(root, /** @type {RaView} */ (view), /** @type {RaView | null} */ (prev), ctx, extras),
  };
}

/**
 * Who must act and what they are deciding, in words; `mine` when the viewer must act.
 * @param {RaView} view
 * @returns {{text: string, mine: boolean}}
 */
export function describeTurn(view) {
  const seat = view.current_player;
  if (view.phase === "over" || seat === null || seat === undefined) {
    const seats = view.result?.winners || [];
    const others = seats.filter((s) => s !== view.viewer).map((s) => nameOf(view, s));
    // The viewer's own seat is "you" with its own verb: "You wins" would read as a slip, in every language.
    if (view.viewer !== null && seats.includes(view.viewer)) {
      return { text: others.length ? t("Game over — you and {others} win", { others: { items: others } }) : t("Game over — you win"), mine: false };
    }
    return {
      text: others.length ? tn("Game over — {players} wins", "Game over — {players} win", others.length, { players: { items: others } })
        : t("Game over"),
      mine: false,
    };
  }
  const mine = view.viewer !== null && view.viewer === seat && (view.legal_actions || []).length > 0;
  // The viewer's own seat reads in the second person, unless a bot plays it for them.
  const yours = playsOwnSeat(view, seat);
  const player = nameOf(view, seat);
  if (view.phase === "auction") return { text: auctionTurn(view, yours, player), mine };
  if (view.phase === "gods") {
    return { text: yours ? t("You are spending gods: take another tile with a god, or stop") : t("{player} is spending gods on tiles of the auction track", { player }), mine };
  }
  if (view.phase === "disaster") {
    const lose = losses(view.disaster, "");
    return { text: yours ? t("You choose the tiles to lose: {losses}", { losses: lose }) : t("{player} is choosing the tiles to lose: {losses}", { player, losses: lose }), mine };
  }
  return { text: yours ? t("Your turn: draw a tile, invoke Ra or spend a god") : t("{player}'s turn: drawing a tile, invoking Ra or spending a god", { player }), mine };
}

/**
 * The auction's line: whose bid it is and what it has to beat, one whole sentence for each case (why the auction
 * runs is the auction panel's heading). The viewer's own bid reads as what to do, never "You bid: …" (a label, not
 * an instruction).
 * @param {RaView} view
 * @param {boolean} yours  the viewer is bidding now
 * @param {string} player  the bidder's name
 * @returns {string}
 */
function auctionTurn(view, yours, player) {
  const a = view.auction;
  const high = a?.high_bid ?? null;
  const bidder = a?.high_bidder ?? null;
  const top = bidder !== null && bidder === view.viewer;
  if (yours) {
    const kinds = new Set((view.legal_actions || []).map((x) => x.kind));
    if (kinds.has("bid") && !kinds.has("pass")) return t("Auction: everyone else passed, so you must bid one of your sun disks");
    if (high === null) return t("Auction: your bid — no bid yet; bid a sun disk or pass");
    if (!kinds.has("bid")) return t("Auction: your bid — no sun disk of yours beats {player}'s {disk}; pass", { player: nameOf(view, bidder), disk: high });
    return t("Auction: your bid — beat {player}'s sun disk {disk} or pass", { player: nameOf(view, bidder), disk: high });
  }
  if (high === null) return t("Auction: {player} is bidding — no bid yet", { player });
  if (top) return t("Auction: {player} is bidding — your sun disk {disk} is the high bid", { player, disk: high });
  return t("Auction: {player} is bidding — the high bid is {bidder}'s sun disk {disk}", { player, bidder: nameOf(view, bidder), disk: high });
}

/**
 * Render everything into `root`.
 * @param {HTMLElement} root
 * @param {RaView} view
 * @param {RaView | null} previous
 * @param {BoardContext} ctx
 * @param {Extras} [extras]
 */
function render(root, view, previous, ctx, extras) {
  const prev = previous && previous.epoch === view.epoch ? previous : null;
  const marks = new MoveMarks(view.legal_actions || []);
  const turn = describeTurn(view);
  // Built before the panels that list what is left: each marks the legal actions it stands for.
  const track = raTrack(view, prev, marks);
  const lot = lotHelper(view, extras?.explain?.lot_value ?? null);
  const middle = el("div", { class: "board-middle" }, centralDisk(view, prev), auctionTrack(view, prev, marks, lot), bag(view, marks));
  const players = renderPlayers(view, prev, marks, ctx);
  const panel = decisionPanel(view, marks);
  replaceChildren(
    root,
    el(
      "div",
      { class: `status-bar${turn.mine ? " my-turn" : ""}` },
      el("span", { class: "epoch" }, view.phase === "over" ? t("Final")
        : view.epochs ? t("Epoch {epoch} of {epochs}", { epoch: view.epoch, epochs: view.epochs }) : t("Epoch {epoch}", { epoch: view.epoch })),
      el("span", { class: "turn-text", dataset: { announce: "" } }, turn.text),
    ),
    el("div", { class: "board" }, track, middle, panel, otherMoves(marks.rest())),
    // At the end the result comes first: it is what everyone looks for.
    view.result ? renderResult(view) : null,
    players,
    renderScores(view),
  );
}

/**
 * The Ra track: all its spaces, the first `spaces − length` hatched (unused with this many players).
 * @param {RaView} view
 * @param {RaView | null} prev
 * @param {Marks} marks
 */
function raTrack(view, prev, marks) {
  const { length, filled, spaces: total } = view.ra_track;
  const before = prev?.ra_track?.filled ?? filled;
  const unused = total - length;
  const spaces = [];
  for (let i = 0; i < total; i += 1) {
    const used = i - unused; // index among the spaces this player count uses
    const classes = ["ra-space"];
    if (i < unused) classes.push("unused");
    else if (used < filled) classes.push("filled");
    if (used === length - 1) classes.push("last");
    const fresh = used >= before && used < filled;
    spaces.push(el("span", { class: classes.join(" "), title: i < unused ? t("Not used with this many players") : t("Ra space {number} of {count}", { number: used + 1, count: length }) },
      i >= unused && used < filled ? tile("ra", { fresh, extraClass: "ra-on-track" }) : null));
  }
  // A finished game keeps no live control (nothing to click that would only be refused): no statue to invoke Ra with.
  const statue = view.phase === "over" ? null : marks.mark(
    el("button", { class: "ra-statue", type: "button", title: t("Invoke Ra: start an auction (§3, §5)") },
      icon("statue", "statue-icon"), el("span", {}, t("Invoke Ra"))),
    (a) => a.kind === "invoke",
  );
  if (statue) statue.disabled = !statue.dataset.move;
  return el(
    "section",
    { class: "ra-track-wrap", "aria-label": t("Ra track") },
    el("h3", { dataset: { explain: "ra_track" } }, t("Ra track"), " ",
      el("small", {}, t("{filled} / {length} — the epoch ends when it is full", { filled, length }))),
    el("div", { class: "ra-track-row" },
      el("div", { class: "ra-track", style: { "--spaces": String(total) }, dataset: { explain: "ra_track" } }, spaces), statue),
  );
}

/**
 * @param {RaView} view
 * @param {RaView | null} prev
 */
function centralDisk(view, prev) {
  const value = view.central_disk;
  const fresh = prev !== null && prev.central_disk !== value;
  const sun = value !== null && value !== undefined ? disk(value, { fresh, extraClass: "big" }) : null;
  if (sun) sun.dataset.explain = "central_disk";
  return el(
    "section",
    { class: "central", "aria-label": t("Central sun disk") },
    el("h3", { dataset: { explain: "central_disk" } }, t("Sun")),
    el("div", { class: "central-space", dataset: { explain: "central_disk" } }, sun),
    el("small", {}, t("the auction winner takes it")),
  );
}

/**
 * The auction track: its tiles (each a god target when the viewer may spend a god on its kind), then its empty
 * spaces when the view gives the track's size.
 * @param {RaView} view
 * @param {RaView | null} prev
 * @param {Marks} marks
 * @param {HTMLElement | null} lot  the lot-value helper, if the table shows it
 */
function auctionTrack(view, prev, marks, lot) {
  const tiles = view.auction_track || [];
  const size = view.auction_track_spaces ?? null;
  // Tiles that were not there before: for each kind, the newest (extra) copies are fresh.
  /** @type {Record<string, number>} */
  const before = {};
  for (const k of prev?.auction_track || []) before[k] = (before[k] || 0) + 1;
  /** @type {Record<string, number>} */
  const seen = {};
  const spaces = tiles.map((kind) => {
    seen[kind] = (seen[kind] || 0) + 1;
    const fresh = prev !== null && seen[kind] > (before[kind] || 0);
    return marks.mark(el("span", { class: "auction-space" }, tile(kind, { fresh })), (a) => a.kind === "god" && a.tile === kind);
  });
  for (let i = tiles.length; i < (size ?? 0); i += 1) spaces.push(el("span", { class: "auction-space empty" }));
  // Without the track's size in the view, the spaces simply follow one another (no empty spaces to draw).
  const track = size === null
    ? el("div", { class: "auction-track open-ended" }, spaces.length ? spaces : el("span", { class: "auction-space empty" }, t("empty")))
    : el("div", { class: "auction-track", style: { "--spaces": String(size) } }, spaces);
  track.dataset.explain = "auction_track";
  const count = size === null ? tn("{n} tile", "{n} tiles", tiles.length) : `${tiles.length} / ${size}`;
  return el(
    "section",
    { class: "auction-wrap", "aria-label": t("Auction track") },
    el("h3", { dataset: { explain: "auction_track" } }, t("Auction track"), " ", el("small", {}, count)),
    track,
    lot,
  );
}

/**
 * The lot-value helper: what winning the auction track's lot now would change in each player's points this epoch.
 * @param {RaView} view
 * @param {number[] | null} values  per seat (the engine's `lot_value`); null: not shown
 * @returns {HTMLElement | null}
 */
function lotHelper(view, values) {
  if (!values || !view.auction_track?.length) return null;
  const items = values.map((value, seat) => el("li", { class: `lot-value ${value > 0 ? "pos" : value < 0 ? "neg" : "zero"}`, dataset: { seat: String(seat) } },
    seat === view.viewer ? t("you") : nameEl(nameOf(view, seat)), " ", el("b", {}, value > 0 ? `+${value}` : String(value))));
  return el("div", { class: "lot-helper", "aria-label": t("Lot value") },
    el("span", { class: "lot-title" }, t("This lot would give this epoch:")), el("ul", { class: "lot-values" }, items));
}

/**
 * The bag (the draw action) with its count, the chance of Ra and the tiles left by kind.
 * @param {RaView} view
 * @param {Marks} marks
 */
function bag(view, marks) {
  const total = view.bag_total;
  const ra = view.bag?.ra || 0;
  const chance = total > 0 ? Math.round((100 * ra) / total) : 0;
  // The contents stay to be looked at; a finished game has no draw to offer nor a chance of the next one (item 8).
  const contents = Object.entries(view.bag || {}).filter(([, n]) => n > 0).map(([k, n]) => tile(k, { count: n, extraClass: "mini" }));
  const left = el("details", { class: "bag-contents" }, el("summary", {}, t("Tiles left by kind")), el("div", { class: "tile-grid" }, contents));
  if (view.phase === "over") {
    return el("section", { class: "bag over", "aria-label": t("Bag") },
      el("h3", { dataset: { explain: "bag" } }, t("Bag")),
      el("p", { class: "bag-left", dataset: { explain: "bag" } }, tn("{n} tile left in the bag", "{n} tiles left in the bag", total)), left);
  }
  const button = marks.mark(
    el("button", { class: "bag-button", type: "button", title: t("Draw a tile from the bag (§3)") },
      icon("bag", "bag-icon"), el("span", { class: "bag-count" }, String(total)), el("span", { class: "bag-verb" }, t("Draw"))),
    (a) => a.kind === "draw",
  );
  button.disabled = !button.dataset.move;
  button.dataset.explain = "bag";
  return el(
    "section",
    { class: "bag", "aria-label": t("Bag") },
    el("h3", { dataset: { explain: "bag" } }, t("Bag")),
    button,
    el("div", { class: "ra-chance", dataset: { explain: "bag" } },
      place(t("{chance} chance the next draw is Ra", { chance: slot("chance") }), { chance: el("strong", {}, t("{percent}%", { percent: chance })) })),
    left,
  );
}
