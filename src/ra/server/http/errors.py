"""The HTTP API's error answers, `{"error": message}` (and `"text"` where the refusal has one): how each is made,
what OpenAPI says a route may answer, and the app's exception handlers (the service's refusals, HTTP errors,
invalid requests)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException

from ra.core.text import Text
from ra.server.http.models import ErrorAnswer
from ra.server.tables.errors import ServiceError

ERROR_TEXT = {
    400: "bad input (the message says what)",
    403: "wrong token",
    404: "no such table",
    409: "not possible in the table's state",
    413: "request body too large",
    415: "the body is not JSON",
    429: "too many requests from this address; see Retry-After",
    503: "storage unavailable; try again",
}


def error(status: int, message: str, headers: dict[str, str] | None = None, text: Text | None = None) -> JSONResponse:
    """The protocol's HTTP error answer: `{"error": English}`, with `"text"` (the same as a text in the reader's
    language, `Text.as_json()`) where the refusal has one."""
    body: dict[str, Any] = {"error": message} if text is None else {"error": message, "text": text.as_json()}
    return JSONResponse(body, status_code=status, headers=headers)


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI `responses` entries of the error answers a route may give."""
    return {code: {"model": ErrorAnswer, "description": ERROR_TEXT[code]} for code in (*codes, 503)}


def allowed_methods(app: FastAPI, path: str) -> set[str]:
    """Every method some route of `app` answers at `path`."""
    return {m for r in app.routes if isinstance(r, APIRoute) and r.path_regex.match(path) for m in r.methods or ()}


def add_error_handlers(app: FastAPI) -> None:
    """Answer the service's refusals, HTTP errors and invalid requests with the protocol's error answer."""

    @app.exception_handler(ServiceError)
    async def on_service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        return error(exc.status, exc.message, {"Retry-After": "5"} if exc.status == 503 else None, exc.text)

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
