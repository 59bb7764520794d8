"""GET /i18n/{code}/{part}.json: a part's translations for the browser (`ra.i18n.catalogs.browser_catalog`)."""

from __future__ import annotations

import functools
import hashlib
import json

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ra.i18n.catalogs import browser_catalog
from ra.server.http.errors import error

router = APIRouter(include_in_schema=False)  # served to pages, not part of the API
MAX_AGE = 86400  # a day: catalogs change only with a new release


@functools.cache
def catalog_body(code: str, part: str) -> tuple[bytes, str]:
    """The catalog's JSON and its ETag, built once; ValueError for an unknown language or part."""
    body = json.dumps(browser_catalog(code, part), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


@router.get("/i18n/{code}/{part}.json")
async def get_catalog(code: str, part: str, request: Request) -> Response:
    try:
        body, etag = catalog_body(code[:20], part[:20])
    except ValueError as problem:
        return error(404, str(problem))
    headers = {"cache-control": f"public, max-age={MAX_AGE}", "etag": etag}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)
