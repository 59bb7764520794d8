// Draws the Ra table from a view (docs/VIEWS.md): the Ra track, the auction track, the central sun disk, the bag,
// the auction and disaster panels, and one area per player. The board is redrawn from scratch on every view —
// views are small and the server is the source of truth — and differences from the previous view are marked
// "fresh" so the eye catches what just happened.

import { el, icon, replaceChildren } from "./dom.js";
import { KINDS, kindName } from "./ra_kinds.js";
import { actionable, countsIn, disk, tile } from "./ra_tiles.js";
import { renderPlayers } from "./ra_players.js";
import { renderResult, renderScores } from "./ra_scores.js";

export { rulesPanel } from "./ra_rules.js";

export const GAME_TITLE = "Ra";
const AUCTION_SPACES = 8;
const RA_SPACES = 10;

const AUCTION_KIND = {
  ra_drawn: "a Ra tile was drawn",
  invoked_nonfull: "Ra was invoked",
  invoked_full: "Ra was invoked on a full track",
};

const nameOf = (view, seat) => view.names?.[seat] ?? `Player ${seat + 1}`;

/** Sum of a bag map, tolerating `bag_total` inside the map or beside it. */
export function bagTotal(view) {
  const bag = view.bag || {};
  if (typeof view.bag_total === "number") return view.bag_total;
  if (typeof bag.bag_total === "number") return bag.bag_total;
  return KINDS.reduce((sum, k) => sum + (bag[k] || 0), 0);
}

/** Who must act and what they are deciding, in words; `mine` when the viewer must act. */
export function describeTurn(view) {
  const seat = view.current_player;
  if (view.phase === "over" || seat === null || seat === undefined) {
    const winners = (view.result?.winners || []).map((s) => nameOf(view, s));
    return { text: winners.length ? `Game over — ${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}` : "Game over", mine: false };
  }
  const mine = view.viewer !== null && view.viewer === seat && (view.legal_actions || []).length > 0;
  const who = mine ? "You" : nameOf(view, seat);
  const verb = (you, other) => (mine ? you : other);
  let text;
  if (view.phase === "auction") {
    const a = view.auction || {};
    const high = a.high_bid ? `high bid ${a.high_bid} by ${nameOf(view, a.high_bidder)}` : "no bid yet";
    text = `${who} ${verb("bid", "is bidding")}: ${AUCTION_KIND[a.kind] || "auction"} (${high})`;
  } else if (view.phase === "gods") {
    text = `${who} ${verb("are", "is")} spending gods: take another tile or finish`;
  } else if (view.phase === "disaster") {
    const d = view.disaster || {};
    const parts = [];
    if (d.war) parts.push(`${d.war} civilization tile${d.war > 1 ? "s" : ""} (War)`);
    if (d.earthquake) parts.push(`${d.earthquake} monument${d.earthquake > 1 ? "s" : ""} (Earthquake)`);
    text = `${who} ${verb("choose", "is choosing")} the tiles to lose: ${parts.join(" and ") || "…"}`;
  } else {
    text = `${who} ${verb("draw", "draws")} a tile, ${verb("invoke", "invokes")} Ra or ${verb("spend", "spends")} gods`;
  }
  return { text, mine };
}

/** Render everything into `root`. ctx = {nameNode(seat), prev (previous view or null)}. */
export function render(root, view, ctx) {
  const prev = ctx.prev && ctx.prev.epoch === view.epoch ? ctx.prev : null;
  const legal = new Map((view.legal_actions || []).map((a) => [a.notation, a]));
  const mine = view.viewer !== null && view.viewer !== undefined && view.phase !== "over";
  const turn = describeTurn(view);
  replaceChildren(
    root,
    el(
      "div",
      { class: `status-bar${turn.mine ? " my-turn" : ""}`, "aria-live": "polite" },
      el("span", { class: "epoch" }, view.phase === "over" ? "Final" : `Epoch ${view.epoch} of 3`),
      el("span", { class: "turn-text" }, turn.text),
    ),
    el(
      "div",
      { class: "board" },
      raTrack(view, prev, legal, mine),
      el("div", { class: "board-middle" }, centralDisk(view, prev), auctionTrack(view, prev, legal, mine), bag(view, legal, mine)),
      decisionPanel(view, legal, mine),
    ),
    // At the end the result comes first: it is what everyone looks for.
    view.result ? renderResult(view) : null,
    renderPlayers(view, prev, legal, ctx),
    renderScores(view),
  );
}

