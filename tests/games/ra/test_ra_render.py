"""`render_text`: the text board of a Ra view in the game's words only (no view keys or notation), compact, with what
a player needs: tracks, central disk, bag, each seat's disks, tiles and score (hidden ones hidden, R3), and who
decides what (docs/rules/ra.md §3-§7)."""

from __future__ import annotations

import random
import re

from ra_helpers import G3, act, give, put_on_track, scenario, seat0_wins

from ra.games.ra import State, render_text
from ra.games.ra.words import signed

NAMES = ["Ann", "Bo", "Cy"]
# View keys, enum values and notation that people should never read.
RAW = re.compile(r"[a-z]_[a-z]|\b[a-z]+:[a-z0-9]|\bphase\b|\bseat \d|\bturn\b - |legal|\bgods=|\bNone\b")


def test_the_board_of_a_seat_in_an_auction() -> None:
    st = give(scenario(3, ["gold"], G3, names=NAMES), 0, "pharaoh", 2)
    give(st, 0, "step_pyramid")
    act(st, "draw", "ra", "bid:4")
    assert render_text(st.view(0)) == (
        "Epoch 1 of 3 · Ra track □□□□□□□□ 0 of 8 Ra tiles · central sun disk 1 · bag 176 tiles, 30 of them Ra\n"
        "Auction track (1 of 8): Gold\n"
        "Auction: Ra was invoked by Bo · high bid 4 by Cy · Cy 4\n"
        "▶ Ann (you)  score 10 · sun disks 13 8 5 2\n"
        "    Pharaoh ×2 · Monuments: Step Pyramid\n"
        "  Bo         score hidden · sun disks 12 9 6 3\n"
        "    no tiles\n"
        "  Cy         score hidden · sun disks 11 10 7 4\n"
        "    no tiles\n"
        "To decide: Ann - bid a face-up sun disk or pass\n"
        "Your choices: pass, bid sun disk 5, bid sun disk 8, bid sun disk 13\n"
    )


def test_not_full_draws_the_others_tiles_on_their_line_named_as_ones_own() -> None:
    st = scenario(3, [], G3, names=NAMES)
    for kind, count in (("pharaoh", 2), ("nile", 2), ("flood", 1), ("art", 1), ("writing", 2), ("temple", 3)):
        give(st, 1, kind, count)
    give(st, 0, "gold")
    text = render_text(st.view(0), full=False)
    assert "    Gold\n" in text, "the viewer's own tiles in full"
    assert (
        "  Bo         score hidden · sun disks 12 9 6 3 · Pharaoh ×2 · River: Nile ×2, Flood · "
        "Civilization: Art, Writing ×2 · Monuments: Temple ×3\n"
    ) in text
    assert "    Pharaoh ×2 · River: Nile ×2, Flood · Civilization: Art, Writing ×2 · Monuments: Temple ×3\n" in (
        render_text(st.view(0))
    )
    spectator = render_text(st.view(None), full=False)
    assert "(you)" not in spectator and spectator.count("no tiles") == 1


def test_the_forced_bid_gods_and_disasters_in_words() -> None:
    st = scenario(3, ["gold"], G3, names=NAMES)
    act(st, "draw", "ra", "pass", "pass")
    assert "To decide: Bo - must bid: Ra was invoked and everyone else passed\n" in render_text(st.view(None))
    st = give(give(scenario(3, [], G3, names=NAMES), 0, "art", 2), 0, "religion", 2)
    seat0_wins(st, "war")
    text = render_text(st.view(None))
    assert "Disaster: Ann must still lose 2 civilization tiles to War\n" in text
    assert "To decide: Ann - choose 2 more tiles to lose to War (civilization tiles)\n" in text
    st = give(scenario(3, [], G3, names=NAMES), 0, "god", 2)
    put_on_track(st, "drought", "gold", "nile")
    act(st, "god:drought")
    text = render_text(st.view(0))
    assert "Spending gods: Ann · Drought taken, striking once spending stops\n" in text
    assert "Your choices: stop spending gods, spend a god on the Gold, spend a god on the Nile\n" in text


def test_scores_by_epoch_and_the_end_of_the_game() -> None:
    rng = random.Random(1)
    st = State.new({"players": 3, "names": NAMES}, seed=1)
    while st.epoch == 1:
        st.apply(rng.choice(st.legal_actions()))
    row = st.epoch_scores[0]["players"][2]
    assert f"Cy (you)  score {row['after']} (epoch 1 {signed(row['net'])})" in render_text(st.view(2))
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    text = render_text(st.view(None))
    best = max(st.scores())
    winner = NAMES[st.winners()[0]]
    assert f"Game over: {winner} won with {best}" in text and "To decide" not in text


def test_no_view_keys_or_notation_in_any_board() -> None:
    for players, seed in ((2, 5), (3, 6), (4, 7), (5, 8)):
        rng = random.Random(seed)
        st = State.new({"players": players}, seed=seed)
        moves = 0
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            moves += 1
            if moves % 7 and not st.is_terminal():
                continue
            for viewer in (None, *range(players)):
                for full in (True, False):
                    text = render_text(st.view(viewer), full=full)
                    assert not RAW.search(text), RAW.search(text)
                    assert len(text.splitlines()) <= 4 + 2 * players + 2, "compact"
