// The account page: sign in or make an account; signed in, the account's browsers (each may be signed out), its
// e-mail address and password, its bots and their tokens (js/account/bots.js), its data to download, and deleting
// it (docs/ACCOUNTS.md).

import { BotsPanel } from "./account/bots.js";
import { accountLinks, call, errorWords, whoAmI } from "./common/account.js";
import { byId, el, replaceChildren, toast } from "./common/dom.js";
import { currentLanguage, t } from "./common/i18n.js";
import { notifying, wantNotices } from "./common/notify.js";
import { startPage } from "./common/page.js";
import { storage } from "./common/seat.js";

/** @typedef {import("./common/account.js").Account} Account */
/** @typedef {{id: string, agent: string, created: string, seen: string, current: boolean}} Session */
/**
 * @typedef {{mode: string, quiet_from: number | null, quiet_to: number | null, time_zone: string,
 *   language: string | null, browser: boolean, has_email: boolean, mail: boolean}} NoticeInfo
 */

/** This browser's time zone, for an account that has none yet. */
function browserZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** @param {NoticeInfo} info */
function drawNotices(info) {
  const form = /** @type {HTMLFormElement} */ (byId("notices-form"));
  const field = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  /** @type {HTMLSelectElement} */ (form.elements.namedItem("mode")).value = info.mode;
  field("quiet_from").value = info.quiet_from === null ? "" : String(info.quiet_from);
  field("quiet_to").value = info.quiet_to === null ? "" : String(info.quiet_to);
  field("time_zone").value = info.time_zone === "UTC" ? browserZone() : info.time_zone;
  field("browser").checked = info.browser && notifying(storage("localStorage"));
  byId("notices-state").textContent = !info.mail ? t("This server sends no e-mail: your turns are told only in the page.")
    : !info.has_email ? t("Store an e-mail address above to hear of your turns by e-mail.") : "";
}


/**
 * What became of the mail that confirms an address (POST /api/account/email and /api/account/email/verify).
 * @param {string} verification
 */
function verificationWords(verification) {
  if (verification === "sent") return t("Check your mail and open the link to confirm the address: no notice goes to it before.");
  if (verification === "limited") return t("Too many confirming mails today; try again tomorrow.");
  if (verification === "failed") return t("The confirming mail could not be sent; try again later.");
  return t("Saved.");
}

/** The news a confirming link brings (`/account?email=verified`). */
function showLinkNews() {
  const news = new URLSearchParams(window.location.search).get("email");
  if (!news) return;
  const box = byId("account-news");
  box.textContent = news === "verified" ? t("Your e-mail address is confirmed: turn notices can reach it now.")
    : t("This confirming link is not valid (any more): the address was changed since, or the link is incomplete.");
  box.hidden = false;
}

/** @param {unknown} err */
function showError(err) {
  const box = byId("account-error");
  box.textContent = errorWords(err);
  box.hidden = false;
}

/**
 * A form's fields by name.
 * @param {HTMLFormElement} form
 * @returns {Record<string, string>}
 */
function fields(form) {
  /** @type {Record<string, string>} */
  const values = {};
  for (const [key, value] of new FormData(form).entries()) values[key] = String(value);
  return values;
}

/**
 * Send a form's fields; on success run `then`.
 * @param {string} id
 * @param {(values: Record<string, string>) => Promise<void>} send
 */
function onSubmit(id, send) {
  const form = /** @type {HTMLFormElement} */ (byId(id));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    byId("account-error").hidden = true;
    send(fields(form)).then(() => form.reset(), showError);
  });
}

/**
 * The mute or ban in force, with its reason and end, and the moderation page's link for a moderator.
 * @param {Account} me
 */
function drawSanction(me) {
  const box = byId("sanction");
  const sanction = me.sanction;
  box.hidden = !sanction;
  byId("moderation-link").hidden = !(me.roles ?? []).length;
  if (!sanction) return;
  const until = sanction.until ? new Date(sanction.until).toLocaleString() : "";
  box.textContent = sanction.kind === "mute"
    ? (until ? t("You may not chat until {until}: {reason}", { until, reason: sanction.reason })
      : t("You may not chat: {reason}", { reason: sanction.reason }))
    : (until ? t("You are banned until {until}: {reason}", { until, reason: sanction.reason })
      : t("You are banned: {reason}", { reason: sanction.reason }));
}

/**
 * @param {Account} me
 * @param {BotsPanel} bots
 */
