"""Scenarios from explicit deck orders: turns (docs/rules/ra-and-write.md §3), Kingdom and game end (§4), bonus
chains, and the hidden deck order (stack_draws, reshuffled)."""

from __future__ import annotations

import random

import pytest

from ra.core.errors import GameOverError, IllegalActionError, NotYourTurnError, UnknownActionError
from ra.games import replay
from ra.games.write import DECK, State, action_to_str, sheet, str_to_action

A = str_to_action


def game(order: list[str], players: int = 3, first: int = 0, **opts: object) -> State:
    return State.new({"players": players, "first_player": first, **opts}, order=order)


def phase(st: State) -> str:
    return st.view()["phase"]


def enter(st: State, p: int, choice: str | int) -> None:
    """Player p enters a card (a notation, or the first legal action for a 0-based slot) and declines any bonus."""
    if isinstance(choice, str):
        st.apply(A(choice), p)
    else:
        card = f"card{choice + 1}"
        st.apply(next(a for a in st.legal_actions(p) if action_to_str(a).partition(">")[0] == card), p)
    while p in st.current_players() and st.sheets[sheet.pending_at(p)]:
        st.apply(A("decline"), p)


def play_turn(st: State, picks: dict[int, str | int]) -> None:
    st.apply(A("reveal"))
    if st.is_terminal():
        return
    active = st.active
    enter(st, active, picks.get(active, 0))
    for p in list(st.current_players()):
        default = next(i for i in range(3) if i != st.reserved())
        enter(st, p, picks.get(p, default))


# --- §3 a turn -----------------------------------------------------------------------------------------------------
def test_s3_turn_reveal_active_then_others_simultaneously() -> None:
    st = game(["god:5", "nile:4", "pharaoh", "civ:art", "god:9", "monument:obelisk"])
    assert st.current_players() == (0,) and st.legal_actions() == [A("reveal")]
    with pytest.raises(NotYourTurnError, match="turn to reveal"):
        st.apply(A("reveal"), 1)
    st.apply(A("reveal"))
    assert phase(st) == "active_choice" and [c["card"] for c in st.view()["face_up"]] == ["god:5", "nile:4", "pharaoh"]
    assert st.history[-1].draws == ("god:5", "nile:4", "pharaoh")
    with pytest.raises(NotYourTurnError, match="chooses a card first"):
        st.apply(A("card3"), 2)
    st.apply(A("card1>god2"), 0)
    assert phase(st) == "others_choice" and st.current_players() == (1, 2)
    with pytest.raises(IllegalActionError, match="that card is reserved by the active player"):
        st.apply(A("card1>god1"), 2)
    st.apply(A("card3"), 2)  # seat 2 acts before seat 1: the choices are simultaneous
    assert st.current_players() == (1,)
    with pytest.raises(NotYourTurnError, match="already entered a card"):
        st.apply(A("card2>nile1"), 2)
    st.apply(A("card3"), 1)  # several players may choose the same card
    assert phase(st) == "reveal" and st.active == 1 and st.current_players() == (1,)
    assert st.turn == 2 and st.face == [] and len(st.used) == 3


def test_s3_view_shows_choices_already_made() -> None:
    st = game(["god:5", "nile:4", "pharaoh"])
    st.apply(A("reveal"))
    st.apply(A("card1>god2"), 0)
    st.apply(A("card3"), 2)
    v = st.view(1)
    assert v["face_up"][0]["reserved_by"] == 0 and v["face_up"][2]["chosen_by"] == [2]
    assert [p["status"] for p in v["players"]] == ["done", "choosing", "done"]
    assert [a["notation"] for a in v["legal_actions"]] == [f"card2>nile{i}" for i in range(1, 13)] + ["card3"]
    assert v["legal_actions"][-1] == {"id": A("card3"), "notation": "card3", "kind": "card", "card": 3,
                                      "section": "pharaohs", "space": 1, "number": None, "type": None,
                                      "lost": False}
    assert st.view(2)["legal_actions"] == [] and st.view(None)["legal_actions"] == []


def test_s3_errors_for_unknown_actions_and_players() -> None:
    st = game(["god:5", "nile:4", "pharaoh"])
    with pytest.raises(UnknownActionError):
        st.apply(10_000)
    with pytest.raises(NotYourTurnError, match="no player 7"):
        st.apply(A("reveal"), 7)
    with pytest.raises(IllegalActionError, match="must first reveal"):
        st.apply(A("card1"), 0)


