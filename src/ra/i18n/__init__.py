"""Every word in the reader's language: catalogs, rendering and language choice (docs/TRANSLATING.md).

The engines and every other layer speak in `ra.core.text.Text` values (message ids with parameters); this package
puts them into English, German or Simplified Chinese for one reader, with Babel for catalogs, plural forms, lists
and numbers. `python -m ra.i18n extract` brings the catalogs up to date with the sources, `check` lists what is
missing or inconsistent (CI runs it), `status` counts what is left to translate.
"""

from ra.i18n.catalogs import browser_catalog, part_of, parts, translations
from ra.i18n.languages import CODES, DEFAULT, LANGUAGES, Language, closest, language, negotiate
from ra.i18n.render import SPECTATOR, Reader, render, render_all

__all__ = [
    "CODES",
    "DEFAULT",
    "LANGUAGES",
    "SPECTATOR",
    "Language",
    "Reader",
    "browser_catalog",
    "closest",
    "language",
    "negotiate",
    "part_of",
    "parts",
    "render",
    "render_all",
    "translations",
]
