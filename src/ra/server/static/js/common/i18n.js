// Words in the reader's language: the browser's half of ra.i18n (docs/TRANSLATING.md), on the same catalogs and
// rules. The page's language is the one the server chose for it (<html lang>); `ready(parts)` loads the catalogs
// of the parts the page needs (GET /i18n/<language>/<part>.json) before anything is drawn.
//   t("Draw a tile"), tn("{n} tile left", "{n} tiles left", n), tp("tile", "Gold"): the scripts' own words;
//   render(text, reader): a text the server sent (ra.core.text's JSON) for a reader {seat, names};
//   translatePage(root): the page's marked words (data-t, data-t-attr).

/**
 * A text as the server sends it: message id, parameters, English plural, context, second-person variant.
 * @typedef {{m: string, p?: Record<string, Param>, pl?: string, c?: string, you?: TextJson, s?: number}} TextJson
 * @typedef {number | string | TextJson | {seat: number, name?: string} | {items: Param[], empty?: TextJson}} Param
 * @typedef {{seat?: number | null, names?: string[]}} Reader
 * @typedef {{language: string, part: string, plural: Record<string, number>, messages: Record<string, string | string[]>}} Catalog
 */

const SEPARATOR = "\u0004";
/** @type {Map<string, string | string[]>} */
const messages = new Map();
/** @type {Record<string, number>} */
let pluralIndex = { one: 0, other: 1 };
let language = "en";
/** @type {Intl.PluralRules | null} */
let pluralRules = null;
/** @type {Set<string>} */
const loaded = new Set();

/** The language of the page. @returns {string} */
export function currentLanguage() {
  return language;
}

/**
 * Use `code` and the given catalogs (tests, and `ready`).
 * @param {string} code
 * @param {Catalog[]} catalogs
 */
export function useCatalogs(code, catalogs) {
  if (code !== language) {
    messages.clear();
    loaded.clear();
  }
  language = code;
  pluralRules = new Intl.PluralRules(code);
  for (const catalog of catalogs) {
    pluralIndex = catalog.plural;
    loaded.add(catalog.part);
    for (const [key, value] of Object.entries(catalog.messages)) messages.set(key, value);
  }
}

/**
 * Load the catalogs of `parts` for the page's language (once each); English needs none.
 * @param {string[]} parts
 * @returns {Promise<void>}
 */
export async function ready(parts) {
  const code = (typeof document !== "undefined" && document.documentElement.lang) || "en";
  const wanted = code === "en" ? [] : parts.filter((part) => !loaded.has(part));
  const catalogs = await Promise.all(
    wanted.map(async (part) => {
      const answer = await fetch(`/i18n/${encodeURIComponent(code)}/${encodeURIComponent(part)}.json`);
      if (!answer.ok) throw new Error(`the ${part} words in ${code} could not be loaded (${answer.status})`);
      return /** @type {Catalog} */ (await answer.json());
    }),
  );
  useCatalogs(code, catalogs);
}

/**
 * @param {string} context
 * @param {string} msgid
 * @returns {string | string[] | undefined}
 */
function lookup(context, msgid) {
  return messages.get(context ? context + SEPARATOR + msgid : msgid);
}

/**
 * The form of a plural message for `n`.
 * @param {string} context
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 * @returns {string}
 */
function pluralForm(context, singular, plural, n) {
  const found = lookup(context, singular);
  if (Array.isArray(found) && found.length) {
    const category = (pluralRules ?? new Intl.PluralRules(language)).select(n);
    const index = pluralIndex[category] ?? found.length - 1;
    return found[Math.min(index, found.length - 1)];
  }
  return n === 1 ? singular : plural;
}

/**
 * `message` with each {name} replaced; {{ and }} are braces; an unknown name stays as it is.
 * @param {string} message
 * @param {Record<string, string>} values
 * @returns {string}
 */
export function fill(message, values) {
  return message.replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return Object.hasOwn(values, name) ? values[name] : whole;
  });
}

/**
 * A number the reader's way (whole numbers as they are, others with the language's decimal mark).
 * @param {number} value
 * @returns {string}
 */
