"""`narrate` tells each move of Ra and what followed by itself, in the game's words, from two views of one viewer:
Ra tiles and auctions, automatic passes, who won what, lots that stay or are discarded (docs/rules/ra.md §4, §5),
gods (§6), disasters (§7), each epoch's scoring within what the viewer may see (§8, §9, R3) and the winner (§9.4)."""

from __future__ import annotations

import random
import re

from ra_helpers import G3, act, give, put_on_track, scenario

from ra.games.ra import State, action_to_str, narrate, str_to_action
from ra.games.ra import tables as T
from ra.games.ra.strikes import strikes_after_gain

NAMES = ["Ana", "Ben", "Cleo"]
# Keys that views and notation use, which people should never read.
KEYS = re.compile(r"\b[a-z]+:[a-z0-9]|[a-z]_[a-z]|\bphase\b|=\d")


def game(order: list[str], **options: object) -> State:
    """3 players with the disks of the rules' examples: Ana {13,8,5,2} starts, Ben {12,9,6,3}, Cleo {11,10,7,4}."""
    return scenario(3, order, G3, names=NAMES, **options)


def told(st: State, notation: str, viewer: int | None = None) -> list[str]:
    """Apply a move for the deciding seat and return its narration for `viewer`."""
    before = st.view(viewer)
    act(st, notation)
    return [str(line) for line in narrate(before, st.view(viewer), st.history[-1])]


def last_ra_next(st: State, *first: str) -> State:
    """Make the next Ra tile drawn, after the tiles `first`, the last of the epoch (every tile stays accounted for)."""
    for _ in range(st.ra_len - 1 - st.ra_filled):
        st.bag.remove(T.RA)
        st.ra_filled += 1
    st.stack_draws([*first, "ra"])
    return st


def test_the_auction_of_the_rules_example_is_told_with_the_drought() -> None:
    st = game(["pharaoh", "gold", "nile", "flood", "drought", "art", "ra"])
    assert told(st, "draw") == ["Ana drew a Pharaoh."]
    for _ in range(5):
        told(st, "draw")
    assert told(st, "draw") == [
        "Ana drew a Ra tile (1 of 8 this epoch).",
        "Ana becomes the Ra player: an auction for Pharaoh, Gold, Nile, Flood, Drought, Art and the central sun "
        "disk 1, in which anyone may pass.",
    ]
    assert told(st, "bid:6") == ["Ben bid sun disk 6."]
    assert told(st, "pass") == ["Cleo passed."]
    assert told(st, "bid:8") == [
        "Ana bid sun disk 8.",
        "Ana won the auction with sun disk 8: takes Pharaoh, Gold, Nile, Flood, Drought, Art and the central sun "
        "disk 1 (face down until the next epoch); sun disk 8 goes to the centre.",
        "The Drought destroyed Ana's Flood and Nile.",
    ]
    assert st.view(None)["tiles"][0] == {"gold": 1, "pharaoh": 1, "art": 1}


def test_a_forced_bid_and_automatic_passes() -> None:
    st = game(["god"])
    assert told(st, "draw") == ["Ana drew a God."]
    assert told(st, "ra") == [
        "Ben invoked Ra.",
        "An auction for God and the central sun disk 1: if everyone else passes, Ben must bid.",
    ]
    told(st, "pass")
    told(st, "pass")
    assert told(st, "bid:3") == [
        "Ben bid sun disk 3 (a forced bid: Ra was invoked and everyone else passed).",
        "Ben won the auction with sun disk 3: takes God and the central sun disk 1 (face down until the next epoch); "
        "sun disk 3 goes to the centre.",
    ]
    # Cleo invokes Ra; Ana bids 13, which neither Ben (12) nor Cleo (11) can beat: both pass by themselves.
    assert told(st, "ra")[1] == "An auction for the central sun disk 3 alone: if everyone else passes, Cleo must bid."
    assert told(st, "bid:13") == [
        "Ana bid sun disk 13.",
        "Ben passed automatically (no sun disk beats 13).",
        "Cleo passed automatically (no sun disk beats 13).",
        "Ana won the auction with sun disk 13: takes only the central sun disk 3 (face down until the next epoch); "
        "sun disk 13 goes to the centre.",
    ]


def test_a_seat_without_face_up_disks_passes_automatically_when_the_auction_starts() -> None:
    st = game(["ra"])
    st.down[1], st.up[1] = st.up[1], ()
    assert told(st, "draw") == [
        "Ana drew a Ra tile (1 of 8 this epoch).",
        "Ana becomes the Ra player: an auction for the central sun disk 1 alone, in which anyone may pass.",
        "Ben passed automatically (no face-up sun disk).",
    ]
    auction = st.view(None)["auction"]
    assert auction is not None and auction["bids"] == [{"player": 1, "disk": None}]


