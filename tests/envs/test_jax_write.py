"""RA and Write's JAX functions (ra.envs.write.jax) against the Python engine, move for move.

Random games are played with the engine (2-5 players, default and kingdom-limited rules); the JAX version is fed
the same deck order (so every reveal draws exactly what the engine drew) and the same actions, all games of a batch
at once under vmap and lax.scan. Before every action and at the end it must give the same legal-action mask of the
seat to act, the same current player, terminal flag and scores, and the same observation vectors as the engine's
state encoder (ra.envs.write.fromstate), for the seat to act and for one more seat that turns with each step.
The slow test does the same over 1,000 games per player count.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from ra.envs.jax.common import margins  # noqa: E402
from ra.envs.observation import state_encoder  # noqa: E402
from ra.envs.write import jax as J  # noqa: E402
from ra.games.write.state import State as PyState  # noqa: E402
from ra.games.write.tables import CARD_NAMES, DECK  # noqa: E402


class Game:
    """One engine game and what the JAX version must reproduce at each step."""

    def __init__(self, players: int, seed: int, limited: bool) -> None:
        st = PyState.new({"players": players, "kingdom_limited": limited}, seed=seed)
        self.players, self.limited = players, limited
        self.deck, self.first = list(st.deck), st.active
        enc = state_encoder("write")
        rng = random.Random(seed)
        self.actions: list[int] = []
        self.masks: list[np.ndarray] = []
        self.current: list[int] = []
        self.over: list[bool] = []
        self.scores: list[np.ndarray] = []
        self.obs: list[np.ndarray] = []  # of the seat to act (seat 0 once over)
        self.obs_other: list[np.ndarray] = []  # of seat (step % players)
        while True:
            cur = st.current_players()
            legal = st.legal_actions(cur[0]) if cur else []
            mask = np.zeros(J.NUM_ACTIONS, bool)
            mask[legal] = True
            self.masks.append(mask)
            self.current.append(cur[0] if cur else -1)
            self.over.append(st.is_terminal())
            scores = np.zeros(J.SEATS, np.int32)
            scores[:players] = st.scores()
            self.scores.append(scores)
            step = len(self.actions)
            self.obs.append(enc.observe(st, cur[0] if cur else 0).copy())
            self.obs_other.append(enc.observe(st, step % players).copy())
            if not cur:
                break
            action = rng.choice(legal)
            self.actions.append(action)
            st.apply(action, cur[0])


def _record(state: J.State, step: Any) -> tuple[Any, ...]:
    """What is compared before each action: mask, current player, terminal, scores and two observations."""
    cur = J.current_player(state)
    return (J.legal_action_mask(state), cur, J.terminated(state), state.scores,
            J.observe(state, jnp.maximum(cur, 0)), J.observe(state, step % state.num_players))  # fmt: skip


def _replay_all(start: J.State, actions: Any) -> tuple[Any, ...]:
    """Every game of the batch through its actions ([steps, games]); the records before each step and at the end."""

    def one(s: J.State, a: Any, step: Any) -> tuple[J.State, tuple[Any, ...]]:
        return J.step(s, a), _record(s, step)

    def body(states: J.State, x: tuple[Any, Any]) -> Any:
        acts, step = x
        return jax.vmap(one, in_axes=(0, 0, None))(states, acts, step)

    steps = actions.shape[0]
    end, records = jax.lax.scan(body, start, (actions, jnp.arange(steps)))
    last = jax.vmap(_record, in_axes=(0, None))(end, steps)
    return tuple(jnp.concatenate([r, e[None]]) for r, e in zip(records, last, strict=True))


_replay = jax.jit(_replay_all)


def _compare(games: list[Game], steps: int) -> dict[str, int]:
    """Replay the games in JAX (padded to `steps` actions) and count the mismatches of each kind."""
    actions = np.zeros((steps, len(games)), np.int32)  # a finished game stays put whatever it is given
    for g, game in enumerate(games):
        actions[: len(game.actions), g] = game.actions
    start = jax.vmap(J.init_from_deck)(
        jnp.asarray([game.deck for game in games]), jnp.asarray([game.players for game in games]),
        jnp.asarray([game.first for game in games]), jnp.asarray([game.limited for game in games]),
    )  # fmt: skip
    masks, current, over, scores, obs, obs_other = (np.asarray(x) for x in _replay(start, jnp.asarray(actions)))
    bad = {"mask": 0, "current": 0, "terminated": 0, "scores": 0, "observation": 0, "other_observation": 0}
    for g, game in enumerate(games):
        for t in range(steps + 1):
            e = min(t, len(game.actions))  # past the end the engine's last state is expected
            bad["mask"] += int((masks[t, g] != game.masks[e]).any())
            bad["current"] += int(current[t, g] != game.current[e])
            bad["terminated"] += int(over[t, g] != game.over[e])
            bad["scores"] += int((scores[t, g] != game.scores[e]).any())
            bad["observation"] += int((obs[t, g] != game.obs[e]).any())
            if t == e:  # the turning seat follows the step number, so only before the engine's own steps
                bad["other_observation"] += int((obs_other[t, g] != game.obs_other[e]).any())
    return bad


def _games(per_count: int, seed0: int) -> list[Game]:
    """per_count games at each player count 2-5, every other one in the kingdom-limited variant."""
    return [Game(n, seed0 + 1000 * n + i, limited=i % 2 == 1) for n in range(2, 6) for i in range(per_count)]


def _check(games: list[Game]) -> None:
    steps = max(len(game.actions) for game in games)
    steps = -(-steps // 100) * 100  # a few padded lengths, so the scan compiles a few times at most
    bad = _compare(games, steps)
    assert bad == dict.fromkeys(bad, 0), bad
    assert all(game.over[-1] for game in games)


def test_jax_matches_engine_move_for_move() -> None:
    """40 random games per player count: masks, current player, terminal, scores and observations agree."""
    _check(_games(40, seed0=1))


@pytest.mark.slow
def test_jax_matches_engine_thousands() -> None:
    """1,000 random games per player count, in batches of 200."""
    games = _games(1000, seed0=100_000)
    for i in range(0, len(games), 200):
        _check(games[i : i + 200])


def test_random_games_run_to_the_end_with_legal_moves() -> None:
    """init, random_action and step under jit and vmap: each action is legal, the deck stays the deck, games end."""
    batch, steps = 16, 500  # random games last some 40-240 steps at 2-5 players
    keys = jax.random.split(jax.random.PRNGKey(7), batch)
    players = jnp.arange(batch) % 4 + 2
    states = jax.vmap(J.init)(keys, players)

    def one(s: J.State, key: Any) -> tuple[J.State, Any, Any]:
        k1, k2 = jax.random.split(key)
        mask = J.legal_action_mask(s)
        action = J.random_action(s, k1)
        live = ~J.terminated(s)
        return J.step(s, action, k2), ~live | mask[action], live

    def play(s: J.State) -> Any:
        def body(i: Any, c: tuple[J.State, Any, Any]) -> tuple[J.State, Any, Any]:
            s, legal, rewarded = c
            new, ok, _ = jax.vmap(one)(s, jax.random.split(jax.random.PRNGKey(i), batch))
            return new, legal & ok, rewarded + new.rewards

        return jax.lax.fori_loop(0, steps, body, (s, jnp.ones(batch, bool), jnp.zeros((batch, J.SEATS))))

    states, legal, rewarded = jax.jit(play)(states)
    assert np.asarray(legal).all()  # every action taken was in the mask (a live seat always has one)
    assert np.asarray(J.terminated(states)).all()
    assert (np.sort(np.asarray(states.deck), axis=1) == np.sort(np.asarray(DECK))).all()
    assert (np.asarray(states.ra) == 9).all()
    finals = np.asarray(jax.vmap(lambda s: margins(s.scores, s.num_players))(states))
    assert (np.asarray(rewarded) == finals).all()  # the rewards add up to the final margins, given once
    again = jax.vmap(J.random_step)(states, keys)  # a finished game stays put
    assert (np.asarray(again.scores) == np.asarray(states.scores)).all()
    assert (np.asarray(again.rewards) == 0).all()


def test_step_with_a_key_follows_a_fed_deck() -> None:
    """A state made by init_from_deck ignores the key: its reveal draws the given order."""
    ra = CARD_NAMES.index("ra")
    rest = list(DECK)
    for _ in range(3):
        rest.remove(ra)
    order = [ra] * 3 + rest  # three Ra cards first: the Old Kingdom is scored in the first reveal
    s = J.init_from_deck(jnp.asarray(order), 3, 0)
    s = J.step(s, 0, jax.random.PRNGKey(3))
    st = PyState.new({"players": 3, "first_player": 0}, order=[CARD_NAMES[c] for c in order])
    st.apply(0)
    assert list(np.asarray(s.face)) == st.face
    assert int(s.ra) == st.ra and int(s.pos) == st.pos
    assert list(np.asarray(s.scores)[:3]) == st.scores() == [-5, -5, -5]  # §5: no Civilization mark scores -5


def test_a_keyed_reveal_draws_uniformly_from_the_undrawn_cards() -> None:
    """From one new game, reveals under 4,000 keys show each card kind about as often as the deck holds it."""
    start = J.init(jax.random.PRNGKey(5), 3)
    keys = jax.random.split(jax.random.PRNGKey(6), 4000)
    faces = np.asarray(jax.jit(jax.vmap(lambda k: J.step(start, 0, k).face))(keys)).ravel()
    non_ra = [c for c in DECK if c != CARD_NAMES.index("ra")]
    for kind in ("pharaoh", "civ:art", "god:7"):
        code = CARD_NAMES.index(kind)
        expected = non_ra.count(code) / len(non_ra)
        seen = float((faces == code).mean())
        assert abs(seen - expected) < 4 * (expected / len(faces)) ** 0.5 + 0.002, (kind, seen, expected)


def test_step_drawn_feeds_each_reveal_its_cards() -> None:
    """From a deck in another order, step_drawn with each reveal's draws (the engine's record) replays the game."""
    step_drawn = jax.jit(J.step_drawn)
    mask_of = jax.jit(J.legal_action_mask)
    for players in range(2, 6):
        st = PyState.new({"players": players}, seed=players)
        s = J.init(jax.random.PRNGKey(players), players)._replace(active=jnp.int32(st.active))
        s = s._replace(to_act=jnp.arange(J.SEATS) == st.active)
        rng = random.Random(players)
        while not st.is_terminal():
            seat = st.current_players()[0]
            legal = st.legal_actions(seat)
            assert list(np.nonzero(np.asarray(mask_of(s)))[0]) == sorted(legal)
            action = rng.choice(legal)
            st.apply(action, seat)
            cards = np.full(J.MAX_DRAWS, -1, np.int32)
            drawn = [CARD_NAMES.index(name) for name in st.history[-1].draws]
            cards[: len(drawn)] = drawn
            s = step_drawn(s, action, jnp.asarray(cards))
        assert bool(J.terminated(s))
        assert list(np.asarray(s.scores)[:players]) == st.scores()
