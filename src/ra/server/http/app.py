"""The ASGI app of `ra serve`: the HTTP API and the WebSocket of docs/PROTOCOL.md, plus the UI's pages.

Layers, outermost first: unexpected errors logged (logs.py), security headers (security.py), gzip, request
bodies checked (limits.py), then FastAPI's routes. Bodies and answers are the Pydantic models of api.py.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Request, WebSocket
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from ra.games import GAMES
from ra.server.http import models as api
from ra.server.http.connection import Connection, Gate
from ra.server.http.limits import Limits, RateLimiter, RequestBodies
from ra.server.http.logs import LogUnexpected, RedactTokens, redact_tokens_in_logs
from ra.server.http.routes import learn
from ra.server.http.routes.health import add_health_routes
from ra.server.http.rules_pages import rules_page
from ra.server.http.security import SecurityHeaders, docs_csp
from ra.server.storage.sql import SqlStorage
from ra.server.tables.model import ServiceError
from ra.server.tables.service import TableService

__all__ = ["RedactTokens", "create_app"]  # RedactTokens: its old home, for existing imports

STATIC = Path(__file__).parents[1] / "static"  # src/ra/server/static
PAGES = {"index.html": "Ra — lobby", "table.html": "Ra — table", "replay.html": "Ra — replay"}
TableId = Annotated[str, PathParam(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]


def error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    """The protocol's HTTP error answer."""
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def page(name: str) -> Response:
    """A UI page from static/, or a minimal placeholder while the UI is absent."""
    path = STATIC / name
    if path.is_file():
        return FileResponse(path, media_type="text/html")
    title = PAGES[name]
    return HTMLResponse(
        f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title></head>"
        f"<body><h1>{title}</h1><p>The browser UI is not installed; the API is at /api/meta.</p></body></html>"
    )


def allowed_methods(app: FastAPI, path: str) -> set[str]:
    """Every method some route of `app` answers at `path`."""
    return {m for r in app.routes if isinstance(r, APIRoute) and r.path_regex.match(path) for m in r.methods or ()}


