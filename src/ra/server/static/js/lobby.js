// The lobby: create a table (the form comes from GET /api/meta) and list the open, running and finished tables.
// Seat tokens are shown once after creation; what this browser keeps is the table's creator token (localStorage,
// per table), which recovers the invite links later ("Invite links", "My seat").

/** @typedef {import("./common/types.js").Meta} Meta */
/** @typedef {import("./common/types.js").GameMeta} GameMeta */
/** @typedef {import("./common/types.js").TableSummary} TableSummary */
/** @typedef {import("./common/types.js").SeatSummary} SeatSummary */
/** @typedef {import("./common/types.js").Created} Created */
/** @typedef {import("./lobby/form.js").SeatSpec} SeatSpec */

import { botLabel, shownName } from "./common/bots.js";
import { ApiError, api, gameMeta } from "./common/api.js";
import { byId, el, linkRow, replaceChildren } from "./common/dom.js";
import { canDraw } from "./games.js";
import { botChoices, defaultGame, defaultSeats, optionField, readOptions, readSeats, seatRow } from "./lobby/form.js";
import { paceFields, readPace } from "./lobby/pace.js";
import { createdTable, rememberCreated, storage } from "./common/seat.js";
import { afterCreate, startPeople } from "./lobby/people.js";
import { place, seatName, slot, t, tn, tp } from "./common/i18n.js";
import { startPage } from "./common/page.js";

/** A busy server can hold hundreds of tables: show the newest few unless the visitor asks for all. */
const LIST_LIMIT = 12;

/**
 * A seat of a table in the list, in words.
 * @param {SeatSummary} s
 */
function seatLabel(s) {
  if (s.kind === "bot") {
    return s.name ? shownName(s.name, s) : t("{name} ({bot})", { name: t("bot"), bot: botLabel(s.bot ?? "") });
  }
  const name = shownName(s.name, s) || tp("seat", "Seat {number}", { number: s.seat + 1 }); // a bot account: "(bot)"
  // A bot account's seat is its own once it accepted, before its program connects.
  const held = s.taken || /** @type {{account_bot?: boolean}} */ (s).account_bot;
  return held ? name : t("{name} (free)", { name });
}

/**
 * @param {unknown} err
 * @returns {string}
 */
function errorText(err) {
  if (err instanceof ApiError && err.unavailable) return t("The server cannot save anything right now (its storage is down); try again in a moment.");
  return err instanceof Error ? err.message : String(err);
}

/**
 * A table's status in words.
 * @param {string} status
 * @returns {string}
 */
