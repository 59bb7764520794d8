// The lobby: create a table (the form comes from GET /api/meta) and list the open, running and finished tables.
// Seat tokens are shown once after creation; what this browser keeps is the table's creator token (localStorage,
// per table), which recovers the invite links later ("Invite links", "My seat").

/** @typedef {import("./common/types.js").Meta} Meta */
/** @typedef {import("./common/types.js").GameMeta} GameMeta */
/** @typedef {import("./common/types.js").TableSummary} TableSummary */
/** @typedef {import("./common/types.js").SeatSummary} SeatSummary */
/** @typedef {import("./common/types.js").Created} Created */
/** @typedef {import("./lobby/form.js").SeatSpec} SeatSpec */

import { ApiError, api, gameMeta } from "./common/api.js";
import { byId, el, linkRow, replaceChildren } from "./common/dom.js";
import { canDraw } from "./games.js";
import { botChoices, defaultGame, defaultSeats, optionField, readOptions, readSeats, seatRow } from "./lobby/form.js";
import { createdTable, rememberCreated, storage } from "./common/seat.js";

/** A busy server can hold hundreds of tables: show the newest few unless the visitor asks for all. */
const LIST_LIMIT = 12;
const UNAVAILABLE = "The server cannot save anything right now (its storage is down); try again in a moment.";

/**
 * A seat of a table in the list, in words.
 * @param {SeatSummary} s
 */
function seatLabel(s) {
  if (s.kind === "bot") return s.name && s.bot && s.name.includes(s.bot) ? s.name : `${s.name || "bot"} (${s.bot})`;
  return `${s.name || `Seat ${s.seat + 1}`}${s.taken ? "" : " (free)"}`;
}

/**
 * @param {unknown} err
 * @returns {string}
 */
function errorText(err) {
  if (err instanceof ApiError && err.unavailable) return UNAVAILABLE;
  return err instanceof Error ? err.message : String(err);
}

/** The lobby page. */
class LobbyPage {
  constructor() {
    /** @type {Meta} */
    this.meta = { games: [] };
    this.local = storage("localStorage");
    this.form = /** @type {HTMLFormElement} */ (byId("create-form"));
    this.gameSelect = /** @type {HTMLSelectElement} */ (byId("game"));
    this.seatList = byId("seats");
    /** @type {Record<string, boolean>} which lists show all their tables */
    this.showAll = { "live-tables": false, "finished-tables": false };
  }

  /** @returns {GameMeta | null} the selected game */
  game() {
    return gameMeta(this.meta, this.gameSelect.value);
  }

