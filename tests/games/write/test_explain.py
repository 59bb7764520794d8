"""`explain`: what each section, face-up card, the Ra cards, the deck and each end bonus is, scores and is worth to
the viewer now — checked against the engine's own Kingdom scoring (docs/rules/ra-and-write.md §5) on constructed
positions and on random ones."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Mapping
from typing import Any

from ra.games.write import KINGDOMS, State, action_to_str, sheet, str_to_action
from ra.games.write import explain as explain_texts
from ra.games.write.scoring import score_kingdom
from ra.games.write.tables import SECTIONS

A = str_to_action
NAMES = ["Nefertari", "Khufu", "Tiye"]
THIS_KINGDOM = {  # the viewer's points this Kingdom as each section's text states them
    "gods": r"(?:; now |: )([+-]?\d+)(?: this Kingdom)? \(rules",
    "pharaohs": r"(?:; now |: )([+-]?\d+)(?: this Kingdom)? \(rules",
    "nile": r"You have \d+ filled: ([+-]?\d+) this Kingdom",
    "civilization": r"line has \d+ marks?: ([+-]?\d+) this Kingdom",
    "monuments": r"marked \(([+-]?\d+) this Kingdom",
}


def explain(view: Mapping[str, Any]) -> dict[str, Any]:
    """The explanation of a view with its texts in English, as a spectator of the seat's screen reads them."""
    result = explain_texts(view)
    return {**result, "elements": {key: str(text) for key, text in result["elements"].items()}}


def game(order: list[str], **opts: object) -> State:
    return State.new({"players": 3, "names": NAMES, "first_player": 0, **opts}, order=order)


def scored(st: State) -> dict[str, int]:
    """Seat 0's points per section in the last scored Kingdom."""
    row: Mapping[str, Any] = st.view()["kingdom_scores"][-1]["players"][0]
    return {section: row[section]["points"] for section in SECTIONS}


def finish_turn_and_score(st: State, others: str) -> None:
    """The other two seats take card `others`; then seat 1 reveals the three Ra cards that end the Kingdom."""
    st.apply(A(others), 1)
    st.apply(A(others), 2)
    st.apply(A("reveal"))
    assert len(st.view()["kingdom_scores"]) == 1


def test_every_element_is_explained_with_its_rules_section() -> None:
    st = game(["god:9", "nile:4", "civ:art"])
    st.apply(A("reveal"))
    for viewer in (None, 0, 1):
        result = explain(st.view(viewer))
        assert "lot_value" not in result  # the lot-value helper is Ra's
        assert set(result["elements"]) == {
            *SECTIONS, "card:1", "card:2", "card:3", "ra_cards", "deck",
            "all_gods", "all_pharaohs", "all_nile", "all_monument_columns", "full_monument_columns",
        }
        for key, text in result["elements"].items():
            assert re.search(r" \(rules §\d(, §\d)*\)\.?$", text), (key, text)
            assert not re.search(r"\b[a-z]+_[a-z]+\b|\b[a-z]+:[a-z0-9]", text), (key, text)
            if viewer is None:
                assert not re.search(r"\byou(r)?\b", text, flags=re.IGNORECASE), (key, text)
    spectator = explain(st.view(None))["elements"]
    assert spectator["card:1"].startswith("God 9: its number goes in any empty Gods space.")
    assert spectator["pharaohs"].endswith("Marked now: Nefertari 0, Khufu 0 and Tiye 0: nobody would score "
                                          "this Kingdom (rules §2, §5).")
    assert "110" not in spectator["deck"] and "107 cards left" in spectator["deck"]