function number(value) {
  return Number.isInteger(value) ? String(value) : new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/**
 * A seat's name as people read it: its name, else its default ("Player 1") in the reader's language. The one
 * fallback: a seat nobody named is sent blank.
 * @param {string | null | undefined} name
 * @param {number} seat
 * @returns {string}
 */
export function seatName(name, seat) {
  return name || tp("seat", "Player {number}", { number: seat + 1 });
}

/**
 * A parameter's words.
 * @param {Param} value
 * @param {Reader} reader
 * @returns {string}
 */
function param(value, reader) {
  if (typeof value === "number") return number(value);
  if (typeof value === "string") return value;
  if ("m" in value) return render(value, reader);
  if ("seat" in value) {
    return seatName(reader.names?.[value.seat] || value.name, value.seat);
  }
  if (!value.items.length) return value.empty ? render(value.empty, reader) : "";
  const words = value.items.map((item) => param(item, reader));
  if (language === "en") {
    // The ids' own English ("a, b and c"), as the server's English reads it.
    return words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
  }
  return new Intl.ListFormat(language, { style: "long", type: "conjunction" }).format(words);
}

/**
 * A text from the server as `reader` reads it.
 * @param {TextJson | string} text
 * @param {Reader} [reader]
 * @returns {string}
 */
export function render(text, reader = {}) {
  if (typeof text === "string") return text;
  if (text.you && reader.seat !== null && reader.seat !== undefined && reader.seat === text.s) {
    return render(text.you, reader);
  }
  const context = text.c ?? "";
  let message;
  if (text.pl) {
    const n = text.p?.n;
    message = pluralForm(context, text.m, text.pl, typeof n === "number" ? n : 2);
  } else {
    const found = lookup(context, text.m);
    message = typeof found === "string" ? found : text.m;
  }
  /** @type {Record<string, string>} */
  const values = {};
  for (const [key, value] of Object.entries(text.p ?? {})) values[key] = param(value, reader);
  return fill(message, values);
}

/**
 * The scripts' own words: a message with parameters, now, in the page's language.
 * @param {string} msgid
 * @param {Record<string, Param>} [params]
 * @returns {string}
 */
export function t(msgid, params = {}) {
  return render({ m: msgid, p: params });
}

/**
 * A message with plural forms chosen by `n` (also the parameter {n}).
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 * @param {Record<string, Param>} [params]
 * @returns {string}
 */
export function tn(singular, plural, n, params = {}) {
  return render({ m: singular, pl: plural, p: { n, ...params } });
}

/**
 * A term or sentence with a context for translators.
 * @param {string} context
 * @param {string} msgid
 * @param {Record<string, Param>} [params]
 * @returns {string}
 */
export function tp(context, msgid, params = {}) {
  return render({ m: msgid, c: context, p: params });
}

/**
 * Translate the page's marked words: a `data-t` element's text, and the attributes `data-t-attr` names.
 * @param {ParentNode} root
 */
export function translatePage(root) {
  for (const element of root.querySelectorAll("[data-t]")) {
    const words = (element.getAttribute("data-t") || element.textContent || "").replace(/\s+/g, " ").trim();
    element.setAttribute("data-t", words);
    element.textContent = t(words);
  }
  for (const element of root.querySelectorAll("[data-t-attr]")) {
    for (const name of (element.getAttribute("data-t-attr") || "").split(/\s+/)) {
      const key = `data-t-${name}`;
      const words = element.getAttribute(key) ?? element.getAttribute(name);
      if (!words) continue;
      element.setAttribute(key, words);
      element.setAttribute(name, t(words));
    }
  }
}

/**
 * A place for a node inside a message: `place(t("Your move: {move}", {move: slot("move")}), {move: node})` keeps
 * the message whole (its translation may move the node anywhere) while the node stays an element.
 * @param {string} name
 * @returns {string}
 */
export function slot(name) {
  return `\uE000${name}\uE001`;
}

/**
 * The pieces of a message filled with `slot`s: its words as strings, each slot replaced by its node.
 * @param {string} text
 * @param {Record<string, Node | string | null>} nodes
 * @returns {(Node | string)[]}
 */
export function place(text, nodes) {
  return text.split(/\uE000([A-Za-z_][A-Za-z0-9_]*)\uE001/).flatMap((piece, index) => {
    if (index % 2 === 0) return piece ? [piece] : [];
    const node = nodes[piece];
    return node === null || node === undefined ? [] : [node];
  });
}
