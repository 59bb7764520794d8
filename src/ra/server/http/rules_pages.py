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

from ra.games import GAMES, game_module

RULES_FILE = "rules.md"
_DROP = re.compile(r"[^\w\- ]", re.UNICODE)


def slug(text: str) -> str:
    """The anchor of a heading, as GitHub makes it: lower case, punctuation dropped, spaces become hyphens."""
    return _DROP.sub("", text.strip().lower()).replace(" ", "-")


def rules_markdown(game: str) -> str:
    """The rules document of a registered game; ValueError for an unknown game, FileNotFoundError if it has none."""
    package = GAMES.get(game)
    if package is None:
        raise ValueError(f"unknown game {game!r}")
    return resources.files(package).joinpath(RULES_FILE).read_text(encoding="utf-8")


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


def render_markdown(text: str) -> tuple[str, list[tuple[int, str, str]]]:
    """HTML for a Markdown text (no raw HTML), and its headings as (level, id, text)."""
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
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        title = tokens[i + 1].content
        anchor = slug(title)
        if anchor in seen:  # repeated headings get -1, -2… as on GitHub
            seen[anchor] += 1
            anchor = f"{anchor}-{seen[anchor]}"
        else:
            seen[anchor] = 0
        token.attrSet("id", anchor)
        headings.append((int(token.tag[1]), anchor, title))
    return md.renderer.render(tokens, md.options, {}), headings


@cache
def rules_page(game: str) -> str:
    """The whole rules page of a game (HTML document), rendered once per process."""
    module = game_module(game)
    body, _ = render_markdown(rules_markdown(game))
    title = html.escape(f"{module.TITLE} — the rules")
    return (
        "<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{title}</title><link rel='stylesheet' href='/static/css/rules.css'></head>"
        "<body class='rules-page'><nav class='rules-nav'><a href='/'>← lobby</a> · "
        + " · ".join(f"<a href='/rules/{html.escape(g)}'>{html.escape(game_module(g).TITLE)}</a>" for g in GAMES)
        + f"</nav><main class='rules'>{body}</main></body></html>\n"
    )
