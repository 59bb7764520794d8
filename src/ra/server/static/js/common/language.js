// The language picker of every page's top bar (docs/PROTOCOL.md, languages): the server fills it and selects the
// page's language; a change keeps the choice in the `ra_lang` cookie and loads the page again in that language.

const COOKIE_AGE = 31536000; // a year, in seconds

/**
 * The cookie that keeps the reader's language.
 * @param {string} code
 * @returns {string}
 */
export function languageCookie(code) {
  return `ra_lang=${encodeURIComponent(code)}; Path=/; Max-Age=${COOKIE_AGE}; SameSite=Lax`;
}

/**
 * The address to load after choosing `code`: the same page; a `lang` in the address is set to the new code
 * (else the cookie decides, so the address stays as it was).
 * @param {string} href
 * @param {string} code
 * @returns {string}
 */
export function addressFor(href, code) {
  const url = new URL(href);
  if (url.searchParams.has("lang")) url.searchParams.set("lang", code);
  return url.toString();
}

/** Wire the page's picker (#language), if it has one. */
export function startLanguagePicker() {
  const picker = document.getElementById("language");
  if (!(picker instanceof HTMLSelectElement)) return;
  picker.addEventListener("change", () => {
    document.cookie = languageCookie(picker.value);
    const next = addressFor(window.location.href, picker.value);
    // The same address (a hash alone would not load the page again): reload it.
    if (next === window.location.href) window.location.reload();
    else window.location.assign(next);
  });
}
