"""Write the browser's types from the Python types they come from: each game's view types from the TypedDicts its
views are declared with, and the table socket's messages from their Pydantic models.

    python3 tools/view_types.py           rewrite src/ra/server/static/js/games/<game>/view_types.js
                                          and src/ra/server/static/js/common/message_types.js
    python3 tools/view_types.py --check   exit 1, naming the files, if a committed file differs

A game's root view type is the return type of its `State.view` (for every game of `ra.games.GAMES`); the messages'
roots are the server's messages (`ra.server.http.messages.SERVER_MESSAGES`). Every TypedDict or model reachable from
a root becomes one JSDoc `@typedef` for `tsc --checkJs`, so the pages read exactly the fields the server declares; a
field the server types loosely names the browser's own type (`Browser`: a game's view, a text). Run it after
changing one of them (tests/js/test_view_types.py and test_message_types.py fail until then).
"""

from __future__ import annotations

import argparse
import collections.abc
import inspect
import json
import re
import sys
import types
import typing
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

ROOT = Path(__file__).resolve().parents[1]
GAMES_JS = ROOT / "src" / "ra" / "server" / "static" / "js" / "games"
MESSAGES_JS = ROOT / "src" / "ra" / "server" / "static" / "js" / "common" / "message_types.js"
BROWSER_TYPES = "./types.js"  # where the browser's own types are, for the messages' file

# Python types with a JSON value of one JavaScript type.
SCALARS: dict[object, str] = {int: "number", float: "number", str: "string", bool: "boolean", type(None): "null"}
UNKNOWN = (typing.Any, object)
# Containers a view holds as JSON arrays and objects.
ARRAYS = (list, tuple, collections.abc.Sequence)
OBJECTS = (dict, collections.abc.Mapping)
FIELD_WRAPPERS = (typing.NotRequired, typing.Required)


def field_hints(typed_dict: type) -> dict[str, object]:
    """The fields of a TypedDict (inherited ones included) with their types, NotRequired/Required kept."""
    return typing.get_type_hints(typed_dict, include_extras=True)


def is_model(hint: object) -> bool:
    """True for a Pydantic model class."""
    return isinstance(hint, type) and issubclass(hint, BaseModel)


def browser_type(metadata: list[Any]) -> str | None:
    """The browser's own type a field names (`ra.server.http.models.Browser`), if it names one."""
    from ra.server.http.models import Browser

    return next((m.type for m in metadata if isinstance(m, Browser)), None)


def is_sent_always(name: str, info: FieldInfo) -> bool:
    """True if a model's field is in every message: a required one, or the `type` a message is told by."""
    return info.is_required() or name == "type"


def is_optional(typed_dict: type, name: str, hint: object) -> bool:
    """True if the field may be absent: NotRequired, or declared in a total=False class without Required.

    The wrapper is read from the hint because Python 3.11 files it under the required keys when the annotation
    is a string (`from __future__ import annotations`); the class's required keys settle unwrapped fields.
    """
    origin = typing.get_origin(hint)
    if origin is typing.NotRequired:
        return True
    if origin is typing.Required:
        return False
    return name not in typing.cast(frozenset[str], vars(typed_dict)["__required_keys__"])


