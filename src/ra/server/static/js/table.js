// The table page shell, the same for every game: connection and reconnection, the move log, "your turn"
// notification, errors, renaming your seat and invite links. The game's own module (GAMES below) draws the
// board from each view. Every click on the board goes through one delegated listener: an element with
// data-action-id is a legal action; one with only data-notation is sent anyway so the engine can say why not.

import { TableConnection, api, idFromPath, seatFromLocation } from "./api.js";
import { copyText, el, replaceChildren, toast } from "./dom.js";
import { GAMES } from "./games.js";
import { beep } from "./sound.js";

const tableId = idFromPath();
const { seat, token } = seatFromLocation();
const boardRoot = document.getElementById("board");
const logList = document.getElementById("log");
const message = document.getElementById("message");
const soundBox = document.getElementById("sound");

let game = null; // the loaded board module
let loading = null; // its import, shared by states that arrive while it loads
let prevView = null;
let wasMyTurn = false;
let lastLogSeq = -1;
let lastTable = null;

const conn = new TableConnection(tableId, seat, token, { onState, onError, onStatus });

function onStatus(status) {
  const box = document.getElementById("conn");
  box.className = `conn conn-${status}`;
  box.textContent = { connecting: "connecting…", open: "online", closed: "offline — reconnecting…" }[status];
}

async function onState(msg) {
  const view = msg.view;
  if (!game) {
    const load = GAMES[view.game];
    if (!load) {
      showMessage(`This page cannot draw the game "${view.game}" yet.`);
      return;
    }
    loading = loading || load();
    game = await loading;
    if (!document.getElementById("rules-body").childElementCount) {
      replaceChildren(document.getElementById("rules-body"), game.rulesPanel());
    }
  }
  hideMessage();
  document.body.classList.remove("pending");
  lastTable = msg.table || lastTable;
  game.render(boardRoot, view, { prev: prevView, nameNode: (s) => nameNode(view, s) });
  prevView = view;
  renderLog(msg.log || [], view);
  renderSide(view);
  notifyTurn(view);
  // Hooks for the browser tests and for CSS: what the page currently shows.
  Object.assign(document.body.dataset, { seq: String(msg.seq), phase: view.phase, turn: turnState(view) });
}

function turnState(view) {
  if (view.phase === "over") return "over";
  return (view.legal_actions || []).length > 0 ? "mine" : "other";
}

function onError(msg) {
  document.body.classList.remove("pending");
  // "stale" means another action landed first; the fresh state is already on its way.
  const text = msg.code === "stale" ? "The table moved on before your click arrived — look again." : msg.message;
  showMessage(text);
  toast(text, "error");
}

function showMessage(text) {
  message.textContent = text;
  message.hidden = false;
}

function hideMessage() {
  message.hidden = true;
}

function nameNode(view, s) {
  return el("span", { class: "player-name" }, view.names?.[s] ?? `Player ${s + 1}`);
}

function renderLog(entries, view) {
  const fresh = lastLogSeq >= 0;
  const items = entries.map((entry) => {
    const draws = entry.draws?.length ? ` (drew ${entry.draws.join(", ")})` : "";
    const who = entry.name ?? view.names?.[entry.player] ?? "";
    const text = entry.text || `${who}: ${entry.notation}${draws}`;
    return el("li", { class: fresh && entry.seq > lastLogSeq ? "fresh" : "", dataset: { seq: String(entry.seq) } },
      el("span", { class: "log-seq" }, String(entry.seq)), " ", text);
  });
  logList.replaceChildren(...items);
  if (entries.length) lastLogSeq = entries[entries.length - 1].seq;
  logList.scrollTop = logList.scrollHeight;
}

function renderSide(view) {
  document.getElementById("table-title").textContent = `${game.GAME_TITLE} · table ${tableId}`;
  const me = document.getElementById("me");
  me.hidden = seat === null;
  const input = document.getElementById("rename-input");
  if (seat !== null && document.activeElement !== input) input.value = view.names?.[seat] ?? "";
  document.getElementById("spectator-note").hidden = seat !== null;
  const replay = document.getElementById("replay-link");
  replay.hidden = view.phase !== "over";
  replay.querySelector("a").href = `/replay/${encodeURIComponent(tableId)}`;
  renderInvites();
}

/** Invite links are known only to the browser that created the table (the lobby stored them). */
function renderInvites() {
  const box = document.getElementById("invites");
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(`ra.invites.${tableId}`) || "null");
  } catch {
    saved = null;
  }
  const open = (saved?.seats || []).filter((s) => s.seat !== seat && !lastTable?.seats?.[s.seat]?.taken);
  box.hidden = !saved || (lastTable?.status === "finished");
  if (box.hidden) return;
  const origin = window.location.origin;
  const row = (label, path) => el("div", { class: "invite-row" }, el("span", {}, label),
    el("input", { readonly: true, value: origin + path, "aria-label": label }),
    el("button", { class: "btn small", type: "button", on: { click: () => copyText(origin + path) } }, "Copy"));
  replaceChildren(document.getElementById("invite-list"),
    open.map((s) => row(`Seat ${s.seat + 1} (${s.name || "player"})`, s.invite)),
    row("Spectators", saved.spectate));
}

function notifyTurn(view) {
  const mine = turnState(view) === "mine";
  document.body.classList.toggle("my-turn", mine);
  const title = game.GAME_TITLE;
  document.title = mine ? `● Your turn — ${title}` : view.phase === "over" ? `Game over — ${title}` : `${title} — table ${tableId}`;
  if (mine && !wasMyTurn && soundBox.checked) beep();
  wasMyTurn = mine;
}

boardRoot.addEventListener("click", (event) => {
  const target = event.target.closest("[data-notation]");
  if (!target || !boardRoot.contains(target)) return;
  sendFor(target);
});

boardRoot.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" && event.key !== " ") return;
  const target = event.target.closest("[data-action-id]");
  if (!target || target.tagName === "BUTTON") return; // buttons already turn keys into clicks
  event.preventDefault();
  sendFor(target);
});

function sendFor(target) {
  if (document.body.classList.contains("pending")) return;
  let id = target.dataset.actionId !== undefined ? Number(target.dataset.actionId) : null;
  // Not legal now: send it anyway (when the game can name it) so the engine explains in its own words.
  if (id === null && game?.actionIdFor) id = game.actionIdFor(target.dataset.notation);
  if (id === null) return;
  if (!conn.act(id)) {
    showMessage("You are offline; reconnecting…");
    return;
  }
  document.body.classList.add("pending");
}

document.getElementById("rename-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = document.getElementById("rename-input").value.trim();
  if (!name) return;
  if (!conn.rename(name)) {
    try {
      await api.rename(tableId, seat, token, name);
    } catch (err) {
      toast(err.message, "error");
      return;
    }
  }
  document.getElementById("rename-input").blur();
  toast("Name changed");
});

soundBox.checked = localStorage.getItem("ra.sound") === "1";
soundBox.addEventListener("change", () => {
  localStorage.setItem("ra.sound", soundBox.checked ? "1" : "0");
  if (soundBox.checked) beep(); // lets the browser unlock audio on this user gesture
});

// Come back at once when the network or the tab returns, instead of waiting out the backoff.
window.addEventListener("online", () => conn.reconnectNow());
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) conn.reconnectNow();
});

conn.connect();
