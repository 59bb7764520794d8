"""The messages of the sources and the state of their translations: extraction, update and the CI check.

Messages are found by Babel's extractors: Python and the browser's scripts call `t`, `tn` and `tp` with literal
message ids; the pages mark words with `data-t` (the element's text) or `data-t-attr="title placeholder"` (those
attributes). `update` merges what the sources say into every language's `.po` files (new messages untranslated,
changed ones fuzzy, gone ones dropped); `check` lists every problem that keeps a language from being complete.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from ra.core.text import placeholders
from ra.i18n.catalogs import SOURCES, part_of, parts, po_path, read_catalog
from ra.i18n.languages import DEFAULT, LANGUAGES, language

KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2), "tp": ((1, "c"), 2)}
METHODS = [
    ("server/static/**.js", "javascript"),
    ("server/static/**.html", "ra.i18n.messages:extract_html"),
    ("**.py", "python"),
]
TRANSLATED = tuple(language.code for language in LANGUAGES if language.code != DEFAULT)


@dataclass(frozen=True)
class Problem:
    """One thing that keeps a catalog from being complete and consistent."""

    code: str  # the language, or "sources"
    part: str
    msgid: str
    what: str

    def __str__(self) -> str:
        return f"{self.code}/{self.part}.po: {self.what}: {self.msgid[:70]!r}"


def extract(sources: Path = SOURCES) -> dict[str, Catalog]:
    """Every message of the sources, as one template catalog per part (locations: paths inside the package)."""
    templates = {part: Catalog(domain=part) for part in parts()}
    for filename, lineno, message, comments, context in extract_from_dir(
        sources, METHODS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
    ):
        if not message or (isinstance(message, tuple) and not all(message)):
            continue
        path = filename.replace("\\", "/")
        template = templates[part_of(path)]
        template.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return templates


def update(codes: tuple[str, ...] = TRANSLATED, sources: Path = SOURCES) -> dict[tuple[str, str], int]:
    """Bring every language's catalogs up to date with the sources; the number of untranslated messages per
    (language, part)."""
    left: dict[tuple[str, str], int] = {}
    for part, template in extract(sources).items():
        for code in codes:
            path = po_path(code, part)
            catalog = read_catalog(path, code)
            catalog.update(template, update_creation_date=False)
            catalog.obsolete.clear()  # history keeps them; a catalog holds what the sources say now
            if not len(catalog) and not path.is_file():
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as file:
                write_po(file, catalog, width=116, sort_output=True, include_lineno=False)
            left[(code, part)] = sum(1 for message in catalog if message.id and not _done(message))
    return left


def check(codes: tuple[str, ...] = TRANSLATED, sources: Path = SOURCES) -> list[Problem]:
    """Every problem: messages missing from a catalog, untranslated or fuzzy ones, ones the sources no longer have,
    translations whose parameters or plural forms differ from the English message, and message ids the extractor
    cannot read (a `t` call whose first argument is not a literal)."""
    problems = [Problem("sources", part_of(path), call, "not a literal message id") for path, call in dynamic(sources)]
    for part, template in extract(sources).items():
        wanted = {(m.context or "", _singular(m)): m for m in template if m.id}
        for code in codes:
            catalog = read_catalog(po_path(code, part), code)
            have = {(m.context or "", _singular(m)): m for m in catalog if m.id}
            for key, message in wanted.items():
                found = have.get(key)
                if found is None:
                    problems.append(Problem(code, part, key[1], "missing (run python -m ra.i18n extract)"))
                elif not _done(found):
                    problems.append(Problem(code, part, key[1], "fuzzy" if found.fuzzy else "untranslated"))
                else:
                    problems += _consistency(code, part, message, found, catalog.num_plurals)
            problems += [Problem(code, part, key[1], "not in the sources") for key in have.keys() - wanted.keys()]
    return problems


def status(codes: tuple[str, ...] = TRANSLATED, sources: Path = SOURCES) -> list[tuple[str, str, int, int]]:
    """(language, part, messages, translated) for every catalog."""
    rows = []
    for part, template in extract(sources).items():
        wanted = {(m.context or "", _singular(m)) for m in template if m.id}
        for code in codes:
            catalog = read_catalog(po_path(code, part), code)
            done = {(m.context or "", _singular(m)) for m in catalog if m.id and _done(m)}
            rows.append((code, part, len(wanted), len(wanted & done)))
    return rows


def _singular(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)


def _done(message: Message) -> bool:
    string = message.string
    forms = string if isinstance(string, (tuple, list)) else (string,)
    return not message.fuzzy and all(isinstance(form, str) and form for form in forms)


def _consistency(code: str, part: str, english: Message, found: Message, num_plurals: int) -> list[Problem]:
    """A translation uses the English message's parameters (every form of a plural: some of them, and all together
    every one) and has as many plural forms as its language."""
    msgid = _singular(english)
    if isinstance(english.id, (tuple, list)):
        wanted = placeholders(english.id[0]) | placeholders(english.id[1])
        forms = [str(form or "") for form in found.string] if isinstance(found.string, (tuple, list)) else [
            str(found.string or "")
        ]
        problems: list[Problem] = []
        if len(forms) != num_plurals:
            problems.append(Problem(code, part, msgid, f"{len(forms)} plural forms, {language(code).code} has "
                                                        f"{num_plurals}"))
        used = [placeholders(form) for form in forms]
        if any(names - wanted for names in used) or set[str]().union(*used) != wanted:
            problems.append(Problem(code, part, msgid, f"parameters differ from {sorted(wanted)}"))
        return problems
    if placeholders(str(found.string or "")) != placeholders(msgid):
        return [Problem(code, part, msgid, f"parameters differ from {sorted(placeholders(msgid))}")]
    return []


def dynamic(sources: Path = SOURCES) -> Iterator[tuple[str, str]]:
    """Calls of `t`, `tn` or `tp` in Python sources whose message ids are not literals (the extractor skips them, so
    their words could never be translated): (path, the call's source)."""
    literal_args = {"t": 1, "tn": 2, "tp": 2}
    for path in sorted(sources.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in literal_args):
                continue
            wanted = literal_args[node.func.id]
            args = node.args[:wanted]
            if len(args) < wanted or not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
                yield str(path.relative_to(sources)), ast.get_source_segment(path.read_text(), node) or node.func.id


class _MarkedWords(HTMLParser):
    """The words a page marks for translation: `data-t` elements' text and `data-t-attr` attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int, list[str]]] = []  # (tag, line, text so far) of data-t elements

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        line = self.getpos()[0]
        for name in (values.get("data-t-attr") or "").split():
            if values.get(name):
                self.found.append((line, str(values[name])))
        if "data-t" in values:
            self._open.append((tag, line, []))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][2].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _, line, text = self._open.pop()
            words = " ".join("".join(text).split())
            if words:
                self.found.append((line, words))


def extract_html(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Any, options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for our pages (see the module's docstring)."""
    parser = _MarkedWords()
    parser.feed(fileobj.read().decode("utf-8"))
    parser.close()
    for line, words in parser.found:
        yield line, None, words, []
