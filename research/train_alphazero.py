"""Train the AlphaZero-style agent's value network from self-play, print its curve, export it for NumPy play.

Run from the repository's root (needs torch):

    python -m research.train_alphazero --game ra --games 6000 --seed 1 --out src/ra/envs/ra/weights/value.npz

The agent (`ra.envs.alphazero`) searches the engine with PUCT, its prior the shipped PPO policies and its leaves
scored by a value network: a seat's expected reward (`ra.bots.playout.terminal_rewards`, its share of the win
nudged by its margin) from its own observation. That network is trained here, AlphaZero's way, on the outcomes of
self-play games:

- `--games` games, the table sizes of `--players` in turn; each seat is played, drawn per game by `--mix`, by the
  three-player PPO policy (`--behaviour`, at every table size, so that this training does not wait for the others)
  sampled from its softmax (so that games differ), by the `greedy` bot (the ladder's `medium`), or at random, so
  that the positions the search meets against every level are in the data;
- at each decision, with chance `--record`, every seat's observation is kept; once the game ends, each gets its
  seat's final reward as target;
- a multilayer perceptron (`--hidden`, tanh) is fitted by mean squared error with Adam; the last tenth of the games
  is held out. Each epoch prints the train and held-out errors beside the error of predicting the mean (the curve),
  and the epoch of lowest held-out error is kept.

Then, with `--iterations`, expert iteration: `--search-games` games with the search at every seat, its root visits
kept as well, and the value network fitted again on them and the earlier data (a policy target is not fitted:
the prior stays PPO's). Everything is seeded: one torch thread, a run replays exactly.
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch

from ra.bots import make_bot
from ra.bots.playout import terminal_rewards
from ra.envs.parts import game_parts
from ra.envs.policy import LearnedBot, MlpValue
from ra.tournament.games import derive_seed, new_game

HELD_OUT = 0.1  # the share of games (the last ones) held out of the fit


def learned_agents(game: str) -> tuple[type[LearnedBot], type[Any]]:
    """The game's shipped PPO and AlphaZero classes."""
    import importlib

    module = importlib.import_module(f"ra.envs.{game}.learned")
    return module.PPO, module.AlphaZero


class Data:
    """Observations with their targets, and the game each came from."""

    def __init__(self) -> None:
        self.rows: list[npt.NDArray[np.float32]] = []
        self.targets: list[float] = []
        self.games: list[int] = []

    def arrays(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.int64]]:
        """Everything kept, as arrays."""
        return np.stack(self.rows), np.asarray(self.targets, np.float32), np.asarray(self.games, np.int64)


def self_play(args: argparse.Namespace, data: Data, first: int, games: int, searcher: Any | None) -> dict[str, int]:
    """Play `games` games (numbered from `first`) and keep their observations and targets in `data`."""
    ppo, _ = learned_agents(args.game)
    agent = ppo(game=args.game, seed=0, seconds=None)
    observer = game_parts(args.game).STATE_ENCODER()
    kinds = ("policy", "greedy", "random")
    mix = [float(x) for x in args.mix.split(",")]
    counts = dict.fromkeys(kinds, 0)
    steps = 0
    for number in range(first, first + games):
        players = args.players[number % len(args.players)]
        rng = random.Random(derive_seed(args.seed, number, "play"))
        state = new_game(args.game, players, derive_seed(args.seed, number, "engine"))
        seats = [rng.choices(kinds, mix)[0] for _ in range(players)] if searcher is None else ["search"] * players
        for kind in seats:
            counts[kind] = counts.get(kind, 0) + 1
        greedy = [make_bot("greedy", args.game, derive_seed(args.seed, number, f"bot{s}")) for s in range(players)]
        policy = agent.policy(args.behaviour)
        kept: list[tuple[npt.NDArray[np.float32], int]] = []
        while not state.is_terminal():
            player = state.current_players()[0]
            if rng.random() < args.record:
                kept.extend((observer.observe(state, seat), seat) for seat in range(players))
            legal = list(state.legal_actions(player))
            kind = seats[player]
            if len(legal) == 1:
                action = legal[0]
            elif kind == "policy":
                logits = policy.logits(observer.observe(state, player))[legal] / args.temperature
                weights = np.exp(logits - logits.max())
                action = legal[int(rng.choices(range(len(legal)), weights.tolist())[0])]
            elif kind == "greedy":
                action = greedy[player].choose(state.view(player))
            elif kind == "search":
                assert searcher is not None
                view = state.view(player)
                action = searcher.decide(view, view["legal_actions"])
            else:
                action = rng.choice(legal)
            state.push(action, player)
            steps += 1
        rewards = terminal_rewards(state)
        for row, seat in kept:
            data.rows.append(row)
            data.targets.append(rewards[seat])
            data.games.append(number)
    counts["steps"] = steps
    return counts


