// Replay of a finished table, move by move, from GET /api/tables/{id}/replay: spectator views after each action
// (step 0 = the start). The board is the same module as at the table, with nothing clickable.

import { api, idFromPath } from "./api.js";
import { el, replaceChildren } from "./dom.js";
import { GAMES } from "./games.js";

const tableId = idFromPath();
const slider = document.getElementById("slider");
const boardRoot = document.getElementById("board");
const logList = document.getElementById("log");
let steps = [];
let game = null;
let index = 0;
let timer = null;

function moveText(step, view) {
  const move = step.move;
  if (!move) return "The start of the game.";
  if (typeof move === "string") return move;
  if (move.text) return move.text; // the server's log entry: the same words as at the table
  if (game?.moveText) return game.moveText(move, view);
  const who = view.names?.[move.player] ?? `Player ${move.player + 1}`;
  const what = move.notation ?? move.action ?? "";
  const draws = move.draws?.length ? ` — drew ${move.draws.join(", ")}` : "";
  return `${who}: ${what}${draws}`;
}

function show(i) {
  index = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[index];
  // Every step marks what changed since the one before, however it was reached.
  const prev = index > 0 ? steps[index - 1].view : null;
  game.render(boardRoot, step.view, { prev, nameNode: (s) => el("span", { class: "player-name" }, step.view.names?.[s] ?? `Player ${s + 1}`) });
  slider.value = String(index);
  document.getElementById("step-label").textContent = `move ${index} / ${steps.length - 1}`;
  document.getElementById("move-text").textContent = moveText(step, step.view);
  for (const li of logList.children) li.classList.toggle("current", Number(li.dataset.step) === index);
  logList.querySelector(".current")?.scrollIntoView({ block: "nearest" });
  document.body.dataset.step = String(index);
}

function togglePlay() {
  const button = document.getElementById("play");
  if (timer) {
    clearInterval(timer);
    timer = null;
    button.textContent = "▶ Play";
    return;
  }
  if (index >= steps.length - 1) show(0);
  button.textContent = "⏸ Pause";
  timer = setInterval(() => {
    if (index >= steps.length - 1) togglePlay();
    else show(index + 1);
  }, 700);
}

async function init() {
  let data;
  try {
    data = await api.replay(tableId);
  } catch (err) {
    replaceChildren(boardRoot, el("p", { class: "message" }, `No replay: ${err.message}`));
    return;
  }
  steps = data.steps || [];
  if (!steps.length) return;
  const kind = steps[0].view.game;
  if (!GAMES[kind]) {
    replaceChildren(boardRoot, el("p", { class: "message" }, `This page cannot draw the game "${kind}" yet.`));
    return;
  }
  game = await GAMES[kind]();
  document.getElementById("replay-title").textContent = `Replay · ${game.GAME_TITLE} · table ${tableId}`;
  slider.max = String(steps.length - 1);
  replaceChildren(logList, steps.map((step, i) => el("li", { dataset: { step: String(i) } },
    el("button", { class: "log-jump", type: "button", on: { click: () => show(i) } },
      el("span", { class: "log-seq" }, String(i)), " ", moveText(step, step.view)))));
  document.getElementById("first").addEventListener("click", () => show(0));
  document.getElementById("back").addEventListener("click", () => show(index - 1));
  document.getElementById("forward").addEventListener("click", () => show(index + 1));
  document.getElementById("last").addEventListener("click", () => show(steps.length - 1));
  document.getElementById("play").addEventListener("click", togglePlay);
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT") return;
    if (event.key === "ArrowRight") show(index + 1);
    else if (event.key === "ArrowLeft") show(index - 1);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(steps.length - 1);
    else return;
    event.preventDefault();
  });
  show(0);
}

init();