def test_pharaohs_one_more_ties_for_five_and_the_engine_agrees() -> None:
    st = game(["pharaoh", "nile:1", "nile:2", "ra", "ra", "ra", "god:1", "god:2", "god:3"])
    for seat, marked in enumerate((3, 4, 2)):
        st.sheets[sheet.pharaohs_at(seat)] = marked
        if marked >= 3:
            st.sheets[sheet.pharaoh_symbol_at(seat, 3)] = 1
    st.apply(A("reveal"))
    elements = explain(st.view(0))["elements"]
    assert "You have 3, the most is 4 (Khufu) — one more ties for +5 this Kingdom; now 0 (rules §2, §5)." in (
        elements["pharaohs"]
    )
    assert elements["card:1"].endswith("It marks your Pharaohs space 4: +5 instead of 0 this Kingdom (rules §2, §3).")
    assert "Tiye 2: Khufu would score +5, Tiye -5" in explain(st.view(None))["elements"]["pharaohs"]
    st.apply(A("card1"), 0)
    assert explain(st.view(1))["elements"]["card:1"].startswith("Pharaoh: ") and (
        "Reserved by Nefertari: you cannot take it this turn" in explain(st.view(1))["elements"]["card:1"]
    )
    assert "You chose it this turn" in explain(st.view(0))["elements"]["card:1"]
    assert "Reserved by Nefertari (rules §2, §3)." in explain(st.view(None))["elements"]["card:1"]
    finish_turn_and_score(st, "card2>nile1")
    assert scored(st)["pharaohs"] == 5


def test_gods_sum_needed_and_completing_the_three() -> None:
    st = game(["god:8", "nile:1", "nile:2", "ra", "ra", "ra", "god:1", "god:2", "god:3"])
    st.sheets[sheet.god_at(0, 1)], st.sheets[sheet.god_at(0, 2)] = 9, 8
    for space, value in ((1, 10), (2, 10), (3, 5)):
        st.sheets[sheet.god_at(1, space)] = value
    st.sheets[sheet.god_total_at(1, "old")], st.sheets[sheet.god_bonus_at(1, "old")] = 25, 1
    st.sheets[sheet.god_at(2, 1)] = 3
    st.apply(A("reveal"))
    elements = explain(st.view(0))["elements"]
    assert "In the Old Kingdom you have 17, the most is 25 (Khufu) — 8 more tie for +5 this Kingdom; now 0" in (
        elements["gods"]
    )
    assert elements["card:1"].endswith(
        "It fits 7 empty Gods spaces of yours; in the Old Kingdom it makes your sum 25: +5 instead of 0 this "
        "Kingdom, and completes the three for a Pharaohs bonus (rules §2, §3)."
    )
    st.apply(A("card1>god3"), 0)
    st.apply(A("decline"), 0)
    finish_turn_and_score(st, "card2>nile1")
    assert scored(st)["gods"] == 5


def test_civilization_third_mark_and_the_engine_agrees() -> None:
    st = game(["civ:art", "nile:1", "nile:2", "ra", "ra", "ra", "god:1", "god:2", "god:3"])
    st.sheets[sheet.civ_at(0, "old", "writing")] = st.sheets[sheet.civ_at(0, "old", "religion")] = 1
    st.apply(A("reveal"))
    elements = explain(st.view(0))["elements"]
    assert "Your Old Kingdom line has 2 marks: 0 this Kingdom — one more makes +5 (rules §2, §5)." in (
        elements["civilization"]
    )
    assert elements["card:1"].endswith(
        "In your Old Kingdom line it makes 3 marks: +5 instead of 0 this Kingdom, and a Monuments bonus (rules §2, §3)."
    )
    assert "one more makes 0" in explain(st.view(1))["elements"]["civilization"]  # 0 marks: -5 now
    st.apply(A("card1>civ:old"), 0)
    st.apply(A("decline"), 0)
    finish_turn_and_score(st, "card2>nile1")
    assert scored(st)["civilization"] == 5


