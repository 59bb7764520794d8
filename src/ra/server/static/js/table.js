// The table page shell, the same for every game: connection and reconnection, the move log, "your turn"
// notification, errors, renaming your seat and invite links; the story of the table: explanations of the board
// (js/common/explain.js), scorings announced (js/table/news.js), hints (js/table/hint.js), a second look before a
// risky move (js/table/confirm.js). The game's board (js/games.js) draws each view. Every click on the board goes
// through one delegated listener: an element with data-move is a legal action of the view, sent by its notation.
// Nothing else on the board is sent.

/** @typedef {import("./common/types.js").BaseView} BaseView */
/** @typedef {import("./common/types.js").Board} Board */
/** @typedef {import("./common/types.js").BoardModule} BoardModule */
/** @typedef {import("./common/types.js").Explanation} Explanation */
/** @typedef {import("./common/types.js").ExplainMessage} ExplainMessage */
/** @typedef {import("./common/types.js").StateMessage} StateMessage */
/** @typedef {import("./common/types.js").ErrorMessage} ErrorMessage */
/** @typedef {import("./common/types.js").LogEntry} LogEntry */
/** @typedef {import("./common/types.js").TableSummary} TableSummary */

import { seatNames } from "./common/bots.js";
import { api, gameMeta, idFromPath } from "./common/api.js";
import { ConfirmDialog } from "./table/confirm.js";
import { TableConnection, socketUrl } from "./table/connection.js";
import { byId, nameEl, replaceChildren, toast } from "./common/dom.js";
import { ExplainTips } from "./common/explain.js";
import { loadBoard } from "./games.js";
import { HintBox } from "./table/hint.js";
import { Announcer } from "./table/announce.js";
import { inviteRows } from "./table/invites.js";
import { invitedBots, showInvitations } from "./table/bot_invites.js";
import { ScoringPanel } from "./table/news.js";
import { createdTable, forgetSeat, storage, takeSeat } from "./common/seat.js";
import { ClockPanel } from "./table/clocks.js";
import { Beeper } from "./table/sound.js";
import { TurnAlert, canNotify, notifying, wantNotices } from "./common/notify.js";
import { logItems, readerOf } from "./common/move_log.js";
import { showRulesLink } from "./common/rules_links.js";
import { render, t, seatName } from "./common/i18n.js";
import { startPage, words } from "./common/page.js";
import { startPeople } from "./table/people.js";

/**
 * "mine" when the viewer must act, "other" while others do, "over" at the end.
 * @param {BaseView} view
 * @returns {"mine" | "other" | "over"}
 */
function turnState(view) {
  if (view.phase === "over") return "over";
  return (view.legal_actions || []).length > 0 ? "mine" : "other";
}

