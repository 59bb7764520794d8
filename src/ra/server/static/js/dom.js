// Small DOM helpers shared by every page. Everything user-supplied (names, server messages) goes into the DOM
// through textContent or escapeHtml, never through raw innerHTML, so a name like "<img onerror=…>" stays text.

/** Escape text for the rare places where we build HTML strings. */
export function escapeHtml(text) {
  return String(text ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * Build an element: el("div", {class: "x", dataset: {seat: 1}, on: {click: fn}}, child, "text", ...).
 * Strings become text nodes (escaped by construction); null/false children are skipped so callers can write
 * `cond && el(...)`.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "on") for (const [ev, fn] of Object.entries(value)) node.addEventListener(ev, fn);
    else if (key === "text") node.textContent = value;
    else if (key === "style" && typeof value === "object") Object.assign(node.style, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  appendAll(node, children);
  return node;
}

function appendAll(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) appendAll(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An inline SVG <use> of a symbol from our sprite, sized by CSS. */
export function icon(name, cls = "icon") {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(ns, "use");
  use.setAttribute("href", `/static/img/tiles.svg#${name}`);
  svg.append(use);
  return svg;
}

/** Replace the children of `node` with `children`. */
export function replaceChildren(node, ...children) {
  node.replaceChildren();
  appendAll(node, children);
}

/** Show a transient message at the bottom of the page (errors, "copied"). */
export function toast(message, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", { id: "toasts", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = el("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  box.append(item);
  setTimeout(() => item.classList.add("toast-out"), 4500);
  setTimeout(() => item.remove(), 5200);
}

/** Copy text to the clipboard; falls back to a selection copy where the async API is not allowed. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = el("textarea", { style: { position: "fixed", opacity: "0" } });
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  toast("Link copied");
}