def test_nile_monuments_and_end_bonuses_progress() -> None:
    st = game(["nile:9", "monument:sphinx", "monument:temple"])
    st.sheets[sheet.nile_at(0, 1)], st.sheets[sheet.nile_at(0, 2)] = 3, 5
    st.sheets[sheet.monument_at(0, "sphinx")] = 2
    st.apply(A("reveal"))
    elements = explain(st.view(0))["elements"]
    nile = "You have 2 filled: +2 this Kingdom, and each more space is worth 1 point at each of the 3 scorings left"
    assert nile in elements["nile"]
    assert "It fits your Nile spaces 3–12: +1 at each of the 3 scorings left; space 3 would fill a part for a " \
        "Civilization bonus" in elements["card:1"]
    assert "It marks space 3 of your Sphinx column: the column is full, +10 at the end" in elements["card:2"]
    assert "It marks space 1 of your Temple column: a new column, +1 at each of the 3 scorings left" in (
        elements["card:3"]
    )
    assert "You have 1 column marked (+1 this Kingdom;" in elements["monuments"]
    assert elements["all_nile"].endswith("You have 2 of 12 (rules §6).")
    assert elements["full_monument_columns"].endswith("You have 0 full and 1 with 2 marks (rules §6).")
    assert "Now: Nefertari 2 of 12, Khufu 0 of 12 and Tiye 0 of 12" in explain(st.view(None))["elements"]["all_nile"]


def test_a_card_with_no_space_and_the_kingdom_limited_variant() -> None:
    st = game(["nile:2", "god:5", "civ:art"], kingdom_limited=True)
    st.sheets[sheet.nile_at(0, 1)] = 3
    for space in range(2, 13):
        st.sheets[sheet.nile_at(0, space)] = 20
    st.sheets[sheet.civ_at(0, "old", "art")] = 1
    st.apply(A("reveal"))
    elements = explain(st.view(0))["elements"]
    assert "It has no legal space on your sheet: taking it loses it" in elements["card:1"]
    assert elements["card:2"].startswith("God 5: its number goes in an empty Gods space of the current Kingdom.")
    assert "It has no legal space on your sheet" in elements["card:3"]  # Art only in the Old line, already marked


def test_values_match_the_engines_scoring_on_random_positions() -> None:
    claims = 0
    for seed in range(4):
        rng = random.Random(seed)
        st = State.new({"players": 2 + seed % 3}, seed=seed)
        while not st.is_terminal():
            current = st.current_players()
            player = current[0] if len(current) == 1 else rng.choice(current)
            view = st.view(player)
            frozen = copy.deepcopy(view)
            elements = explain(view)["elements"]
            assert view == frozen  # a pure function of the view
            if st.phase != 3:
                k = min(st.ra // 3, 2)
                points = score_kingdom(st.sheets[:], st.num_players, k)[1]
                for i, section in enumerate(SECTIONS):
                    found = re.search(THIS_KINGDOM[section], elements[section])
                    assert found, (section, elements[section])
                    assert int(found[1]) == points[player * len(SECTIONS) + i], (section, elements[section])
                claims += _check_card_claims(st, player, elements, k)
            st.apply(rng.choice(st.legal_actions(player)), player)
    assert claims > 50


def _check_card_claims(st: State, player: int, elements: dict[str, str], k: int) -> int:
    """Each "X instead of Y" (or "still X") this Kingdom a card states is what the engine scores; how many."""
    if player not in st.current_players() or st.sheets[sheet.pending_at(player)]:
        return 0
    checked = 0
    for slot in range(1, len(st.face) + 1):
        found = re.search(r"(?:still |: )([+-]?\d+)(?: instead of [+-]?\d+)? this Kingdom", elements[f"card:{slot}"])
        if not found:
            continue
        face = st.view()["face_up"][slot - 1]
        section = {"god": "gods", "pharaoh": "pharaohs", "civ": "civilization"}[face["kind"]]
        wanted = {"god": f"card{slot}>god", "pharaoh": f"card{slot}", "civ": f"card{slot}>civ:{KINGDOMS[k]}"}
        legal = [a for a in st.legal_actions(player) if action_to_str(a).startswith(wanted[face["kind"]])]
        if face["kind"] == "god":  # the explanation writes it in the first empty space of the current Kingdom
            legal = [a for a in legal if (int(action_to_str(a).split("god")[1]) - 1) // 3 == k]
        trial = st.clone()
        trial.push(legal[0], player)
        after = score_kingdom(trial.sheets[:], st.num_players, k)[1][player * len(SECTIONS) + SECTIONS.index(section)]
        assert int(found[1]) == after, elements[f"card:{slot}"]
        checked += 1
    return checked
