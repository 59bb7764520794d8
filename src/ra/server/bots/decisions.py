"""Bot decisions as pure tasks: (game, spec, seed, the seat's view) -> action id, under a hard deadline.

Any worker can take a decision, and a retry is the same task again; the pools that run them are in pool.py. A
decision unanswered at the deadline raises DecisionTimeout: the caller plays `fallback` instead.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from ra.bots import RandomBot, kinds_for, make_bot
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


def decide(task: Decision) -> int:
    """The bot's action id (what a worker runs); for a `HintTask`, the action packed with its reason in words."""
    bot = make_bot(task.spec, task.game, task.seed)
    action = int(bot.choose(task.view))
    if isinstance(task, HintTask):
        return pack_hint(action, reason_of(bot, action))
    return action


# -- hints: a bot's decision for a person's seat, with a one-line reason ------------------------------------------
# The pools answer integers (a worker sends one back): a hint packs its reason's UTF-8 bytes above the action id.
_ACTION_BITS = 24
MAX_REASON = 200  # bytes


@dataclass(frozen=True)
class HintTask(Decision):
    """A decision asked for a person's seat as a hint: answered with its reason packed in (`pack_hint`)."""


@dataclass(frozen=True)
class Hint:
    """What the bot would play, and why in one line."""

    action: int
    reason: str


def reason_of(bot: object, action: int) -> str:
    """Why `bot` chose `action`, from the figures of its last decision as far as it exposes them.

    A bot may expose `last_stats` (action -> (simulated games, mean result in 0..1, 1 = a win)), `last_leads`
    (action -> its average lead in points), and how much it searched: `last_iterations` (games simulated to the
    end) or `last_samples` (hidden orders sampled). Without any of them the reason is generic.
    """
    iterations = _count(getattr(bot, "last_iterations", 0))
    samples = _count(getattr(bot, "last_samples", 0))
    try:
        games, won = getattr(bot, "last_stats", {})[action]
        if int(games) > 0:
            return (
                f"the best of your moves in the bot's trial games from here: it won {round(100 * float(won))}% of "
                f"{int(games)} ({_sureness(int(games), 100, 500)})"
            )
    except (KeyError, TypeError, ValueError, IndexError):
        pass
    try:
        lead = float(getattr(bot, "last_leads", {})[action])
        guesses = f"{samples} guesses of the hidden tiles or cards" if samples else "the bot's look ahead"
        sure = _sureness(samples, 20, 100)
        if lead >= 0:
            return f"puts you about {lead:.1f} points ahead of the best opponent, judged over {guesses} ({sure})"
        return (
            f"loses least: you stay about {-lead:.1f} points behind the best opponent, every other move leaves you "
            f"further behind, judged over {guesses} ({sure})"
        )
    except (KeyError, TypeError, ValueError):
        pass
    if iterations:
        return f"the best of your moves in {iterations} trial games the bot played from here"
    if samples:
        return f"the best of your moves over {samples} guesses of the hidden tiles or cards"
    return GENERIC_REASON


GENERIC_REASON = "the move the hard bot judges best here"


def _sureness(evidence: int, fair: int, quite: int) -> str:
    """How sure the bot is, from how much it looked (games played out, or guesses of what is hidden)."""
    if evidence >= quite:
        return "the bot is quite sure"
    if evidence >= fair:
        return "the bot is fairly sure"
    return "a rough guess"


def _count(value: object) -> int:
    return value if isinstance(value, int) and value > 0 else 0


def pack_hint(action: int, reason: str) -> int:
    """One integer holding a hint's action id and its reason (cut to MAX_REASON bytes)."""
    if not 0 <= action < 1 << _ACTION_BITS:
        raise ValueError(f"action id {action} does not fit a hint")
    text = reason.encode("utf-8")[:MAX_REASON].decode("utf-8", "ignore").encode("utf-8")
    return (int.from_bytes(b"\x01" + text, "big") << _ACTION_BITS) | action  # the leading byte keeps leading zeros


def unpack_hint(value: int) -> Hint:
    """The hint packed by `pack_hint`."""
    action = value & ((1 << _ACTION_BITS) - 1)
    rest = value >> _ACTION_BITS
    data = rest.to_bytes((rest.bit_length() + 7) // 8, "big")[1:] if rest else b""
    return Hint(action, data.decode("utf-8", "replace") or GENERIC_REASON)


def warm_up() -> None:
    """Build every kind of bot of every game once, so that a fresh worker's first decision pays no imports."""
    for game in GAMES:
        for kind in kinds_for(game):
            with contextlib.suppress(Exception):  # a game that cannot load fails its decisions, not the worker
                make_bot(kind, game, 0)


def fallback(task: Decision) -> int:
    """A cheap legal move for a decision that failed or overran: uniform among the legal actions."""
    return int(RandomBot(task.seed).choose(task.view))