def fit(args: argparse.Namespace, data: Data, network: torch.nn.Sequential) -> None:
    """Fit the network to the data (mean squared error, Adam), printing train and held-out errors per epoch."""
    rows, targets, games = data.arrays()
    cut = np.quantile(games, 1.0 - HELD_OUT)
    train, held = games < cut, games >= cut
    x_train, y_train = torch.from_numpy(rows[train]), torch.from_numpy(targets[train])
    x_held, y_held = torch.from_numpy(rows[held]), torch.from_numpy(targets[held])
    baseline = float(((y_held - y_train.mean()) ** 2).mean())
    optimiser = torch.optim.Adam(network.parameters(), lr=args.lr)
    generator = torch.Generator().manual_seed(args.seed)
    print(f"fit rows={len(x_train)} held_out={len(x_held)} mse_of_the_mean={baseline:.4f}", flush=True)
    best, kept = float("inf"), copy.deepcopy(network.state_dict())
    for epoch in range(1, args.epochs + 1):
        order = torch.randperm(len(x_train), generator=generator)
        total = 0.0
        for start in range(0, len(order), args.batch_size):
            batch = order[start : start + args.batch_size]
            loss = ((network(x_train[batch]).squeeze(-1) - y_train[batch]) ** 2).mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += loss.item() * len(batch)
        with torch.no_grad():
            held_loss = float(((network(x_held).squeeze(-1) - y_held) ** 2).mean())
        print(f"epoch={epoch} train_mse={total / len(order):.4f} held_mse={held_loss:.4f}", flush=True)
        if held_loss < best:
            best, kept = held_loss, copy.deepcopy(network.state_dict())
    network.load_state_dict(kept)  # the epoch with the lowest held-out error: later ones fit the noise
    print(f"kept held_mse={best:.4f}", flush=True)


def build(obs_size: int, hidden: Sequence[int]) -> torch.nn.Sequential:
    """The value network: tanh hidden layers, one linear output."""
    layers: list[torch.nn.Module] = []
    width = obs_size
    for size in hidden:
        layers += [torch.nn.Linear(width, size), torch.nn.Tanh()]
        width = size
    layers.append(torch.nn.Linear(width, 1))
    return torch.nn.Sequential(*layers)


def export(network: torch.nn.Sequential, game: str, obs_size: int) -> MlpValue:
    """The network as a NumPy value network (`ra.envs.policy.MlpValue`)."""
    linears = [m for m in network if isinstance(m, torch.nn.Linear)]
    layers = [(m.weight.detach().numpy(), m.bias.detach().numpy()) for m in linears]
    return MlpValue(layers, "tanh", {"game": game, "players": 0, "obs_size": obs_size, "num_actions": 1})


def main(argv: list[str] | None = None) -> None:
    """Self-play, fit, and optionally improve by search; export the value network."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=["ra", "write"], default="ra")
    parser.add_argument("--players", type=lambda s: [int(x) for x in s.split(",")], default=[2, 3, 4])
    parser.add_argument("--games", type=int, default=6000, help="self-play games for the first fit")
    parser.add_argument("--mix", default="0.6,0.3,0.1", help="chances of a PPO, greedy and random seat")
    parser.add_argument("--behaviour", type=int, default=3, help="the table size of the PPO policy that plays")
    parser.add_argument("--temperature", type=float, default=1.0, help="of the PPO seats' softmax")
    parser.add_argument("--record", type=float, default=0.3, help="chance that a decision's observations are kept")
    parser.add_argument("--hidden", type=lambda s: [int(x) for x in s.split(",")], default=[128, 128])
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--batch-size", type=int, default=512)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--iterations", type=int, default=0, help="rounds of expert iteration after the first fit")
    parser.add_argument("--search-games", type=int, default=100, help="games with the search at every seat, per round")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, required=True, help="the .npz to export the value network to")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    start = time.process_time()
    obs_size = game_parts(args.game).ENCODER.size
    data = Data()
    counts = self_play(args, data, 0, args.games, None)
    cpu = (time.process_time() - start) / 60
    print(f"self_play games={args.games} rows={len(data.rows)} {counts} cpu_min={cpu:.1f}", flush=True)
    network = build(obs_size, args.hidden)
    fit(args, data, network)
    export(network, args.game, obs_size).save(args.out)
    _, alphazero = learned_agents(args.game)
    for iteration in range(1, args.iterations + 1):
        searcher = alphazero(game=args.game, seed=derive_seed(args.seed, iteration, "search"), seconds=None)
        searcher.value_net = MlpValue.load(args.out)  # the network just fitted, not the shipped one
        first = args.games + (iteration - 1) * args.search_games
        counts = self_play(args, data, first, args.search_games, searcher)
        cpu = (time.process_time() - start) / 60
        print(f"iteration={iteration} search_games={args.search_games} rows={len(data.rows)} cpu_min={cpu:.1f}")
        fit(args, data, network)
        export(network, args.game, obs_size).save(args.out)
    cpu = (time.process_time() - start) / 60
    print(f"done cpu_min={cpu:.1f} exported {args.out} ({args.out.stat().st_size} bytes)", flush=True)


if __name__ == "__main__":
    main()
