// Small DOM helpers shared by every page. Everything user-supplied (names, server messages) goes into the DOM
// as text nodes, never as HTML, so a name like "<img onerror=…>" stays text. No inline style attribute is ever
// written (the pages run under a strict Content-Security-Policy): styles go through CSS classes or CSSOM.

import { t } from "./i18n.js";

/**
 * @typedef {Node | string | number | null | undefined | false} Child
 * @typedef {Child | ChildList} Children
 * @typedef {Children[]} ChildList
 */

/**
 * Attributes of `el`: `class`, `dataset`, `on` (event listeners), `text`, `style` (CSSOM properties, custom
 * properties included) and any other attribute (true = present, null/undefined/false = absent).
 * @typedef {object} Attrs
 * @property {string} [class]
 * @property {Record<string, string>} [dataset]
 * @property {Record<string, EventListener>} [on]
 * @property {string} [text]
 * @property {Record<string, string>} [style]
 */

/**
 * Build an element: el("div", {class: "x", dataset: {seat: "1"}, on: {click: fn}}, child, "text", ...).
 * Strings become text nodes; null/false children are skipped so callers can write `cond && el(...)`.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs & Record<string, unknown>} [attrs]
 * @param {...Children} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = String(value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "on") {
      for (const [event, listener] of Object.entries(/** @type {Record<string, EventListener>} */ (value))) {
        node.addEventListener(event, listener);
      }
    } else if (key === "text") node.textContent = String(value);
    else if (key === "style") {
      for (const [prop, text] of Object.entries(/** @type {Record<string, string>} */ (value))) {
        node.style.setProperty(prop, text);
      }
    } else node.setAttribute(key, value === true ? "" : String(value));
  }
  appendAll(node, children);
  return node;
}

/**
 * @param {Node} node
 * @param {ChildList} children
 */
function appendAll(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) appendAll(node, child);
    else node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * A person's name: its own direction (<bdi>) and its whole text in the title, for when it is too long for its place
 * (css/words.css wraps a name between words only and ellipsizes a word too long for the line).
 * @param {string} name
 * @param {string} [cls]
 * @returns {HTMLElement}
 */
export function nameEl(name, cls = "") {
  return el("bdi", cls ? { class: cls, title: name } : { title: name }, name);
}

/**
 * An inline SVG <use> of a symbol from our sprite, sized by CSS.
 * @param {string} name
 * @param {string} [cls]
 * @returns {SVGSVGElement}
 */
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

/**
 * Replace the children of `node` with `children`.
 * @param {Node & ParentNode} node
 * @param {...Children} children
 */
export function replaceChildren(node, ...children) {
  node.replaceChildren();
  appendAll(node, children);
}

/**
 * The element with this id; throws if the page lacks it (a broken page should fail loudly, not half-work).
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no #${id}`);
  return node;
}

/**
 * Show a transient message at the bottom of the page (errors, "copied").
 * @param {string} message
 * @param {"info" | "error"} [kind]
 */
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

/**
 * Copy text to the clipboard; falls back to a selection copy where the async API is not allowed.
 * @param {string} text
 * @param {string} [said]  the toast's words ("Link copied" unless told)
 */
export async function copyText(text, said) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = el("textarea", { class: "offscreen" });
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  toast(said ?? t("Link copied"));
}

/**
 * A row with a read-only link, its label and a Copy button (invite and spectator links).
 * @param {string} label
 * @param {string} url  an absolute URL
 * @param {string} [cls]
 * @returns {HTMLDivElement}
 */
export function linkRow(label, url, cls = "") {
  return el("div", { class: `invite-row ${cls}`.trim() }, el("span", {}, label),
    el("input", { readonly: true, value: url, "aria-label": label }),
    el("button", { class: "btn small", type: "button", on: { click: () => copyText(url) } }, t("Copy")));
}
