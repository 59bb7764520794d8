// The lobby: create a table (game, 2–5 seats each a person or a bot, options) and list the open, running and
// finished tables. Invite links contain secret tokens, so they are shown once after creation and kept only in
// this browser's localStorage (the table page shows them again to the creator).

import { api } from "./api.js";
import { copyText, el, replaceChildren } from "./dom.js";
import { GAMES } from "./games.js";

// Games this UI can draw. A game the server offers but we cannot draw yet is listed, disabled.
const DRAWABLE = new Set(Object.keys(GAMES));
const GAME_NAMES = { ra: "Ra", write: "RA and Write" };
// Per-game options beyond the common ones; RA and Write adds its own fieldset here.
const GAME_OPTIONS = {
  ra: () => ({ scores_visible: document.getElementById("scores-visible").checked }),
  write: () => ({ kingdom_limited: document.getElementById("kingdom-limited").checked }),
};

/** Show only the option fields of the selected game (labels carry data-game). */
function showGameOptions() {
  for (const label of document.querySelectorAll("#options [data-game]")) label.hidden = label.dataset.game !== gameSelect.value;
}

let meta = { games: ["ra"], bots: ["random", "greedy"], levels: [], players: { ra: [2, 5] } };
const seatList = document.getElementById("seats");
const gameSelect = document.getElementById("game");

function range() {
  return meta.players?.[gameSelect.value] || [2, 5];
}

function botChoices() {
  const groups = [];
  if (meta.bots?.length) groups.push(el("optgroup", { label: "Bots" }, meta.bots.map((b) => el("option", { value: b }, b))));
  if (meta.levels?.length) groups.push(el("optgroup", { label: "Levels" }, meta.levels.map((b) => el("option", { value: b }, b))));
  return groups;
}

function seatRow(kind, value = "") {
  const li = el("li", { class: "seat-row" });
  const kindSelect = el("select", { class: "seat-kind", "aria-label": "Person or bot" },
    el("option", { value: "person" }, "Person"), el("option", { value: "bot" }, "Bot"));
  kindSelect.value = kind;
  const name = el("input", { class: "seat-name", placeholder: "Name", maxlength: "40", "aria-label": "Name" });
  const bot = el("select", { class: "seat-bot", "aria-label": "Bot kind" }, botChoices());
  if (kind === "person") name.value = value;
  else if (value) bot.value = value;
  const remove = el("button", { class: "btn small remove-seat", type: "button", title: "Remove this seat" }, "✕");
  const sync = () => {
    name.hidden = kindSelect.value !== "person";
    bot.hidden = kindSelect.value !== "bot";
  };
  kindSelect.addEventListener("change", sync);
  remove.addEventListener("click", () => {
    if (seatList.children.length > range()[0]) li.remove();
    updateSeatButtons();
  });
  sync();
  li.append(kindSelect, name, bot, remove);
  return li;
}

function updateSeatButtons() {
  const [min, max] = range();
  const count = seatList.children.length;
  document.getElementById("add-seat").disabled = count >= max;
  for (const b of seatList.querySelectorAll(".remove-seat")) b.disabled = count <= min;
  document.getElementById("seat-range").textContent = `(${min}–${max} players)`;
}

function defaultSeats() {
  const myName = localStorage.getItem("ra.name") || "";
  const firstBot = meta.bots?.includes("greedy") ? "greedy" : meta.bots?.[0] || "";
  replaceChildren(seatList, seatRow("person", myName), seatRow("bot", firstBot), seatRow("bot", firstBot));
  updateSeatButtons();
}

function readSeats() {
  return [...seatList.children].map((li, index) => {
    const kind = li.querySelector(".seat-kind").value;
    if (kind === "bot") return { kind, bot: li.querySelector(".seat-bot").value };
    return { kind, name: li.querySelector(".seat-name").value.trim() || `Player ${index + 1}` };
  });
}

async function create(event) {
  event.preventDefault();
  const errorBox = document.getElementById("create-error");
  errorBox.hidden = true;
  const game = gameSelect.value;
  const seats = readSeats();
  const options = GAME_OPTIONS[game]?.() || {};
  try {
    const answer = await api.create({ game, options, seats });
    const firstPerson = seats.findIndex((s) => s.kind === "person");
    if (firstPerson >= 0) localStorage.setItem("ra.name", seats[firstPerson].name);
    showCreated(answer, seats, firstPerson);
    refresh();
  } catch (err) {
    errorBox.textContent = err.message;
    errorBox.hidden = false;
  }
}

