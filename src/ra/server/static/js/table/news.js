// Scoring announced where it is seen: when an epoch (Ra) or a Kingdom (RA and Write) has just been scored, a panel
// above the board shows the breakdown per category and player — only what the viewer may see, as the view's own
// scoring rows hold it (a hidden row stays "hidden"). The board module says what was scored; the panel stays
// until it is dismissed or the next scoring replaces it.

/** @typedef {import("../common/types.js").ScoringNews} ScoringNews */

import { byId, el, replaceChildren } from "../common/dom.js";
import { t } from "../common/i18n.js";

/** The scoring panel of the table page (#news). */
export class ScoringPanel {
  constructor() {
    this.box = byId("news");
  }

  /**
   * Announce a scoring and bring it into view.
   * @param {ScoringNews} news
   */
  show(news) {
    const close = el("button", { class: "btn small news-close", type: "button", "aria-label": t("Close the scoring") }, t("✕ Close"));
    close.addEventListener("click", () => this.hide());
    replaceChildren(this.box, el("header", { class: "news-head" }, el("h2", {}, news.title), close), news.body);
    this.box.hidden = false;
    this.box.scrollIntoView({ block: "nearest" });
  }

  /** Dismiss the panel. */
  hide() {
    this.box.hidden = true;
    replaceChildren(this.box);
  }
}