def test_a_lot_that_stays_and_a_full_lot_that_is_discarded() -> None:
    st = game(["gold", "ra"])
    told(st, "draw")
    told(st, "draw")  # Ben draws Ra: Cleo, Ana, Ben may all pass
    told(st, "pass")
    told(st, "pass")
    assert told(st, "pass") == ["Ben passed.", "Nobody bid: the lot stays on the auction track."]
    assert st.view(None)["auction_track"] == ["gold"]
    st = game([])
    put_on_track(st, "pharaoh", "pharaoh", "nile", "flood", "gold", "art", "temple", "war")
    assert told(st, "ra")[1] == (
        "An auction for Pharaoh ×2, Nile, Flood, Gold, Art, Temple, War and the central sun disk 1: if nobody bids, "
        "all its tiles are discarded."
    )
    told(st, "pass")
    told(st, "pass")
    assert told(st, "pass") == [
        "Ana passed.",
        "Nobody bid: all 8 tiles are discarded (Pharaoh ×2, Nile, Flood, Gold, Art, Temple and War).",
    ]


def test_gods_spent_a_disaster_taken_with_a_god_and_spending_that_stops_by_itself() -> None:
    st = give(give(game([]), 0, "god", 2), 0, "pharaoh", 3)
    put_on_track(st, "funeral", "gold")
    assert told(st, "god:funeral") == [
        "Ana spent a god to take the Funeral.",
        "The Funeral strikes Ana once the spending stops.",
    ]
    assert told(st, "god:gold") == [
        "Ana spent a god to take the Gold.",
        "Spending stops by itself: Ana has no god left.",
        "The Funeral destroyed Ana's Pharaoh ×2.",
    ]
    st = give(give(game([]), 0, "god", 2), 0, "nile")
    put_on_track(st, "drought", "god")
    assert told(st, "god:drought") == [
        "Ana spent a god to take the Drought.",
        "Spending stops by itself: no tile that a god can take is left on the auction track.",
        "The Drought destroyed Ana's Nile.",
    ]
    st = give(game([]), 0, "god", 2)
    put_on_track(st, "gold", "flood", "war")
    told(st, "god:gold")
    assert told(st, "done") == ["Ana stopped spending gods."]


def test_war_asks_for_a_choice_and_then_settles_what_is_left_by_itself() -> None:
    st = give(give(game([]), 0, "art"), 0, "religion", 2)
    put_on_track(st, "war", "earthquake")
    st.apply(str_to_action("ra"))
    told(st, "pass")
    told(st, "pass")
    assert told(st, "bid:2")[2:] == [
        "The Earthquake destroyed nothing: Ana holds no monument.",
        "Ana must choose 2 civilization tiles to lose to War.",
    ]
    assert told(st, "lose:art") == [
        "Ana gave up an Art tile to War.",
        "The War also destroyed Ana's Religion, leaving no choice.",
    ]
    st = give(give(give(game([]), 0, "art"), 0, "religion"), 0, "writing")
    put_on_track(st, "war")
    act(st, "ra", "pass", "pass", "bid:2")
    assert told(st, "lose:writing") == [
        "Ana gave up a Writing tile to War.",
        "Ana must choose 1 more civilization tile to lose to War.",
    ]


def test_the_last_ra_tile_ends_the_epoch_and_scores_are_told_as_far_as_the_viewer_may_see() -> None:
    st = give(give(last_ra_next(game([]), "gold"), 0, "pharaoh", 2), 1, "flood")
    told(st, "draw")  # Ana draws the Gold
    before = {v: st.view(v) for v in (None, 0, 1)}
    act(st, "draw")  # Ben draws the last Ra tile of epoch 1
    lines = {v: [str(line) for line in narrate(before[v], st.view(v), st.history[-1])] for v in before}
    assert lines[None] == [
        "Ben drew a Ra tile (8 of 8 this epoch).",
        "That was the last Ra tile of epoch 1: it ends at once, without an auction, and the auction track's tiles are "
        "lost (Gold).",
        "Epoch 1 is scored; scores are hidden until the end.",
        "Pharaohs, Nile tiles and monuments stay; every other tile is discarded and all sun disks turn face up. "
        "Epoch 2 begins: Ana holds the highest sun disk (13) and plays first.",
    ]
    assert lines[1][2:4] == [
        "Epoch 1 is scored:",
        "  Ben: Pharaohs -2, Nile and floods +1, Civilization -5 = -6, score 10 → 4.",
    ]
    assert lines[1][4] == "  The other players' scores are hidden until the end."
    assert lines[0][3] == "  Ana: Pharaohs +5, Civilization -5 = 0, score 10 → 10."
    for viewer in (0, 1):
        others = [NAMES[p] for p in range(3) if p != viewer]
        assert not any(re.search(rf"\b{name}\b.*score", line) for line in lines[viewer] for name in others)


def only_ana_has_a_face_up_disk(st: State) -> State:
    """Ana keeps her 13 face up; every other disk is face down: her auction win ends the epoch (§8.1b)."""
    st.down = [st.up[0][1:], st.up[1], st.up[2]]
    st.up = [st.up[0][:1], (), ()]
    return st