def test_s3_starting_player_from_seed_is_written_into_the_record() -> None:
    firsts = {State.new({"players": 4}, seed=s).options.first_player for s in range(30)}
    assert firsts == {0, 1, 2, 3}
    st = State.new({"players": 4}, seed=7)
    assert st.current_players() == (st.options.first_player,)
    assert st.record()["options"]["first_player"] == st.options.first_player


def test_s3_order_prefix_is_completed_canonically() -> None:
    st = game(["ra", "god:20"])
    assert [n for n in st.to_json()["deck"][:3]] == ["ra", "god:20", "god:1"]
    assert sorted(st.deck) == sorted(DECK)
    with pytest.raises(ValueError):
        game(["ra"] * 10)
    with pytest.raises(ValueError):
        game(["dragon"])


# --- §4 Kingdom end and game end -----------------------------------------------------------------------------------
def test_s4_kingdom_ends_before_any_turn_is_played() -> None:
    st = game(["ra", "ra", "ra", "god:1", "nile:2", "civ:art"])
    st.apply(A("reveal"))
    assert st.history[-1].draws == ("ra", "ra", "ra", "god:1", "nile:2", "civ:art")
    assert len(st.kingdom_points) == 1 and st.kingdom() == 1 and st.ra == 3
    v = st.view()
    assert v["kingdom"] == "middle" and v["ra"]["this_kingdom"] == 0
    old = v["kingdom_scores"][0]
    assert old["kingdom"] == "old"
    assert all(row["civilization"] == {"count": 0, "points": -5} for row in old["players"])
    assert all(row["gods"]["points"] == 0 and row["pharaohs"]["points"] == 0 for row in old["players"])
    assert st.scores() == [-5, -5, -5]
    assert phase(st) == "active_choice" and st.active == 0  # the same active player continues


def test_s4_third_ra_in_the_middle_of_a_reveal() -> None:
    order = ["ra", "god:1", "ra", "god:2", "god:3", "nile:1", "ra", "nile:2", "nile:3"]
    st = game(order, players=2, kingdom_limited=True)
    play_turn(st, {0: "card1>god1", 1: "card2>god2"})
    assert st.ra == 2 and st.kingdom_points == []
    st.apply(A("reveal"))  # seat 1 reveals nile:1, the 3rd Ra, then nile:2, nile:3 in the Middle Kingdom
    assert st.history[-1].draws == ("nile:1", "ra", "nile:2", "nile:3")
    assert [c["card"] for c in st.view()["face_up"]] == ["nile:1", "nile:2", "nile:3"]
    assert len(st.kingdom_points) == 1 and st.kingdom() == 1
    old = st.view()["kingdom_scores"][0]["players"]
    assert old[0]["gods"] == {"count": 1, "points": 0} and old[1]["gods"] == {"count": 2, "points": 5}
    assert st.view()["sheets"][0]["gods"][0]["total"] == 1  # total box written at scoring


def test_s4_ninth_ra_ends_the_game_and_discards_face_up_cards() -> None:
    st = game(["ra"] * 8 + ["god:1", "ra"])
    st.apply(A("reveal"))
    assert phase(st) == "over" and st.is_terminal() and st.current_players() == ()
    assert len(st.kingdom_points) == 3 and st.face == [] and [c for c in st.used] == [0]
    assert len(st.deck) - st.pos + len(st.used) + st.ra == 110
    assert st.bonuses == [0] * 15
    assert st.scores() == [-15, -15, -15] and st.winners() == [0, 1, 2]  # shared win: nobody has God numbers
    result = st.view()["result"]
    assert st.legal_actions() == [] and result is not None and result["tie_break"] is True
    with pytest.raises(GameOverError):
        st.apply(A("reveal"))


