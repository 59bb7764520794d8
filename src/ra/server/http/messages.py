"""The table WebSocket's messages (docs/PROTOCOL.md) as Pydantic models: what a client may send, and what the server
answers. docs/PROTOCOL.md's tables of messages and fields are generated from these (protocol_doc.py).

A client message is validated here (`read_client_message`); each field names its own refusal, the `bad_message`
text the client gets when that field is wrong or missing, and each message that needs a seat names the `forbidden`
text a spectator gets for it. What only the game can judge (a notation, whether an action is legal) is checked after,
by the engine. The server's messages are built from their models: the `state` and `explain` frames by outgoing.py,
from JSON pieces serialized once per table version and seat, in the order of their models' fields (a test validates
every frame against its model); tools/view_types.py writes the browser's types of them (js/common/message_types.js).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, TypeAdapter, ValidationError, model_validator

from ra.core.text import Text, t
from ra.server.http.models import Browser, LogEntry, TableSummary, UndoOffer

MAX_MOVE = 64  # characters of an action's notation in a `move` field
ErrorCode = Literal[
    "stale",
    "illegal",
    "not_your_turn",
    "bad_message",
    "forbidden",
    "not_found",
    "unavailable",
    "internal",
    "too_many",
    "too_big",
    "busy",
]
NOT_AN_OBJECT = t("a message is a JSON object with a type")
NO_ACTION = t("an action message needs an integer action id")


@dataclass(frozen=True)
class Refusal:
    """A field's `bad_message` text, for a value of the wrong type or out of bounds, or a missing one."""

    text: Text


class Refused(Exception):
    """A client message the models refuse: the error answer's `code` and its `text` (`message`: the English)."""

    def __init__(self, code: ErrorCode, text: Text) -> None:
        super().__init__(str(text))
        self.code, self.text, self.message = code, text, str(text)


# -- client → server ------------------------------------------------------------------------------------------


class ClientMessage(BaseModel):
    """A message a client sends; fields the server does not know are ignored."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    # The `forbidden` text a spectator gets for this message (None: anyone may send it).
    spectator_refusal: ClassVar[Text | None] = None


class Action(ClientMessage):
    """A person's action at the seq they saw: by its notation (`move`, as in `legal_actions[].notation`,
    docs/RA_ACTIONS.md, docs/WRITE_ACTIONS.md) or by its id (`action`); with both, they must name the same action.
    A notation that is not the game's answers the engine's words."""

    spectator_refusal = t("a spectator cannot act; open the invite link of your seat")

    type: Literal["action"]
    move: Annotated[
        StrictStr | None,
        Field(max_length=MAX_MOVE, description="the action's notation, e.g. `bid:13`"),
        Refusal(t("move is an action's notation (at most {n} characters)", n=MAX_MOVE)),
    ] = None
    seq: Annotated[
        StrictInt,
        Field(description="the table's seq the sender saw"),
        Refusal(t("an action message needs the integer seq the sender saw")),
    ]
    action: Annotated[StrictInt | None, Field(description="the action's id"), Refusal(NO_ACTION)] = None

    @model_validator(mode="after")
    def _names_an_action(self) -> Action:
        if self.move is None and self.action is None:
            raise ValueError(str(NO_ACTION))
        return self


class Undo(ClientMessage):
    """Take back the sender's last action, seen at `seq` (ra.core.undo: allowed until another seat acts or anything
    hidden is revealed, while the game runs, at a table with the option `undo` on). Answered by the next `state` of
    every client, whose log tells it ("Ana took back: …"), or by an error: `illegal` with the reason (not your
    action, the next player acted, a draw revealed a tile or card, the game is over), `stale`."""

    spectator_refusal = t("a spectator has no action to take back")

    type: Literal["undo"]
    seq: Annotated[
        StrictInt,
        Field(description="the table's seq the sender saw (the state whose `undo` offered it)"),
        Refusal(t("an undo message needs the integer seq the sender saw")),
    ]


class Rename(ClientMessage):
    """A new name for the sender's seat; answered by the next `state` of every client."""

    spectator_refusal = t("a spectator has no seat to rename")

    type: Literal["rename"]
    name: Annotated[
        StrictStr,
        Field(description="1 to 40 characters once white space is collapsed"),
        Refusal(t("a name is a non-empty text")),
    ]