function raTrack(view, prev, legal, mine) {
  const length = view.ra_track?.length ?? RA_SPACES;
  const filled = view.ra_track?.filled ?? 0;
  const before = prev?.ra_track?.filled ?? filled;
  const total = view.ra_track?.spaces ?? RA_SPACES;
  const unused = total - length;
  const spaces = [];
  for (let i = 0; i < total; i += 1) {
    const used = i - unused; // index among the spaces this player count uses
    const classes = ["ra-space"];
    if (i < unused) classes.push("unused");
    else if (used < filled) classes.push("filled");
    if (used === length - 1) classes.push("last");
    const fresh = used >= before && used < filled;
    spaces.push(
      el(
        "span",
        { class: classes.join(" "), title: i < unused ? "Not used with this many players" : `Ra space ${used + 1} of ${length}` },
        i >= unused && used < filled ? tile("ra", { fresh, extraClass: "ra-on-track" }) : null,
      ),
    );
  }
  const statue = actionable(
    el("button", { class: "ra-statue", type: "button", title: "Invoke Ra: start an auction (§3, §5)" },
      icon("statue", "statue-icon"), el("span", {}, "Invoke Ra")),
    "ra", legal, mine,
  );
  return el(
    "section",
    { class: "ra-track-wrap", "aria-label": "Ra track" },
    el("h3", {}, "Ra track ", el("small", {}, `${filled} / ${length} — the epoch ends when it is full`)),
    el("div", { class: "ra-track-row" }, el("div", { class: "ra-track" }, spaces), statue),
  );
}

function centralDisk(view, prev) {
  const value = view.central_disk;
  const fresh = prev && prev.central_disk !== value;
  return el(
    "section",
    { class: "central", "aria-label": "Central sun disk" },
    el("h3", {}, "Sun"),
    el("div", { class: "central-space" }, value !== null && value !== undefined ? disk(value, { fresh, extraClass: "big" }) : null),
    el("small", {}, "the auction winner takes it"),
  );
}

function auctionTrack(view, prev, legal, mine) {
  const lot = view.auction_track || [];
  // Tiles that were not there before: for each kind, the newest (extra) copies are fresh.
  const before = {};
  for (const k of prev?.auction_track || []) before[k] = (before[k] || 0) + 1;
  const seen = {};
  const spaces = [];
  for (let i = 0; i < AUCTION_SPACES; i += 1) {
    const kind = lot[i];
    if (kind === undefined) {
      spaces.push(el("span", { class: "auction-space empty" }));
      continue;
    }
    seen[kind] = (seen[kind] || 0) + 1;
    const fresh = prev !== null && seen[kind] > (before[kind] || 0);
    const t = tile(kind, { fresh });
    const space = el("span", { class: "auction-space" }, t);
    // With gods, a tile of the track is taken by clicking it (§6). Gods themselves can never be taken.
    if (kind !== "god" && (view.phase === "turn" || view.phase === "gods")) actionable(space, `god:${kind}`, legal, mine && hasGod(view));
    spaces.push(space);
  }
  return el(
    "section",
    { class: "auction-wrap", "aria-label": "Auction track" },
    el("h3", {}, "Auction track ", el("small", {}, `${lot.length} / ${AUCTION_SPACES}`)),
    el("div", { class: "auction-track" }, spaces),
  );
}

const hasGod = (view) => (view.tiles?.[view.viewer]?.god || 0) > 0 || view.phase === "gods";

function bag(view, legal, mine) {
  const total = bagTotal(view);
  const ra = view.bag?.ra || 0;
  const chance = total > 0 ? Math.round((100 * ra) / total) : 0;
  const button = actionable(
    el("button", { class: "bag-button", type: "button", title: "Draw a tile from the bag (§3)" },
      icon("bag", "bag-icon"), el("span", { class: "bag-count" }, String(total)), el("span", { class: "bag-verb" }, "Draw")),
    "draw", legal, mine,
  );
  const contents = countsIn(view.bag || {}, KINDS).map(([k, n]) => tile(k, { count: n, extraClass: "mini" }));
  return el(
    "section",
    { class: "bag", "aria-label": "Bag" },
    el("h3", {}, "Bag"),
    button,
    el("div", { class: "ra-chance", title: `${ra} Ra tiles among ${total}` },
      el("strong", {}, `${chance}%`), " chance the next draw is Ra"),
    el("details", { class: "bag-contents" }, el("summary", {}, "Tiles left by kind"), el("div", { class: "tile-grid" }, contents)),
  );
}

