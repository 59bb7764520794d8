"""`narrate` tells each move of RA and Write and what followed by itself, in the game's words, from two views of
one viewer: reveals and Ra cards, cards taken and where they went, bonus chains, lost cards and bonuses, Kingdom
scoring per player (docs/rules/ra-and-write.md §5), the end bonuses and the winner (§6)."""

from __future__ import annotations

import random
import re

from ra.games.write import State, narrate, sheet, str_to_action

A = str_to_action
NAMES = ["Ana", "Ben", "Cleo"]
# Keys that views and notation use, which people should never read.
KEYS = re.compile(r"\b[a-z]+:[a-z0-9]|[a-z]_[a-z]|active_choice|others_choice|pending|\bcard\d|bonus>|=\d")


def game(order: list[str], players: int = 3, **opts: object) -> State:
    return State.new({"players": players, "names": NAMES[:players], "first_player": 0, **opts}, order=order)


def told(st: State, notation: str, player: int | None = None, viewer: int | None = None) -> list[str]:
    """Apply a move and return its narration from `viewer`'s views, in English as a spectator reads it."""
    before = st.view(viewer)
    st.apply(A(notation), player)
    return [str(line) for line in narrate(before, st.view(viewer), st.history[-1])]


def chain_position() -> State:
    """The turn of docs/rules/ra-and-write.md §3 (the example with a bonus chain), Ana active."""
    st = game(["god:14", "ra", "nile:9", "pharaoh", "monument:temple", "ra", "ra", "nile:12", "god:3"])
    s = st.sheets
    s[sheet.god_at(0, 1)], s[sheet.god_at(0, 2)] = 6, 11
    s[sheet.pharaohs_at(0)] = 2
    s[sheet.nile_at(0, 1)], s[sheet.nile_at(0, 2)] = 4, 7
    s[sheet.civ_at(0, "old", "art")] = s[sheet.civ_at(0, "old", "astronomy")] = 1
    s[sheet.nile_at(1, 1)], s[sheet.nile_at(1, 4)] = 3, 12
    s[sheet.nile_at(2, 1)], s[sheet.nile_at(2, 12)] = 10, 15
    return st


def test_a_turn_with_a_bonus_chain_is_told_entry_by_entry() -> None:
    st = chain_position()
    assert told(st, "reveal") == [
        "Ana revealed God 14, a Ra card, Nile 9 and a Pharaoh.",
        "The Ra card is set aside: the first of the Old Kingdom (1 of 9 in all).",
        "Face up: God 14 (card 1), Nile 9 (card 2) and Pharaoh (card 3). Ana chooses first.",
    ]
    assert told(st, "card1>god3") == [
        "Ana took God 14 (card 1) and wrote it in Gods space 3 of the Old Kingdom.",
        "The Old Kingdom's Gods are complete, total 31: a bonus entry in Pharaohs.",
        "Ana makes it now, or declines it.",
    ]
    assert told(st, "bonus>pharaoh") == [
        "Ana made the bonus entry: Pharaohs space 3.",
        "Pharaohs space 3 carries a Nile symbol: a bonus entry in Nile.",
        "Ana makes it now, or declines it.",
    ]
    assert told(st, "bonus>nile3=8")[:2] == [
        "Ana made the bonus entry: 8 in Nile space 3.",
        "Nile spaces 1–3 are full: a bonus entry in Civilization.",
    ]
    assert told(st, "bonus>civ:old:writing")[:2] == [
        "Ana made the bonus entry: Writing in the Old Kingdom line.",
        "The Old Kingdom line has 3 Civilization marks: a bonus entry in Monuments.",
    ]
    assert told(st, "bonus>monument:sphinx") == [
        "Ana made the bonus entry: space 1 of the Sphinx column.",
        "Ben and Cleo now choose between Nile 9 (card 2) and Pharaoh (card 3).",
    ]
    assert told(st, "card2>nile2", 1) == ["Ben took Nile 9 (card 2) and wrote 9 in Nile space 2."]
    assert told(st, "card2", 2) == [
        "Cleo took Nile 9 (card 2), which has no legal space on the sheet: it is lost.",
        "Everyone has chosen: the cards leave play. Ben is the active player and reveals next.",
    ]