class HintRequest(ClientMessage):
    """What the `hard` bot would play in the sender's seat (a table with the option `hints`, when the seat must
    act): decided in the bot pool under the bots' deadline, answered by a `hint` message or an error (`forbidden`,
    `not_your_turn`, `illegal`, `too_many`: one at a time and at most 5 a minute per connection, `busy`)."""

    spectator_refusal = t("a spectator has no decision to get a hint for")

    type: Literal["hint"]


class Back(ClientMessage):
    """The sender is back ("I'm back"): their seat, played by a bot since its time ran out, is theirs again (their
    time left, at least 15 s; docs/PROTOCOL.md's clocks). Reconnecting or acting does the same. Nothing happens for
    a seat that is not away."""

    spectator_refusal = t("a spectator has no seat to come back to")

    type: Literal["back"]


class Leave(ClientMessage):
    """The sender leaves the game for good: a bot plays the seat to its end, and the results place the seat after
    every seat still in. The browser asks for a confirmation first."""

    spectator_refusal = t("a spectator has no seat to leave")

    type: Literal["leave"]


class ExplainRequest(ClientMessage):
    """The explanation of the sender's view at the table's current version, answered by an `explain` message: how
    a client that connected with `explain=ask` gets the texts its board shows (made once per version and seat,
    however many ask)."""

    type: Literal["explain"]


class Ping(ClientMessage):
    """Keeps the connection alive; answered by `pong`."""

    type: Literal["ping"]


ClientMessages = Action | Undo | Rename | HintRequest | Back | Leave | ExplainRequest | Ping
CLIENT_MESSAGES: tuple[type[ClientMessage], ...] = get_args(ClientMessages)
_CLIENT = TypeAdapter[ClientMessages](Annotated[ClientMessages, Field(discriminator="type")])


def type_of(model: type[BaseModel]) -> str:
    """The `type` of a message model's messages."""
    return str(get_args(model.model_fields["type"].annotation)[0])


_BY_TYPE = {type_of(model): model for model in CLIENT_MESSAGES}


def read_client_message(data: Any, spectator: bool) -> ClientMessages:
    """The client message `data` (parsed JSON) as its model; Refused if it is not one (`bad_message`: the first
    wrong field's refusal, in the order of the fields), or if a spectator sends a message that needs a seat
    (`forbidden`, whatever its fields)."""
    if not isinstance(data, dict):
        raise Refused("bad_message", NOT_AN_OBJECT)
    kind = data.get("type")
    model = _BY_TYPE.get(kind) if isinstance(kind, str) else None
    if model is None:
        shown = kind if isinstance(kind, str) and len(kind) < 40 else "?"
        raise Refused("bad_message", t("unknown message type {type}", type=repr(shown)))
    if spectator and model.spectator_refusal is not None:
        raise Refused("forbidden", model.spectator_refusal)
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as exc:
        raise Refused("bad_message", _refusal(model, exc)) from None


def _refusal(model: type[ClientMessage], exc: ValidationError) -> Text:
    """The refusal of the first field `exc` finds wrong (or the message's own, for a rule across fields)."""
    first = exc.errors()[0]
    where = first["loc"][1:2]  # (tag, field, ...) in a discriminated union
    field = model.model_fields.get(str(where[0])) if where else None
    refusal = next((m for m in field.metadata if isinstance(m, Refusal)), None) if field is not None else None
    if refusal is not None:
        return refusal.text
    why = str(first.get("ctx", {}).get("error", first["msg"]))
    if why == str(NO_ACTION):  # the model's own rule across fields (a validator raises a plain string)
        return NO_ACTION
    # TRANSLATORS: a message that has no translation (a name or a system's message): leave it as it is.
    return t("{message}", message=why)


# -- server → client ------------------------------------------------------------------------------------------