/** The panel under the tracks that belongs to the current decision: auction bids, spending gods, disasters. */
function decisionPanel(view, legal, mine) {
  if (view.phase === "auction" && view.auction) return auctionPanel(view, legal, mine);
  if (view.phase === "gods") {
    const done = actionable(el("button", { class: "btn done-button", type: "button" }, "Done spending gods"), "done", legal, mine);
    const pending = Object.entries(view.gods?.disasters || {});
    return el("section", { class: "decision gods-panel" },
      icon("god", "panel-icon god"),
      el("p", {}, `${nameOf(view, view.current_player)} spends gods: each takes one non-god tile from the auction track (§6).`),
      pending.length ? el("p", { class: "pending-disasters" }, "Disasters taken, resolved when done: ",
        pending.map(([k, n]) => `${kindName(k)} ×${n}`).join(", ")) : null,
      done);
  }
  if (view.phase === "disaster" && view.disaster) {
    const d = view.disaster;
    const parts = [];
    if (d.war) parts.push(`War: ${d.war} civilization tile${d.war > 1 ? "s" : ""}`);
    if (d.earthquake) parts.push(`Earthquake: ${d.earthquake} monument tile${d.earthquake > 1 ? "s" : ""}`);
    const you = mine && view.viewer === d.player;
    return el("section", { class: "decision disaster-panel" },
      icon("disaster", "panel-icon"),
      el("p", {}, `${you ? "Choose" : `${nameOf(view, d.player)} chooses`} the tiles to lose — ${parts.join("; ")} (§7).`,
        you ? " Click one of your highlighted tiles." : ""));
  }
  if (view.result) {
    return el("section", { class: "decision over-panel" }, el("p", {}, "The game is over: the result and every epoch's scoring are below."));
  }
  return el("section", { class: "decision hint" }, el("p", {}, turnHint(view, legal)));
}

/** What the player to act can do now, in words that point at the board. */
function turnHint(view, legal) {
  const godsToo = [...legal.keys()].some((n) => n.startsWith("god:"));
  const full = (view.auction_track?.length || 0) >= AUCTION_SPACES;
  if (full) return "The auction track is full: no drawing; invoke Ra with the statue or spend gods (§3).";
  const ways = ["draw from the bag", "invoke Ra with the statue"];
  if (godsToo) ways.push("click a tile on the auction track to take it with a god");
  const text = ways.join(", ").replace(/, ([^,]*)$/, " or $1");
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function auctionPanel(view, legal, mine) {
  const a = view.auction;
  const bids = new Map((a.bids || []).map((b) => [b.player, b.disk]));
  const order = [];
  for (let i = 1; i <= view.num_players; i += 1) order.push((a.ra_player + i) % view.num_players);
  const chips = order.map((seat) => {
    const acted = bids.has(seat);
    const value = bids.get(seat);
    let state = "waiting";
    if (acted) state = value === null || value === undefined ? "passed" : "bid";
    if (seat === a.to_act) state = "acting";
    return el("li", { class: `bid-chip ${state}${seat === a.high_bidder ? " high" : ""}` },
      el("span", { class: "bid-name" }, nameOf(view, seat), seat === a.ra_player ? " (Ra)" : ""),
      state === "bid" ? disk(value, { extraClass: "small" }) : el("span", { class: "bid-state" },
        state === "passed" ? "pass" : state === "acting" ? "…" : ""));
  });
  const pass = actionable(el("button", { class: "btn pass-button", type: "button" }, "Pass"), "pass", legal, mine && a.to_act === view.viewer);
  const forced = mine && a.to_act === view.viewer && !legal.has("pass") && (view.legal_actions || []).length > 0;
  return el("section", { class: "decision auction-panel", "aria-label": "Auction" },
    el("h3", {}, "Auction ", el("small", {}, AUCTION_KIND[a.kind] || "")),
    el("ol", { class: "bids" }, chips),
    mine && a.to_act === view.viewer
      ? el("p", { class: "your-bid" }, forced ? "You must bid (everyone else passed, §5): click one of your sun disks. " : "Click one of your glowing sun disks to bid, or ", forced ? null : pass)
      : null,
  );
}
export { actionIdFor } from "./ra_kinds.js";

/** A move ({player, notation, draws}) in words, for the replay page. */
export function moveText(move, view) {
  const who = nameOf(view, move.player);
  const [verb, arg] = String(move.notation ?? move.action ?? "").split(":");
  const drew = (move.draws || []).map(kindName).join(", ");
  const words = {
    draw: `drew ${drew || "a tile"}`,
    ra: "invoked Ra",
    pass: "passed",
    done: "finished spending gods",
    bid: `bid sun disk ${arg}`,
    god: `spent a god on ${kindName(arg)}`,
    lose: `lost ${kindName(arg)}`,
  }[verb];
  return `${who} ${words ?? move.notation}`;
}
