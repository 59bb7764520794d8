"""No English word left in German or Simplified Chinese (docs/TRANSLATING.md): an English browser opens, with
`?lang=`, the lobby, both rules pages, a Ra table and an RA and Write table mid-game against bots, a replay, the
ratings, the account pages signed out and signed in (a bot account's tokens, one just made), a table's invite panel
with bot accounts invited, "my games" and the player page.

Everything a person reads is looked at: the visible text (a select's choices included, but not the language
picker's, which names each language in itself), every `title`, `aria-label` and `placeholder`, and the page's
<title>. A word is English when it is a word of an English message of the catalogs; names (the players', the bots'
own) and a short list of words that are the same in the language are left out.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from contextlib import closing
from typing import TYPE_CHECKING, Any

import pytest
from moves_check import clickable
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_words_pages import click_and_wait, write_step
from websockets.sync.client import connect

from ra.i18n.messages import extract
from ra.server.tables.story import BOT_NAMES

if TYPE_CHECKING:
    from conftest import Server

LANGUAGES = ["de", "zh-Hans"]
PASSWORD = "a long enough password"
# A word: letters of any script; only those spelled in English letters can be English ones.
WORD = re.compile(r"[^\W\d_][^\W\d_’']*[^\W\d_]")
# Words that read the same in the language: the game's names, and German words that English shares.
SAME = {
    "de": {"ra", "bot", "bots", "mcts", "name", "in", "ins", "an", "so", "was", "also", "fort", "art", "rest", "plus",
           "person", "option", "chance", "moment", "negative", "loses", "text", "statue", "religion", "sphinx",
           "obelisk", "monument", "gold", "bonus", "status", "chat", "lobby", "browser", "e", "mail", "mails",
           "online", "link", "links", "replay", "seed", "ids", "min", "ms", "war", "will", "symbol", "pause",
           "computer", "server", "phar", "obel", "pal", "pyr", "rel", "sphx", "stat", "temp", "token", "tokens",
           "api", "moderation"},
    "zh-Hans": {"ra"},
}  # fmt: skip
# Data shown as it is in every language: a time zone's example, the rating's formula (mu − 3 sigma).
DATA = {"europe", "berlin", "utc", "mu", "sigma"}
# Codes such as a table's id ("my5ZKDK8"): letters and digits run together, never words of a language.
CODES = re.compile(r"[A-Za-z0-9]*[0-9][A-Za-z0-9]*")
# Names: the games' titles (RA and Write is its published name) and the English original a translated rules
# document names; a genre (flip-and-write); words quoted as words („suns“ for Sonnen); the documents' file names;
# keys as their caps read them.
MENTIONS = re.compile(
    r"(?:Ra|RA and Write) — the rules|RA and Write|[Ff]lip-and-[Ww]rite"
    r"|„[^“]*“|“[^”]*”|\S+\.md\b|[(（](?:Home|End)[)）]"
)
# Everything a person reads on the page: visible text nodes (a select's options too, not the language picker's),
# the attributes read aloud or shown on hover, and the tab's title.
READ = """() => {
  const found = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const words = node.textContent.replace(/\\s+/g, ' ').trim();
    const parent = node.parentElement;
    // What people type is the same in every language: notation, option names, paths (<code>, <kbd>).
    // A signed-in browser is named by its own words (its user agent), data like a name.
    if (!words || !parent || parent.closest('script, style, code, kbd, #language, [hidden], template')) continue;
    if (parent.closest('.session') && words.startsWith('Mozilla/')) continue;
    // What people say in the chat is theirs, in whatever language they wrote it (other tests leave messages there).
    if (parent.closest('.chat-text, .chat-name')) continue;
    if (parent.closest('.table-id')) continue;  // a table's id: random letters, no word
    const select = parent.closest('select');
    if (!(select || parent).checkVisibility({ checkVisibilityCSS: true })) continue;
    found.push(words);
  }
  for (const e of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
    if (e.closest('template, #language')) continue;
    for (const name of ['title', 'aria-label', 'placeholder']) {
      const value = e.getAttribute(name);
      if (value) found.push(value);
    }
  }
  return found;
}"""


# The tutorial has drawn its first step and waits for the learner.
LESSON_ASKS = "() => ['yours', 'done', 'finished'].includes(document.body.dataset.learnState)"


def english_words() -> set[str]:
    """Every word of the English messages people read (the terminal's aside), lower-cased."""
    words: set[str] = set()
    for part, template in extract().items():
        if part == "terminal":
            continue
        for message in template:
            ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
            for form in ids:
                words.update(w.lower() for w in WORD.findall(re.sub(r"\{\w+\}", "", form or "")))
    return words


@pytest.fixture(scope="module")
def english() -> set[str]:
    return english_words()


def names(*people: str) -> set[str]:
    return {w.lower() for name in (*BOT_NAMES, *people) for w in WORD.findall(name)}


def english_left(page: Page, code: str, english: set[str], people: set[str]) -> list[str]:
    """The strings of the page holding an English word, each with the words found."""
    left = []
    for text in page.evaluate(READ):
        found = {
            w
            for w in WORD.findall(CODES.sub(" ", MENTIONS.sub("", text)))
            if w.lower() in english - SAME[code] - DATA - people
        }
        if found:
            left.append(f"{text!r}: {sorted(found)}")
    return sorted(set(left))


@pytest.fixture
def reader(browser: Browser) -> Iterator[Any]:
    """A context of an English browser (no language cookie); after the test, no JavaScript error on its pages."""
    errors: list[str] = []
    context: BrowserContext = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale="en-US", reduced_motion="reduce"
    )
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def new_table(server: Server, game: str, seats: list[dict[str, str]], **options: Any) -> dict[str, Any]:
    return dict(server.post("/api/tables", {"game": game, "options": options, "seats": seats}))


