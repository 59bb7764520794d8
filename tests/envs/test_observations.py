"""Observation vectors and masks: fixed size, documented slices, read from the view only (docs/OBSERVATIONS.md)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from env_states import random_states, replayed_with_other_bag  # noqa: E402

from ra.envs.observation import HIGH, LOW, SEATS, encoder  # noqa: E402
from ra.games import game_module  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "OBSERVATIONS.md"
GAMES = ("ra", "write")
COUNTS = (2, 3, 4, 5)


@pytest.mark.parametrize("game", GAMES)
def test_size_is_fixed_and_entries_within_bounds(game: str) -> None:
    """Every seat at every player count gets a float32 vector of the same length within [LOW, HIGH]."""
    enc = encoder(game)
    module = game_module(game)
    for players in COUNTS:
        for state in random_states(game, players, seed=players, every=7):
            for seat in range(players):
                view = state.view(seat)
                vector, mask = enc.encode(view), enc.mask(view)
                assert vector.dtype == np.float32 and vector.shape == (enc.size,)
                assert mask.dtype == np.int8 and mask.shape == (module.NUM_ACTIONS,)
                assert float(vector.min()) >= LOW and float(vector.max()) <= HIGH
                assert np.isfinite(vector).all()
                legal = state.legal_actions(seat) if seat in state.current_players() else []
                assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal)


@pytest.mark.parametrize("game", GAMES)
def test_documented_slices_match_the_code(game: str) -> None:
    """docs/OBSERVATIONS.md lists every part with the entries the encoder uses, and the total length."""
    enc = encoder(game)
    text = DOC.read_text(encoding="utf-8")
    title = "## Ra (" if game == "ra" else "## RA and Write ("
    section = text[text.index(title) :]
    section = section[: section.index("\n## ", 3)]
    assert f"({enc.size} entries)" in section
    rows = dict(re.findall(r"^\| `(\w+)` \| (\d+(?:–\d+)?) \|", section, flags=re.M))
    for name, part in enc.slices.items():
        expected = str(part.start) if part.stop - part.start == 1 else f"{part.start}–{part.stop - 1}"
        assert rows.get(name) == expected, name
    assert list(rows)[: len(enc.slices)] == list(enc.slices)


@pytest.mark.parametrize("game", GAMES)
def test_hidden_order_never_reaches_an_observation(game: str) -> None:
    """States that differ only in the undrawn order (and, in Ra, hidden scores) give identical observations."""
    enc = encoder(game)
    players = 3
    states = random_states(game, players, seed=11, every=9)
    differed = False
    for index, state in enumerate(states):
        others = [replayed_with_other_bag(state), state.reshuffled(random.Random(index))]
        for other in others:
            assert other.to_json() != state.to_json() or state.is_terminal()
            for seat in range(players):
                assert np.array_equal(enc.encode(state.view(seat)), enc.encode(other.view(seat)))
                assert np.array_equal(enc.mask(state.view(seat)), enc.mask(other.view(seat)))
        # from_view: a state with a shuffled bag/deck and (Ra) guessed hidden scores, same view for this seat
        seat = len(state.history) % players
        rebuilt = game_module(game).from_view(state.view(seat), random.Random(len(state.history)))
        assert np.array_equal(enc.encode(state.view(seat)), enc.encode(rebuilt.view(seat)))
        differed = differed or rebuilt.scores() != state.scores()
    if game == "ra":
        assert differed, "no position had hidden scores that differ"


def seat_part(enc: Any, vector: Any, part: str, relative_seat: int, per_seat: int) -> Any:
    """The entries of one relative seat inside a per-seat part."""
    start = enc.slices[part].start + per_seat * relative_seat
    return vector[start : start + per_seat]


def test_ra_parts_follow_the_view() -> None:
    """A few Ra parts, checked against the view they come from: relative seats, disks, tiles, hidden scores."""
    enc = encoder("ra")
    state = random_states("ra", 4, seed=5, every=1)[60]
    for seat in range(4):
        view = state.view(seat)
        vector = enc.encode(view)
        assert vector[enc.slices["players"]].tolist() == [0, 0, 1, 0]
        assert vector[enc.slices["seats"]].tolist() == [1, 1, 1, 1, 0]
        to_act = vector[enc.slices["to_act"]]
        assert to_act[(view["current_player"] - seat) % 4] == 1 and to_act.sum() == 1
        for r in range(SEATS):
            flags = seat_part(enc, vector, "face_up", r, 16)
            if r >= 4:
                assert not flags.any()
                continue
            other = (seat + r) % 4
            assert sorted(int(i) + 1 for i in np.flatnonzero(flags)) == sorted(view["disks"][other]["face_up"])
            scores = seat_part(enc, vector, "scores", r, 2)
            shown = view["scores"][other]
            assert scores.tolist() == ([0.0, 0.0] if shown is None else [1.0, pytest.approx(shown / 100)])
        assert view["scores"][(seat + 1) % 4] is None  # R3: another seat's score is hidden ...
        assert seat_part(enc, vector, "scores", 1, 2).tolist() == [0.0, 0.0]  # ... and so is its entry
        bag = vector[enc.slices["bag_total"]]
        assert bag[0] == pytest.approx(view["bag_total"] / 180)


def test_write_parts_follow_the_view() -> None:
    """A few RA and Write parts: relative active seat, face-up cards, sheets."""
    enc = encoder("write")
    state = random_states("write", 3, seed=8, every=1)[40]
    for seat in range(3):
        view = state.view(seat)
        vector = enc.encode(view)
        active = vector[enc.slices["active"]]
        assert active[(view["active_player"] - seat) % 3] == 1 and active.sum() == 1
        sheet = seat_part(enc, vector, "sheets", 0, 80)
        gods = [v or 0 for line in view["sheets"][seat]["gods"] for v in line["spaces"]]
        assert sheet[13:22].tolist() == pytest.approx([g / 20 for g in gods])
        assert sheet[79] == pytest.approx(view["scores"][seat] / 100)
        deck = vector[enc.slices["deck"]]
        assert deck[-1] == pytest.approx(view["deck"]["remaining"] / 110)
