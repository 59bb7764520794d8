"""Browser tests of a table that tells its story (issue 12): the scoring announced in a panel, explanations on hover
and on tap at phone width, the lot-value helper, the confirmation of a bid with the highest sun disk, a hint, and a
seat link that does not work falling back to watching. Fixtures (a real `ra serve`, Debian's Chromium) come from
conftest.py; the page says what it shows on <body> (data-seq, data-phase, data-turn)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from moves_check import assert_offers_engine_moves, clickable
from playwright.sync_api import Browser, Page, expect

if TYPE_CHECKING:
    from conftest import Server

READY = "() => document.body.dataset.seq !== undefined"
MY_TURN_OR_OVER = (
    "() => ['mine', 'over'].includes(document.body.dataset.turn) && !document.body.classList.contains('pending')"
)
ANSWERED = "(seq) => document.body.dataset.seq !== seq || !document.querySelector('#message').hidden"


def ra_table(server: Server, bots: int = 2, **options: Any) -> dict[str, Any]:
    """A Ra table of Ann and random bots, made through the API; the creation answer."""
    seats = [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * bots
    return dict(server.post("/api/tables", {"game": "ra", "options": options, "seats": seats}))


def open_seat(page: Page, server: Server, table: dict[str, Any]) -> None:
    page.goto(server.base + table["seats"][0]["invite"])
    page.wait_for_function(READY)


def wait_turn(page: Page) -> str:
    page.wait_for_function(MY_TURN_OR_OVER, timeout=30_000)
    return str(page.evaluate("() => document.body.dataset.turn"))


def click_move(page: Page, notation: str, confirm: bool = True) -> None:
    """Click a legal action's element, confirming if the page asks; wait for the server's answer."""
    seq = page.evaluate("() => document.body.dataset.seq")
    page.locator(f'#board [data-move="{notation}"]').first.click()
    page.wait_for_function(f"(seq) => ({ANSWERED})(seq) || document.querySelector('#confirm').open", arg=seq)
    if page.evaluate("() => document.querySelector('#confirm').open"):
        page.click("#confirm-yes" if confirm else "#confirm-no")
        if not confirm:
            return
    page.wait_for_function(ANSWERED, arg=seq)


def play_random(page: Page, rng: random.Random, until: str, moves: int = 400) -> None:
    """Play random legal moves (drawing often) until the page shows `until` (a selector) or the game ends."""
    for _ in range(moves):
        if page.locator(until).count() or wait_turn(page) == "over" or page.locator(until).count():
            return
        notations = sorted(clickable(page))
        pick = "draw" if "draw" in notations and rng.random() < 0.6 else rng.choice(notations)
        click_move(page, pick)
    raise AssertionError(f"{until} never showed")


def test_epoch_scoring_is_announced_in_view(page: Page, server: Server, shots: Path) -> None:
    """When epoch 1 is scored, a panel above the board shows its breakdown: Ann's row, the others' hidden (R3)."""
    open_seat(page, server, ra_table(server))
    play_random(page, random.Random(7), "#news:not([hidden])")
    news = page.locator("#news")
    expect(news).to_be_visible()
    expect(news.locator("h2")).to_contain_text(re.compile(r"Epoch \d is scored"))
    expect(news.locator("thead")).to_contain_text("Ann")
    expect(news.locator("tbody")).to_contain_text("hidden")  # the bots' scores stay hidden from Ann
    expect(news.locator("tr.total")).to_contain_text("→")
    assert news.evaluate("n => n.getBoundingClientRect().top < window.innerHeight")  # in view
    page.screenshot(path=str(shots / "20-scoring-news.png"))
    news.locator(".news-close").click()
    expect(news).to_be_hidden()
    expect(page.locator("#log")).to_contain_text("scores are hidden until the end")


def test_a_tile_explains_itself_on_hover(page: Page, server: Server, shots: Path) -> None:
    open_seat(page, server, ra_table(server))
    wait_turn(page)
    page.locator("#board .central-space").hover()
    tip = page.locator("#explain-tip")
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("Central sun disk")
    page.locator("#board .player.viewer .disk").first.hover()
    expect(tip).to_contain_text("Sun disk")
    page.locator("#board .ra-track").hover()
    expect(tip).to_contain_text("Ra track")
    page.screenshot(path=str(shots / "21-explain-hover.png"))
    page.mouse.move(5, 5)
    expect(tip).to_be_hidden()


def test_explanations_open_by_tap_at_phone_width(browser: Browser, server: Server, shots: Path) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        open_seat(page, server, ra_table(server))
        wait_turn(page)
        tip = page.locator("#explain-tip")
        page.locator("#board .central-space").tap()
        expect(tip).to_be_visible()
        expect(tip).to_contain_text("Central sun disk")
        box = tip.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        page.screenshot(path=str(shots / "22-explain-tap-phone.png"))
        page.locator("#board .auction-track").tap()  # another element: its own text
        expect(tip).to_contain_text("Auction track")
        page.locator("#board .auction-track").tap()  # the same again: closed
        expect(tip).to_be_hidden()
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()


def lot_on_my_turn(page: Page, rng: random.Random) -> None:
    """Play until it is Ann's turn with tiles on the auction track."""
    for _ in range(200):
        if wait_turn(page) == "over":
            raise AssertionError("the game ended first")
        if page.locator("#board .auction-track .tile").count():
            return
        notations = sorted(clickable(page))
        click_move(page, "draw" if "draw" in notations else rng.choice(notations))
    raise AssertionError("the auction track stayed empty")


