"""`ra serve`: the browser table (HTTP + WebSocket) for Ra and RA and Write."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add the `serve` command to the `ra` app."""
    app.command(name="serve")(serve)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 for every interface).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="TCP port.")] = 8000,
    data: Annotated[Path, typer.Option(help="Data folder; the SQLite file ra.sqlite3 lives in it.")] = Path("ra-data"),
    database_url: Annotated[
        str | None,
        typer.Option("--database-url", help="SQLAlchemy URL instead of SQLite, e.g. postgresql+psycopg://..."),
    ] = None,
    bot_delay: Annotated[float, typer.Option(min=0.0, help="Seconds a bot waits before it acts.")] = 0.6,
    ws_deflate: Annotated[
        bool, typer.Option("--ws-deflate/--no-ws-deflate", help="Compress WebSocket messages (costs CPU per message).")
    ] = False,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
) -> None:
    """Serve the browser table: create tables, invite players by link, play against bots, replay games."""
    import uvicorn

    from ra.server.app import create_app

    app = create_app(data, database_url=database_url, bot_delay=bot_delay)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    where = database_url.split("://", 1)[0] if database_url else str((data / "ra.sqlite3").resolve())
    typer.echo(f"ra serve: open http://{shown}:{port}/  (storage: {where})")
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_per_message_deflate=ws_deflate)