function statusWord(status) {
  /** @type {Record<string, string>} */
  const words = { open: tp("table status", "open"), running: tp("table status", "running"), finished: tp("table status", "finished") };
  return words[status] ?? status;
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
    await startPage(["web", "common"]);
    try {
      this.meta = await api.meta();
    } catch (err) {
      this.showError(t("Cannot load the games: {reason}", { reason: errorText(err) }));
    }
    replaceChildren(this.gameSelect, (this.meta.games || []).map((g) => el("option", { value: g.name, disabled: !canDraw(g.name) },
      canDraw(g.name) ? g.title : t("{game} (coming soon)", { game: g.title }))));
    this.gameSelect.value = defaultGame(this.meta, canDraw)?.name ?? "";
    this.gameSelect.addEventListener("change", () => this.buildGameFields());
    this.buildGameFields();
    void startPeople(this.meta);
    this.learnLinks();
    byId("add-seat").addEventListener("click", () => this.addSeat());
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.create();
    });
    void this.refresh();
    setInterval(() => void this.refresh(), 5000);
  }

  /** Each game's tutorial and rules, as meta gives them (no game is named in the page). */
  learnLinks() {
    const links = (this.meta.games || []).filter((g) => canDraw(g.name)).flatMap((g) => [
      g.tutorial ? el("a", { href: `/learn/${encodeURIComponent(g.name)}`, class: "learn-link" }, t("Learn {game}", { game: g.title })) : null,
      g.rules ? el("a", { href: g.rules, class: "rules-link", target: "_blank", rel: "noopener" }, t("Rules of {game}", { game: g.title })) : null,
    ]).filter((link) => link !== null);
    const box = byId("learn-links");
    replaceChildren(box, links.length
      ? place(t("New to the games? Learn with a guided game, or read the rules: {links}", { links: slot("links") }),
        { links: el("span", { class: "learn-list" }, links.flatMap((link, i) => (i ? [" · ", link] : [link]))) })
      : null);
    box.hidden = links.length === 0;
    const puzzles = (this.meta.games || []).filter((g) => canDraw(g.name) && g.puzzles).map((g) =>
      el("a", { href: g.puzzles || "", class: "puzzle-link" }, t("{game} puzzles", { game: g.title })));
    const practice = byId("puzzle-links");
    replaceChildren(practice, puzzles.length
      ? place(t("Sharpen your play with puzzles from real games: {links}", { links: slot("links") }),
        { links: el("span", { class: "learn-list" }, puzzles.flatMap((link, i) => (i ? [" · ", link] : [link]))) })
      : null);
    practice.hidden = puzzles.length === 0;
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
    paceFields(byId("pace"), game);
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
    byId("seat-range").textContent = t("({minimum}–{maximum} players)", { minimum, maximum });
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
      const pace = readPace(byId("pace"));
      const answer = await api.create({ game: game.name, options: read.options, seats, ...(pace ? { pace } : {}) });
      const mine = seats.findIndex((s) => s.kind === "person");
      const me = seats[mine];
      if (me && me.kind === "person") this.local?.setItem("ra.name", me.name);
      if (answer.creator) rememberCreated(this.local, answer.id, { creator: answer.creator, mySeat: mine >= 0 ? mine : null });
      this.showCreated(answer, seats, mine);
      await afterCreate(answer, mine);
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
      return s && s.kind === "person" ? seatName(s.name, seat) : t("player");
    };
    replaceChildren(byId("created-links"),
      invites.filter((s) => s.seat !== mySeat).map((s) => linkRow(t("Seat {number}: {name}", { number: s.seat + 1, name: nameOf(s.seat) }),
        origin + s.invite, "invite")),
      linkRow(t("Spectators"), origin + answer.spectate, "spectate"));
    const go = /** @type {HTMLAnchorElement} */ (byId("go-seat"));
    go.href = mine?.invite ?? answer.spectate;
    go.textContent = mine ? t("Go to my seat →") : t("Watch the bots →");
    byId("created").hidden = false;
    byId("created").scrollIntoView({ behavior: "smooth" });
  }

  /**
   * Fetch the invite links of a table this browser created and show them under its list item.
   * @param {TableSummary} table
   * @param {HTMLElement} box
   */
  async inviteLinks(table, box) {
    const created = createdTable(this.local, table.id);
    if (!created) return;
    if (!box.hidden) {
      box.hidden = true;
      return;
    }
    try {
      const answer = await api.invites(table.id, created.creator);
      const origin = window.location.origin;
      // A seat a bot account holds has no link to share (its program plays it with its token).
      const botHeld = (/** @type {number} */ n) => /** @type {{account_bot?: boolean} | undefined} */ (table.seats?.[n])?.account_bot === true;
      replaceChildren(box, (answer.seats || []).filter((s) => s.invite && !botHeld(s.seat)).map((s) => {
        const name = table.seats?.[s.seat]?.name || t("player");
        const taken = table.seats?.[s.seat]?.taken === true;
        const label = s.seat === created.mySeat
          ? taken ? t("Seat {number} (you, taken)", { number: s.seat + 1 }) : t("Seat {number} (you)", { number: s.seat + 1 })
          : taken ? t("Seat {number} ({name}, taken)", { number: s.seat + 1, name }) : t("Seat {number} ({name})", { number: s.seat + 1, name });
        return linkRow(label, origin + s.invite, "invite");
      }), linkRow(t("Spectators"), `${origin}/t/${encodeURIComponent(table.id)}`, "spectate"));
    } catch (err) {
      replaceChildren(box, el("p", { class: "message" }, errorText(err)));
    }
    box.hidden = false;
  }

  /**
   * Go to the creator's own seat of a table (its link is recovered with the creator token).
   * @param {TableSummary} table
   */
  async goToMySeat(table) {
    const created = createdTable(this.local, table.id);
    if (!created || created.mySeat === null) return;
    try {
      const answer = await api.invites(table.id, created.creator);
      const mine = (answer.seats || []).find((s) => s.seat === created.mySeat && s.invite);
      window.location.assign(mine?.invite ?? `/t/${encodeURIComponent(table.id)}`);
    } catch (err) {
      this.showError(errorText(err));
    }
  }

  /**
   * @param {TableSummary} table
   * @param {Map<string, GameMeta>} games
   */
  tableItem(table, games) {
    const title = games.get(table.game)?.title ?? table.game;
    const links = [];
    const created = createdTable(this.local, table.id);
    const invites = el("div", { class: "table-invites", hidden: true });
    if (table.status === "finished") {
      links.push(el("a", { class: "btn small", href: `/replay/${encodeURIComponent(table.id)}` }, t("Replay")));
    } else if (table.status === "abandoned") {
      links.push(el("a", { class: "btn small", href: `/t/${encodeURIComponent(table.id)}` }, t("Watch")));
    } else {
      if (created && created.mySeat !== null) {
        links.push(el("button", { class: "btn small primary my-seat", type: "button", on: { click: () => void this.goToMySeat(table) } }, t("My seat")));
      }
      if (created && (table.seats || []).some((s) => s.kind === "person")) { // an all-bot table has nobody to invite
        links.push(el("button", { class: "btn small show-invites", type: "button", on: { click: () => void this.inviteLinks(table, invites) } },
          t("Invite links")));
      }
      links.push(el("a", { class: "btn small", href: `/t/${encodeURIComponent(table.id)}` }, t("Watch")));
    }
    return el("li", { class: `table-item status-${table.status}`, dataset: { id: table.id, status: table.status } },
      el("div", { class: "table-what" }, el("strong", {}, title), " ", el("span", { class: "table-id" }, table.id),
        el("span", { class: `status-pill ${table.status}` }, statusWord(table.status)),
        table.seq ? el("small", {}, " ", tn("{n} move", "{n} moves", table.seq)) : null),
      el("div", { class: "table-seats" }, (table.seats || []).map(seatLabel).join(" · ")),
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
      } } }, t("Show all {n}", { n: tables.length })))
      : null;
    replaceChildren(list, shown.map((table) => this.tableItem(table, games)), more);
  }

  async refresh() {
    try {
      const [open, running, finished, abandoned] = await Promise.all(["open", "running", "finished", "abandoned"].map((s) => api.tables(s)));
      /** @type {(a: TableSummary, b: TableSummary) => number} */
      const byNewest = (a, b) => String(b.updated || "").localeCompare(String(a.updated || ""));
      this.fillList("live-tables", [...open.tables, ...running.tables].sort(byNewest), t("No table yet — create one."));
      this.fillList("finished-tables", [...finished.tables, ...abandoned.tables].sort(byNewest), t("No finished game yet."));
      byId("refreshed").textContent = t("updated {time}", { time: new Date().toLocaleTimeString(document.documentElement.lang || undefined) });
    } catch (err) {
      byId("refreshed").textContent = t("cannot reach the server ({reason})", { reason: errorText(err) });
    }
  }
}

void new LobbyPage().start();
