"""Words for people as message ids with parameters, put into the reader's language later (docs/TRANSLATING.md).

Every layer that speaks to a person (the engines' narration, explanations and errors, the tutorials, the bots'
hints, the server, the terminal) builds `Text` values instead of strings:

- `t("{player} drew a Ra tile.", player=Seat(2, "Ana"))`: a sentence with named parameters;
- `tn("{n} tile", "{n} tiles", n)`: a sentence with plural forms, chosen by `n` in the reader's language;
- `tp("tile", "Gold")`: a short term with a context that tells translators which "Gold" it is;
- `about(seat, third_person, second_person)`: a sentence whose subject is a seat; the reader sitting there reads
  the second person ("You win"), everybody else the third ("Ana wins");
- parameters are numbers, names (plain `str`, never translated), other `Text`, `Seat` (a seat's current name) and
  `Items` (a list the reader's language joins: "a, b and c").

Nothing here translates: `ra.i18n` does, for a reader (language, seat, names). `str(text)` is the English sentence
a spectator reads, so logs, tests and exception messages stay readable. `as_json`/`from_json` carry a text to the
browser, which renders it with the same catalogs. The message ids are English sentences; the functions `t`, `tn` and
`tp` are the keywords the extractor looks for, so their first arguments must be string literals.

Standard library only: the engines use it.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

Param: TypeAlias = "int | float | str | Text | Seat | Items"


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat named in a sentence: shown with the seat's current name (`name` is its name when the text was made)."""

    index: int
    name: str = ""

    def __str__(self) -> str:
        return self.name or f"Player {self.index + 1}"


@dataclass(frozen=True, slots=True)
class Items:
    """Several things in one parameter, joined the reader's way ("a, b and c"; `empty` when there are none)."""

    items: tuple[Param, ...]
    empty: Text | None = None

    def __str__(self) -> str:
        words = [str(item) for item in self.items]
        if not words:
            return str(self.empty) if self.empty is not None else ""
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@dataclass(frozen=True, slots=True, eq=True)
class Text:
    """A message id (an English sentence), its parameters, and what picks its form.

    `plural` is the English plural message, chosen by the parameter `n`; `context` tells translators which sense a
    short term has; `you` is the second-person text read by the reader sitting at `subject`.
    """

    msgid: str
    params: Mapping[str, Param] = field(default_factory=dict)
    plural: str = ""
    context: str = ""
    you: Text | None = None
    subject: int | None = None

    def __str__(self) -> str:
        return english(self)

    def __add__(self, other: object) -> str:  # a Text is not a string: "x" + text would glue untranslated words
        raise TypeError("a Text cannot be glued to a string: make one message with a parameter instead")

    __radd__ = __add__

    def with_params(self, **params: Param) -> Text:
        """The same message with more (or other) parameters."""
        return Text(self.msgid, {**self.params, **params}, self.plural, self.context, self.you, self.subject)

    def as_json(self) -> dict[str, Any]:
        """The text as JSON-able data (`from_json` is the inverse): short keys, as it travels with every message."""
        data: dict[str, Any] = {"m": self.msgid}
        if self.params:
            data["p"] = {key: _param_json(value) for key, value in self.params.items()}
        if self.plural:
            data["pl"] = self.plural
        if self.context:
            data["c"] = self.context
        if self.you is not None:
            data["you"] = self.you.as_json()
            data["s"] = self.subject
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Text:
        """A text from `as_json`'s data; ValueError if it is not one."""
        try:
            msgid = data["m"]
            params = {str(key): _param_from_json(value) for key, value in dict(data.get("p") or {}).items()}
            you = cls.from_json(data["you"]) if data.get("you") is not None else None
            subject = data.get("s")
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a text: {exc}") from None
        if not isinstance(msgid, str) or (subject is not None and not isinstance(subject, int)):
            raise ValueError("not a text: m must be a string and s a seat number")
        return cls(msgid, params, str(data.get("pl") or ""), str(data.get("c") or ""), you, subject)


def t(msgid: str, /, **params: Param) -> Text:
    """A sentence with named parameters: `t("{player} passed.", player=Seat(1, "Ana"))`."""
    return Text(msgid, params)


def tn(singular: str, plural: str, n: int, /, **params: Param) -> Text:
    """A sentence with plural forms, chosen by `n` (also the parameter `{n}`): `tn("{n} tile", "{n} tiles", 3)`."""
    return Text(singular, {"n": n, **params}, plural)


def tp(context: str, msgid: str, /, **params: Param) -> Text:
    """A term or sentence with a context for translators: `tp("tile", "Gold")` is the tile, not the category."""
    return Text(msgid, params, context=context)


def about(seat: int, third_person: Text, second_person: Text) -> Text:
    """A sentence whose subject is `seat`: the reader sitting there reads `second_person` ("You win"), everybody else
    `third_person` ("{player} wins"; give it the seat as a parameter)."""
    return Text(
        third_person.msgid, third_person.params, third_person.plural, third_person.context, second_person, seat
    )


def items(values: Iterable[Param], empty: Text | None = None) -> Items:
    """A list parameter: `t("{player} took {tiles}.", tiles=items(tile_names))`."""
    return Items(tuple(values), empty)


def english(text: Text | str, seat: int | None = None) -> str:
    """The text in English (the message ids' own language), for a reader at `seat` (None: a spectator)."""
    if isinstance(text, str):
        return text
    if text.you is not None and seat is not None and seat == text.subject:
        return english(text.you, seat)
    message = text.plural if text.plural and text.params.get("n") != 1 else text.msgid
    return fill(message, {key: _english_param(value, seat) for key, value in text.params.items()})


def fill(message: str, values: Mapping[str, str]) -> str:
    """`message` with each `{name}` replaced by its value (`{{`/`}}` for braces); a missing value stays `{name}`."""
    return message.format_map(_Keep(values))


def placeholders(message: str) -> set[str]:
    """The parameter names a message uses."""
    return {name for _, name, _, _ in string.Formatter().parse(message) if name}


class _Keep(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _english_param(value: Param, seat: int | None) -> str:
    if isinstance(value, Text):
        return english(value, seat)
    if isinstance(value, Items):
        if not value.items:
            return english(value.empty, seat) if value.empty is not None else ""
        words = [_english_param(item, seat) for item in value.items]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return str(value)


def _param_json(value: Param) -> Any:
    if isinstance(value, Text):
        return value.as_json()
    if isinstance(value, Seat):
        return {"seat": value.index, "name": value.name}
    if isinstance(value, Items):
        data: dict[str, Any] = {"items": [_param_json(item) for item in value.items]}
        if value.empty is not None:
            data["empty"] = value.empty.as_json()
        return data
    return value


def _param_from_json(value: Any) -> Param:
    if isinstance(value, bool) or not isinstance(value, (int, float, str, dict)):
        raise TypeError(f"a parameter is a number, a string or an object, not {type(value).__name__}")
    if not isinstance(value, dict):
        return value
    if "m" in value:
        return Text.from_json(value)
    if "seat" in value:
        return Seat(int(value["seat"]), str(value.get("name") or ""))
    if "items" in value:
        empty = Text.from_json(value["empty"]) if value.get("empty") is not None else None
        return Items(tuple(_param_from_json(item) for item in value["items"]), empty)
    raise TypeError("an object parameter is a text (m), a seat (seat) or a list (items)")
