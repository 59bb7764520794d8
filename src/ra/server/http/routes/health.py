"""Health endpoints for a load balancer (docs/DEPLOY.md): `/healthz` (the process answers) and `/readyz` (it can
reach its database and, when it has one, Redis). Neither says anything about tables or players, and neither is in
the API's schema: they are for the load balancer."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from ra.server.cluster.doorbell import RedisDoorbell
from ra.server.http.deps import ClusterPart, Service
from ra.server.storage.rows import Storage
from ra.server.tables.commits import reason

TIMEOUT = 2.0  # seconds each check may take before the process counts as not ready

router = APIRouter(include_in_schema=False)


async def _database(storage: Storage) -> str | None:
    """None if the database answers, else why not (one line)."""
    try:
        await asyncio.wait_for(asyncio.to_thread(storage.ping), TIMEOUT)
    except TimeoutError:
        return f"no answer within {TIMEOUT:g} s"
    except Exception as exc:
        return reason(exc)
    return None


async def _redis(doorbell: RedisDoorbell | None) -> str | None:
    """None if Redis answers (or this process uses none), else why not (one line)."""
    if doorbell is None:
        return None
    try:
        await doorbell.ping()
    except TimeoutError:
        return f"no answer within {TIMEOUT:g} s"
    except Exception as exc:
        return reason(exc)
    return None


@router.get("/healthz")
async def healthz() -> JSONResponse:
    """200 while the process answers at all."""
    return JSONResponse({"status": "alive"}, headers={"Cache-Control": "no-store"})


@router.get("/readyz")
async def readyz(service: Service, cluster: ClusterPart) -> JSONResponse:
    """200 if the database (and Redis) answer, else 503 naming what does not: send players elsewhere."""
    database, redis = await asyncio.gather(_database(service.storage), _redis(cluster.doorbell))
    checks = {"database": database or "ok"}
    if cluster.doorbell is not None:
        checks["redis"] = redis or "ok"
    ready = database is None and redis is None and not service.stopping
    body = {"status": "ready" if ready else "not ready", **checks}
    return JSONResponse(body, status_code=200 if ready else 503, headers={"Cache-Control": "no-store"})
