"""The heuristics value things the way the rules say they score.

Rules: docs/rules/ra.md §7, §9; docs/rules/ra-and-write.md §2.
"""

from __future__ import annotations

from typing import Any

from ra.bots import make_bot
from ra.bots.ra.heuristic import lot_worth
from ra.bots.ra.valuation import Context, add_tiles, cheapest_loss, civilization_value, monument_value
from ra.bots.write.heuristic import prune
from ra.games.write import NUM_ACTIONS, action_to_str, str_to_action
from ra.tournament.games import new_game

CTX = Context(epoch=2, progress=0.5, players=3, bag={"flood": 4, "ra": 10})


def test_drought_takes_floods_first() -> None:
    """§7: two floods go before any Nile."""
    after = add_tiles({"nile": 3, "flood": 2}, ["drought"], CTX)
    assert (after["flood"], after["nile"]) == (0, 3)
    after = add_tiles({"nile": 3, "flood": 1}, ["drought"], CTX)
    assert (after["flood"], after["nile"]) == (0, 2)


def test_war_gives_up_duplicates_first() -> None:
    """War losses are chosen to keep the distinct civilization types."""
    held = {"art": 2, "writing": 1, "religion": 1}
    assert cheapest_loss(held, ["art", "writing", "religion"], CTX) == "art"
    after = add_tiles(held, ["war"], CTX)
    assert sum(after.get(k, 0) for k in ("art", "writing", "religion")) == 2


def test_sets_are_worth_more_as_they_grow() -> None:
    """A third civilization type and a third identical monument are big steps (§9.1, §9.2)."""
    assert civilization_value({"art": 1, "writing": 1, "religion": 1}, CTX) > civilization_value(
        {"art": 1, "writing": 1}, CTX
    )
    assert monument_value({"temple": 3}, CTX) - monument_value({"temple": 2}, CTX) >= 2.5


def test_lot_worth_signs() -> None:
    """Gold is good; a War on a civilization collection is bad."""
    held: list[dict[str, int]] = [{"art": 1, "writing": 1, "religion": 1}, {}, {}]
    assert lot_worth(held, 0, ["gold"], CTX) > 2.0
    assert lot_worth(held, 0, ["war"], CTX) < 0.0


def _ra_view(**changes: Any) -> dict[str, Any]:
    state = new_game("ra", 3, seed=4)
    view = dict(state.view(state.current_players()[0]))
    view.update(changes)
    return view


def test_ra_greedy_forced_bid_uses_cheapest_disk() -> None:
    """With no pass allowed (§5 forced bid) the cheapest disk goes."""
    view = _ra_view()
    me = view["viewer"]
    disks = sorted(view["disks"][me]["face_up"])
    view["phase"] = "auction"
    view["auction"] = {
        "kind": "invoked_nonfull",
        "ra_player": me,
        "high_bid": None,
        "high_bidder": None,
        "bids": [],
        "to_act": me,
    }
    view["legal_actions"] = [{"id": 3 + d, "notation": f"bid:{d}", "kind": "bid", "disk": d} for d in disks]
    assert make_bot("greedy", "ra", 0).choose(view) == 3 + disks[0]


def test_write_prune_keeps_three_nile_numbers_per_space() -> None:
    """Nile bonus entries are thinned to the lowest, highest and best-spread number per space; others stay."""
    nile_bonus = [a for a in range(NUM_ACTIONS) if action_to_str(a).startswith("bonus>nile")]  # "bonus>nile3=7"
    decline = str_to_action("decline")
    kept = prune([*nile_bonus, decline])
    numbers: dict[int, list[int]] = {}
    for a in kept:
        if a != decline:
            space, number = action_to_str(a).removeprefix("bonus>nile").split("=")
            numbers.setdefault(int(space), []).append(int(number))
    assert sorted(numbers) == list(range(1, 13))
    assert all(len(found) <= 3 and min(found) == 1 and max(found) == 20 for found in numbers.values())
    assert len(numbers[6]) == 3  # a middle space keeps its best-spread number too
    assert decline in kept