def create_app(
    data_dir: str | Path = "ra-data",
    database_url: str | None = None,
    bot_delay: float = 0.6,
    *,
    limits: Limits | None = None,
    allowed_origins: Iterable[str] = (),
    gzip_minimum: int = 1000,
    service_options: dict[str, Any] | None = None,
    redis_url: str | None = None,
) -> FastAPI:
    """The app: storage in `data_dir` (SQLite) or at `database_url`, migrated now; bots wait `bot_delay` s.
    With a `database_url` other than SQLite, or a `redis_url`, the process shares its tables with any other
    processes on the same database, rung over Redis (cluster.py, docs/DEPLOY.md).

    `limits` bound what one client may send and open (limits.py); `allowed_origins` lists the web origins other
    than the server's own whose pages may open WebSockets (`*`: any); answers from `gzip_minimum` bytes on are
    compressed; `service_options` are passed on to `TableService`.
    """
    limits = limits or Limits()
    storage = SqlStorage(database_url) if database_url else SqlStorage.in_dir(data_dir)
    shared = redis_url is not None or storage.engine.dialect.name != "sqlite"
    options = {"db_threads": 4, **(service_options or {})} if shared else service_options or {}
    service = TableService(storage, bot_delay=bot_delay, **options)
    if shared:
        service.cluster.share(redis_url)
    gate = Gate(service, limits, tuple(allowed_origins))
    creations = RateLimiter(limits.creations, limits.creation_window)
    redact_tokens_in_logs()

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        await service.cluster.start()
        try:
            yield
        finally:
            await service.cluster.stop()
            await service.stop()
            await service.cluster.release()

    app = FastAPI(
        title="ra",
        summary="The table server of Ra and RA and Write: lobby, seats, bots, replays (docs/PROTOCOL.md).",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        generate_unique_id_function=lambda route: route.name,  # operation ids: the route functions' names
    )
    app.openapi = lambda: api.openapi_schema(app)  # type: ignore[method-assign]
    app.state.service, app.state.limits = service, limits

    @app.exception_handler(ServiceError)
    async def on_service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        return error(exc.status, exc.message, {"Retry-After": "5"} if exc.status == 503 else None)

    @app.exception_handler(StarletteHTTPException)
    async def on_http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # Starlette names the first matching route's methods only: name them all
            headers["Allow"] = ", ".join(sorted(allowed_methods(app, request.url.path)))
        return error(exc.status_code, str(exc.detail), headers)

    @app.exception_handler(RequestValidationError)
    async def on_validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(x) for x in first.get("loc", ()))
        return error(400, f"bad request: {where} {first.get('msg', '')}".strip())

    @app.get("/api/meta", response_model_exclude_none=True, responses=api.errors())
    async def get_meta() -> api.Meta:
        """Every game this server offers: title, player counts, options, bot kinds and levels."""
        return api.meta()

    @app.get("/api/tables", responses=api.errors(400))
    async def list_tables(status: api.TableStatus | None = None) -> api.TableList:
        """The lobby: tables (optionally of one status), most recently updated first."""
        return api.TableList.model_validate({"tables": await service.list_tables(status)})

    @app.post(
        "/api/tables",
        status_code=201,
        response_model=api.TableCreated,
        response_model_exclude_none=True,
        responses=api.errors(400, 413, 415, 429),
    )
    async def create_table(request: Request, body: api.NewTable) -> Any:
        """Create a table; the answer holds each person seat's token and invite link, and the creator token."""
        address = request.client.host if request.client else "unknown"
        wait = creations.retry_after(address)
        if wait:
            message = f"too many new tables from your address; try again in {wait} s"
            return error(429, message, {"Retry-After": str(wait)})
        return api.TableCreated.model_validate(await service.create(body.model_dump(exclude_none=True)))

    @app.get("/api/tables/{table_id}", responses=api.errors(400, 404))
    async def get_table(table_id: TableId) -> api.TableSummary:
        """A table's summary."""
        return api.TableSummary.model_validate((await service.get(table_id)).snap().summary)

    @app.get("/api/tables/{table_id}/view", responses=api.errors(400, 403, 404))
    async def get_view(table_id: TableId, seat: str | None = None, token: str | None = None) -> api.SeatState:
        """The view of a seat (with its token) or of a spectator (no seat), with the seq and the public log."""
        table = await service.get(table_id)
        return api.SeatState.model_validate(table.snap().payload(service.seat_of(table, seat, token)))

    @app.post("/api/tables/{table_id}/seats/{n}/name", responses=api.errors(400, 403, 404, 413, 415))
    async def rename(table_id: TableId, n: str, body: api.Rename) -> api.TableSummary:
        """Rename a person seat (its token required)."""
        table = await service.get(table_id)
        seat = service.seat_of(table, n, body.token)
        await service.rename(table, seat, body.name)
        return api.TableSummary.model_validate(table.snap().summary)

    @app.post(
        "/api/tables/{table_id}/invites",
        response_model_exclude_none=True,
        responses=api.errors(400, 403, 404, 413, 415),
    )
    async def invites(table_id: TableId, body: api.CreatorToken) -> api.Invites:
        """The invite links of every seat again, for the table's creator (the creator token of its creation)."""
        return api.Invites.model_validate(await service.invites(table_id, body.creator))

    @app.get("/api/tables/{table_id}/record", responses=api.errors(400, 404, 409))
    async def get_record(table_id: TableId) -> api.GameRecord:
        """The record of a finished game (docs/RECORDS.md) without seed and order: its draws replay it."""
        return api.GameRecord.model_validate(await service.record(await service.get(table_id)))

    @app.get(
        "/api/tables/{table_id}/replay",
        response_model=None,
        responses={200: {"model": api.Replay, "description": "the replay"}, **api.errors(400, 404, 409)},
    )
    async def get_replay(table_id: TableId) -> Response:
        """Spectator views after each action of a finished game (step 0: the start)."""
        # Built once per finished table off the event loop and kept as JSON: sent as it is, never re-encoded.
        text = await service.replay_json(await service.get(table_id))
        return Response(text, media_type="application/json")

    @app.websocket("/ws/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        await Connection(gate, ws, table_id).run()

    docs_page = get_swagger_ui_html(openapi_url="/openapi.json", title="ra — HTTP API")
    docs_headers = {"content-security-policy": docs_csp(bytes(docs_page.body).decode())}

    @app.get("/docs", include_in_schema=False)
    async def docs() -> Response:
        return HTMLResponse(bytes(docs_page.body), headers=docs_headers)

    @app.get("/", include_in_schema=False)
    async def lobby() -> Response:
        return page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return page("table.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> Response:
        return page("replay.html")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules(game: str) -> Response:
        """A game's complete rules as a page, its sections linkable (`/rules/ra#5-auctions`)."""
        if game not in GAMES:
            return error(404, f"there are no rules of a game {game[:40]!r} here")
        return HTMLResponse(rules_page(game))

    app.include_router(learn.router)  # /learn/{game} and /api/learn/{game}: the guided tutorials
    add_health_routes(app, service)
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    app.add_middleware(RequestBodies, limits=limits)
    app.add_middleware(GZipMiddleware, minimum_size=gzip_minimum)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(LogUnexpected)
    return app
