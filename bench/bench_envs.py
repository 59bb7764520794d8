"""Benchmark the research interfaces (ra.envs) in steps per CPU-second, next to the bare engine, at 3 players.

Usage: python bench/bench_envs.py [--seconds S] [--rounds R] [--players N] [--games ra write]
                                  [--measures NAME ...] [--sizes N ...] [--scaling] [--against SRC]
                                  [--tournament [--tournament-games G] [--tournament-rounds R]]

Prints one key=value line per (game, measure): the median over R rounds of S CPU-seconds (`time.process_time`,
so other load on the machine slows a figure less than it would wall time), the measures taking turns round by
round, and the load average before and after (`load`). Each measurement runs in a fresh interpreter. With
`--against SRC` (the `src` folder of another checkout, e.g. a worktree of the base commit) every measure also runs
against that code, alternating with this one, and the line adds `base_...` and `speedup`; a measure the other code
lacks is reported as skipped. Agents choose uniformly among legal ids, so the figures measure the interfaces.

- `engine`: random legal actions with `push` (as bench/bench_ra.py); `engine_views`: the same, plus the deciding
  seat's `view` before each action (what any view-based interface must pay);
- `pettingzoo_aec`: whole games through `env()` (order-enforcing wrapper): `last()`, a random id of the mask,
  `step()`, PettingZoo's `performance_benchmark` loop; `pettingzoo_raw_aec` without the wrapper;
  `pettingzoo_parallel`: every seat observed each step;
- `gymnasium`: episodes of `gymnasium.make(...)` against random bots (`actions` counts the bots' moves too);
- `vector_N`: the batched environment (`ra.envs.vector`) with N games, masked random actions for all in one call;
  its line adds `of_engine`, its rate over the bare engine's of the same run (`--scaling`: only these);
- `openspiel`: whole OpenSpiel games, chance sampled by its probabilities; `openspiel_clone`: clones per second of
  the states of a random game; `openspiel_mcts`: CPU seconds of a whole 3-player game (Ra) in which OpenSpiel's
  MCTSBot plays every seat at 100 simulations a move with `ra.envs.rollouts.EngineRollouts` (lower is better).

With --tournament it also times `ra tournament` for greedy games with `--jobs 2` and with `--ray` (local Ray).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

Figures = dict[str, float]
SIZES = (1, 4, 16, 64, 256, 1024)
LOWER_IS_BETTER = {"game_cpu_s"}


def _cpu_loop(seconds: float, body: Callable[[], tuple[int, int]]) -> Figures:
    """Run `body` (one unit of work: (steps, actions)) until `seconds` of CPU time have passed."""
    steps = actions = 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds:
        done, acted = body()
        steps += done
        actions += acted
    return {"steps_per_cpu_s": steps / spent, "actions_per_cpu_s": actions / spent}


def engine(game: str, players: int, seconds: float, views: bool = False) -> Figures:
    """Random games through the engine alone (optionally taking the deciding seat's view before each action)."""
    from ra.games import game_module

    module = game_module(game)
    rng = random.Random(1)
    seeds = iter(range(10**9))

    def one_game() -> tuple[int, int]:
        state = module.State.new({"players": players}, seed=next(seeds))
        while not state.is_terminal():
            seat = state.current_players()[0]
            if views:
                state.view(seat)
            state.push(rng.choice(state.legal_actions(seat)), seat)
        return len(state.history), len(state.history)

    return _cpu_loop(seconds, one_game)


def pettingzoo_aec(game: str, players: int, seconds: float, raw: bool = False) -> Figures:
    """Whole games through `env()` (or `raw_env`): last(), a random legal id of the mask, step()."""
    import numpy as np

    from ra.envs.pettingzoo import env, raw_env

    table = raw_env(game=game, players=players) if raw else env(game=game, players=players)
    rng = random.Random(1)
    seeds = iter(range(10**9))

    def one_game() -> tuple[int, int]:
        table.reset(seed=next(seeds))
        steps = 0
        for _ in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            steps += 1
        return steps, steps

    return _cpu_loop(seconds, one_game)


def pettingzoo_parallel(game: str, players: int, seconds: float) -> Figures:
    """Whole games through `parallel_env()`: every seat observed each step, the deciding seats' actions played."""
    import numpy as np

    from ra.envs.pettingzoo import parallel_env

    table = parallel_env(game=game, players=players)
    rng = random.Random(1)
    seeds = iter(range(10**9))

    def one_game() -> tuple[int, int]:
        observations, _ = table.reset(seed=next(seeds))
        steps = 0
        while table.agents:
            chosen = {}
            for agent, observation in observations.items():
                legal = np.flatnonzero(observation["action_mask"]).tolist()
                if legal:
                    chosen[agent] = rng.choice(legal)
            observations, *_ = table.step(chosen)
            steps += 1
        return steps, len(table.game_state.history)

    return _cpu_loop(seconds, one_game)


def gymnasium_env(game: str, players: int, seconds: float) -> Figures:
    """Episodes of `gymnasium.make(...)` against random bots; actions count the bots' moves too."""
    import gymnasium
    import numpy as np

    from ra.envs.gymnasium import ENV_IDS

    env = gymnasium.make(ENV_IDS[game], players=players, opponents="random")
    rng = random.Random(1)
    seeds = iter(range(10**9))

    def one_game() -> tuple[int, int]:
        _, info = env.reset(seed=next(seeds))
        steps, done = 0, False
        while not done:
            _, _, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
            steps += 1
            done = terminated or truncated
        return steps, len(env.unwrapped.state.history)

    return _cpu_loop(seconds, one_game)


def vector(game: str, players: int, seconds: float, size: int) -> Figures:
    """The batched environment with `size` games: masked random actions for all of them, one step at a time."""
    import numpy as np

    from ra.envs.vector import VectorEnv, masked_random

    envs = VectorEnv(num_envs=size, game=game, players=players)
    rng = np.random.default_rng(1)
    _, infos = envs.reset(seed=0)
    step = [infos]

    def one_step() -> tuple[int, int]:
        *_, step[0] = envs.step(masked_random(rng, step[0]["action_mask"]))
        return size, size

    return _cpu_loop(seconds, one_step)


def _spiel_game(game: str, players: int) -> Any:
    import pyspiel

    import ra.envs.openspiel

    return pyspiel.load_game(ra.envs.openspiel.NAMES[game], {"players": players})


def openspiel_game(game: str, players: int, seconds: float) -> Figures:
    """Whole OpenSpiel games: random decisions, chance outcomes sampled by their probabilities."""
    spiel_game = _spiel_game(game, players)
    rng = random.Random(1)

    def one_game() -> tuple[int, int]:
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights=probabilities)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        return len(state.history()), len(state.engine.history)

    return _cpu_loop(seconds, one_game)