def test_an_epoch_ends_when_nobody_has_a_face_up_disk_and_a_score_never_falls_below_zero() -> None:
    st = only_ana_has_a_face_up_disk(give(game([], scores_visible=True), 1, "pharaoh"))
    st.points = [10, 3, 2]
    lines = told(st, "ra") + told(st, "bid:13")
    assert lines[2:5] == [
        "Ben passed automatically (no face-up sun disk).",
        "Cleo passed automatically (no face-up sun disk).",
        "Ana bid sun disk 13 (a forced bid: Ra was invoked and everyone else passed).",
    ]
    assert lines[6:] == [
        "Nobody has a face-up sun disk left: epoch 1 ends.",
        "Epoch 1 is scored:",
        "  Ana: Pharaohs -2, Civilization -5 = -7, score 10 → 3.",
        "  Ben: Pharaohs +5, Civilization -5 = 0, score 3 → 3.",
        "  Cleo: Pharaohs -2, Civilization -5 = -7, score 2 → 0 (a score never falls below 0).",
        "Pharaohs, Nile tiles and monuments stay; every other tile is discarded and all sun disks turn face up. "
        "Epoch 2 begins: Ben holds the highest sun disk (12) and plays first.",
    ]


def test_the_end_of_the_game_names_the_winner_and_the_tie_break() -> None:
    for points, end in (
        ([40, 41, 10], "The game is over: Ben wins with 41."),
        ([40, 35, 10], "The game is over: Ana and Ben tie with 35; Ben wins, holding the highest sun disk (12)."),
    ):
        st = only_ana_has_a_face_up_disk(give(give(game([]), 0, "pharaoh"), 1, "pharaoh"))
        st.epoch, st.points = 3, points
        lines = told(st, "ra", viewer=2) + told(st, "bid:13", viewer=2)
        assert lines[5] == (
            "Ana won the auction with sun disk 13: takes only the central sun disk 1 (face down for the rest of the "
            "game); sun disk 13 goes to the centre."
        )
        assert lines[6:] == [
            "Nobody has a face-up sun disk left: epoch 3 ends.",
            "Epoch 3 is scored:",  # every score is public once the game is over (R3)
            f"  Ana: Pharaohs +5, Civilization -5, Sun disks -5 = -5, score {points[0]} → {points[0] - 5}.",
            f"  Ben: Pharaohs +5, Civilization -5 = 0, score {points[1]} → {points[1]}.",
            "  Cleo: Pharaohs -2, Civilization -5, Sun disks +5 = -2, score 10 → 8.",
            end,
        ]


def _gained_and_lost(before: dict[str, int], after: dict[str, int], gained: list[str]) -> list[str]:
    """The tiles a seat lost by itself in a move: before + gained - after."""
    lost: list[str] = []
    for kind in T.KINDS:
        gone = before.get(kind, 0) + gained.count(kind) - after.get(kind, 0)
        if kind not in ("funeral", "drought", "war", "earthquake"):
            lost += [kind] * gone
    return sorted(lost)


def test_disasters_told_are_what_the_engine_destroyed_in_random_games() -> None:
    """Every auction won (not ending the epoch): the narrated strikes equal the tiles the engine removed."""
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        st = State.new({"players": 3}, seed=seed)
        while not st.is_terminal():
            before = st.view(None)
            names = [action_to_str(a) for a in st.legal_actions()]
            pick = "draw" if "draw" in names and rng.random() < 0.8 else rng.choice(names)
            act(st, pick)
            after = st.view(None)
            auction = before["auction"]
            if not auction or after["auction"] or after["epoch"] != before["epoch"] or after["result"]:
                continue
            winner = st.history[-1].player if pick.startswith("bid") else auction["high_bidder"]
            if winner is None:
                continue
            strikes = strikes_after_gain(before["tiles"][winner], before["auction_track"], {})
            if any(lost is None for _, _, lost in strikes):
                assert after["disaster"] is not None
                continue
            told_lost = sorted(k for _, _, lost in strikes for k in lost or [])
            assert told_lost == _gained_and_lost(
                before["tiles"][winner], after["tiles"][winner], before["auction_track"]
            )
            checked += bool(strikes)
    assert checked >= 5


def test_random_games_are_told_in_words_and_hidden_scores_stay_hidden() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        rng = random.Random(seed)
        st = State.new({"players": players, "names": ["Ana", "Ben", "Cleo", "Dana", "Eli"][:players]}, seed=seed)
        names = st.options.names
        while not st.is_terminal():
            viewers = [None, *range(players)]
            befores = [st.view(v) for v in viewers]
            mover = st.cur
            st.apply(rng.choice(st.legal_actions()))
            for viewer, before in zip(viewers, befores, strict=True):
                lines = [str(line) for line in narrate(before, st.view(viewer), st.history[-1])]
                assert lines[0].startswith(f"{names[mover]} ") and lines[0].endswith((".", ")."))
                for line in lines:
                    assert not KEYS.search(line), line
                    scored = re.match(r"  (\w+): .* score \d+ → \d+", line)
                    if scored and not st.is_terminal():
                        assert viewer is not None and scored[1] == names[viewer], line
