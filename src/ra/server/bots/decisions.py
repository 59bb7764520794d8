"""Bot decisions as pure tasks: (game, spec, seed, the seat's view) -> action id, under a hard deadline.

Any worker can take a decision, and a retry is the same task again; the pools that run them are in pool.py. A
decision unanswered at the deadline raises DecisionTimeout: the caller plays `fallback` instead. The same workers
also evaluate the decisions of finished games' analyses (`work`: an `ra.analysis.Position` is such a task).
A plug-in bot the operator allows (`Plugins`) decides here like any other: built afresh for each decision, under
the same deadline, its errors and illegal answers failed decisions, its time-outs fallback moves.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import Any

from ra.analysis import DecisionReport, Position, evaluate
from ra.bots import NO_PLUGINS, Plugins, RandomBot, kinds_for, make_bot
from ra.bots.hints import GENERIC_PURPOSE, reason, sureness
from ra.core.text import Text
from ra.games import GAMES


@dataclass(frozen=True)
class Decision:
    """One bot decision: the bot (`spec` for `game`, seeded) and the view of its seat."""

    game: str
    spec: str
    seed: int
    view: dict[str, Any]

    @property
    def kind(self) -> str:
        """The bot's kind, e.g. `mcts` (the specs the service hands over start with it)."""
        return self.spec.partition(":")[0].strip().lower()


class DecisionFailed(Exception):
    """The bot gave no action (it raised, or its worker died); asking again may succeed."""


class DecisionTimeout(DecisionFailed):
    """The deadline passed without a decision; the caller plays a fallback move instead of asking again."""


def work(task: Decision | Position, plugins: Plugins = NO_PLUGINS) -> int | DecisionReport:
    """What a worker runs: a bot decision (`decide`), or one decision of an analysis (`ra.analysis.evaluate`)."""
    if isinstance(task, Position):
        return evaluate(task)
    return decide(task, plugins)


def decide(task: Decision, plugins: Plugins = NO_PLUGINS) -> int:
    """The bot's action id (what a worker runs); for a `HintTask`, the action packed with its reason in words.

    A plug-in's spec builds it only if `plugins` (the operator's list) allows it; an illegal answer raises.
    """
    bot = make_bot(task.spec, task.game, task.seed, plugins)
    action = int(bot.choose(task.view))
    if isinstance(task, HintTask):
        return pack_hint(action, reason(bot, task.game, task.view, action))
    return action


# -- hints: a bot's decision for a person's seat, with its reason ---------------------------------------------------
# The pools answer integers (a worker sends one back): a hint packs its reason, the JSON of a `Text`, above the
# action id.
_ACTION_BITS = 24
MAX_REASON = 4000  # bytes of the reason's JSON; a longer one (never made by our games) becomes the generic one


@dataclass(frozen=True)
class HintTask(Decision):
    """A decision asked for a person's seat as a hint: answered with its reason packed in (`pack_hint`)."""


@dataclass(frozen=True)
class Hint:
    """What the bot would play, and why (a text in the reader's language: what the move is for, how sure)."""

    action: int
    reason: Text


def reason_of(bot: object, action: int, game: str = "", view: dict[str, Any] | None = None) -> Text:
    """Why `bot` chose `action` (`ra.bots.hints.reason`): without the game and view, only how sure it is."""
    if game and view is not None:
        return reason(bot, game, view, action)
    return sureness(bot, action) or GENERIC_PURPOSE


def pack_hint(action: int, why: Text) -> int:
    """One integer holding a hint's action id and its reason (the generic reason if that is too long)."""
    if not 0 <= action < 1 << _ACTION_BITS:
        raise ValueError(f"action id {action} does not fit a hint")
    data = json.dumps(why.as_json(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if len(data) > MAX_REASON:
        data = json.dumps(GENERIC_PURPOSE.as_json()).encode("utf-8")
    return (int.from_bytes(b"\x01" + data, "big") << _ACTION_BITS) | action  # the leading byte keeps leading zeros


def unpack_hint(value: int) -> Hint:
    """The hint packed by `pack_hint`."""
    action = value & ((1 << _ACTION_BITS) - 1)
    rest = value >> _ACTION_BITS
    data = rest.to_bytes((rest.bit_length() + 7) // 8, "big")[1:] if rest else b""
    try:
        why = Text.from_json(json.loads(data.decode("utf-8")))
    except ValueError:  # also JSONDecodeError, UnicodeDecodeError: nothing usable packed
        why = GENERIC_PURPOSE
    return Hint(action, why)


def warm_up(plugins: Plugins = NO_PLUGINS) -> None:
    """Build every kind of bot of every game once, and import the allowed plug-ins (building one may be slow), so
    that a fresh worker's first decision pays no imports."""
    for game in GAMES:
        for kind in kinds_for(game):
            with contextlib.suppress(Exception):  # a game that cannot load fails its decisions, not the worker
                make_bot(kind, game, 0)
    if plugins.allowed:
        from ra.bots.plugins import plugin_class

        for spec in sorted(plugins.allowed):
            with contextlib.suppress(Exception):  # a plug-in that cannot load fails its own decisions
                plugin_class(spec)


def fallback(task: Decision) -> int:
    """A cheap legal move for a decision that failed or overran: uniform among the legal actions."""
    return int(RandomBot(task.seed).choose(task.view))
