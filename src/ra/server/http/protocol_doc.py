"""docs/PROTOCOL.md's tables of WebSocket messages, generated from the models of messages.py (the table's socket)
and of ra.server.chat.messages (the chat's).

`python -m ra.server.http.protocol_doc` rewrites the parts of docs/PROTOCOL.md between the markers below;
`--check` only says whether the committed document is current (a test runs it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ra.server.chat.messages import CHAT_CLIENT_MESSAGES, CHAT_SERVER_MESSAGES
from ra.server.http.messages import CLIENT_MESSAGES, SERVER_MESSAGES, ClientMessage, Refusal, type_of

BEGIN = "<!-- websocket messages: generated from src/ra/server/http/messages.py by protocol_doc.py -->"
END = "<!-- end of the generated websocket messages -->"
CHAT_BEGIN = "<!-- chat messages: generated from src/ra/server/chat/messages.py by protocol_doc.py -->"
CHAT_END = "<!-- end of the generated chat messages -->"
DOCUMENT = Path(__file__).resolve().parents[4] / "docs" / "PROTOCOL.md"


def _type(schema: dict[str, Any]) -> str:
    """A field's JSON type in words."""
    if "anyOf" in schema:
        return " or ".join(_type(option) for option in schema["anyOf"])
    if "$ref" in schema:
        return "object"
    if "const" in schema:
        return f"`{schema['const']!r}`".replace("'", '"')
    if "enum" in schema:
        return "one of " + ", ".join(f"`{value}`" for value in schema["enum"])
    words = {"string": "text", "integer": "integer", "object": "object", "array": "array", "null": "null"}
    kind = words.get(str(schema.get("type")), str(schema.get("type")))
    if "maxLength" in schema:
        kind += f" (at most {schema['maxLength']} characters)"
    return kind


def _text(value: str) -> str:
    """A docstring or description on one table line."""
    return " ".join(value.split()).replace("|", "\\|")


def _fields(model: type[BaseModel], refusals: bool) -> list[str]:
    schema = model.model_json_schema()
    required = set(schema.get("required", ()))
    head = "| field | type | | what |" + (" refused with (`bad_message`) |" if refusals else "")
    lines = [head, "|---|---|---|---|" + ("---|" if refusals else "")]
    for name, info in model.model_fields.items():
        if name == "type":
            continue
        prop = schema["properties"][name]
        need = "required" if name in required else "optional"
        line = f"| `{name}` | {_type(prop)} | {need} | {_text(info.description or '')} |"
        if refusals:
            refusal = next((str(m.text) for m in info.metadata if isinstance(m, Refusal)), "")
            line += f" {_text(refusal)} |"
        lines.append(line)
    return lines


def _message(model: type[BaseModel], refusals: bool = True) -> list[str]:
    lines = [f'#### `{{"type":"{type_of(model)}"}}`', "", _text(model.__doc__ or "")]
    if issubclass(model, ClientMessage) and model.spectator_refusal is not None:
        lines[-1] += f" A spectator gets `forbidden`: “{model.spectator_refusal!s}”."
    if len(model.model_fields) > 1:
        lines += ["", *_fields(model, refusals and issubclass(model, ClientMessage))]
    return [*lines, ""]


def generated() -> str:
    """The generated part of the document, markers included."""
    lines = [BEGIN, "", "### Client → server", ""]
    lines += [
        "A message is a JSON object with a `type`; fields the server does not know are ignored. A message of an "
        "unknown type, or with a field of the wrong type, answers `error` `bad_message` with the reason below "
        "(the first wrong field's, in the order of the table).",
        "",
    ]
    for client in CLIENT_MESSAGES:
        lines += _message(client)
    lines += ["### Server → client", ""]
    for server in SERVER_MESSAGES:
        lines += _message(server)
    return "\n".join([*lines, END])


def chat_generated() -> str:
    """The generated part of the chat's messages, markers included."""
    lines = [CHAT_BEGIN, "", "### Client → server (chat)", ""]
    lines += [
        "A message is a JSON object with a `type`; fields the server does not know are ignored. A message of an "
        "unknown type, or with a field of the wrong type, answers `error` `bad_message` naming the field.",
        "",
    ]
    for client in CHAT_CLIENT_MESSAGES:
        lines += _message(client, refusals=False)
    lines += ["### Server → client (chat)", ""]
    for server in CHAT_SERVER_MESSAGES:
        lines += _message(server)
    return "\n".join([*lines, CHAT_END])


def _replaced(document: str, begin: str, end: str, fresh: str) -> str:
    start, stop = document.index(begin), document.index(end) + len(end)
    return document[:start] + fresh + document[stop:]


def current(document: str) -> str:
    """`document` with its generated parts made anew."""
    document = _replaced(document, BEGIN, END, generated())
    return _replaced(document, CHAT_BEGIN, CHAT_END, chat_generated())


def main(argv: list[str] | None = None) -> int:
    """Write the generated part into the document (or, with --check, exit 1 if it differs)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("document", nargs="?", type=Path, default=DOCUMENT)
    parser.add_argument("--check", action="store_true", help="only check that the document is current")
    args = parser.parse_args(argv)
    text = args.document.read_text(encoding="utf-8")
    fresh = current(text)
    if args.check:
        if fresh != text:
            print(f"{args.document}: the WebSocket messages differ from the models; run {__name__}", file=sys.stderr)
            return 1
        return 0
    args.document.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