def test_the_lot_value_helper(page: Page, server: Server, shots: Path) -> None:
    """On by default: beside the auction track, what its lot would give each player this epoch; off: absent."""
    open_seat(page, server, ra_table(server, scores_visible=True))
    lot_on_my_turn(page, random.Random(3))
    helper = page.locator("#board .lot-helper")
    expect(helper).to_be_visible()
    expect(helper.locator(".lot-value")).to_have_count(3)
    expect(helper.locator('.lot-value[data-seat="0"]')).to_contain_text(re.compile(r"you [+−-]?\d+"))
    page.screenshot(path=str(shots / "23-lot-helper.png"))
    open_seat(page, server, ra_table(server, lot_helper=False))
    lot_on_my_turn(page, random.Random(3))
    expect(page.locator("#board .lot-helper")).to_have_count(0)


def highest_bid(page: Page) -> str | None:
    """The bid of Ann's highest face-up disk, if it is legal now."""
    face_up = "#board .player.viewer .disk-row:not(.down) .disk"
    disks = [int(d) for d in page.eval_on_selector_all(face_up, "els => els.map(e => e.dataset.disk)")]
    notation = f"bid:{max(disks)}" if disks else None
    return notation if notation in clickable(page) else None


def test_a_bid_with_the_highest_disk_asks_first(page: Page, server: Server, shots: Path) -> None:
    """Cancel sends nothing; confirming sends the bid; with the setting off the page no longer asks."""
    open_seat(page, server, ra_table(server, bots=1))
    rng = random.Random(5)
    asked = False
    for _ in range(300):
        if wait_turn(page) == "over":
            break
        notation = highest_bid(page)
        if notation and not asked:
            seq = page.evaluate("() => document.body.dataset.seq")
            page.locator(f'#board [data-move="{notation}"]').click()
            expect(page.locator("#confirm")).to_be_visible()
            expect(page.locator("#confirm-text")).to_contain_text("your highest")
            page.screenshot(path=str(shots / "24-confirm-highest-bid.png"))
            page.click("#confirm-no")
            expect(page.locator("#confirm")).to_be_hidden()
            page.wait_for_timeout(300)
            assert page.evaluate("() => document.body.dataset.seq") == seq  # nothing was sent
            click_move(page, notation)  # asked again, and confirmed
            asked = True
            page.locator("#settings > summary").click()  # the table's settings menu
            page.locator("#confirm-setting").uncheck()  # the page's setting: never ask again
            assert page.evaluate("() => localStorage.getItem('ra.confirm')") == "0"
            continue
        if notation and asked:
            seq = page.evaluate("() => document.body.dataset.seq")
            page.locator(f'#board [data-move="{notation}"]').click()
            page.wait_for_function(ANSWERED, arg=seq)
            expect(page.locator("#confirm")).to_be_hidden()
            return
        notations = sorted(clickable(page))
        prefer = [n for n in notations if n == "ra"] if rng.random() < 0.5 else []
        click_move(page, (prefer or notations)[0] if prefer else rng.choice(notations))
    assert asked, "Ann never could bid her highest disk"


