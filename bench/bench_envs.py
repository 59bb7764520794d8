"""Benchmark the research interfaces (ra.envs) next to the bare engine, in the same run, at 3 players.

Usage: python bench/bench_envs.py [--seconds S] [--rounds R] [--players N] [--games ra write]
                                  [--interfaces NAME ...] [--tournament [--tournament-games G] [--tournament-rounds R]]
Prints one key=value line per (game, interface). Agents choose uniformly among legal ids with Python's `random`
(Gymnasium's bots are `random`), so the figures measure the interfaces, not the agents. `actions_per_s` counts
engine actions (every seat's decisions); `steps_per_s` counts the interface's own steps. Baselines:

- `engine`: random legal actions with `push`, as bench/bench_ra.py (no view);
- `engine_views`: the same, plus the deciding seat's `state.view(seat)` before each action — the least any
  agent-facing interface must do, since observations come from views only.

`ratio` = actions_per_s / engine actions_per_s, `ratio_views` = actions_per_s / engine_views actions_per_s.
Each figure is the best of R rounds of S seconds, the measurements taking turns (the machine may be shared).
With --tournament it also times `ra tournament` for greedy games with `--jobs 2` and with `--ray` (local Ray).
"""

from __future__ import annotations

import argparse
import functools
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ra.games import game_module

Measure = Callable[[str, int, float], tuple[int, int, float]]  # -> (steps, actions, seconds)


def engine(game: str, players: int, seconds: float, views: bool = False) -> tuple[int, int, float]:
    """Random games through the engine alone (optionally taking the deciding seat's view before each action)."""
    module = game_module(game)
    rng = random.Random(1)
    actions = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = module.State.new({"players": players}, seed=seed)
        seed += 1
        while not state.is_terminal():
            seat = state.current_players()[0]
            if views:
                state.view(seat)
            state.push(rng.choice(state.legal_actions(seat)), seat)
        actions += len(state.history)
    return actions, actions, time.perf_counter() - start


def pettingzoo_aec(game: str, players: int, seconds: float, raw: bool = False) -> tuple[int, int, float]:
    """Whole games through `env()` (AEC, order-enforcing wrapper) or `raw_env`: last(), a legal action, step()."""
    from ra.envs.pettingzoo import env, raw_env

    table = raw_env(game=game, players=players) if raw else env(game=game, players=players)
    rng = random.Random(1)
    steps = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table.reset(seed=seed)
        seed += 1
        for _ in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            steps += 1
    return steps, steps, time.perf_counter() - start


def pettingzoo_parallel(game: str, players: int, seconds: float) -> tuple[int, int, float]:
    """Whole games through `parallel_env()`: every seat observed each step, the deciding seats' actions played."""
    from ra.envs.pettingzoo import parallel_env

    table = parallel_env(game=game, players=players)
    rng = random.Random(1)
    steps = actions = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        observations, _ = table.reset(seed=seed)
        seed += 1
        while table.agents:
            chosen = {}
            for agent, observation in observations.items():
                legal = np.flatnonzero(observation["action_mask"]).tolist()
                if legal:
                    chosen[agent] = rng.choice(legal)
            observations, *_ = table.step(chosen)
            steps += 1
        actions += len(table.game_state.history)
    return steps, actions, time.perf_counter() - start


def gymnasium_env(game: str, players: int, seconds: float) -> tuple[int, int, float]:
    """Episodes of `gymnasium.make(...)` against random bots; actions count the bots' moves too."""
    import gymnasium

    from ra.envs.gymnasium import ENV_IDS, RaEnv

    env = gymnasium.make(ENV_IDS[game], players=players, opponents="random")
    unwrapped = env.unwrapped
    assert isinstance(unwrapped, RaEnv)
    rng = random.Random(1)
    steps = actions = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, info = env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
            _, _, terminated, truncated, info = env.step(action)
            steps += 1
            done = terminated or truncated
        actions += len(unwrapped.state.history)
    return steps, actions, time.perf_counter() - start


def openspiel_game(game: str, players: int, seconds: float) -> tuple[int, int, float]:
    """Whole OpenSpiel games: random decisions, chance outcomes sampled by their probabilities."""
    import pyspiel

    import ra.envs.openspiel  # noqa: F401

    if not hasattr(game_module(game).State, "stack_draws"):
        raise RuntimeError("the engines do not provide State.stack_draws yet")
    name = {"ra": "python_ra", "write": "python_ra_and_write"}[game]
    spiel_game = pyspiel.load_game(name, {"players": players})
    rng = random.Random(1)
    steps = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights=probabilities)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        actions += len(state.engine.history)
    return steps, actions, time.perf_counter() - start


INTERFACES: dict[str, Measure] = {
    "pettingzoo_aec": pettingzoo_aec,
    "pettingzoo_raw_aec": functools.partial(pettingzoo_aec, raw=True),
    "pettingzoo_parallel": pettingzoo_parallel,
    "gymnasium": gymnasium_env,
    "openspiel": openspiel_game,
}


