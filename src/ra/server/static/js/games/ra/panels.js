// The Ra board's decision panels, under the tracks: the auction (bids in order, pass), spending gods (done), a
// disaster's choice, the end, and otherwise a hint read from the legal actions alone.

/** @typedef {import("./view_types.js").RaView} RaView */
/** @typedef {import("./view_types.js").RaLegalAction} RaLegalAction */
/** @typedef {import("../../common/moves.js").MoveMarks<RaLegalAction>} Marks */

import { standsIn } from "../../common/acting.js";
import { el, icon, nameEl } from "../../common/dom.js";
import { kindName } from "./look.js";
import { disk } from "./tiles.js";
import { place, slot, t, tn, tp, seatName } from "../../common/i18n.js";

/**
 * Why an auction runs, in words (the view's `auction.kind`).
 * @param {string} kind
 * @returns {string}
 */
export function auctionKind(kind) {
  /** @type {Record<string, string>} */
  const words = {
    ra_drawn: t("a Ra tile was drawn"),
    invoked_nonfull: t("Ra was invoked"),
    invoked_full: t("Ra was invoked with the auction track full"),
  };
  return words[kind] ?? "";
}

/**
 * @param {RaView} view
 * @param {number | null | undefined} seat
 */
export const nameOf = (view, seat) => (seat === null || seat === undefined ? "?"
  : seatName(view.names?.[seat], seat));

/**
 * "2 civilization tiles (War) and 1 monument (Earthquake)".
 * @param {{war: number, earthquake: number} | null} d
 * @param {string} fallback
 */
export function losses(d, fallback) {
  const war = d?.war ? tn("{n} civilization tile (War)", "{n} civilization tiles (War)", d.war) : "";
  const quake = d?.earthquake ? tn("{n} monument (Earthquake)", "{n} monuments (Earthquake)", d.earthquake) : "";
  if (war && quake) return t("{war} and {earthquake}", { war, earthquake: quake });
  return war || quake || fallback || "…";
}

/**
 * The panel under the tracks that belongs to the current decision: auction bids, spending gods, disasters.
 * @param {RaView} view
 * @param {Marks} marks
 */
export function decisionPanel(view, marks) {
  if (view.phase === "auction" && view.auction) return auctionPanel(view, view.auction, marks);
  if (view.phase === "gods") {
    const done = marks.mark(el("button", { class: "btn done-button", type: "button" }, t("Done spending gods")), (a) => a.kind === "done");
    const pending = Object.entries(view.gods?.disasters || {});
    return el("section", { class: "decision gods-panel" },
      icon("god", "panel-icon god"),
      el("p", {}, t("{player} spends gods: each takes one non-god tile from the auction track (§6).", { player: nameOf(view, view.current_player) })),
      pending.length ? el("p", { class: "pending-disasters" }, t("Disasters taken, resolved when done: {disasters}", {
        disasters: pending.map(([k, n]) => t("{tile} ×{n}", { tile: kindName(k), n })).join(", "),
      })) : null,
      done.dataset.move ? done : null);
  }
  if (view.phase === "disaster" && view.disaster) {
    const d = view.disaster;
    const you = marks.find((a) => a.kind === "lose").length > 0;
    return el("section", { class: "decision disaster-panel" },
      icon("disaster", "panel-icon"),
      el("p", {}, you ? t("Choose the tiles to lose — {losses} (§7). Tap or click one of your highlighted tiles.", { losses: losses(d, "") })
        : t("{player} chooses the tiles to lose — {losses} (§7).", { player: nameOf(view, d.player), losses: losses(d, "") })));
  }
  if (view.result) {
    return el("section", { class: "decision over-panel" }, el("p", {}, t("The game is over: the result and every epoch's scoring are below.")));
  }
  return el("section", { class: "decision hint" }, el("p", {}, turnHint(view, marks)));
}

/**
 * What the viewer can do now, in words that point at the board; read from the legal actions alone.
 * @param {RaView} view
 * @param {Marks} marks
 */
