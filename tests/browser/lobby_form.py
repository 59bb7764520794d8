"""Filling the lobby's table form (built from GET /api/meta), shared by the Ra and RA and Write browser tests."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def fill_seats(page: Page, seats: list[dict[str, str]]) -> None:
    """Set the form's seats: {"kind": "person", "name"} or {"kind": "bot", "bot"}, adding or removing rows."""
    rows = page.locator("#seats > li")
    expect(rows.first).to_be_visible()
    while rows.count() < len(seats):
        page.click("#add-seat")
    while rows.count() > len(seats):
        rows.last.locator(".remove-seat").click()
    for i, seat in enumerate(seats):
        row = rows.nth(i)
        row.locator(".seat-kind").select_option(seat["kind"])
        if seat["kind"] == "person":
            row.locator(".seat-name").fill(seat["name"])
        else:
            row.locator(".seat-bot").select_option(seat["bot"])


def option(name: str) -> str:
    """The selector of a game option's input (the form names it after the option)."""
    return f"#option-{name}"


def create(page: Page) -> str:
    """Submit the form; returns the creator's own seat link ("Go to my seat")."""
    page.click("#create-form button[type=submit]")
    expect(page.locator("#created")).to_be_visible()
    return str(page.locator("#go-seat").get_attribute("href"))
