"""The browser's types of the table socket's messages are the server's models (ra.server.http.messages):
tools/view_types.py writes js/common/message_types.js from them, and the committed file must be what it writes (so
a field added to a message, or to the summaries and log entries it holds, cannot be missed on the other side)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field
from view_types_helpers import ROOT, load_tool

from ra.server.http.messages import SERVER_MESSAGES, type_of
from ra.server.http.models import Browser

MESSAGES_JS = ROOT / "src" / "ra" / "server" / "static" / "js" / "common" / "message_types.js"


tool = load_tool()


def test_the_committed_message_types_are_what_the_generator_writes() -> None:
    assert tool.MESSAGES_JS == MESSAGES_JS
    expected = tool.messages_text()
    assert MESSAGES_JS.read_text(encoding="utf-8") == expected, "run `python3 tools/view_types.py` and commit it"
    assert "do not edit" in expected.splitlines()[0]


def test_every_server_message_has_its_typedef_and_the_pages_read_them_through_types_js() -> None:
    text = MESSAGES_JS.read_text(encoding="utf-8")
    types_js = (MESSAGES_JS.parent / "types.js").read_text(encoding="utf-8")
    for model in SERVER_MESSAGES:
        assert f"@typedef {{object}} {model.__name__}\n * @property {{\"{type_of(model)}\"}} type\n" in text
    for name in ("StateMessage", "HintMessage", "ExplainMessage", "ErrorMessage", "LogEntry", "TableSummary"):
        assert f'/** @typedef {{import("./message_types.js").{name}}} {name} */' in types_js
        assert f"@typedef {{object}} {name}\n" not in types_js, f"{name} is declared once: by the generator"


class Part(BaseModel):
    """A part a message holds."""

    value: float
    note: str | None = Field(None, description="said only */ sometimes")


class Sample(BaseModel):
    """A message."""

    type: Literal["sample"] = "sample"
    seq: int = Field(description="where")
    parts: list[Part]
    view: Annotated[dict[str, Any], Browser("BaseView")] = Field(description="a game's")
    said: Annotated[list[Any], Browser("Said[]")] = []
    clock: Annotated[dict[str, Any] | None, Browser('import("../table/clocks.js").TableClock | null')] = None


def test_models_become_typedefs_that_import_the_browsers_own_types() -> None:
    text = tool.TypeScript(Sample).messages_module("tests")
    assert re.findall(r'import\("./types.js"\)\.(\w+)', text) == ["BaseView", "Said"]
    assert """/**
 * A message.
 * @typedef {object} Sample
 * @property {"sample"} type
 * @property {number} seq  where
 * @property {Part[]} parts
 * @property {BaseView} view  a game's
 * @property {Said[]} [said]
 * @property {import("../table/clocks.js").TableClock | null} [clock]
 */

/**
 * A part a message holds.
 * @typedef {object} Part
 * @property {number} value
 * @property {string | null} [note]  said only *\\/ sometimes
 */

export {};
""" in text


def test_a_field_json_cannot_hold_is_refused() -> None:
    class Odd(BaseModel):
        kinds: set[str]

    with pytest.raises(TypeError, match=r"Odd\.kinds: no JavaScript type for set\[str\]"):
        tool.TypeScript(Odd)
