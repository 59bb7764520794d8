"""Moderation over HTTP (docs/MODERATION.md): the report queue with each message's context, a player's history,
mutes and bans, lifting them, renaming an account or a seat, closing a table, hiding a listing, the moderation log;
and every player's blocks. The moderation routes are for a signed-in moderator or operator only (403 for anyone
else; roles are granted on the command line, never here); each one that changes something needs the CSRF token and
is written to the log (with the change, in one transaction, where the change is the database's own)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query
from fastapi import Path as PathParam
from pydantic import Field

from ra.core.text import t
from ra.server.accounts.errors import AccountError
from ra.server.accounts.moderation import MAX_REASON, Moderation, Named, account_target
from ra.server.accounts.service import SignedIn, account_name, in_thread
from ra.server.guards.closed import Closed
from ra.server.http import account_models as api
from ra.server.http.signed_in import Acting, PeopleParts, Signed
from ra.server.storage.rows import now
from ra.server.tables.errors import ServiceError

router = APIRouter()
FORBIDDEN = t("Only moderators may do this.")
PlayerId = Annotated[str, Field(min_length=1, max_length=24, pattern=r"^[A-Za-z0-9_-]+$")]
TableRef = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
Reason = Annotated[str, Field(min_length=1, max_length=MAX_REASON)]
MAX_HOURS = 24 * 366 * 10  # ten years: longer is "for good"


async def _moderator(who: SignedIn, parts: PeopleParts) -> SignedIn:
    if not await in_thread(parts.moderation.roles, who.account.id):
        raise AccountError(403, "forbidden", FORBIDDEN)
    return who


async def reading(who: Signed, parts: PeopleParts) -> SignedIn:
    """A moderator or operator reading; 403 for anyone else."""
    return await _moderator(who, parts)


async def moderating(who: Acting, parts: PeopleParts) -> SignedIn:
    """A moderator or operator acting (CSRF checked); 403 for anyone else."""
    return await _moderator(who, parts)


Reading = Annotated[SignedIn, Depends(reading)]
Moderating = Annotated[SignedIn, Depends(moderating)]


def _by(who: SignedIn) -> str:
    """How the log names a moderator: the account's name and id (a name may change)."""
    return f"{who.account.name} (account {who.account.id})"


async def _player(moderation: Moderation, player: str) -> Named:
    found = await in_thread(moderation.by_player, player)
    if found is None:
        raise AccountError(404, "not_found", t("There is no such player."))
    return found


# -- bodies ----------------------------------------------------------------------------------------------------------


class SanctionBody(Closed):
    """A mute (chat) or ban (chat, new seats, and the seats it plays: handed to bots) for `hours`, or for good
    (`hours` null), with the reason the player reads."""

    player: PlayerId
    kind: Literal["mute", "ban"]
    hours: float | None = Field(default=None, gt=0, le=MAX_HOURS)
    reason: Reason


class LiftBody(Closed):
    """Lift a player's mutes and bans."""

    player: PlayerId
    reason: str = Field(default="", max_length=MAX_REASON)


class RenameAccountBody(Closed):
    """A new name for an account (the sign-up's rules)."""

    player: PlayerId
    name: str = Field(max_length=api.MAX_NAME_INPUT)
    reason: Reason


class RenameSeatBody(Closed):
    """A new name for a table's seat."""

    table: TableRef
    seat: int = Field(ge=0, le=15)
    name: str = Field(max_length=api.MAX_NAME_INPUT)
    reason: Reason


class TableBody(Closed):
    """A table to close, or whose listing to hide."""

    table: TableRef
    reason: Reason


class HandleBody(Closed):
    """A report handled."""

    report: int = Field(ge=1)
    reason: str = Field(default="", max_length=MAX_REASON)


class BlockBody(Closed):
    """Block (or, `block` false, unblock) a player."""

    player: PlayerId
    block: bool = True


# -- the queue, a player, the log --------------------------------------------------------------------------------------


@router.get("/api/moderation/reports", responses=api.refusals(401, 403))
async def reports(who: Reading, parts: PeopleParts, open: bool = True) -> dict[str, Any]:
    """The report queue, newest first (open reports only unless `open=false`), each with the messages before it."""
    found = await in_thread(parts.moderation.reports, open)
    for report in found:
        key = str(report["sender_key"])
        report["player"] = key[2:] if key.startswith("p:") else None  # a guest seat's message names no account
    return {"reports": found}


@router.post("/api/moderation/reports/handle", responses=api.refusals(400, 401, 403, 404))
async def handle_report(body: HandleBody, who: Moderating, parts: PeopleParts) -> api.Ok:
    """Mark a report handled: it leaves the open queue."""
    if not await in_thread(parts.moderation.handle, body.report, _by(who), body.reason):
        raise AccountError(404, "not_found", t("There is no such open report."))
    return api.Ok()


@router.get("/api/moderation/players/{player}", responses=api.refusals(401, 403, 404))
async def history(player: Annotated[str, PathParam(max_length=24)], who: Reading, parts: PeopleParts) -> dict[str, Any]:
    """A player's history: the sanction in force, every sanction, reports of their messages, the log about them."""
    moderation = parts.moderation
    named = await _player(moderation, player)
    sanction = await in_thread(moderation.sanction, named.id)
    return {
        "name": named.name,
        "player": named.player,
        "roles": sorted(await in_thread(moderation.roles, named.id)),
        "sanction": None if sanction is None else sanction.as_json(),
        "sanctions": await in_thread(moderation.sanctions, named.id),
        "reports": await in_thread(moderation.reports, False, 100, f"p:{named.player}"),
        "log": await in_thread(moderation.entries, 0, 100, account_target(named.id)),
    }