def tournament_times(games: int, rounds: int) -> None:
    """Wall time of `ra tournament` (greedy bots, 3 players): --jobs 2, and --ray on a local 2-CPU instance.

    `ray_s` includes starting and stopping the instance (as `--ray` does alone); `ray_running_s` uses an instance
    that is already running (as `--ray auto` does after `ray start --head`). Best of `rounds`, taking turns.
    """
    import ray

    from ra.tournament.runner import LOCAL_RAY, run_tournament

    def strip(result: Any) -> list[dict[str, Any]]:
        return [{k: v for k, v in g.items() if k != "times"} for g in result.games]

    specs = ["greedy", "greedy", "greedy"]
    best = {"jobs2": float("inf"), "ray": float("inf"), "ray_running": float("inf")}
    outcomes = []
    for _ in range(rounds):
        start = time.perf_counter()
        outcomes.append(strip(run_tournament("ra", specs, games, seed=1, jobs=2)))
        best["jobs2"] = min(best["jobs2"], time.perf_counter() - start)
        start = time.perf_counter()
        outcomes.append(strip(run_tournament("ra", specs, games, seed=1, jobs=2, ray_address=LOCAL_RAY)))
        best["ray"] = min(best["ray"], time.perf_counter() - start)
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        try:
            start = time.perf_counter()
            outcomes.append(strip(run_tournament("ra", specs, games, seed=1, ray_address=LOCAL_RAY)))
            best["ray_running"] = min(best["ray_running"], time.perf_counter() - start)
        finally:
            ray.shutdown()
    same = all(outcome == outcomes[0] for outcome in outcomes)
    jobs2 = best["jobs2"]
    print(
        f"tournament=ra players=3 games={games} jobs2_s={jobs2:.2f} ray_s={best['ray']:.2f} "
        f"ray_running_s={best['ray_running']:.2f} ray_over_jobs2={best['ray'] / jobs2:.2f} "
        f"ray_running_over_jobs2={best['ray_running'] / jobs2:.2f} same_results={same}"
    )


def best_rate(measure: Callable[[float], tuple[int, int, float]], rounds: int, seconds: float) -> tuple[float, float]:
    """The best (steps/s, actions/s) over `rounds` runs of `seconds` each (the least disturbed by other load)."""
    best_steps = best_actions = 0.0
    for _ in range(rounds):
        steps, actions, elapsed = measure(seconds)
        best_steps = max(best_steps, steps / elapsed)
        best_actions = max(best_actions, actions / elapsed)
    return best_steps, best_actions


def main() -> None:
    """Measure the engine baselines and each interface, for each game, in alternating rounds."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=0.5, help="seconds per round of a measurement")
    parser.add_argument("--rounds", type=int, default=4, help="rounds per measurement (the best is kept)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", nargs="*", default=["ra", "write"], choices=["ra", "write"])
    parser.add_argument("--interfaces", nargs="*", default=list(INTERFACES), choices=list(INTERFACES))
    parser.add_argument("--tournament", action="store_true", help="also time ra tournament --jobs 2 vs --ray")
    parser.add_argument("--tournament-games", type=int, default=200)
    parser.add_argument("--tournament-rounds", type=int, default=2, help="rounds of the tournament timing (best kept)")
    args = parser.parse_args()
    n = args.players
    for game in args.games:
        measures: dict[str, Callable[[float], tuple[int, int, float]]] = {
            "engine": functools.partial(engine, game, n),
            "engine_views": functools.partial(engine, game, n, views=True),
        }
        for name in args.interfaces:
            measures[name] = functools.partial(INTERFACES[name], game, n)
        rates: dict[str, tuple[float, float]] = {}
        skipped: dict[str, str] = {}
        for _ in range(args.rounds):  # alternate the measurements, so that other load spreads over all of them
            for name, measure in measures.items():
                if name in skipped:
                    continue
                try:
                    steps, actions = best_rate(measure, 1, args.seconds)
                except (ImportError, RuntimeError) as exc:
                    skipped[name] = str(exc)
                    continue
                old = rates.get(name, (0.0, 0.0))
                rates[name] = (max(old[0], steps), max(old[1], actions))
        base, with_views = rates["engine"][1], rates["engine_views"][1]
        for name, (steps, actions) in rates.items():
            print(
                f"game={game} players={n} interface={name} steps_per_s={steps:.0f} actions_per_s={actions:.0f} "
                f"ratio={actions / base:.2f} ratio_views={actions / with_views:.2f}"
            )
        for name, reason in skipped.items():
            print(f"game={game} players={n} interface={name} skipped={reason!r}")
    if args.tournament:
        tournament_times(args.tournament_games, args.tournament_rounds)


if __name__ == "__main__":
    main()
