"""The HTTP API's OpenAPI schema (/openapi.json, /docs), without FastAPI's 422 answers."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi


def openapi_schema(app: FastAPI) -> dict[str, Any]:
    """The app's OpenAPI schema without FastAPI's 422 answers: this API answers bad input with 400."""
    if app.openapi_schema is None:
        schema = get_openapi(title=app.title, version=app.version, routes=app.routes, description=app.description)
        for path in schema.get("paths", {}).values():
            for operation in path.values():
                operation.get("responses", {}).pop("422", None)
        for name in ("HTTPValidationError", "ValidationError"):
            schema.get("components", {}).get("schemas", {}).pop(name, None)
        app.openapi_schema = schema
    return app.openapi_schema