class TypeScript:
    """The JSDoc typedefs of the TypedDicts and models reachable from some roots, in the order they are first met."""

    def __init__(self, *roots: type) -> None:
        self.found: dict[str, type] = {}
        self.order: list[type] = []
        for root in roots:
            self.visit(root)

    def visit(self, typed_dict: type) -> str:
        """Queue a TypedDict or a model (once) and give its typedef name."""
        name = typed_dict.__name__
        known = self.found.get(name)
        if known is None:
            self.found[name] = typed_dict
            self.order.append(typed_dict)
            self.properties(typed_dict)  # depth first: a part's parts follow it
        elif known is not typed_dict:
            raise TypeError(f"two types are named {name}: {known.__module__} and {typed_dict.__module__}")
        return name

    def properties(self, typed_dict: type) -> list[tuple[str, str, str]]:
        """Each field's JSDoc: its name ([name] if it may be absent), its type, and what it is (a model's)."""
        name = typed_dict.__name__
        found = []
        if is_model(typed_dict):
            for field, info in typing.cast(type[BaseModel], typed_dict).model_fields.items():
                js = browser_type(info.metadata) or self.type_of(info.annotation, f"{name}.{field}")
                label = field if is_sent_always(field, info) else f"[{field}]"
                found.append((label, js, " ".join((info.description or "").split())))
        else:
            for field, hint in field_hints(typed_dict).items():
                label = f"[{field}]" if is_optional(typed_dict, field, hint) else field
                found.append((label, self.type_of(hint, f"{name}.{field}"), ""))
        for label, _, _ in found:
            if not label.strip("[]").isidentifier():
                raise TypeError(f"{name}.{label}: not a JavaScript property name")
        return found

    def type_of(self, hint: object, where: str) -> str:
        """The TypeScript type of a field's Python type; TypeError for a type JSON cannot hold."""
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin in FIELD_WRAPPERS or origin is typing.Annotated:
            return self.type_of(args[0], where)
        if hint in SCALARS:
            return SCALARS[hint]
        if hint in UNKNOWN:
            return "unknown"
        if typing.is_typeddict(hint) or is_model(hint):
            return self.visit(typing.cast(type, hint))
        if origin is typing.Literal:
            return " | ".join(dict.fromkeys(json.dumps(value) for value in args))
        if origin is typing.Union or origin is types.UnionType:
            return " | ".join(dict.fromkeys(self.type_of(arg, where) for arg in args))
        if hint in ARRAYS:
            return "unknown[]"
        if origin in ARRAYS:
            if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                return "[" + ", ".join(self.type_of(arg, where) for arg in args) + "]"
            return element(self.type_of(args[0], where)) + "[]"
        if hint in OBJECTS:
            return "Record<string, unknown>"
        if origin in OBJECTS:
            if args[0] is not str:
                raise TypeError(f"{where}: a JSON object's keys are strings, not {args[0]!r}")
            return f"Record<string, {self.type_of(args[1], where)}>"
        raise TypeError(f"{where}: no JavaScript type for {hint!r}")

    def typedef(self, typed_dict: type) -> str:
        """One TypedDict or model as a JSDoc comment: its docstring, then a property per field."""
        lines = ["/**"]
        doc = inspect.cleandoc(typed_dict.__doc__ or "")
        lines += [f" * {line}".rstrip() for line in doc.replace("*/", "*\\/").splitlines()]
        lines.append(f" * @typedef {{object}} {typed_dict.__name__}")
        for label, js, what in self.properties(typed_dict):
            said = f"  {what}".replace("*/", "*\\/") if what else ""
            lines.append(f" * @property {{{js}}} {label}{said}")
        lines.append(" */")
        return "\n".join(lines)

    def module(self) -> str:
        """The whole typedef file of a game's views, its first line saying where it comes from."""
        root = self.order[0]
        head = [
            f"// Generated by tools/view_types.py from {root.__name__} ({root.__module__}) and the TypedDicts it"
            " reaches; do not edit.",
            "// Run `python3 tools/view_types.py` after changing them. Types only: importing it gives nothing.",
        ]
        return "\n".join(head) + "\n\n" + self.typedefs()

    def typedefs(self) -> str:
        """The typedefs, one after the other, and the export that makes the file a module."""
        return "\n\n".join(self.typedef(t) for t in self.order) + "\n\nexport {};\n"

    def messages_module(self, source: str) -> str:
        """The whole typedef file of the socket's messages (from `source`), importing the browser's own types."""
        own = sorted(
            {
                word
                for model in self.order
                if is_model(model)
                for info in typing.cast(type[BaseModel], model).model_fields.values()
                for word in re.findall(r'(?<![.\w"])[A-Z]\w*', browser_type(info.metadata) or "")
            }
        )
        head = [
            f"// Generated by tools/view_types.py from the server's messages of {source} and the models they reach;"
            " do not edit.",
            "// Run `python3 tools/view_types.py` after changing them. Types only: importing it gives nothing.",
            "",
            *(f'/** @typedef {{import("{BROWSER_TYPES}").{name}}} {name} */' for name in own),
        ]
        return "\n".join(head) + "\n\n" + self.typedefs()


def element(type_text: str) -> str:
    """An array's element type, bracketed where `[]` would bind to its last member only."""
    return f"({type_text})" if " | " in type_text else type_text


def view_type(state: Any) -> Any:
    """What `state.view` returns; a type variable (a State that inherits `view` from a generic base, such as
    ra.core.state_tail.StateTail[RaView]) resolved to the argument the State's bases give it."""
    returned = typing.get_type_hints(state.view)["return"]
    if isinstance(returned, typing.TypeVar):
        for klass in state.__mro__:
            for base in getattr(klass, "__orig_bases__", ()):
                parameters = getattr(typing.get_origin(base), "__parameters__", ())
                if returned in parameters:
                    return typing.get_args(base)[parameters.index(returned)]
    return returned


def view_roots() -> dict[str, type]:
    """Each game's root view type: the return type of its State.view, found without naming the game."""
    from ra.games import GAMES, game_module

    roots: dict[str, type] = {}
    for name in GAMES:
        root = view_type(game_module(name).State)
        if not typing.is_typeddict(root):
            raise TypeError(f"{name}: State.view returns {root!r}, not a TypedDict")
        roots[name] = root
    return roots


def target(game: str) -> Path:
    """Where a game's typedef file lives: its board's folder."""
    return GAMES_JS / game / "view_types.js"


def message_roots() -> tuple[type, ...]:
    """The table socket's server messages: the roots of the messages' types."""
    from ra.server.http.messages import SERVER_MESSAGES

    return SERVER_MESSAGES


def messages_text() -> str:
    """The messages' typedef file."""
    return TypeScript(*message_roots()).messages_module("ra.server.http.messages")


def generated() -> dict[Path, str]:
    """Every file the tool writes, with its text."""
    files = {target(game): TypeScript(root).module() for game, root in view_roots().items()}
    files[MESSAGES_JS] = messages_text()
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    check = parser.parse_args(argv).check
    stale = []
    for path, text in generated().items():
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(path)
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'differs' if check else 'wrote'}: {path.relative_to(ROOT)}")
    if check and stale:
        print("run `python3 tools/view_types.py` to regenerate them", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "src"))  # this checkout's engines, whichever copy of ra is installed
    sys.exit(main())