  /** Load meta, build the form, start listing. */
  async start() {
    try {
      this.meta = await api.meta();
    } catch (err) {
      this.showError(`Cannot load the games: ${errorText(err)}`);
    }
    replaceChildren(this.gameSelect, (this.meta.games || []).map((g) => el("option", { value: g.name, disabled: !canDraw(g.name) },
      canDraw(g.name) ? g.title : `${g.title} (coming soon)`)));
    this.gameSelect.value = defaultGame(this.meta, canDraw)?.name ?? "";
    this.gameSelect.addEventListener("change", () => this.buildGameFields());
    this.buildGameFields();
    byId("add-seat").addEventListener("click", () => this.addSeat());
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.create();
    });
    void this.refresh();
    setInterval(() => void this.refresh(), 5000);
  }

  /** The seats and options of the selected game. */
  buildGameFields() {
    const game = this.game();
    if (!game) return;
    const seats = defaultSeats(game, this.local?.getItem("ra.name") || "");
    replaceChildren(this.seatList, seats.map((s) => this.row(game, s)));
    const options = game.options || [];
    replaceChildren(byId("option-fields"), options.map(optionField));
    byId("options").hidden = options.length === 0;
    this.updateSeatButtons();
  }

  /**
   * @param {GameMeta} game
   * @param {SeatSpec} seat
   */
  row(game, seat) {
    const li = seatRow(game, seat, () => {
      if (this.seatList.children.length > game.players.minimum) li.remove();
      this.updateSeatButtons();
    });
    return li;
  }

  addSeat() {
    const game = this.game();
    if (!game || this.seatList.children.length >= game.players.maximum) return;
    this.seatList.append(this.row(game, { kind: "bot", bot: botChoices(game)[0]?.value ?? "" }));
    this.updateSeatButtons();
  }

  updateSeatButtons() {
    const game = this.game();
    if (!game) return;
    const { minimum, maximum } = game.players;
    const count = this.seatList.children.length;
    /** @type {HTMLButtonElement} */ (byId("add-seat")).disabled = count >= maximum;
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (this.seatList.querySelectorAll(".remove-seat"))) b.disabled = count <= minimum;
    byId("seat-range").textContent = `(${minimum}–${maximum} players)`;
  }

  /** @param {string} text */
  showError(text) {
    const box = byId("create-error");
    box.textContent = text;
    box.hidden = false;
  }

  async create() {
    byId("create-error").hidden = true;
    const game = this.game();
    if (!game) return;
    const read = readOptions(game.options || [], this.form);
    if ("error" in read) {
      this.showError(read.error);
      return;
    }
    const seats = readSeats(this.seatList);
    try {
      const answer = await api.create({ game: game.name, options: read.options, seats });
      const mine = seats.findIndex((s) => s.kind === "person");
      const me = seats[mine];
      if (me && me.kind === "person") this.local?.setItem("ra.name", me.name);
      if (answer.creator) rememberCreated(this.local, answer.id, { creator: answer.creator, mySeat: mine >= 0 ? mine : null });
      this.showCreated(answer, seats, mine);
      void this.refresh();
    } catch (err) {
      this.showError(errorText(err));
    }
  }

  /**
   * The invite links of the new table, the spectator link and "Go to my seat".
   * @param {Created} answer
   * @param {SeatSpec[]} seats
   * @param {number} mySeat
   */
  showCreated(answer, seats, mySeat) {
    const origin = window.location.origin;
    const invites = (answer.seats || []).filter((s) => s.invite);
    const mine = invites.find((s) => s.seat === mySeat);
    /** @param {number} seat */
    const nameOf = (seat) => {
      const s = seats[seat];
      return s && s.kind === "person" ? s.name : "player";
    };
    replaceChildren(byId("created-links"),
      invites.filter((s) => s.seat !== mySeat).map((s) => linkRow(`Seat ${s.seat + 1}: ${nameOf(s.seat)}`, origin + s.invite, "invite")),
      linkRow("Spectators", origin + answer.spectate, "spectate"));
    const go = /** @type {HTMLAnchorElement} */ (byId("go-seat"));
    go.href = mine?.invite ?? answer.spectate;
    go.textContent = mine ? "Go to my seat →" : "Watch the bots →";
    byId("created").hidden = false;
    byId("created").scrollIntoView({ behavior: "smooth" });
  }

  /**
   * Fetch the invite links of a table this browser created and show them under its list item.
   * @param {TableSummary} t
   * @param {HTMLElement} box
   */
  async inviteLinks(t, box) {
    const created = createdTable(this.local, t.id);
    if (!created) return;
    if (!box.hidden) {
      box.hidden = true;
      return;
    }
    try {
      const answer = await api.invites(t.id, created.creator);
      const origin = window.location.origin;
      replaceChildren(box, (answer.seats || []).filter((s) => s.invite).map((s) => {
        const taken = t.seats?.[s.seat]?.taken ? ", taken" : "";
        const who = s.seat === created.mySeat ? "you" : t.seats?.[s.seat]?.name || "player";
        return linkRow(`Seat ${s.seat + 1} (${who}${taken})`, origin + s.invite, "invite");
      }), linkRow("Spectators", `${origin}/t/${encodeURIComponent(t.id)}`, "spectate"));
    } catch (err) {
      replaceChildren(box, el("p", { class: "message" }, errorText(err)));
    }
    box.hidden = false;
  }

  /**
   * Go to the creator's own seat of a table (its link is recovered with the creator token).
   * @param {TableSummary} t
   */
  async goToMySeat(t) {
    const created = createdTable(this.local, t.id);
    if (!created || created.mySeat === null) return;
    try {
      const answer = await api.invites(t.id, created.creator);
      const mine = (answer.seats || []).find((s) => s.seat === created.mySeat && s.invite);
      window.location.assign(mine?.invite ?? `/t/${encodeURIComponent(t.id)}`);
    } catch (err) {
      this.showError(errorText(err));
    }
  }

  /**
   * @param {TableSummary} t
   * @param {Map<string, GameMeta>} games
   */
  tableItem(t, games) {
    const title = games.get(t.game)?.title ?? t.game;
    const links = [];
    const created = createdTable(this.local, t.id);
    const invites = el("div", { class: "table-invites", hidden: true });
    if (t.status === "finished") {
      links.push(el("a", { class: "btn small", href: `/replay/${encodeURIComponent(t.id)}` }, "Replay"));
    } else if (t.status === "abandoned") {
      links.push(el("a", { class: "btn small", href: `/t/${encodeURIComponent(t.id)}` }, "Watch"));
    } else {
      if (created && created.mySeat !== null) {
        links.push(el("button", { class: "btn small primary my-seat", type: "button", on: { click: () => void this.goToMySeat(t) } }, "My seat"));
      }
      if (created && (t.seats || []).some((s) => s.kind === "person")) { // an all-bot table has nobody to invite
        links.push(el("button", { class: "btn small show-invites", type: "button", on: { click: () => void this.inviteLinks(t, invites) } },
          "Invite links"));
      }
      links.push(el("a", { class: "btn small", href: `/t/${encodeURIComponent(t.id)}` }, "Watch"));
    }
    return el("li", { class: `table-item status-${t.status}`, dataset: { id: t.id, status: t.status } },
      el("div", { class: "table-what" }, el("strong", {}, `${title} `), el("span", { class: "table-id" }, t.id),
        el("span", { class: `status-pill ${t.status}` }, t.status), t.seq ? el("small", {}, ` ${t.seq} moves`) : null),
      el("div", { class: "table-seats" }, (t.seats || []).map(seatLabel).join(" · ")),
      el("div", { class: "table-links" }, links),
      invites);
  }

  /**
   * @param {string} id
   * @param {TableSummary[]} tables
   * @param {string} empty
   */
  fillList(id, tables, empty) {
    const list = byId(id);
    // A list whose invite links are open is left alone until they are closed, so the links do not vanish.
    if (list.querySelector(".table-invites:not([hidden])")) return;
    if (!tables.length) {
      replaceChildren(list, el("li", { class: "none" }, empty));
      return;
    }
    const games = new Map((this.meta.games || []).map((g) => [g.name, g]));
    const shown = this.showAll[id] ? tables : tables.slice(0, LIST_LIMIT);
    const more = tables.length > shown.length
      ? el("li", { class: "more" }, el("button", { class: "btn small", type: "button", on: { click: () => {
        this.showAll[id] = true;
        this.fillList(id, tables, empty);
      } } }, `Show all ${tables.length}`))
      : null;
    replaceChildren(list, shown.map((t) => this.tableItem(t, games)), more);
  }

  async refresh() {
    try {
      const [open, running, finished, abandoned] = await Promise.all(["open", "running", "finished", "abandoned"].map((s) => api.tables(s)));
      /** @type {(a: TableSummary, b: TableSummary) => number} */
      const byNewest = (a, b) => String(b.updated || "").localeCompare(String(a.updated || ""));
      this.fillList("live-tables", [...open.tables, ...running.tables].sort(byNewest), "No table yet — create one.");
      this.fillList("finished-tables", [...finished.tables, ...abandoned.tables].sort(byNewest), "No finished game yet.");
      byId("refreshed").textContent = `updated ${new Date().toLocaleTimeString()}`;
    } catch (err) {
      byId("refreshed").textContent = `cannot reach the server (${errorText(err)})`;
    }
  }
}

void new LobbyPage().start();
