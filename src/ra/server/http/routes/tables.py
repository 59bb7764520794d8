"""The tables over HTTP: the lobby's list, creation, a table's summary and seat views, renames, invites, and the
record and replay of finished games. Bodies and answers are the models of `ra.server.http.models`."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi import Path as PathParam
from fastapi.responses import Response

from ra.server.http import models as api
from ra.server.http.deps import Creations, Service
from ra.server.http.errors import error, errors
from ra.server.tables.requests import NewTable

router = APIRouter()
TableId = Annotated[str, PathParam(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]


@router.get("/api/tables", responses=errors(400))
async def list_tables(service: Service, status: api.TableStatus | None = None) -> api.TableList:
    """The lobby: tables (optionally of one status), most recently updated first."""
    return api.TableList.model_validate({"tables": await service.list_tables(status)})


@router.post(
    "/api/tables",
    status_code=201,
    response_model=api.TableCreated,
    response_model_exclude_none=True,
    responses=errors(400, 413, 415, 429),
)
async def create_table(request: Request, body: NewTable, service: Service, creations: Creations) -> Any:
    """Create a table; the answer holds each person seat's token and invite link, and the creator token."""
    address = request.client.host if request.client else "unknown"
    wait = creations.retry_after(address)
    if wait:
        message = f"too many new tables from your address; try again in {wait} s"
        return error(429, message, {"Retry-After": str(wait)})
    return api.TableCreated.model_validate(await service.create(body))


@router.get("/api/tables/{table_id}", responses=errors(400, 404))
async def get_table(table_id: TableId, service: Service) -> api.TableSummary:
    """A table's summary."""
    return api.TableSummary.model_validate((await service.get(table_id)).snap().summary)


@router.get("/api/tables/{table_id}/view", responses=errors(400, 403, 404))
async def get_view(
    table_id: TableId, service: Service, seat: str | None = None, token: str | None = None
) -> api.SeatState:
    """The view of a seat (with its token) or of a spectator (no seat), with the seq and the public log."""
    table = await service.get(table_id)
    return api.SeatState.model_validate(table.snap().payload(await service.seat_for(table, seat, token)))


@router.post("/api/tables/{table_id}/seats/{n}/name", responses=errors(400, 403, 404, 413, 415))
async def rename(table_id: TableId, n: str, body: api.Rename, service: Service) -> api.TableSummary:
    """Rename a person seat (its token required)."""
    table = await service.get(table_id)
    seat = await service.seat_for(table, n, body.token)
    await service.rename(table, seat, body.name)
    return api.TableSummary.model_validate(table.snap().summary)


@router.post(
    "/api/tables/{table_id}/invites",
    response_model_exclude_none=True,
    responses=errors(400, 403, 404, 413, 415),
)
async def invites(table_id: TableId, body: api.CreatorToken, service: Service) -> api.Invites:
    """The invite links of every seat again, for the table's creator (the creator token of its creation)."""
    return api.Invites.model_validate(await service.invites(table_id, body.creator))


@router.get("/api/tables/{table_id}/record", responses=errors(400, 404, 409))
async def get_record(table_id: TableId, service: Service) -> api.GameRecord:
    """The record of a finished game (docs/RECORDS.md) without seed and order: its draws replay it."""
    return api.GameRecord.model_validate(await service.record(await service.get(table_id)))


@router.get(
    "/api/tables/{table_id}/replay",
    response_model=None,
    responses={200: {"model": api.Replay, "description": "the replay"}, **errors(400, 404, 409)},
)
async def get_replay(table_id: TableId, service: Service) -> Response:
    """Spectator views after each action of a finished game (step 0: the start)."""
    # Built once per finished table off the event loop and kept as JSON: sent as it is, never re-encoded.
    text = await service.replay_json(await service.get(table_id))
    return Response(text, media_type="application/json")
