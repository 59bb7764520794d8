"""`explain`: what every tile kind, sun disk, track, the bag and each scoring category is, scores and is worth to the
viewer now, and `lot_value` — checked against the engine's own epoch scoring (docs/rules/ra.md §9) on constructed
positions: the seat really takes the lot in an auction and the epoch really ends."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from ra_helpers import G3, act, give, put_on_track, scenario

from ra.core.text import english
from ra.games.ra import State, action_to_str, explain, phases
from ra.games.ra import tables as T

NAMES = ["Nefertari", "Khufu", "Tiye"]
CATEGORIES = {"gods", "gold", "pharaohs", "river", "civilization", "monuments", "sun_disks"}


def game(**options: object) -> State:
    """3 players, Nefertari {13,8,5,2} to play, Khufu {12,9,6,3}, Tiye {11,10,7,4}; scores far from the floor."""
    st = scenario(3, [], G3, names=NAMES, **options)
    st.points = [50, 50, 50]
    return st


def elements_of(view: Mapping[str, Any]) -> dict[str, str]:
    """The explanation of every element of a view, in English for its viewer (the texts are the viewer's own)."""
    return {key: english(text, view["viewer"]) for key, text in explain(view)["elements"].items()}


def end_epoch(st: State) -> State:
    """The seat to play draws the epoch's last Ra tile: the epoch ends at once and is scored (§4.3)."""
    for _ in range(st.ra_len - 1 - st.ra_filled):
        st.bag.remove(T.RA)
        st.ra_filled += 1
    st.stack_draws(["ra"])
    act(st, "draw")
    return st


def net(st: State, seat: int) -> int:
    """`seat`'s points in the last scored epoch, without the sun disks (an auction win swaps a disk)."""
    row = st.epoch_scores[-1]["players"][seat]
    return row["net"] - row["categories"].get("sun_disks", 0)


def outcomes(st: State) -> list[State]:
    """Every way the disaster choices of the deciding seat may go (War, Earthquake: §7, E6)."""
    if st.phase != phases.DISASTER:
        return [st]
    out = []
    for action in st.legal_actions():
        branch = st.clone()
        branch.apply(action)
        out += outcomes(branch)
    return out


def takes_lot(st: State, seat: int) -> list[State]:
    """`seat` wins the auction of the track: Ra is invoked, it bids its lowest disk, everyone else passes."""
    st = st.clone()
    act(st, "ra")
    while st.phase == 1:
        if st.cur == seat and st.auc_high == 0:
            act(st, f"bid:{min(st.up[seat])}")
        else:
            act(st, "pass")
    return outcomes(st)


def scored(branch: State, epoch: int) -> State:
    """`branch` once `epoch` is scored: it may have ended with the auction already (§8.1b)."""
    return end_epoch(branch) if branch.epoch == epoch and not branch.is_terminal() else branch


def engine_lot_values(st: State) -> list[int]:
    """What the engine itself scores: each seat's best epoch points after taking the lot, minus those without it."""
    without = net(end_epoch(st.clone()), 0), net(end_epoch(st.clone()), 1), net(end_epoch(st.clone()), 2)
    return [
        max(net(scored(branch, st.epoch), seat) for branch in takes_lot(st, seat)) - without[seat]
        for seat in range(st.num_players)
    ]


def test_lot_value_equals_the_engine_scoring_with_and_without_the_lot() -> None:
    st = game()
    give(st, 0, "pharaoh", 3)
    give(st, 1, "pharaoh", 4)
    give(st, 2, "pharaoh", 2)
    give(st, 0, "nile", 3)
    give(st, 1, "flood")
    give(st, 1, "art")
    give(st, 1, "religion")
    give(st, 2, "writing", 2)
    give(st, 2, "god")
    put_on_track(st, "pharaoh", "flood", "astronomy", "gold", "drought", "war")
    values = explain(st.view(0))["lot_value"]
    assert values == engine_lot_values(st)
    assert values == [8, 2, 3]  # e.g. Nefertari: -5 without; +5 +3 -5 with (the Drought and War strike)
    assert explain(st.view(None))["lot_value"] == values, "public holdings: every viewer sees the same values"


def test_lot_value_with_funeral_earthquake_and_monuments_in_epoch_3() -> None:
    st = game()
    st.epoch = 3
    give(st, 0, "pyramid", 2)
    give(st, 0, "temple", 3)
    give(st, 1, "pharaoh", 2)
    give(st, 2, "sphinx")
    give(st, 2, "statue")
    put_on_track(st, "pyramid", "earthquake", "funeral", "pharaoh", "palace")
    values = explain(st.view(2))["lot_value"]
    assert values == engine_lot_values(st)


def test_lot_value_on_random_positions_matches_the_engine() -> None:
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        st = State.new({"players": 3, "disk_groups": G3}, seed=seed)
        while not st.is_terminal() and checked < 25:
            names = [action_to_str(a) for a in st.legal_actions()]
            act(st, "draw" if "draw" in names and rng.random() < 0.85 else rng.choice(names))
            if st.phase == 0 and len(st.track) >= 3 and all(st.up) and rng.random() < 0.3:
                st.points = [80] * 3
                assert explain(st.view(None))["lot_value"] == engine_lot_values(st), st.view(None)
                checked += 1
                break
    assert checked >= 15


def test_no_lot_value_without_a_lot_or_once_the_game_is_over() -> None:
    assert explain(game().view(0))["lot_value"] is None


def test_every_element_is_explained_with_its_rules_section() -> None:
    st = give(give(game(), 0, "pharaoh", 3), 1, "pharaoh", 4)
    put_on_track(st, "gold", "drought")
    act(st, "ra", "pass", "pass", "bid:2")  # Nefertari wins: disk 1 face down, disk 2 in the centre
    for viewer in (None, 0, 1):
        elements = elements_of(st.view(viewer))
        disks = {f"sun_disk:{d}" for d in range(1, 14)}
        tiles = {f"tile:{k}" for k in T.KINDS}
        assert set(elements) == tiles | disks | CATEGORIES | {"central_disk", "ra_track", "auction_track", "bag"}
        for key, text in elements.items():
            assert re.search(r" \(rules §[\d.]+(, (§[\d.]+|E\d+))*\)\.$", text), (key, text)
            assert not re.search(r"\b[a-z]+_[a-z]+\b|\b[a-z]+:[a-z0-9]", text), (key, text)
            if viewer is None:
                assert not re.search(r"\byou(rs?)?\b", text, flags=re.IGNORECASE), (key, text)
    mine = elements_of(st.view(0))
    assert mine["sun_disk:1"].startswith("Sun disk 1: yours, face down: won this epoch")
    assert mine["sun_disk:2"].startswith("Sun disk 2: in the centre")
    assert mine["sun_disk:13"].startswith("Sun disk 13: yours, face up, so it may still be bid this epoch")
    assert "The highest disk held" in mine["sun_disk:13"]


def test_pharaohs_one_more_ties_for_five() -> None:
    st = game()
    for seat, count in enumerate((3, 4, 2)):
        give(st, seat, "pharaoh", count)
    elements = elements_of(st.view(0))
    assert elements["pharaohs"].endswith(
        "You have 3, the most is 4 (Khufu) — one more ties for +5 this epoch; now 0 (rules §9.1, E13)."
    )
    assert (
        "You have 4, the most of the others is 3 (Nefertari): +5 this epoch"
        in elements_of(st.view(1))["pharaohs"]
    )
    assert elements_of(st.view(2))["tile:pharaoh"].endswith(
        "You have 2, the most is 4 (Khufu) — 2 more tie for +5 this epoch; now -2 (rules §9.1)."
    )
    assert (
        "Nefertari 3, Khufu 4 and Tiye 2: Khufu would score +5, Tiye -2 this epoch"
        in (elements_of(st.view(None))["pharaohs"])
    )


def test_a_tie_with_everyone_is_worth_nothing_so_the_text_says_what_passing_gives() -> None:
    st = game()
    give(st, 1, "pharaoh", 2)
    give(st, 2, "pharaoh", 2)
    give(st, 0, "pharaoh", 1)
    assert (
        "You have 1, the most is 2 (Khufu and Tiye) — 2 more give +5 this epoch; now -2"
        in (elements_of(st.view(0))["pharaohs"])
    )


def test_one_more_tile_is_worth_what_the_engine_scores() -> None:
    """For every kind a seat can hold: the text's 'one (more) would give you N' equals the engine's epoch scoring."""
    st = game()
    give(st, 0, "pharaoh", 2)
    give(st, 1, "pharaoh", 3)
    give(st, 0, "nile", 2)
    give(st, 0, "art")
    give(st, 0, "writing")
    give(st, 0, "temple", 2)
    elements = elements_of(st.view(0))
    base = net(end_epoch(st.clone()), 0)
    for kind in ("god", "gold", "nile", "flood", "agriculture", "religion", "temple", "palace"):
        said = re.search(r"would give you ([+-]\d+|0) this epoch", elements[f"tile:{kind}"])
        assert said, elements[f"tile:{kind}"]
        with_it = net(end_epoch(give(st.clone(), 0, kind)), 0)
        assert int(said[1]) == with_it - base, kind
    assert "another adds nothing this epoch" in elements["tile:art"]
    assert "+5 in monuments at the end as things stand" in elements["tile:temple"]
    assert elements["civilization"].endswith(
        "You have 2 types (Art and Writing): 0 this epoch — one more type makes +5 (rules §9.1)."
    )
    assert "You have 2 Nile and 0 Floods: 0 this epoch — a Flood would make it +3" in elements["river"]


def test_disasters_say_what_they_would_cost_the_viewer() -> None:
    st = game()
    give(st, 0, "pharaoh", 3)
    give(st, 1, "pharaoh", 2)
    give(st, 0, "pyramid", 3)
    elements = elements_of(st.view(0))
    assert "If it struck you now: -5 this epoch" in elements["tile:funeral"]  # 3 -> 1 pharaoh: +5 becomes 0
    quake = elements["tile:earthquake"]  # 3 Pyramids (1 + 5) -> 1 (1): the monuments count only at the end
    assert "If it struck you now: 0 this epoch; -5 in monuments at the end as things stand" in quake


def test_the_board_elements_in_numbers() -> None:
    st = game()
    put_on_track(st, "gold", "pharaoh")
    elements = elements_of(st.view(0))
    assert "2 of the 8 spaces" not in elements["ra_track"]
    assert "(2 of its 10 spaces unused with 3 players)" in elements["ra_track"]
    assert "0 of 8 placed, 8 to go; 30 of the 178 tiles in the bag are Ra" in elements["ra_track"]
    assert "It holds Gold, Pharaoh: taking it now would give you +8 this epoch" in elements["auction_track"]
    assert "Won with your sun disk 2, it would change your disk total by -1" in elements["central_disk"]
    assert elements["bag"].startswith("Bag: 178 tiles in an order nobody knows")
    assert "Pharaoh 24" in elements["bag"] and "Gold 4" in elements["bag"]
    spectator = elements_of(st.view(None))
    assert "Nefertari +8, Khufu +8 and Tiye +8" in spectator["auction_track"]
    assert (
        "Totals now: Nefertari 28, Khufu 30 and Tiye 32: Tiye would score +5, Nefertari -5" in (spectator["sun_disks"])
    )


def test_once_the_game_is_over_each_category_tells_what_it_scored() -> None:
    rng = random.Random(3)
    st = State.new({"players": 3, "names": NAMES}, seed=3)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    last = st.epoch_scores[-1]["players"]
    assert explain(st.view(1))["lot_value"] is None
    elements = elements_of(st.view(1))
    for category in CATEGORIES:
        points = last[1]["categories"][category]
        said = f"{points:+d}" if points else "0"
        assert f"In epoch 3 it scored you {said} (rules" in elements[category], category
