"""What disasters destroy by themselves (docs/rules/ra.md §7), worked out from a view for the narration.

Funeral and Drought never leave a choice; War and Earthquake strike by themselves only when the player holds no
more tiles of their group than must go, or only one type (E6). The rest is the player's choice, which the view
after the move shows as `disaster`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ra.games.ra.tables import CHOSEN_DISASTERS, DISASTER_LOSS, DISASTER_TARGETS, DISASTERS, KINDS
from ra.games.ra.words import counted, tiles_phrase, title

DISASTER_NAMES: tuple[str, ...] = tuple(KINDS[k] for k in DISASTERS)
_TARGETS: dict[str, tuple[str, ...]] = {KINDS[d]: tuple(KINDS[k] for k in DISASTER_TARGETS[d]) for d in DISASTERS}
_CHOSEN = frozenset(KINDS[d] for d in CHOSEN_DISASTERS)
_TARGET_WORDS = {"funeral": "pharaoh", "drought": "river tile", "war": "civilization tile", "earthquake": "monument"}

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
        if kind in _TARGET_WORDS:
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


def lines_of_strikes(name: str, strikes: list[Strike], choice: Mapping[str, int] | None, more: bool) -> list[str]:
    """One line per disaster that struck by itself, then the losses `name` must still choose (`choice`)."""
    lines = []
    for disaster, times, lost in strikes:
        if lost is None:
            continue
        subject = f"The {title(disaster)}" if times == 1 else f"{times} {title(disaster)}s"
        if more:
            lines.append(f"{subject} also destroyed {name}'s {tiles_phrase(lost)}, leaving no choice.")
        elif lost:
            lines.append(f"{subject} destroyed {name}'s {tiles_phrase(lost)}.")
        else:
            lines.append(f"{subject} destroyed nothing: {name} holds no {_TARGET_WORDS[disaster]}.")
    if choice:
        still = " more" if more else ""
        for disaster, title_ in (("war", "War"), ("earthquake", "the Earthquake")):
            if choice[disaster]:
                what = counted(int(choice[disaster]), f"{still.strip()} {_TARGET_WORDS[disaster]}".strip())
                lines.append(f"{name} must choose {what} to lose to {title_}.")
    return lines
