"""Clones share the bag and the moves (ra.games.ra.fields) yet behave as independent copies; the written-out epoch
scoring agrees with the rules as stated."""

from __future__ import annotations

import copy
import itertools
import random

import pytest

from ra.core.protocol import Move
from ra.games.ra import State
from ra.games.ra import tables as T
from ra.games.ra.scoring import RaScoreRow, epoch_points, most_fewest, score_epoch


def _random_state(seed: int, moves: int) -> State:
    """A state after `moves` random moves (or the end of the game)."""
    rng = random.Random(seed)
    st = State.new({"players": 2 + seed % 4}, seed=seed)
    for _ in range(moves):
        if st.is_terminal():
            break
        st.push(rng.choice(st.legal_actions()))
    return st


def _replayed(st: State) -> State:
    """The same game played again from its record's start with plain lists (no clone anywhere)."""
    other = State.new(st.options.to_dict(), seed=st.seed, order=None if st.order is None else list(st.order))
    for move in st.history:
        other.push(move.action)
    return other


def test_clones_play_on_independently_from_a_shared_past() -> None:
    """A tree of clones (as search makes) gives each node exactly the bag and moves of replaying its own line."""
    rng = random.Random(3)
    for seed in range(12):
        root = _random_state(seed, 30 + seed)
        nodes = [root]
        for _ in range(25):
            parent = rng.choice(nodes)
            if parent.is_terminal():
                continue
            child = parent.clone()
            for _ in range(rng.randrange(1, 12)):
                if child.is_terminal():
                    break
                child.push(rng.choice(child.legal_actions()))
            nodes.append(child)
            if rng.random() < 0.3 and not parent.is_terminal():  # the original moves on after being cloned, too
                parent.push(rng.choice(parent.legal_actions()))
        for node in nodes:
            assert node == _replayed(node)
            assert len(node.bag) + sum(len(m.draws) for m in node.history) == T.TOTAL_TILES


def test_the_owner_of_a_clone_may_change_its_bag_in_place() -> None:
    """Shuffling or removing tiles in a clone's bag (or the original's) leaves the other state as it was."""
    for seed in range(8):
        st = _random_state(seed, 20)
        before = list(st.bag)
        other = st.clone()
        random.Random(seed).shuffle(other.bag)
        other.bag.remove(T.RA)
        assert st.bag == before
        mine = st.clone()
        st.bag.reverse()  # the original's owner changes its bag after cloning: the clone keeps the old order
        assert mine.bag == before and st.bag == before[::-1]
        assert other.bag.count(T.RA) == before.count(T.RA) - 1


def test_a_bag_held_across_a_clone_may_still_be_changed() -> None:
    """A bag list taken before a clone stays its holder's: changing it afterwards leaves the clone and its clones."""
    for seed in range(6):
        st = _random_state(seed, 15)
        held = st.bag
        size = st.bag_size
        child = st.clone()
        grandchild = child.clone()
        expected = list(held)
        held.clear()
        assert child.bag_size == grandchild.bag_size == size and st.bag_size == 0
        assert child.bag == expected and grandchild.bag == expected


def test_a_draw_after_the_bag_was_changed_takes_the_changed_bag() -> None:
    """A bag handed out and changed by its owner is the one the next draw takes from, on clone and original."""
    st = State.new({"players": 3}, seed=5)
    top, bottom = st.bag[-1], st.bag[0]
    other = st.clone()
    other.bag.append(T.GOLD)  # stack a gold tile on top
    other.push(0)
    assert other.history[-1].draws == ("gold",) and other.track == [T.GOLD]
    st.bag.insert(0, T.WAR)  # at the bottom: the next draw is still the old top
    st.push(0)
    assert st.history[-1].draws == (T.KINDS[top],) and st.bag[0] == T.WAR and other.bag[0] == bottom


def test_history_reads_as_a_list_of_moves_and_grows_in_place() -> None:
    """`history` is a list of Move that the state keeps growing while nobody clones it; setting it replaces it."""
    rng = random.Random(1)
    st = _random_state(4, 15)
    st.clone()  # the moves so far become a shared segment
    st.push(rng.choice(st.legal_actions()))
    moves = st.history
    assert isinstance(moves, list) and all(isinstance(m, Move) for m in moves) and len(moves) == 16
    st.push(rng.choice(st.legal_actions()))
    assert st.history is moves and len(moves) == 17 and moves[-1] == st.history[-1]
    st.history = moves[:3]
    assert st.history == moves[:3]