def finished_table(server: Server) -> str:
    """A Ra table two bots played to its end."""
    table = new_table(server, "ra", [{"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "random"}])
    deadline = time.monotonic() + 120
    while server.get(f"/api/tables/{table['id']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.3)
    return str(table["id"])


def mid_game(page: Page, server: Server, game: str, code: str) -> dict[str, Any]:
    """A table of `game` with the reader and two bots (easy, greedy), hints and undo on, a few moves in."""
    seats = [{"kind": "person", "name": "Ana"}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "greedy"}]
    table = new_table(server, game, seats, hints=True, undo=True)
    page.goto(f"{server.base}{table['seats'][0]['invite']}&lang={code}")
    page.wait_for_function("() => document.body.dataset.seq !== undefined")
    moves = 0
    while moves < 4:
        page.wait_for_function("() => ['mine', 'over'].includes(document.body.dataset.turn)", timeout=60_000)
        if game == "ra":
            notations = sorted(clickable(page))
            notation = "draw" if "draw" in notations else notations[0]
            click_and_wait(page, page.locator(f'#board [data-move="{notation}"]').first)
        else:
            write_step(page, __import__("random").Random(moves))
        moves += 1
    page.wait_for_function("() => document.body.dataset.turn === 'mine'", timeout=60_000)
    page.wait_for_function("() => document.querySelectorAll('#log li').length > 2")
    return table


def sign_up(page: Page, server: Server, code: str, name: str) -> None:
    page.goto(f"{server.base}/account?lang={code}")
    form = page.locator("#sign-up-form")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=password]").fill(PASSWORD)
    form.locator("button[type=submit]").click()
    expect(page.locator("#account-name")).to_have_text(name)


def bots_invited(page: Page, server: Server, code: str, csrf: str, bot: str) -> None:
    """The signed-in reader makes a bot account with a token and invites it to two free seats of a table it created;
    the bot accepts one: the table's invite panel says one invitation waits and one was accepted."""
    headers = {"X-CSRF-Token": csrf}
    page.request.post(f"{server.base}/api/account/bots", data={"name": bot}, headers=headers)
    scopes = {"label": "cli", "scopes": ["play", "read"]}
    made = page.request.post(f"{server.base}/api/account/bots/{bot}/tokens", data=scopes, headers=headers).json()
    seats = [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": ""}, {"kind": "person", "name": ""}]
    table = new_table(server, "ra", seats)
    for seat in (1, 2):
        server.post(f"/api/tables/{table['id']}/seats/{seat}/invite", {"creator": table["creator"], "bot": bot})
    program = {"Authorization": f"Bearer {made['token']}"}
    accepted = page.request.post(f"{server.base}/api/bot/invitations/{table['id']}/1/accept", headers=program)
    assert accepted.ok, accepted.text()
    page.evaluate(
        "([id, creator, bot]) => { localStorage.setItem(`ra.created.${id}`, JSON.stringify({creator, mySeat: 0}));"
        " localStorage.setItem(`ra.invited.${id}`, JSON.stringify({1: bot, 2: bot})); }",
        [table["id"], table["creator"], bot],
    )
    page.goto(f"{server.base}{table['seats'][0]['invite']}&lang={code}")
    for seat in (1, 2):
        expect(page.locator(f'form.bot-invite[data-seat="{seat}"] .bot-invite-status')).not_to_be_empty()


def play_out(server: Server, invite: str) -> None:
    """Play the reader's seat to the end through its WebSocket (the first legal action each turn)."""
    with closing(connect(server.base.replace("http://", "ws://") + "/ws/" + invite.removeprefix("/t/"))) as ws:
        while True:
            message = json.loads(ws.recv(timeout=60))
            if message["type"] != "state":
                continue
            if message["table"]["status"] == "finished":
                return
            legal = message["view"]["legal_actions"]
            if legal:
                ws.send(json.dumps({"type": "action", "seq": message["seq"], "action": legal[0]["id"]}))


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_english_word_is_left(reader: Page, server: Server, english: set[str], code: str) -> None:
    page = reader
    person = f"Ana{code[:2]}"
    bot = f"Rob{code[:2]}"
    people = names("Ana", person, bot, "cli laptop")  # a bot account's name and its tokens' labels are data
    problems: dict[str, list[str]] = {}

    def look(where: str) -> None:
        found = english_left(page, code, english, people)
        language = page.evaluate("() => document.documentElement.lang")
        if language != code:
            found.insert(0, f"the page is in {language!r} at {page.url}")
        if found:
            problems[where] = found

    replay = finished_table(server)
    page.goto(f"{server.base}/?lang={code}")
    expect(page.locator("#seats > li").first).to_be_visible()
    expect(page.locator(f'#finished-tables li[data-id="{replay}"]')).to_be_visible()
    look("lobby")
    for game in ("ra", "write"):
        page.goto(f"{server.base}/rules/{game}?lang={code}")
        look(f"rules of {game}")
    for game in ("ra", "write"):
        page.goto(f"{server.base}/learn/{game}?lang={code}")
        page.wait_for_function(LESSON_ASKS)
        look(f"tutorial of {game}")
    for game in ("ra", "write"):
        table = mid_game(page, server, game, code)
        look(f"{game} table")
    page.goto(f"{server.base}/replay/{replay}?lang={code}")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    look("replay")
    page.click("#last")
    page.wait_for_function("() => document.body.dataset.step !== '0'")
    look("replay's end")
    for path in ("account", "games", "ratings"):
        page.goto(f"{server.base}/{path}?lang={code}")
        page.wait_for_load_state("networkidle")
        look(f"{path} (signed out)")

    sign_up(page, server, code, person)
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "ra_csrf")
    bots_invited(page, server, code, csrf, bot)
    look("table's invite panel, a bot invited")
    seat = table["seats"][0]
    page.request.post(
        f"{server.base}/api/account/seats",
        data={"table": table["id"], "seat": 0, "token": seat["token"]},
        headers={"X-CSRF-Token": csrf},
    )
    rated = new_table(server, "ra", [{"kind": "person", "name": person}, {"kind": "bot", "bot": "easy"}])
    listing = {"creator": rated["creator"], "rated": True, "rated_bots": True}
    server.post(f"/api/tables/{rated['id']}/listing", listing)
    page.request.post(
        f"{server.base}/api/account/seats",
        data={"table": rated["id"], "seat": 0, "token": rated["seats"][0]["token"]},
        headers={"X-CSRF-Token": csrf},
    )
    play_out(server, rated["seats"][0]["invite"])
    me = page.request.get(f"{server.base}/api/account").json()
    deadline = time.monotonic() + 30
    while not page.request.get(f"{server.base}/api/ratings/ra").json()["players"]:
        assert time.monotonic() < deadline, "the game was not rated"
        time.sleep(0.3)
    for path in ("account", "games", "ratings?game=ra", f"players/{me['player']}", "moderation"):
        page.goto(f"{server.base}/{path}{'&' if '?' in path else '?'}lang={code}")
        page.wait_for_load_state("networkidle")
        look(f"{path.split('?')[0].split('/')[0]} (signed in)")
    page.goto(f"{server.base}/account?lang={code}")
    made = page.locator(f'#bot-list .bot-item[data-name="{bot}"]')
    made.locator(".token-form input[name=label]").fill("laptop")
    made.locator(".create-token").click()
    expect(made.locator(".new-token-value")).to_be_visible()
    look("account, a token just made")
    left = "\n".join(f"{where}: {text}" for where, texts in problems.items() for text in texts)
    assert not problems, f"English left in {code}:\n{left}"
