"""Pages in the reader's language (docs/PROTOCOL.md, "Languages"): the choice (?lang, the picker's cookie,
Accept-Language), the marked words translated by the server, the picker filled, the browser's catalogs, the lobby's
meta and the rules pages per language with the English anchors."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import bot, create, wait_status

from ra.core.text import Text
from ra.games import GAMES
from ra.i18n.catalogs import translations
from ra.i18n.render import Reader, render
from ra.server.http.languages import localized
from ra.server.http.rules_pages import RULING_ID, docs_name, render_markdown, rules_markdown

ROOT = Path(__file__).resolve().parents[3]
PAGES = ["/", "/t/abc", "/replay/abc", "/learn/ra", "/learn/write", "/account", "/games", "/ratings", "/players/x"]
PAGES += ["/moderation"]
MARKED = re.compile(r'<([a-z0-9]+)[^<>]*\sdata-t="([^"]*)"[^<>]*>([^<]*)</\1>')


def html_lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', page) or re.search(r"<html lang='([^']+)'", page)
    assert found, page[:200]
    return found[1]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_in_german_has_its_language_and_its_marked_words_translated(client: TestClient, path: str) -> None:
    page = client.get(path, params={"lang": "de"}).text
    assert html_lang(page) == "de"
    marked = MARKED.findall(page)
    assert marked, "the page marks its words"
    book = translations("de")
    for _, english, shown in marked:
        translated = book.get("", html.unescape(english))
        assert html.unescape(shown) == (translated if isinstance(translated, str) else html.unescape(english))
    picker = re.search(r'<select id="language".*?</select>', page, re.S)
    assert picker and '<option value="de" lang="de" selected>Deutsch</option>' in picker[0]
    assert "简体中文" in picker[0] and "English" in picker[0]


def test_an_element_with_translated_attributes_keeps_them_and_its_words() -> None:
    page = ROOT / "src/ra/server/static/table.html"
    shown = localized(page, "de")
    undo = re.search(r'<button id="undo-button"[^<>]*>[^<]*</button>', shown)
    assert undo, shown[:200]
    assert 'data-t-attr="title"' in undo[0] and 'data-t="Undo"' in undo[0], undo[0]
    assert f">{translations('de').get('', 'Undo')}</button>" in undo[0]


def test_the_language_comes_from_the_address_then_the_cookie_then_the_browser(client: TestClient) -> None:
    assert html_lang(client.get("/", headers={"accept-language": "zh-CN,zh;q=0.9,en;q=0.5"}).text) == "zh-Hans"
    assert html_lang(client.get("/", headers={"accept-language": "de-AT"}, cookies={"ra_lang": "zh-Hans"}).text) == (
        "zh-Hans"
    )
    assert html_lang(client.get("/?lang=de", cookies={"ra_lang": "zh-Hans"}).text) == "de"
    assert html_lang(client.get("/?lang=fr", headers={"accept-language": "de"}).text) == "de"  # unknown: ignored
    assert html_lang(client.get("/", cookies={"ra_lang": "<script>"}).text) == "en"
    answer = client.get("/")
    assert html_lang(answer.text) == "en" and "cookie" in answer.headers["vary"].lower()
    assert "Ra — the lobby" in answer.text


def test_the_browser_gets_each_part_of_the_words_with_cache_headers(client: TestClient) -> None:
    answer = client.get("/i18n/de/web.json")
    assert answer.status_code == 200 and answer.headers["cache-control"].startswith("public")
    catalog = answer.json()
    assert catalog["language"] == "de" and catalog["part"] == "web" and catalog["messages"]
    again = client.get("/i18n/de/web.json", headers={"if-none-match": answer.headers["etag"]})
    assert again.status_code == 304
    assert client.get("/i18n/zh-Hans/ra.json").json()["plural"] == {"other": 0}
    for wrong in ("/i18n/fr/web.json", "/i18n/de/nothing.json", "/i18n/" + "x" * 500 + "/web.json"):
        refused = client.get(wrong)
        assert refused.status_code == 404 and "error" in refused.json()


def test_meta_speaks_the_asked_language_and_links_each_games_tutorial_and_rules(client: TestClient) -> None:
    english = client.get("/api/meta").json()["games"]
    german = client.get("/api/meta", params={"lang": "de"}).json()["games"]
    assert [g["name"] for g in german] == [g["name"] for g in english]
    for de, en in zip(german, english, strict=True):
        assert de["rules"] == en["rules"] == f"/rules/{en['name']}" and de["tutorial"] is True
        assert [o["name"] for o in de["options"]] == [o["name"] for o in en["options"]]
        assert any(d["label"] != e["label"] for d, e in zip(de["options"], en["options"], strict=True))
        for d, e in zip(de["options"], en["options"], strict=True):  # a choice in words, its value kept
            assert d.get("choices") == e.get("choices")
            german_labels, english_labels = d.get("choice_labels") or [], e.get("choice_labels") or []
            assert len(german_labels) == len(english_labels) == len(e.get("choices") or ())
            assert all(dl != el for dl, el in zip(german_labels, english_labels, strict=True))
        levels = zip(de["bots"]["levels"], en["bots"]["levels"], strict=True)
        assert all(d["description"] != e["description"] for d, e in levels)
    assert client.get("/api/meta", params={"lang": "xx"}).json()["games"] == english


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("code", ["de", "zh-Hans"])
def test_the_rules_page_in_a_language_keeps_the_english_anchors(client: TestClient, game: str, code: str) -> None:
    shipped = rules_markdown(game, code)
    assert shipped == (ROOT / "docs" / "rules" / code / docs_name(game)).read_text(encoding="utf-8")
    _, english = render_markdown(rules_markdown(game))
    _, translated = render_markdown(shipped)
    assert len(translated) == len(english), "a translation keeps the English headings one to one"
    page = client.get(f"/rules/{game}", params={"lang": code}).text
    assert html_lang(page) == code
    ids = re.findall(r'<h[1-6] id="([^"]+)"', page)
    assert ids == [anchor for _, anchor, _ in english]
    assert translated[1][2] in page and english[1][2] not in page  # the translation's words, not the English


def test_a_tables_log_carries_texts_that_read_in_german(client: TestClient) -> None:
    table = create(client, [bot(), bot()])
    wait_status(client, table["id"])
    log = client.get(f"/api/tables/{table['id']}/view").json()["log"]
    reader = Reader("de", None, [entry["name"] for entry in log[:2]])
    german = [render(Text.from_json(line), reader) for entry in log for line in entry["said"] if isinstance(line, dict)]
    english = [line for entry in log for line in entry["lines"]]
    assert len(german) == len(english) and german != english
    assert sum(g != e for g, e in zip(german, english, strict=True)) > len(english) // 2


@pytest.mark.parametrize("game", ["ra", "write"])
def test_the_learn_api_speaks_the_pages_language(client: TestClient, game: str) -> None:
    english = client.get(f"/api/learn/{game}").json()
    german = client.get(f"/api/learn/{game}", cookies={"ra_lang": "de"}).json()
    assert len(german["steps"]) == len(english["steps"])
    differing = [d["text"] != e["text"] for d, e in zip(german["steps"], english["steps"], strict=True)]
    assert all(differing) and german["intro"] != english["intro"]
    told = 0
    for step in range(1, len(english["steps"])):
        place = {"step": step, "move": 0}
        said_en = client.post(f"/api/learn/{game}/position", json=place).json()
        said_zh = client.post(f"/api/learn/{game}/position", json=place, headers={"accept-language": "zh-CN"}).json()
        # The same game, the learner's seat named in the reader's language ("You" is 你) on the board and in the log.
        assert said_zh["view"]["names"][0] == "你" and said_en["view"]["names"][0] == "You"
        assert json.dumps(said_zh["view"], ensure_ascii=False).replace('"你"', '"You"') == json.dumps(said_en["view"])
        assert len(said_zh["said"]) == len(said_en["said"])
        told += sum(zh != en for zh, en in zip(said_zh["said"], said_en["said"], strict=True))
    assert told > 0, "the story of the moves reads in Chinese"


@pytest.mark.parametrize("game", ["ra", "write"])
def test_the_learn_api_names_rules_sections_as_the_rules_page_reads(client: TestClient, game: str) -> None:
    """A step's or a note's rules heading is the rules page's in the reader's language ("Nil", not "Nile"), under
    the English anchor that opens the same section in every language."""
    english = client.get(f"/api/learn/{game}").json()
    german = client.get(f"/api/learn/{game}", cookies={"ra_lang": "de"}).json()
    anchors = [anchor for _, anchor, _ in render_markdown(rules_markdown(game))[1]]
    titles = {anchor: title for _, anchor, title in render_markdown(rules_markdown(game, "de"), anchors)[1]}
    cited: list[tuple[dict[str, str], dict[str, str]]] = []
    for de, en in zip(german["steps"], english["steps"], strict=True):
        cited += [(de, en), *zip(de.get("notes", []), en.get("notes", []), strict=True)]
    assert len(cited) > len(english["steps"])  # the notes cite their sections too
    for de, en in cited:
        assert de["rule_link"] == en["rule_link"] and de["rule_link"].startswith(f"/rules/{game}#")
        assert de["rule_title"] == RULING_ID.sub("", titles[de["rule_link"].partition("#")[2]]) != en["rule_title"]
    if game == "write":
        assert "Nil" in {de["rule_title"] for de, _ in cited}
