"""`ra serve`: the browser table (HTTP + WebSocket) for Ra and RA and Write."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

CORES = os.cpu_count() or 1


def register(app: typer.Typer) -> None:
    """Add the `serve` command to the `ra` app."""
    app.command(name="serve")(serve)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 for every interface).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="TCP port.")] = 8000,
    data: Annotated[Path, typer.Option(help="Data folder; the SQLite file ra.sqlite3 lives in it.")] = Path("ra-data"),
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            envvar="RA_DATABASE_URL",
            help="SQLAlchemy URL instead of SQLite, e.g. postgresql+psycopg://user@host/db (the postgres extra); "
            "any number of processes may serve one PostgreSQL database (docs/DEPLOY.md).",
        ),
    ] = None,
    redis_url: Annotated[
        str | None,
        typer.Option(
            "--redis-url",
            envvar="RA_REDIS_URL",
            help="Redis that rings the other processes on the same database when a table changes, e.g. "
            "redis://host:6379/0 (the redis extra); without it they notice every --resync-seconds.",
        ),
    ] = None,
    lease_seconds: Annotated[
        float,
        typer.Option(min=0.5, help="With several processes: a dead process's bot turns pass to another after this."),
    ] = 10.0,
    resync_seconds: Annotated[
        float,
        typer.Option(min=0.1, help="With several processes: how often each compares its tables with the database."),
    ] = 2.0,
    bot_delay: Annotated[float, typer.Option(min=0.0, help="Seconds a bot waits before it acts.")] = 0.6,
    bot_workers: Annotated[
        int, typer.Option(min=0, help="Processes that run bot decisions (0: threads of the server, for debugging).")
    ] = CORES,
    bot_deadline: Annotated[
        float,
        typer.Option(min=2.5, help="Hard limit of one bot decision in seconds; past it the bot plays a random move."),
    ] = 5.0,
    idle_tables: Annotated[
        int, typer.Option(min=0, help="Tables kept in memory that nobody watches (others are reloaded on demand).")
    ] = 64,
    max_body: Annotated[int | None, typer.Option(min=1, help="Bytes of an HTTP request body (413 above).")] = None,
    max_message: Annotated[
        int | None, typer.Option(min=1, help="Bytes of one WebSocket message from a client (close 1009 above).")
    ] = None,
    max_json_depth: Annotated[int | None, typer.Option(min=1, help="Nesting of any JSON a client sends.")] = None,
    creations: Annotated[
        int | None, typer.Option(min=0, help="Tables one client address may create per window (0: no limit).")
    ] = None,
    creation_window: Annotated[float | None, typer.Option(min=1.0, help="Seconds of that window.")] = None,
    ws_per_address: Annotated[
        int | None, typer.Option(min=0, help="Open WebSockets of one client address (0: no limit).")
    ] = None,
    ws_per_table: Annotated[int | None, typer.Option(min=0, help="Open WebSockets of one table (0: no limit).")] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="A web origin besides the server's own whose pages may open WebSockets (repeatable; *: any)."
        ),
    ] = None,
    ws_deflate: Annotated[
        bool, typer.Option("--ws-deflate/--no-ws-deflate", help="Compress WebSocket messages (costs CPU per message).")
    ] = False,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
) -> None:
    """Serve the browser table: create tables, invite players by link, play against bots, replay games."""
    import uvicorn

    from ra.server.http.app import create_app
    from ra.server.http.limits import Limits
    from ra.server.settings import ServiceSettings
    from ra.server.storage.schema import STORAGE_ERRORS
    from ra.server.storage.sql import writable_problem

    if database_url is None:
        problem = writable_problem(data)
        if problem is not None:
            _fail(problem)
    settings = ServiceSettings(
        bot_workers=bot_workers,
        bot_deadline=bot_deadline,
        idle_tables=idle_tables,
        lease_seconds=lease_seconds,
        resync_seconds=resync_seconds,
    )
    given: dict[str, Any] = {
        "max_body": max_body,
        "max_ws_message": max_message,
        "max_json_depth": max_json_depth,
        "creations": creations,
        "creation_window": creation_window,
        "ws_per_address": ws_per_address,
        "ws_per_table": ws_per_table,
    }
    limits = Limits(**{name: value for name, value in given.items() if value is not None})
    try:
        app = create_app(
            data,
            database_url=database_url,
            bot_delay=bot_delay,
            limits=limits,
            allowed_origins=allowed_origin or (),
            service_options={"settings": settings},
            redis_url=redis_url,
        )
    except STORAGE_ERRORS as exc:
        _fail(f"cannot open the storage: {str(getattr(exc, 'orig', None) or exc).splitlines()[0]}")
    except ModuleNotFoundError as exc:  # a driver of an extra
        extra = "redis" if (exc.name or "").startswith("redis") else "postgres"
        _fail(f"the module {exc.name} is missing: pip install 'ra[{extra}]'")
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    where = database_url.split("://", 1)[0] if database_url else str((data / "ra.sqlite3").resolve())
    shared = " with the other processes on it, rung over redis" if redis_url else ""
    typer.echo(f"ra serve: open http://{shown}:{port}/  (storage: {where}{shared})")
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_per_message_deflate=ws_deflate,
        timeout_graceful_shutdown=5,  # SIGTERM: open connections get 5 s, then the server stops anyway
    )


def _fail(problem: str) -> NoReturn:
    """One line on stderr, exit code 2 (before anything started)."""
    typer.echo(f"ra serve: {problem}", err=True)
    raise typer.Exit(2)
