"""The table WebSocket, `/ws/{table_id}` (docs/PROTOCOL.md): one `connection.Connection` per client."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from ra.server.http.connection import Connection
from ra.server.http.deps import Sockets

router = APIRouter()


@router.websocket("/ws/{table_id}")
async def websocket(ws: WebSocket, table_id: str, gate: Sockets) -> None:
    await Connection(gate, ws, table_id).run()
