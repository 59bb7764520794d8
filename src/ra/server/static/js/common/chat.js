// A chat panel (docs/PROTOCOL.md, /ws/chat/{room}): the room's messages, a line to write in, canned messages for
// phones, a mute per sender (kept in this browser) and a report button that stores a message for the operator.
// Every message is shown as text, never as HTML.

import { call, errorWords } from "./account.js";
import { el, replaceChildren, toast } from "./dom.js";
import { seatName, t } from "./i18n.js";

/**
 * @typedef {{key: string, name: string}} Sender
 * @typedef {{type: "said", id: string, room: string, sender: Sender, text: string | null, canned: string | null, at: string}} Said
 */

const MUTED = "ra.chat.muted";
const MAX_LENGTH = 300;

/** The canned messages in the reader's language, by their keys. @returns {Record<string, string>} */
export function cannedWords() {
  return {
    hello: t("Hello!"),
    good_game: t("Good game!"),
    well_played: t("Well played!"),
    thinking: t("Thinking…"),
    thanks: t("Thanks!"),
    back_soon: t("Back in a moment."),
  };
}

/**
 * The muted senders of this browser.
 * @returns {Set<string>}
 */
function muted() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED) || "[]"));
  } catch {
    return new Set();
  }
}

/** @param {Set<string>} keys */
function keepMuted(keys) {
  try {
    localStorage.setItem(MUTED, JSON.stringify([...keys].slice(-500)));
  } catch {
    // storage off: the mute lasts as long as the page
  }
}

/**
 * The words of a chat error code (a mute's with its reason and end).
 * @param {string} code
 * @param {{reason?: string | null, until?: string | null}} [message]
 * @returns {string}
 */
function refusal(code, message = {}) {
  if (code === "muted") {
    const reason = String(message.reason ?? "");
    return message.until
      ? t("You may not chat until {until}: {reason}", { until: new Date(message.until).toLocaleString(), reason })
      : t("You may not chat: {reason}", { reason });
  }
  /** @type {Record<string, string>} */
  const words = {
    forbidden: t("Sign in, or open your seat's link, to chat."),
    too_many: t("Slow down: too many messages at once."),
    too_big: t("That message is too long."),
    bad_message: t("That message cannot be sent."),
    not_found: t("That message is gone."),
    unavailable: t("The server cannot store that now; try again."),
  };
  return words[code] ?? t("The chat refused that.");
}

/** One room's chat in a container of the page. */
export class ChatPanel {
  /**
   * @param {HTMLElement} box   where the panel is drawn
   * @param {string} room        "lobby" or a table's id
   * @param {string} [query]     the seat's query (`seat=N&token=T`) at a table
   */
  constructor(box, room, query = "") {
    this.box = box;
    this.room = room;
    this.query = query;
    this.muted = muted();
    /** @type {Said[]} */
    this.messages = [];
    /** @type {Sender | null} */
    this.me = null;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.list = el("ol", { class: "chat-messages", "aria-live": "polite" });
    this.input = el("input", { class: "chat-input", maxlength: String(MAX_LENGTH), "aria-label": t("Message"),
      placeholder: t("Say something…") });
    this.form = el("form", { class: "chat-form", on: { submit: (event) => {
      event.preventDefault();
      this.say({ text: this.input.value });
      this.input.value = "";
    } } }, this.input, el("button", { class: "btn small", type: "submit" }, t("Send")));
    const canned = cannedWords();
    this.cans = el("p", { class: "chat-canned" }, Object.entries(canned).map(([key, words]) =>
      el("button", { class: "btn small", type: "button", dataset: { canned: key }, on: { click: () => this.say({ canned: key }) } }, words)));
    this.note = el("p", { class: "chat-note" });
    replaceChildren(box, el("h2", {}, t("Chat")), this.list, this.form, this.cans, this.note);
    this.writable(false);
  }

  /** Connect (and reconnect after a loss). */
  start() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${window.location.host}/ws/chat/${encodeURIComponent(this.room)}${this.query ? `?${this.query}` : ""}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.addEventListener("message", (event) => this.receive(JSON.parse(String(event.data))));
    ws.addEventListener("close", () => {
      this.writable(false);
      setTimeout(() => this.start(), 3000);
    });
  }

  /** @param {boolean} can */
  writable(can) {
    this.form.hidden = !can;
    this.cans.hidden = !can;
    this.note.hidden = can;
    this.note.textContent = t("Sign in, or open your seat's link, to chat.");
  }

  /** @param {{text?: string, canned?: string}} what */
  say(what) {
    if (what.text !== undefined && !what.text.trim()) return;
    this.ws?.send(JSON.stringify({ type: "say", ...what }));
  }

  /** @param {any} message */
  receive(message) {
    if (message.type === "history") {
      this.me = message.you;
      this.messages = message.messages;
      this.writable(Boolean(message.can_send));
      this.draw();
    } else if (message.type === "said") {
      this.messages = [...this.messages, message].slice(-100);
      this.draw();
    } else if (message.type === "reported") {
      toast(t("Reported. Thank you."));
    } else if (message.type === "error") {
      toast(refusal(message.code, message), "error");
    }
  }

  draw() {
    // A seat nobody named speaks blank (key "s:<seat>"): its default name, as the board shows it.
    const nameOf = (/** @type {Sender} */ s) => s.name || seatName("", Number(s.key.slice(2)));
    const canned = cannedWords();
    const shown = this.messages.filter((m) => !this.muted.has(m.sender.key));
    replaceChildren(this.list, shown.map((m) => {
      const mine = this.me !== null && m.sender.key === this.me.key;
      const words = m.canned ? canned[m.canned] ?? m.canned : m.text ?? "";
      const actions = mine ? [] : [
        el("button", { class: "chat-mute", type: "button", title: t("Mute {name}", { name: nameOf(m.sender) }),
          on: { click: () => this.mute(m.sender.key) } }, t("Mute")),
        this.me ? el("button", { class: "chat-report", type: "button", title: t("Report this message"),
          on: { click: () => this.report(m.id) } }, t("Report")) : null,
        this.me?.key.startsWith("p:") && m.sender.key.startsWith("p:") ? el("button", { class: "chat-block",
          type: "button", title: t("Block {name}", { name: nameOf(m.sender) }),
          on: { click: () => void this.block(m.sender.key) } }, t("Block")) : null,
      ];
      return el("li", { class: `chat-message${mine ? " mine" : ""}`, dataset: { id: m.id, sender: m.sender.key } },
        el("strong", { class: "chat-name" }, nameOf(m.sender)), " ", el("span", { class: "chat-text" }, words), " ",
        el("small", { class: "chat-actions" }, actions));
    }));
    this.list.scrollTop = this.list.scrollHeight;
  }

  /** @param {string} key */
  mute(key) {
    this.muted.add(key);
    keepMuted(this.muted);
    this.draw();
  }

  /**
   * Block a signed-in sender (docs/MODERATION.md): the server no longer sends their messages to this account, nor
   * seats the two together through open seats; muted here at once.
   * @param {string} key  "p:<player id>"
   */
  async block(key) {
    try {
      await call("POST", "/api/account/blocks", { player: key.slice(2) });
      this.mute(key);
      toast(t("Blocked."));
    } catch (err) {
      toast(errorWords(err), "error");
    }
  }

  /** @param {string} id */
  report(id) {
    this.ws?.send(JSON.stringify({ type: "report", id }));
  }
}
