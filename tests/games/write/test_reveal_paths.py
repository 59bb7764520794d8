"""push's written-out shortcuts (the reveals without a Ra or with one Ra that ends no Kingdom, the Monuments all-tops
check, the 9th Ra's scoring in one pass) agree with the general reveal loop and with the rules as written."""

from __future__ import annotations

import random

from ra.core.protocol import Move
from ra.games.write import State
from ra.games.write.actions import REVEAL
from ra.games.write.fields import FIELDS
from ra.games.write.mechanics import NO_FACE
from ra.games.write.scorers import FINAL_SCORERS
from ra.games.write.scoring import end_bonuses, score_kingdom
from ra.games.write.sheet import ALL_TOPS_BONUS, MONUMENTS_END, MONUMENTS_START, SHEET_WIDTH
from ra.games.write.tables import KINGDOMS, RA_CODE


def _general_reveal(st: State, player: int) -> State:
    """A copy of `st` revealed by the general loop (`_reveal`), as push does when no shortcut applies."""
    other = st.clone()
    other._moves.append(Move(player, REVEAL, other._reveal()))
    return other


def _ra_before_three(st: State) -> int:
    """How many Ra cards the next reveal meets before three other cards are face up."""
    others = ras = 0
    for c in st.deck[st.pos :]:
        if others == 3:
            break
        if c == RA_CODE:
            ras += 1
        else:
            others += 1
    return ras


def test_every_reveal_matches_the_general_loop() -> None:
    """Each reveal of random games (every player count) leaves the state the general reveal loop leaves."""
    rng = random.Random(5)
    seen: set[tuple[int, bool]] = set()
    for seed in range(40):
        st = State.new({"players": 2 + seed % 4}, seed=seed)
        while not st.is_terminal():
            p = rng.choice(st.current_players())
            actions = st.legal_actions(p)
            if actions == [REVEAL]:
                ras = _ra_before_three(st)
                scores = (st.ra % 3) + ras >= 3
                seen.add((min(ras, 2), scores))
                want = _general_reveal(st, p)
                st.push(REVEAL, p)
                for name in FIELDS:
                    assert getattr(st, name) == getattr(want, name), (seed, st.turn, name)
                continue
            st.push(rng.choice(actions), p)
    # the plain reveal, the one-Ra shortcut, and the general loop's cases with scoring all came up
    assert {(0, False), (1, False), (1, True), (2, True)} <= seen


def test_all_tops_box_is_crossed_exactly_when_every_column_has_a_mark() -> None:
    """After every push of random games, a seat's all-tops box is crossed out iff all its Monument columns are marked
    (the box is crossed the moment the eighth top is marked, whether the bonus is then made, declined or lost)."""
    rng = random.Random(9)
    crossed = 0
    for seed in range(30):
        st = State.new({"players": 2 + seed % 4}, seed=seed)
        while not st.is_terminal():
            p = rng.choice(st.current_players())
            st.push(rng.choice(st.legal_actions(p)), p)
            for seat in range(st.num_players):
                b = seat * SHEET_WIDTH
                tops = all(st.sheets[b + MONUMENTS_START : b + MONUMENTS_END])
                assert st.sheets[b + ALL_TOPS_BONUS] == int(tops), (seed, st.turn, seat)
        crossed += sum(st.sheets[seat * SHEET_WIDTH + ALL_TOPS_BONUS] for seat in range(st.num_players))
    assert crossed > 0


def test_final_scorer_equals_the_last_kingdom_and_the_end_bonuses() -> None:
    """The 9th Ra's one pass (FINAL_SCORERS) gives the New Kingdom's scoring, with the boxes it fills, and the end
    bonuses scoring.py gives, over every state of random games (mid-game sheets included)."""
    rng = random.Random(3)
    bonus_seen = 0
    for seed in range(8):
        players = 2 + seed % 4
        st = State.new({"players": players, "kingdom_limited": seed % 2 == 1}, seed=seed)
        while not st.is_terminal():
            p = rng.choice(st.current_players())
            st.push(rng.choice(st.legal_actions(p)), p)
            plain, fast = st.sheets[:], st.sheets[:]
            counts, points, bonuses = FINAL_SCORERS[players](fast, fast.tobytes())
            assert (counts, points) == score_kingdom(plain, players, len(KINGDOMS) - 1)
            assert fast == plain
            assert bonuses == end_bonuses(st.sheets, players)
            bonus_seen += sum(bonuses) > 0
    assert bonus_seen > 0


def test_the_shared_empty_face_up_list_stays_empty() -> None:
    """States between turns share one empty face-up list (NO_FACE): play, clones, views, JSON and records leave it
    empty, and a state read back from JSON has a list of its own."""
    rng = random.Random(13)
    shared = 0
    for seed in range(6):
        st = State.new({"players": 2 + seed % 4}, seed=seed)
        while not st.is_terminal():
            p = rng.choice(st.current_players())
            st.push(rng.choice(st.legal_actions(p)), p)
            shared += st.face is NO_FACE
            copy = State.from_json(st.to_json())
            assert copy == st and copy.face is not NO_FACE
            st.clone().view(p)
        st.record()
    assert shared > 0 and NO_FACE == []
