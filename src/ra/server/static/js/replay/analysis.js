// The replay's analysis (docs/ANALYSIS.md): the Analyse button of a finished game, the progress of the
// analysis while the server runs it (asked again every POLL_MS, the replay stays usable meanwhile), then the
// graph, the summary per seat and, at each step where a seat decided, what it played and what would have been
// better, in words and drawn on the board (the game's `whereIs` names the board's elements of a move).

/** @typedef {import("./analysis_data.js").AnalysisState} AnalysisState */
/** @typedef {import("./analysis_data.js").GameAnalysis} GameAnalysis */
/** @typedef {import("./analysis_data.js").DecisionReport} DecisionReport */
/** @typedef {import("../common/types.js").BaseView} BaseView */
/** @typedef {import("../common/types.js").BoardModule} BoardModule */

import { api } from "../common/api.js";
import { byId, el, nameEl, replaceChildren } from "../common/dom.js";
import { place, render, slot, t, tn, tp } from "../common/i18n.js";
import { AnalysisGraph, verdictIcon } from "./analysis_graph.js";
import { COSTLY, POLL_MS, decisionAt, isCostly, nextCostly, progressShare, tenths } from "./analysis_data.js";

/**
 * A class of decision in words, as a heading or a badge.
 * @param {string} verdict
 * @returns {string}
 */
export function verdictName(verdict) {
  /** @type {Record<string, () => string>} */
  const names = {
    good: () => tp("analysis class", "Good"),
    inaccuracy: () => tp("analysis class", "Inaccuracy"),
    mistake: () => tp("analysis class", "Mistake"),
    blunder: () => tp("analysis class", "Blunder"),
  };
  return names[verdict]?.() ?? verdict;
}

/**
 * How many decisions of a class, in words ("3 mistakes").
 * @param {string} verdict
 * @param {number} n
 * @returns {string}
 */
function verdictCount(verdict, n) {
  /** @type {Record<string, () => string>} */
  const counts = {
    inaccuracy: () => tn("{n} inaccuracy", "{n} inaccuracies", n),
    mistake: () => tn("{n} mistake", "{n} mistakes", n),
    blunder: () => tn("{n} blunder", "{n} blunders", n),
  };
  return counts[verdict]?.() ?? String(n);
}

/**
 * Points with a sign, as the graph's axis reads them ("+3.5", "0", "−2").
 * @param {number} points
 * @returns {string}
 */
function signed(points) {
  const value = tenths(points);
  const words = tn("{n} pt", "{n} pts", Math.abs(value));
  return value > 0 ? `+${words}` : value < 0 ? `−${words}` : words;
}

/** The analysis panel of the replay page (#analysis) and the words under the replay's move (#analysis-detail). */
export class AnalysisPanel {
  /**
   * @param {{tableId: string, board: HTMLElement, module: BoardModule, names: (seat: number) => string,
   *   finished: boolean, show: (step: number) => void, step: () => number, view: () => BaseView | null}} page
   */
  constructor(page) {
    this.page = page;
    this.panel = byId("analysis");
    this.button = /** @type {HTMLButtonElement} */ (byId("analyse"));
    this.progress = byId("analysis-progress");
    this.bar = /** @type {HTMLProgressElement} */ (byId("analysis-bar"));
    this.status = byId("analysis-status");
    this.message = byId("analysis-message");
    this.result = byId("analysis-result");
    this.detail = byId("analysis-detail");
    /** @type {GameAnalysis | null} */
    this.analysis = null;
    /** @type {AnalysisGraph | null} */
    this.graph = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
  }

  /** Ask the server what it has: show a finished analysis at once, follow a running one, else offer the button. */
  async start() {
    // A game still running has no replay (the server refuses it) and so no analysis either; checked here too.
    if (!this.page.finished) return;
    this.button.addEventListener("click", () => void this.request());
    for (const [id, direction] of /** @type {const} */ ([["analysis-previous", -1], ["analysis-next", 1]])) {
      byId(id).addEventListener("click", () => {
        const found = this.analysis && nextCostly(this.analysis, this.page.step(), direction);
        if (found) this.page.show(found.index);
      });
    }
    let state;
    try {
      state = await api.analysis(this.page.tableId);
    } catch {
      return; // a server without analyses: the replay stays as it was
    }
    this.panel.hidden = false;
    this.take(state);
  }

