"""`ra serve`: the browser table (HTTP + WebSocket) for Ra and RA and Write.

Each option is a field of `ra.server.settings.Settings`, and its default is that field's default.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from types import FrameType
from typing import Annotated, Any, NoReturn

import typer

from ra.commands.database import DatabaseUrl, DataFolder
from ra.core.text import english
from ra.server.settings import Limits, NoticeSettings, Settings

DEFAULT = Settings()
LIMITS, SERVICE, NOTICES, ACCOUNTS = DEFAULT.limits, DEFAULT.service, DEFAULT.notices, DEFAULT.accounts


def register(app: typer.Typer) -> None:
    """Add the `serve` command to the `ra` app."""
    app.command(name="serve")(serve)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 for every interface).")] = DEFAULT.host,
    port: Annotated[int, typer.Option(min=0, max=65535, help="TCP port.")] = DEFAULT.port,
    data: DataFolder = DEFAULT.data,
    database_url: DatabaseUrl = DEFAULT.database_url,
    redis_url: Annotated[
        str | None,
        typer.Option(
            "--redis-url",
            envvar="RA_REDIS_URL",
            help="Redis that rings the other processes on the same database when a table changes, e.g. "
            "redis://host:6379/0 (the redis extra); without it they notice every --resync-seconds.",
        ),
    ] = DEFAULT.redis_url,
    lease_seconds: Annotated[
        float,
        typer.Option(min=0.5, help="With several processes: a dead process's bot turns pass to another after this."),
    ] = SERVICE.lease_seconds,
    resync_seconds: Annotated[
        float,
        typer.Option(min=0.1, help="With several processes: how often each compares its tables with the database."),
    ] = SERVICE.resync_seconds,
    abandon_hours: Annotated[
        float,
        typer.Option(
            min=0.0,
            help="An unfinished table with no move and nobody watching for this many hours is closed as abandoned, "
            "its record kept (0: never).",
        ),
    ] = SERVICE.abandon_seconds / 3600,
    bot_delay: Annotated[float, typer.Option(min=0.0, help="Seconds a bot waits before it acts.")] = SERVICE.bot_delay,
    bot_workers: Annotated[
        int, typer.Option(min=0, help="Processes that run bot decisions (0: threads of the server, for debugging).")
    ] = SERVICE.bot_workers,
    bot_deadline: Annotated[
        float,
        typer.Option(min=2.5, help="Hard limit of one bot decision in seconds; past it the bot plays a random move."),
    ] = SERVICE.bot_deadline,
    bot_plugin: Annotated[
        list[str] | None,
        typer.Option(
            metavar="SPEC",
            help="A plug-in bot the lobby offers (repeatable): module:Class or plugin:NAME (an entry point of the "
            "group ra.bots; docs/BOTS.md). No other plug-in can be seated; needs --bot-workers 1 or more.",
        ),
    ] = None,
    idle_tables: Annotated[
        int, typer.Option(min=0, help="Tables kept in memory that nobody watches (others are reloaded on demand).")
    ] = SERVICE.idle_tables,
    analysis_workers: Annotated[
        int,
        typer.Option(
            min=0,
            help="Decisions of finished games' analyses evaluated at once, in worker processes at the lowest CPU "
            "priority (0: this process computes none; others on the same database do).",
        ),
    ] = SERVICE.analysis_workers,
    analysis_deadline: Annotated[
        float, typer.Option(min=1.0, help="Seconds one decision of an analysis may take; past it the analysis fails.")
    ] = SERVICE.analysis_deadline,
    analysis_queue: Annotated[
        int, typer.Option(min=0, help="Analyses waiting at most; more requests answer 429 (0: no limit).")
    ] = SERVICE.analysis_queue,
    analysis_spec: Annotated[
        list[str] | None,
        typer.Option(
            metavar="GAME=SPEC",
            help="The evaluator of a game's analyses (repeatable), e.g. ra=search:samples=4,depth=1 (default: the "
            "game's own, docs/ANALYSIS.md; cheaper is faster and rougher).",
        ),
    ] = None,
    analysis_seconds: Annotated[
        float, typer.Option(min=0.05, help="Seconds between saves of a running analysis's progress.")
    ] = SERVICE.analysis_seconds,
    max_body: Annotated[int, typer.Option(min=1, help="Bytes of an HTTP request body (413 above).")] = LIMITS.max_body,
    max_message: Annotated[
        int, typer.Option(min=1, help="Bytes of one WebSocket message from a client (close 1009 above).")
    ] = LIMITS.max_ws_message,
    max_json_depth: Annotated[
        int, typer.Option(min=1, help="Nesting of any JSON a client sends.")
    ] = LIMITS.max_json_depth,
    creations: Annotated[
        int, typer.Option(min=0, help="Tables one client address may create per window (0: no limit).")
    ] = LIMITS.creations,
    creation_window: Annotated[float, typer.Option(min=1.0, help="Seconds of that window.")] = LIMITS.creation_window,
    ws_per_address: Annotated[
        int, typer.Option(min=0, help="Open WebSockets of one client address (0: no limit).")
    ] = LIMITS.ws_per_address,
    ws_per_table: Annotated[
        int, typer.Option(min=0, help="Open WebSockets of one table (0: no limit).")
    ] = LIMITS.ws_per_table,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="A web origin besides the server's own whose pages may open WebSockets (repeatable; *: any)."
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        list[str] | None,
        typer.Option(
            "--forwarded-allow-ips",
            help="Address of a reverse proxy whose X-Forwarded-For header is believed (repeatable; *: any). "
            "None by default: the connecting address counts (docs/DEPLOY.md).",
        ),
    ] = None,
    ws_deflate: Annotated[
        bool, typer.Option("--ws-deflate/--no-ws-deflate", help="Compress WebSocket messages (costs CPU per message).")
    ] = DEFAULT.ws_deflate,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = DEFAULT.log_level,
    log_format: Annotated[
        str,
        typer.Option(
            metavar="text|json",
            help="Logs as text, or as one JSON object a line (docs/DEPLOY.md); secrets and e-mail addresses hidden.",
        ),
    ] = DEFAULT.log_format,
    metrics: Annotated[
        bool,
        typer.Option(
            "--metrics/--no-metrics",
            help="Serve /metrics (Prometheus' text format) on this server's own address and port; better on a "
            "listener of its own with --metrics-address on a public server.",
        ),
    ] = DEFAULT.metrics,
    metrics_address: Annotated[
        str | None,
        typer.Option(
            metavar="HOST:PORT",
            help="Serve /metrics on a listener of its own, e.g. 127.0.0.1:9100 (docs/DEPLOY.md).",
        ),
    ] = DEFAULT.metrics_address,
    smtp_host: Annotated[
        str | None,
        typer.Option(envvar="RA_SMTP_HOST", help="SMTP server for the turn notices by e-mail (none: no e-mail)."),
    ] = NOTICES.smtp_host,
    smtp_port: Annotated[int, typer.Option(min=1, max=65535, help="Its port.")] = NOTICES.smtp_port,
    smtp_from: Annotated[
        str, typer.Option(envvar="RA_SMTP_FROM", help="The From address of the mails.")
    ] = NOTICES.smtp_from,
    smtp_starttls: Annotated[
        bool, typer.Option("--smtp-starttls/--no-smtp-starttls", help="Upgrade the SMTP connection with STARTTLS.")
    ] = NOTICES.smtp_starttls,
    smtp_user: Annotated[
        str | None, typer.Option(envvar="RA_SMTP_USER", help="Sign in to the SMTP server with this name.")
    ] = NOTICES.smtp_user,
    smtp_password: Annotated[
        str | None,
        typer.Option(envvar="RA_SMTP_PASSWORD", help="... and this password (better given in RA_SMTP_PASSWORD)."),
    ] = NOTICES.smtp_password,
    base_url: Annotated[
        str | None,
        typer.Option(
            envvar="RA_BASE_URL", help="The site's public address for links in mails, e.g. https://ra.example.org."
        ),
    ] = NOTICES.base_url,
    notice_seconds: Annotated[
        float, typer.Option(min=0.05, help="How often due notices are looked for and sent.")
    ] = NOTICES.notice_seconds,
    notice_grace: Annotated[
        float, typer.Option(min=0.0, help="Seconds a turn's mail waits first (none if the player moves meanwhile).")
    ] = NOTICES.grace_seconds,
    notices_per_day: Annotated[
        int, typer.Option(min=0, help="Mails one account receives in 24 hours at most.")
    ] = NOTICES.per_day,
    rating_shared_days: Annotated[
        float,
        typer.Option(
            min=0.0,
            help="A rated game between accounts seen at one address or on one device within this many days moves no "
            "rating (0: never checked, e.g. for a club whose players share one address; docs/ACCOUNTS.md).",
        ),
    ] = ACCOUNTS.shared_mark_days,
    clock_sweep: Annotated[
        float, typer.Option(min=0.05, help="Seconds between looks for a player whose time ran out.")
    ] = SERVICE.clock_sweep_seconds,
    migrate: Annotated[
        bool,
        typer.Option(
            "--migrate/--no-migrate",
            help="Migrate the database to this version's schema on start; --no-migrate refuses to start if it is "
            "behind (run `ra admin migrate` first, docs/DEPLOY.md).",
        ),
    ] = DEFAULT.migrate,
    test_time_file: Annotated[
        Path | None,
        typer.Option(hidden=True, help="Tests only: a file of seconds added to the server's time."),
    ] = None,
) -> None:
    """Serve the browser table: create tables, invite players by link, play against bots, replay games."""
    try:
        notices = NoticeSettings(
            smtp_host=smtp_host or None,
            smtp_port=smtp_port,
            smtp_from=smtp_from,
            smtp_starttls=smtp_starttls,
            smtp_user=smtp_user or None,
            smtp_password=smtp_password or None,
            base_url=base_url or None,
            notice_seconds=notice_seconds,
            grace_seconds=notice_grace,
            per_day=notices_per_day,
        )
    except ValueError as exc:
        _fail(str(exc))
    if log_format not in ("text", "json"):
        _fail(f"--log-format: text or json, not {log_format!r}")
    settings = Settings(
        host=host,
        port=port,
        data=data,
        database_url=database_url,
        redis_url=redis_url,
        migrate=migrate,
        allowed_origins=tuple(allowed_origin or ()),
        forwarded_allow_ips=tuple(forwarded_allow_ips or ()),
        ws_deflate=ws_deflate,
        log_level=log_level,
        log_format=log_format,
        metrics=metrics,
        metrics_address=metrics_address or None,
        limits=Limits(
            max_body=max_body,
            max_ws_message=max_message,
            max_json_depth=max_json_depth,
            creations=creations,
            creation_window=creation_window,
            ws_per_address=ws_per_address,
            ws_per_table=ws_per_table,
        ),
        service=replace(
            SERVICE,
            bot_delay=bot_delay,
            bot_workers=bot_workers,
            bot_deadline=bot_deadline,
            bot_plugins=bot_plugins_of(bot_plugin or (), bot_workers),
            idle_tables=idle_tables,
            analysis_workers=analysis_workers,
            analysis_deadline=analysis_deadline,
            analysis_queue=analysis_queue,
            analysis_specs=analysis_specs_of(analysis_spec or ()),
            analysis_seconds=analysis_seconds,
            lease_seconds=lease_seconds,
            resync_seconds=resync_seconds,
            abandon_seconds=abandon_hours * 3600,
            clock_sweep_seconds=clock_sweep,
            time_file=test_time_file,
        ),
        accounts=replace(ACCOUNTS, shared_mark_days=rating_shared_days),
        notices=notices,
    )
    run(settings)


def analysis_specs_of(options: Sequence[str]) -> dict[str, str]:
    """`--analysis-spec GAME=SPEC` options as a mapping (exit 2 for an unknown game or a spec its bots refuse)."""
    from ra.bots import make_bot
    from ra.bots.spec import search_settings
    from ra.games import GAMES

    specs: dict[str, str] = {}
    for option in options:
        game, _, spec = option.partition("=")
        if game not in GAMES or not spec:
            _fail(f"--analysis-spec {option!r}: expected GAME=SPEC with GAME one of {', '.join(GAMES)}")
        try:
            search_settings(spec, game)
            make_bot(spec, game)  # the settings the game's search bot itself refuses
        except ValueError as exc:
            _fail(f"--analysis-spec {option!r}: {english(exc.args[0]) if exc.args else exc}")
        specs[game] = spec
    return specs


def bot_plugins_of(specs: Sequence[str], bot_workers: int) -> tuple[str, ...]:
    """`--bot-plugin SPEC` options, each loaded now (exit 2 for a spec that names no plug-in or one that cannot be
    loaded, or plug-ins with bots in threads)."""
    from ra.bots import plugin_name
    from ra.bots.plugins import plugin_class

    if specs and bot_workers == 0:
        _fail("--bot-plugin needs --bot-workers 1 or more: a plug-in hanging in a thread could not be stopped")
    allowed: list[str] = []
    for spec in specs:
        if plugin_name(spec) is None:
            _fail(f"--bot-plugin {spec!r}: expected module:Class or plugin:NAME (an entry point of ra.bots)")
        try:
            plugin_class(spec.strip())
        except ValueError as exc:
            _fail(f"--bot-plugin {spec!r}: {english(exc.args[0]) if exc.args else exc}")
        allowed.append(spec.strip())
    return tuple(dict.fromkeys(allowed))


def run(settings: Settings) -> None:
    """Set up the logs (JSON if asked) and the metrics' folder, then serve `settings`' app until stopped (exit 2 if
    it cannot start)."""
    if settings.metrics_address is not None:
        from ra.server.metrics import split_address  # not ra.server.http.metrics: see metrics_folder

        try:
            split_address(settings.metrics_address)
        except ValueError as exc:
            _fail(f"--metrics-address: {exc}")
    if settings.log_format == "json":
        import logging.config

        from ra.server.http.logs import json_logging

        logging.config.dictConfig(json_logging(settings.log_level))
    with metrics_folder(settings.metrics or settings.metrics_address is not None):
        serve_app(settings)


@contextlib.contextmanager
def metrics_folder(wanted: bool) -> Iterator[None]:
    """With metrics, the folder where this run's processes keep their values (prometheus-client's multiprocess
    mode: a scrape sums them): $PROMETHEUS_MULTIPROC_DIR if set, else a fresh temporary folder; emptied at the
    start (the values of a run before are not this run's), this process marked dead at the end (its live gauges
    dropped), a folder of our own removed. Set before prometheus-client is first imported, which reads it then."""
    if not wanted:
        yield
        return
    given = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    folder = Path(given) if given else Path(tempfile.mkdtemp(prefix="ra-metrics-"))
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.db"):
        stale.unlink()
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(folder)

    def clean_up() -> None:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(os.getpid(), str(folder))  # type: ignore[no-untyped-call]
        if not given:
            shutil.rmtree(folder, ignore_errors=True)

    def terminated(number: int, _frame: FrameType | None) -> None:
        # uvicorn raises the SIGTERM it caught again after its graceful shutdown, which would end the process
        # before any `finally`: clean up first, then end as SIGTERM ends a process.
        clean_up()
        signal.signal(number, signal.SIG_DFL)
        signal.raise_signal(number)

    main = threading.current_thread() is threading.main_thread()  # signals are the main thread's only
    default = main and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    before = signal.signal(signal.SIGTERM, terminated) if default else None
    try:
        yield
    finally:
        if before is not None:
            signal.signal(signal.SIGTERM, before)
        clean_up()


def serve_app(settings: Settings) -> None:
    """Build the app from `settings` and serve it until stopped (exit 2 if it cannot start)."""
    import uvicorn

    from ra.server import collector
    from ra.server.http.app import create_app
    from ra.server.http.serving import http_options
    from ra.server.storage.schema import STORAGE_ERRORS, SchemaBehind, SchemaMismatch
    from ra.server.storage.sql import writable_problem

    try:
        if settings.database_url is None:
            problem = writable_problem(settings.data, settings.migrate)
            if problem is not None:
                _fail(problem)
        app = create_app(settings)
    except SchemaBehind as exc:
        _fail(f"{exc}: run `ra admin migrate` first, or start without --no-migrate")
    except SchemaMismatch as exc:
        _fail(str(exc))
    except STORAGE_ERRORS as exc:
        _fail(f"cannot open the storage: {str(getattr(exc, 'orig', None) or exc).splitlines()[0]}")
    except ModuleNotFoundError as exc:  # a driver of an extra
        extra = "redis" if (exc.name or "").startswith("redis") else "postgres"
        _fail(f"the module {exc.name} is missing: pip install 'ra[{extra}]'")
    collector.tune()  # after the imports and the app: the collector no longer walks them (ra.server.collector)
    host, database_url = settings.host, settings.database_url
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    where = database_url.split("://", 1)[0] if database_url else str((settings.data / "ra.sqlite3").resolve())
    shared = " with the other processes on it, rung over redis" if settings.redis_url else ""
    opening = f"ra serve: open http://{shown}:{settings.port}/  (storage: {where}{shared})"
    if settings.log_format == "json":  # every line on stdout and stderr is JSON
        logging.getLogger("ra.server").info(opening)
    else:
        typer.echo(opening)
    uvicorn.run(
        app,
        host=host,
        port=settings.port,
        log_level=settings.log_level,
        ws_per_message_deflate=settings.ws_deflate,
        log_config=None if settings.log_format == "json" else uvicorn.config.LOGGING_CONFIG,  # json: set above
        timeout_graceful_shutdown=settings.shutdown_grace,  # SIGTERM: open connections get a few seconds
        **http_options(settings.limits),  # deadline and bounds of each request's head
        **proxy_options(settings.forwarded_allow_ips),
    )


def proxy_options(trusted: tuple[str, ...]) -> dict[str, Any]:
    """uvicorn.run's keywords for proxies: their headers believed from `trusted` addresses only. uvicorn alone would
    believe them from 127.0.0.1 (or $FORWARDED_ALLOW_IPS), so that any client of a proxy that passes the header on
    could choose the address every per-address limit counts."""
    if not trusted:
        return {"proxy_headers": False, "forwarded_allow_ips": ""}
    return {"proxy_headers": True, "forwarded_allow_ips": ",".join(trusted)}


def _fail(problem: str) -> NoReturn:
    """One line on stderr, exit code 2 (before anything started)."""
    typer.echo(f"ra serve: {problem}", err=True)
    raise typer.Exit(2)
