"""The HTTP bodies and answers of bot accounts, their tokens and the Bot API (docs/BOT_API.md) as Pydantic models:
bodies closed to unknown fields and bounded, answers that never hold a token but the one that makes it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from ra.server.accounts.passwords import MAX_PASSWORD
from ra.server.guards.closed import Closed
from ra.server.http.account_models import MAX_NAME_INPUT

Scope = Literal["play", "read"]

# -- bodies -----------------------------------------------------------------------------------------------------


class NewBot(Closed):
    """POST /api/account/bots: the new bot account's name (as at sign-up: 1 to 40 visible characters)."""

    name: str = Field(max_length=MAX_NAME_INPUT)


class BecomeBot(Closed):
    """POST /api/account/bot: the password, asked again before the account turns into a bot for good."""

    password: str = Field(max_length=MAX_PASSWORD)


class NewToken(Closed):
    """POST /api/account/bots/{name}/tokens: a label for the owner, and what the token may do."""

    label: str = Field(min_length=1, max_length=40)
    scopes: list[Scope] = Field(min_length=1, max_length=2, description="play: accept seats and play; read: look")


class Invite(Closed):
    """POST /api/tables/{id}/seats/{n}/invite: the creator's token and the bot account to invite."""

    creator: str = Field(max_length=100)
    bot: str = Field(max_length=MAX_NAME_INPUT)


# -- answers ----------------------------------------------------------------------------------------------------


class BotMade(BaseModel):
    """A bot account made: its name, public player id and owner's name."""

    name: str
    player: str
    owner: str


class BecameBot(BaseModel):
    """The signed-in account, a bot now."""

    name: str
    player: str
    kind: Literal["bot"] = "bot"


class TokenInfo(BaseModel):
    """A live token as its bot's owner sees it (never the token or its hash)."""

    id: str
    label: str
    scopes: list[Scope]
    created: str
    last_used: str | None


class OwnedBot(BaseModel):
    """A bot the account owns, with its live tokens."""

    name: str
    player: str
    tokens: list[TokenInfo]


class OwnedBots(BaseModel):
    """GET /api/account/bots."""

    bots: list[OwnedBot]


class TokenMade(BaseModel):
    """A new token: `token` is shown in this answer only (the server keeps its SHA-256)."""

    id: str
    token: str
    label: str
    scopes: list[Scope]
    created: str


class BotAccount(BaseModel):
    """GET /api/bot/account: the bot a token speaks for, and the token's scopes."""

    name: str
    player: str
    scopes: list[Scope]


class BotInvitation(BaseModel):
    """A seat the bot is invited to."""

    table: str
    seat: int
    game: str
    players: int
    by: str = Field(description="the inviting person's account name (empty for a guest creator)")
    created: str


class BotInvitations(BaseModel):
    """GET /api/bot/invitations."""

    invitations: list[BotInvitation]


class Accepted(BaseModel):
    """An invitation accepted: the bot's seat now."""

    table: str
    seat: int
    game: str


class BotGame(BaseModel):
    """A seat the bot holds."""

    table: str
    seat: int
    game: str
    status: str
    to_act: list[int]
    your_turn: bool


class BotGames(BaseModel):
    """GET /api/bot/games: running games first."""

    games: list[BotGame]


class Invited(BaseModel):
    """A bot invited to a seat."""

    table: str
    seat: int
    bot: str