  /** POST: start the analysis (or join the one running), then follow it. */
  async request() {
    this.button.disabled = true;
    this.say("");
    try {
      this.take(await api.analyse(this.page.tableId));
    } catch (err) {
      this.button.disabled = false;
      this.say(err instanceof Error ? err.message : String(err));
    }
  }

  /**
   * Show a state of the analysis and, while it runs, ask again after POLL_MS.
   * @param {AnalysisState} state
   */
  take(state) {
    clearTimeout(this.timer);
    this.timer = undefined;
    document.body.dataset.analysis = state.status;
    if (state.status === "done" && state.analysis) {
      this.progress.hidden = true;
      this.button.hidden = true;
      this.show(state.analysis);
      return;
    }
    if (state.status === "queued" || state.status === "running" || state.status === "done") {
      this.button.hidden = true;
      this.progress.hidden = false;
      const share = progressShare(state);
      if (share === null) this.bar.removeAttribute("value");
      else this.bar.value = share;
      const total = state.total ?? null;
      this.status.textContent = total === null
        ? t("Waiting for the analysis to start…")
        : tn("Analysing: {done} of {n} decision", "Analysing: {done} of {n} decisions", total, { done: state.done ?? 0 });
      this.timer = setTimeout(() => void this.poll(), POLL_MS);
      return;
    }
    // none or failed: the button (again)
    this.progress.hidden = true;
    this.button.hidden = false;
    this.button.disabled = false;
    if (state.status === "failed") this.say(t("The analysis failed. You can ask for it again."));
  }

  async poll() {
    try {
      this.take(await api.analysis(this.page.tableId));
    } catch {
      this.timer = setTimeout(() => void this.poll(), POLL_MS * 2); // the server may be restarting: ask again later
    }
  }

  /** @param {string} words */
  say(words) {
    this.message.textContent = words;
    this.message.hidden = !words;
  }

  /**
   * Draw a finished analysis: the graph with its legend, the summary; then the current step's decision.
   * @param {GameAnalysis} analysis
   */
  show(analysis) {
    this.analysis = analysis;
    const pick = (/** @type {DecisionReport} */ d) => this.page.show(d.index);
    this.result.hidden = false; // first: the graph is drawn at its box's width
    const box = byId("analysis-graph-box");
    this.graph = new AnalysisGraph(analysis, {
      label: t("Expected final margin of each player after each of their decisions, in points"),
      axis: signed,
      markLabel: (d) => t("Move {number}: {class} by {player} ({lost})", {
        number: d.index, class: verdictName(d.class), player: this.page.names(d.seat), lost: lostWords(d.loss),
      }),
      pick,
    }, Math.min(900, Math.max(280, Math.round(box.clientWidth) || 600)));
    replaceChildren(box, this.graph.root);
    replaceChildren(byId("analysis-legend"),
      Array.from({ length: analysis.players }, (_, seat) => el("li", { class: `legend-seat s-${seat}` },
        el("span", { class: "legend-line" }), nameEl(this.page.names(seat)))),
      COSTLY.map((verdict) => el("li", { class: `legend-class v-${verdict}` }, verdictIcon(verdict), verdictName(verdict))));
    // Each seat's row, then the points it lost and its costliest decisions on a row of their own (a phone has no
    // room for more columns).
    replaceChildren(byId("analysis-summary-body"), analysis.seats.map((s) => [
      el("tr", { class: "summary-seat", dataset: { seat: String(s.seat) } },
        el("th", { scope: "row" }, el("span", { class: `legend-line s-${s.seat}` }), nameEl(this.page.names(s.seat))),
        el("td", { class: "accuracy" }, t("{percent}%", { percent: tenths(s.accuracy) })),
        COSTLY.map((verdict) => el("td", { class: `count v-${verdict}`, title: verdictCount(verdict, s.counts[verdict] ?? 0) }, String(s.counts[verdict] ?? 0)))),
      el("tr", { class: "summary-more", dataset: { seat: String(s.seat) } }, el("td", { colspan: "5" },
        el("span", { class: "lost" }, t("Points lost: {points}", { points: tenths(s.lost) })),
        s.costliest.length ? el("span", { class: "costliest" }, place(t("Costliest: {moves}", { moves: slot("moves") }), {
          moves: el("span", { class: "jumps" }, s.costliest.map((index) => el("button", {
            class: "analysis-jump", type: "button", title: t("Go to move {number}", { number: index }), on: { click: () => this.page.show(index) },
          }, t("move {number}", { number: index })))),
        })) : null)),
    ]));
    for (const verdict of COSTLY) {
      const head = byId(`analysis-head-${verdict}`);
      replaceChildren(head, verdictIcon(verdict), el("span", { class: "visually-hidden" }, verdictName(verdict)));
      head.title = verdictName(verdict);
    }
    const view = this.page.view();
    if (view) this.step(this.page.step(), view);
  }

