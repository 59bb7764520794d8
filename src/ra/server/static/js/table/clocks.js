// The players' clocks at the table (docs/PROTOCOL.md, "Clocks"): each seat's time (in a side panel, and on the seat's
// chip in the board, through the board context's `clockNode`), counted down in the page from the
// state message's `now` (the server's time) and the seat's `ends` (no message a second), whether a bot plays the
// seat while its person is away or since they left or lost, and the viewer's "I'm back" and "Leave the game".
// Nothing here names a game: the seats come from the table summary.

import { byId, el, replaceChildren } from "../common/dom.js";
import { t, tn } from "../common/i18n.js";

/**
 * @typedef {{left: number, ends: number | null}} SeatClock
 * @typedef {{pace: {kind: string, bank?: number, increment?: number, per_move?: number, timeout: string, level: string}, seats: SeatClock[]}} TableClock
 * @typedef {{seat: number, kind: string, name?: string, away?: boolean, out?: string | null}} ClockSeat
 */

/**
 * Seconds a seat has left at the page's time `nowMs`, given the server's time minus the page's (`offset`, s).
 * @param {SeatClock} clock
 * @param {number} offset
 * @param {number} nowMs
 */
export function secondsLeft(clock, offset, nowMs) {
  if (clock.ends === null) return Math.max(0, clock.left);
  return Math.max(0, clock.ends - (nowMs / 1000 + offset));
}

/**
 * A time left as people read it: "4:05" under an hour, "3 h 05 min" under a day, else "2 d 4 h".
 * @param {number} seconds
 */
export function formatLeft(seconds) {
  const s = Math.ceil(seconds);
  if (s < 3600) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  if (s < 86400) return t("{hours} h {minutes} min", { hours: Math.floor(s / 3600), minutes: String(Math.floor((s % 3600) / 60)).padStart(2, "0") });
  return t("{days} d {hours} h", { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600) });
}

/**
 * A seat's clock as it is shown, in words that say what the time is: the time left to move of the seat to move
 * (with, at a turn-based table, the deadline in the reader's locale), a live seat's time left on its clock, and
 * nothing for a turn-based seat not to move (each move gets its whole allowance: the pace says how much).
 * @param {SeatClock} clock
 * @param {string} kind  the pace's kind ("live" or "turn")
 * @param {number} offset  the server's time minus the page's, s
 * @param {number} nowMs  the page's time
 * @returns {{text: string, title: string, by?: string}}  `by`: a turn-based seat's deadline, in the reader's locale
 */
