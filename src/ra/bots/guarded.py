"""A plug-in bot in the terminal's commands (`ra tournament`, `ra play`): its failures cost a random legal move.

A decision that raises, answers an illegal action or runs past its deadline is replaced by a uniformly random
legal move, logged and counted (`fallbacks`; the tournament reports each entrant's). The decision runs in a
thread of its own so that a hanging plug-in can be left behind: past the deadline the game goes on, and the plug-in
is not asked again in that game (its thread may still be running inside it). The thread cannot be stopped, so a
plug-in that never returns keeps it, and the CPU it uses, until the process ends. The server bounds plug-ins as
its own bots, in worker processes it kills (`ra.server.bots`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from typing import Any

from ra.bots.base import Bot
from ra.bots.random_bot import RandomBot
from ra.bots.spec import plugin_name

log = logging.getLogger("ra.bots")

DEADLINE = 30.0  # seconds a plug-in without a time budget may take for one decision
DEADLINE_FACTOR, DEADLINE_MARGIN = 2.0, 1.0  # with a budget of s seconds: cut off at 2 s + 1


def deadline_for(seconds: float | None) -> float:
    """How long a plug-in with this time budget per decision (None: none) may take before it is left behind."""
    return DEADLINE if seconds is None else DEADLINE_FACTOR * seconds + DEADLINE_MARGIN


def guarded(bot: Bot, spec: str, seed: int, seconds: float | None) -> Bot:
    """The bot built from `spec`, guarded if it is a plug-in (given `seconds` per decision); others as they are."""
    return Guarded(bot, seed, deadline_for(seconds)) if plugin_name(spec) is not None else bot


class Guarded:
    """A bot whose failed decisions become random legal moves, counted in `fallbacks`."""

    def __init__(self, bot: Bot, seed: int, deadline: float) -> None:
        self.bot, self.name, self.deadline = bot, bot.name, deadline
        self.random = RandomBot(seed)
        self.fallbacks = 0
        self.hung = False  # it overran a deadline: the rest of its game is played by fallbacks

    def choose(self, view: Mapping[str, Any]) -> int:
        """The bot's action, or a random legal one if it fails, answers no legal action or overruns the deadline."""
        if self.hung:
            return self._fallback(view, "it overran an earlier decision's deadline")
        answer: list[int] = []
        failure: list[BaseException] = []

        def decide() -> None:
            try:
                answer.append(self.bot.choose(view))
            except Exception as exc:
                failure.append(exc)

        thread = threading.Thread(target=decide, name=f"ra-plugin-{self.name}"[:60], daemon=True)
        thread.start()
        thread.join(self.deadline)
        if thread.is_alive():
            self.hung = True
            return self._fallback(view, f"no answer within {self.deadline:g} s")
        if failure:
            return self._fallback(view, f"{type(failure[0]).__name__}: {failure[0]}")
        return answer[0]

    def _fallback(self, view: Mapping[str, Any], why: str) -> int:
        self.fallbacks += 1
        log.warning("bot %s: %s; it plays a random move", self.name, why.strip().splitlines()[0][:300] if why else "")
        return self.random.choose(view)
