"""Illegal actions raise the right IllegalActionError subclass with a useful message and change nothing."""

from __future__ import annotations

import pytest
from ra_helpers import G3, act, give, play_random, scenario, seat0_wins

from ra.core import GameOverError, IllegalActionError, NotYourTurnError, UnknownActionError
from ra.games.ra import NUM_ACTIONS, State, str_to_action


def assert_illegal(st: State, text: str, error: type[Exception], match: str, player: int | None = None) -> None:
    before = st.to_json()
    with pytest.raises(error, match=match):
        st.apply(str_to_action(text), player)
    assert st.to_json() == before


def full_track() -> State:
    st = scenario(3, ["gold"] * 5 + ["nile"] * 3, G3)
    return act(st, *["draw"] * 8)


@pytest.mark.parametrize(
    ("setup", "text", "match"),
    [
        ("full", "draw", "you cannot draw: the auction track is full"),
        ("turn", "pass", "no auction to pass in"),
        ("turn", "bid:13", "no auction to bid in"),
        ("turn", "done", "not spending gods"),
        ("turn", "lose:art", "no disaster to resolve"),
        ("turn", "god:gold", "you hold no god tile"),
        ("forced", "pass", "you must bid: you invoked Ra with a non-full auction track"),
        ("forced", "bid:13", "you cannot bid disk 13: it is not yours"),
        ("auction", "draw", "an auction is under way"),
        ("auction", "bid:2", "disk 2 does not beat the high bid 4"),
        ("war", "draw", "you must first choose 2 more civilization"),
        ("war", "lose:temple", "War destroys civilization tiles, not Temple"),
        ("war", "lose:writing", "you hold no Writing tile"),
    ],
)
def test_illegal_actions_explain_why(setup: str, text: str, match: str) -> None:
    if setup == "full":
        st = full_track()
    elif setup == "turn":
        st = scenario(3, [], G3)
    elif setup == "forced":
        st = act(scenario(3, ["gold"], G3), "draw", "ra", "pass", "pass")
    elif setup == "auction":
        st = act(scenario(3, ["gold"], G3), "draw", "ra", "bid:4")
    else:
        st = give(give(scenario(3, [], G3), 0, "art", 2), 0, "religion", 2)
        seat0_wins(st, "war")
    assert_illegal(st, text, IllegalActionError, match)


def test_god_messages() -> None:
    st = give(scenario(3, ["god", "gold"], G3), 2, "god")
    act(st, "draw", "draw")
    assert_illegal(st, "god:god", IllegalActionError, "a god cannot take a god tile")
    assert_illegal(st, "god:nile", IllegalActionError, "there is no Nile tile on the auction track")


def test_not_your_turn() -> None:
    st = scenario(3, [], G3)
    assert_illegal(st, "draw", NotYourTurnError, "it is Player 1's decision, not Player 2's", player=1)
    assert not st.legal_actions(1) and list(st.legal_actions(0)) == [0, 1]


def test_unknown_action_ids() -> None:
    st = scenario(3, [], G3)
    before = st.to_json()
    for bad in (-1, NUM_ACTIONS, 10_000, True):
        with pytest.raises(UnknownActionError):
            st.apply(bad)
    assert st.to_json() == before


def test_game_over() -> None:
    st = play_random(2, seed=3)
    assert_illegal(st, "draw", GameOverError, "the game is over")
