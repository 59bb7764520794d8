"""Bot accounts over HTTP (docs/BOT_API.md): under a person's session, making bots and their tokens; for programs,
the Bot API under `/api/bot/` with `Authorization: Bearer <token>` (no cookies, no CSRF); and the table creator's
invitation of a bot to a seat. The logic is `ra.server.accounts.bots`; bodies and answers `http/bot_models.py`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request

from ra.server.accounts.bot_store import Caller
from ra.server.http import bot_models as api
from ra.server.http.account_models import Ok, refusals
from ra.server.http.routes.accounts import SeatNumber
from ra.server.http.routes.tables import TableId
from ra.server.http.signed_in import Acting, MaybeSignedIn, PeopleParts, Signed

router = APIRouter()
BotName = Annotated[str, Path(min_length=1, max_length=160)]
TokenId = Annotated[str, Path(min_length=1, max_length=24, pattern=r"^[A-Za-z0-9_-]+$")]


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def _reading(request: Request, parts: PeopleParts) -> Caller:
    return await parts.bots.authenticate(request.headers.get("authorization"), _address(request), "read")


async def _playing(request: Request, parts: PeopleParts) -> Caller:
    return await parts.bots.authenticate(request.headers.get("authorization"), _address(request), "play")


Reading = Annotated[Caller, Depends(_reading)]
Playing = Annotated[Caller, Depends(_playing)]

# -- under a person's session ---------------------------------------------------------------------------------------


@router.post("/api/account/bots", status_code=201, responses=refusals(400, 401, 403, 409, 413, 415))
async def create_bot(body: api.NewBot, who: Acting, parts: PeopleParts) -> api.BotMade:
    """Make a bot account owned by the signed-in person (at most 10); it never signs in with a password."""
    bot = await parts.bots.create(who, body.name)
    return api.BotMade(name=bot.name, player=bot.player, owner=who.account.name)


@router.post("/api/account/bot", responses=refusals(400, 401, 403, 409, 413, 415))
async def become_bot(body: api.BecomeBot, who: Acting, parts: PeopleParts) -> api.BecameBot:
    """Turn the signed-in person's own account into a bot that owns itself (the password asked again; for good)."""
    await parts.bots.become_bot(who, body.password)
    return api.BecameBot(name=who.account.name, player=who.account.player)


@router.get("/api/account/bots", responses=refusals(401))
async def owned_bots(who: Signed, parts: PeopleParts) -> api.OwnedBots:
    """The bots the account owns (itself too if it is a bot) with their live tokens (never a token)."""
    return api.OwnedBots.model_validate({"bots": await parts.bots.owned(who)})


@router.post("/api/account/bots/{name}/tokens", status_code=201, responses=refusals(400, 401, 403, 404, 409, 413, 415))
async def new_token(name: BotName, body: api.NewToken, who: Acting, parts: PeopleParts) -> api.TokenMade:
    """A new token of one of the account's bots (at most 10 live): shown in this answer only."""
    made = await parts.bots.new_token(who, name, body.label, sorted(set(body.scopes)))
    return api.TokenMade.model_validate(made)


@router.post("/api/account/bots/{name}/tokens/{token_id}/revoke", responses=refusals(400, 401, 403, 404))
async def revoke_token(name: BotName, token_id: TokenId, who: Acting, parts: PeopleParts) -> Ok:
    """Revoke a token: refused from now on, in every process; its open sockets here close now."""
    await parts.bots.revoke(who, name, token_id)
    return Ok()


# -- the table's creator ----------------------------------------------------------------------------------------


@router.post("/api/tables/{table_id}/seats/{n}/invite", responses=refusals(400, 403, 404, 409, 413, 415))
async def invite_bot(
    table_id: TableId, n: SeatNumber, body: api.Invite, who: MaybeSignedIn, parts: PeopleParts
) -> api.Invited:
    """Invite a bot account to a person seat nobody holds yet: for the table's creator (its token)."""
    by = who.account.name if who is not None else ""
    return api.Invited.model_validate(await parts.bots.invite(table_id, n, body.creator, body.bot, by))


# -- the Bot API (Authorization: Bearer) --------------------------------------------------------------------------


@router.get("/api/bot/account", responses=refusals(401, 403, 429))
async def bot_account(caller: Reading) -> api.BotAccount:
    """The bot the token speaks for, and the token's scopes."""
    return api.BotAccount.model_validate({"name": caller.name, "player": caller.player, "scopes": caller.scopes})


@router.get("/api/bot/invitations", responses=refusals(401, 403, 429))
async def bot_invitations(caller: Reading, parts: PeopleParts) -> api.BotInvitations:
    """The seats the bot is invited to."""
    return api.BotInvitations.model_validate({"invitations": await parts.bots.invitations(caller)})


@router.post("/api/bot/invitations/{table_id}/{n}/accept", responses=refusals(400, 401, 403, 404, 409, 429))
async def accept_invitation(table_id: TableId, n: SeatNumber, caller: Playing, parts: PeopleParts) -> api.Accepted:
    """Take the seat: the bot's from now on, kept as a joined seat is, named after the bot."""
    return api.Accepted.model_validate(await parts.bots.accept(caller, table_id, n))


@router.post("/api/bot/invitations/{table_id}/{n}/decline", responses=refusals(400, 401, 403, 404, 429))
async def decline_invitation(table_id: TableId, n: SeatNumber, caller: Playing, parts: PeopleParts) -> Ok:
    """Turn the invitation down."""
    await parts.bots.decline(caller, table_id, n)
    return Ok()


@router.get("/api/bot/games", responses=refusals(401, 403, 429))
async def bot_games(caller: Reading, parts: PeopleParts) -> api.BotGames:
    """The seats the bot holds, running games first."""
    return api.BotGames.model_validate({"games": await parts.bots.games(caller)})
