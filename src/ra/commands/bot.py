"""`ra bot run`: a bot plays on a server, as a bot account (its token, docs/BOT_API.md) or through a guest's seat
link (docs/CLIENT.md)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Annotated

import typer

from ra.bots import ANY_PLUGIN, Bot, make_bot
from ra.bots.guarded import guarded
from ra.client import AsyncClient, ClientError, Runner, play_link_async
from ra.client.runner import ended, started
from ra.commands.terminal import Lang, reader_language
from ra.core.text import Text, t
from ra.games import GAMES
from ra.i18n import Reader, render

bot_app = typer.Typer(help="Bots that play on a server: `ra bot run`.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add the `bot` commands to the `ra` app."""
    app.add_typer(bot_app, name="bot")


@bot_app.command()
def run(
    server: Annotated[
        str | None, typer.Option(help="The server's address, e.g. http://localhost:8000.", show_default=False)
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(
            envvar="RA_BOT_TOKEN",
            help="The bot account's token (rab_...). Better in the environment variable RA_BOT_TOKEN: a token on "
            "the command line is visible to other users of the machine.",
            show_default=False,
            show_envvar=True,
        ),
    ] = None,
    bot: Annotated[
        str,
        typer.Option(
            help="The bot: any spec `ra.bots.make_bot` takes (random, greedy, hard, mcts:..., a plug-in's "
            "module:Class or plugin:NAME)."
        ),
    ] = "random",
    accept_invitations: Annotated[bool, typer.Option(help="Accept every invitation to a seat, and play it.")] = True,
    games: Annotated[
        int | None,
        typer.Option(min=1, help="Stop after this many games (default: play until Ctrl-C).", show_default=False),
    ] = None,
    table: Annotated[
        str | None, typer.Option(help="Play only this table (with --seat), then stop.", show_default=False)
    ] = None,
    seat: Annotated[int | None, typer.Option(min=0, help="The bot's seat at --table.", show_default=False)] = None,
    link: Annotated[
        str | None,
        typer.Option(
            help="Play a guest's seat link (http://HOST/t/TABLE?seat=N&token=T) instead: no account or token.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="The bots' seed (each game gets its own, counted from it).")] = 0,
    poll: Annotated[float, typer.Option(min=1.0, help="Seconds between looks for new invitations and games.")] = 5.0,
    lang: Lang = None,
) -> None:
    """Play a bot on a server: accept its invitations and play every game its account holds, several at once."""
    reader = Reader(reader_language(lang))

    def say(text: Text) -> None:
        typer.echo(render(text, reader))

    def fail(text: Text) -> typer.Exit:
        typer.echo(render(t("error: {reason}", reason=text), reader), err=True)
        return typer.Exit(2)

    check_spec(bot, fail)
    if (table is None) != (seat is None):
        raise fail(t("--table and --seat go together"))
    if link is None and (server is None or token is None):
        raise fail(t("give --server and a token (RA_BOT_TOKEN or --token), or a seat --link"))
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")

    def bot_for(game: str, game_seed: int) -> Bot:
        # A plug-in (`module:Class`, an entry point) is built here as in `ra play`: its failures cost random moves.
        return guarded(make_bot(bot, game, game_seed, ANY_PLUGIN), bot, game_seed, None)

    async def main() -> None:
        if link is not None:
            say(ended(await play_link_async(link, lambda game: bot_for(game, seed), seed=seed)))
            return
        assert server is not None and token is not None
        async with AsyncClient(server, token) as client:
            if table is not None and seat is not None:
                say(started(table, seat, str((await client.table(table)).get("game"))))
                say(ended(await client.play(table, seat, lambda game: bot_for(game, seed), seed=seed)))
                return
            account = await client.account()
            say(t("playing as {name}", name=account.name))
            runner = Runner(client, bot_for, say, accept=accept_invitations, games=games, poll=poll, seed=seed)
            await runner.run()

    try:
        asyncio.run(main())
    except ClientError as exc:
        raise fail(exc.text) from None
    except KeyboardInterrupt:
        raise typer.Exit(130) from None


def check_spec(spec: str, fail: Callable[[Text], typer.Exit]) -> None:
    """Refuse a spec no game's bots take, before anything connects."""
    reasons = []
    for game in GAMES:
        try:
            make_bot(spec, game, 0, ANY_PLUGIN)
            return
        except Exception as exc:  # a plug-in's spec may fail any way: say why
            reasons.append(str(exc))
    raise fail(t("no game has the bot {spec}: {reason}", spec=repr(spec), reason=reasons[0][:300]))
