"""The turn structure of RA and Write as data (docs/rules/ra-and-write.md §3 a turn, §4 the end of the game)."""

from __future__ import annotations

from ra.games.write.tables import MAX_PLAYERS, MIN_PLAYERS

# The phases of a turn and who acts in each.
REVEAL = 0  # §3.1: the active player alone reveals until three non-Ra cards are face up
ACTIVE_CHOICE = 1  # §3.2: the active player alone chooses a card and makes its whole bonus chain
OTHERS_CHOICE = 2  # §3.3: every other player, simultaneously and in any order, chooses one of the two other cards
OVER = 3  # §4: the 9th Ra has ended the game; nobody acts
PHASE_NAMES: tuple[str, ...] = ("reveal", "active_choice", "others_choice", "over")  # as in views

# OTHERS_AFTER[n][a]: the seats that choose in OTHERS_CHOICE when seat a is active, clockwise from a (n players).
# §3.4: once all of them have finished, the next seat clockwise becomes active and the turn starts again.
OTHERS_AFTER: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((a + i) % n for i in range(1, n)) for a in range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}

# OTHERS_LEFT[cur][seat]: who still chooses in OTHERS_CHOICE once `seat` has finished (cur: those choosing now).
OTHERS_LEFT: dict[tuple[int, ...], dict[int, tuple[int, ...]]] = {}
for _others in {o for table in OTHERS_AFTER.values() for o in table}:
    for _mask in range(1 << len(_others)):
        _cur = tuple(q for i, q in enumerate(_others) if _mask >> i & 1)
        OTHERS_LEFT[_cur] = {q: tuple(x for x in _cur if x != q) for q in _cur}
