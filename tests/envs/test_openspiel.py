"""OpenSpiel: random_sim_test at 2-5 players, chance nodes from the public counts, and IS-MCTS playing whole games."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import ra.games.write as write_game  # noqa: E402
from ra.games import game_module, replay  # noqa: E402

if not all(hasattr(game_module(g).State, "stack_draws") for g in ("ra", "write")):
    pytest.skip("the engines do not provide State.stack_draws yet", allow_module_level=True)

from open_spiel.python.observation import make_observation  # noqa: E402

import ra.envs.openspiel  # noqa: E402  (registers the games)
from ra.envs.openspiel import MAX_GAME_LENGTH  # noqa: E402

NAMES = {"ra": "python_ra", "write": "python_ra_and_write"}
CASES = [(game, players) for game in ("ra", "write") for players in (2, 3, 4, 5)]


def sim_test(game: str, players: int, sims: int, infostate: str = "full") -> None:
    """OpenSpiel's random-simulation test for one game, player count and information-state tensor."""
    spiel_game = pyspiel.load_game(NAMES[game], {"players": players, "infostate": infostate})
    pyspiel.random_sim_test(spiel_game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_sim_test(game: str, players: int) -> None:
    """pyspiel.random_sim_test passes (API consistency over a whole random game)."""
    sim_test(game, players, sims=1)


@pytest.mark.slow
@pytest.mark.parametrize("infostate", ["full", "compact"])
@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_sim_test_many_games(game: str, players: int, infostate: str) -> None:
    """pyspiel.random_sim_test passes over 20 random games, with either information-state tensor."""
    sim_test(game, players, sims=20, infostate=infostate)


@pytest.mark.parametrize(("game", "players"), [(game, players) for game in ("ra", "write") for players in (2, 5)])
def test_random_sim_test_with_the_compact_information_state(game: str, players: int) -> None:
    """pyspiel.random_sim_test (serialisation included) passes with infostate="compact" too."""
    spiel_game = pyspiel.load_game(NAMES[game], {"players": players, "infostate": "compact"})
    saved = pyspiel.serialize_game_and_state(spiel_game, spiel_game.new_initial_state())
    assert pyspiel.deserialize_game_and_state(saved)[0].get_parameters()["infostate"] == "compact"
    sim_test(game, players, sims=1, infostate="compact")


def play_random(game: str, players: int, seed: int) -> Any:
    """One whole game with random decisions and chance outcomes drawn by their probabilities."""
    rng = np.random.default_rng(seed)
    state = pyspiel.load_game(NAMES[game], {"players": players}).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            assert sum(probabilities) == pytest.approx(1.0)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("game", ["ra", "write"])
def test_chance_outcomes_are_the_engine_draws(game: str) -> None:
    """The chance outcomes after the set-up are exactly the engine's draws; the record replays to the returns."""
    state = play_random(game, 3, seed=7)
    engine = state.engine
    history = state.public_history().split()
    spiel_draws = [text.split(":", 1)[1] for text in history if text.startswith(("draw:", "card:"))]
    assert spiel_draws == [name for move in engine.history for name in move.draws]
    assert replay(engine.record()).scores() == engine.scores()
    replayed = replay({**engine.record(), "seed": None, "order": None})  # from the draws alone
    assert replayed.scores() == engine.scores()
    scores = engine.scores()
    assert state.returns() == [s - max(scores[:i] + scores[i + 1 :]) for i, s in enumerate(scores)]
    assert len(state.history()) <= MAX_GAME_LENGTH[game]


def test_chance_probabilities_follow_the_public_counts() -> None:
    """A Ra draw's outcomes are the bag's kinds with probability count / total; a reveal asks card by card."""
    game = pyspiel.load_game("python_ra", {"players": 3})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 6  # 3! deals of the disk groups
    state.apply_action(0)
    assert state.legal_actions() == sorted(state.engine.legal_actions())
    state.apply_action(0)  # draw
    assert state.is_chance_node()
    bag = state.engine.view(None)["bag"]
    kinds = list(bag)
    expected = sorted((kinds.index(k), c / 180) for k, c in bag.items() if c)
    outcomes = state.chance_outcomes()
    assert [kind for kind, _ in outcomes] == [kind for kind, _ in expected]
    assert [p for _, p in outcomes] == pytest.approx([p for _, p in expected])
    state.apply_action(kinds.index("gold"))
    assert state.engine.view(None)["auction_track"] == ["gold"]

    write = pyspiel.load_game("python_ra_and_write", {"players": 2}).new_initial_state()
    write.apply_action(1)  # seat 1 starts
    assert write.current_player() == 1
    write.apply_action(0)  # reveal
    names = list(write_game.CARD_NAMES)
    for card in ("ra", "god:3", "ra", "nile:7"):
        assert write.is_chance_node()
        write.apply_action(names.index(card))
    assert write.is_chance_node()  # two non-Ra cards so far: the reveal goes on
    write.apply_action(names.index("pharaoh"))
    assert not write.is_chance_node()
    assert [f["card"] for f in write.engine.view(None)["face_up"]] == ["god:3", "nile:7", "pharaoh"]
    assert write.engine.history[-1].draws == ("ra", "god:3", "ra", "nile:7", "pharaoh")


def test_observation_and_information_state() -> None:
    """Tensors are the seat's observation vector; the information-state string is the seat and public history."""
    from ra.envs.observation import encoder

    state = play_random("ra", 3, seed=3)
    game = pyspiel.load_game("python_ra", {"players": 3})
    fresh = game.new_initial_state()
    rng = random.Random(1)
    for action in state.history()[:40]:
        fresh.apply_action(action)
        if fresh.is_chance_node() or fresh.is_terminal():
            continue
        seat = rng.randrange(3)
        vector = encoder("ra").encode(fresh.engine.view(seat))
        assert np.array_equal(np.asarray(fresh.observation_tensor(seat), np.float32), vector)
        assert fresh.information_state_string(seat).startswith(f"p{seat} deal:")
        assert fresh.information_state_string(seat)[3:] == fresh.information_state_string((seat + 1) % 3)[3:]


@pytest.mark.parametrize("game", ["ra", "write"])
def test_information_set_mcts_plays_whole_games(game: str) -> None:
    """OpenSpiel's IS-MCTS (random-rollout evaluator) plays a seat of complete 2-player games through the adapter."""
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    spiel_game = pyspiel.load_game(NAMES[game], {"players": 2})
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(spiel_game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
    state = spiel_game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert decisions > 10 and state.engine.is_terminal()
    assert len(state.returns()) == 2


def decoded_history(state: Any, seat: int, slots: int) -> list[tuple[int, int]]:
    """The history rows of the seat's information-state tensor, decoded to (actor column, id)."""
    from ra.envs.recall import ACTOR_COLUMNS

    size = len(state.observation_tensor(seat))
    rows = np.asarray(state.information_state_tensor(seat), np.float32)[size:].reshape(slots, -1)
    out = []
    for row in rows:
        if not row[:ACTOR_COLUMNS].any():
            break
        actor = int(np.flatnonzero(row[:ACTOR_COLUMNS])[0])
        ident = int(sum(int(bit) << i for i, bit in enumerate(row[ACTOR_COLUMNS:])))
        out.append((actor, ident))
    assert not rows[len(out) :].any()
    return out


@pytest.mark.parametrize("game", ["ra", "write"])
def test_information_state_tensor_has_perfect_recall(game: str) -> None:
    """The information-state tensor: the seat's observation, then every move and outcome (actor relative, id)."""
    spiel_game = pyspiel.load_game(NAMES[game], {"players": 3})
    state = play_random(game, 3, seed=4)
    replay_state = spiel_game.new_initial_state()
    tensors: set[bytes] = set()
    sampled = 0
    for index, action in enumerate(state.history()):
        if not replay_state.is_chance_node() and index % 7 == 0:
            seat = replay_state.current_player()
            vector = np.asarray(replay_state.information_state_tensor(seat), np.float32)
            observation = np.asarray(replay_state.observation_tensor(seat), np.float32)
            assert vector.shape == tuple(spiel_game.information_state_tensor_shape())
            assert np.array_equal(vector[: observation.size], observation)
            expected = [
                (5 if step.player < 0 else (step.player - seat) % 3, step.action)
                for step in replay_state.full_history()
            ]
            assert decoded_history(replay_state, seat, MAX_GAME_LENGTH[game]) == expected
            tensors.add(vector.tobytes())
            sampled += 1
        replay_state.apply_action(action)
    assert sampled > 10 and len(tensors) == sampled  # different histories, different tensors


def snapshot(state: Any) -> tuple[list[int], Any, str]:
    """What a state is: its history, its engine state in full, its information-state string."""
    engine = None if len(state.history()) == 0 else state.engine.to_json()
    return state.history(), engine, state.information_state_string(0)


@pytest.mark.parametrize("game", ["ra", "write"])
def test_clones_are_independent_and_chance_follows_the_public_counts(game: str) -> None:
    """A clone shares the engine until one of the two moves (copy on write); neither sees the other's moves. The
    chance outcomes are the view's public counts of what is undrawn, along whole games."""
    rng = np.random.default_rng(3)
    spiel_game = pyspiel.load_game(NAMES[game], {"players": 3})
    state = spiel_game.new_initial_state()
    chance = ra.envs.openspiel.SPECS[game].chance
    while not state.is_terminal():
        if state.is_chance_node() and len(state.history()) > 1:
            counts = chance.undrawn(state.engine.view(None))
            steps = state.full_history()
            while steps[-1].player < 0:  # the draws of the decision waiting for them (a reveal's cards so far)
                counts[chance.outcomes[steps.pop().action]] -= 1
            total = sum(counts.values())
            expected = sorted((chance.outcomes.index(k), c / total) for k, c in counts.items() if c)
            assert state.chance_outcomes() == pytest.approx(expected)
        before = snapshot(state)
        history = state.history()
        clone = state.clone()
        legal = clone.legal_actions()
        clone.apply_action(int(rng.choice(legal)))
        assert snapshot(state) == before
        again = clone.clone()
        if not clone.is_terminal():
            clone.apply_action(int(rng.choice(clone.legal_actions())))
            assert again.history() == [*history, clone.history()[len(history)]]
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_mcts_with_engine_rollouts_plays_whole_games() -> None:
    """OpenSpiel's MCTS bot with EngineRollouts plays every seat of a 3-player Ra game; rollouts leave states alone."""
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    from ra.envs.rollouts import EngineRollouts

    spiel_game = pyspiel.load_game("python_ra", {"players": 3})
    evaluator = EngineRollouts(n_rollouts=2, seed=1)
    rng = np.random.RandomState(2)
    bot = mcts.MCTSBot(spiel_game, 2.0, 8, evaluator, random_state=rng, solve=False)
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        before = state.engine.to_json()
        values = evaluator.evaluate(state)
        assert values.shape == (3,) and state.engine.to_json() == before
        prior = evaluator.prior(state)
        assert [a for a, _ in prior] == state.legal_actions() and sum(p for _, p in prior) == pytest.approx(1.0)
        state.apply_action(bot.step(state))
    assert state.engine.is_terminal() and len(state.returns()) == 3


@pytest.mark.parametrize("game", ["ra", "write"])
def test_compact_information_state_summarises_the_history(game: str) -> None:
    """infostate="compact": the observation, every seat's score, per-seat action counts, the last moves, the length."""
    from ra.envs.recall import ACTOR_COLUMNS, RECENT

    module = game_module(game)
    actions, length_bound = int(module.NUM_ACTIONS), MAX_GAME_LENGTH[game]
    compact = pyspiel.load_game(NAMES[game], {"players": 3, "infostate": "compact"})
    full = pyspiel.load_game(NAMES[game], {"players": 3})
    bits = (full.information_state_tensor_shape()[0] - len(full.new_initial_state().observation_tensor(0)))
    bits = bits // length_bound - ACTOR_COLUMNS
    size = {"ra": 425, "write": 621}[game]
    assert compact.information_state_tensor_shape() == [size + 5 + 5 * actions + RECENT * (ACTOR_COLUMNS + bits) + 1]
    assert compact.information_state_tensor_shape()[0] * 5 < full.information_state_tensor_shape()[0]
    observer = make_observation(compact, pyspiel.IIGObservationType(perfect_recall=True))
    assert list(observer.dict) == ["observation", "scores", "counts", "recent", "length"]
    other = make_observation(full, pyspiel.IIGObservationType(perfect_recall=True), {"infostate": "compact"})
    assert other.tensor.size == observer.tensor.size  # an observer may ask for the summary of a full game
    state = play_random(game, 3, seed=6)
    replay_state, twin = compact.new_initial_state(), full.new_initial_state()
    sampled = 0
    for index, action in enumerate(state.history()):
        if not replay_state.is_chance_node() and index % 11 == 0:
            seat = replay_state.current_player()
            vector = np.asarray(replay_state.information_state_tensor(seat), np.float32)
            observer.set_from(replay_state, seat)
            assert np.array_equal(vector, observer.tensor)
            assert np.array_equal(observer.dict["observation"], replay_state.observation_tensor(seat))
            assert replay_state.information_state_string(seat) == twin.information_state_string(seat)
            moves = [(5 if step.player < 0 else (step.player - seat) % 3, step.action)
                     for step in replay_state.full_history()]  # fmt: skip
            counts = np.rint(2 ** (observer.dict["counts"] * np.log2(1 + length_bound)) - 1).astype(int)
            expected = np.zeros((5, actions), int)
            for actor, ident in moves:
                if actor != 5:  # chance outcomes are not counted (the observation holds what was drawn)
                    expected[actor, ident] += 1
            assert np.array_equal(counts, expected)
            recent = observer.dict["recent"]
            decoded = [(int(np.flatnonzero(row[:ACTOR_COLUMNS])[0]), int(row[ACTOR_COLUMNS:] @ (1 << np.arange(bits))))
                       for row in recent if row.any()]  # fmt: skip
            assert decoded == moves[::-1][:RECENT] and not recent[len(decoded) :].any()
            assert observer.dict["length"][0] == pytest.approx(len(moves) / length_bound)
            scores = replay_state.engine.scores()
            relative = [scores[(seat + r) % 3] / 100 for r in range(3)]
            assert observer.dict["scores"][:3].tolist() == pytest.approx(relative)
            sampled += 1
        replay_state.apply_action(action)
        twin.apply_action(action)
    assert sampled > 5


def test_compact_scores_are_what_visible_scores_show() -> None:
    """Ra with hidden scores (R3): the compact summary's scores are those a table with visible scores shows then."""
    from ra.envs.observation import encoder

    hidden = pyspiel.load_game("python_ra", {"players": 3, "infostate": "compact"})
    shown = pyspiel.load_game("python_ra", {"players": 3, "scores_visible": True})
    state = play_random("ra", 3, seed=9)
    a, b = hidden.new_initial_state(), shown.new_initial_state()
    observer = make_observation(hidden, pyspiel.IIGObservationType(perfect_recall=True))
    scores_part = encoder("ra").slices["scores"]
    differed = 0
    for action in state.history():
        a.apply_action(action)
        b.apply_action(action)
        if a.is_chance_node() or a.is_terminal():
            continue
        seat = a.current_player()
        observer.set_from(a, seat)
        visible = np.asarray(b.observation_tensor(seat), np.float32)[scores_part].reshape(5, 2)
        assert visible[:3, 0].all()  # every score shown on that table
        assert np.allclose(observer.dict["scores"], visible[:, 1])
        own_view = np.asarray(a.observation_tensor(seat), np.float32)[scores_part].reshape(5, 2)
        differed += int(not np.allclose(own_view[:, 1], visible[:, 1]))
    assert differed > 0  # the hidden table's own observation did not show them


def test_bad_infostate_is_refused() -> None:
    """An unknown infostate parameter is reported when the game is loaded."""
    with pytest.raises(Exception, match="infostate"):
        pyspiel.load_game("python_ra", {"infostate": "short"})
