"""`ra admin grant/revoke/ban/unban/reports`: roles and sanctions from the command line (docs/MODERATION.md).

They open the database as `ra serve` does (`--data`, or `--database-url` / RA_DATABASE_URL) and may run while it
serves: a sanction holds in every serving process within `Moderation.cache_seconds`, and a ban's seats are left to
bots by every serving process's ban sweep (server/accounts/bans.py). Each change is written to the moderation log
by "operator (command line)". Roles are granted here only, never over the web.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from ra.commands.database import DEFAULT_DATA, DatabaseUrl, DataFolder
from ra.commands.terminal import Lang, reader_language
from ra.core.text import Text, t, tn
from ra.i18n import Reader, render
from ra.server.accounts.moderation import COMMAND_LINE, ROLES, Moderation, Named
from ra.server.storage.rows import now
from ra.server.storage.sql import SqlStorage

Name = Annotated[str, typer.Argument(help="The account's name.")]


@contextmanager
def opened(data: Path, database_url: str | None) -> Iterator[Moderation]:
    """The moderation records of the database `ra serve` would open with these options (migrated as it would)."""
    storage = SqlStorage(database_url) if database_url else SqlStorage.in_dir(data)
    try:
        yield Moderation(storage.engine, cache_seconds=0)
    finally:
        storage.close()


def _say(text: Text, lang: str | None) -> None:
    typer.echo(render(text, Reader(reader_language(lang))))


def _fail(text: Text, lang: str | None) -> typer.Exit:
    typer.echo(render(t("error: {reason}", reason=text), Reader(reader_language(lang))), err=True)
    return typer.Exit(2)


def _account(moderation: Moderation, name: str, lang: str | None) -> Named:
    found = moderation.find(name)
    if found is None:
        raise _fail(t("there is no account named {name}", name=name), lang)
    return found


def register(admin: typer.Typer) -> None:
    """Add `grant`, `revoke`, `ban`, `unban` and `reports` to the `ra admin` group."""

    @admin.command()
    def grant(
        name: Name,
        role: Annotated[str, typer.Argument(help="moderator or operator")],
        data: DataFolder = DEFAULT_DATA,
        database_url: DatabaseUrl = None,
        lang: Lang = None,
    ) -> None:
        """Give an account a role: moderator (the moderation page) or operator."""
        if role not in ROLES:
            raise _fail(t("a role is moderator or operator"), lang)
        with opened(data, database_url) as moderation:
            account = _account(moderation, name, lang)
            if moderation.grant(account.id, role, COMMAND_LINE):
                _say(t("{name} is now {role}", name=account.name, role=role), lang)
            else:
                _say(t("{name} was {role} already", name=account.name, role=role), lang)

    @admin.command()
    def revoke(
        name: Name,
        role: Annotated[str, typer.Argument(help="moderator or operator")],
        data: DataFolder = DEFAULT_DATA,
        database_url: DatabaseUrl = None,
        lang: Lang = None,
    ) -> None:
        """Take a role from an account."""
        if role not in ROLES:
            raise _fail(t("a role is moderator or operator"), lang)
        with opened(data, database_url) as moderation:
            account = _account(moderation, name, lang)
            if not moderation.revoke(account.id, role, COMMAND_LINE):
                raise _fail(t("{name} is not {role}", name=account.name, role=role), lang)
            _say(t("{name} is no longer {role}", name=account.name, role=role), lang)

    @admin.command()
    def ban(
        name: Name,
        reason: Annotated[str, typer.Option(help="Why: the player reads it.")],
        mute: Annotated[bool, typer.Option("--mute", help="Mute only (no chat) instead of a ban.")] = False,
        hours: Annotated[float | None, typer.Option(min=0.01, help="For this many hours.")] = None,
        days: Annotated[float | None, typer.Option(min=0.01, help="For this many days.")] = None,
        forever: Annotated[bool, typer.Option("--forever", help="For good (the default without a time).")] = False,
        data: DataFolder = DEFAULT_DATA,
        database_url: DatabaseUrl = None,
        lang: Lang = None,
    ) -> None:
        """Ban an account (no chat, no seats: bots play its games) or, with --mute, mute it (no chat), for a time or
        for good."""
        if sum((hours is not None, days is not None, forever)) > 1:
            raise _fail(t("give one of --hours, --days and --forever"), lang)
        if not reason.strip() or len(reason) > 500:
            raise _fail(t("a reason has 1 to 500 characters"), lang)
        span = dt.timedelta(hours=hours or 0, days=days or 0)
        until = now() + span if span else None
        with opened(data, database_url) as moderation:
            account = _account(moderation, name, lang)
            moderation.impose(account.id, "mute" if mute else "ban", until, reason.strip(), COMMAND_LINE)
            kind = t("muted") if mute else t("banned")
            if until is None:
                _say(t("{name}: {kind} for good", name=account.name, kind=kind), lang)
            else:
                end = until.isoformat(timespec="minutes")
                _say(t("{name}: {kind} until {until}", name=account.name, kind=kind, until=end), lang)

    @admin.command()
    def unban(
        name: Name,
        reason: Annotated[str, typer.Option(help="Why, for the log.")] = "",
        data: DataFolder = DEFAULT_DATA,
        database_url: DatabaseUrl = None,
        lang: Lang = None,
    ) -> None:
        """Lift an account's mutes and bans."""
        with opened(data, database_url) as moderation:
            account = _account(moderation, name, lang)
            lifted = moderation.lift(account.id, COMMAND_LINE, reason[:500])
            _say(tn("{name}: {n} sanction lifted", "{name}: {n} sanctions lifted", lifted, name=account.name), lang)

    @admin.command()
    def reports(
        open_only: Annotated[bool, typer.Option("--open", help="Only the reports nobody handled.")] = False,
        limit: Annotated[int, typer.Option(min=1, max=1000, help="At most this many, newest first.")] = 50,
        data: DataFolder = DEFAULT_DATA,
        database_url: DatabaseUrl = None,
        lang: Lang = None,
    ) -> None:
        """The report queue as a table: id, when, room, who said it, what, handled."""
        with opened(data, database_url) as moderation:
            found = moderation.reports(open_only, limit)
        reader = Reader(reader_language(lang))
        heads = [t("id"), t("reported"), t("room"), t("sender"), t("message"), t("handled")]
        rows = [[render(h, reader) for h in heads]]
        for r in found:
            text = " ".join(str(r["text"]).split())
            handled = str(r["handled"] or "")[:16]
            rows.append([str(r["id"]), str(r["reported"])[:16], str(r["room"]), str(r["sender"]), text[:60], handled])
        widths = [max(len(row[i]) for row in rows) for i in range(len(heads))]
        for row in rows:
            typer.echo("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
