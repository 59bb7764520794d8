"""Browser tests of bot accounts (issue 45), as a person uses them without a terminal: sign up, make a bot account
and a token on the account page (shown once: after a reload it is gone), revoke it, invite the bot to a table from
its invite panel (the invitation waits), let the bot accept through the Bot API (the panel says so, every seat's name
reads "(bot)"), and switch the leaderboard to the bots' pool."""

from __future__ import annotations

import re
from pathlib import Path

from lobby_form import create, fill_seats
from playwright.sync_api import Browser, BrowserContext, Page, expect

from conftest import Server

PASSWORD = "a long enough password"
TOKEN = re.compile(r"rab_[A-Za-z0-9_-]{43}")


def new_page(browser: Browser, errors: list[str]) -> tuple[BrowserContext, Page]:
    """A fresh browser (its own cookies) whose confirmations are accepted; JavaScript errors are collected."""
    context = browser.new_context(viewport={"width": 1300, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("dialog", lambda dialog: dialog.accept())
    return context, page


def sign_up(page: Page, server: Server, name: str) -> None:
    page.goto(server.base + "/account")
    form = page.locator("#sign-up-form")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=password]").fill(PASSWORD)
    form.locator("button[type=submit]").click()
    expect(page.locator("#account-name")).to_have_text(name)


def bearer(page: Page, server: Server, path: str, token: str, method: str = "GET") -> int:
    """The status of a Bot API request made with `token` (no cookie needed: the header is the authority)."""
    headers = {"Authorization": f"Bearer {token}"}
    if method == "GET":
        return page.request.get(server.base + path, headers=headers).status
    return page.request.post(server.base + path, headers=headers).status


def make_token(page: Page, label: str, read: bool = True) -> str:
    """Create a token of the bot Robo on the account page; returns it as the page shows it, once."""
    bot = page.locator('#bot-list .bot-item[data-name="Robo"]')
    form = bot.locator(".token-form")
    form.locator("input[name=label]").fill(label)
    if not read:
        form.locator("input[value=read]").uncheck()
    form.locator(".create-token").click()
    shown = bot.locator(".new-token-value")
    expect(shown).to_be_visible()
    expect(shown).to_be_focused()
    return shown.input_value()


def test_bot_account_token_shown_once_revoked_and_invited(browser: Browser, server: Server, shots: Path) -> None:
    errors: list[str] = []
    context, page = new_page(browser, errors)
    try:
        sign_up(page, server, "Nora")
        expect(page.locator("#become-bot-form")).to_be_visible()
        page.fill("#bot-form input[name=name]", "Robo")
        page.click("#bot-form button[type=submit]")
        bot = page.locator('#bot-list .bot-item[data-name="Robo"]')
        expect(bot.locator(".no-tokens")).to_be_visible()

        # A name taken is refused in words, in the section.
        page.fill("#bot-form input[name=name]", "robo")
        page.click("#bot-form button[type=submit]")
        expect(page.locator("#bots-error")).to_be_visible()
        expect(page.locator("#bot-list .bot-item")).to_have_count(1)

        # A token without the read scope: listed with play alone, refused where reading is asked.
        token = make_token(page, "laptop", read=False)
        assert TOKEN.fullmatch(token), token
        expect(bot.locator(".new-token")).to_contain_text("it will not be shown again")
        row = bot.locator(".token", has_text="laptop")
        expect(row.locator(".scope")).to_have_text(["play"])
        expect(row).to_contain_text("never used")
        page.screenshot(path=str(shots / "bots-token-once.png"))
        page.set_viewport_size({"width": 390, "height": 844})  # a phone: the section fits, the token too
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        bot.screenshot(path=str(shots / "bots-token-once-phone.png"))
        page.set_viewport_size({"width": 1300, "height": 900})
        assert bearer(page, server, "/api/bot/account", token) == 403

        # Shown once: a reload lists the token without it.
        page.reload()
        expect(bot.locator(".token", has_text="laptop")).to_be_visible()
        expect(page.locator(".new-token")).to_have_count(0)
        assert token not in page.content()

        # Revoked: gone from the list, refused by the Bot API.
        bot.locator(".token", has_text="laptop").locator(".revoke-token").click()
        expect(bot.locator(".token")).to_have_count(0)
        assert bearer(page, server, "/api/bot/account", token) == 401
        played = make_token(page, "runner")  # the bot's program's, for later
        assert bearer(page, server, "/api/bot/account", played) == 200

        # The bot invited to a table's free person seat by its creator: the invitation waits, also after a reload.
        page.goto(server.base + "/")
        fill_seats(page, [{"kind": "person", "name": "Nora"}, {"kind": "person", "name": ""}])
        page.check("#listing input[name=rated]")
        page.check("#listing input[name=people_pool]")  # the creator rates a bot's game with the people's
        # The lobby lists the table after the creation has answered: wait for that request, not only the link.
        with page.expect_response(lambda r: r.url.endswith("/listing") and r.request.method == "POST") as listed:
            link = create(page)
        assert listed.value.ok
        table_id = link.split("/t/")[1].split("?")[0]
        listing = page.request.get(f"{server.base}/api/tables/{table_id}/listing").json()
        assert listing["rated"] is True and listing["bots_pool"] is False
        page.goto(server.base + link)
        invite = page.locator('#invite-list form.bot-invite[data-seat="1"]')
        expect(invite).to_be_visible()
        expect(page.locator('#invite-list form.bot-invite[data-seat="0"]')).to_have_count(0)  # the creator's own
        invite.locator("input[name=bot]").fill("Nobody here")
        invite.locator("button[type=submit]").click()
        expect(invite.locator(".bot-invite-status")).to_contain_text("No invitation")
        invite.locator("input[name=bot]").fill("Robo")
        invite.locator("button[type=submit]").click()
        waiting = "Robo is invited: waiting for the bot to accept."
        expect(invite.locator(".bot-invite-status")).to_have_text(waiting)
        page.screenshot(path=str(shots / "bots-invited.png"))
        page.reload()
        expect(invite.locator(".bot-invite-status")).to_have_text(waiting)

        # The bot accepts: the open page says so at once, and the seat reads "(bot)"; so it does after a reload.
        assert bearer(page, server, f"/api/bot/invitations/{table_id}/1/accept", played, "POST") == 200
        accepted = "Robo accepted the invitation: the seat is the bot's."
        expect(invite.locator(".bot-invite-status")).to_have_text(accepted)
        expect(invite.locator("input[name=bot]")).to_be_hidden()
        expect(page.locator("#board .player-name", has_text="Robo (bot)").first).to_be_visible()
        page.reload()
        expect(invite.locator(".bot-invite-status")).to_have_text(accepted)
        expect(page.locator('#invite-list .invite-row input[value*="seat=1"]')).to_have_count(0)  # its old link
        page.goto(server.base + "/")
        seats = page.locator(f'#live-tables li[data-id="{table_id}"] .table-seats')
        expect(seats).to_contain_text("Robo (bot)")
        expect(seats).not_to_contain_text("(free)")  # the bot's before its program connects
        item = page.locator(f'#live-tables li[data-id="{table_id}"]')
        item.locator(".show-invites").click()
        expect(item.locator(".table-invites .invite")).to_have_count(1)  # the creator's own: none for the bot's seat

        # The leaderboard asks for the pool switched to.
        page.goto(server.base + "/ratings?game=ra")
        expect(page.locator("#leaderboard")).to_have_attribute("data-pool", "people")
        with page.expect_request(lambda r: "/api/ratings/ra?pool=bots" in r.url):
            page.check("#rating-pool input[value=bots]")
        expect(page.locator("#leaderboard")).to_have_attribute("data-pool", "bots")
        assert "pool=bots" in page.url
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_an_account_turned_into_a_bot(browser: Browser, server: Server) -> None:
    """The account itself becomes a bot (the password asked again): it lists itself and offers no more bots."""
    errors: list[str] = []
    context, page = new_page(browser, errors)
    try:
        sign_up(page, server, "Tess")
        form = page.locator("#become-bot-form")
        form.locator("input[name=password]").fill("not the password")
        form.locator("button[type=submit]").click()
        expect(page.locator("#bots-error")).to_be_visible()
        form.locator("input[name=password]").fill(PASSWORD)
        form.locator("button[type=submit]").click()
        expect(page.locator('#bot-list .bot-item[data-name="Tess"]')).to_be_visible()
        expect(form).to_be_hidden()
        expect(page.locator("#bot-form")).to_be_hidden()
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
