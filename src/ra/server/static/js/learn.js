// The tutorial page (/learn/{game}): a guided game, one idea per step, drawn by the game's own board for the
// learner's seat. The page walks the server's places (step, move): a step that asks for a move begins with it, so
// the move its text names is on the board, highlighted, as the text appears; once it is made the text is spent
// and the other players' scripted moves play out one by one (a short pause, or one click each) until the learner
// is asked again (the prompt says what for). Every click on an element with `data-move` is judged by the server
// (the engine's own words, or the step's hint); only the step's move goes on. Progress stays in localStorage; the
// end offers a real game.

/** @typedef {import("./common/types.js").BaseView} BaseView */
/** @typedef {import("./common/types.js").Board} Board */
/** @typedef {import("./common/types.js").BoardModule} BoardModule */
/** @typedef {import("./learn/api.js").Tutorial} Tutorial */
/** @typedef {import("./learn/api.js").Position} Position */
/** @typedef {import("./learn/progress.js").Progress} Progress */

import { api, gameMeta } from "./common/api.js";
import { byId, toast } from "./common/dom.js";
import { ExplainTips } from "./common/explain.js";
import { loadBoard } from "./games.js";
import { gameFromPath, learnApi } from "./learn/api.js";
import { createRealGame, renderEnding } from "./learn/ending.js";
import { nameNode, renderFacts, renderPrompt, renderSaid, renderStep, renderStepList, renderTextSpent } from "./learn/panel.js";
import { delayFrom, loadProgress, manualMode, saveProgress, setManualMode } from "./learn/progress.js";
import { citedEntry, citedScoring, renderScoring } from "./learn/scoring.js";
import { markTargets, showTarget } from "./learn/targets.js";
import { showRulesLink } from "./common/rules_links.js";
import { storage } from "./common/seat.js";
import { render, t } from "./common/i18n.js";
import { startPage } from "./common/page.js";

const PAUSE = 1100; // ms between the other players' moves: time to see each one land

/** @typedef {"loading" | "playing" | "yours" | "done" | "finished" | "error"} LearnState */

/** One tutorial page. */
class LearnPage {
  /**
   * @param {string} game
   * @param {number} pause
   */
  constructor(game, pause) {
    this.game = game;
    this.pause = pause;
    this.local = storage("localStorage");
    this.boardRoot = byId("board");
    /** @type {Tutorial | null} */
    this.tutorial = null;
    /** @type {Board | null} */
    this.board = null;
    /** @type {BoardModule | null} the game's board module (what a first step leads to) */
    this.boardModule = null;
    /** @type {Progress} */
    this.progress = { step: 0, reached: 0, finished: false };
    this.step = 0;
    this.move = 0;
    /** @type {Position | null} */
    this.position = null;
    /** Each walk through a step has its number; answers of an older walk are dropped (the learner moved on). */
    this.run = 0;
    /** @type {(() => void) | null} ends the current pause between two scripted moves */
    this.wake = null;
  }

  /** Load the tutorial and the game's board, then resume where this browser left off. */
  async start() {
    await startPage(["web", "common", this.game]);
    try {
      const [tutorial, module] = await Promise.all([learnApi.tutorial(this.game), loadBoard(this.game)]);
      if (!module) throw new Error(t("this page cannot draw the game “{game}”", { game: this.game }));
      this.tutorial = tutorial;
      this.boardModule = module;
      this.board = module.createBoard(this.boardRoot, { nameNode });
    } catch (err) {
      this.fail(err);
      return;
    }
    void api.meta().then((meta) => showRulesLink(gameMeta(meta, this.game)), () => showRulesLink(null));
    const title = render(this.tutorial.title, this.reader());
    byId("learn-title").textContent = title;
    document.title = t("{tutorial} — Ra", { tutorial: title });
    // The engine's explanation of each board element, on hover, focus or tap, as on the table page.
    new ExplainTips(this.boardRoot, () => this.position?.explain ?? null, () => {}, () => this.reader()).start();
    // A board redraws itself after a local first step (a selected card): mark the targets again each time.
    new MutationObserver(() => this.highlight()).observe(this.boardRoot, { childList: true });
    this.wire();
    this.progress = loadProgress(this.local, this.game, this.tutorial.steps.length);
    await this.goTo(this.progress.step);
  }

