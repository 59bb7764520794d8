"""A seeded uniform-random playthrough as text (the golden file tests/golden/write_<n>p_seed<seed>.txt).

Run: ``python -m ra.games.write.playthrough 1 3 > tests/golden/write_3p_seed1.txt``.
"""

from __future__ import annotations

import random
import sys

from ra.games.write.actions import action_to_str
from ra.games.write.render import render_text
from ra.games.write.state import State

RENDER_EVERY = 10


def playthrough(seed: int, players: int) -> str:
    """Play a seeded game with uniform random legal choices; a line per move, views every ~10 moves and at Kingdoms."""
    st = State.new({"players": players}, seed=seed)
    rng = random.Random(seed)
    out = [f"# RA and Write playthrough: seed={seed} players={players} first_player={st.options.first_player}"]
    i = 0
    while not st.is_terminal():
        p = rng.choice(st.current_players())
        a = rng.choice(st.legal_actions(p))
        kingdoms = len(st.kpoints)
        st.apply(a, p)
        move = st.history[-1]
        out.append(f"#{i} p{p} {action_to_str(a)} draws=[{', '.join(move.draws)}]")
        i += 1
        if i % RENDER_EVERY == 0 or len(st.kpoints) != kingdoms:
            out.append(render_text(st.view(None)).rstrip("\n"))
    out.append(f"# scores={st.scores()} winners={st.winners()}")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> None:
    """Command line: playthrough SEED PLAYERS."""
    args = sys.argv[1:] if argv is None else argv
    seed = int(args[0]) if args else 1
    players = int(args[1]) if len(args) > 1 else 3
    sys.stdout.write(playthrough(seed, players))


if __name__ == "__main__":
    main()