export function clockWords(clock, kind, offset, nowMs) {
  const time = formatLeft(secondsLeft(clock, offset, nowMs));
  if (clock.ends !== null) {
    const by = new Date((clock.ends - offset) * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
    return {
      text: t("{time} left to move", { time }),
      ...(kind === "live" ? {} : { by }),
      title: kind === "live" ? t("This player is to move: their clock is running (highlighted).")
        : t("This player is to move by {when}: their clock is running (highlighted).", { when: by }),
    };
  }
  if (kind !== "live") return { text: "", title: "" };
  return { text: t("{time} left", { time }), title: t("Time left on this player's clock: it runs while they are to move.") };
}

/**
 * The pace in words.
 * @param {TableClock["pace"]} pace
 */
export function paceWords(pace) {
  if (pace.kind === "live") {
    return t("Live: {bank} per player, +{increment} s a move.", { bank: formatLeft(pace.bank ?? 0), increment: pace.increment ?? 0 });
  }
  const hours = Math.round((pace.per_move ?? 0) / 3600);
  return hours % 24 === 0 ? tn("Turn-based: {n} day a move.", "Turn-based: {n} days a move.", hours / 24)
    : tn("Turn-based: {n} hour a move.", "Turn-based: {n} hours a move.", hours);
}

/**
 * What happens when time runs out, in words.
 * @param {string} timeout
 */
export function timeoutWords(timeout) {
  if (timeout === "skip") return t("When time runs out, the player is skipped.");
  if (timeout === "lose") return t("When time runs out, the player loses.");
  return t("When time runs out, a bot plays until the player returns.");
}

/**
 * A seat's state in words (empty: their own person plays it).
 * @param {ClockSeat} seat
 */
export function seatState(seat) {
  if (seat.out === "left") return t("left the game: a bot plays on");
  if (seat.out === "lost") return t("lost on time: a bot plays on");
  if (seat.away) return t("played by a bot while away");
  return "";
}

export class ClockPanel {
  /**
   * @param {(msg: {type: string}) => boolean} send
   */
  constructor(send) {
    this.send = send;
    this.root = byId("clocks");
    /** @type {TableClock | null} */
    this.clock = null;
    this.offset = 0;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.timer = null;
    /** @type {HTMLElement[]} */
    this.cells = [];
    /** @type {ClockSeat[]} */
    this.seats = [];
  }

  /** Wire the buttons. */
  start() {
    byId("back-button").addEventListener("click", () => this.send({ type: "back" }));
    const dialog = /** @type {HTMLDialogElement} */ (byId("leave-dialog"));
    byId("leave-button").addEventListener("click", () => dialog.showModal());
    byId("leave-no").addEventListener("click", () => dialog.close());
    byId("leave-yes").addEventListener("click", () => {
      dialog.close();
      this.send({ type: "leave" });
    });
  }

  /**
   * Show a new state's clocks and seats.
   * @param {{status: string, seats: ClockSeat[], clock?: TableClock | null} | null} table
   * @param {string[]} names
   * @param {number | null} mySeat
   * @param {number | undefined} now  the server's time when the message was sent
   */
  update(table, names, mySeat, now) {
    const playing = table !== null && ["open", "running"].includes(table.status);
    const mine = mySeat !== null && table ? table.seats[mySeat] : null;
    byId("back-button").hidden = !(playing && mine?.away);
    byId("leave-button").hidden = !(playing && mine && mine.kind === "person" && !mine.out);
    byId("me-state").textContent = mine ? seatState(mine) : "";
    this.clock = table?.clock ?? null;
    this.seats = table?.seats ?? [];
    if (now !== undefined) this.offset = now - Date.now() / 1000;
    const clock = this.clock;
    this.root.hidden = !clock && !(table?.seats ?? []).some((s) => s.away || s.out);
    if (!table) return;
    byId("pace-words").textContent = clock
      ? `${paceWords(clock.pace)} ${timeoutWords(clock.pace.timeout)} ${t("The highlighted clock runs: that player is to move.")}` : "";
    this.cells = [];
    replaceChildren(byId("clock-list"), table.seats.map((seat, i) => {
      const cell = el("span", { class: "seat-clock", dataset: { seat: String(i) } });
      this.cells.push(cell);
      const state = seatState(seat);
      return el("li", { class: "clock-row", dataset: { seat: String(i), away: String(Boolean(seat.away)), out: seat.out ?? "" } },
        el("bdi", { class: "player-name" }, names[i] ?? seat.name ?? ""), " ", cell,
        state ? el("small", { class: "seat-state" }, ` ${state}`) : "");
    }));
    this.tick();
    const running = playing && (clock?.seats ?? []).some((s) => s.ends !== null);
    if (running && this.timer === null) this.timer = setInterval(() => this.tick(), 1000);
    if (!running && this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /**
   * A seat's clock on its chip in the board (filled by `tick`); null at a table without a clock.
   * @param {number} seat
   * @returns {HTMLElement | null}
   */
  chip(seat) {
    if (!this.clock) return null;
    const node = el("span", { class: "badge chip-clock", dataset: { seat: String(seat) } });
    this.fill(node, seat);
    return node;
  }

  /**
   * @param {HTMLElement} node
   * @param {number} seat
   */
  fill(node, seat) {
    const clock = this.clock?.seats[seat];
    const away = this.seats[seat]?.away || Boolean(this.seats[seat]?.out);
    const said = clock && this.clock ? clockWords(clock, this.clock.pace.kind, this.offset, Date.now()) : { text: "", title: "" };
    node.textContent = [said.text, away ? t("(bot)") : ""].filter(Boolean).join(" ");
    node.hidden = !node.textContent;
    node.classList.toggle("running", Boolean(clock && clock.ends !== null));
    node.classList.toggle("away", away);
    node.title = [said.title, away ? seatState(this.seats[seat]) : ""].filter(Boolean).join(" ");
  }

  /** Count the running clocks down (page time only), in the panel and on the seats' chips. */
  tick() {
    const seats = this.clock?.seats ?? [];
    this.cells.forEach((cell, i) => {
      const clock = seats[i];
      const said = clock && this.clock ? clockWords(clock, this.clock.pace.kind, this.offset, Date.now()) : { text: "", title: "" };
      cell.textContent = said.text;
      cell.title = said.title;
      cell.classList.toggle("running", Boolean(clock && clock.ends !== null));
    });
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".chip-clock"))) {
      this.fill(node, Number(node.dataset.seat));
    }
  }
}
