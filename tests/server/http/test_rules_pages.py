"""The rules documents: shipped in each game package, served as pages with linkable sections."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ra.games import GAMES
from ra.server.http.rules_pages import docs_name, render_markdown, rules_markdown, rules_page, slug

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_package_ships_the_rules_document_of_docs_rules(game: str) -> None:
    assert rules_markdown(game) == (ROOT / "docs" / "rules" / docs_name(game)).read_text(encoding="utf-8")


@pytest.mark.parametrize("game", list(GAMES))
def test_every_internal_link_of_a_rules_page_has_its_anchor(game: str) -> None:
    body, headings = render_markdown(rules_markdown(game))
    ids = {anchor for _, anchor, _ in headings}
    links = re.findall(r'href="#([^"]+)"', body)
    assert links, "the contents should link to the sections"
    assert not [link for link in links if link not in ids]
    numbered = [anchor for _, anchor, title in headings if title.startswith("§")]
    assert len(numbered) >= 7  # §1… sections are linkable, e.g. /rules/ra#5-auctions


def test_ra_sections_and_edge_cases_are_linkable_by_their_numbers() -> None:
    _, headings = render_markdown(rules_markdown("ra"))
    titles = {title.split(" ")[0].rstrip("."): anchor for _, anchor, title in headings}
    for key in ("§5", "§9.3", "E7", "R3", "A1"):
        assert key in titles, key


def test_slugs_follow_githubs_rule() -> None:
    assert slug("§5 Auctions") == "5-auctions"
    assert slug("E7. Can a god take a disaster?") == "e7-can-a-god-take-a-disaster"


def test_raw_html_in_a_rules_document_is_not_rendered() -> None:
    body, _ = render_markdown("# Title\n\n<script>alert(1)</script>\n")
    assert "<script>" not in body and "&lt;script&gt;" in body


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_page_is_a_whole_document_without_inline_script(game: str) -> None:
    page = rules_page(game)
    assert page.startswith("<!doctype html>") and "<script" not in page and "style=" not in page
    assert "/static/css/rules.css" in page