# --- a six-entry bonus chain from one card, built from a deck order ------------------------------------------------
def test_s2_six_entry_bonus_chain_from_one_card() -> None:
    mine = ["god:5", "god:6", "pharaoh", "pharaoh", "nile:1", "nile:2", "civ:agriculture", "civ:art"] + [
        f"monument:{t}" for t in ("fortress", "obelisk", "palace", "pyramid", "sphinx", "statue", "step_pyramid")
    ]
    mine_to = ["card1>god1", "card1>god2", "card1", "card1", "card1>nile1", "card1>nile2", "card1>civ:old",
               "card1>civ:old"] + ["card1"] * 7
    others = ["god:10", "god:11", "god:12", "god:13", "god:14", "god:15", "god:16", "god:18", "god:19",
              "god:20", "god:1", "god:2", "god:3", "god:4", "god:7", "god:8", "god:9", "nile:20", "nile:19",
              "nile:18", "nile:17", "nile:16", "nile:15", "nile:14", "nile:13", "nile:12", "nile:11", "nile:10",
              "nile:9", "nile:8"]
    order: list[str] = []
    for i, card in enumerate(mine):
        order += [card, others[2 * i], others[2 * i + 1]]
    order += ["god:17", "pharaoh", "civ:writing"]
    st = game(order, players=2)
    for i in range(len(mine)):
        play_turn(st, {0: mine_to[i], 1: 1})
    assert st.kingdom_points == [] and st.active == 1
    st.apply(A("reveal"))
    enter(st, 1, 1)
    chain = ["card1>god3", "bonus>pharaoh", "bonus>nile3=3", "bonus>civ:old:astronomy", "bonus>monument:temple",
             "bonus>god4"]
    for text in chain:
        assert 0 in st.current_players()
        st.apply(A(text), 0)
    assert phase(st) == "reveal"  # the chain is over and the turn too
    sheet = st.view()["sheets"][0]
    assert sheet["gods"][0] == {"kingdom": "old", "spaces": [5, 6, 17], "total": 28, "bonus_used": True,
                                "closed": False}
    assert sheet["gods"][1]["spaces"] == [20, None, None]
    assert sheet["pharaohs"] == {"marked": 3, "symbols_used": [True, False, False, False]}
    assert sheet["nile"]["spaces"][:3] == [1, 2, 3] and sheet["nile"]["parts_used"][0]
    assert sheet["civilization"][0]["marks"] == [True, True, True, False, False]
    assert sheet["monuments"] == {"columns": [1] * 8, "all_tops_used": True}
    assert [action_to_str(m.action) for m in st.history if m.player == 0][-6:] == chain
    assert replay(st.record()) == st


# --- the hidden deck order: stack_draws and reshuffled --------------------------------------------------------------
def test_stacked_ra_cards_end_the_kingdom_on_the_next_reveal() -> None:
    st = State.new({"players": 3}, seed=5)
    st.stack_draws(["ra", "ra", "ra", "god:1", "nile:2", "civ:art"])
    st.apply(A("reveal"))
    assert st.history[-1].draws == ("ra", "ra", "ra", "god:1", "nile:2", "civ:art")
    assert st.view()["kingdom"] == "middle" and len(st.view()["kingdom_scores"]) == 1


def test_stack_draws_names_the_first_card_not_left_and_changes_nothing() -> None:
    st = State.new({"players": 3}, seed=5)
    before = st.to_json()
    with pytest.raises(ValueError, match="no pharaoh card is left to reveal as draw 18"):
        st.stack_draws(["pharaoh"] * 18)
    with pytest.raises(ValueError, match="'dragon' is not an RA and Write card"):
        st.stack_draws(["god:1", "dragon"])
    assert st.to_json() == before


def test_a_game_with_stacked_draws_still_replays_from_its_record() -> None:
    st = State.new({"players": 2}, seed=9)
    st.apply(A("reveal"))
    rest = st.to_json()["deck"][st.pos :]
    st.stack_draws([rest[-1], rest[-2]])  # the deck no longer follows the seed
    assert st.to_json()["deck"][st.pos : st.pos + 2] == [rest[-1], rest[-2]]
    assert st.seed is None and st.order is not None
    assert replay(st.record()) == st


def test_reshuffled_keeps_what_was_drawn_and_the_cards_left() -> None:
    st = State.new({"players": 4}, seed=2)
    st.apply(A("reveal"))
    other = st.reshuffled(random.Random(1))
    assert other.deck[: st.pos] == st.deck[: st.pos] and sorted(other.deck) == sorted(st.deck)
    assert other.deck != st.deck and st.seed == 2  # the original keeps its seed