/** One table page: its connection, board and side panels. */
class TablePage {
  /**
   * @param {string} tableId
   * @param {number | null} seat
   * @param {string | null} token
   */
  constructor(tableId, seat, token) {
    this.tableId = tableId;
    this.seat = seat;
    this.token = token;
    this.boardRoot = byId("board");
    this.logList = byId("log");
    this.message = byId("message");
    this.soundBox = /** @type {HTMLInputElement} */ (byId("sound"));
    this.beeper = new Beeper();
    this.notifyBox = /** @type {HTMLInputElement} */ (byId("notify"));
    this.alert = new TurnAlert(storage("localStorage"));
    /** @type {Board | null} */
    this.board = null;
    /** @type {BoardModule | null} */
    this.module = null;
    /** @type {ExplainMessage | null} the engine's explanation of the latest view, once asked for and come */
    this.explained = null;
    /** @type {ExplainMessage | null} an explanation that came before the state of its seq */
    this.ahead = null;
    this.asked = false; // for the latest view
    /** @type {{name: string, shows: string[]}[]} the table options that show explanation fields, from /api/meta */
    this.helpers = [];
    /** @type {{view: BaseView, prev: BaseView | null} | null} what the board drew last */
    this.drawn = null;
    /** @type {string | null} why this page watches although it was opened with a seat link */
    this.notice = null;
    /** @type {Promise<Board | null> | null} the board's loading, shared by states that arrive meanwhile */
    this.loading = null;
    /** @type {BaseView | null} */
    this.prevView = null;
    this.title = "";
    this.wasMyTurn = false;
    this.lastLogSeq = -1;
    this.seenState = false;
    /** @type {TableSummary | null} */
    this.table = null;
    this.invitesShown = false;
    /** @type {number | null} the seq at which this seat may take back its last action, if it may */
    this.undoSeq = null;
    this.conn = new TableConnection(socketUrl(window.location, tableId, seat, token, true, true, true), seat, {
      onState: (msg) => { void this.onState(msg); },
      onError: (msg, retrying) => this.onError(msg, retrying),
      onStatus: (status) => this.onStatus(status),
      onHint: (msg) => this.hints.answer(msg),
      onExplain: (msg) => this.onExplain(msg),
    });
    this.tips = new ExplainTips(byId("play"), () => this.explanation(), () => this.askExplanation(),
      () => ({ seat: this.seat, names: this.prevView?.names ?? [] }));
    this.news = new ScoringPanel();
    this.confirm = new ConfirmDialog(storage("localStorage"));
    this.hints = new HintBox(this.boardRoot, () => this.conn.hint(), () => readerOf(this.prevView),
      (notation) => (this.prevView && this.seat !== null
        ? this.module?.whereIs?.(this.boardRoot, this.prevView, this.seat, notation) : null) ?? []);
    this.clocks = new ClockPanel((msg) => this.conn.send(msg));
    this.announcer = new Announcer(byId("announce"), this.boardRoot);
  }

