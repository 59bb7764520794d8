"""Taking back an action, within what is fair (BGA's policy): the one place that decides whether an undo is allowed.

A game's stored steps are its moves and, now and then, the taking back of one (`Step.undoes`): steps are only ever
added, so a step's number (its 1-based `seq`) never changes, and the moves that stand are the moves no later step
took back (`standing`). A player may take back the last move that stands if it is theirs and

- nobody else has made a step since (the next player acting closes the undo, even if that player then takes their
  own action back: they acted on what they saw);
- it revealed nothing hidden: it drew nothing (`Move.draws` empty: no tile from the bag, no card from the deck),
  and no seat sees after it anything of another seat's that was hidden from it before (`reveals`);
- the game is not over (its end shows every score).

RA and Write's simultaneous choices follow the same rule. Choices there are public the moment they are made
(docs/rules/ra-and-write.md, "The other players choose at the same time"), so nothing hidden is revealed by one, and
the others' options do not depend on it; a seat may take its choice back while no other seat has chosen since.

Pure functions of the steps and the states: the server asks them at every version (tables/service.py), the terminal
may too. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Literal, NamedTuple

from ra.core.protocol import GameModule, GameState, Move
from ra.core.text import Seat, Text, about, t

Reason = Literal["nothing", "not_yours", "next_acted", "revealed", "over"]
# Whether a move (from the state before it to the state after) showed anything hidden: `reveals` by comparing every
# seat's views, or a game's own cheaper answer (its module's `reveals`, e.g. `drawn_or_over`).
Reveals = Callable[[GameState, GameState, Move], bool]


def reasons() -> dict[Reason, Text]:
    """Why an undo is refused, in words for the player who asked (translated for each reader)."""
    return {
        "nothing": t("there is no action to take back"),
        "not_yours": t("you can only take back your own last action"),
        "next_acted": t("the next player has acted since: your action stands"),
        "revealed": t("your action revealed a tile or card (or something hidden): it stands"),
        "over": t("the game is over: its actions stand"),
    }


def taken_back(module: GameModule, taken: Move, names: Sequence[str]) -> Text:
    """The sentence that tells an undo: `taken` was taken back by its player ("Ana took back: bid sun disk 7"; the
    player reads "You took back: …")."""
    name = names[taken.player] if 0 <= taken.player < len(names) else f"Player {taken.player + 1}"
    move = module.move_text(taken.action, taken.draws)
    return about(
        taken.player,
        t("{player} took back: {move}", player=Seat(taken.player, name), move=move),
        t("You took back: {move}", move=move),
    )


class Step(NamedTuple):
    """One stored step of a game: a move by `player`, or (`undoes` set) `player` taking back the move of that seq."""

    player: int
    undoes: int | None = None
    draws: tuple[str, ...] = ()


class Verdict(NamedTuple):
    """Whether the last move that stands may be taken back: by `player` (its mover), the move of step `seq`;
    `reason` None if it may, else why not (whoever asks); `movers` the seats with a move that stands."""

    player: int | None
    seq: int | None
    reason: Reason | None
    movers: frozenset[int] = frozenset()

    def refusal(self, seat: int) -> Reason | None:
        """Why `seat` may not take back the last move (None: it may)."""
        if self.reason in ("over", "nothing"):
            return self.reason
        if self.player != seat:
            # A seat whose own move stands asks to take it back: another seat acted since, so it stands.
            return "next_acted" if seat in self.movers else "not_yours"
        return self.reason

    @property
    def open(self) -> bool:
        """True if the mover of the last move may take it back now."""
        return self.reason is None


def standing(steps: Sequence[Step]) -> list[int]:
    """The seqs (1-based) of the moves that stand, in order; ValueError if a step takes back anything but the last
    move standing at its time (the steps were not made by these rules)."""
    moves: list[int] = []
    for seq, step in enumerate(steps, start=1):
        if step.undoes is None:
            moves.append(seq)
        elif not moves or moves[-1] != step.undoes:
            raise ValueError(f"step {seq} takes back move {step.undoes}, which is not the last move standing")
        else:
            moves.pop()
    return moves


def judge(
    steps: Sequence[Step], before: GameState | None, after: GameState, revealing: Reveals | None = None
) -> Verdict:
    """Whether the last move that stands (the last of `after.history`) may be taken back by its mover.

    `steps` are every stored step so far, `after` the game now, `before` the game just before that move (None when
    no move stands); `revealing` the game's own test of a reveal (default: `reveals`, comparing views)."""
    moves = standing(steps)
    if after.is_terminal():
        return Verdict(None, None, "over")
    if not moves or before is None:
        return Verdict(None, None, "nothing")
    seq = moves[-1]
    step = steps[seq - 1]
    movers = frozenset(steps[m - 1].player for m in moves)
    if any(later.player != step.player for later in steps[seq:]):
        return Verdict(step.player, seq, "next_acted", movers)
    if step.draws or (revealing or reveals)(before, after, after.history[-1]):
        return Verdict(step.player, seq, "revealed", movers)
    return Verdict(step.player, seq, None, movers)


def reveals(before: GameState, after: GameState, move: Move) -> bool:
    """True if `move` (which led from `before` to `after`) showed something hidden: it drew, it ended the game, or two
    seats whose views differed somewhere (one saw what the other did not: a hidden score, a hand) see the same there
    now. Views that agree everywhere (RA and Write's, all public) are told apart at once."""
    if move.draws or after.is_terminal():
        return True
    seats = range(after.num_players)
    then = [_shared(before.view(s)) for s in seats]
    if all(view == then[0] for view in then):
        return False  # nothing was hidden between the seats: nothing can have been shown
    now = [_shared(after.view(s)) for s in seats]
    for a in seats:
        for b in seats:
            if a >= b or then[a] == then[b]:
                continue
            for path in _differences(then[a], then[b], ()):
                seen = _at(now[a], path)
                if seen is not _NONE and seen == _at(now[b], path):
                    return True
    return False


def drawn_or_over(before: GameState, after: GameState, move: Move) -> bool:
    """`reveals` for a game whose views hide only what chance has not dealt yet (the bag's or deck's order) and what
    its end shows (hidden scores): a move reveals something exactly when it drew or ended the game. Both games say
    so (their module's `reveals`); tests/core/test_may_undo.py holds it equal to `reveals` over many games."""
    return bool(move.draws) or after.is_terminal()


_NONE = object()
_OWN = frozenset({"viewer", "legal_actions"})  # what every view has for its viewer alone, hiding nothing


def _shared(view: Mapping[str, Any]) -> dict[str, Any]:
    """A view without the parts every viewer has for itself."""
    return {k: v for k, v in view.items() if k not in _OWN}


def _differences(x: Any, y: Any, path: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    """The paths of the leaves (or the smallest parts) where `x` and `y` differ."""
    if isinstance(x, Mapping) and isinstance(y, Mapping):
        for key in x.keys() | y.keys():
            a, b = x.get(key, _NONE), y.get(key, _NONE)
            if a != b:
                yield from _differences(a, b, (*path, key))
    elif isinstance(x, list | tuple) and isinstance(y, list | tuple) and len(x) == len(y):
        for index, (a, b) in enumerate(zip(x, y, strict=True)):
            if a != b:
                yield from _differences(a, b, (*path, index))
    else:
        yield path


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    """The part of `value` at `path` (_NONE where there is none)."""
    for key in path:
        if isinstance(value, Mapping):
            value = value.get(key, _NONE)
        elif isinstance(value, list | tuple) and isinstance(key, int) and 0 <= key < len(value):
            value = value[key]
        else:
            return _NONE
    return value
