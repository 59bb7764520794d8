"""Seat names: what a name may be, cleaned so that it shows what it says."""

from __future__ import annotations

import unicodedata
from typing import Any

from ra.core.text import t
from ra.server.tables.errors import ServiceError

MAX_NAME = 40
# The name of a seat nobody named: blank, so that each reader reads its default ("Player 1") in their language.
UNNAMED = ""
# Letters that show as nothing (fillers, blank patterns, an invisible combining mark): spoofable names otherwise.
_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")


def check_name(name: Any) -> str:
    """A valid seat name (1 to 40 characters after cleaning) or ServiceError.

    White space collapses to single spaces; control, format (bidi overrides, zero-width), private-use, unassigned
    and invisible characters are removed, so that a name shows what it says.
    """
    if not isinstance(name, str):
        raise ServiceError("bad_message", t("a name is a non-empty text"))
    if len(name) > 4 * MAX_NAME:
        raise ServiceError("bad_message", t("a name has at most {n} characters", n=MAX_NAME))
    text = unicodedata.normalize("NFC", " ".join(name.split()))
    text = "".join(c for c in text if unicodedata.category(c)[0] != "C" and c not in _INVISIBLE)
    text = " ".join(text.split())
    if not text:
        raise ServiceError("bad_message", t("a name is a non-empty text of visible characters"))
    if len(text) > MAX_NAME:
        raise ServiceError("bad_message", t("a name has at most {n} characters", n=MAX_NAME))
    return text
