"""The rules documents served as pages: each game package ships its `rules.md` (docs/rules/ links to them).

Headings get GitHub-style ids (`## §5 Auctions` → `#5-auctions`, `#### E7. Can a god…` → `#e7-can-a-god…`), so the
table of contents inside each document and links from the table (`/rules/ra#5-auctions`) work alike. Rendering
uses markdown-it-py (already installed with Rich) with raw HTML disabled, so a rules file cannot inject markup.
"""

from __future__ import annotations

import html
import re
from functools import cache
from importlib import resources

from markdown_it import MarkdownIt

from ra.core.text import t
from ra.games import GAMES, game_module
from ra.i18n.render import Reader, render

RULES_FILE = "rules.md"  # English; a translation is `rules.<code>.md` beside it (docs/rules/<code>/, the same text)
_DROP = re.compile(r"[^\w\- ]", re.UNICODE)


def slug(text: str) -> str:
    """The anchor of a heading, as GitHub makes it: lower case, punctuation dropped, spaces become hyphens."""
    return _DROP.sub("", text.strip().lower()).replace(" ", "-")


def rules_file(code: str) -> str:
    """The name of a game package's rules document in language `code`."""
    return RULES_FILE if code == "en" else f"rules.{code}.md"


def rules_markdown(game: str, code: str = "en") -> str:
    """The rules document of a registered game in a language; ValueError for an unknown game, FileNotFoundError if
    it has none (in that language)."""
    package = GAMES.get(game)
    if package is None:
        raise ValueError(f"unknown game {game!r}")
    return resources.files(package).joinpath(rules_file(code)).read_text(encoding="utf-8")


def has_rules(game: str, code: str) -> bool:
    """Whether the game's rules are translated into `code`."""
    return resources.files(GAMES[game]).joinpath(rules_file(code)).is_file()


def page_link(href: str) -> str | None:
    """Where a link of a rules document points on the site: other rules pages by game, anchors as they are.

    None for a link to another repository document (RA_ACTIONS.md…), which the site does not serve.
    """
    target, _, anchor = href.partition("#")
    if not target:
        return href
    if "://" in target or target.startswith("/"):
        return href
    name = target.rsplit("/", 1)[-1]
    for game in GAMES:
        if name == docs_name(game):
            return f"/rules/{game}" + (f"#{anchor}" if anchor else "")
    return None


def docs_name(game: str) -> str:
    """A game's rules file under docs/rules/: its title as a slug ("RA and Write" → ra-and-write.md)."""
    return slug(game_module(game).TITLE) + ".md"


def render_markdown(text: str, anchors: list[str] | None = None) -> tuple[str, list[tuple[int, str, str]]]:
    """HTML for a Markdown text (no raw HTML), and its headings as (level, id, text).

    `anchors`: the ids of the English document's headings; a translation keeps its headings one to one, so its
    n-th heading takes the n-th English id and `/rules/ra#5-auctions` opens the same section in every language."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = md.parse(text)
    headings: list[tuple[int, str, str]] = []
    seen: dict[str, int] = {}
    for token in tokens:
        for child in token.children or ():
            if child.type == "link_open":
                href = page_link(str(child.attrGet("href") or ""))
                if href is None:
                    child.attrs.pop("href", None)
                else:
                    child.attrSet("href", href)
    for token in tokens:
        # Table alignment comes as a style attribute, which the strict CSP forbids: use classes instead.
        style = token.attrGet("style") if token.type in ("th_open", "td_open") else None
        if style:
            token.attrs.pop("style", None)
            token.attrSet("class", "align-" + str(style).rsplit(":", 1)[-1])
    opening = [i for i, token in enumerate(tokens) if token.type == "heading_open"]
    by_position = anchors if anchors is not None and len(anchors) == len(opening) else None
    for n, i in enumerate(opening):
        token = tokens[i]
        title = tokens[i + 1].content
        anchor = slug(title)
        if by_position is not None:
            anchor = by_position[n]
        elif anchor in seen:  # repeated headings get -1, -2… as on GitHub
            seen[anchor] += 1
            anchor = f"{anchor}-{seen[anchor]}"
        else:
            seen[anchor] = 0
        token.attrSet("id", anchor)
        headings.append((int(token.tag[1]), anchor, title))
    return md.renderer.render(tokens, md.options, {}), headings


@cache
def rules_page(game: str, code: str = "en") -> str:
    """The whole rules page of a game (HTML document) in a language it is translated into (else English), rendered
    once per process and language."""
    module = game_module(game)
    code = code if has_rules(game, code) else "en"
    reader = Reader(code)
    english, headings = render_markdown(rules_markdown(game))
    body = english if code == "en" else render_markdown(rules_markdown(game, code), [h[1] for h in headings])[0]
    title = html.escape(render(t("{game} — the rules", game=module.TITLE), reader))
    lobby = html.escape(render(t("← lobby"), reader))
    return (
        f"<!doctype html>\n<html lang='{code}'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{title}</title><link rel='icon' href='/static/img/favicon.svg' type='image/svg+xml'>"
        "<link rel='stylesheet' href='/static/css/rules.css'></head>"
        f"<body class='rules-page'><nav class='rules-nav'><a href='/'>{lobby}</a> · "
        + " · ".join(f"<a href='/rules/{html.escape(g)}'>{html.escape(game_module(g).TITLE)}</a>" for g in GAMES)
        + f"</nav><main class='rules'>{body}</main></body></html>\n"
    )


@cache
def rule_titles(game: str, language: str = "en") -> dict[str, str]:
    """The headings of a game's rules page by anchor, as the page reads in `language` (the English anchors, the
    translation's headings one to one; English where the rules are not translated)."""
    _, english = render_markdown(rules_markdown(game))
    if language == "en" or not has_rules(game, language):
        return {anchor: title for _, anchor, title in english}
    _, headings = render_markdown(rules_markdown(game, language), [anchor for _, anchor, _ in english])
    return {anchor: title for _, anchor, title in headings}


# The rules documents' own labels of their rulings and edge cases ("E18. ", "A1. "): ids for cross-references,
# not words a reader reads in a link.
RULING_ID = re.compile(r"^[A-Z]\d+\.\s+")


def rule_place(rule: str, language: str = "en") -> tuple[str | None, str | None]:
    """A rules citation as the site's link (`/rules/ra#5-auctions`) and the title of the heading it points at, in
    the reader's language, without a ruling's id ("Invoking Ra with an empty track", not "E18. …")."""
    link = page_link(rule)
    if link is None or not link.startswith("/rules/"):
        return link, None
    page, _, anchor = link.removeprefix("/rules/").partition("#")
    title = rule_titles(page, language).get(anchor) if page in GAMES else None
    return link, None if title is None else RULING_ID.sub("", title)
