"""A seeded random playthrough as text, for the golden file tests/golden/ra_3p_seed1.txt.

Regenerate with: python -m ra.games.ra.playthrough 1 3 > tests/golden/ra_3p_seed1.txt
"""

from __future__ import annotations

import random
import sys

from ra.games.ra.actions import action_to_str
from ra.games.ra.render import render_text
from ra.games.ra.state import State

SNAPSHOT_EVERY = 10  # draw the spectator view every this many moves (and at epoch ends and the end)


def playthrough(seed: int, players: int) -> str:
    """Play a game seeded with `seed`, choosing uniformly among legal actions with random.Random(seed)."""
    rng = random.Random(seed)
    state = State.new({"players": players}, seed=seed)
    lines = [f"# Ra playthrough: seed={seed} players={players} (uniform random legal actions)", ""]
    lines.append(render_text(state.view(None)))
    index = 0
    while not state.is_terminal():
        player, epoch = state.cur, state.epoch
        action = rng.choice(state.legal_actions())
        state.apply(action, player)
        draws = ",".join(state.history[-1].draws) or "-"
        lines.append(f"#{index} p{player} {action_to_str(action)} draws={draws}")
        if index % SNAPSHOT_EVERY == SNAPSHOT_EVERY - 1 or state.epoch != epoch or state.is_terminal():
            lines.append(render_text(state.view(None)))
        index += 1
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print the playthrough for `seed players` (default 1 3)."""
    args = sys.argv[1:] if argv is None else argv
    seed = int(args[0]) if args else 1
    players = int(args[1]) if len(args) > 1 else 3
    sys.stdout.write(playthrough(seed, players))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
