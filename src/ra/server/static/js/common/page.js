// What every page does before it draws: load the words of the parts it needs in the page's language, translate
// the words marked in the page (the server did it already; templates and cloned parts need it), wire the picker.

import { ready, translatePage } from "./i18n.js";
import { startLanguagePicker } from "./language.js";

/**
 * @param {string[]} parts  catalog parts, e.g. ["web", "common"]
 * @returns {Promise<void>}
 */
export async function startPage(parts) {
  startLanguagePicker();
  if (await words(parts)) translatePage(document);
}

/**
 * Load the words of more parts (a game's, once the page knows the game); false if they could not be loaded.
 * @param {string[]} parts
 * @returns {Promise<boolean>}
 */
export async function words(parts) {
  try {
    await ready(parts);
    return true;
  } catch {
    return false; // the page still works: what is missing reads in English
  }
}