  /**
   * The replay shows `step`: tell the decision made there and draw its better move on the board.
   * @param {number} step
   * @param {BaseView} view  the step's view (the board was just drawn from it)
   */
  step(step, view) {
    for (const node of this.page.board.querySelectorAll(".better-move")) node.classList.remove("better-move");
    if (!this.analysis) return;
    this.graph?.setStep(step);
    /** @type {HTMLButtonElement} */ (byId("analysis-previous")).disabled = !nextCostly(this.analysis, step, -1);
    /** @type {HTMLButtonElement} */ (byId("analysis-next")).disabled = !nextCostly(this.analysis, step, 1);
    const d = decisionAt(this.analysis, step);
    this.detail.hidden = false;
    document.body.dataset.decision = d ? d.class : "";
    if (!d) {
      replaceChildren(this.detail, t("No decision here: step to a mark of the graph to see what would have been better."));
      this.detail.className = "analysis-detail panel";
      return;
    }
    const reader = { names: view.names };
    const player = this.page.names(d.seat);
    const chosen = el("strong", { class: "chosen" }, d.chosen_words ? render(d.chosen_words, reader) : d.chosen);
    this.detail.className = `analysis-detail panel v-${d.class}`;
    if (!isCostly(d)) {
      replaceChildren(this.detail, el("span", { class: "verdict" }, verdictName(d.class)), " ",
        place(t("{player} played {chosen}: no move the analysis weighed did better.", { player: slot("player"), chosen: slot("chosen") }),
          { player: nameEl(player), chosen }));
      return;
    }
    const best = el("strong", { class: "best" }, d.best_words ? render(d.best_words, reader) : d.best);
    const sure = tn("{agree} of {n} deal agrees", "{agree} of {n} deals agree", d.samples, { agree: d.agree });
    replaceChildren(this.detail,
      el("span", { class: "verdict" }, verdictIcon(d.class), verdictName(d.class)), " ",
      place(t("{player} played {chosen}; better: {best} ({lost}, {sure}).", {
        player: slot("player"), chosen: slot("chosen"), best: slot("best"), lost: lostWords(d.loss), sure,
      }), { player: nameEl(player), chosen, best }),
      d.reason ? el("span", { class: "reason" }, render(d.reason, reader)) : null);
    const places = this.page.module.whereIs?.(this.page.board, view, d.seat, d.best) ?? [];
    for (const node of places) node.classList.add("better-move");
  }
}

/**
 * The points a decision lost, in words ("−2.3 points").
 * @param {number} loss
 * @returns {string}
 */
function lostWords(loss) {
  return tn("−{n} point", "−{n} points", tenths(loss));
}
