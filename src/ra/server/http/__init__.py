"""The web side of `ra serve`: the app factory, its routes (one module per resource), the WebSocket connection, the
wire models of HTTP and WebSocket, and the middleware (security headers, limits, logs)."""
