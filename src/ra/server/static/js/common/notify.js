// Telling a person in the page that it is their turn while the tab is hidden (docs/ACCOUNTS.md): a browser
// notification if they turned it on (here, on the account page or at a table) and the browser allows it, else the
// page's title blinks until they look. Permission is asked only when the person turns notifications on.

import { t } from "./i18n.js";

/** @typedef {import("./seat.js").StorageLike} StorageLike */

export const NOTIFY_KEY = "ra.notify";

/** True where the browser has the Notification API. */
export function canNotify() {
  return typeof window !== "undefined" && "Notification" in window;
}

/**
 * Whether this browser shows notifications on the person's turns (turned on and allowed).
 * @param {StorageLike | null} local
 */
export function notifying(local) {
  return canNotify() && Notification.permission === "granted" && local?.getItem(NOTIFY_KEY) === "1";
}

/**
 * Turn the notifications on (asking the browser's permission now: call it from the person's click) or off; whether
 * they are on afterwards.
 * @param {StorageLike | null} local
 * @param {boolean} on
 * @returns {Promise<boolean>}
 */
export async function wantNotices(local, on) {
  if (!on || !canNotify()) {
    local?.setItem(NOTIFY_KEY, "0");
    return false;
  }
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  local?.setItem(NOTIFY_KEY, permission === "granted" ? "1" : "0");
  return permission === "granted";
}

/** The in-page notice of a table: a notification, or the title blinking while the tab stays hidden. */
export class TurnAlert {
  /**
   * @param {StorageLike | null} local
   * @param {Document} doc
   */
  constructor(local, doc = document) {
    this.local = local;
    this.doc = doc;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.blinking = null;
    /** @type {Notification | null} */
    this.shown = null;
    this.title = doc.title;
    doc.addEventListener("visibilitychange", () => {
      if (!doc.hidden) this.stop();
    });
  }

  /**
   * The person's turn came: tell them if they are not looking at the page.
   * @param {string} game
   * @param {string} title the page's title during their turn
   */
  turnCame(game, title) {
    if (!this.doc.hidden) return;
    if (notifying(this.local)) {
      try {
        this.shown = new Notification(t("Your turn"), { body: t("It is your turn at {game}.", { game }), tag: "ra-turn" });
        this.shown.onclick = () => {
          window.focus();
          this.shown?.close();
        };
        return;
      } catch {
        // Some browsers allow notifications only from a service worker: blink instead.
      }
    }
    this.blink(title);
  }

  /** @param {string} title */
  blink(title) {
    this.stop();
    this.title = title;
    let on = true;
    this.blinking = setInterval(() => {
      on = !on;
      this.doc.title = on ? title : t("○ Your turn");
    }, 1000);
  }

  /** The person looks: no more blinking (the title as it was), the notification goes. */
  stop() {
    if (this.blinking !== null) {
      clearInterval(this.blinking);
      this.doc.title = this.title;
    }
    this.blinking = null;
    this.shown?.close();
    this.shown = null;
  }
}
