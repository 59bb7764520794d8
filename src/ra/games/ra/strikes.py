"""What disasters destroy by themselves (docs/rules/ra.md §7), worked out from a view for the narration.

Funeral and Drought never leave a choice; War and Earthquake strike by themselves only when the player holds no
more tiles of their group than must go, or only one type (E6). The rest is the player's choice, which the view
after the move shows as `disaster`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ra.core.text import Seat, Text, about, t, tn, tp
from ra.games.ra.tables import CHOSEN_DISASTERS, DISASTER_LOSS, DISASTER_TARGETS, DISASTERS, KINDS
from ra.games.ra.words import tiles_phrase

DISASTER_NAMES: tuple[str, ...] = tuple(KINDS[k] for k in DISASTERS)
_TARGETS: dict[str, tuple[str, ...]] = {KINDS[d]: tuple(KINDS[k] for k in DISASTER_TARGETS[d]) for d in DISASTERS}
_CHOSEN = frozenset(KINDS[d] for d in CHOSEN_DISASTERS)
_GAINED_DISASTERS = frozenset(_TARGETS)

# One disaster's strike: its kind, how many of it, and the tiles it destroyed (None: the player chooses).
Strike = tuple[str, int, list[str] | None]


def _settle(held: dict[str, int], disaster: str, left: int) -> list[str] | None:
    """The tiles a War or Earthquake destroys without a choice (removed from `held`); None if the player chooses."""
    present = [k for k in _TARGETS[disaster] if held.get(k)]
    if left >= sum(held[k] for k in present):
        lost = [k for k in present for _ in range(held[k])]
    elif len(present) == 1:
        lost = [present[0]] * left
    else:
        return None
    for kind in lost:
        held[kind] -= 1
    return lost


def strikes_after_gain(held: Mapping[str, int], gained: Sequence[str], pending: Mapping[str, int]) -> list[Strike]:
    """The disasters among `gained` (and `pending` ones taken with gods) striking once `gained` is placed (§7.1)."""
    holding = dict(held)
    count = dict(pending)
    for kind in gained:
        if kind in _GAINED_DISASTERS:
            count[kind] = count.get(kind, 0) + 1
        else:
            holding[kind] = holding.get(kind, 0) + 1
    strikes: list[Strike] = []
    for disaster in DISASTER_NAMES:
        times = count.get(disaster, 0)
        if not times:
            continue
        left = DISASTER_LOSS * times
        if disaster in _CHOSEN:
            left = min(left, sum(holding.get(k, 0) for k in _TARGETS[disaster]))
            strikes.append((disaster, times, _settle(holding, disaster, left)))
            continue
        lost: list[str] = []
        for kind in _TARGETS[disaster]:  # Drought: floods first, then Nile
            gone = min(left, holding.get(kind, 0))
            lost += [kind] * gone
            holding[kind] = holding.get(kind, 0) - gone
            left -= gone
        strikes.append((disaster, times, lost))
    return strikes


def strikes_after_loss(before: Mapping[str, Any], seat: int, kind: str) -> list[Strike]:
    """After `seat` gave up `kind`: the War or Earthquake losses that then follow by themselves (§7, E6)."""
    holding = dict(before["tiles"][seat])
    holding[kind] -= 1
    left = {"war": int(before["disaster"]["war"]), "earthquake": int(before["disaster"]["earthquake"])}
    left["war" if kind in _TARGETS["war"] else "earthquake"] -= 1
    strikes: list[Strike] = []
    for disaster in ("war", "earthquake"):
        if left[disaster]:
            lost = _settle(holding, disaster, left[disaster])
            if lost is not None:
                strikes.append((disaster, 1, lost))
    return strikes


def lines_of_strikes(
    p: int, who: Seat, strikes: list[Strike], choice: Mapping[str, int] | None, more: bool
) -> list[Text]:
    """One line per disaster that struck seat `p` (named `who`) by itself, then the losses it must still choose."""
    lines = []
    for disaster, times, lost in strikes:
        if lost is None:
            continue
        subject = _subject(disaster, times)
        if more:
            lines.append(
                about(
                    p,
                    t(
                        "{disaster} also destroyed {player}'s {tiles}, leaving no choice.",
                        disaster=subject,
                        player=who,
                        tiles=tiles_phrase(lost),
                    ),
                    t(
                        "{disaster} also destroyed your {tiles}, leaving no choice.",
                        disaster=subject,
                        tiles=tiles_phrase(lost),
                    ),
                )
            )
        elif lost:
            lines.append(
                about(
                    p,
                    t(
                        "{disaster} destroyed {player}'s {tiles}.",
                        disaster=subject,
                        player=who,
                        tiles=tiles_phrase(lost),
                    ),
                    t("{disaster} destroyed your {tiles}.", disaster=subject, tiles=tiles_phrase(lost)),
                )
            )
        else:
            third, second = _NOTHING[disaster]
            lines.append(
                about(p, third.with_params(disaster=subject, player=who), second.with_params(disaster=subject))
            )
    if choice:
        for disaster in ("war", "earthquake"):
            left = int(choice[disaster])
            if left:
                others, yours = _CHOOSE_MORE[disaster] if more else _CHOOSE[disaster]
                lines.append(about(p, others(left).with_params(player=who), yours(left)))
    return lines


def _subject(disaster: str, times: int) -> Text:
    """The disasters that struck, as the subject of a sentence: 'The Drought', '2 Droughts'."""
    return _THE[disaster] if times == 1 else _SEVERAL[disaster](times)


_THE: dict[str, Text] = {
    "funeral": tp("a disaster that struck", "The Funeral"),
    "drought": tp("a disaster that struck", "The Drought"),
    "war": tp("a disaster that struck", "The War"),
    "earthquake": tp("a disaster that struck", "The Earthquake"),
}
_SEVERAL: dict[str, Callable[[int], Text]] = {  # two or more at once (taken with gods, E7)
    "funeral": lambda n: tn("{n} Funeral", "{n} Funerals", n),
    "drought": lambda n: tn("{n} Drought", "{n} Droughts", n),
    "war": lambda n: tn("{n} War", "{n} Wars", n),
    "earthquake": lambda n: tn("{n} Earthquake", "{n} Earthquakes", n),
}
# A disaster that found nothing to destroy (third person, second person).
_NOTHING: dict[str, tuple[Text, Text]] = {
    "funeral": (
        t("{disaster} destroyed nothing: {player} holds no pharaoh."),
        t("{disaster} destroyed nothing: you hold no pharaoh."),
    ),
    "drought": (
        t("{disaster} destroyed nothing: {player} holds no river tile."),
        t("{disaster} destroyed nothing: you hold no river tile."),
    ),
    "war": (
        t("{disaster} destroyed nothing: {player} holds no civilization tile."),
        t("{disaster} destroyed nothing: you hold no civilization tile."),
    ),
    "earthquake": (
        t("{disaster} destroyed nothing: {player} holds no monument."),
        t("{disaster} destroyed nothing: you hold no monument."),
    ),
}
Choice = tuple[Callable[[int], Text], Callable[[int], Text]]
# The losses a seat must still choose, when the disaster has just struck and after a first loss (`more`).
_CHOOSE: dict[str, Choice] = {
    "war": (
        lambda n: tn(
            "{player} must choose {n} civilization tile to lose to War.",
            "{player} must choose {n} civilization tiles to lose to War.",
            n,
        ),
        lambda n: tn(
            "You must choose {n} civilization tile to lose to War.",
            "You must choose {n} civilization tiles to lose to War.",
            n,
        ),
    ),
    "earthquake": (
        lambda n: tn(
            "{player} must choose {n} monument to lose to the Earthquake.",
            "{player} must choose {n} monuments to lose to the Earthquake.",
            n,
        ),
        lambda n: tn(
            "You must choose {n} monument to lose to the Earthquake.",
            "You must choose {n} monuments to lose to the Earthquake.",
            n,
        ),
    ),
}
_CHOOSE_MORE: dict[str, Choice] = {
    "war": (
        lambda n: tn(
            "{player} must choose {n} more civilization tile to lose to War.",
            "{player} must choose {n} more civilization tiles to lose to War.",
            n,
        ),
        lambda n: tn(
            "You must choose {n} more civilization tile to lose to War.",
            "You must choose {n} more civilization tiles to lose to War.",
            n,
        ),
    ),
    "earthquake": (
        lambda n: tn(
            "{player} must choose {n} more monument to lose to the Earthquake.",
            "{player} must choose {n} more monuments to lose to the Earthquake.",
            n,
        ),
        lambda n: tn(
            "You must choose {n} more monument to lose to the Earthquake.",
            "You must choose {n} more monuments to lose to the Earthquake.",
            n,
        ),
    ),
}
