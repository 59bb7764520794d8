"""A client's JSON text read safely: malformed text, nesting too deep and lone surrogates refused with a message for
the client, before any recursive parser sees it (docs/PROTOCOL.md)."""

from __future__ import annotations

import json
import re
from typing import Any

from ra.core.text import t


class JsonError(ValueError):
    """A client's JSON that the server refuses to parse (malformed, or nested too deeply)."""


_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def json_depth_exceeds(text: str, limit: int) -> bool:
    """True if arrays/objects in `text` nest deeper than `limit` (a scan that never recurses; strings skipped)."""
    if text.count("[") + text.count("{") <= limit:
        return False  # cheap common case: not enough brackets to nest that deep
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return True
        elif token in "]}":
            depth -= 1
    return False


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _decode(raw: str | bytes) -> str:
    try:
        return raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise JsonError(t("malformed JSON: the text is not UTF-8")) from None


def _loads(text: str, max_depth: int) -> Any:
    try:
        return json.loads(text)
    except RecursionError:  # unreachable after the depth scan; kept so that no input can end the handler
        raise JsonError(t("JSON nested deeper than {n} levels", n=max_depth)) from None
    except ValueError as exc:
        raise JsonError(t("malformed JSON: {reason}", reason=str(exc))) from None


def parse_json(raw: str | bytes, max_depth: int) -> Any:
    """A client's JSON text as data; JsonError (with a message for the client) if malformed or too deep, or if a
    text in it holds a lone UTF-16 surrogate (`"\\ud800"`: no answer could carry it in UTF-8)."""
    text = _decode(raw)
    if json_depth_exceeds(text, max_depth):
        raise JsonError(t("JSON nested deeper than {n} levels", n=max_depth))
    data = _loads(text, max_depth)
    if _SURROGATE_ESCAPE.search(text):  # rare: only then is the data walked again
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise JsonError(
                t("a text holds a lone UTF-16 surrogate escape ({range})", range="\\ud800-\\udfff")
            ) from None
    return data
