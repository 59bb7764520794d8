"""A bot plays a whole game through a guest's seat link, with `ra.client` (docs/CLIENT.md): no account needed.

Start a server, then run this script against it:

    ra serve --port 8000 &
    python examples/client_link.py --server http://127.0.0.1:8000 --bot greedy

Without --link the script creates a table (`POST /api/tables`) with one person seat, for this bot, and --bots
built-in bots of the server (greedy), then plays the person seat's invite link to the end. With --link it plays a
seat link someone gave it (the table page's address, `http://HOST/t/TABLE?seat=N&token=T`) instead; the server
finishes the game's other seats, its bots or people. It prints the table's id, then how the game ended.

Run: python examples/client_link.py [--server URL] [--link URL] [--game ra|write] [--bots N] [--bot SPEC] [--seed S]
"""

from __future__ import annotations

import argparse

import httpx

from ra.bots import make_bot
from ra.client import play_link


def new_table(server: str, game: str, bots: int) -> str:
    """Create a table with a person seat (seat 0) and `bots` greedy bots; the person seat's invite link."""
    seats = [{"kind": "person", "name": "Client"}] + [{"kind": "bot", "bot": "greedy"}] * bots
    answer = httpx.post(f"{server}/api/tables", json={"game": game, "seats": seats}, timeout=20)
    answer.raise_for_status()
    return f"{server}{answer.json()['seats'][0]['invite']}"


def main(argv: list[str] | None = None) -> None:
    """Play the link to the end and print the outcome."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--link", help="a seat link to play (default: a new table's)")
    parser.add_argument("--game", default="ra")
    parser.add_argument("--bots", type=int, default=2, help="the server's bots at a new table")
    parser.add_argument("--bot", default="random", help="this side's bot: any spec of ra.bots.make_bot")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    link = args.link or new_table(args.server.rstrip("/"), args.game, args.bots)
    print(f"table={link.split('/t/')[1].split('?')[0]}", flush=True)
    # The bot is made once the first state tells the table's game.
    outcome = play_link(link, lambda game: make_bot(args.bot, game, args.seed), seed=args.seed)
    print(f"status={outcome.status} seq={outcome.seq} sent={outcome.sent} reconnects={outcome.reconnects}")


if __name__ == "__main__":
    main()
