"""The HTTP API's bodies and answers as Pydantic models (served as OpenAPI at /openapi.json, /docs); a new table's
body is the tables' own `NewTable` (tables/requests.py), handed to the service as it is.

docs/PROTOCOL.md describes the same shapes in words; the WebSocket's messages are in messages.py. Views, options
and records are the engines' JSON: their fields differ per game, so they are typed as JSON objects here
(docs/VIEWS.md, docs/RECORDS.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ra.server.guards.closed import MAX_TEXT, Closed
from ra.server.tables.requests import SeatKind

TableStatus = Literal["open", "running", "finished", "abandoned"]


@dataclass(frozen=True)
class Browser:
    """The browser's JSDoc type of a field the server types loosely (a game's view, a clock's pace), for
    tools/view_types.py: the pages declare that shape themselves (js/common/types.js, a board's view types)."""

    type: str


# -- bodies -----------------------------------------------------------------------------------------------------


class Rename(Closed):
    """POST /api/tables/{id}/seats/{n}/name: the seat's token and its new name."""

    token: str = Field(max_length=MAX_TEXT)
    name: str = Field(max_length=MAX_TEXT)


class CreatorToken(Closed):
    """POST /api/tables/{id}/invites: the creator token of the table's creation answer."""

    creator: str = Field(max_length=MAX_TEXT)


# -- answers ----------------------------------------------------------------------------------------------------


class ErrorAnswer(BaseModel):
    """Every refused request: the reason, in English (`error`) and, where the server has it as a text, in the
    reader's language (`text`, the JSON of `ra.core.text.Text`)."""

    error: str
    text: dict[str, Any] | None = None


class PlayerCounts(BaseModel):
    """How many players a game takes, and the lobby's default."""

    minimum: int
    maximum: int
    default: int


class OptionInfo(BaseModel):
    """One table option a person may set (`ra.core.protocol.OptionSpec.as_json()`); `scope` "table" marks the
    server's own options (helpers of the table), which the engine never sees."""

    name: str
    kind: Literal["int", "bool", "choice"]
    default: bool | int | str
    label: str
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: list[str] | None = None
    choice_labels: list[str] | None = Field(default=None, description="each choice in words, as `choices` orders them")
    scope: Literal["table"] | None = None
    shows: list[str] | None = Field(
        default=None, description="a helper's fields of the explanation (Ra's `lot_helper`: `lot_value`)"
    )


class LevelInfo(BaseModel):
    """A bot level for people: its name, the spec it stands for, and what it does."""

    name: str
    spec: str
    description: str


class BotInfo(BaseModel):
    """The bots of a game: kinds (for specs such as `mcts:iterations=400`; the plug-in bots the operator allows,
    `module:Class` or `plugin:NAME`, last) and levels."""

    kinds: list[str]
    levels: list[LevelInfo]


class GameInfo(BaseModel):
    """One game this server offers; the lobby builds its forms from it."""

    name: str
    title: str
    players: PlayerCounts
    options: list[OptionInfo]
    bots: BotInfo
    tutorial: bool = Field(False, description="whether /learn/{name} teaches the game")
    rules: str = Field("", description="the address of the game's rules page")
    puzzles: str = Field("", description="the address of the game's puzzles page (empty: none)")
    skips: bool = Field(False, description="whether a seat whose time runs out can be skipped (the pace's `skip`)")


class Meta(BaseModel):
    """GET /api/meta."""

    games: list[GameInfo]


class SeatSummary(BaseModel):
    """A seat as everyone may see it (never its token)."""

    seat: int
    kind: SeatKind
    name: str
    bot: str | None
    taken: bool
    away: bool = Field(False, description="a bot plays for the seat while its person is away (their time ran out)")
    out: Literal["left", "lost"] | None = Field(
        None, description="the person left the game or lost on time: a bot plays the seat to its end"
    )
    account_bot: bool = Field(False, description="a bot account holds the seat: a program plays it (docs/BOT_API.md)")


class SeatClock(BaseModel):
    """One seat's clock."""

    left: float = Field(description="seconds left when the clock last stopped or started")
    ends: float | None = Field(description="while it runs: when it runs out (seconds since the epoch, server time)")


class TableClock(BaseModel):
    """A table's clock: its pace and each seat's time."""

    pace: dict[str, Any] = Field(description="the pace chosen at creation, complete (see `Pace`)")
    seats: list[SeatClock]


class TableSummary(BaseModel):
    """A table as the lobby shows it (never tokens, never the seed)."""

    id: str
    game: str
    status: TableStatus
    players: int
    seats: list[SeatSummary]
    options: dict[str, Any]
    created: str
    updated: str
    seq: int
    clock: Annotated[TableClock | None, Browser('import("../table/clocks.js").TableClock | null')] = Field(
        None, description="the players' clocks; null for a table without a clock"
    )


class TableList(BaseModel):
    """GET /api/tables."""

    tables: list[TableSummary]


class SeatInvite(BaseModel):
    """A seat of a created table; a person seat with its secret token and invite link."""

    seat: int
    kind: SeatKind
    token: str | None = None
    invite: str | None = None


class Invites(BaseModel):
    """POST /api/tables/{id}/invites: every seat's invite link again, and the spectators' link."""

    id: str
    seats: list[SeatInvite]
    spectate: str


class TableCreated(Invites):
    """POST /api/tables: the new table's invites and the creator token that recovers them later."""

    creator: str


class LogEntry(BaseModel):
    """One accepted action, as everyone sees it: told in `lines` by the engine (`text` is the first)."""

    seq: int
    player: int
    name: str
    notation: str
    text: str
    lines: list[str] = []
    said: Annotated[list[dict[str, Any] | str], Browser("Said[]")] = Field(
        default=[], description="the lines as texts (docs/PROTOCOL.md, languages): each reader renders them"
    )
    draws: list[str]
    undoes: int | None = Field(default=None, description="an undo step's: the seq of the entry it took back")
    stand_in: bool = Field(
        default=False,
        description="a bot made the move for the person of the seat (away, left or lost on time); sent only when "
        "true. Its `said` reads for that person as for everyone else, told that a bot played it for them",
    )


class UndoOffer(BaseModel):
    """Who may take back which action now (docs/PROTOCOL.md, undo)."""

    player: int
    seq: int


class SeatState(BaseModel):
    """GET /api/tables/{id}/view: the seq, the seat's (or a spectator's) view, its explanation, the public log, and
    who may take back their action now (`undo`, null when nobody may)."""

    seq: int
    view: dict[str, Any]
    explain: dict[str, Any] | None = None
    log: list[LogEntry]
    undo: UndoOffer | None = None


class ReplayStep(BaseModel):
    """A spectator's view after one action (step 0: the start, without a move)."""

    seq: int
    move: LogEntry | None
    view: dict[str, Any]


class Replay(BaseModel):
    """GET /api/tables/{id}/replay."""

    steps: list[ReplayStep]


class GameRecord(BaseModel):
    """GET /api/tables/{id}/record: the game record of docs/RECORDS.md, without seed and order."""

    model_config = ConfigDict(extra="allow")

    game: str
    options: dict[str, Any]
    moves: list[Any]


AnalysisStatus = Literal["none", "queued", "running", "done", "failed"]


class AnalysisProgress(BaseModel):
    """POST /api/tables/{id}/analysis: the analysis asked for, as it stands (docs/ANALYSIS.md, "In the server")."""

    status: AnalysisStatus
    done: int = Field(description="decisions evaluated so far")
    total: int | None = Field(description="decisions to evaluate (null until a process has counted them)")


class AnalysisAnswer(AnalysisProgress):
    """GET /api/tables/{id}/analysis: its progress, the seats' names, and once done the analysis (the JSON of
    docs/ANALYSIS.md, `"format": "ra-analysis/1"`; its texts are `ra.core.text.Text` JSON, rendered by the reader)."""

    names: list[str]
    analysis: dict[str, Any] | None
