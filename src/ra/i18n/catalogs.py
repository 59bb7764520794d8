"""The translation catalogs: gettext `.po` files, one per language and part, read with Babel (docs/TRANSLATING.md).

A part is the set of messages of one area, so that a translator can take one file at a time and a game carries its
own words: `common` (the core, the shared bots, the server's messages), `web` (the browser's pages and scripts),
`terminal` (the commands), and one part per registered game (its engine, its bots, its tutorial, its research
encoder). Which part a source file belongs to follows from its path alone (`part_of`), never from a list of games.
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from ra.games import GAMES
from ra.i18n.languages import DEFAULT, LANGUAGES, language

SOURCES = Path(__file__).resolve().parent.parent  # the `ra` package: every file whose words are extracted
LOCALE = Path(__file__).with_name("locale")  # LOCALE/<language>/<part>.po
GAME_AREAS = ("games", "bots", "tutorials", "envs")  # areas whose subpackages (or modules) are named after a game
TERMINAL_AREAS = ("commands", "cli.py", "tournament")
CONTEXT_SEPARATOR = "\x04"  # gettext's separator of a context and a message id, in keys of the browser's catalogs

Key = tuple[str, str]  # (context, message id)


def parts() -> tuple[str, ...]:
    """Every part, the shared ones first, then one per registered game."""
    return ("common", "web", "terminal", *GAMES)


def part_of(path: str | PurePosixPath) -> str:
    """The part of a source file, from its path inside the `ra` package (`games/ra/narrate.py` → the Ra part)."""
    pieces = PurePosixPath(path).parts
    if len(pieces) >= 2 and pieces[0] in GAME_AREAS:
        name = PurePosixPath(pieces[1]).stem
        if name in GAMES:
            return name
    if pieces[:2] == ("server", "static"):
        return "web"
    if pieces and pieces[0] in TERMINAL_AREAS:
        return "terminal"
    return "common"


def po_path(code: str, part: str) -> Path:
    """Where a language's catalog of one part lives."""
    return LOCALE / code / f"{part}.po"


def read_catalog(path: Path, code: str) -> Catalog:
    """A `.po` file as a Babel catalog (an empty one if the file does not exist yet)."""
    if not path.is_file():
        return Catalog(
            locale=language(code).locale,
            domain=path.stem,
            header_comment=f"# {language(code).name}: the {path.stem} messages of ra (docs/TRANSLATING.md).",
            project="ra",
            version="",
            copyright_holder="",
            msgid_bugs_address="",
            last_translator="",
            language_team="",
            fuzzy=False,
        )
    with path.open("rb") as file:
        return read_po(file, locale=language(code).locale, domain=path.stem)


@dataclass(frozen=True)
class Translations:
    """One language's messages from every part: (context, id) → the translation, or its plural forms."""

    code: str
    messages: dict[Key, str | tuple[str, ...]]
    plural_index: Callable[[int], int]  # gettext's plural form of a count, as the catalogs' header says

    def get(self, context: str, msgid: str) -> str | tuple[str, ...] | None:
        """The translation of a message, None where there is none (the English id is shown then)."""
        return self.messages.get((context, msgid))


def english_plural(n: int) -> int:
    """English's plural form: 0 for one, 1 for every other count."""
    return 0 if n == 1 else 1


@functools.cache
def translations(code: str) -> Translations:
    """The catalogs of a shipped language, read once; English (the ids' language) has none."""
    code = language(code).code
    if code == DEFAULT:
        return Translations(code, {}, english_plural)
    messages: dict[Key, str | tuple[str, ...]] = {}
    plural_index: Callable[[int], int] | None = None
    for part in parts():
        catalog = read_catalog(po_path(code, part), code)
        if plural_index is None and po_path(code, part).is_file():
            plural_index = gettext.c2py(catalog.plural_expr)
        for message in catalog:
            if not message.id or message.fuzzy or not _translated(message.string):
                continue
            msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
            messages[(message.context or "", msgid)] = _forms(message.string)
    if plural_index is None:
        plural_index = gettext.c2py(Catalog(locale=language(code).locale).plural_expr)
    return Translations(code, messages, plural_index)


def _forms(string: object) -> str | tuple[str, ...]:
    """A message's translation: one string, or its plural forms."""
    if isinstance(string, (tuple, list)):
        return tuple(str(form) for form in string)
    return str(string or "")


def _translated(string: object) -> bool:
    if isinstance(string, (tuple, list)):
        return all(isinstance(form, str) and form for form in string)
    return isinstance(string, str) and bool(string)


def plural_categories(code: str) -> dict[str, int]:
    """CLDR's plural categories of a language (what `Intl.PluralRules` gives a browser) → gettext's form index."""
    found: dict[str, int] = {}
    rule = Locale.parse(language(code).locale).plural_form
    index = translations(code).plural_index
    for n in range(0, 1001):
        found.setdefault(rule(n), index(n))
    return found


def browser_catalog(code: str, part: str) -> dict[str, object]:
    """A part's messages for the browser: plural categories, and `context\\x04id` (or `id`) → translation."""
    if part not in parts():
        raise ValueError(f"unknown part {part[:20]!r}: expected one of {', '.join(parts())}")
    code = language(code).code
    messages: dict[str, str | list[str]] = {}
    if code != DEFAULT:
        catalog = read_catalog(po_path(code, part), code)
        for message in catalog:
            if not message.id or message.fuzzy or not _translated(message.string):
                continue
            msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
            key = f"{message.context}{CONTEXT_SEPARATOR}{msgid}" if message.context else msgid
            forms = _forms(message.string)
            messages[key] = list(forms) if isinstance(forms, tuple) else forms
    return {"language": code, "part": part, "plural": plural_categories(code), "messages": messages}


__all__ = [
    "LANGUAGES",
    "LOCALE",
    "SOURCES",
    "Translations",
    "browser_catalog",
    "part_of",
    "parts",
    "plural_categories",
    "po_path",
    "read_catalog",
    "translations",
]