class ServerMessage(BaseModel):
    """A message the server sends."""

    model_config = ConfigDict(frozen=True)


class StateMessage(ServerMessage):
    """The table as the receiver may see it, on connect and after every change (conflated: a slow client may skip
    versions but always gets the newest)."""

    type: Literal["state"] = "state"
    seq: int = Field(description="actions accepted so far")
    view: Annotated[dict[str, Any], Browser("BaseView")] = Field(
        description="the receiver's view (docs/VIEWS.md, docs/VIEWS_WRITE.md); each of `legal_actions` has its "
        "`id` and `notation`"
    )
    explain: Annotated[dict[str, Any] | None, Browser("Explanation | null")] = Field(
        description="the engine's explanation of that view: `{elements: {key: text}, lot_value: [per seat] | "
        "null}` (null for a game without it, and always null on a connection made with `explain=ask`)"
    )
    log_from: int = Field(
        description="the seq of `log`'s first entry: 0 (the whole log), except on a connection made with "
        "`log=tail`, which gets only the entries it has not had (0 again when earlier entries changed, e.g. names)"
    )
    log: list[LogEntry] = Field(
        description='the accepted actions from `log_from` on, public: `{"seq","player","name","notation","text",'
        '"lines","said","draws"}` (`lines` in English, `said` the same lines as texts in the reader\'s language); an '
        "undo step has the notation `undo` and `undoes`, the seq of the entry it took back"
    )
    table: TableSummary = Field(description="the table summary, as `GET /api/tables/{id}` answers")
    undo: UndoOffer | None = Field(
        description='`{"player","seq"}`: the seat that may take back its action of step `seq` now (an `undo` '
        "message), the same for every receiver; null when nobody may"
    )
    now: float = Field(
        description="the server's time (seconds since the epoch) when the message was sent: a client counts a "
        "running clock down from `table.clock`'s `ends` without asking again"
    )


class HintMessage(ServerMessage):
    """The answer to a `hint` request, for the position at `seq`."""

    type: Literal["hint"] = "hint"
    seq: int = Field(description="the table's seq the hint is for")
    id: int = Field(description="the action's id")
    notation: str = Field(description="the action's notation, e.g. `bid:13`")
    text: Annotated[dict[str, Any], Browser("Said")] = Field(
        description="the action proposed in words, a text (`Text.as_json()`) the reader's language renders: "
        "`Bid sun disk 13`"
    )
    reason: Annotated[dict[str, Any], Browser("Said")] = Field(
        description="why, a text as `text`: what the move is for, in a player's words, and how sure the bot is "
        "from its own counts (`Quite sure: it was the best move in 9 of the 10 deals the bot imagined.`)"
    )


class ExplainMessage(ServerMessage):
    """The answer to an `explain` request: the explanation of the receiver's view at `seq`."""

    type: Literal["explain"] = "explain"
    seq: int = Field(description="the table's seq the explanation is for (its newest when asked)")
    explain: Annotated[dict[str, Any] | None, Browser("Explanation | null")] = Field(
        description="as the `explain` of a `state` message (null for a game without explanations)"
    )


class ErrorMessage(ServerMessage):
    """Answers only the client that caused it; nothing changes."""

    type: Literal["error"] = "error"
    code: ErrorCode = Field(description="what kind of refusal (the error codes of messages, below)")
    message: str = Field(description="why, in English")
    text: Annotated[dict[str, Any], Browser("Said")] = Field(
        description="why, as a text (`Text.as_json()`) the reader's language renders: the same words as `message`"
    )


class Pong(ServerMessage):
    """The answer to `ping`."""

    type: Literal["pong"] = "pong"


SERVER_MESSAGES: tuple[type[ServerMessage], ...] = (StateMessage, HintMessage, ExplainMessage, ErrorMessage, Pong)
PONG = Pong()


def error(code: str, text: Text) -> ErrorMessage:
    """The protocol's error message (ValidationError for a code the protocol does not name)."""
    return ErrorMessage.model_validate({"code": code, "message": str(text), "text": text.as_json()})
