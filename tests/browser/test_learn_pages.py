"""Browser tests of the tutorials (/learn/ra, /learn/write): each completed by clicking what the page highlights,
on a desktop and at phone width; a wrong click explained; back, forward and a reload keep the learner's place;
the end opens a real game against easy bots.

The fixtures (a real `ra serve`, Debian's Chromium via Playwright, the screenshot folder) come from conftest.py.
`?delay=0` plays the other players' scripted moves without a pause. <body> says where the page is:
data-learn-step, data-learn-move and data-learn-state ("loading", "playing", "yours", "done", "finished"), and
data-learn-text whether the step's text is "current" or "spent" (the move it names made).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

if TYPE_CHECKING:
    from conftest import Server

pytestmark = pytest.mark.browser

PLACE = "() => ['learnStep', 'learnMove', 'learnState'].map((k) => document.body.dataset[k]).join('/')"
SETTLED = "() => ['yours', 'done', 'finished', 'error'].includes(document.body.dataset.learnState)"
MOVED_ON = f"(before) => ({PLACE})() !== before && !document.body.classList.contains('pending')"
DESKTOP: ViewportSize = {"width": 1300, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
CSP_REPORT = (
    "document.addEventListener('securitypolicyviolation', (e) => console.error("
    "'Content Security Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI));"
)


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Any]:
    """Open pages at a viewport size; after the test, no JavaScript error and no CSP violation on any of them."""
    problems: list[str] = []
    contexts = []

    def open_at(size: ViewportSize) -> Page:
        phone = size["width"] < 500
        context = browser.new_context(
            viewport=size, device_scale_factor=2 if phone else 1, has_touch=phone, reduced_motion="reduce"
        )
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        page.on("console", lambda msg: problems.append(msg.text) if "Content Security Policy" in msg.text else None)
        page.add_init_script(CSP_REPORT)
        return page

    yield open_at
    for context in contexts:
        context.close()
    assert not problems, problems


def start(page: Page, server: Server, game: str) -> None:
    page.goto(f"{server.base}/learn/{game}?delay=0")
    page.wait_for_function(SETTLED)


def place(page: Page) -> str:
    return str(page.evaluate(PLACE))


def learn_state(page: Page) -> str:
    return str(page.evaluate("() => document.body.dataset.learnState"))


def message(page: Page) -> str | None:
    box = page.locator("#learn-message")
    return box.text_content() if box.is_visible() else None


def expected_move(tutorial: dict[str, Any], page: Page) -> str:
    """The notation the tutorial asks for at the page's place."""
    step, move, _ = place(page).split("/")
    return str(tutorial["steps"][int(step)]["moves"][int(move)]["action"])


def click_target(page: Page, tutorial: dict[str, Any]) -> None:
    """Click what the page highlights: first steps (a card, a Nile space) until the element of the move itself."""
    for _ in range(3):
        target = page.locator("#board .learn-target").first
        expect(target).to_be_visible()
        if target.get_attribute("data-step") is None:
            assert target.get_attribute("data-move") == expected_move(tutorial, page)
            target.click()
            return
        target.click()  # local: the board now shows where this leads
    raise AssertionError("the highlighted first steps never led to the move")


def advance(page: Page, tutorial: dict[str, Any]) -> str:
    """Do once what the page asks (the step's move, or the next step); the state reached."""
    page.wait_for_function(SETTLED)
    state = learn_state(page)
    assert state != "error", message(page)
    before = place(page)
    if state == "done":
        page.click("#next-step")
    elif state == "yours":
        click_target(page, tutorial)
    else:
        return state
    page.wait_for_function(MOVED_ON, arg=before)
    page.wait_for_function(SETTLED)
    assert message(page) is None, message(page)
    return learn_state(page)


def saved_progress(page: Page, game: str) -> dict[str, Any]:
    return dict(json.loads(page.evaluate(f"() => localStorage.getItem('ra.learn.{game}')")))


def fits_width(page: Page) -> None:
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths


