"""The chat WebSocket, `/ws/chat/{room}` (docs/PROTOCOL.md): one `chat.room.ChatConnection` per client; the room
is `lobby` or a table's id."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from ra.server.chat.room import ChatConnection, ChatGate

router = APIRouter()


@router.websocket("/ws/chat/{room}")
async def chat(ws: WebSocket, room: str) -> None:
    gate: ChatGate = ws.app.state.chat
    if len(room) > 40 or not room.replace("-", "").replace("_", "").isalnum() or not room.isascii():
        await ws.accept()
        await ChatConnection(gate, ws, room).refuse("bad_message", "a room is lobby or a table's id", 4400)
        return
    await ChatConnection(gate, ws, room).run()
