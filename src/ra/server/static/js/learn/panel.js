// The lesson beside the board: the step's title and text with its rules link, the numbers it states as the board
// shows them, the list of steps (those reached may be revisited), the story of the moves just played, and what
// the learner is asked. Text from the server goes in as text, never as markup.

/** @typedef {import("../common/types.js").BaseView} BaseView */
/** @typedef {import("./api.js").Tutorial} Tutorial */
/** @typedef {import("./api.js").LearnStep} LearnStep */
/** @typedef {import("./api.js").Position} Position */
/** @typedef {import("./progress.js").Progress} Progress */

import { valueAt } from "./api.js";
import { byId, el, nameEl, replaceChildren } from "../common/dom.js";
import { place, render, slot, t, seatName } from "../common/i18n.js";

/** @typedef {import("../common/i18n.js").Reader} Reader */

/**
 * The step's header, text and rules link; the tutorial's introduction above the first step.
 * @param {Tutorial} tutorial
 * @param {number} index
 * @param {Reader} [reader]  the learner
 */
export function renderStep(tutorial, index, reader = {}) {
  const step = tutorial.steps[index];
  byId("step-count").textContent = t("Step {number} of {count}", { number: index + 1, count: tutorial.steps.length });
  const intro = byId("intro");
  intro.textContent = render(tutorial.intro, reader);
  intro.hidden = index !== 0;
  byId("step-title").textContent = render(step.title, reader);
  byId("step-text").textContent = render(step.text, reader);
  renderTextSpent(false);
  // A phone's lesson scrolls in its own box (css/learn.css): a new step is read from its top.
  byId("lesson").scrollTop = 0;
  const rule = byId("step-rule");
  replaceChildren(rule, ruleLink(step, reader));
  rule.hidden = !step.rule_link;
  const notes = byId("step-notes");
  replaceChildren(notes, (step.notes ?? []).map((note) => el("li", { class: "learn-note" }, render(note.text, reader),
    note.rule_link ? el("span", { class: "learn-rule" }, ruleLink(note, reader)) : null)));
  notes.hidden = notes.children.length === 0;
}

/**
 * "Rules: §5 Auctions", its heading a link to the rules page's section (null without a link).
 * @param {{rule_link?: string, rule_title?: import("../common/types.js").Said}} cited  a step or a note
 * @param {Reader} reader
 */
function ruleLink(cited, reader) {
  if (!cited.rule_link) return null;
  const title = cited.rule_title ? render(cited.rule_title, reader) : "";
  return place(t("Rules: {section}", { section: slot("section") }),
    { section: el("a", { href: cited.rule_link, target: "_blank", rel: "noopener" }, title || cited.rule_link) });
}

/**
 * Whether the step's text is spent: the move it names (the step's first, the learner's) is made, and what comes
 * next is the prompt's to say. The text stays to be reread, marked as done (`data-learn-text` on <body>).
 * @param {boolean} spent
 */
export function renderTextSpent(spent) {
  byId("step-text").classList.toggle("spent", spent);
  document.body.dataset.learnText = spent ? "spent" : "current";
}

/**
 * The numbers the step's text states, each beside the value the learner's view holds for it.
 * @param {LearnStep} step
 * @param {BaseView | null} view
 * @param {Reader} [reader]  the learner
 */
export function renderFacts(step, view, reader = {}) {
  const list = byId("step-facts");
  const items = view ? step.facts.map((fact) => {
    const shown = valueAt(view, fact.path);
    const same = shown === fact.value;
    const says = render(fact.says, reader);
    return el("li", { class: same ? "fact same" : "fact" }, place(
      t("{quote} — on the board: {value}", { quote: slot("quote"), value: slot("value") }), {
        quote: el("span", { class: "fact-says" }, t("“{words}”", { words: says })),
        value: el("strong", { class: "fact-value" }, shown === undefined || shown === null ? t("not yet") : signed(says, shown)),
      }));
  }) : [];
  replaceChildren(list, items);
  list.hidden = items.length === 0;
}

/**
 * A fact's number as the text writes it: points with their sign, other counts as they are.
 * @param {string} says  the fact's words
 * @param {unknown} value
 */
function signed(says, value) {
  return typeof value === "number" && value > 0 && says.includes(`+${value}`) ? `+${value}` : String(value);
}

/**
 * The list of steps: those reached are buttons that go there, the current one is marked.
 * @param {Tutorial} tutorial
 * @param {Progress} progress
 * @param {number} current
 * @param {(index: number) => void} onPick
 * @param {Reader} [reader]  the learner
 */
export function renderStepList(tutorial, progress, current, onPick, reader = {}) {
  replaceChildren(byId("step-list"), tutorial.steps.map((step, i) => el("li", { class: i === current ? "current" : "" },
    i <= progress.reached
      ? el("button", { class: "linkish", type: "button", dataset: { step: String(i) }, on: { click: () => onPick(i) } }, render(step.title, reader))
      : el("span", { class: "locked" }, render(step.title, reader)))));
}

/**
 * Add the story of a move to the lines shown for this step (`lines` empty: start again).
 * @param {import("../common/types.js").Said[]} lines
 * @param {boolean} fresh  false: the list starts over
 * @param {Reader} [reader]  the learner
 */
export function renderSaid(lines, fresh, reader = {}) {
  const list = byId("said");
  if (!fresh) list.replaceChildren();
  for (const old of list.querySelectorAll(".new")) old.classList.remove("new");
  for (const line of lines) list.append(el("li", { class: "new" }, render(line, reader).trim()));
  list.hidden = list.children.length === 0;
  list.scrollTop = list.scrollHeight;
}

/**
 * What the learner is asked now (null: nothing), with a button that brings the element to click into view.
 * @param {Position["ask"] | null} ask
 * @param {() => void} onShow
 * @param {Reader} [reader]  the learner
 */
export function renderPrompt(ask, onShow, reader = {}) {
  const prompt = byId("prompt");
  replaceChildren(prompt, ask ? [
    ask.say ? el("span", { class: "learn-say" }, render(ask.say, reader), " ") : null,
    place(t("{label} {move}", { label: slot("label"), move: render(ask.phrase, reader) }), { label: el("strong", {}, t("Your move:")) }), " ",
    el("button", { class: "btn small show-target", type: "button", on: { click: onShow } }, t("Show me")),
  ] : null);
  prompt.hidden = !ask;
}

/**
 * The element naming a seat (names are text, never markup).
 * @param {BaseView} view
 * @param {number} seat
 */
export function nameNode(view, seat) {
  return nameEl(seatName(view.names?.[seat], seat), "player-name");
}