@pytest.mark.parametrize("size", [PHONE], ids=["phone"])  # at desktop size: walked one click at a time, below
@pytest.mark.parametrize("game", ["ra", "write"])
def test_each_tutorial_is_completed_by_clicking_what_it_highlights(
    open_page: Any, server: Server, shots: Path, game: str, size: ViewportSize
) -> None:
    page = open_page(size)
    tutorial = server.get(f"/api/learn/{game}")
    start(page, server, game)
    expect(page.locator("#step-title")).to_have_text(tutorial["steps"][0]["title"])
    expect(page.locator("#step-rule a")).to_have_attribute("href", tutorial["steps"][0]["rule_link"])
    name = f"learn-{game}-{'phone' if size is PHONE else 'desktop'}"
    page.screenshot(path=str(shots / f"{name}-start.png"))
    learner_moves = sum(m["learner"] for s in tutorial["steps"] for m in s["moves"])
    budget = learner_moves + len(tutorial["steps"]) + 5
    state = learn_state(page)
    for _ in range(budget):
        if state == "finished":
            break
        if size is PHONE and place(page).endswith("/yours"):
            fits_width(page)
        state = advance(page, tutorial)
    assert state == "finished", place(page)
    assert page.locator("#step-title").text_content() == tutorial["steps"][-1]["title"]
    expect(page.locator("#play-real")).to_be_visible()
    expect(page.locator("#ending-text")).to_have_text(tutorial["ending"]["text"])
    assert saved_progress(page, game)["finished"] is True
    page.screenshot(path=str(shots / f"{name}-end.png"))


WAITING = (
    "() => !document.body.classList.contains('pending') && (['yours', 'done', 'finished', 'error']"
    ".includes(document.body.dataset.learnState) || (document.body.dataset.learnState === 'playing'"
    " && !document.querySelector('#next-move').hidden))"
)


@pytest.mark.parametrize("game", ["ra", "write"])
def test_the_step_shown_always_matches_what_the_board_offers(
    open_page: Any, server: Server, shots: Path, game: str
) -> None:
    """Played one click at a time (the others' moves by "Next move"): whenever a step's text is shown as current and
    names a move (the step's first, the learner's), that move's element is on the board and clickable; once it is
    made the text is marked spent, and the others' moves never play under a current text that names a move."""
    page = open_page(DESKTOP)
    tutorial = server.get(f"/api/learn/{game}")
    page.goto(f"{server.base}/learn/{game}?delay=0")
    page.evaluate("() => localStorage.setItem('ra.learn-manual', '1')")
    page.reload()
    naming = [i for i, s in enumerate(tutorial["steps"]) if s["moves"] and s["moves"][0]["learner"]]
    checked: set[int] = set()
    moves = sum(len(s["moves"]) for s in tutorial["steps"])
    for _ in range(moves + len(tutorial["steps"]) + 5):
        page.wait_for_function(WAITING)
        state = learn_state(page)
        assert state != "error", message(page)
        if state == "finished":
            break
        step, move = (int(n) for n in place(page).split("/")[:2])
        current = page.evaluate("() => document.body.dataset.learnText") == "current"
        names_a_move = step in naming
        if names_a_move and current:
            assert (move, state) == (0, "yours"), (tutorial["steps"][step]["key"], place(page))
            target = page.locator("#board .learn-target").first
            expect(target).to_be_visible()
            expect(target).to_be_enabled()
            target.click(trial=True)  # nothing covers it: it would take the click
            checked.add(step)
        if names_a_move and move > 0:
            assert not current, place(page)
        before = place(page)
        if state == "playing":
            page.click("#next-move")
        elif state == "done":
            page.click("#next-step")
        else:
            if move > 0:
                expect(page.locator("#prompt")).to_be_visible()  # the prompt says what to do now
            click_target(page, tutorial)
        page.wait_for_function(MOVED_ON, arg=before)
    assert learn_state(page) == "finished", place(page)
    assert checked == set(naming)
    assert page.locator("#step-title").text_content() == tutorial["steps"][-1]["title"]
    expect(page.locator("#play-real")).to_be_visible()
    expect(page.locator("#ending-text")).to_have_text(tutorial["ending"]["text"])
    assert saved_progress(page, game)["finished"] is True
    notes = tutorial["steps"][-1]["notes"]  # the rules met later, each with its section's link
    expect(page.locator("#step-notes li")).to_have_count(len(notes))
    expect(page.locator("#step-notes a").first).to_have_attribute("href", notes[0]["rule_link"])
    page.screenshot(path=str(shots / f"learn-{game}-desktop-end.png"))