def test_pharaoh_monument_civilization_and_decline() -> None:
    st = game(["pharaoh", "monument:step_pyramid", "civ:art"])
    st.sheets[sheet.god_at(0, 1)] = st.sheets[sheet.god_at(0, 2)] = 5
    told(st, "reveal")
    assert told(st, "card3>civ:middle") == [
        "Ana took the Art card (card 3) and marked Art in the Middle Kingdom line.",
        "Ben and Cleo now choose between Pharaoh (card 1) and Step Pyramid (card 2).",
    ]
    assert told(st, "card1", 2) == ["Cleo took the Pharaoh (card 1) and marked Pharaohs space 1."]
    assert told(st, "card2", 1)[0] == (
        "Ben took the Step Pyramid card (card 2) and marked space 1 of the Step Pyramid column."
    )
    st = game(["god:9", "nile:1", "nile:2"])
    st.sheets[sheet.god_at(0, 1)] = st.sheets[sheet.god_at(0, 2)] = 5
    told(st, "reveal")
    told(st, "card1>god3")
    assert told(st, "decline") == [
        "Ana declined the bonus entry in Pharaohs.",
        "Ben and Cleo now choose between Nile 1 (card 2) and Nile 2 (card 3).",
    ]


def test_a_bonus_with_no_legal_space_is_told_lost() -> None:
    st = game(["god:9", "nile:1", "nile:2"])
    st.sheets[sheet.god_at(0, 1)] = st.sheets[sheet.god_at(0, 2)] = 5
    st.sheets[sheet.pharaohs_at(0)] = 12  # a full Pharaohs row: the Pharaohs bonus has nowhere to go
    told(st, "reveal")
    assert told(st, "card1>god3") == [
        "Ana took God 9 (card 1) and wrote it in Gods space 3 of the Old Kingdom.",
        "The Old Kingdom's Gods are complete, total 19: a bonus entry in Pharaohs.",
        "Ana has no legal space for it: the bonus entry is lost.",
        "Ben and Cleo now choose between Nile 1 (card 2) and Nile 2 (card 3).",
    ]


def test_the_any_section_bonus_and_a_late_gods_group() -> None:
    order = ["monument:temple", "nile:1", "nile:2", "god:7", "nile:3", "nile:4"]
    st = game(order)
    for t in ("fortress", "obelisk", "palace", "pyramid", "sphinx", "statue", "step_pyramid"):
        st.sheets[sheet.monument_at(0, t)] = 1
    told(st, "reveal")
    assert told(st, "card1")[1:3] == [
        "Every Monument column has its top space marked: a bonus entry in any section.",
        "Ana makes it now, or declines it.",
    ]
    assert told(st, "bonus>god1")[0] == "Ana made the bonus entry: 20 in Gods space 1 of the Old Kingdom."
    # A Gods group completed after its Kingdom was scored keeps the scored total (the rulings).
    st = game(["god:7", "nile:3", "nile:4"])
    st.sheets[sheet.god_at(0, 1)] = st.sheets[sheet.god_at(0, 2)] = 5
    st.sheets[sheet.god_total_at(0, "old")] = 10
    told(st, "reveal")
    assert told(st, "card1>god3")[1] == (
        "The Old Kingdom's Gods are complete, its total box keeps the scored 10: a bonus entry in Pharaohs."
    )