function showCreated(answer, seats, mySeat) {
  const origin = window.location.origin;
  const invites = (answer.seats || []).filter((s) => s.invite).map((s) => ({ seat: s.seat, name: seats[s.seat]?.name, invite: s.invite }));
  localStorage.setItem(`ra.invites.${answer.id}`, JSON.stringify({ seats: invites, spectate: answer.spectate }));
  const mine = invites.find((s) => s.seat === mySeat);
  if (mine) localStorage.setItem(`ra.myseat.${answer.id}`, mine.invite);
  const row = (label, path, cls) => el("div", { class: `invite-row ${cls}` }, el("span", {}, label),
    el("input", { readonly: true, value: origin + path, "aria-label": label }),
    el("button", { class: "btn small", type: "button", on: { click: () => copyText(origin + path) } }, "Copy"));
  replaceChildren(document.getElementById("created-links"),
    invites.filter((s) => s.seat !== mySeat).map((s) => row(`Seat ${s.seat + 1}: ${s.name}`, s.invite, "invite")),
    row("Spectators", answer.spectate, "spectate"));
  const go = document.getElementById("go-seat");
  go.href = mine ? mine.invite : answer.spectate;
  go.textContent = mine ? "Go to my seat →" : "Watch the bots →";
  document.getElementById("created").hidden = false;
  document.getElementById("created").scrollIntoView({ behavior: "smooth" });
}

function seatLabel(s) {
  if (s.kind === "bot") return s.name && s.name.includes(s.bot) ? s.name : `${s.name || "bot"} (${s.bot})`;
  return `${s.name || `Seat ${s.seat + 1}`}${s.taken ? "" : " (free)"}`;
}

function tableItem(t) {
  const game = GAME_NAMES[t.game] || t.game;
  const links = [];
  if (t.status === "finished") {
    links.push(el("a", { class: "btn small", href: `/replay/${encodeURIComponent(t.id)}` }, "Replay"));
  } else {
    const mine = localStorage.getItem(`ra.myseat.${t.id}`);
    if (mine) links.push(el("a", { class: "btn small primary", href: mine }, "My seat"));
    links.push(el("a", { class: "btn small", href: `/t/${encodeURIComponent(t.id)}` }, "Watch"));
  }
  return el("li", { class: `table-item status-${t.status}`, dataset: { id: t.id, status: t.status } },
    el("div", { class: "table-what" }, el("strong", {}, `${game} `), el("span", { class: "table-id" }, t.id),
      el("span", { class: `status-pill ${t.status}` }, t.status), t.seq ? el("small", {}, ` ${t.seq} moves`) : null),
    el("div", { class: "table-seats" }, (t.seats || []).map(seatLabel).join(" · ")),
    el("div", { class: "table-links" }, links));
}

// A busy server can hold hundreds of tables: show the newest few unless the visitor asks for all.
const LIST_LIMIT = 12;
const showAll = { "live-tables": false, "finished-tables": false };

function fillList(id, tables, empty) {
  const list = document.getElementById(id);
  if (!tables.length) {
    replaceChildren(list, el("li", { class: "none" }, empty));
    return;
  }
  const shown = showAll[id] ? tables : tables.slice(0, LIST_LIMIT);
  const more = tables.length > shown.length
    ? el("li", { class: "more" }, el("button", { class: "btn small", type: "button", on: { click: () => {
      showAll[id] = true;
      fillList(id, tables, empty);
    } } }, `Show all ${tables.length}`))
    : null;
  replaceChildren(list, shown.map(tableItem), more);
}

async function refresh() {
  try {
    const [open, running, finished] = await Promise.all(["open", "running", "finished"].map((s) => api.tables(s)));
    const byNewest = (a, b) => String(b.updated || "").localeCompare(String(a.updated || ""));
    fillList("live-tables", [...open.tables, ...running.tables].sort(byNewest), "No table yet — create one.");
    fillList("finished-tables", finished.tables.sort(byNewest), "No finished game yet.");
    document.getElementById("refreshed").textContent = `updated ${new Date().toLocaleTimeString()}`;
  } catch (err) {
    document.getElementById("refreshed").textContent = `cannot reach the server (${err.message})`;
  }
}

async function init() {
  try {
    meta = await api.meta();
  } catch {
    // Keep the built-in defaults; creating will report the real problem.
  }
  replaceChildren(gameSelect, (meta.games || ["ra"]).map((g) =>
    el("option", { value: g, disabled: !DRAWABLE.has(g) }, DRAWABLE.has(g) ? GAME_NAMES[g] || g : `${GAME_NAMES[g] || g} (coming soon)`)));
  gameSelect.value = "ra";
  gameSelect.addEventListener("change", updateSeatButtons);
  gameSelect.addEventListener("change", showGameOptions);
  showGameOptions();
  defaultSeats();
  document.getElementById("add-seat").addEventListener("click", () => {
    if (seatList.children.length < range()[1]) seatList.append(seatRow("bot", meta.bots?.[0] || ""));
    updateSeatButtons();
  });
  document.getElementById("create-form").addEventListener("submit", create);
  refresh();
  setInterval(refresh, 5000);
}

init();
