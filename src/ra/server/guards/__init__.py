"""What a client may send and open, checked alike by the web layer, the chat and the accounts: rates and counts,
JSON text, the `Origin` of a WebSocket, names that look like others (docs/PROTOCOL.md, docs/ACCOUNTS.md)."""
