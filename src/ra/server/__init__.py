"""`ra serve`: the browser table (FastAPI + WebSocket, docs/PROTOCOL.md); `create_app` builds the ASGI app."""