async function drawSignedIn(me, bots) {
  byId("signed-in").hidden = false;
  byId("signed-out").hidden = true;
  byId("account-name").textContent = me.name;
  drawSanction(me);
  /** @type {HTMLAnchorElement} */ (byId("player-page")).href = `/players/${encodeURIComponent(me.player)}`;
  byId("email-state").textContent = !me.has_email ? t("No address is stored.")
    : me.email_verified ? t("An address is stored and confirmed (it is never shown).")
      : t("An address is stored but not confirmed yet: open the link in the mail sent to it. No notice goes to it before.");
  byId("email-again").hidden = !me.has_email || Boolean(me.email_verified);
  const { sessions } = /** @type {{sessions: Session[]}} */ (await call("GET", "/api/account/sessions"));
  replaceChildren(byId("sessions"), sessions.map((s) => el("li", { class: "session", dataset: { id: s.id } },
    el("span", {}, s.agent || t("a browser")), " ",
    el("small", {}, t("last used {when}", { when: new Date(s.seen).toLocaleString() })), " ",
    s.current ? el("strong", {}, t("(this browser)")) : el("button", { class: "btn small", type: "button", on: { click: () => {
      call("POST", "/api/account/sessions/revoke", { session: s.id }).then(() => void start(bots), showError);
    } } }, t("Sign it out")))));
  drawNotices(/** @type {NoticeInfo} */ (await call("GET", "/api/account/notices")));
  await bots.show(me);
}

/**
 * Draw the page for whoever is signed in (or nobody).
 * @param {BotsPanel} bots
 */
async function start(bots) {
  const me = await whoAmI();
  accountLinks(byId("account"), me);
  if (me) {
    await drawSignedIn(me, bots);
  } else {
    byId("signed-in").hidden = true;
    byId("signed-out").hidden = false;
  }
}

/**
 * After signing in: back where the player came from (`?next=/t/...`), else this page.
 * @param {BotsPanel} bots
 */
function afterSignIn(bots) {
  const next = new URLSearchParams(window.location.search).get("next") || "";
  if (next.startsWith("/") && !next.startsWith("//")) window.location.assign(next);
  else void start(bots);
}

async function main() {
  await startPage(["web", "common"]);
  showLinkNews();
  const bots = new BotsPanel(() => void start(bots));
  bots.start();
  onSubmit("sign-in-form", async (v) => {
    await call("POST", "/api/account/sign-in", { name: v.name, password: v.password });
    afterSignIn(bots);
  });
  onSubmit("sign-up-form", async (v) => {
    await call("POST", "/api/account/sign-up", { name: v.name, password: v.password, email: v.email || null });
    afterSignIn(bots);
  });
  onSubmit("email-form", async (v) => {
    const answer = /** @type {{verification: string}} */ (await call("POST", "/api/account/email", { email: v.email || null }));
    toast(verificationWords(answer.verification));
    await start(bots);
  });
  byId("email-again").addEventListener("click", () => {
    call("POST", "/api/account/email/verify").then((answer) => {
      toast(verificationWords(/** @type {{verification: string}} */ (answer).verification));
    }, showError);
  });
  const noticesForm = /** @type {HTMLFormElement} */ (byId("notices-form"));
  noticesForm.addEventListener("submit", (event) => {
    event.preventDefault();
    byId("account-error").hidden = true;
    const v = new FormData(noticesForm);
    const hour = (/** @type {string} */ name) => (String(v.get(name) ?? "") === "" ? null : Number(v.get(name)));
    const wanted = v.get("browser") === "on"; // this click may ask the browser's permission
    void wantNotices(storage("localStorage"), wanted).then(async (on) => {
      if (wanted && !on) toast(t("This browser does not allow notifications from this site."), "error");
      const body = { mode: String(v.get("mode")), quiet_from: hour("quiet_from"), quiet_to: hour("quiet_to"),
        time_zone: String(v.get("time_zone") || "").trim() || browserZone(), language: currentLanguage(), browser: on };
      drawNotices(/** @type {NoticeInfo} */ (await call("POST", "/api/account/notices", body)));
      toast(t("Saved."));
    }).catch(showError);
  });
  onSubmit("password-form", async (v) => {
    await call("POST", "/api/account/password", { old: v.old, new: v.new });
    toast(t("The password is changed; your other browsers are signed out."));
    await start(bots);
  });
  onSubmit("delete-form", async (v) => {
    if (!window.confirm(t("Delete your account for good?"))) return;
    await call("POST", "/api/account/delete", { password: v.password });
    window.location.assign("/");
  });
  byId("sign-out").addEventListener("click", () => {
    call("POST", "/api/account/sign-out").then(() => void start(bots), showError);
  });
  byId("export").addEventListener("click", () => {
    call("GET", "/api/account/export").then((data) => {
      const link = el("a", { href: URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" })),
        download: "ra-account.json" });
      document.body.append(link);
      link.click();
      link.remove();
    }, showError);
  });
  await start(bots);
}

void main();