export function turnHint(view, marks) {
  const kinds = new Set(marks.legal.map((a) => a.kind));
  if (!kinds.size) {
    if (view.viewer === null) return t("You are watching.");
    // The viewer's own seat in the second person: its name ("You" in a tutorial) would not take the case it needs.
    if (standsIn(view, view.viewer)) return t("A bot plays for you now.");
    return view.current_player === view.viewer ? t("Waiting for you.") : t("Waiting for {player}.", { player: nameOf(view, view.current_player) });
  }
  // One whole sentence for each set of choices (a language orders and joins them its own way).
  /** @type {Record<string, () => string>} */
  const hints = {
    "draw invoke god": () => t("Draw from the bag, invoke Ra with the statue or choose a tile on the auction track to take it with a god."),
    "draw invoke": () => t("Draw from the bag or invoke Ra with the statue."),
    "draw god": () => t("Draw from the bag or choose a tile on the auction track to take it with a god."),
    draw: () => t("Draw from the bag."),
    "invoke god": () => t("No drawing now. Invoke Ra with the statue or choose a tile on the auction track to take it with a god."),
    invoke: () => t("No drawing now. Invoke Ra with the statue."),
    god: () => t("No drawing now. Choose a tile on the auction track to take it with a god."),
  };
  const key = /** @type {const} */ (["draw", "invoke", "god"]).filter((kind) => kinds.has(kind)).join(" ");
  return hints[key]?.() ?? "";
}

/**
 * The auction: a chip per player in bidding order, the pass button and the viewer's prompt.
 * @param {RaView} view
 * @param {import("./view_types.js").RaAuction} a
 * @param {Marks} marks
 */
function auctionPanel(view, a, marks) {
  const bids = new Map((a.bids || []).map((b) => [b.player, b.disk]));
  const order = [];
  for (let i = 1; i <= view.num_players; i += 1) order.push((a.ra_player + i) % view.num_players);
  const chips = order.map((seat) => {
    const value = bids.get(seat);
    let state = "waiting";
    if (bids.has(seat)) state = value === null || value === undefined ? "passed" : "bid";
    if (seat === a.to_act) state = "acting";
    return el("li", { class: `bid-chip ${state}${seat === a.high_bidder ? " high" : ""}` },
      el("span", { class: "bid-name" }, nameEl(nameOf(view, seat)), seat === a.ra_player ? " (Ra)" : ""),
      state === "bid" && typeof value === "number" ? disk(value, { extraClass: "small" }) : el("span", { class: "bid-state" },
        state === "passed" ? tp("a player's bid", "pass") : state === "acting" ? "…" : ""));
  });
  const canPass = marks.find((a) => a.kind === "pass").length > 0;
  const canBid = marks.find((a) => a.kind === "bid").length > 0;
  const pass = canPass ? marks.mark(el("button", { class: "btn pass-button", type: "button" }, t("Pass")), (x) => x.kind === "pass") : null;
  let prompt = null;
  if (canBid && canPass) {
    prompt = el("p", { class: "your-bid" }, place(t("Choose one of your glowing sun disks to bid, or {pass}", { pass: slot("pass") }), { pass }));
  } else if (canBid) prompt = el("p", { class: "your-bid" }, t("You must bid (everyone else passed, §5): choose one of your sun disks."));
  else if (canPass) prompt = el("p", { class: "your-bid" }, place(t("No disk of yours beats the high bid: {pass}", { pass: slot("pass") }), { pass }));
  return el("section", { class: `decision auction-panel${canBid || canPass ? " mine" : ""}`, "aria-label": t("Auction") },
    el("h3", {}, t("Auction"), " ", el("small", {}, auctionKind(a.kind))),
    el("ol", { class: "bids" }, chips),
    prompt,
    canBid ? bidDisks(view, marks) : null,
  );
}

/**
 * The viewer's face-up sun disks as the bid buttons, beside Pass: the decision's controls in one place, however
 * far below the board the viewer's own area is (a phone's first screen).
 * @param {RaView} view
 * @param {Marks} marks
 */
function bidDisks(view, marks) {
  const up = view.viewer === null ? [] : view.disks?.[view.viewer]?.face_up || [];
  return el("div", { class: "disk-row your-bids", title: t("Face up: can bid this epoch") },
    up.map((v) => marks.mark(disk(v), (a) => a.kind === "bid" && a.disk === v)));
}

/**
 * The question to ask before sending `notation`: a bid with the viewer's highest face-up sun disk (worth a second
 * look: it is the strongest bid this epoch, and the highest disk held breaks a tie at the end, §9.4); else null.
 * @param {import("../../common/types.js").BaseView} base
 * @param {string} notation
 * @returns {string | null}
 */
export function confirmMove(base, notation) {
  const view = /** @type {RaView} */ (base);
  const action = (view.legal_actions || []).find((a) => a.notation === notation);
  if (!action || action.kind !== "bid" || view.viewer === null || action.disk === undefined) return null;
  const up = view.disks?.[view.viewer]?.face_up || [];
  if (!up.length || action.disk < Math.max(...up)) return null;
  return t("Bid sun disk {disk}, your highest? If you win, it goes to the centre and the next auction's winner takes it.", { disk: action.disk });
}
