"""Why a bot plays a move, in a player's words: what the move is for, and how sure the bot is (the server's hints).

A hint's reason is two sentences, both `Text` (docs/TRANSLATING.md), the reader addressed as "you":

- **what the move is for**, from the game's bots subpackage (`purpose(view, action) -> Text | None`, found by the
  game's name, docs/BOTS.md): "Win the lot: it is worth 7 points to you as things stand…";
- **how sure the bot is**, from the figures of its last decision as far as it exposes them: `last_best` (action ->
  in how many of its sampled deals that move came out best) with `last_samples` (how many deals it sampled), or
  `last_iterations` (games simulated to the end). "Fairly sure: it was the best move in 6 of the 10 deals the bot
  imagined." Every number in it is the bot's own count, never a made-up one.

Nothing here reads hidden information: the purpose reads the seat's own view, the sureness the bot's counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ra.bots.registry import game_bots
from ra.core.text import Text, t, tn, tp

# Shares of the sampled deals in which the move came out best, from which the bot is "quite" or "fairly" sure.
QUITE_SURE = 0.75
FAIRLY_SURE = 0.5
ONLY_MOVE = t("It is the only move you have here.")
GENERIC_PURPOSE = t("It is the move the hard bot judges best for you here.")


def reason(bot: object, game: str, view: Mapping[str, Any], action: int) -> Text:
    """Why `bot` chose `action` in `view` (its seat's view): the move's purpose, then how sure the bot is."""
    legal = [entry.get("id") for entry in view.get("legal_actions", [])]
    if legal == [action]:
        return ONLY_MOVE
    purpose = purpose_of(game, view, action) or GENERIC_PURPOSE
    sure = sureness(bot, action)
    if sure is None:
        return purpose
    # TRANSLATORS: two whole sentences of a hint: what the move is for, then how sure the bot is.
    return tp("two sentences", "{first} {second}", first=purpose, second=sure)


def purpose_of(game: str, view: Mapping[str, Any], action: int) -> Text | None:
    """The game's own words for what `action` is for (None if the game has none, or they fail)."""
    try:
        purpose = game_bots(game).purpose
        return purpose(view, action) if purpose is not None else None
    except Exception:  # words about a move must never cost the hint itself
        return None


def sureness(bot: object, action: int) -> Text | None:
    """How sure `bot` is of `action`, from the counts of its last decision (None if it exposes none)."""
    samples = _count(getattr(bot, "last_samples", 0))
    best = getattr(bot, "last_best", None)
    if samples and isinstance(best, Mapping) and isinstance(best.get(action), int):
        won = min(int(best[action]), samples)
        if samples == 1:
            return t("Only a rough guess: the bot had time to imagine a single deal.")
        share = won / samples
        if share >= QUITE_SURE:
            return tn(
                "Quite sure: it was the best move in {best} of the {n} deal the bot imagined.",
                "Quite sure: it was the best move in {best} of the {n} deals the bot imagined.",
                samples,
                best=won,
            )
        if share >= FAIRLY_SURE:
            return tn(
                "Fairly sure: it was the best move in {best} of the {n} deal the bot imagined.",
                "Fairly sure: it was the best move in {best} of the {n} deals the bot imagined.",
                samples,
                best=won,
            )
        return tn(
            "A close call: it was the best move in only {best} of the {n} deal the bot imagined, but the best on "
            "average.",
            "A close call: it was the best move in only {best} of the {n} deals the bot imagined, but the best on "
            "average.",
            samples,
            best=won,
        )
    if samples:
        return tn(
            "The bot judged it over the {n} deal it imagined.",
            "The bot judged it over the {n} deals it imagined.",
            samples,
        )
    iterations = _count(getattr(bot, "last_iterations", 0))
    if iterations:
        return tn(
            "It came out best in the {n} game the bot played out from here.",
            "It came out best in the {n} games the bot played out from here.",
            iterations,
        )
    return None


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0
