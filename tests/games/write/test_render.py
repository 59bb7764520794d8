"""`render_text`: the text board of a view in the game's words only (no view keys), compact, and with what a player
needs: the Kingdom and Ra count, the face-up cards and who chose them, every sheet, scores, and who decides what."""

from __future__ import annotations

import random
import re

from ra.games.write import State, render_text, sheet, str_to_action
from ra.games.write.words import action_phrase

A = str_to_action
# View keys and enum values people should never read: `civ:art`, `step_pyramid`, `all_gods=`, phase names.
KEYS = re.compile(r"\b[a-z]+:[a-z0-9]|[A-Za-z]_[a-z]|\w=|\bphase\b|active_choice|others_choice|\bP\d\b")


def test_a_whole_game_renders_in_the_games_words() -> None:
    rng = random.Random(2)
    st = State.new({"players": 3, "names": ["Ana", "Ben", "Cleo"]}, seed=2)
    boards = 0
    while not st.is_terminal():
        current = st.current_players()
        player = current[0] if len(current) == 1 else rng.choice(current)
        st.apply(rng.choice(st.legal_actions(player)), player)
        for viewer in (None, player):
            for full in (True, False):
                text = render_text(st.view(viewer), full=full)
                assert not KEYS.search(text), KEYS.search(text)
                boards += 1
    assert boards > 400
    end = render_text(st.view(None))
    best = max(st.scores())
    won = " and ".join(["Ana", "Ben", "Cleo"][w] for w in st.winners())
    assert re.search(rf"^Game over: {won} (won|share the win) with {best}", end, flags=re.MULTILINE)
    assert "end bonuses +" in end and "Old " in end


def test_the_board_shows_cards_choices_bonuses_and_the_decision() -> None:
    st = State.new({"players": 3, "names": ["Ana", "Ben", "Cleo"], "first_player": 0},
                   order=["god:9", "ra", "monument:step_pyramid", "civ:art", "ra", "ra", "nile:1", "nile:2", "nile:3"])
    st.sheets[sheet.god_at(0, 1)] = st.sheets[sheet.god_at(0, 2)] = 5
    text = render_text(st.view(0))
    assert text.splitlines()[0] == (
        "Old Kingdom · Ra cards 0 of 3 this Kingdom (0 of 9 in all) · turn 1 · active player Ana · "
        "deck 110 cards, 9 of them Ra"
    )
    assert text.splitlines()[-1] == "To decide: Ana - reveal cards until three cards that are not Ra lie face up"
    st.apply(A("reveal"))
    st.apply(A("card1>god3"), 0)
    text = render_text(st.view(1))
    assert "Face up: [1] God 9 (reserved by Ana)   [2] Step Pyramid   [3] Art" in text
    assert "▶ Ana · score 0 · bonus entry to make in Pharaohs" in text
    assert "  Gods          Old [ 5  5  9] = 19   Middle [ ·  ·  ·]   New [ ·  ·  ·]" in text
    assert text.splitlines()[-1] == "To decide: Ana - make the bonus entry in Pharaohs, or decline it"
    st.apply(A("bonus>pharaoh"), 0)
    st.apply(A("card2"), 2)
    text = render_text(st.view(1), full=False)
    assert "Face up: [1] God 9 (reserved by Ana)   [2] Step Pyramid (chosen by Cleo)   [3] Art" in text
    # The others' sheets in a line each, their entries named as the viewer's own are (not bare counts).
    assert "Ana · score 0 · chose card 1 (God 9) · Gods Old 5 5 9 · Pharaohs 1 of 12 · Nile none" in text
    assert "Cleo · score 0 · chose card 2 (Step Pyramid) · Gods none · Pharaohs 0 of 12 · Nile none · " in text
    assert "Civilization none · Monuments Step Pyramid 1" in text
    assert "  Monuments     Step Pyramid 1 of 3 · 1 of 8 columns marked" not in text  # Cleo's sheet is one line
    assert "▶ Ben · score 0 · choosing a card\n  Gods " in text  # the viewer's own sheet in full
    assert text.splitlines()[-1] == "To decide: Ben - choose one of the two cards the active player left"
    st.apply(A("card2"), 1)
    assert "  Monuments     Step Pyramid 1 of 3 · 1 of 8 columns marked" in render_text(st.view(None))
    st.apply(A("reveal"))  # Ben reveals the second and third Ra: the Old Kingdom is scored
    text = render_text(st.view(None))
    assert "Middle Kingdom · Ra cards 0 of 3 this Kingdom (3 of 9 in all)" in text
    rows = st.view()["kingdom_scores"][0]["players"]
    assert rows[0]["total"] > 0 and f"Ana · score {st.scores()[0]} (Old +{rows[0]['total']})" in text


def test_legal_actions_read_as_instructions() -> None:
    st = State.new({"players": 3, "first_player": 0}, order=["god:14", "civ:art", "monument:step_pyramid"])
    st.sheets[sheet.pharaohs_at(0)] = 2
    st.sheets[sheet.god_at(0, 1)] = st.sheets[sheet.god_at(0, 2)] = 3
    view = st.view(0)
    assert [str(action_phrase(e, view["face_up"])) for e in view["legal_actions"]] == ["Reveal the cards"]
    st.apply(A("reveal"))
    view = st.view(0)
    phrases = {e["notation"]: str(action_phrase(e, view["face_up"])) for e in view["legal_actions"]}
    assert phrases["card1>god3"] == "Take card 1 (God 14): write 14 in Gods space 3 of the Old Kingdom"
    assert phrases["card2>civ:new"] == "Take card 2 (Art): mark Art in the New Kingdom line"
    assert phrases["card3"] == "Take card 3 (Step Pyramid): mark space 1 of the Step Pyramid column"
    st.apply(A("card1>god3"), 0)
    view = st.view(0)
    phrases = {e["notation"]: str(action_phrase(e, view["face_up"])) for e in view["legal_actions"]}
    assert phrases == {"bonus>pharaoh": "Bonus entry: mark Pharaohs space 3",
                       "decline": "Decline the bonus entry in Pharaohs"}
