"""The language of each page (docs/PROTOCOL.md, "Languages"): chosen per request, the page's marked words translated.

A page's language is `?lang=<code>` when it names a shipped language, else the `ra_lang` cookie the picker sets,
else the browser's `Accept-Language`, else English. The HTML files of `static/` are read once per (page, language):
`<html lang>` set, the picker filled with the shipped languages (the page's selected), and every element marked
`data-t` whose content is plain text given its translation (its English kept in `data-t`, so the browser's
`translatePage` can translate templates it clones later and attributes named by `data-t-attr`).
"""

from __future__ import annotations

import functools
import html
import re
from pathlib import Path

from fastapi import Request
from fastapi.responses import HTMLResponse

from ra.i18n.catalogs import translations
from ra.i18n.languages import CODES, DEFAULT, LANGUAGES, negotiate

COOKIE = "ra_lang"
# An element marked for translation whose content is text alone (no child element): `<h1 data-t>Lobby</h1>`
# (`data-t` itself, never the start of `data-t-attr`, which may come first).
MARKED = re.compile(
    r"<(?P<tag>[a-z][a-z0-9]*)(?P<before>[^<>]*?)\sdata-t(?=[\s=>])(?:=\"(?P<given>[^\"]*)\")?(?P<after>[^<>]*)>"
    r"(?P<text>[^<]*)</(?P=tag)>"
)
PICKER = re.compile(r"(<select id=\"language\"[^>]*>)\s*(</select>)")


def shipped(code: str | None) -> str | None:
    """`code` if it names a shipped language (exactly, as the picker and links write it), else None."""
    return code if code in CODES else None


def page_language(request: Request) -> str:
    """The language a page request is answered in."""
    return (
        shipped(request.query_params.get("lang"))
        or shipped(request.cookies.get(COOKIE))
        or negotiate(request.headers.get("accept-language"))
    )


def _translated(match: re.Match[str], code: str) -> str:
    english = " ".join((match["given"] or html.unescape(match["text"])).split())
    found = translations(code).get("", english)
    words = found if isinstance(found, str) else english
    tag, marked = match["tag"], f' data-t="{html.escape(english)}"'
    return f"<{tag}{match['before']}{marked}{match['after']}>{html.escape(words, quote=False)}</{tag}>"


def _picker(match: re.Match[str], code: str) -> str:
    options = "".join(
        f'<option value="{language.code}" lang="{language.code}"{" selected" if language.code == code else ""}>'
        f"{html.escape(language.name)}</option>"
        for language in LANGUAGES
    )
    return f"{match[1]}{options}{match[2]}"


@functools.cache
def localized(path: Path, code: str) -> str:
    """The HTML of `path` in language `code` (read and built once per page and language)."""
    text = path.read_text(encoding="utf-8")
    text = text.replace('<html lang="en">', f'<html lang="{code}">', 1)
    text = PICKER.sub(lambda match: _picker(match, code), text, count=1)
    if code != DEFAULT:
        text = MARKED.sub(lambda match: _translated(match, code), text)
    return text


def html_page(path: Path, request: Request) -> HTMLResponse:
    """The page at `path` in the request's language; caches know that the answer depends on the language."""
    answer = HTMLResponse(localized(path, page_language(request)))
    answer.headers["vary"] = "Accept-Language, Cookie"
    return answer
