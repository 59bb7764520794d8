"""Whole-epoch and whole-game scenarios from explicit tile orders and disk groups (docs/rules/ra.md §5-§9)."""

from __future__ import annotations

import pytest
from ra_helpers import G3, act, give, present, scenario

from ra.games.ra import Options, State

LOT = ["god", "gold", "pharaoh", "nile", "flood", "art", "religion", "astronomy"]


def pass_to_the_end(st: State) -> State:
    """Draw on every turn and pass in every auction (the canonical bag remainder is all Ra first)."""
    while not st.is_terminal():
        act(st, "pass" if st.phase == 1 else ("draw" if 0 in st.legal_actions() else "ra"))
    return st


def test_s9_epoch_one_scored_from_a_won_lot() -> None:
    st = scenario(3, LOT, G3)
    act(st, *["draw"] * 8)  # seats 0 1 2 0 1 2 0 1 fill the track; seat 2 to play
    act(st, "ra", "pass", "pass", "bid:4")  # invoked_full; seat 2 wins with disk 4
    assert st.view(2)["tiles"][2] == {t: 1 for t in LOT}
    while st.epoch == 1:
        act(st, "pass" if st.phase == 1 else "draw")
    rows = st.epoch_scores[0]["players"]
    assert rows[2]["categories"] == {"gods": 2, "gold": 3, "pharaohs": 5, "river": 2, "civilization": 5}
    assert rows[2]["after"] == 27 and rows[0]["after"] == rows[1]["after"] == 3
    assert st.view(2)["tiles"][2] == {"pharaoh": 1, "nile": 1}, "§8.2.4: only scarab tiles stay"
    assert st.current_players() == (0,), "§8.3: seat 0 holds 13"


@pytest.mark.parametrize(("floor", "final"), [("once", 9), ("twice", 14)])
def test_s9_2_monument_example_19_in_a_full_game(floor: str, final: int) -> None:
    st = scenario(3, [], G3, final_floor=floor)
    for kind, count in (("fortress", 4), ("obelisk", 3), ("palace", 1), ("pyramid", 1)):
        give(st, 0, kind, count)
    pass_to_the_end(st)
    last = st.epoch_scores[2]["players"]
    assert last[0]["categories"]["monuments"] == 19
    assert [r["categories"]["sun_disks"] for r in last] == [-5, 0, 5]  # totals 28, 30, 32
    assert [e["players"][0]["after"] for e in st.epoch_scores] == [5, 0, final]
    assert st.winners() == [0] and present(st.view(None)["result"])["winners"] == [0]


def test_s9_4_tie_break_in_a_full_game() -> None:
    st = pass_to_the_end(scenario(3, [], G3))
    # nobody holds anything: -5 civilization each epoch, floor 0; seat 2's +5 sun disks only cancel its -5
    assert st.scores() == [0, 0, 0] and st.winners() == [0], "all tied: seat 0 holds the highest disk, 13"
    st = pass_to_the_end(scenario(2, [], [[9, 6, 5, 2], [8, 7, 4, 3]]))
    assert st.scores() == [0, 0] and st.winners() == [0], "tie broken by the highest disk (9)"
    assert present(st.view(None)["result"])["tie_break"] is True


def test_options_is_a_frozen_dataclass() -> None:
    opts = Options.from_mapping({"players": 4})
    with pytest.raises(AttributeError):
        opts.players = 5  # type: ignore[misc]
    assert State.new(opts, seed=1).num_players == 4