def test_the_third_ra_scores_the_kingdom_per_player_with_the_engines_numbers() -> None:
    st = chain_position()
    for notation, player in [("reveal", 0), ("card1>god3", 0), ("decline", 0), ("card2>nile2", 1), ("card3", 2)]:
        st.apply(A(notation), player)
    lines = told(st, "reveal")  # Ben reveals a Temple and the second and third Ra of the Old Kingdom
    assert lines[:4] == [
        "Ben revealed a Temple, a Ra card, a Ra card, Nile 12 and God 3.",
        "The Ra card is set aside: the second of the Old Kingdom (2 of 9 in all).",
        "The Ra card is set aside: the third of the Old Kingdom (3 of 9 in all).",
        "The Old Kingdom ends and is scored:",
    ]
    rows = st.view()["kingdom_scores"][0]["players"]
    for seat, name in enumerate(NAMES):
        row = rows[seat]
        total = f"{row['total']:+d}" if row["total"] else "0"
        assert lines[4 + seat].endswith(f"= {total}, score 0 → {st.scores()[seat]}.")
        assert lines[4 + seat].startswith(f"  {name}: Gods ")
    assert lines[4] == (
        "  Ana: Gods +5 (sum 31), Pharaohs +5 (2 marked), Nile +2 (2 filled), Civilization 0 (2 marks), "
        "Monuments 0 (0 columns) = +12, score 0 → 12."
    )
    assert lines[7:] == [
        "The reveal goes on in the Middle Kingdom.",
        "Face up: Temple (card 1), Nile 12 (card 2) and God 3 (card 3). Ben chooses first.",
    ]


def last_turn(players: int) -> State:
    """Eight Ra cards out and one turn of Nile cards played: Ben reveals the ninth Ra next."""
    st = game(["ra"] * 8 + ["nile:1", "nile:2", "nile:3", "ra"], players)
    st.apply(A("reveal"))
    st.apply(A("card1>nile1"), 0)
    for seat in range(1, players):
        st.apply(A("card2>nile1"), seat)
    return st


def test_the_ninth_ra_ends_the_game_with_end_bonuses_and_the_winner() -> None:
    st = last_turn(3)
    st.sheets[sheet.pharaohs_at(1)] = 12
    for t in ("pyramid", "temple"):
        st.sheets[sheet.monument_at(1, t)] = 3
    lines = told(st, "reveal", viewer=1)
    assert lines[:3] == [
        "Ben revealed a Ra card.",
        "The Ra card is set aside: the third of the New Kingdom (9 of 9 in all).",
        "The New Kingdom ends and is scored:",
    ]
    scores = st.scores()
    assert lines[6:] == [
        "The ninth Ra card ends the game: the face-up cards are discarded unused. End bonuses:",
        f"  Ana: none; final score {scores[0]}.",
        f"  Ben: all 12 Pharaohs spaces marked +10, full Monument columns +20; final score {scores[1]}.",
        f"  Cleo: none; final score {scores[2]}.",
        f"Ben wins with {scores[1]}.",
    ]


def test_a_tie_is_broken_by_god_numbers_or_shared() -> None:
    st = last_turn(2)
    lines = told(st, "reveal")
    assert st.scores()[0] == st.scores()[1] and st.winners() == [0, 1]
    assert lines[-1] == f"Ana and Ben share the win with {st.scores()[0]}: even their God numbers are the same."
    st = last_turn(2)
    st.sheets[sheet.god_at(1, 1)] = 4  # an Old Kingdom number written late: it scores nothing but breaks the tie (§6)
    lines = told(st, "reveal")
    assert lines[-1] == f"Ben wins with {st.scores()[1]}, the tie broken by the higher God numbers."


def test_a_whole_game_is_told_in_full_sentences_without_keys() -> None:
    rng = random.Random(3)
    st = State.new({"players": 4, "names": ["Ana", "Ben", "Cleo", "Dan"]}, seed=3)
    kinds: set[str] = set()
    while not st.is_terminal():
        current = st.current_players()
        player = current[0] if len(current) == 1 else rng.choice(current)
        seat_before, before = st.view(1), st.view(None)
        st.apply(rng.choice(st.legal_actions(player)), player)
        texts = narrate(before, st.view(None), st.history[-1])
        # Every sheet and score is public (§3): a seat is told exactly what a spectator is.
        assert narrate(seat_before, st.view(1), st.history[-1]) == texts
        lines = [str(text) for text in texts]
        assert lines[0].startswith(st.options.player_names()[player] + " ")
        for line in lines:
            assert not KEYS.search(line), line
            assert line.rstrip().endswith((".", ":")), line
            assert "hidden" not in line
        kinds.update(word for word in ("revealed", "took", "bonus entry:", "declined", "lost", "scored", "wins")
                     if any(word in line for line in lines))
    assert kinds >= {"revealed", "took", "bonus entry:", "declined", "lost", "scored", "wins"}
