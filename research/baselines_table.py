"""Print the results table of docs/research/baselines.md from the JSON files `ra evaluate --json` wrote.

    python -m research.baselines_table docs/research/results/*.json

One row per cell (an agent, a table size, a level), grouped by game, then by agent in the order the files name
them first (an agent's cells may come from several files), then by table size and level: games, win share with
its 95% Wilson interval, the even share, the margin (the agent's score less the others' mean) with its 95%
interval, and the verdict. Agents are named as the files' `agent` field, shortened by `--name SPEC=NAME`.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

LEVELS = ("random", "easy", "medium", "hard")
GAMES = {"ra": "Ra", "write": "RA and Write"}


def percent(value: float) -> str:
    """A share as a whole percentage."""
    return f"{100 * value:.0f}%"


def signed(value: float) -> str:
    """A margin with its sign (a true minus sign)."""
    return f"{value:+.1f}".replace("-", "−")


def rows(result: dict[str, Any], name: str) -> list[tuple[int, int, str]]:
    """The markdown rows of one evaluation, each with its sort key (table size, level)."""
    out = []
    for cell in result["cells"]:
        level = LEVELS.index(cell["level"]) if cell["level"] in LEVELS else len(LEVELS)
        text = (
            f"| {name} | {cell['players']} | {cell['level']} | {cell['games']} | {percent(cell['win_share'])} "
            f"[{percent(cell['ci_low'])}, {percent(cell['ci_high'])}] | {percent(cell['fair_share'])} | "
            f"{signed(cell['margin'])} [{signed(cell['margin_low'])}, {signed(cell['margin_high'])}] | "
            f"{cell['verdict']} |"
        )
        out.append((int(cell["players"]), level, text))
    return out


def main(argv: list[str] | None = None) -> None:
    """Print one table per game."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--name", action="append", default=[], help="SPEC=NAME: how an agent is shown")
    args = parser.parse_args(argv)
    names = dict(item.split("=", 1) for item in args.name)
    by_game: dict[str, dict[str, list[tuple[int, int, str]]]] = {}  # game -> agent -> rows, agents in file order
    for path in args.files:
        result = json.loads(path.read_text())
        name = names.get(result["agent"], result["agent"])
        by_game.setdefault(result["game"], {}).setdefault(name, []).extend(rows(result, name))
    for game, agents in by_game.items():
        print(f"**{GAMES.get(game, game)}**\n")
        print("| agent | players | against | games | win share [95% CI] | even | margin [95% CI] | verdict |")
        print("|---|---:|---|---:|---|---:|---|---|")
        for agent_rows in agents.values():
            print("\n".join(text for _, _, text in sorted(agent_rows)))
        print()


if __name__ == "__main__":
    main()
