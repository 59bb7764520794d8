"""The table WebSocket, `/ws/{table_id}` (docs/PROTOCOL.md): one `connection.Connection` per client."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket

from ra.server.http.connection import Connection
from ra.server.http.deps import Sockets

router = APIRouter()


@router.websocket("/ws/{table_id}")
async def websocket(ws: WebSocket, table_id: str, gate: Sockets) -> None:
    # In a task of its own: each time the connection wakes (a message, a lock, a commit), only its own few frames
    # resume, not the two dozen of the ASGI middleware stack around this handler. Cancelling the handler cancels it.
    await asyncio.create_task(Connection(gate, ws, table_id).run(), name=f"ws-{table_id}")
