"""Health endpoints for a load balancer (docs/DEPLOY.md): `/healthz` (the process answers) and `/readyz` (it can
reach its database and, when it has one, Redis). Neither says anything about tables or players."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from ra.server.tables.commits import reason

if TYPE_CHECKING:
    from ra.server.tables.service import TableService

TIMEOUT = 2.0  # seconds each check may take before the process counts as not ready


async def _database(service: TableService) -> str | None:
    """None if the database answers, else why not (one line)."""
    try:
        await asyncio.wait_for(asyncio.to_thread(service.storage.ping), TIMEOUT)
    except TimeoutError:
        return f"no answer within {TIMEOUT:g} s"
    except Exception as exc:
        return reason(exc)
    return None


async def _redis(service: TableService) -> str | None:
    """None if Redis answers (or this process uses none), else why not (one line)."""
    doorbell = service.cluster.doorbell
    if doorbell is None:
        return None
    try:
        await doorbell.ping()
    except TimeoutError:
        return f"no answer within {TIMEOUT:g} s"
    except Exception as exc:
        return reason(exc)
    return None


def add_health_routes(app: FastAPI, service: TableService) -> None:
    """Add `/healthz` and `/readyz` (not in the API's schema: they are for the load balancer)."""

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> JSONResponse:
        """200 while the process answers at all."""
        return JSONResponse({"status": "alive"}, headers={"Cache-Control": "no-store"})

    @app.get("/readyz", include_in_schema=False)
    async def readyz() -> JSONResponse:
        """200 if the database (and Redis) answer, else 503 naming what does not: send players elsewhere."""
        database, redis = await asyncio.gather(_database(service), _redis(service))
        checks = {"database": database or "ok"}
        if service.cluster.doorbell is not None:
            checks["redis"] = redis or "ok"
        ready = database is None and redis is None and not service.stopping
        body = {"status": "ready" if ready else "not ready", **checks}
        return JSONResponse(body, status_code=200 if ready else 503, headers={"Cache-Control": "no-store"})
