// The account page's Bots section (docs/BOT_API.md; docs/UI.md, "Bots"): make a bot account, turn this account into
// one, and per bot its tokens: each with its label, scopes, when it was made and last used, and "Revoke"; "Create a
// token" shows the new token once, with a Copy button. The token lives only in this object until the page is left:
// never in storage, never in the address.

import { call, errorWords } from "../common/account.js";
import { byId, copyText, el, nameEl, replaceChildren, toast } from "../common/dom.js";
import { place, slot, t } from "../common/i18n.js";
import { SCOPES, isBot, scopeWord, tokenRequest, whenWords } from "./bot_data.js";

/**
 * @typedef {import("./bot_data.js").Bot} Bot
 * @typedef {import("./bot_data.js").BotList} BotList
 * @typedef {import("./bot_data.js").BotToken} BotToken
 * @typedef {import("./bot_data.js").NewBot} NewBot
 * @typedef {import("./bot_data.js").NewToken} NewToken
 * @typedef {import("../common/account.js").Account} Account
 */

/** @param {string} name */
const botPath = (name) => `/api/account/bots/${encodeURIComponent(name)}`;

/** A scope's check box of the token form (both ticked at first). */
const SCOPE_HELP = /** @type {Record<string, () => string>} */ ({
  play: () => t("play: accept invitations and move at its tables"),
  read: () => t("read: see its account, invitations and games"),
});

/** The Bots section of the account page. */
export class BotsPanel {
  /** @param {() => void} changed  the account itself changed (it became a bot): the page draws it again */
  constructor(changed) {
    this.changed = changed;
    this.list = byId("bot-list");
    this.error = byId("bots-error");
    /** @type {Account | null} */
    this.me = null;
    /** @type {{bot: string, token: NewToken} | null} the token just made, shown until the page is left */
    this.fresh = null;
  }

  /** Wire the section's two forms (once). */
  start() {
    const make = /** @type {HTMLFormElement} */ (byId("bot-form"));
    make.addEventListener("submit", (event) => {
      event.preventDefault();
      const name = String(new FormData(make).get("name") ?? "").trim();
      this.act(async () => {
        const made = /** @type {NewBot} */ (await call("POST", "/api/account/bots", { name }));
        make.reset();
        toast(t("The bot account {name} is made: give it a token below.", { name: made.name }));
        await this.draw();
      });
    });
    const become = /** @type {HTMLFormElement} */ (byId("become-bot-form"));
    become.addEventListener("submit", (event) => {
      event.preventDefault();
      const password = String(new FormData(become).get("password") ?? "");
      if (!window.confirm(t("Turn this account into a bot for good? It can no longer sign in with its password."))) return;
      this.act(async () => {
        await call("POST", "/api/account/bot", { password });
        become.reset();
        toast(t("This account is a bot now: it plays through the Bot API with its tokens."));
        this.changed();
      });
    });
  }

  /**
   * Draw the section for the signed-in account.
   * @param {Account} me
   */
  async show(me) {
    this.me = me;
    this.error.hidden = true;
    await this.draw();
  }

  /** The bots and their tokens, from the server. */
  async draw() {
    /** @type {BotList} */
    let answer;
    try {
      answer = /** @type {BotList} */ (await call("GET", "/api/account/bots"));
    } catch (err) {
      this.fail(err);
      return;
    }
    const bots = answer.bots ?? [];
    const self = this.me !== null && (this.me.kind === "bot" || isBot(this.me, bots));
    // A bot account owns only itself: it makes no bots, and it is one already.
    byId("bot-form").hidden = self;
    byId("become-bot-form").hidden = self;
    if (this.fresh && !bots.some((b) => b.name === this.fresh?.bot && b.tokens.some((k) => k.id === this.fresh?.token.id))) {
      this.fresh = null; // revoked meanwhile
    }
    replaceChildren(this.list, bots.length ? bots.map((bot) => this.botItem(bot)) : el("li", { class: "none" }, t("No bot account yet.")));
  }

