"""The ASGI app of `ra serve`: the HTTP API and the WebSocket of docs/PROTOCOL.md, plus the UI's pages."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import traceback
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ra.bots import BOT_KINDS, LEVELS
from ra.games import GAMES, game_module
from ra.server.model import ServiceError, Snapshot
from ra.server.storage import SqlStorage
from ra.server.tables import TableService

log = logging.getLogger("ra.server")
STATIC = Path(__file__).with_name("static")
PAGES = {"index.html": "Ra — lobby", "table.html": "Ra — table", "replay.html": "Ra — replay"}
_TOKEN = re.compile(r"(token=)[^&\s\"']+")


class RedactTokens(logging.Filter):
    """Hide seat tokens in log lines (e.g. uvicorn's access log of invite URLs)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record's message without token values; never drops a record."""
        text = record.getMessage()
        if "token=" in text:
            record.msg, record.args = _TOKEN.sub(r"\1***", text), None
        return True


def redact_tokens_in_logs() -> None:
    """Install `RedactTokens` on the uvicorn loggers (once)."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


def error(status: int, message: str) -> JSONResponse:
    """The protocol's HTTP error answer."""
    return JSONResponse({"error": message}, status_code=status)


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


def meta() -> dict[str, Any]:
    """Games, bot kinds, levels and player counts this server offers."""
    modules = {game: game_module(game) for game in GAMES}
    return {
        "games": list(modules),
        "bots": list(BOT_KINDS),
        "levels": list(LEVELS),
        "players": {game: [m.MIN_PLAYERS, m.MAX_PLAYERS] for game, m in modules.items()},
    }


async def read_json(request: Request) -> Any:
    """The request body as JSON, or ServiceError bad_message."""
    try:
        return json.loads(await request.body())
    except (ValueError, UnicodeDecodeError):
        raise ServiceError("bad_message", "the body is not valid JSON") from None


def create_app(data_dir: str | Path = "ra-data", database_url: str | None = None, bot_delay: float = 0.6) -> FastAPI:
    """The app: storage in `data_dir` (SQLite) or at `database_url`, migrated now; bots wait `bot_delay` s."""
    storage = SqlStorage(database_url) if database_url else SqlStorage.in_dir(data_dir)
    service = TableService(storage, bot_delay=bot_delay)
    redact_tokens_in_logs()

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    app = FastAPI(title="ra", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.service = service

    @app.exception_handler(ServiceError)
    async def on_service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        return error(exc.status, exc.message)

    @app.exception_handler(StarletteHTTPException)
    async def on_http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return error(exc.status_code, str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def on_validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(x) for x in first.get("loc", ()))
        return error(400, f"bad request: {where} {first.get('msg', '')}".strip())

    @app.exception_handler(Exception)
    async def on_unexpected(_request: Request, exc: Exception) -> JSONResponse:
        where = "".join(traceback.format_tb(exc.__traceback__)[-3:])
        log.error("%s answering a request\n%s", type(exc).__name__, where)
        return error(500, "the server could not answer this request")

    @app.get("/api/meta")
    async def get_meta() -> dict[str, Any]:
        return meta()

    @app.get("/api/tables")
    async def list_tables(status: str | None = None) -> dict[str, Any]:
        return {"tables": await service.list_tables(status)}

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        return await service.create(await read_json(request))

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        return (await service.get(table_id)).snap().summary

    @app.get("/api/tables/{table_id}/view")
    async def get_view(table_id: str, seat: str | None = None, token: str | None = None) -> dict[str, Any]:
        table = await service.get(table_id)
        return table.snap().payload(service.seat_of(table, seat, token))

    @app.post("/api/tables/{table_id}/seats/{n}/name")
    async def rename(table_id: str, n: str, request: Request) -> dict[str, Any]:
        table = await service.get(table_id)
        body = await read_json(request)
        if not isinstance(body, dict):
            raise ServiceError("bad_message", 'the body is {"token": ..., "name": ...}')
        seat = service.seat_of(table, n, body.get("token"))
        await service.rename(table, seat, body.get("name"))
        return table.snap().summary

    @app.get("/api/tables/{table_id}/record")
    async def get_record(table_id: str) -> dict[str, Any]:
        return await service.record(await service.get(table_id))

    @app.get("/api/tables/{table_id}/replay")
    async def get_replay(table_id: str) -> dict[str, Any]:
        return await service.replay(await service.get(table_id))

    @app.websocket("/ws/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        await Connection(service, ws, table_id).run()

    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> Response:
        return page("index.html")

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(table_id: str) -> Response:
        return page("table.html")

    @app.get("/replay/{table_id}", response_class=HTMLResponse)
    async def replay_page(table_id: str) -> Response:
        return page("replay.html")

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    return app


class Connection:
    """One WebSocket client: a seat (or spectator) of one table."""

    def __init__(self, service: TableService, ws: WebSocket, table_id: str) -> None:
        self.service, self.ws, self.table_id = service, ws, table_id
        self.seat: int | None = None
        self.sent_version = -1
        self.send_lock = asyncio.Lock()

    async def send(self, message: dict[str, Any] | str) -> None:
        """Send one message (serialized sends: state pushes and replies never interleave)."""
        text = message if isinstance(message, str) else json.dumps(message)
        async with self.send_lock:
            await self.ws.send_text(text)

    async def send_state(self, snap: Snapshot) -> None:
        """Send a table version unless a newer one was sent already."""
        if snap.version <= self.sent_version:
            return
        self.sent_version = snap.version
        await self.send(snap.message(self.seat))

    async def run(self) -> None:
        """Accept, authenticate, send the state, then serve messages until the client leaves."""
        await self.ws.accept()
        query = self.ws.query_params
        try:
            table = await self.service.get(self.table_id)
            self.seat = self.service.seat_of(table, query.get("seat"), query.get("token"))
        except ServiceError as exc:
            await self.send({"type": "error", "code": exc.code, "message": exc.message})
            await self.ws.close(code=4000 + exc.status)
            return
        sub = self.service.pubsub.subscribe(self.table_id)
        pump = asyncio.create_task(self._pump(sub))
        try:
            await self.service.join(table, self.seat)
            await self.send_state(table.snap())
            while True:
                message = await self.ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                reply = await self.handle(message.get("text") or message.get("bytes") or "")
                if reply is not None:
                    await self.send(reply)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            pump.cancel()
            sub.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pump
            if self.ws.client_state == WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await self.ws.close()

    async def _pump(self, sub: Any) -> None:
        while True:
            snap = await sub.get()
            await self.send_state(snap)

    async def handle(self, raw: str | bytes) -> dict[str, Any] | None:
        """Answer one client message: None on success (the update comes by pub/sub), else a reply."""
        try:
            msg = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            return {"type": "error", "code": "bad_message", "message": "malformed JSON"}
        if not isinstance(msg, dict):
            return {"type": "error", "code": "bad_message", "message": "a message is a JSON object with a type"}
        kind = msg.get("type")
        try:
            table = await self.service.get(self.table_id)
            if kind == "ping":
                return {"type": "pong"}
            if kind == "action":
                await self.service.act(table, self.seat, msg.get("seq"), msg.get("action"))
                return None
            if kind == "rename":
                await self.service.rename(table, self.seat, msg.get("name"))
                return None
            shown = kind if isinstance(kind, str) and len(kind) < 40 else "?"
            return {"type": "error", "code": "bad_message", "message": f"unknown message type {shown!r}"}
        except ServiceError as exc:
            return {"type": "error", "code": exc.code, "message": exc.message}
        except Exception as exc:
            where = "".join(traceback.format_tb(exc.__traceback__)[-3:])
            log.error("table %s: %s handling a message\n%s", self.table_id, type(exc).__name__, where)
            return {"type": "error", "code": "bad_message", "message": "the server could not handle this message"}