def openspiel_clone(game: str, players: int, seconds: float) -> Figures:
    """Clones per CPU-second of every 5th state of a random game (`steps` are clones)."""
    spiel_game = _spiel_game(game, players)
    rng = random.Random(1)
    state = spiel_game.new_initial_state()
    states = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights=probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    sample = states[::5]

    def clones() -> tuple[int, int]:
        for other in sample:
            other.clone()
        return len(sample), len(sample)

    return _cpu_loop(seconds, clones)


def openspiel_mcts(game: str, players: int, seconds: float, simulations: int = 100) -> Figures:
    """CPU seconds of one whole game with OpenSpiel's MCTSBot at every seat (EngineRollouts evaluator)."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    from ra.envs.rollouts import EngineRollouts

    spiel_game = _spiel_game(game, players)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(spiel_game, 2.0, simulations, EngineRollouts(seed=1), random_state=rng, solve=False)
    state = spiel_game.new_initial_state()
    decisions = 0
    start = time.process_time()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bot.step(state))
            decisions += 1
    return {"game_cpu_s": time.process_time() - start, "decisions": float(decisions)}


MEASURES: dict[str, Callable[..., Figures]] = {
    "engine": engine,
    "engine_views": lambda game, players, seconds: engine(game, players, seconds, views=True),
    "pettingzoo_aec": pettingzoo_aec,
    "pettingzoo_raw_aec": lambda game, players, seconds: pettingzoo_aec(game, players, seconds, raw=True),
    "pettingzoo_parallel": pettingzoo_parallel,
    "gymnasium": gymnasium_env,
    "openspiel": openspiel_game,
    "openspiel_clone": openspiel_clone,
    "openspiel_mcts": openspiel_mcts,
}


def measure_in_child(src: Path, name: str, game: str, players: int, seconds: float) -> Figures | str:
    """Run one measure in a fresh interpreter with `src` first on the path: its figures, or why it was skipped."""
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")])}
    command = [sys.executable, __file__, "--child", name, "--games", game, "--players", str(players)]
    done = subprocess.run(
        [*command, "--seconds", str(seconds)], env=environment, capture_output=True, text=True, check=False
    )
    if done.returncode:
        lines = done.stderr.strip().splitlines()
        return lines[-1] if lines else f"exit {done.returncode}"
    result: Figures = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def run_child(name: str, game: str, players: int, seconds: float) -> None:
    """Measure one thing in this process and print its figures as JSON (the parent's side of measure_in_child)."""
    if name.startswith("vector_"):
        figures = vector(game, players, seconds, int(name.split("_")[1]))
    else:
        figures = MEASURES[name](game, players, seconds)
    print(json.dumps(figures))


def load() -> str:
    """The 1-minute load average."""
    return f"{os.getloadavg()[0]:.2f}"


def uptime() -> str:
    """What `uptime` says (the load on the machine while measuring), or the load averages where it is missing."""
    done = subprocess.run(["uptime"], capture_output=True, text=True, check=False)
    return done.stdout.strip() or " ".join(f"{x:.2f}" for x in os.getloadavg())


def tournament_times(games: int, rounds: int) -> None:
    """Wall time of `ra tournament` (greedy bots, 3 players): --jobs 2, and --ray on a local 2-CPU instance.

    `ray_s` includes starting and stopping the instance (as `--ray` does alone); `ray_running_s` uses an instance
    that is already running (as `--ray auto` does after `ray start --head`). Best of `rounds`, taking turns.
    """
    import ray

    from ra.tournament.games import LOCAL_RAY
    from ra.tournament.runner import run_tournament

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


def main() -> None:
    """Measure each game's measures in alternating rounds (against another checkout too, with --against)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per round of a measurement")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per measurement (the median is kept)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", nargs="*", default=["ra", "write"], choices=["ra", "write"])
    names = [*MEASURES, *(f"vector_{n}" for n in SIZES)]
    parser.add_argument("--measures", nargs="*", default=names, help=f"some of: {' '.join(names)}")
    parser.add_argument("--sizes", nargs="*", type=int, help="vector sizes to add to the measures (vector_N)")
    parser.add_argument(
        "--scaling", action="store_true", help="only the engine and the vector sizes (with of_engine ratios)"
    )
    parser.add_argument("--against", type=Path, help="the src folder of another checkout to compare with")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--tournament", action="store_true", help="also time ra tournament --jobs 2 vs --ray")
    parser.add_argument("--tournament-games", type=int, default=200)
    parser.add_argument("--tournament-rounds", type=int, default=2, help="rounds of the tournament timing (best kept)")
    args = parser.parse_args()
    if args.child:
        run_child(args.child, args.games[0], args.players, args.seconds)
        return
    here = Path(__file__).resolve().parents[1] / "src"
    measures = list(args.measures) + [f"vector_{n}" for n in args.sizes or ()]
    if args.scaling:
        measures = ["engine", *(f"vector_{n}" for n in args.sizes or SIZES)]
    sides = {"": here} if args.against is None else {"": here, "base_": args.against.resolve()}
    for game in args.games:
        before = load()
        rounds: dict[tuple[str, str], list[Figures]] = {}
        skipped: dict[tuple[str, str], str] = {}
        for _ in range(args.rounds):  # the measures and sides take turns, so that other load spreads over all
            for name in measures:
                if name == "openspiel_mcts" and (game != "ra" or rounds.get(("", name))):
                    continue  # one whole game is the measure; Ra only, as the goal says
                for side, src in sides.items():
                    if (side, name) in skipped:
                        continue
                    result = measure_in_child(src, name, game, args.players, args.seconds)
                    if isinstance(result, str):
                        skipped[side, name] = result
                    else:
                        rounds.setdefault((side, name), []).append(result)
        after = load()
        print(f"game={game} uptime={uptime()!r}", flush=True)
        for name in measures:
            fields = [f"game={game}", f"players={args.players}", f"measure={name}"]
            for side in sides:
                if (side, name) in skipped:
                    fields.append(f"{side}skipped={skipped[side, name]!r}")
                    continue
                for key in rounds.get((side, name), [{}])[0]:
                    median = statistics.median(r[key] for r in rounds[side, name])
                    fields.append(f"{side}{key}={median:.0f}" if median >= 100 else f"{side}{key}={median:.2f}")
            for side in sides:  # the batched environment against the bare engine of the same run, same code
                engine_rounds, vector_rounds = rounds.get((side, "engine")), rounds.get((side, name))
                if name.startswith("vector_") and engine_rounds and vector_rounds:
                    engine_rate = statistics.median(r["steps_per_cpu_s"] for r in engine_rounds)
                    vector_rate = statistics.median(r["steps_per_cpu_s"] for r in vector_rounds)
                    fields.append(f"{side}of_engine={vector_rate / engine_rate:.2f}")
            mine, base = rounds.get(("", name)), rounds.get(("base_", name))
            if mine and base:
                key = next(iter(mine[0]))
                ratio = statistics.median(r[key] for r in mine) / statistics.median(r[key] for r in base)
                fields.append(f"speedup={1 / ratio if key in LOWER_IS_BETTER else ratio:.2f}")
            if len(fields) > 3:
                print(" ".join([*fields, f"rounds={args.rounds}", f"load={before}..{after}"]), flush=True)
    if args.tournament:
        tournament_times(args.tournament_games, args.tournament_rounds)


if __name__ == "__main__":
    main()