def test_a_wrong_click_is_explained_and_the_place_survives_back_forward_and_a_reload(
    open_page: Any, server: Server, shots: Path
) -> None:
    page = open_page(DESKTOP)
    tutorial = server.get("/api/learn/ra")
    auction = next(i for i, s in enumerate(tutorial["steps"]) if s["key"] == "auction")
    start(page, server, "ra")
    while int(page.evaluate("() => document.body.dataset.learnStep")) < auction:
        advance(page, tutorial)
    page.wait_for_function("() => document.body.dataset.learnState === 'yours'")
    before = place(page)
    page.click("#board [data-move='bid:13']")  # legal, but the step asks for the 5
    expect(page.locator("#learn-message")).to_have_text(tutorial["steps"][auction]["moves"][0]["hint"])
    page.screenshot(path=str(shots / "learn-ra-wrong-click.png"))
    assert place(page) == before
    advance(page, tutorial)  # the 5, as asked
    assert message(page) is None
    while learn_state(page) != "done":
        advance(page, tutorial)
    advance(page, tutorial)  # on to the next step

    page.reload()
    page.wait_for_function(SETTLED)
    assert place(page).startswith(f"{auction + 1}/")
    assert saved_progress(page, "ra")["reached"] == auction + 1
    page.click("#back")
    page.wait_for_function(f"() => document.body.dataset.learnStep === '{auction}'")
    expect(page.locator("#step-title")).to_have_text(tutorial["steps"][auction]["title"])
    page.wait_for_function(SETTLED)
    expect(page.locator("#next-step")).to_be_visible()  # a step reached before may be skipped again
    page.click("#next-step")
    page.wait_for_function(f"() => document.body.dataset.learnStep === '{auction + 1}'")
    page.locator("#steps summary").click()
    expect(page.locator("#step-list button")).to_have_count(auction + 2)  # the steps reached, and no further


def test_the_end_opens_a_real_game_against_easy_bots(open_page: Any, server: Server) -> None:
    page = open_page(DESKTOP)
    tutorial = server.get("/api/learn/write")
    last = len(tutorial["steps"]) - 1
    start(page, server, "write")
    progress = json.dumps({"step": last, "reached": last, "finished": False})
    page.evaluate(f"() => localStorage.setItem('ra.learn.write', {json.dumps(progress)})")
    page.reload()
    page.wait_for_function("() => document.body.dataset.learnState === 'finished'")
    page.click("#play-real")
    page.wait_for_url("**/t/*")
    page.wait_for_function("() => document.body.dataset.seq !== undefined")
    table_id = page.url.rsplit("/", 1)[-1].split("?")[0]
    summary = server.get(f"/api/tables/{table_id}")
    assert summary["game"] == "write"
    assert [(s["kind"], s["bot"]) for s in summary["seats"]] == [("person", None), ("bot", "easy"), ("bot", "easy")]
    # Never named "You" (the others would read "You bids", the deck "held by You"): blank, read as the default.
    assert summary["seats"][0]["name"] == ""
    page.wait_for_selector("#board .w-deck")
    assert "You" not in " ".join(page.locator("#board .w-deck-holder, #board .player-name").all_inner_texts())
    assert page.evaluate(f"() => localStorage.getItem('ra.created.{table_id}')") is not None
    assert "token=" not in page.url  # the table page took the seat's token out of the address


@pytest.mark.parametrize("language", ["de", "zh-Hans"])
@pytest.mark.parametrize("game", ["ra", "write"])
def test_the_lesson_reads_in_the_language_of_the_page(open_page: Any, server: Server, game: str, language: str) -> None:
    """`?lang=` in an English browser: the lesson, the step list, the prompt and the board's names of the learner
    read in the page's language, as the board around them does."""
    page = open_page(DESKTOP)
    english = server.get(f"/api/learn/{game}")
    tutorial = server.get(f"/api/learn/{game}?lang={language}")
    page.goto(f"{server.base}/learn/{game}?delay=0&lang={language}")
    page.wait_for_function(SETTLED)
    assert tutorial["steps"][0]["title"] != english["steps"][0]["title"]
    expect(page.locator("#step-title")).to_have_text(tutorial["steps"][0]["title"])
    expect(page.locator("#step-text")).to_have_text(tutorial["steps"][0]["text"])
    expect(page.locator("#step-list li").first).to_have_text(tutorial["steps"][0]["title"])
    advance(page, tutorial)  # the learner's first move, the others' after it: a prompt and their story
    page.wait_for_function("() => document.body.dataset.learnState === 'yours'")
    words = str(page.evaluate("() => document.querySelector('main').innerText"))
    assert "Your move" not in words and "You" not in words.split(), words


