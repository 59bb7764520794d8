"""The chat WebSocket's messages (`/ws/chat/{room}`, docs/PROTOCOL.md) as Pydantic models; docs/PROTOCOL.md's tables
of them are generated from these (`ra.server.http.protocol_doc`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, StrictStr, TypeAdapter, ValidationError

# Canned messages (a tap on a phone); the browser shows each in the reader's language.
CANNED = ("hello", "good_game", "well_played", "thinking", "thanks", "back_soon")
Canned = Literal["hello", "good_game", "well_played", "thinking", "thanks", "back_soon"]
MAX_TEXT = 1000  # characters a `say` may carry before the room's own limit (300 by default) is checked
ChatErrorCode = Literal[
    "bad_message", "forbidden", "not_found", "too_many", "too_big", "internal", "unavailable", "signed_out", "muted"
]


class ChatRefused(Exception):
    """A chat message refused: the error's code and English words."""

    def __init__(self, code: ChatErrorCode, message: str, **extra: str | None) -> None:
        super().__init__(message)
        self.code, self.message, self.extra = code, message, extra


# -- client → server ------------------------------------------------------------------------------------------


class ChatClientMessage(BaseModel):
    """A message a chat client sends; fields the server does not know are ignored."""

    model_config = ConfigDict(extra="ignore", frozen=True)


class Say(ChatClientMessage):
    """Say something in the room: a `text` (1 to 300 characters once cleaned: control and invisible characters
    removed, white space collapsed) or a `canned` message. Only a signed-in player, or a seat of the table (its
    token in the socket's query), may speak; at most 5 messages per 10 seconds."""

    type: Literal["say"]
    text: Annotated[StrictStr | None, Field(max_length=MAX_TEXT, description="what to say")] = None
    canned: Annotated[Canned | None, Field(description="a canned message instead: " + ", ".join(CANNED))] = None


class Report(ChatClientMessage):
    """Report a message of the room to the operator: the server stores it as it was said (never as the reporter
    tells it) with who said it; answered by `reported`."""

    type: Literal["report"]
    id: Annotated[StrictStr, Field(max_length=40, description="the `id` of a `said` message")]


class ChatPing(ChatClientMessage):
    """Keeps the connection alive; answered by `pong`."""

    type: Literal["ping"]


ChatClientMessages = Say | Report | ChatPing
CHAT_CLIENT_MESSAGES: tuple[type[ChatClientMessage], ...] = get_args(ChatClientMessages)
_CLIENT = TypeAdapter[ChatClientMessages](Annotated[ChatClientMessages, Field(discriminator="type")])


def read_chat_message(data: Any) -> ChatClientMessages:
    """A chat client's message as its model; ChatRefused `bad_message` if it is not one."""
    if not isinstance(data, dict):
        raise ChatRefused("bad_message", "a message is a JSON object with a type")
    try:
        message = _CLIENT.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"][1:]) or "type"
        raise ChatRefused("bad_message", f"{where}: {first['msg']}"[:200]) from None
    if isinstance(message, Say) and (message.text is None) == (message.canned is None):
        raise ChatRefused("bad_message", "a say message has a text or a canned message, one of them")
    return message


# -- server → client ------------------------------------------------------------------------------------------


class ChatServerMessage(BaseModel):
    """A message the chat server sends."""

    model_config = ConfigDict(frozen=True)


class Sender(BaseModel):
    """Who said it: a key to mute them by (a player's id, or a table's seat) and their name."""

    key: str
    name: str


class Said(ChatServerMessage):
    """A message said in the room (to everyone in it, on every server process)."""

    type: Literal["said"] = "said"
    id: str = Field(description="the message's id (to report it)")
    room: str = Field(description="`lobby` or the table's id")
    sender: Sender = Field(description="`{key, name}`: who said it")
    text: str | None = Field(description="what was said (cleaned), or null for a canned message")
    canned: str | None = Field(description="the canned message's key, or null")
    at: str = Field(description="when (ISO 8601, UTC)")


class ChatHistory(ChatServerMessage):
    """Sent on connect: the room's latest messages, and whether (and as whom) the receiver may speak."""

    type: Literal["history"] = "history"
    messages: list[Said] = Field(description="the latest messages, oldest first")
    can_send: bool = Field(description="false for spectators and guests in the lobby: they read only")
    you: Sender | None = Field(description="the receiver as a sender, or null")


class Reported(ChatServerMessage):
    """The answer to `report`: the message is stored for the operator."""

    type: Literal["reported"] = "reported"
    id: str = Field(description="the reported message's id")


class ChatError(ChatServerMessage):
    """Answers only the client that caused it."""

    type: Literal["error"] = "error"
    code: ChatErrorCode = Field(description="what kind of refusal")
    message: str = Field(description="why, in words for people")
    reason: str | None = Field(default=None, description="`muted`: the moderator's reason")
    until: str | None = Field(default=None, description="`muted`: until when (ISO 8601, UTC), null for good")


class ChatPong(ChatServerMessage):
    """The answer to `ping`."""

    type: Literal["pong"] = "pong"


CHAT_SERVER_MESSAGES: tuple[type[ChatServerMessage], ...] = (Said, ChatHistory, Reported, ChatError, ChatPong)


def chat_error(code: ChatErrorCode, message: str, **extra: str | None) -> dict[str, Any]:
    """The chat's error message (`reason` and `until` only for `muted`)."""
    answer = ChatError(code=code, message=message, **extra).model_dump()  # type: ignore[arg-type]
    return {k: v for k, v in answer.items() if k not in ("reason", "until") or code == "muted"}
