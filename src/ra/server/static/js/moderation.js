// The moderation page (docs/MODERATION.md), for moderators and operators: the report queue with each message's
// context, a reported player's history, mutes and bans with a reason and a length, lifting them, renaming an
// account or a seat, closing a table, hiding a listing, and the moderation log. Every change goes through the
// moderation routes with the session's CSRF token; the server refuses anyone without a role.

import { accountLinks, call, errorWords, whoAmI } from "./common/account.js";
import { byId, el, replaceChildren, toast } from "./common/dom.js";
import { t } from "./common/i18n.js";
import { startPage } from "./common/page.js";

/**
 * @typedef {{sender: string, sender_key: string, text: string, at: string}} Context
 * @typedef {{id: number, room: string, sender: string, sender_key: string, text: string, sent: string,
 *   reported: string, handled: string | null, context: Context[], player: string | null}} Report
 * @typedef {{id: number, at: string, by: string, action: string, target: string, reason: string}} Entry
 * @typedef {{kind: string, until: string | null, reason: string}} Sanction
 */

let logPage = 0;
/** @type {string | null} */
let person = null;

/** @param {unknown} err */
function showError(err) {
  const box = byId("moderation-error");
  box.textContent = errorWords(err);
  box.hidden = false;
}

/** @param {string} iso */
function when(iso) {
  return new Date(iso).toLocaleString();
}

/**
 * A form's fields by name.
 * @param {HTMLFormElement} form
 * @returns {Record<string, string>}
 */
function fields(form) {
  return Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, String(v)]));
}

/**
 * A log entry's action in the reader's words.
 * @param {string} action
 */
function actionWords(action) {
  /** @type {Record<string, string>} */
  const words = {
    grant: t("role granted"), revoke: t("role revoked"), mute: t("muted"), ban: t("banned"), lift: t("lifted"),
    rename: t("account renamed"), rename_seat: t("seat renamed"), close: t("table closed"), hide: t("listing hidden"),
    handle: t("report handled"),
  };
  return words[action] ?? action;
}

/** @param {Sanction | null} sanction */
function sanctionWords(sanction) {
  if (!sanction) return t("No sanction in force.");
  const what = sanction.kind === "mute" ? t("Muted") : t("Banned");
  return sanction.until ? t("{what} until {until}: {reason}", { what, until: when(sanction.until), reason: sanction.reason })
    : t("{what} for good: {reason}", { what, reason: sanction.reason });
}

async function drawQueue() {
  const all = /** @type {HTMLInputElement} */ (byId("show-handled")).checked;
  const { reports } = /** @type {{reports: Report[]}} */ (await call("GET", `/api/moderation/reports?open=${!all}`));
  replaceChildren(byId("queue"), reports.length ? reports.map((r) => el("li", { class: "report", dataset: { id: String(r.id) } },
    el("ol", { class: "report-context" }, r.context.map((c) => el("li", {}, el("strong", {}, c.sender), " ", c.text))),
    el("p", { class: "reported-message" }, el("strong", {}, r.sender), " ", r.text),
    el("small", {}, t("in {room}, reported {when}", { room: r.room, when: when(r.reported) })), " ",
    r.player ? el("button", { class: "btn small", type: "button", dataset: { player: r.player },
      on: { click: () => void drawPerson(/** @type {string} */ (r.player)) } }, t("Open {name}", { name: r.sender })) : "",
    r.handled ? "" : el("button", { class: "btn small", type: "button", on: { click: () => void handle(r.id) } }, t("Handled"))))
    : [el("li", {}, t("No reports."))]);
}

/** @param {number} id */
async function handle(id) {
  await call("POST", "/api/moderation/reports/handle", { report: id }).catch(showError);
  await drawQueue();
  await drawLog();
}

/** @param {string} player */
async function drawPerson(player) {
  person = player;
  const page = await call("GET", `/api/moderation/players/${encodeURIComponent(player)}`);
  byId("person-panel").hidden = false;
  byId("person-name").textContent = page.name;
  byId("person-sanction").textContent = sanctionWords(page.sanction);
  /** @type {Entry[]} */
  const log = page.log;
  replaceChildren(byId("person-history"),
    ...log.map((e) => el("li", {}, `${when(e.at)} · ${actionWords(e.action)} · ${e.by}${e.reason ? ` · ${e.reason}` : ""}`)),
    ...page.reports.map((/** @type {Report} */ r) => el("li", {}, t("reported: {text}", { text: r.text }))));
}

async function drawLog() {
  const { entries } = /** @type {{entries: Entry[]}} */ (await call("GET", `/api/moderation/log?page=${logPage}`));
  replaceChildren(byId("log"), entries.map((e) => el("tr", { dataset: { action: e.action } },
    el("td", {}, when(e.at)), el("td", {}, e.by), el("td", {}, actionWords(e.action)), el("td", {}, e.target), el("td", {}, e.reason))));
  /** @type {HTMLButtonElement} */ (byId("log-newer")).disabled = logPage === 0;
  /** @type {HTMLButtonElement} */ (byId("log-older")).disabled = entries.length < 50;
}

/**
 * Do one moderation action, then draw what it changed.
 * @param {string} path
 * @param {Record<string, unknown>} body
 */
async function act(path, body) {
  byId("moderation-error").hidden = true;
  try {
    await call("POST", path, body);
    toast(t("Done."));
  } catch (err) {
    showError(err);
  }
  if (person) await drawPerson(person);
  await drawLog();
}

function wire() {
  byId("show-handled").addEventListener("change", () => void drawQueue());
  const sanction = /** @type {HTMLFormElement} */ (byId("sanction-form"));
  sanction.addEventListener("submit", (event) => {
    event.preventDefault();
    const f = fields(sanction);
    void act("/api/moderation/sanctions", { player: person, kind: f.kind, hours: f.hours ? Number(f.hours) : null, reason: f.reason });
  });
  byId("lift").addEventListener("click", () => void act("/api/moderation/lift", { player: person, reason: fields(sanction).reason }));
  const rename = /** @type {HTMLFormElement} */ (byId("rename-form"));
  rename.addEventListener("submit", (event) => {
    event.preventDefault();
    void act("/api/moderation/rename-account", { player: person, ...fields(rename) });
  });
  const tables = /** @type {HTMLFormElement} */ (byId("table-form"));
  for (const button of tables.querySelectorAll("button[data-action]")) {
    button.addEventListener("click", () => {
      const f = fields(tables);
      const action = /** @type {HTMLElement} */ (button).dataset.action;
      const body = action === "rename-seat" ? { table: f.table, seat: Number(f.seat), name: f.name, reason: f.reason }
        : { table: f.table, reason: f.reason };
      void act(`/api/moderation/${action}`, body);
    });
  }
  byId("log-newer").addEventListener("click", () => { logPage = Math.max(0, logPage - 1); void drawLog(); });
  byId("log-older").addEventListener("click", () => { logPage += 1; void drawLog(); });
}

async function main() {
  await startPage(["web", "common"]);
  accountLinks(byId("account"), await whoAmI());
  wire();
  try {
    await drawQueue();
    await drawLog();
  } catch (err) {
    showError(err);
  }
}

void main();