def test_the_learner_who_wins_reads_you_win(open_page: Any, server: Server) -> None:
    """The Ra tutorial's end: the learner's seat is named "You", and its win reads as the viewer's own."""
    page = open_page(DESKTOP)
    tutorial = server.get("/api/learn/ra")
    last = len(tutorial["steps"]) - 1
    start(page, server, "ra")
    progress = json.dumps({"step": last, "reached": last, "finished": False})
    page.evaluate(f"() => localStorage.setItem('ra.learn.ra', {json.dumps(progress)})")
    page.reload()
    page.wait_for_function("() => document.body.dataset.learnState === 'finished'")
    expect(page.locator("#board .result h2")).to_have_text("You win!")


OFFERED = (
    "() => !document.body.classList.contains('pending') && (['yours', 'done', 'finished', 'error']"
    ".includes(document.body.dataset.learnState) || !document.querySelector('#next-move').hidden)"
)

CLICK_NEXT_MOVE = (
    "() => { const b = document.querySelector('#next-move'); if (b.hidden) return false; b.click(); return true; }"
)


@pytest.mark.parametrize("game", ["ra", "write"])
def test_a_learner_needs_a_click_per_decision_and_one_per_step(open_page: Any, server: Server, game: str) -> None:
    """With the others' moves played on their own (a short pause each, not one click at a time), a learner who
    clicks whatever the page offers to go on needs a click for each decision (a RA and Write card, then its space)
    and one to go on from each step; the header names the step the lesson shows all along."""
    page = open_page(DESKTOP)
    tutorial = server.get(f"/api/learn/{game}")
    steps = len(tutorial["steps"])
    decisions = sum(m["learner"] for s in tutorial["steps"] for m in s["moves"])
    first_steps = decisions if game == "write" else 0  # a card before its space, at most once per move
    page.goto(f"{server.base}/learn/{game}?delay=100")
    clicks = 0
    for _ in range(decisions + first_steps + 2 * steps + 200):
        page.wait_for_function(OFFERED)
        state = learn_state(page)
        assert state != "error", message(page)
        if state == "finished":
            break
        step = int(page.evaluate("() => document.body.dataset.learnStep"))
        expect(page.locator("#step-count")).to_have_text(f"Step {step + 1} of {steps}")
        before = place(page)
        if state == "yours":
            target = page.locator("#board .learn-target").first
            leads = target.get_attribute("data-step") is not None
            target.click()
            clicks += 1
            if leads:
                continue
        elif state == "done":
            page.click("#next-step")
            clicks += 1
        elif page.evaluate(CLICK_NEXT_MOVE):  # offered while the others play: a learner takes it
            clicks += 1
        else:
            continue  # the move played on its own as the button was reached
        page.wait_for_function(MOVED_ON, arg=before)
    assert learn_state(page) == "finished", place(page)
    assert clicks <= decisions + first_steps + steps, (clicks, decisions, steps)


SHOWN = (
    "(sel) => [...document.querySelectorAll(sel)].filter((e) => !e.closest('[hidden]'))"
    ".map((e) => e.innerText).join(' ')"
)
IN_VIEW = (
    "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
    " return r.top >= 0 && r.top < innerHeight; }"
)


@pytest.mark.parametrize("game", ["ra", "write"])
def test_every_number_a_step_cites_is_on_the_screen_with_its_scoring(open_page: Any, server: Server, game: str) -> None:
    """A step that tells a scoring's numbers shows that scoring (titled with its epoch or Kingdom) above the board,
    in view as the step begins, and every number it cites is on the screen: the scoring, the board, the result."""
    page = open_page(DESKTOP)
    tutorial = server.get(f"/api/learn/{game}")
    start(page, server, game)
    checked = 0
    for index, step in enumerate(tutorial["steps"]):
        if not step["facts"]:
            continue
        progress = json.dumps({"step": index, "reached": index, "finished": False})
        page.evaluate(f"() => localStorage.setItem('ra.learn.{game}', {json.dumps(progress)})")
        page.reload()
        page.wait_for_function(SETTLED)
        assert place(page).startswith(f"{index}/"), place(page)
        lists = [f["path"] for f in step["facts"] if f["path"][0] in ("epoch_scores", "kingdom_scores", "end_bonuses")]
        if lists:
            expect(page.locator("#news")).to_be_visible()
            assert page.evaluate(IN_VIEW, "#news"), step["key"]
            if game == "ra":
                expect(page.locator("#news h2")).to_contain_text(f"Epoch {lists[0][1] + 1}")
        shown = str(page.evaluate(SHOWN, "#news, #board"))
        for fact in step["facts"]:
            assert re.search(rf"(?<![\d]){abs(fact['value'])}(?!\d)", shown), (step["key"], fact["says"])
            checked += 1
    assert checked
