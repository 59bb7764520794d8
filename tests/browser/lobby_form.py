"""Filling the lobby's table form, shared by the Ra and RA and Write browser tests."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def fill_seats(page: Page, seats: list[dict[str, str]]) -> None:
    """Set the form's seats: {"kind": "person", "name"} or {"kind": "bot", "bot"}, adding or removing rows."""
    rows = page.locator("#seats > li")
    expect(rows).to_have_count(3)  # the form starts with three seats
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
