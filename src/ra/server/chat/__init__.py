"""Chat at a table and in the lobby: its own WebSocket (`/ws/chat/{room}`), its messages, limits, fan-out among
processes and the reports people make (docs/PROTOCOL.md, docs/ACCOUNTS.md)."""
