"""Engine states for the research-environment tests: positions of random games, and twins that differ only in what
is hidden."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from ra.core.protocol import GameState
from ra.games import game_module

Weights = Callable[[GameState, int, str], float]  # an action's weight by its notation, for the seat deciding


def random_states(
    game: str,
    players: int,
    seed: int,
    every: int = 1,
    options: Mapping[str, object] | None = None,
    weights: Weights | None = None,
) -> list[GameState]:
    """Clones of the positions of one random game (every `every`-th decision, and the end).

    Actions are uniform among the legal ones, or drawn with `weights` (to steer games into rare phases).
    """
    module = game_module(game)
    rng = random.Random(seed)
    state = module.State.new({**(options or {}), "players": players}, seed=seed)
    out = []
    while not state.is_terminal():
        if len(state.history) % every == 0:
            out.append(state.clone())
        player = state.current_players()[0]
        legal = list(state.legal_actions(player))
        if weights is None:
            action = rng.choice(legal)
        else:
            action = rng.choices(legal, [weights(state, player, module.action_to_str(a)) for a in legal])[0]
        state.apply(action, player)
    out.append(state)
    return out


def ra_disasters(state: GameState, seat: int, name: str) -> float:
    """Weights that make Ra's disaster choices common: buy lots, draw more than call Ra."""
    return {"draw": 6.0, "ra": 1.0, "pass": 1.0, "done": 0.5}.get(name, 2.0)


def ra_spending_gods(seed: int, players: int = 3, positions: int = 3, moves: int = 12) -> list[GameState]:
    """Positions of Ra's `gods` phase (§6), rare in random play: a seat to draw is given three gods from the bag,
    as a state rebuilt from that view (a consistent position), and spends them; then the game goes on a little."""
    module = game_module("ra")
    rng = random.Random(seed)
    out: list[GameState] = []
    for state in random_states("ra", players, seed):
        view = state.view(None)
        if view["phase"] != "turn" or view["bag"]["god"] < 3 or sum(k != "god" for k in view["auction_track"]) < 3:
            continue
        seat = view["current_player"]
        tiles = [dict(t) for t in view["tiles"]]
        tiles[seat]["god"] = tiles[seat].get("god", 0) + 3
        bag = {**view["bag"], "god": view["bag"]["god"] - 3}
        given = {**state.view(seat), "tiles": tiles, "bag": bag, "bag_total": view["bag_total"] - 3}
        rebuilt = module.from_view(given, rng)
        out.append(rebuilt.clone())
        for _ in range(moves):
            if rebuilt.is_terminal():
                break
            player = rebuilt.current_players()[0]
            legal = list(rebuilt.legal_actions(player))
            gods = [a for a in legal if module.action_to_str(a).startswith("god:")]
            rebuilt.apply(rng.choice(gods or legal), player)
            out.append(rebuilt.clone())
        if len(out) >= positions * (moves + 1):
            break
    return out


def replayed_with_other_bag(state: GameState) -> GameState:
    """The same public position reached from a different undrawn order: the moves replayed from the draws alone."""
    module = game_module(state.GAME)
    record = state.record()
    drawn = [name for move in state.history for name in move.draws]
    other = module.State.new(record["options"], order=drawn)
    for move in state.history:
        other.apply(move.action, move.player)
    return other