def _plain_score_epoch(
    held: list[int], players: int, final: bool, totals: list[int], scores: list[int], floor: str
) -> tuple[list[int], list[RaScoreRow]]:
    """§9 as written, category by category, for comparison with the written-out `score_epoch`."""
    pharaohs_held = [held[p * T.NUM_KINDS + T.PHARAOH] for p in range(players)]
    pharaohs = most_fewest(pharaohs_held, T.PHARAOH_MOST, T.PHARAOH_FEWEST)
    sun = most_fewest(totals, T.SUN_DISK_MOST, T.SUN_DISK_FEWEST)
    rows: list[RaScoreRow] = []
    for p in range(players):
        count = [held[p * T.NUM_KINDS + k] for k in range(T.NUM_KINDS)]
        cats = {
            "gods": T.GOD_POINTS * count[T.GOD],
            "gold": T.GOLD_POINTS * count[T.GOLD],
            "pharaohs": pharaohs[p],
            "river": (count[T.NILE] + count[T.FLOOD]) * T.RIVER_POINTS if count[T.FLOOD] > 0 else 0,
            "civilization": T.CIV_POINTS[len([k for k in T.CIVILIZATION if count[k] > 0])],
        }
        regular = sum(cats.values())
        bonus = 0
        if final:
            kinds = len([k for k in T.MONUMENTS if count[k] > 0])
            cats["monuments"] = T.MONUMENT_VARIETY[kinds] + sum(T.MONUMENT_SAME[count[k]] for k in T.MONUMENTS)
            cats["sun_disks"] = sun[p]
            bonus = cats["monuments"] + cats["sun_disks"]
        if final and floor == "twice":
            after = max(0, max(0, scores[p] + regular) + bonus)
        else:
            after = max(0, scores[p] + regular + bonus)
        rows.append({"categories": cats, "net": regular + bonus, "before": scores[p], "after": after})
    return [r["after"] for r in rows], rows


@pytest.mark.parametrize("floor", T.FINAL_FLOOR_RULES)
def test_score_epoch_agrees_with_the_rules_as_written(floor: str) -> None:
    """Random holdings, scores near the floor and disk totals score alike in all versions, breakdowns included."""
    rng = random.Random(11)
    for _ in range(400):
        players = rng.randrange(2, 6)
        never_held = (T.RA, *T.DISASTERS)
        held = [
            0 if k % T.NUM_KINDS in never_held else rng.choice((0, 0, 1, 2, 3, 5)) for k in range(players * T.NUM_KINDS)
        ]
        totals = [rng.randrange(5, 40) for _ in range(players)]
        scores = [rng.randrange(0, 25) for _ in range(players)]
        for final in (False, True):
            got = score_epoch(held, players, final, totals, scores, floor)
            assert got == _plain_score_epoch(held, players, final, totals, scores, floor)
            assert epoch_points(held, players, final, totals, scores, floor) == got[0]  # the hot path's points
            order = T.EPOCH_CATEGORIES + (T.FINAL_CATEGORIES if final else ())
            assert all(tuple(row["categories"]) == order for row in got[1])


def test_epoch_scores_are_built_when_read_and_shared_by_clones() -> None:
    """The rows kept unbuilt at an epoch's end read as score_epoch's rows, in a clone too, and the points match."""
    for seed in range(6):
        st = _random_state(seed, 400)
        assert st.is_terminal() and len(st._scored) + len(st._due) == 3
        other = st.clone()
        rows = st.epoch_scores
        assert [e["epoch"] for e in rows] == [1, 2, 3]
        assert [r["after"] for r in rows[-1]["players"]] == st.points
        assert other.epoch_scores == rows and other == _replayed(st)
        for before, after in itertools.pairwise(rows):
            assert [r["before"] for r in after["players"]] == [r["after"] for r in before["players"]]


def test_points_add_up_the_ended_epochs_when_read() -> None:
    """An epoch's end only notes its scoring; reading `points` (in a clone or not) adds up exactly score_epoch's."""
    kept = [k for k in range(T.NUM_KINDS) if k in T.SCARAB]
    for seed in range(8):
        rng = random.Random(seed)
        st = State.new({"players": 2 + seed % 4}, seed=seed)
        n, expected, noted = st.num_players, st.points, 0
        while not st.is_terminal():
            epoch = st.epoch
            st.push(rng.choice(st.legal_actions()))
            if st.epoch == epoch and not st.is_terminal():
                continue
            noted += 1
            assert len(st._due) == noted  # noted, not added up yet
            _, held, final, totals, _ = st._due[-1]
            assert final == st.is_terminal() and len(totals) == (n if final else 0)
            for p in range(n):  # §8.2.4: the noted holdings are those before the epoch end's discards
                assert [st.held[p * T.NUM_KINDS + k] for k in kept] == [held[p * T.NUM_KINDS + k] for k in kept]
            expected = score_epoch(held, n, final, totals, expected, "once")[0]
            roll = rng.random()
            if roll < 0.3:  # a clone: the original adds its notes up first, so that clones share the result
                other = st.clone()
                assert not st._due and not other._due and other._points is st._points
                assert other.points == expected == st.points
                noted = 0
            elif roll < 0.6:  # a read
                assert st.points == expected and not st._due
                noted = 0
            # otherwise the notes of two epochs pile up
        assert st.points == expected and [r["after"] for r in st.epoch_scores[-1]["players"]] == expected


def test_points_set_while_an_epoch_is_noted_keep_its_scoring_rows() -> None:
    """Scores written over a state whose ended epochs are only noted replace the scores, not the epochs' rows."""
    for seed in range(4):
        st = _random_state(seed, 400)
        assert st._due  # the ended epochs are noted, not added up
        plain = copy.deepcopy(st)  # a copy with the notes still pending (a clone would add them up first)
        st.points = [7] * st.num_players
        assert st.points == [7] * st.num_players and not st._due
        assert st.epoch_scores == plain.epoch_scores and len(st.epoch_scores) == 3
