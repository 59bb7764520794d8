"""The ASGI app of `ra serve`: the HTTP API and the WebSocket of docs/PROTOCOL.md, plus the UI's pages.

`create_app(settings)` assembles the server process's parts (`ra.server.assembly`), keeps them in `app.state` for
the routes' dependencies (deps.py), and includes the routers of `routes/`, one per resource, and `/metrics` when
asked for (metrics.py). Layers, outermost first: unexpected errors logged and 5xx answers counted (logs.py),
security headers (security.py), gzip, request bodies checked (bodies.py), then the routes. HTTP bodies and answers
are the Pydantic models of models.py, WebSocket messages those of messages.py.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware

import ra
from ra.server import metrics
from ra.server.accounts.errors import AccountError
from ra.server.assembly import assemble
from ra.server.chat.room import ChatGate
from ra.server.guards.rates import RateLimiter
from ra.server.http.bodies import RequestBodies
from ra.server.http.connection import Gate
from ra.server.http.errors import add_error_handlers
from ra.server.http.logs import LogUnexpected, redact_tokens_in_logs
from ra.server.http.openapi import openapi_schema
from ra.server.http.routes import (
    accounts,
    analysis,
    bots,
    chat,
    health,
    i18n,
    learn,
    meta,
    moderation,
    notices,
    pages,
    players,
    puzzles,
    tables,
    websocket,
)
from ra.server.http.security import SecurityHeaders
from ra.server.people import assemble_people
from ra.server.settings import Settings

if TYPE_CHECKING:
    from ra.server.http.metrics import PrometheusMeter


async def account_refusal(_request: Request, exc: AccountError) -> JSONResponse:
    """An account, seat, rating or chat refusal: `{"error", "text"}` (and `Retry-After` for 429 and 503)."""
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
    return JSONResponse(exc.answer(), status_code=exc.status, headers=headers)


def metered(settings: Settings) -> PrometheusMeter | None:
    """The Prometheus meter the process counts with if `settings` asks for metrics (ra.server.metrics), else
    None. Imported only then: `ra serve` first sets the folder its processes share (commands/serve.py)."""
    if not (settings.metrics or settings.metrics_address):
        return None
    from ra.server.http.metrics import PrometheusMeter

    meter = PrometheusMeter()
    metrics.use(meter)
    return meter


def create_app(settings: Settings) -> FastAPI:
    """The app for `settings` (and nothing else): its storage opened and migrated now, its tables loaded and their
    bots resumed when the app starts (the ASGI lifespan)."""
    meter = metered(settings)  # before the parts: they count from their first move
    server = assemble(settings)
    people = assemble_people(settings, server)
    limits = settings.limits
    redact_tokens_in_logs()

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        listener = meter.listen(settings.metrics_address) if meter and settings.metrics_address else None
        await server.start()
        await people.start()
        try:
            yield
        finally:
            await people.stop()
            await server.stop()
            if listener is not None:
                listener.shutdown()

    app = FastAPI(
        title="ra",
        version=ra.__version__,
        summary="The table server of Ra and RA and Write: lobby, seats, bots, replays (docs/PROTOCOL.md).",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        generate_unique_id_function=lambda route: route.name,  # operation ids: the route functions' names
    )
    app.openapi = lambda: openapi_schema(app)  # type: ignore[method-assign]
    app.state.service, app.state.cluster, app.state.limits = server.service, server.cluster, limits
    app.state.clocks = server.clocks  # the players' clocks and their sweep (tests run a round at will)
    app.state.gate = Gate(
        server.service, server.bots, limits, settings.allowed_origins, presence=server.presence, bearer=people.bots
    )
    app.state.notices = server.notices
    app.state.analyses = server.analyses
    app.state.creations = RateLimiter(limits.creations, limits.creation_window, name="table_creations")
    app.state.bot_plugins = settings.service.bot_plugins  # the lobby offers them (/api/meta)
    app.state.people, app.state.allowed_origins = people, settings.allowed_origins
    origins = settings.allowed_origins
    app.state.chat = ChatGate(
        people.chat,
        people.reports,
        people.accounts,
        server.service,
        settings.accounts,
        limits,
        origins,
        moderation=people.moderation,
    )
    add_error_handlers(app)
    app.add_exception_handler(AccountError, account_refusal)  # type: ignore[arg-type]
    tables_and_pages = (meta, tables, analysis, websocket, pages, learn, puzzles, health)
    for routes in (*tables_and_pages, accounts, bots, notices, players, chat, moderation, i18n):
        app.include_router(routes.router)
    if meter is not None and settings.metrics:  # on the app only when the operator says so
        app.add_route("/metrics", meter.answer, methods=["GET"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=pages.STATIC, check_dir=False), name="static")
    app.add_middleware(RequestBodies, limits=limits)
    app.add_middleware(GZipMiddleware, minimum_size=settings.gzip_minimum)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(LogUnexpected)
    return app
