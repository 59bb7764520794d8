"""Plug-in bots for the server's tests (`server_plugin_bots:Class`): one that plays, and ones that fail each way."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any


class First:
    """Plays the first legal action (Ra only)."""

    games = ("ra",)

    def __init__(self, *, game: str, seed: int, seconds: float | None) -> None:
        self.seconds = seconds

    def decide(self, view: Mapping[str, Any], legal_actions: Sequence[Mapping[str, Any]]) -> int:
        """The first legal action's id."""
        return int(legal_actions[0]["id"])


class Raises(First):
    """Raises at every decision."""

    def decide(self, view: Mapping[str, Any], legal_actions: Sequence[Mapping[str, Any]]) -> int:
        """Never an action."""
        raise RuntimeError("the plug-in broke")


class Illegal(First):
    """Answers a move that is never legal."""

    def decide(self, view: Mapping[str, Any], legal_actions: Sequence[Mapping[str, Any]]) -> int:
        """No legal action."""
        return 999_999


class Hangs(First):
    """Never answers in time."""

    def decide(self, view: Mapping[str, Any], legal_actions: Sequence[Mapping[str, Any]]) -> int:
        """An answer long after any deadline."""
        time.sleep(60)
        return int(legal_actions[0]["id"])
