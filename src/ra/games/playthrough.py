"""A seeded uniform-random playthrough of any game as text: the golden files tests/games/golden/<game>_<n>p_seed<s>.txt.

Regenerate with: python -m ra.games.playthrough GAME SEED PLAYERS > tests/games/golden/GAME_PLAYERSp_seedSEED.txt
"""

from __future__ import annotations

import random
import sys

from ra.games import DEFAULT_GAME, game_module

SNAPSHOT_EVERY = 10  # draw the spectator view every this many moves (and at the end)


def playthrough(game: str, seed: int, players: int) -> str:
    """Play `game` seeded with `seed`, choosing uniformly among current players and legal actions (Random(seed))."""
    module = game_module(game)
    rng = random.Random(seed)
    state = module.State.new({"players": players}, seed=seed)
    lines = [f"# {module.TITLE} playthrough: seed={seed} players={players} (uniform random legal actions)", ""]
    lines.append(module.render_text(state.view(None)).rstrip("\n"))
    index = 0
    while not state.is_terminal():
        current = state.current_players()
        # Choosing only among several players keeps one-player turns from consuming randomness.
        player = current[0] if len(current) == 1 else rng.choice(current)
        action = rng.choice(state.legal_actions(player))
        state.apply(action, player)
        draws = ",".join(state.history[-1].draws) or "-"
        lines.append(f"#{index} p{player} {module.action_to_str(action)} draws={draws}")
        index += 1
        if index % SNAPSHOT_EVERY == 0 or state.is_terminal():
            lines.append(module.render_text(state.view(None)).rstrip("\n"))
    lines.append(f"# scores={state.scores()} winners={state.winners()}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print the playthrough for `GAME SEED PLAYERS` (default: ra 1 3)."""
    args = sys.argv[1:] if argv is None else argv
    game = args[0] if args else DEFAULT_GAME
    seed = int(args[1]) if len(args) > 1 else 1
    players = int(args[2]) if len(args) > 2 else 3
    sys.stdout.write(playthrough(game, seed, players))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