  /** The page's controls, and the board's clicks: an element with data-move is judged by the server. */
  wire() {
    this.boardRoot.addEventListener("click", (event) => {
      const target = /** @type {Element} */ (event.target).closest("[data-move]");
      if (target instanceof HTMLElement && this.boardRoot.contains(target)) void this.attempt(target.dataset.move ?? "");
    });
    this.boardRoot.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      const target = /** @type {Element} */ (event.target).closest("[data-move]");
      if (!(target instanceof HTMLElement) || target.tagName === "BUTTON") return; // buttons turn keys into clicks
      event.preventDefault();
      void this.attempt(target.dataset.move ?? "");
    });
    byId("back").addEventListener("click", () => void this.goTo(Math.max(0, this.step - 1)));
    byId("replay-step").addEventListener("click", () => void this.goTo(this.step));
    byId("next-step").addEventListener("click", () => void this.goTo(this.step + 1));
    byId("next-move").addEventListener("click", () => this.wake?.());
    byId("restart").addEventListener("click", () => {
      this.progress = { step: 0, reached: 0, finished: this.progress.finished };
      void this.goTo(0);
    });
    byId("play-real").addEventListener("click", () => void this.playReal());
    const manual = /** @type {HTMLInputElement} */ (byId("manual"));
    manual.checked = manualMode(this.local);
    manual.addEventListener("change", () => {
      setManualMode(this.local, manual.checked);
      if (!manual.checked) this.wake?.();
      this.showControls();
    });
  }

  /** @returns {import("./common/i18n.js").Reader} the learner: their seat reads "you" */
  reader() {
    return { seat: this.tutorial?.learner ?? null, names: this.position?.view.names ?? [] };
  }

  /** @returns {import("./learn/api.js").LearnStep} */
  current() {
    return /** @type {Tutorial} */ (this.tutorial).steps[this.step];
  }

  /**
   * Start step `index` from its beginning (a new walk: whatever the last one awaited is dropped).
   * @param {number} index
   */
  async goTo(index) {
    const tutorial = /** @type {Tutorial} */ (this.tutorial);
    if (index < 0 || index >= tutorial.steps.length || index > this.progress.reached) return;
    const run = ++this.run;
    this.wake?.();
    this.step = index;
    this.move = 0;
    this.progress.step = index;
    saveProgress(this.local, this.game, this.progress);
    renderStep(tutorial, index, this.reader());
    renderStepList(tutorial, this.progress, index, (i) => void this.goTo(i), this.reader());
    renderSaid([], false);
    renderPrompt(null, () => {});
    this.hideMessage();
    byId("ending").hidden = true;
    /** @type {HTMLButtonElement} */ (byId("back")).disabled = index === 0;
    this.setState("loading");
    const lesson = byId("lesson");
    if (lesson.getBoundingClientRect().top < 0) lesson.scrollIntoView({ block: "start" });
    const position = await this.load(run, 0);
    if (!position) return;
    this.show(position, false);
    await this.walk(run);
  }

  /**
   * The position at move `move` of the current step, or null if the walk is over or the server failed.
   * @param {number} run
   * @param {number} move
   * @returns {Promise<Position | null>}
   */
  async load(run, move) {
    try {
      const position = await learnApi.position(this.game, this.step, move);
      return run === this.run ? position : null;
    } catch (err) {
      if (run === this.run) this.fail(err);
      return null;
    }
  }

  /**
   * Draw a position; `forward`: it follows the one shown (its story is added, the board marks what changed).
   * Nothing glows or can be clicked on the board unless the learner is asked.
   * @param {Position} position
   * @param {boolean} forward
   */
  show(position, forward) {
    const prev = forward ? this.position?.view ?? null : null;
    this.position = position;
    this.move = position.move;
    const view = position.ask ? position.view : { ...position.view, legal_actions: [] };
    if (forward) renderSaid(position.said, true, this.reader());
    /** @type {Board} */ (this.board).render(view, prev, { explain: position.explain ?? null });
    renderFacts(this.current(), position.view, this.reader());
    const cited = citedEntry(this.current(), position.view);
    renderScoring(citedScoring(this.current(), position.view, this.boardModule), `${this.step}:${cited?.key}:${cited?.index}`);
    // The step's text names its first move, the learner's (ra.tutorials: a step asking for a move begins with
    // it): offered on the board the moment the text is shown, and done with once it is made.
    renderTextSpent(Boolean(this.current().moves[0]?.learner) && this.move > 0);
    this.highlight();
    Object.assign(document.body.dataset, { learnStep: String(this.step), learnMove: String(this.move) });
  }

  /** Mark what the learner should click now. */
  highlight() {
    const ask = this.position?.ask;
    this.boardRoot.classList.toggle("learn-asking", Boolean(ask));
    const moves = this.current()?.moves ?? [];
    const notations = ask ? moves[this.move]?.highlight ?? [ask.notation] : [];
    markTargets(this.boardRoot, this.position?.view ?? null, notations, this.boardModule?.leadsTo);
  }

  /**
   * Play the other players' moves until the learner is asked, or the step is done.
   * @param {number} run
   */
  async walk(run) {
    const moves = this.current().moves;
    while (run === this.run && this.move < moves.length && !moves[this.move].learner) {
      this.setState("playing");
      await this.wait(run);
      if (run !== this.run) return;
      const position = await this.load(run, this.move + 1);
      if (!position) return;
      this.show(position, true);
    }
    if (run !== this.run) return;
    if (this.move < moves.length) {
      renderPrompt(this.position?.ask ?? null, () => showTarget(this.boardRoot), this.reader());
      this.setState("yours");
    } else {
      this.stepDone();
    }
  }

  /**
   * The pause before the next scripted move: the page's delay, or until "Next move" in manual mode.
   * @param {number} run
   * @returns {Promise<void>}
   */
  wait(run) {
    const manual = manualMode(this.local);
    if (!manual && this.pause === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = manual ? null : setTimeout(() => this.wake?.(), this.pause);
      this.wake = () => {
        if (timer !== null) clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      if (run !== this.run) this.wake();
    });
  }

  /**
   * The learner clicked the element of `notation`: the server judges it; the step's move goes on.
   * @param {string} notation
   */
  async attempt(notation) {
    if (document.body.dataset.learnState !== "yours" || document.body.classList.contains("pending")) return;
    const run = this.run;
    document.body.classList.add("pending");
    let moved = false;
    try {
      const verdict = await learnApi.attempt(this.game, this.step, this.move, notation);
      if (run !== this.run) return;
      if (!verdict.ok) {
        const said = verdict.text ?? verdict.message;
        this.showMessage(said ? render(said, this.reader()) : t("Not this one."));
        return;
      }
      this.hideMessage();
      renderPrompt(null, () => {});
      const position = await this.load(run, this.move + 1);
      if (!position) return;
      this.show(position, true);
      moved = true;
    } catch (err) {
      if (run === this.run) this.fail(err);
    } finally {
      document.body.classList.remove("pending");
    }
    // The others' moves after it: no longer pending (one click at a time, they wait for "Next move").
    if (moved) await this.walk(run);
  }

  /** The step's moves are all played: on to the next step, or the real game at the end. */
  stepDone() {
    const tutorial = /** @type {Tutorial} */ (this.tutorial);
    const last = this.step === tutorial.steps.length - 1;
    this.progress.reached = Math.max(this.progress.reached, Math.min(this.step + 1, tutorial.steps.length - 1));
    if (last) this.progress.finished = true;
    saveProgress(this.local, this.game, this.progress);
    renderStepList(tutorial, this.progress, this.step, (i) => void this.goTo(i), this.reader());
    if (last) renderEnding(tutorial, this.reader());
    this.setState(last ? "finished" : "done");
  }

  /** Open a real game against the tutorial's bots. */
  async playReal() {
    const button = /** @type {HTMLButtonElement} */ (byId("play-real"));
    button.disabled = true;
    try {
      window.location.assign(await createRealGame(/** @type {Tutorial} */ (this.tutorial), this.local));
    } catch (err) {
      button.disabled = false;
      this.showMessage(t("No table could be created: {reason}", { reason: err instanceof Error ? err.message : String(err) }), true);
    }
  }

  /** @param {LearnState} state */
  setState(state) {
    document.body.dataset.learnState = state;
    this.showControls();
  }

  /** The buttons the learner needs now: the others' moves play on their own unless one is played per click. */
  showControls() {
    const state = document.body.dataset.learnState;
    byId("next-move").hidden = !(state === "playing" && manualMode(this.local));
    const reached = this.step < this.progress.reached;
    byId("next-step").hidden = !(state === "done" || (reached && state !== "finished"));
  }

  /**
   * Say why a click did not go on (in the dock, in view on every screen), or that the page failed (`toast`).
   * @param {string} text
   * @param {boolean} [loud]
   */
  showMessage(text, loud = false) {
    const box = byId("learn-message");
    box.textContent = text;
    box.hidden = false;
    if (loud) toast(text, "error");
  }

  hideMessage() {
    byId("learn-message").hidden = true;
  }

  /** @param {unknown} err */
  fail(err) {
    const text = err instanceof Error ? err.message : String(err);
    this.showMessage(t("The tutorial cannot go on: {reason}", { reason: text }), true);
    this.setState("error");
  }
}

void new LearnPage(gameFromPath(window.location.pathname), delayFrom(window.location.search, PAUSE)).start();
