"""The HTTP bodies and answers of accounts, seats, listings and ratings (docs/PROTOCOL.md, docs/ACCOUNTS.md) as
Pydantic models, served in the OpenAPI schema with the tables' (models.py)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from ra.server.accounts.passwords import MAX_PASSWORD
from ra.server.accounts.service import MAX_EMAIL
from ra.server.guards.closed import Closed
from ra.server.http.models import TableSummary

Speed = Literal["live", "turn_based"]
Pool = Literal["people", "bots"]  # the ratings' pools: people's games, and rated games with a bot account
MAX_NAME_INPUT = 160  # characters of a name as typed; the service cleans it to at most 40
TableIdText = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")

# -- bodies -----------------------------------------------------------------------------------------------------


class SignUp(Closed):
    """POST /api/account/sign-up: a name (1 to 40 visible characters), a password (8 to 200 characters) and,
    optionally, an e-mail address for notices and resets."""

    name: str = Field(max_length=MAX_NAME_INPUT)
    password: str = Field(max_length=MAX_PASSWORD)
    email: str | None = Field(None, max_length=MAX_EMAIL)


class SignIn(Closed):
    """POST /api/account/sign-in."""

    name: str = Field(max_length=MAX_NAME_INPUT)
    password: str = Field(max_length=MAX_PASSWORD)


class Password(Closed):
    """POST /api/account/delete: the password, asked again."""

    password: str = Field(max_length=MAX_PASSWORD)


class NewPassword(Closed):
    """POST /api/account/password: the old password and the new one."""

    old: str = Field(max_length=MAX_PASSWORD)
    new: str = Field(max_length=MAX_PASSWORD)


class Email(Closed):
    """POST /api/account/email: the new address, or null to remove it."""

    email: str | None = Field(max_length=MAX_EMAIL)


class SessionId(Closed):
    """POST /api/account/sessions/revoke: the session to end (an id from the sessions list)."""

    session: str = Field(min_length=1, max_length=24)


class Claim(Closed):
    """POST /api/account/seats: a guest seat to keep under the account, proved by its token."""

    table: str = TableIdText
    seat: int = Field(ge=0, le=15)
    token: str = Field(min_length=1, max_length=100)


class Listing(Closed):
    """POST /api/tables/{id}/listing: how the table is listed, set by its creator before anyone sits down."""

    creator: str = Field(max_length=100)
    open_seats: bool = False
    rated: bool = False
    rated_bots: bool = False
    turn_based: bool = False
    bots_pool: bool = Field(True, description="with a bot account at it, rated in the bots' pool (false: people's)")


NoticeMode = Literal["off", "each", "digest"]


class NoticePrefs(Closed):
    """POST /api/account/notices: how the account hears of its turns at turn-based tables (docs/ACCOUNTS.md)."""

    mode: NoticeMode = Field(description="off; each: an e-mail each turn; digest: one e-mail a day")
    quiet_from: int | None = Field(None, ge=0, le=23, description="quiet hours from this hour (none: no quiet hours)")
    quiet_to: int | None = Field(None, ge=0, le=23, description="... to this hour (22 to 8: over night)")
    time_zone: str = Field("UTC", min_length=1, max_length=64, pattern=r"^[A-Za-z][A-Za-z0-9_+/:-]*$",
                           description="an IANA name (Europe/Berlin) or a UTC offset (UTC+02:00)")  # fmt: skip
    language: str | None = Field(None, max_length=16, description="the mails' language (en, de, zh-Hans)")
    browser: bool = Field(False, description="a browser notification when the turn comes and the table is hidden")


# -- answers ----------------------------------------------------------------------------------------------------


class Refusal(BaseModel):
    """A refused request: the reason in English, and as a text the browser renders in the reader's language."""

    error: str
    text: dict[str, Any] | None = None


REFUSALS = {
    400: "bad input (the message says what)",
    401: "not signed in, or a wrong name or password",
    403: "not allowed: a missing CSRF token, another site's request, a wrong password or token",
    404: "no such table, session or player",
    409: "not possible now (a name or seat taken, a table already under way)",
    413: "request body too large",
    415: "the body is not JSON",
    429: "too many attempts; see Retry-After",
    503: "storage unavailable; try again",
}


def refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI `responses` entries of the refusals a route may give."""
    return {code: {"model": Refusal, "description": REFUSALS[code]} for code in (*codes, 503)}


class Ok(BaseModel):
    """Done."""

    ok: bool = True


class AccountInfo(BaseModel):
    """The signed-in account (never its password or e-mail address: only whether it has one)."""

    name: str
    player: str
    created: str
    has_email: bool
    email_verified: bool = Field(False, description="whether its address was confirmed (notices go only to such)")
    kind: Literal["person", "bot"] = Field("person", description="bot: an account a program plays (docs/BOT_API.md)")
    csrf: str = Field(description="the session's CSRF token, to send as `X-CSRF-Token` (also in the `ra_csrf` cookie)")
    sanction: dict[str, Any] | None = Field(
        default=None, description="a mute or ban in force: `{kind, until (null: for good), reason, created}`"
    )
    roles: list[str] = Field(default_factory=list, description="moderator and/or operator")


Verification = Literal["sent", "none", "no_mail", "limited", "failed"]


class EmailSet(Ok):
    """POST /api/account/email and /api/account/email/verify: what became of the verification mail."""

    verification: Verification = Field(
        description="sent: a mail with the confirming link went out; none: no address waits for one (removed, or "
        "verified already); no_mail: this server sends no e-mail; limited: too many verification mails today; "
        "failed: the mail server refused it"
    )


class NoticeInfo(BaseModel):
    """GET /api/account/notices: the account's notice preferences, and whether mails can go out at all."""

    mode: NoticeMode
    quiet_from: int | None
    quiet_to: int | None
    time_zone: str
    language: str | None
    browser: bool
    has_email: bool = Field(description="whether the account has an e-mail address (never the address)")
    mail: bool = Field(description="whether this server sends e-mail (an SMTP server is configured)")


class SessionInfo(BaseModel):
    """One signed-in browser of the account."""

    id: str
    agent: str
    created: str
    seen: str
    current: bool


class Sessions(BaseModel):
    """GET /api/account/sessions."""

    sessions: list[SessionInfo]


class SeatLink(BaseModel):
    """A seat the account holds: its table, number, token and link."""

    id: str
    seat: int
    token: str
    link: str


class LastMove(BaseModel):
    """The last move of a table, as its log tells it."""

    seq: int
    name: str
    text: str
    said: dict[str, Any] | None = Field(default=None, description="the move as a text each reader renders")


class Result(BaseModel):
    """A finished game's scores and winners (seats), and whether the account's seat won."""

    scores: list[int]
    winners: list[int]
    won: bool


class MyGame(SeatLink):
    """A seat of "my games": the table, who is to act, the last move, the result and the replay once finished."""

    table: TableSummary
    to_act: list[int]
    your_turn: bool
    last_move: LastMove | None
    result: Result | None
    replay: str | None


class MyGames(BaseModel):
    """GET /api/account/games."""

    games: list[MyGame]


class ListingInfo(BaseModel):
    """How a table is listed."""

    open_seats: bool
    rated: bool
    rated_bots: bool
    turn_based: bool
    bots_pool: bool = True


class OpenTable(BaseModel):
    """An open table with seats anyone signed in may take."""

    table: TableSummary
    listing: ListingInfo
    free: list[int]


class OpenTables(BaseModel):
    """GET /api/lobby/open."""

    tables: list[OpenTable]


class Export(BaseModel):
    """GET /api/account/export: everything the server keeps of the account (docs/ACCOUNTS.md)."""

    account: dict[str, Any]
    sessions: list[SessionInfo]
    seats: list[dict[str, Any]]
    player: dict[str, Any]
    bots: list[dict[str, Any]] = Field(default_factory=list, description="the bots it owns and their tokens (no token)")


class Standing(BaseModel):
    """A player on a leaderboard (`bot`: a built-in bot or a bot account; `built_in`: the former, whose name is a bot
    spec or level the reader's language names)."""

    rank: int
    player: str
    name: str
    bot: bool
    built_in: bool = False
    rating: float
    mu: float
    sigma: float
    games: int


class Leaderboard(BaseModel):
    """GET /api/ratings/{game}."""

    game: str
    pool: Pool = "people"
    players: list[Standing]


class HistoryPoint(BaseModel):
    """A rating after one rated game."""

    table: str
    at: str
    rating: float


class GameRating(BaseModel):
    """A player's rating in one game and pool, with its history."""

    game: str
    pool: Pool = "people"
    rating: float
    mu: float
    sigma: float
    games: int
    history: list[HistoryPoint]


class PlayedGame(BaseModel):
    """A finished game of a player."""

    table: str
    game: str
    players: int
    seat: int
    place: float
    won: bool
    rated: bool
    finished: str


class WinShare(BaseModel):
    """A player's wins in one game at one player count."""

    game: str
    players: int
    games: int
    wins: int
    share: float


class PlayerPage(BaseModel):
    """GET /api/players/{id}: a player's ratings (with history), finished games and win shares."""

    id: str
    name: str
    kind: Literal["person", "bot"]
    bot: bool = Field(False, description="a bot: built in, or an account a program plays (docs/BOT_API.md)")
    built_in: bool = Field(False, description="a built-in bot: its name is a bot spec or level, in the reader's words")
    ratings: list[GameRating]
    games: list[PlayedGame]
    win_shares: list[WinShare]
