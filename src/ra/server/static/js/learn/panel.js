// The lesson beside the board: the step's title and text with its rules link, the numbers it states as the board
// shows them, the list of steps (those reached may be revisited), the story of the moves just played, and what
// the learner is asked. Text from the server goes in as text, never as markup.

/** @typedef {import("../common/types.js").BaseView} BaseView */
/** @typedef {import("./api.js").Tutorial} Tutorial */
/** @typedef {import("./api.js").LearnStep} LearnStep */
/** @typedef {import("./api.js").Position} Position */
/** @typedef {import("./progress.js").Progress} Progress */

import { valueAt } from "./api.js";
import { byId, el, replaceChildren } from "../common/dom.js";

/**
 * The step's header, text and rules link; the tutorial's introduction above the first step.
 * @param {Tutorial} tutorial
 * @param {number} index
 */
export function renderStep(tutorial, index) {
  const step = tutorial.steps[index];
  byId("step-count").textContent = `Step ${index + 1} of ${tutorial.steps.length}`;
  const intro = byId("intro");
  intro.textContent = tutorial.intro;
  intro.hidden = index !== 0;
  byId("step-title").textContent = step.title;
  byId("step-text").textContent = step.text;
  const rule = byId("step-rule");
  replaceChildren(rule, step.rule_link
    ? ["Rules: ", el("a", { href: step.rule_link, target: "_blank", rel: "noopener" }, step.rule_title || step.rule_link)]
    : null);
  rule.hidden = !step.rule_link;
}

/**
 * The numbers the step's text states, each beside the value the learner's view holds for it.
 * @param {LearnStep} step
 * @param {BaseView | null} view
 */
export function renderFacts(step, view) {
  const list = byId("step-facts");
  const items = view ? step.facts.map((fact) => {
    const shown = valueAt(view, fact.path);
    const same = shown === fact.value;
    return el("li", { class: same ? "fact same" : "fact" },
      el("span", { class: "fact-says" }, `“${fact.says}”`), " — on the board: ",
      el("strong", { class: "fact-value" }, shown === undefined || shown === null ? "not yet" : signed(fact, shown)));
  }) : [];
  replaceChildren(list, items);
  list.hidden = items.length === 0;
}

/**
 * A fact's number as the text writes it: points with their sign, other counts as they are.
 * @param {{says: string}} fact
 * @param {unknown} value
 */
function signed(fact, value) {
  return typeof value === "number" && value > 0 && fact.says.includes(`+${value}`) ? `+${value}` : String(value);
}

/**
 * The list of steps: those reached are buttons that go there, the current one is marked.
 * @param {Tutorial} tutorial
 * @param {Progress} progress
 * @param {number} current
 * @param {(index: number) => void} onPick
 */
export function renderStepList(tutorial, progress, current, onPick) {
  replaceChildren(byId("step-list"), tutorial.steps.map((step, i) => el("li", { class: i === current ? "current" : "" },
    i <= progress.reached
      ? el("button", { class: "linkish", type: "button", dataset: { step: String(i) }, on: { click: () => onPick(i) } }, step.title)
      : el("span", { class: "locked" }, step.title))));
}

/**
 * Add the story of a move to the lines shown for this step (`lines` empty: start again).
 * @param {string[]} lines
 * @param {boolean} fresh  false: the list starts over
 */
export function renderSaid(lines, fresh) {
  const list = byId("said");
  if (!fresh) list.replaceChildren();
  for (const old of list.querySelectorAll(".new")) old.classList.remove("new");
  for (const line of lines) list.append(el("li", { class: "new" }, line));
  list.hidden = list.children.length === 0;
  list.scrollTop = list.scrollHeight;
}

/**
 * What the learner is asked now (null: nothing), with a button that brings the element to click into view.
 * @param {Position["ask"] | null} ask
 * @param {() => void} onShow
 */
export function renderPrompt(ask, onShow) {
  const prompt = byId("prompt");
  replaceChildren(prompt, ask ? [
    ask.say ? el("span", { class: "learn-say" }, ask.say, " ") : null,
    el("strong", {}, "Your move: "), ask.phrase, " ",
    el("button", { class: "btn small show-target", type: "button", on: { click: onShow } }, "Show me"),
  ] : null);
  prompt.hidden = !ask;
}

/**
 * The element naming a seat (names are text, never markup).
 * @param {BaseView} view
 * @param {number} seat
 */
export function nameNode(view, seat) {
  return el("span", { class: "player-name" }, view.names?.[seat] ?? `Player ${seat + 1}`);
}