  /** Wire the page's controls and connect. */
  start() {
    this.boardRoot.addEventListener("click", (event) => {
      const target = /** @type {Element} */ (event.target).closest("[data-move]");
      if (target instanceof HTMLElement && this.boardRoot.contains(target)) this.send(target);
    });
    this.boardRoot.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      const target = /** @type {Element} */ (event.target).closest("[data-move]");
      if (!(target instanceof HTMLElement) || target.tagName === "BUTTON") return; // buttons turn keys into clicks
      event.preventDefault();
      this.send(target);
    });
    byId("rename-form").addEventListener("submit", (event) => {
      event.preventDefault();
      void this.rename();
    });
    const local = storage("localStorage");
    this.soundBox.checked = local?.getItem("ra.sound") === "1";
    this.soundBox.addEventListener("change", () => {
      local?.setItem("ra.sound", this.soundBox.checked ? "1" : "0");
      if (this.soundBox.checked) this.beeper.beep(); // lets the browser unlock audio on this user gesture
    });
    byId("notify-toggle").hidden = this.seat === null || !canNotify();
    this.notifyBox.checked = notifying(local);
    this.notifyBox.addEventListener("change", () => {
      const wanted = this.notifyBox.checked; // asked on this click: the browser's permission prompt may follow
      void wantNotices(local, wanted).then((on) => {
        this.notifyBox.checked = on;
        if (wanted && !on) toast(t("This browser does not allow notifications from this site."), "error");
      });
    });
    byId("show-invites").addEventListener("click", () => void this.showInvites());
    byId("undo-button").addEventListener("click", () => this.undo());
    this.tips.start();
    this.confirm.start();
    this.hints.start();
    this.clocks.start();
    // Come back at once when the network or the tab returns, instead of waiting out the backoff.
    window.addEventListener("online", () => this.conn.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) this.conn.reconnectNow();
    });
    this.conn.connect();
  }

  /** @param {"connecting" | "open" | "closed"} status */
  onStatus(status) {
    const box = byId("conn");
    box.className = `conn conn-${status}`;
    box.textContent = { connecting: t("connecting…"), open: t("online"), closed: t("offline — reconnecting…") }[status];
  }

  /**
   * The board of `game`, loaded once.
   * @param {string} game
   * @returns {Promise<Board | null>}
   */
  boardFor(game) {
    this.loading ??= (async () => {
      const [module, meta] = await Promise.all([loadBoard(game), api.meta().catch(() => null), words([game])]);
      if (!module) return null;
      this.title = gameMeta(meta, game)?.title ?? game;
      showRulesLink(gameMeta(meta, game));
      this.helpers = (gameMeta(meta, game)?.options ?? []).filter((o) => o.scope === "table" && o.shows?.length)
        .map((o) => ({ name: o.name, shows: o.shows ?? [] }));
      this.module = module;
      replaceChildren(byId("rules-body"), module.rulesPanel());
      return module.createBoard(this.boardRoot, { nameNode, clockNode: (seat) => this.clocks.chip(seat) });
    })();
    return this.loading;
  }

  /** @param {StateMessage} msg */
  async onState(msg) {
    // Every name on the page is the seat's shown name: a bot's level in the reader's words.
    const view = { ...msg.view, names: seatNames(msg.view.names, (msg.table ?? this.table)?.seats) };
    this.seenState = true;
    this.board ??= await this.boardFor(view.game);
    if (!this.board) {
      this.showMessage(t("This page cannot draw the game “{game}” yet.", { game: view.game }));
      return;
    }
    if (view.viewer === null && this.seat !== null) this.watch();
    if (msg.table?.status === "abandoned") this.notice = t("Nobody played or watched this table for a long time: it was closed, and its moves are kept.");
    if (this.notice) this.showMessage(this.notice, "spectator");
    else if (this.conn.resends === 0) this.hideMessage();
    document.body.classList.remove("pending");
    this.table = msg.table ?? this.table;
    // Explanations come on demand (socketUrl's `ask`): one that came ahead of its state is kept for it.
    this.explained = msg.explain !== undefined && msg.explain !== null ? { type: "explain", seq: msg.seq, explain: msg.explain }
      : this.ahead?.seq === msg.seq ? this.ahead : null;
    if (this.ahead && this.ahead.seq <= msg.seq) this.ahead = null;
    this.asked = false;
    if (this.helpersOn().length) this.askExplanation(); // a helper shows fields of every view's explanation
    if (String(msg.seq) !== document.body.dataset.seq) this.confirm.close(); // asked about a position now gone
    const news = this.prevView && this.prevView.game === view.game ? this.module?.scoringNews?.(view, this.prevView) : null;
    this.drawn = { view, prev: this.prevView };
    this.clocks.update(this.table, view.names ?? [], this.seat, msg.now); // before the board: its chips show them
    this.board.render(this.shown(view), this.prevView, { explain: this.explanation() ?? null });
    this.prevView = view;
    if (news) this.news.show(news);
    this.tips.refresh();
    const fresh = this.lastLogSeq < 0 ? [] : (msg.log || []).filter((entry) => entry.seq > this.lastLogSeq);
    this.renderLog(msg.log || [], view);
    this.renderSide(view);
    this.notifyTurn(view);
    this.hints.update(this.seat !== null && this.table?.options?.hints === true && !this.closed(view), turnState(view) === "mine", msg.seq);
    // The server offers the undo to the seat that may take its action back now (ra.core.undo decides).
    this.undoSeq = msg.undo && this.seat !== null && msg.undo.player === this.seat ? msg.seq : null;
    byId("undo").hidden = this.undoSeq === null;
    this.announcer.update(fresh, view, turnState(view) === "mine" && !this.closed(view));
    // Hooks for the browser tests and for CSS: what the page currently shows.
    Object.assign(document.body.dataset, { seq: String(msg.seq), phase: view.phase, turn: turnState(view), status: this.table?.status ?? "" });
  }

  /**
   * The game is over or the table closed: nothing there can be played any more.
   * @param {BaseView} view
   */
  closed(view) {
    return view.phase === "over" || ["finished", "abandoned"].includes(this.table?.status ?? "");
  }

  /**
   * The view as the board draws it: a closed table's offers no action, so its board has no live control
   * (a finished game's view has none already; an abandoned table's may, and a move there would only be refused).
   * @param {BaseView} view
   * @returns {BaseView}
   */
  shown(view) {
    return this.closed(view) && (view.legal_actions || []).length ? { ...view, legal_actions: [] } : view;
  }

  /** @returns {Explanation | null | undefined} the latest view's explanation; undefined until it came */
  explanation() {
    const seq = this.conn.seq;
    return this.explained !== null && this.explained.seq === seq ? this.explained.explain : undefined;
  }

  /** Ask for the latest view's explanation (once per view). */
  askExplanation() {
    if (!this.asked) this.asked = this.conn.explain();
  }

  /** @returns {string[]} the explanation fields the table's helpers that are on show */
  helpersOn() {
    return this.helpers.filter((helper) => this.table?.options?.[helper.name] === true).flatMap((helper) => helper.shows);
  }

  /** @param {ExplainMessage} msg */
  onExplain(msg) {
    const seq = this.conn.seq ?? -1;
    if (msg.seq > seq) this.ahead = msg;
    if (msg.seq !== seq) return;
    this.explained = msg;
    const explain = /** @type {Record<string, unknown> | null} */ (msg.explain);
    // The board drew this view without its helpers' fields: draw it again if they show something.
    if (this.board && this.drawn && explain && this.helpersOn().some((field) => explain[field] !== null && explain[field] !== undefined)) {
      this.board.render(this.shown(this.drawn.view), this.drawn.prev, { explain: msg.explain });
      if (turnState(this.drawn.view) === "mine" && !this.closed(this.drawn.view)) this.announcer.focusDecision();
    }
    this.tips.refresh();
  }

  /**
   * @param {ErrorMessage} msg
   * @param {boolean} retrying
   */
  onError(msg, retrying) {
    document.body.classList.remove("pending");
    this.hints.failed();
    if (["forbidden", "bad_message"].includes(msg.code) && !this.seenState && this.seat !== null) {
      // The seat link does not work: the server lets this page watch instead, and says why.
      forgetSeat(this.tableId, storage("sessionStorage"));
      this.notice = msg.text ? render(msg.text, readerOf(this.prevView)) : `${msg.message}.`;
      this.watch();
    }
    const said = msg.text ? render(msg.text, readerOf(this.prevView)) : msg.message;
    let text = said;
    // "stale" means another action landed first; the fresh state is already on its way.
    if (msg.code === "stale") text = t("The table moved on before your move arrived — look again.");
    if (msg.code === "unavailable") {
      text = retrying ? t("The server cannot save moves right now; retrying…") : t("The server cannot save right now: {reason}", { reason: said });
    }
    this.showMessage(text, msg.code);
    if (!retrying || this.conn.resends <= 1) toast(text, "error");
  }

  /** Go on as a spectator (the seat link was refused). */
  watch() {
    this.seat = null;
    this.token = null;
    this.conn.watch(socketUrl(window.location, this.tableId, null, null, false, true, true));
    this.notice ??= t("This seat link does not work: you are watching as a spectator.");
  }

  /**
   * @param {string} text
   * @param {string} [code]
   */
  showMessage(text, code = "") {
    this.message.textContent = text;
    this.message.dataset.code = code;
    this.message.hidden = false;
  }

  hideMessage() {
    this.message.hidden = true;
  }

  /**
   * @param {LogEntry[]} entries
   * @param {BaseView} view
   */
  renderLog(entries, view) {
    this.logList.replaceChildren(...logItems(entries, view, this.lastLogSeq));
    if (entries.length) this.lastLogSeq = entries[entries.length - 1].seq;
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  /** @param {BaseView} view */
  renderSide(view) {
    byId("table-title").textContent = t("{game} · table {table}", { game: this.title, table: this.tableId });
    byId("me").hidden = this.seat === null;
    const input = /** @type {HTMLInputElement} */ (byId("rename-input"));
    if (this.seat !== null && document.activeElement !== input) input.value = view.names?.[this.seat] ?? "";
    byId("spectator-note").hidden = this.seat !== null;
    // The settings of a player's turns go with the last turn (and never concern a spectator).
    const playing = this.seat !== null && !this.closed(view);
    byId("confirm-toggle").hidden = !this.module?.confirmMove || !playing;
    byId("sound-toggle").hidden = !playing;
    const replay = byId("replay-link");
    replay.hidden = view.phase !== "over";
    replay.querySelector("a")?.setAttribute("href", `/replay/${encodeURIComponent(this.tableId)}`);
    const created = createdTable(storage("localStorage"), this.tableId);
    // Nobody to invite at a closed table, nor at one played by bots alone.
    const closed = ["finished", "abandoned"].includes(this.table?.status ?? "");
    byId("invites").hidden = !created || closed || !(this.table?.seats ?? []).some((s) => s.kind === "person");
    if (created && !this.invitesShown && this.table?.status === "open") void this.showInvites();
    showInvitations(byId("invite-list"), this.table, invitedBots(storage("localStorage"), this.tableId));
  }

  /** The invite links of the seats still free, recovered with this browser's creator token. */
  async showInvites() {
    const created = createdTable(storage("localStorage"), this.tableId);
    if (!created) return;
    this.invitesShown = true;
    const list = byId("invite-list");
    const local = storage("localStorage");
    replaceChildren(list, await inviteRows(this.tableId, created.creator, this.table, this.seat, local, () => this.table));
    showInvitations(list, this.table, invitedBots(local, this.tableId));
  }

  /** @param {BaseView} view */
  notifyTurn(view) {
    const mine = turnState(view) === "mine";
    document.body.classList.toggle("my-turn", mine);
    const over = view.phase === "over";
    document.title = mine ? t("● Your turn — {game}", { game: this.title }) : over ? t("Game over — {game}", { game: this.title })
      : t("{game} — table {table}", { game: this.title, table: this.tableId });
    if (mine && !this.wasMyTurn && this.soundBox.checked) this.beeper.beep();
    if (mine && !this.wasMyTurn) this.alert.turnCame(this.title, document.title);
    if (!mine) this.alert.stop();
    this.wasMyTurn = mine;
  }

  /** @param {HTMLElement} target */
  send(target) {
    const move = target.dataset.move;
    if (move === undefined || document.body.classList.contains("pending")) return;
    const question = this.prevView && this.confirm.wanted() ? this.module?.confirmMove?.(this.prevView, move) : null;
    if (question) this.confirm.ask(question, t("Yes, play it"), () => this.play(move));
    else this.play(move);
  }

  /** @param {string} move  a legal action's notation */
  play(move) {
    if (document.body.classList.contains("pending")) return;
    if (!this.conn.act(move)) {
      this.showMessage(t("You are offline; reconnecting…"));
      return;
    }
    document.body.classList.add("pending");
  }

  /** Take back this seat's last action (offered by the latest state), seen at that state's seq. */
  undo() {
    if (this.undoSeq === null || document.body.classList.contains("pending")) return;
    if (!this.conn.undo(this.undoSeq)) {
      this.showMessage(t("You are offline; reconnecting…"));
      return;
    }
    byId("undo").hidden = true; // until the next state offers it again
  }

  async rename() {
    const input = /** @type {HTMLInputElement} */ (byId("rename-input"));
    const name = input.value.trim();
    if (!name || this.seat === null) return;
    if (!this.conn.rename(name)) {
      try {
        await api.rename(this.tableId, this.seat, this.token ?? "", name);
      } catch (err) {
        toast(err instanceof Error ? err.message : String(err), "error");
        return;
      }
    }
    input.blur();
    toast(t("Name changed"));
  }
}

/**
 * The element naming a seat (names are text, never markup).
 * @param {BaseView} view
 * @param {number} seat
 */
function nameNode(view, seat) {
  return nameEl(seatName(view.names?.[seat], seat), "player-name");
}

const tableId = idFromPath(window.location.pathname);
const { seat, token } = takeSeat(tableId, window.location, storage("sessionStorage"), window.history);
void startPage(["web", "common"]).then(() => {
  new TablePage(tableId, seat, token).start();
  void startPeople(tableId, seat, token);
});