  /**
   * One bot: its name, its tokens, the token just made, the form for a new one.
   * @param {Bot} bot
   * @returns {HTMLLIElement}
   */
  botItem(bot) {
    const fresh = this.fresh?.bot === bot.name ? this.fresh.token : null;
    return el("li", { class: "bot-item", dataset: { name: bot.name } },
      el("h4", {}, nameEl(bot.name), " ", el("small", {}, el("a", { href: `/players/${encodeURIComponent(bot.player)}` }, t("player page")))),
      bot.tokens.length
        ? el("ul", { class: "session-list token-list", "aria-label": t("Tokens of {name}", { name: bot.name }) },
          bot.tokens.map((token) => this.tokenItem(bot, token)))
        : el("p", { class: "no-tokens" }, t("No token yet: a program needs one to play as this bot.")),
      fresh ? this.freshBox(fresh) : null,
      this.tokenForm(bot));
  }

  /**
   * A token as the list shows it (never the token itself), with its Revoke button.
   * @param {Bot} bot
   * @param {BotToken} token
   * @returns {HTMLLIElement}
   */
  tokenItem(bot, token) {
    const revoke = () => {
      if (!window.confirm(t("Revoke the token “{label}”? A program using it is refused from then on.", { label: token.label }))) return;
      this.act(async () => {
        await call("POST", `${botPath(bot.name)}/tokens/${encodeURIComponent(token.id)}/revoke`);
        toast(t("The token is revoked."));
        await this.draw();
      });
    };
    return el("li", { class: "token", dataset: { id: token.id } },
      el("strong", { class: "token-label" }, nameEl(token.label)), " ",
      token.scopes.map((scope) => el("span", { class: "scope", dataset: { scope } }, scopeWord(scope))), " ",
      el("small", {}, t("made {when}", { when: whenWords(token.created) }), " · ",
        token.last_used ? t("last used {when}", { when: whenWords(token.last_used) }) : t("never used")), " ",
      el("button", { class: "btn small revoke-token", type: "button", "aria-label": t("Revoke the token “{label}”", { label: token.label }),
        on: { click: revoke } }, t("Revoke")));
  }

  /**
   * The token just made: shown this once, with a Copy button.
   * @param {NewToken} token
   * @returns {HTMLDivElement}
   */
  freshBox(token) {
    const label = t("The new token “{label}”", { label: token.label });
    return el("div", { class: "new-token", role: "status" },
      el("strong", {}, label),
      el("div", { class: "new-token-row" },
        el("input", { class: "new-token-value", readonly: true, value: token.token, "aria-label": label, spellcheck: "false" }),
        el("button", { class: "btn small copy-token", type: "button", on: { click: () => void copyText(token.token, t("Token copied")) } }, t("Copy"))),
      el("p", {}, place(t("Copy it now and keep it secret: it will not be shown again. A program sends it in the {header} header.",
        { header: slot("header") }), { header: el("code", {}, "Authorization") })),
      el("button", { class: "btn small", type: "button", on: { click: () => {
        this.fresh = null;
        void this.draw();
      } } }, t("I have copied it")));
  }

  /**
   * "Create a token": a label and what the token may do.
   * @param {Bot} bot
   * @returns {HTMLFormElement}
   */
  tokenForm(bot) {
    const form = el("form", { class: "token-form" },
      el("label", { class: "field" }, el("span", {}, t("Label of a new token")), " ",
        el("input", { name: "label", maxlength: "40", required: true, autocomplete: "off" })),
      el("fieldset", {}, el("legend", {}, t("It may")),
        SCOPES.map((scope) => el("label", {}, el("input", { type: "checkbox", name: "scope", value: scope, checked: true }), " ",
          SCOPE_HELP[scope]()))),
      el("button", { class: "btn create-token", type: "submit" }, t("Create a token")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const asked = tokenRequest(String(data.get("label") ?? ""), data.getAll("scope").map(String));
      if ("error" in asked) {
        this.fail(asked.error);
        return;
      }
      this.act(async () => {
        const token = /** @type {NewToken} */ (await call("POST", `${botPath(bot.name)}/tokens`, asked));
        this.fresh = { bot: bot.name, token };
        await this.draw();
        const shown = /** @type {HTMLInputElement | null} */ (this.list.querySelector(".new-token-value"));
        shown?.focus();
        shown?.select();
      });
    });
    return form;
  }

  /**
   * Run one change; its refusal is shown in the section, in the server's words.
   * @param {() => Promise<void>} change
   */
  act(change) {
    this.error.hidden = true;
    change().catch((err) => this.fail(err));
  }

  /** @param {unknown} err */
  fail(err) {
    this.error.textContent = typeof err === "string" ? err : errorWords(err);
    this.error.hidden = false;
  }
}