def test_a_hint_names_the_hard_bots_move(page: Page, server: Server, shots: Path) -> None:
    table = ra_table(server, hints=True)
    open_seat(page, server, table)
    assert wait_turn(page) == "mine"
    expect(page.locator("#hint")).to_be_visible()
    page.click("#hint-button")
    expect(page.locator("#hint-text")).to_contain_text(" — ", timeout=20_000)
    hinted = page.locator("#board .hinted[data-move]")
    expect(hinted).to_have_count(1)
    assert hinted.get_attribute("data-move") in clickable(page)
    page.screenshot(path=str(shots / "25-hint.png"))
    # The page still offers exactly the engine's moves; the hint only marks one of them.
    token = table["seats"][0]["token"]
    assert_offers_engine_moves(page, server, table["id"], 0, token)
    # Without the table option there is no Hint button.
    open_seat(page, server, ra_table(server))
    expect(page.locator("#hint")).to_be_hidden()


def test_a_write_hint_marks_its_card_and_space(page: Page, server: Server) -> None:
    """An RA and Write card is taken in two steps, so no element sends the hinted move before the first: the hint
    marks the card and the space it writes to (the board's `whereIs`), as Ra's marks its element."""
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    table = server.post("/api/tables", {"game": "write", "options": {"hints": True}, "seats": seats})
    open_seat(page, server, table)
    for _ in range(10):
        assert wait_turn(page) == "mine"
        if "reveal" not in clickable(page):
            break
        click_move(page, "reveal")
    page.click("#hint-button")
    expect(page.locator("#hint-text")).to_contain_text(" — ", timeout=20_000)
    expect(page.locator("#board .w-card.hinted")).to_have_count(1)
    expect(page.locator("#board .w-sheet .hinted")).not_to_have_count(0)


def test_a_hint_reads_in_the_pages_language(page: Page, server: Server) -> None:
    """The hint travels as texts: a German page shows the move and why in German (issues 28 and 31, item 4)."""
    table = ra_table(server, hints=True)
    page.goto(server.base + table["seats"][0]["invite"] + "&lang=de")
    page.wait_for_function(READY)
    assert wait_turn(page) == "mine"
    page.click("#hint-button")
    expect(page.locator("#hint-text")).to_contain_text(" — ", timeout=20_000)
    said = page.locator("#hint-text").inner_text()
    assert re.search(r"Ziehe|Rufe|Gewinne|Lass|Setze|Gib|Hör|Zug", said), said
    assert not re.search(r"\b(the|bot imagined|deals?|lot)\b", said), said


def test_a_wrong_seat_link_shows_the_table_to_watch(page: Page, server: Server) -> None:
    table = ra_table(server)
    page.goto(server.base + re.sub(r"token=[^&]+", "token=mistyped", table["seats"][0]["invite"]))
    page.wait_for_function(READY)
    expect(page.locator("#message")).to_contain_text("spectator")
    expect(page.locator("#spectator-note")).to_be_visible()
    expect(page.locator("#board .player")).to_have_count(3)  # the table is drawn, to watch
    expect(page.locator("#board [data-move]")).to_have_count(0)
    assert page.evaluate(f"() => sessionStorage.getItem('ra.seat.{table['id']}')") is None  # the link is forgotten


def test_explanations_are_asked_for_when_shown_and_follow_each_view(page: Page, server: Server) -> None:
    """The page's state messages carry no explanation; hovering asks for the view's one (the engine's words, not
    the element's label), once per view, and a new view is explained anew."""
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(json.loads(frame))))
    open_seat(page, server, ra_table(server, lot_helper=False))
    wait_turn(page)
    states = [f for f in frames if f["type"] == "state"]
    assert states and all(f["explain"] is None for f in states)
    assert not [f for f in frames if f["type"] == "explain"], "nothing is explained before it is shown"
    tip = page.locator("#explain-tip")
    page.locator("#board .central-space").hover()
    expect(tip).to_contain_text("the prize that goes with every lot")  # the engine's text, not the label
    page.locator("#board .ra-track").hover()
    expect(tip).to_contain_text("Ra track")
    answers = [f for f in frames if f["type"] == "explain"]
    assert len(answers) == 1 and answers[0]["seq"] == states[-1]["seq"], "one request per view"
    page.mouse.move(5, 5)
    expect(tip).to_be_hidden()
    notations = sorted(clickable(page))
    click_move(page, "draw" if "draw" in notations else notations[0])
    wait_turn(page)
    page.locator("#board .central-space").hover()
    expect(tip).to_contain_text("the prize that goes with every lot")
    newest = [f for f in frames if f["type"] == "explain"][-1]
    assert newest["seq"] > answers[0]["seq"]