@router.get("/api/moderation/log", responses=api.refusals(401, 403))
async def moderation_log(
    who: Reading, parts: PeopleParts, page: Annotated[int, Query(ge=0, le=100_000)] = 0
) -> dict[str, Any]:
    """The moderation log, newest first, 50 entries a page."""
    return {"page": page, "entries": await in_thread(parts.moderation.entries, page, 50)}


# -- actions ---------------------------------------------------------------------------------------------------------


@router.post("/api/moderation/sanctions", responses=api.refusals(400, 401, 403, 404))
async def sanction(body: SanctionBody, who: Moderating, parts: PeopleParts) -> dict[str, Any]:
    """Mute or ban a player for a time or for good, with a reason they read."""
    named = await _player(parts.moderation, body.player)
    if named.id == who.account.id:
        raise AccountError(400, "bad_message", t("You cannot sanction yourself."))
    until = None if body.hours is None else now() + dt.timedelta(hours=body.hours)
    await in_thread(parts.moderation.impose, named.id, body.kind, until, body.reason, _by(who))
    if body.kind == "ban":
        parts.bans.wake()  # its seats go to bots now on this process (every process's sweep finds them anyway)
    found = await in_thread(parts.moderation.sanction, named.id)
    return {"sanction": None if found is None else found.as_json()}


@router.post("/api/moderation/lift", responses=api.refusals(400, 401, 403, 404))
async def lift(body: LiftBody, who: Moderating, parts: PeopleParts) -> dict[str, Any]:
    """Lift a player's mutes and bans in force."""
    named = await _player(parts.moderation, body.player)
    return {"lifted": await in_thread(parts.moderation.lift, named.id, _by(who), body.reason)}


@router.post("/api/moderation/rename-account", responses=api.refusals(400, 401, 403, 404, 409))
async def rename_account(body: RenameAccountBody, who: Moderating, parts: PeopleParts) -> api.Ok:
    """Give an account a new name (the sign-up's rules); its kept seats are named so on their tables."""
    named = await _player(parts.moderation, body.player)
    name = account_name(body.name)
    if not await in_thread(parts.moderation.rename, named.id, name, _by(who), body.reason):
        raise AccountError(409, "taken", t("This name is taken; choose another."))
    held = await in_thread(parts.accounts.store.held, named.id)
    await parts.seats.renamed([(h.table["id"], h.seat, name) for h in held])
    return api.Ok()


@router.post("/api/moderation/rename-seat", responses=api.refusals(400, 401, 403, 404))
async def rename_seat(body: RenameSeatBody, who: Moderating, parts: PeopleParts) -> api.Ok:
    """Rename a table's seat (blank: its default name)."""
    tables = parts.seats.tables
    try:
        table = await tables.get(body.table)
        old = table.row.seats[body.seat]["name"] if body.seat < len(table.row.seats) else None
        await tables.rename(table, body.seat, body.name, blank=not body.name.strip())
    except ServiceError as exc:
        raise AccountError(exc.status, exc.code, exc.text) from None
    details = {"seat": body.seat, "from": old, "to": body.name}
    await in_thread(parts.moderation.log_only, _by(who), "rename_seat", f"table:{body.table}", body.reason, details)
    return api.Ok()


@router.post("/api/moderation/close-table", responses=api.refusals(400, 401, 403, 404, 409))
async def close_table(body: TableBody, who: Moderating, parts: PeopleParts) -> api.Ok:
    """Close (abort) a table that is not over, as the abandon sweep closes an idle one."""
    service = parts.seats.tables
    try:
        table = await service.get(body.table)
    except ServiceError as exc:
        raise AccountError(exc.status, exc.code, exc.text) from None
    if not await service.close(table):
        raise AccountError(409, "state", t("The game is over."))
    await in_thread(parts.moderation.log_only, _by(who), "close", f"table:{body.table}", body.reason)
    return api.Ok()


@router.post("/api/moderation/hide-listing", responses=api.refusals(400, 401, 403, 404))
async def hide_listing(body: TableBody, who: Moderating, parts: PeopleParts) -> api.Ok:
    """Hide a table's listing: the lobby no longer offers its seats."""
    if not await in_thread(parts.moderation.hide_listing, body.table, _by(who), body.reason):
        raise AccountError(404, "not_found", t("This table is not listed."))
    return api.Ok()


# -- a player's blocks -----------------------------------------------------------------------------------------------


@router.get("/api/account/blocks", responses=api.refusals(401))
async def blocks(who: Signed, parts: PeopleParts) -> dict[str, Any]:
    """The players this account blocked."""
    return {"blocks": await in_thread(parts.moderation.blocks, who.account.id)}


@router.post("/api/account/blocks", responses=api.refusals(400, 401, 403, 404))
async def block(body: BlockBody, who: Acting, parts: PeopleParts) -> api.Ok:
    """Block a player (their chat is not shown to you; open seats do not seat you together), or unblock them."""
    named = await _player(parts.moderation, body.player)
    if named.id == who.account.id:
        raise AccountError(400, "bad_message", t("You cannot block yourself."))
    change = parts.moderation.block if body.block else parts.moderation.unblock
    await in_thread(change, who.account.id, named.id)
    return api.Ok()
